"""The rules of counting, each written once: every scorer in cribcount calls these.

The rules work on plain numbers, so that the readable types (``Card``,
``Count``) and the fast paths (tables, numpy) share them: a rank is 1..13 in
run order (ace low, jack 11), a suit any value that compares equal to itself,
and five cards are the four of a hand or crib with the starter last. The
predicates (``four_suited``, ``is_nob``, ``heels_points``) answer for numpy
columns too, one answer a row, and ``FLUSH_TABLE`` gives the flush by
``flush_key``: the fast paths use these, never a rule of their own. The
game's lengths, with their skunk lines, are ``BOARDS``.

>>> counting_value(13), pair_points(3)
(10, 6)
>>> flush_points(hand_suited=True, starter_suited=False, crib=True)
0
>>> [len(s) for s in run_sets([6, 7, 7, 8, 1])]
[3, 3]
>>> rank_points([5, 5, 5, 11, 5])
RankPoints(fifteens=16, pairs=12, runs=0)
"""

from __future__ import annotations

import enum
import os
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, product
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, overload

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Column = npt.NDArray[Any]
    """A column of many cards' ranks or suits, for the fast paths: the rules read them too."""

__all__ = [
    "BOARDS",
    "EVERY_CARD_FITS",
    "FIFTEEN",
    "FIFTEEN_POINTS",
    "FLUSH_TABLE",
    "GAMES",
    "GO_ITEM",
    "GO_POINTS",
    "HEELS_POINTS",
    "JACK",
    "Kind",
    "LAST_CARD_ITEM",
    "LAST_CARD_POINTS",
    "MAX_COUNT",
    "NOBS_POINTS",
    "THIRTY_ONE_POINTS",
    "PegItem",
    "PegKind",
    "RANK_DATA",
    "RANK_KEY_BASE",
    "SUBSETS",
    "Board",
    "RankPoints",
    "compute_rank_data",
    "counting_value",
    "fifteen_sets",
    "fits_count",
    "flush_key",
    "flush_points",
    "four_suited",
    "heels_points",
    "is_nob",
    "pair_points",
    "pair_sets",
    "rank_data",
    "rank_key",
    "rank_multisets",
    "rank_points",
    "rank_sets",
    "rank_table",
    "rank_totals",
    "run_points",
    "run_sets",
    "SHORTEST_RUN",
    "card_pegs",
    "count_tails",
    "score_card",
    "score_card_cached",
    "settle_claim",
]

JACK = 11
"""The jack's rank: his nob in the hand, his heels when turned."""
FIFTEEN = 15
"""The total that scores, in the show and in the play."""
FIFTEEN_POINTS = 2
"""Points for each fifteen."""
NOBS_POINTS = 1
"""His nob: a jack in the hand or crib of the starter's suit."""
HEELS_POINTS = 2
"""His heels: a jack turned as the starter, to the dealer at the cut (never part of a show)."""
RANK_DATA = os.path.join(os.path.dirname(__file__), "rank_points.bin")
"""``rank_table`` as shipped: fifteens, pairs and runs, three bytes a multiset of ranks."""


def counting_value(rank: int) -> int:
    """The value a card counts for fifteens and the count to 31: face cards count 10."""
    return min(rank, 10)


def pair_points(cards_of_a_rank: int) -> int:
    """Points for the cards of one rank: 2 a pair, 6 a pair royal, 12 a double pair royal."""
    # n cards of a rank hold n(n-1)/2 pairs of 2 points each.
    return cards_of_a_rank * (cards_of_a_rank - 1)


def run_points(length: int) -> int:
    """Points for one run: a point a card."""
    return length


SHORTEST_RUN = 3
"""Cards in the shortest run, in the show and in the play."""


@overload
def four_suited(a: Column, b: Column, c: Column, d: Column) -> npt.NDArray[np.bool_]: ...
@overload
def four_suited(a: int | str, b: int | str, c: int | str, d: int | str) -> bool: ...
def four_suited(a: Any, b: Any, c: Any, d: Any) -> Any:
    """True when the four cards of a hand or crib share a suit: the flush's first condition.

    The suits may be any values that compare, or numpy columns of them (one
    answer a row).

    >>> four_suited("h", "h", "h", "h"), four_suited(0, 0, 1, 0)
    (True, False)
    """
    return (a == b) & (b == c) & (c == d)


def flush_points(*, hand_suited: bool, starter_suited: bool, crib: bool) -> int:
    """A flush: the four cards of one suit (``hand_suited``) score 4, or 5 with the starter's.

    In the crib only all five of one suit score.
    """
    if not hand_suited:
        return 0
    if starter_suited:
        return 5
    return 0 if crib else 4


@overload
def is_nob(rank: Column, suit: Column, starter_suit: Column) -> npt.NDArray[np.bool_]: ...
@overload
def is_nob(rank: int, suit: int | str, starter_suit: int | str) -> bool: ...
def is_nob(rank: Any, suit: Any, starter_suit: Any) -> Any:
    """True for his nob: a jack (among the four cards) of the starter's suit.

    Numpy columns of ranks and suits give one answer a row.
    """
    return (rank == JACK) & (suit == starter_suit)


@overload
def heels_points(starter_rank: Column) -> npt.NDArray[Any]: ...
@overload
def heels_points(starter_rank: int) -> int: ...
def heels_points(starter_rank: Any) -> Any:
    """What the cut is worth to the dealer: 2 for a jack turned, else nothing.

    A numpy column of ranks gives the points of each.
    """
    return HEELS_POINTS * (starter_rank == JACK)


def settle_claim(claim: int, count: int) -> tuple[int, int]:
    """(points pegged, points missed) for a claimed show: an over-claim is taken back to the count.

    >>> settle_claim(10, 12), settle_claim(14, 12)
    ((10, 2), (12, 0))
    """
    # Over-claimed points are a correction, not a penalty; under-claimed points are lost
    # to the claimant (under muggins an opponent takes them).
    return min(claim, count), max(0, count - claim)


HIGHEST_SHOW = 29
"""The most a hand or a crib scores: three fives and the jack of the fourth suit, its five cut."""
SHOW_GAPS = frozenset({19, 25, 26, 27})
"""The counts up to ``HIGHEST_SHOW`` that no hand and no crib scores."""


def show_possible(points: int) -> bool:
    """True when some hand or crib scores ``points``.

    >>> show_possible(29), show_possible(19), show_possible(30)
    (True, False, False)
    """
    return 0 <= points <= HIGHEST_SHOW and points not in SHOW_GAPS


# The 26 sets of two or more of five cards, by size then position, with a getter for each.
SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    subset for size in range(2, 6) for subset in combinations(range(5), size)
)
_GETTERS = tuple((subset, itemgetter(*subset)) for subset in SUBSETS)


@cache
def fifteen_sets(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions of every set of two or more of five counting values that totals 15."""
    # Face cards share a value, so many hands share these sums: remember them all (at most
    # 10 ** 5 orders of values, a few megabytes; a bounded cache hit a fifth of the time).
    return tuple(subset for subset, take in _GETTERS if sum(take(values)) == FIFTEEN)


def _positions_by_rank(ranks: Sequence[int]) -> dict[int, list[int]]:
    """The positions of the cards of each rank, ranks in ascending order."""
    positions: dict[int, list[int]] = {rank: [] for rank in sorted(ranks)}
    for i, rank in enumerate(ranks):
        positions[rank].append(i)
    return positions


def pair_sets(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of the cards of each rank held more than once, in rank order."""
    return rank_sets(ranks)[0]


def run_sets(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of the cards of every run of the longest length (three or more), in rank order.

    A repeated rank gives one run per choice of card: 6 7 7 8 holds two runs of three.
    """
    return rank_sets(ranks)[1]


def rank_sets(ranks: Sequence[int]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """``pair_sets`` and ``run_sets`` of the same ranks together, the ranks grouped once."""
    distinct = sorted(set(ranks))
    # The longest stretch of consecutive ranks held: five cards hold at most one stretch of
    # three or more.
    start = best_start = 0
    best = 1
    for i in range(1, len(distinct)):
        if distinct[i] != distinct[i - 1] + 1:
            start = i
        elif i - start + 1 > best:
            best_start, best = start, i - start + 1
    if best < SHORTEST_RUN and len(distinct) == len(ranks):
        return [], []  # no rank twice and no run: most hands, settled without grouping
    by_rank = _positions_by_rank(ranks)
    pairs = [tuple(group) for group in by_rank.values() if len(group) >= 2]
    if best < SHORTEST_RUN:
        return pairs, []
    # Only the longest length counts: a run of four is never also two runs of three.
    run = distinct[best_start : best_start + best]
    return pairs, list(product(*(by_rank[rank] for rank in run)))


class RankPoints(NamedTuple):
    """Points of five cards that depend on ranks alone: fifteens, pairs and runs."""

    fifteens: int
    pairs: int
    runs: int

    @property
    def total(self) -> int:
        """Fifteens, pairs and runs together."""
        return self.fifteens + self.pairs + self.runs


def count_ranks(ranks: Sequence[int]) -> RankPoints:
    """Fifteens, pairs and runs of five ranks, counted by the rules above."""
    values = tuple(counting_value(rank) for rank in ranks)
    pairs, runs = rank_sets(ranks)
    return RankPoints(
        fifteens=FIFTEEN_POINTS * len(fifteen_sets(values)),
        pairs=sum(pair_points(len(s)) for s in pairs),
        runs=sum(run_points(len(s)) for s in runs),
    )


def rank_multisets() -> Iterator[tuple[int, ...]]:
    """Every multiset of five ranks that a deck holds (no rank five times), sorted: 6,175."""
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] != ranks[4]:  # sorted, so five of one rank have equal ends
            yield ranks


def compute_rank_data() -> bytes:
    """``count_ranks`` of every multiset, in ``rank_multisets`` order: what ``RANK_DATA`` holds.

    Counting the 6,175 multisets takes a tenth of a second, reading them back a
    few milliseconds; a test checks the shipped bytes against this.
    """
    return bytes(b for ranks in rank_multisets() for b in count_ranks(ranks))


def rank_data() -> bytes:
    """The bytes of ``RANK_DATA``: what ``compute_rank_data`` gives, as shipped."""
    with open(RANK_DATA, "rb") as shipped:
        return shipped.read()


@cache
def rank_table() -> dict[tuple[int, ...], RankPoints]:
    """``RankPoints`` of every multiset of five ranks, keyed by the sorted ranks; read once."""
    data = rank_data()
    return {
        ranks: RankPoints(data[3 * i], data[3 * i + 1], data[3 * i + 2])
        for i, ranks in enumerate(rank_multisets())
    }


RANK_KEY_BASE = 5
"""``rank_key`` counts each rank in a digit of this base: a deck holds at most 4 of a rank."""


def rank_key(ranks: Sequence[int]) -> int:
    """A number for the multiset of ``ranks``: the sum of ``5 ** (rank - 1)``.

    Keys add: the key of two groups of cards together is the sum of their
    keys, so a table keyed by it is looked up without sorting.

    >>> rank_key([1, 1, 2]) == rank_key([1]) + rank_key([2, 1])
    True
    """
    return sum(RANK_KEY_BASE ** (rank - 1) for rank in ranks)


@cache
def rank_totals() -> dict[int, int]:
    """The total of ``rank_table`` (fifteens, pairs and runs) of every multiset, by ``rank_key``.

    Read from the shipped data in a few milliseconds, for the start-up of a
    one-deal command; the same numbers as ``rank_table()``, a test checks.
    """
    data = rank_data()
    # rank_multisets order, built from the rank keys' summands rather than the ranks: each
    # four ranks in turn (a running sum), then each fifth rank from the fourth's on (but
    # five of one rank).
    powers = [RANK_KEY_BASE ** (rank - 1) for rank in range(1, 14)]
    keys: list[int] = []
    for first, one in enumerate(powers):
        for second in range(first, len(powers)):
            two = one + powers[second]
            for third in range(second, len(powers)):
                three = two + powers[third]
                for fourth in range(third, len(powers)):
                    four = three + powers[fourth]
                    keys += [four + fifth for fifth in powers[fourth + (first == fourth) :]]
    totals = (a + b + c for a, b, c in zip(data[0::3], data[1::3], data[2::3], strict=True))
    return dict(zip(keys, totals, strict=True))


def rank_points(ranks: Sequence[int]) -> RankPoints:
    """Fifteens, pairs and runs of five ranks (1..13, any order, each at most 4 times)."""
    key = tuple(sorted(ranks))
    if len(key) != 5 or any(not 1 <= r <= 13 or key.count(r) > 4 for r in key):
        raise ValueError(f"five ranks 1..13, each at most 4 times, expected: {key}")
    return rank_table()[key]


# --- the play: what a card laid scores ---------------------------------------------------------

MAX_COUNT = 31
"""The count of the play never passes 31; reaching it ends the count."""
THIRTY_ONE_POINTS = 2
"""Points for a card that makes the count 31 (never an extra go point)."""
GO_POINTS = 1
"""Points to the last player to lay a card when nobody else can play."""
LAST_CARD_POINTS = 1
"""Points for the last card of the whole play, unless it made 31 or a go closed its count."""


def most_pegged(cards: int) -> int:
    """A bound on what one player pegs in a play laying ``cards`` cards: no play pegs more.

    A card scores at most a double pair royal (12), a fifteen or 31 (2; never both) and
    the last card or a go (1; never with 31): 15, as the fourth ace making 15 as the
    last card does.

    >>> most_pegged(4)
    60
    """
    return cards * (pair_points(4) + FIFTEEN_POINTS + LAST_CARD_POINTS)


@overload
def fits_count(count: Column, value: Column | int) -> npt.NDArray[np.bool_]: ...
@overload
def fits_count(count: int, value: int) -> bool: ...
def fits_count(count: Any, value: Any) -> Any:
    """True when a card of counting value ``value`` may be laid on ``count``: never past 31.

    Numpy columns of counts and values give whether each fits.

    >>> fits_count(21, 10), fits_count(22, 10)
    (True, False)
    """
    return count + value <= MAX_COUNT


EVERY_CARD_FITS = max(
    count
    for count in range(MAX_COUNT + 1)
    if fits_count(count, counting_value(13))  # a king
)
"""The highest count on which every card fits (21): only past it may a player have to say go."""


class Kind(enum.Enum):
    """A kind of scoring (what a play scores for, what a game's event is): each kind one
    object, equal only to itself, hashed as such, without a Python call."""

    __hash__ = object.__hash__


class PegKind(Kind):
    """What a play scores for, in the order they are said."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    GO = "go"
    LAST_CARD = "last-card"


class PegItem(NamedTuple):
    """One thing a play scores: its kind and points (a pair royal is one item of 6).

    A named tuple, as the show's ``Item`` is: the lightest immutable record, and
    the cheapest to make when cribcount starts.
    """

    kind: PegKind
    points: int


def score_card(ranks: Sequence[int], count: int) -> tuple[PegItem, ...]:
    """What the last card laid scores: ``ranks`` are the current count's ranks, that card last.

    ``count`` is the running count after it. Pairs and runs look only at the
    unbroken tail of the current count.

    >>> [(item.kind.value, item.points) for item in score_card([3, 5, 4], 12)]
    [('run', 3)]
    >>> [(item.kind.value, item.points) for item in score_card([5, 10, 5, 5], 25)]
    [('pair', 2)]
    """
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    run = 0
    if same < 2:  # the last two ranks alike: no tail of them is a run
        # The longest tail of n >= 3 distinct consecutive ranks: 3 5 4 2 is a run of four,
        # and a shorter tail can be a run where a longer one is not.
        for n in range(len(ranks), SHORTEST_RUN - 1, -1):
            tail = ranks[-n:]
            if len(set(tail)) == n and max(tail) - min(tail) == n - 1:
                run = n
                break
    return card_pegs(count, same, run)


GO_ITEM = PegItem(PegKind.GO, GO_POINTS)
"""The go point, as an item of the play."""
LAST_CARD_ITEM = PegItem(PegKind.LAST_CARD, LAST_CARD_POINTS)
"""The last card's point, as an item of the play."""


def card_pegs(count: int, same: int, run: int) -> tuple[PegItem, ...]:
    """What a card laid in the play scores, from the running count after it, how many cards of
    its rank end the count (itself among them) and the run that the count's tail makes (0 for
    none; a run never ends in a pair): ``score_card``'s items.

    >>> [(item.kind.value, item.points) for item in card_pegs(15, 3, 0)]
    [('fifteen', 2), ('pair', 6)]
    """
    items: list[PegItem] = []
    if count == FIFTEEN:
        items.append(PegItem(PegKind.FIFTEEN, FIFTEEN_POINTS))
    if count == MAX_COUNT:
        items.append(PegItem(PegKind.THIRTY_ONE, THIRTY_ONE_POINTS))
    if same >= 2:
        items.append(PegItem(PegKind.PAIR, pair_points(same)))
    elif run:
        items.append(PegItem(PegKind.RUN, run_points(run)))
    return tuple(items)


def count_tails(
    ranks: Column, sizes: Column
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``score_card``'s pairs and runs for many counts at once, as ``card_pegs`` takes them: how
    many cards of the last card's rank end each count, and the run its tail makes (0 for none,
    and none where a pair ends it).

    ``ranks`` holds a count a row, its ranks in the order laid from the first column on, and
    ``sizes`` how many cards each count holds (whatever lies past them is not read); a
    count of no card ends in no card alike. A test checks this against ``score_card`` over
    every count of up to five cards, and many longer.

    >>> import numpy as np
    >>> same, run = count_tails(np.array([[3, 5, 4, 0], [5, 10, 5, 5], [1, 2, 3, 3]]),
    ...                         np.array([3, 4, 2]))
    >>> same.tolist(), run.tolist()
    ([1, 2, 1], [3, 0, 0])
    """
    import numpy as np

    width = ranks.shape[1]
    back = np.arange(width)  # how far back from the count's last card
    at = sizes[:, None] - 1 - back
    inside = at >= 0
    tail = np.where(inside, np.take_along_axis(ranks, np.maximum(at, 0), axis=1), 0)
    same = np.logical_and.accumulate(inside & (tail == tail[:, :1]), axis=1).sum(axis=1)
    # A tail of n cards is a run when no rank comes twice in it and its ranks span n.
    bits = np.where(inside, np.left_shift(1, tail), 0)
    before = np.bitwise_or.accumulate(bits, axis=1)
    before[:, 1:] = before[:, :-1].copy()
    before[:, 0] = 0
    twice = np.logical_or.accumulate((before & bits) != 0, axis=1)
    high = np.maximum.accumulate(tail, axis=1)
    low = np.minimum.accumulate(np.where(inside, tail, np.iinfo(tail.dtype).max), axis=1)
    runs = inside & ~twice & (high - low == back) & (back >= SHORTEST_RUN - 1)
    longest = width - np.argmax(runs[:, ::-1], axis=1)
    run = np.where(runs.any(axis=1) & (same < 2), longest, 0)
    return same.astype(np.int64), run.astype(np.int64)


@lru_cache(maxsize=1 << 16)
def score_card_cached(ranks: tuple[int, ...], count: int) -> tuple[PegItem, ...]:
    """``score_card``, remembered: the counts of many plays begin alike."""
    return score_card(ranks, count)


# --- the game: its length, the skunk lines, the board ------------------------------------------


class Board(NamedTuple):
    """A game's length, with the skunk lines that go with it and the board's cells.

    A loser with ``skunk`` points or fewer is skunked (the game counts double),
    with ``double_skunk`` or fewer (None: no such line) double-skunked; each
    cell of a drawn board's track holds ``step`` points.
    """

    target: int
    skunk: int
    double_skunk: int | None
    step: int

    @property
    def skunk_lines(self) -> tuple[int, ...]:
        """The skunk lines, as a board marks them: the skunk's, then the double skunk's if any."""
        return (self.skunk,) if self.double_skunk is None else (self.skunk, self.double_skunk)


BOARDS = {
    board.target: board
    for board in (
        Board(target=121, skunk=90, double_skunk=60, step=3),  # the long board, the default
        Board(target=61, skunk=30, double_skunk=None, step=2),  # the short board: the lurch
    )
}
"""The games that may be played, by their target: 121 (the default) and 61."""
GAMES = tuple(BOARDS)
"""The targets of the games, the default first: ``(121, 61)``."""


# --- the rules above as lookup tables, for the fast paths -----------------------------------


def flush_key(hand_suited: Any, starter_suited: Any, crib: Any) -> Any:
    """Where ``FLUSH_TABLE`` holds a flush's points: the three conditions as the bits of a number.

    Works on bools and on numpy columns of them (of whole numbers 0 and 1).
    """
    return (hand_suited * 2 + starter_suited) * 2 + crib


FLUSH_TABLE: tuple[int, ...] = tuple(
    flush_points(hand_suited=hand, starter_suited=hand and starter, crib=crib)
    for hand, starter, crib in product((False, True), repeat=3)
)
"""``flush_points`` by ``flush_key``: for a column of hands, looked up a row at a time.

>>> FLUSH_TABLE[flush_key(True, False, False)], FLUSH_TABLE[flush_key(True, False, True)]
(4, 0)
"""
