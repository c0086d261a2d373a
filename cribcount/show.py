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
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import DECK, Card, Hand

__all__ = [
    "Count",
    "Item",
    "Kind",
    "Scoring",
    "count_show",
    "fifteen_positions",
    "rank_positions",
    "show_scoring",
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


def show_scoring(cards: Sequence[Card], *, crib: bool = False) -> Scoring:
    """The items of five cards (the starter last) by position, counted rule by rule.

    The plain count: ``count_show`` gives the same items from tables filled by
    these same functions (a test checks the two over every set of ranks).
    """
    ranks = [card.rank for card in cards]
    return [
        *fifteen_positions(tuple([card.value for card in cards])),
        *rank_positions(ranks),
        *suit_positions(ranks, [card.suit for card in cards], crib=crib),
    ]


def count_show(hand: Hand, *, crib: bool = False) -> Count:
    """Count four cards and the starter; ``crib`` applies the crib flush rule (five cards only)."""
    a, b, c, d = hand.cards
    starter = hand.starter
    cards = (a, b, c, d, starter)
    # What the five ranks score, worked out once a set of ranks (6,175 of them) by the plain
    # functions above, with the cards sorted by rank: put back in the hand's order here.
    key = _RANK_KEYS[a.index] + _RANK_KEYS[b.index] + _RANK_KEYS[c.index]
    plan = _PLANS.get(key + _RANK_KEYS[d.index] + _RANK_KEYS[starter.index])
    if plan is None:
        plan = _plan(cards)
    fifteens_sorted, pattern, by_rank = plan
    items: list[Item] = []
    if pattern or by_rank:
        # Each card's rank with its position below it: sorted, the positions by rank, a
        # rank's cards in the hand's order.
        one, two, three, four, five = sorted(
            (
                _SORT_KEYS[a.index],
                _SORT_KEYS[b.index] + 1,
                _SORT_KEYS[c.index] + 2,
                _SORT_KEYS[d.index] + 3,
                _SORT_KEYS[starter.index] + 4,
            )
        )
        order = (one & 7, two & 7, three & 7, four & 7, five & 7)
        if pattern:
            fifteens = _FIFTEENS.get((order, pattern))
            if fifteens is None:
                fifteens = _FIFTEENS[order, pattern] = _fifteens_in_order(order, fifteens_sorted)
            for kind, take, points in fifteens:
                items.append(_new_item((kind, take(cards), points)))
        if by_rank:
            ordered = itemgetter(*order)(cards)
            for kind, take, points in by_rank:
                items.append(_new_item((kind, take(ordered), points)))
    if rules.four_suited(a.suit, b.suit, c.suit, d.suit):
        starter_suited = starter.suit == a.suit
        flush = rules.flush_points(hand_suited=True, starter_suited=starter_suited, crib=crib)
        if flush:
            items.append(_new_item((Kind.FLUSH, cards if starter_suited else cards[:4], flush)))
    nob = _NOBS[starter.index]
    hand_indices = (a.index, b.index, c.index, d.index)
    if nob in hand_indices:
        nob_card = cards[hand_indices.index(nob)]
        items.append(_new_item((Kind.NOBS, (nob_card,), rules.NOBS_POINTS)))
    return _new_count((hand, crib, tuple(items)))


# Item(kind, cards, points) and Count(hand, crib, items) without the Python-level __new__ of
# a named tuple: a count makes several.
_new_item = functools.partial(tuple.__new__, Item)
_new_count = functools.partial(tuple.__new__, Count)

Taker = Callable[[Sequence[Card]], tuple[Card, ...]]
"""Takes an item's cards out of five cards: an ``itemgetter`` of its positions."""
Takers = tuple[tuple[Kind, Taker, int], ...]


def _takers(scoring: Scoring) -> Takers:
    """``scoring`` with each item's positions made a getter of those positions' cards."""
    # An itemgetter of one position gives the card itself, not a tuple: fifteens, pairs and
    # runs hold two cards or more.
    return tuple((kind, itemgetter(*at), points) for kind, at, points in scoring)


Plan = tuple[tuple[tuple[int, ...], ...], int, Takers]
"""What a set of five ranks scores, in the cards sorted by rank (a rank's in the hand's order):
the positions of each fifteen; a number for that set of fifteens (0: none), shared by the sets
of ranks with the same ones; the pairs and runs, taken from the sorted cards. A plain tuple:
a named one would cost every start of cribcount its making."""


def _plan(cards: Sequence[Card]) -> Plan:
    """The ``Plan`` of the ranks of ``cards``, counted by the plain functions and kept."""
    ranks = sorted([card.rank for card in cards])
    fifteens = rules.fifteen_sets(tuple([rules.counting_value(rank) for rank in ranks]))
    pattern = _PATTERNS.setdefault(fifteens, len(_PATTERNS)) if fifteens else 0
    plan = (fifteens, pattern, _takers(rank_positions(ranks)))
    _PLANS[rules.rank_key(ranks)] = plan
    return plan


def _fifteens_in_order(order: tuple[int, ...], fifteens: tuple[tuple[int, ...], ...]) -> Takers:
    """``fifteens`` (positions among the sorted cards) among cards whose sorted ``order`` is
    given, as ``fifteen_positions`` gives them: each fifteen's positions in order, the sets
    in ``rules.SUBSETS`` order."""
    at = [tuple(sorted([order[i] for i in fifteen])) for fifteen in fifteens]
    at.sort(key=_SUBSET_ORDER.__getitem__)
    return tuple((Kind.FIFTEEN, itemgetter(*positions), rules.FIFTEEN_POINTS) for positions in at)


_PLANS: dict[int, Plan] = {}
"""The ``Plan`` of each set of five ranks met (at most 6,175), by its ``rules.rank_key``."""
_PATTERNS: dict[tuple[tuple[int, ...], ...], int] = {(): 0}
"""A number for each set of fifteens among sorted cards met (fewer than 200)."""
_FIFTEENS: dict[tuple[tuple[int, ...], int], Takers] = {}
"""The fifteens in the hand's order, by the sorted order of the cards and their pattern."""
_SUBSET_ORDER = {subset: i for i, subset in enumerate(rules.SUBSETS)}
_RANK_KEYS = tuple(rules.rank_key([card.rank]) for card in DECK)
"""Each card's share of ``rules.rank_key``, by ``Card.index``: five of them add up to the key."""
_SORT_KEYS = tuple(card.rank * 8 for card in DECK)
"""Each card's rank above three bits for its position, by ``Card.index``."""
_JACKS = [card for card in DECK if card.rank == rules.JACK]
_NOBS = tuple(
    next(jack.index for jack in _JACKS if rules.is_nob(jack.rank, jack.suit, starter.suit))
    for starter in DECK
)
"""The index of the card that is his nob, by the starter's index: the jack of its suit."""
