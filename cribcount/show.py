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
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from typing import NamedTuple

from cribcount.cards import DECK, Card, Hand, Rank

__all__ = ["Count", "Item", "Kind", "RankPoints", "count_show", "rank_points"]


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


def count_show(hand: Hand, *, crib: bool = False) -> Count:
    """Count four cards and the starter; ``crib`` applies the crib flush rule (five cards only)."""
    five = (*hand.cards, hand.starter)
    items = [*_fifteens(five), *_pairs(five), *_runs(five)]
    items += _flush(hand, crib=crib)
    items += _nobs(hand)
    return Count(hand, crib, tuple(items))


def _fifteens(cards: Sequence[Card]) -> list[Item]:
    values = [card.value for card in cards]
    return [
        Item(Kind.FIFTEEN, tuple(cards[i] for i in combo), 2)
        for size in range(2, len(cards) + 1)
        for combo in combinations(range(len(cards)), size)
        if sum(values[i] for i in combo) == 15
    ]


def _pairs(cards: Sequence[Card]) -> list[Item]:
    items = []
    for rank in sorted({card.rank for card in cards}):
        same = tuple(card for card in cards if card.rank == rank)
        if len(same) >= 2:
            # n cards of a rank hold n(n-1)/2 pairs of 2 points each.
            items.append(Item(Kind.PAIR, same, len(same) * (len(same) - 1)))
    return items


def _runs(cards: Sequence[Card]) -> list[Item]:
    ranks = sorted({card.rank for card in cards})
    # Five cards hold at most one stretch of three or more consecutive ranks.
    best: list[Rank] = []
    stretch: list[Rank] = []
    for rank in ranks:
        stretch = [*stretch, rank] if stretch and rank == stretch[-1] + 1 else [rank]
        if len(stretch) > len(best):
            best = stretch
    if len(best) < 3:
        return []
    # Only the longest length counts; a repeated rank gives one run per choice of card.
    choices = [[card for card in cards if card.rank == rank] for rank in best]
    return [Item(Kind.RUN, run, len(best)) for run in product(*choices)]


def _flush(hand: Hand, *, crib: bool) -> list[Item]:
    suit = hand.cards[0].suit
    if any(card.suit != suit for card in hand.cards):
        return []
    if hand.starter.suit == suit:
        return [Item(Kind.FLUSH, (*hand.cards, hand.starter), 5)]
    # Four of a suit score in the hand but never in the crib.
    return [] if crib else [Item(Kind.FLUSH, hand.cards, 4)]


def _nobs(hand: Hand) -> list[Item]:
    return [
        Item(Kind.NOBS, (card,), 1)
        for card in hand.cards
        if card.rank == Rank.JACK and card.suit == hand.starter.suit
    ]


class RankPoints(NamedTuple):
    """Points of five cards that depend on ranks alone: fifteens, pairs and runs."""

    fifteens: int
    pairs: int
    runs: int

    @property
    def total(self) -> int:
        """Fifteens, pairs and runs together."""
        return self.fifteens + self.pairs + self.runs


def rank_points(ranks: Sequence[int]) -> RankPoints:
    """Fifteens, pairs and runs of five ranks (1..13, any order, each at most 4 times).

    The same counting as ``count_show``, cached by the sorted ranks, for the
    fast paths that score millions of deals.

    >>> rank_points([5, 5, 5, 11, 5])
    RankPoints(fifteens=16, pairs=12, runs=0)
    """
    return _rank_points(tuple(sorted(ranks)))


@cache
def _rank_points(ranks: tuple[int, ...]) -> RankPoints:
    if len(ranks) != 5 or any(not 1 <= r <= 13 or ranks.count(r) > 4 for r in ranks):
        raise ValueError(f"five ranks 1..13, each at most 4 times, expected: {ranks}")
    # Repeated ranks take suits in turn so that they are different cards.
    cards = [DECK[(rank - 1) * 4 + ranks[:i].count(rank)] for i, rank in enumerate(ranks)]
    return RankPoints(
        fifteens=sum(item.points for item in _fifteens(cards)),
        pairs=sum(item.points for item in _pairs(cards)),
        runs=sum(item.points for item in _runs(cards)),
    )
