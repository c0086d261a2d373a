"""Counting the show: a hand or the crib with the starter, item by item.

>>> from cribcount.cards import parse_hand
>>> count = count_show(parse_hand("5h 5d 5c Js / 5s"))
>>> count.total
29
>>> [(item.kind.value, item.points) for item in count.items][-2:]
[('pair', 12), ('nobs', 1)]
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import Card, Hand

__all__ = [
    "Count",
    "Item",
    "Kind",
    "Scoring",
    "count_show",
    "fifteen_positions",
    "rank_positions",
    "suit_positions",
]


class Kind(enum.Enum):
    """What an item of the show scores for, in the order a player says them."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


class Item(NamedTuple):
    """One scoring combination: its kind, the cards that make it and its points.

    Pairs of one rank make a single item (a pair 2, pair royal 6, double pair
    royal 12); each distinct run is an item of its own.
    """

    kind: Kind
    cards: tuple[Card, ...]
    points: int


class Count(NamedTuple):
    """The counted show: what was counted, whether as a crib, and the items in spoken order."""

    hand: Hand
    crib: bool
    items: tuple[Item, ...]

    @property
    def total(self) -> int:
        """The points of the show: the sum of its items."""
        return sum(item.points for item in self.items)


Scoring = list[tuple[Kind, tuple[int, ...], int]]
"""Items by position among the five cards (the starter last): kind, positions, points."""


def fifteen_positions(values: tuple[int, ...]) -> Scoring:
    """The fifteens of five counting values."""
    return [(Kind.FIFTEEN, s, rules.FIFTEEN_POINTS) for s in rules.fifteen_sets(values)]


def rank_positions(ranks: Sequence[int]) -> Scoring:
    """The pairs (one item a rank) and the runs of five ranks."""
    pairs, runs = rules.rank_sets(ranks)
    return [
        *((Kind.PAIR, s, rules.pair_points(len(s))) for s in pairs),
        *((Kind.RUN, s, rules.run_points(len(s))) for s in runs),
    ]


def suit_positions(ranks: Sequence[int], suits: Sequence[int | str], *, crib: bool) -> Scoring:
    """The flush and his nob of five cards, the starter last."""
    hand_suited = rules.four_suited(suits[0], suits[1], suits[2], suits[3])
    starter_suited = hand_suited and suits[4] == suits[0]
    flush = rules.flush_points(hand_suited=hand_suited, starter_suited=starter_suited, crib=crib)
    items: Scoring = []
    if flush:
        items.append((Kind.FLUSH, tuple(range(5 if starter_suited else 4)), flush))
    items += [
        (Kind.NOBS, (i,), rules.NOBS_POINTS)
        for i in range(4)
        if rules.is_nob(ranks[i], suits[i], suits[4])
    ]
    return items


def count_show(hand: Hand, *, crib: bool = False) -> Count:
    """Count four cards and the starter; ``crib`` applies the crib flush rule (five cards only)."""
    cards = (*hand.cards, hand.starter)
    ranks = [card.rank for card in cards]
    scoring = [
        *fifteen_positions(tuple([card.value for card in cards])),
        *rank_positions(ranks),
        *suit_positions(ranks, [card.suit for card in cards], crib=crib),
    ]
    take = cards.__getitem__
    return Count(
        hand,
        crib,
        tuple([_new_item((kind, tuple(map(take, at)), points)) for kind, at, points in scoring]),
    )


# Item(kind, cards, points) without the Python-level __new__ of a named tuple: a count
# makes several.
_new_item = functools.partial(tuple.__new__, Item)
