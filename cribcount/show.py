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
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, product
from operator import itemgetter
from typing import NamedTuple

from cribcount.cards import Card, Hand, Rank

__all__ = [
    "Count",
    "Item",
    "Kind",
    "RankPoints",
    "count_show",
    "rank_multisets",
    "rank_points",
    "rank_table",
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


def count_show(hand: Hand, *, crib: bool = False) -> Count:
    """Count four cards and the starter; ``crib`` applies the crib flush rule (five cards only)."""
    items = _shared_items((*hand.cards, hand.starter))
    items += _flush(hand, crib=crib)
    items += _nobs(hand)
    return Count(hand, crib, tuple(items))


# The 26 sets of two or more of five cards, by size then position, with a getter for each.
_SUBSETS = tuple(
    (subset, itemgetter(*subset)) for size in range(2, 6) for subset in combinations(range(5), size)
)


@lru_cache(maxsize=4096)
def _fifteen_sets(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of every set of two or more of five cards whose counting values total 15."""
    # Face cards share a value, so many hands share these sums: remember them.
    return tuple(subset for subset, take in _SUBSETS if sum(take(values)) == 15)


def _positions_by_rank(ranks: Sequence[int]) -> dict[int, list[int]]:
    """The positions of the cards of each rank, ranks in ascending order."""
    positions: dict[int, list[int]] = {}
    for i, rank in enumerate(ranks):
        positions.setdefault(rank, []).append(i)
    return dict(sorted(positions.items()))


def _pair_sets(by_rank: dict[int, list[int]]) -> list[tuple[int, ...]]:
    """Positions of the cards of each rank held more than once, in rank order."""
    return [tuple(group) for group in by_rank.values() if len(group) >= 2]


def _run_sets(by_rank: dict[int, list[int]]) -> list[tuple[int, ...]]:
    """Positions of the cards of every run of the longest length (three or more), in rank order."""
    # Five cards hold at most one stretch of three or more consecutive ranks.
    best: list[int] = []
    stretch: list[int] = []
    for rank in by_rank:
        stretch = [*stretch, rank] if stretch and rank == stretch[-1] + 1 else [rank]
        if len(stretch) > len(best):
            best = stretch
    if len(best) < 3:
        return []
    # Only the longest length counts; a repeated rank gives one run per choice of card.
    return list(product(*(by_rank[rank] for rank in best)))


def _pair_points(size: int) -> int:
    # n cards of a rank hold n(n-1)/2 pairs of 2 points each.
    return size * (size - 1)


def _shared_items(cards: Sequence[Card]) -> list[Item]:
    """Fifteens, pairs and runs of the five cards, as items in spoken order."""
    values = tuple(card.value for card in cards)
    by_rank = _positions_by_rank([card.rank for card in cards])

    def take(positions: tuple[int, ...]) -> tuple[Card, ...]:
        return tuple(cards[i] for i in positions)

    return [
        *(Item(Kind.FIFTEEN, take(s), 2) for s in _fifteen_sets(values)),
        *(Item(Kind.PAIR, take(s), _pair_points(len(s))) for s in _pair_sets(by_rank)),
        *(Item(Kind.RUN, take(s), len(s)) for s in _run_sets(by_rank)),
    ]


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

    The same counting as ``count_show``, with numbers instead of items, for the
    fast paths that score millions of deals.

    >>> rank_points([5, 5, 5, 11, 5])
    RankPoints(fifteens=16, pairs=12, runs=0)
    """
    key = tuple(sorted(ranks))
    if len(key) != 5 or any(not 1 <= r <= 13 or key.count(r) > 4 for r in key):
        raise ValueError(f"five ranks 1..13, each at most 4 times, expected: {key}")
    return rank_table()[key]


def rank_multisets() -> Iterator[tuple[int, ...]]:
    """Every multiset of five ranks that a deck holds (no rank five times), sorted: 6,175."""
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] != ranks[4]:  # sorted, so five of one rank have equal ends
            yield ranks


@cache
def rank_table() -> dict[tuple[int, ...], RankPoints]:
    """``RankPoints`` of every multiset of five ranks, keyed by the sorted ranks; built once."""
    return {ranks: _count_ranks(ranks) for ranks in rank_multisets()}


def _count_ranks(ranks: Sequence[int]) -> RankPoints:
    by_rank = _positions_by_rank(ranks)
    return RankPoints(
        fifteens=2 * len(_fifteen_sets(tuple(min(r, 10) for r in ranks))),
        pairs=sum(_pair_points(len(s)) for s in _pair_sets(by_rank)),
        runs=sum(len(s) for s in _run_sets(by_rank)),
    )
