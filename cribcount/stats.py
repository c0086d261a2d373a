"""Exact distributions of show scores over every deal, for the hand and the crib.

A deal is four cards from the 52 and a starter from the other 48: 12,994,800
deals. They are not visited one by one. Fifteens, pairs and runs depend on
ranks alone, so the deals are grouped by the ranks of the four cards and the
starter; within a group only the suits vary, and flush and nobs are counted
from how many suit choices give each, with binomial coefficients.

>>> stats = deal_stats()
>>> stats.hand.deals
12994800
>>> stats.hand.counts[29], stats.hand.counts[28], stats.hand.missing
(4, 76, (19, 25, 26, 27))
>>> only = deal_stats(hand_cards=parse_hand_cards("5h 5d 5c Js"))
>>> only.hand.deals, only.hand.counts[29], only.hand.counts[21], only.hand.counts[20]
(48, 1, 3, 9)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import (
    DECK,
    ENGLISH,
    Card,
    Notation,
    Suit,
    check_count,
    check_distinct,
    parse_cards,
)
from cribcount.errors import DealError
from cribcount.messages import Message
from cribcount.shipped import ALL_DEALS_STATS

__all__ = [
    "HIGHEST",
    "DealStats",
    "Distribution",
    "Side",
    "all_deals_text",
    "count_deal_stats",
    "deal_stats",
    "parse_hand_cards",
    "parse_starter",
]

HIGHEST = 29
"""The highest show score (three fives and the right jack, a five turned)."""

_NOB = {suit: next(c for c in DECK if rules.is_nob(c.rank, c.suit, suit)) for suit in Suit}
"""The card that is his nob with a starter of each suit."""


# The records are named tuples rather than dataclasses: the lightest immutable records, and
# the cheapest to define when ``cribcount stats`` starts.


class Distribution(NamedTuple):
    """How many deals score each total: ``counts[s]`` deals score ``s``, for s in 0..29."""

    counts: tuple[int, ...]

    @property
    def deals(self) -> int:
        """How many deals were counted."""
        return sum(self.counts)

    @property
    def mean(self) -> float:
        """The mean score over the deals (0.0 when there are none)."""
        if not self.deals:
            return 0.0
        # Dividing one int by another gives the float nearest the exact mean.
        return sum(score * n for score, n in enumerate(self.counts)) / self.deals

    @property
    def missing(self) -> tuple[int, ...]:
        """The totals from 0 to 29 that no deal scores."""
        return tuple(score for score, n in enumerate(self.counts) if n == 0)


class Side(enum.Enum):
    """Which show a distribution counts: the hand, or the crib (five-card flush only)."""

    HAND = "hand"
    CRIB = "crib"


class DealStats(NamedTuple):
    """The hand and crib distributions over the same deals, with the restriction that chose them.

    ``starter`` is the required starter (None for any); ``hand_cards`` are cards
    that the four counted cards must include (the hand's for ``hand``, the
    crib's for ``crib``).
    """

    hand: Distribution
    crib: Distribution
    starter: Card | None = None
    hand_cards: tuple[Card, ...] = ()

    def of(self, side: Side) -> Distribution:
        """The distribution of ``side``."""
        return self.hand if side is Side.HAND else self.crib


def deal_stats(*, starter: Card | None = None, hand_cards: Sequence[Card] = ()) -> DealStats:
    """Every deal (four cards and a starter), or those with ``starter`` and ``hand_cards``.

    The distributions of ``count_deal_stats``; over every deal they are read
    from ``ALL_DEALS_STATS`` (what it counts, shipped), so that the command
    without a restriction starts as fast as one that counts a hand. Raises
    DealError as ``count_deal_stats`` does.
    """
    if starter is None and not hand_cards:
        with open(ALL_DEALS_STATS, encoding="ascii") as shipped:
            hand, crib = (tuple(map(int, line.split()[1:])) for line in shipped)
        return DealStats(Distribution(hand), Distribution(crib))
    return count_deal_stats(starter=starter, hand_cards=hand_cards)


def all_deals_text(stats: DealStats) -> str:
    """The text of ``ALL_DEALS_STATS`` for ``stats``: a line a side, its name then its counts."""
    return "".join(" ".join([side.value, *map(str, stats.of(side).counts)]) + "\n" for side in Side)


def count_deal_stats(*, starter: Card | None = None, hand_cards: Sequence[Card] = ()) -> DealStats:
    """Count every deal (four cards and a starter), or those with ``starter`` and ``hand_cards``.

    Raises DealError when ``hand_cards`` holds more than four cards, a card
    twice, or the starter.
    """
    fixed = tuple(hand_cards)
    _check_restriction(starter, fixed)
    hand = [0] * (HIGHEST + 1)
    crib = [0] * (HIGHEST + 1)
    if starter is None and not fixed:
        # The suits are alike: every starter counts as the one of its rank in clubs, four times.
        starters = [(card, 4) for card in DECK if card.suit is Suit.CLUBS]
    elif starter is None:
        starters = [(card, 1) for card in DECK if card not in fixed]
    else:
        starters = [(starter, 1)]
    # Only rank multisets that can hold the fixed cards.
    shapes = [
        shape
        for shape in _shapes()
        if all(
            shape.of_rank[card.rank] >= sum(c.rank == card.rank for c in fixed) for card in fixed
        )
    ]
    for card, weight in starters:
        _count_starter(card, fixed, shapes, weight, hand, crib)
    return DealStats(Distribution(tuple(hand)), Distribution(tuple(crib)), starter, fixed)


def _check_restriction(starter: Card | None, fixed: tuple[Card, ...]) -> None:
    if len(fixed) > 4:
        reason = Message("at most 4 hand cards, got {n}", n=len(fixed))
        raise DealError(reason, token=str(fixed[4]))
    check_distinct([(card, None) for card in fixed])
    if starter in fixed:
        reason = Message("{card} is the starter and a hand card", card=starter)
        raise DealError(reason, token=str(starter))


class _Shape(NamedTuple):
    """The ranks of four cards: sorted, as (rank, how many) pairs, and how many of each rank."""

    ranks: tuple[int, ...]
    multiplicity: tuple[tuple[int, int], ...]
    of_rank: tuple[int, ...]


@cache
def _shapes() -> tuple[_Shape, ...]:
    """Every multiset of four ranks (a rank four times at most: there are four suits)."""
    shapes = []
    for ranks in combinations_with_replacement(range(1, 14), 4):
        count = tuple(ranks.count(r) for r in range(14))
        multiplicity = tuple((r, n) for r, n in enumerate(count) if n)
        shapes.append(_Shape(ranks, multiplicity, count))
    return tuple(shapes)


def _count_starter(
    starter: Card,
    fixed: tuple[Card, ...],
    shapes: Sequence[_Shape],
    weight: int,
    hand: list[int],
    crib_scores: list[int],
) -> None:
    """Add the deals with this starter (and holding ``fixed``) to the hand and crib counts."""
    s, suit = int(starter.rank), starter.suit
    # The suits the fixed cards take at each rank, and how many suits are left to choose from.
    taken: list[set[Suit]] = [set() for _ in range(14)]
    for card in fixed:
        taken[card.rank].add(card.suit)
    held = [len(t) for t in taken]
    free = [4 - held[r] - (r == s) for r in range(14)]
    # The suits the four cards can share for a flush: those of every fixed card.
    flush_suits = [t for t in Suit if all(card.suit == t for card in fixed)]
    flush4_suits = sum(t is not suit for t in flush_suits)
    # Fifteens, pairs and runs of every five ranks, keyed by the sorted ranks.
    points = rules.rank_table()
    for shape in shapes:
        # Ways to pick the suits of each rank, the fixed cards among them.
        deals = 1
        for r, m in shape.multiplicity:
            deals *= comb(free[r], m - held[r])
        if not deals:
            continue
        # His nob among the four (never when it is the starter itself): of the cards of its
        # rank, the deals that hold it.
        nob = _NOB[suit]
        jacks = shape.of_rank[nob.rank]
        nobs = 0
        if jacks and nob != starter:
            j = nob.rank
            jacks_free = comb(free[j], jacks - held[j])
            if nob in fixed:
                with_nob = jacks_free
            elif jacks > held[j]:
                with_nob = comb(free[j] - 1, jacks - held[j] - 1)
            else:
                with_nob = 0
            nobs = deals // jacks_free * with_nob
        flush5 = flush4 = 0
        if len(shape.multiplicity) == 4:
            flush4 = flush4_suits
            # The starter's suit makes five, unless the four would need the starter itself.
            flush5 = int(suit in flush_suits and not shape.of_rank[s])
        # With a five-card flush a jack among the four is of the starter's suit: nobs too.
        nobs_only = nobs - flush5 if jacks else nobs
        base = points[tuple(sorted((*shape.ranks, s)))].total
        plain = deals - flush5 - flush4 - nobs_only
        for scores, crib in ((hand, False), (crib_scores, True)):
            four = rules.flush_points(hand_suited=True, starter_suited=False, crib=crib)
            five = rules.flush_points(hand_suited=True, starter_suited=True, crib=crib)
            five += rules.NOBS_POINTS if jacks else 0
            # Only the scores some deal reaches: a group without a flush may sit near 29.
            for extra, deals_there in (
                (0, plain),
                (rules.NOBS_POINTS, nobs_only),
                (four, flush4),
                (five, flush5),
            ):
                if deals_there:
                    scores[base + extra] += deals_there * weight


def parse_starter(text: str, *, notation: Notation = ENGLISH) -> Card:
    """Read exactly one card, the starter that every deal must turn.

    Raises NotationError or DealError naming the bad token and its column in ``text``.
    """
    found = parse_cards(text, what=Message("the starter"), notation=notation)
    check_count(text, found, 1, expected=Message("1 starter"))
    return found[0][0]


def parse_hand_cards(
    text: str, *, starter: Card | None = None, notation: Notation = ENGLISH
) -> tuple[Card, ...]:
    """Read one to four cards that every deal's four cards must hold (not the starter).

    Raises NotationError or DealError naming the bad token and its column in ``text``.
    """
    found = parse_cards(text, what=Message("the hand cards"), notation=notation)
    if not found:
        raise DealError.at(Message("expected 1 to 4 hand cards, got none"), text, None)
    if len(found) > 4:
        check_count(text, found, 4, expected=Message("1 to 4 hand cards"))
    for card, token in found:
        if card == starter:
            reason = Message("{card} is the starter: it cannot be a hand card too", card=card)
            raise DealError.at(reason, text, token)
    return tuple(card for card, _ in found)
