"""Expected pegging of every kept hand: the 1,820 multisets of four ranks, as dealer and as pone.

An entry is estimated by dealing: the keeper's four cards (suits drawn), the
two cards it laid away and the opponent's six from the rest of the deck, the
opponent keeping the four of the exact hand-and-crib discard
(``discard_file.advise_many``); then the play is solved exactly with both
hands seen (``pegging_engine.solve_play``). The mean of the keeper's points,
of the opponent's points, and their standard errors over the deals make the
entry. Each entry has its own seed, drawn from the table's seed and the
entry's place, so any entry can be made again alone.

The table ships as data twice over, both written by its build script from the
same entries: ``pegging_table.csv``, to read, and ``pegging_table.bin``, what
is loaded: every figure as a whole number of ten-thousandths (the CSV's four
decimals), in the order of ``kept_rank_sets()`` and ``ROLES``, read in one go
by ``array`` (a test checks the two agree). ``pegging()`` looks an entry up
there; ``load_table()`` gives them all as a dictionary.

>>> entry = pegging(keep=(5, 5, 6, 6), role="dealer")
>>> entry.keeper > entry.opponent
True
"""

from __future__ import annotations

import functools
import math
import sys
from array import array
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, NamedTuple

from cribcount.seats import HAND_SIZE
from cribcount.shipped import PEGGING_BINARY

if TYPE_CHECKING:
    from cribcount.cards import Card

__all__ = [
    "DEALS",
    "ROLES",
    "SEED",
    "Pegging",
    "estimate",
    "kept_rank_sets",
    "load_table",
    "pegging",
    "table_binary",
    "table_figures",
]

ROLES = ("pone", "dealer")
"""The keeper's seats, in the order of the table's entries: ``pegging_engine.SEATS``."""
SEED = 2024
"""The seed the shipped table was built with."""
DEALS = 16
"""Deals an entry of the shipped table is estimated over."""
_DEALT = 6
"""Cards dealt to each of two players."""
_SCALE = 10_000
"""The figures are kept to four decimals: as whole numbers of this."""


class Pegging(NamedTuple):
    """One entry: the keeper's and the opponent's mean points in the play, their standard
    errors, and the standard error of the net (keeper less opponent), over ``deals`` deals."""

    keeper: float
    opponent: float
    keeper_se: float
    opponent_se: float
    net_se: float
    deals: int

    @property
    def net(self) -> float:
        """What the play is worth to the keeper: its points less the opponent's."""
        return self.keeper - self.opponent


def kept_rank_sets() -> Iterator[tuple[int, ...]]:
    """Every multiset of four ranks a hand may keep, sorted: 1,820."""
    yield from combinations_with_replacement(range(1, 14), HAND_SIZE)


def entry_seed(seed: int, keep: Sequence[int], role: str) -> int:
    """The seed of one entry, from the table's seed, the kept ranks and the role."""
    place = 0
    for rank in keep:
        place = place * 16 + rank
    return (seed * 1_000_003 + place) * 2 + ROLES.index(role)


def _mean_and_error(values: Sequence[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    spread = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(spread / n)


def estimate(keep: Sequence[int], role: str, *, deals: int = DEALS, seed: int = SEED) -> Pegging:
    """Estimate one entry over ``deals`` deals, seeded by ``seed``, the ranks and the role.

    ``role`` is the keeper's seat, ``"pone"`` or ``"dealer"``; the opponent
    keeps by the exact hand-and-crib discard for the other seat.
    """
    import random

    from cribcount.cards import DECK
    from cribcount.discard import Role
    from cribcount.discard_file import advise_many
    from cribcount.pegging_engine import forget_solved, solve_play

    rng = random.Random(entry_seed(seed, keep, role))
    keepers: list[tuple[Card, ...]] = []
    opponents: list[tuple[Card, ...]] = []
    for _ in range(deals):
        # Suits for the kept ranks, then the rest dealt from what is left.
        hand = [
            card
            for rank in sorted(set(keep))
            for card in rng.sample([c for c in DECK if c.rank == rank], keep.count(rank))
        ]
        rest = [card for card in DECK if card not in hand]
        dealt = rng.sample(rest, _DEALT - HAND_SIZE + _DEALT)
        keepers.append(tuple(hand))
        opponents.append(tuple(dealt[_DEALT - HAND_SIZE :]))
    other = Role.DEALER if role == "pone" else Role.PONE
    kept = [advice.best.keep for advice in advise_many(opponents, role=other)]
    mine: list[int] = []
    theirs: list[int] = []
    me = ROLES.index(role)
    for held, rival in zip(keepers, kept, strict=True):
        ranks = tuple(sorted(card.rank.value for card in held))
        rival_ranks = tuple(sorted(card.rank.value for card in rival))
        pone, dealer = (ranks, rival_ranks) if me == 0 else (rival_ranks, ranks)
        points = solve_play(pone, dealer)
        mine.append(points[me])
        theirs.append(points[1 - me])
    forget_solved()
    keeper, keeper_se = _mean_and_error(mine)
    opponent, opponent_se = _mean_and_error(theirs)
    _, net_se = _mean_and_error([a - b for a, b in zip(mine, theirs, strict=True)])
    return Pegging(keeper, opponent, keeper_se, opponent_se, net_se, deals)


_FIELDS = ["keep", "role", "deals", "keeper", "opponent", "keeper_se", "opponent_se", "net_se"]
_FIGURES = len(_FIELDS) - 2
"""Whole numbers an entry of ``pegging_table.bin``: deals, then the five figures."""


def table_figures(entry: Pegging) -> list[float]:
    """The five figures of an entry as the table keeps them: to four decimals."""
    return [round(x, 4) for x in entry[:5]]


def table_text(entries: Sequence[tuple[tuple[int, ...], str, Pegging]], *, seed: int) -> str:
    """The table as CSV text: a comment with the seed, a header, one entry a line."""
    import csv
    import io

    out = io.StringIO()
    out.write(f"# expected pegging of every kept hand, seed {seed}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for keep, role, entry in entries:
        writer.writerow([" ".join(map(str, keep)), role, entry.deals, *table_figures(entry)])
    return out.getvalue()


def table_binary(entries: Sequence[tuple[tuple[int, ...], str, Pegging]]) -> bytes:
    """The table as loaded: for each entry, in the order of ``kept_rank_sets()`` and
    ``ROLES``, its deals and its five figures in ten-thousandths, little-endian 32-bit."""
    by_place = {(keep, role): entry for keep, role, entry in entries}
    numbers = array("i")
    for keep in kept_rank_sets():
        for role in ROLES:
            entry = by_place[keep, role]
            numbers.append(entry.deals)
            numbers.extend(round(x * _SCALE) for x in table_figures(entry))
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tobytes()


@functools.cache
def _numbers() -> array[int]:
    """``pegging_table.bin`` read whole."""
    numbers = array("i")
    with open(PEGGING_BINARY, "rb") as data:
        numbers.frombytes(data.read())
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


@functools.cache
def _places() -> dict[tuple[int, ...], int]:
    """Each kept rank set's place in the table's order."""
    return {keep: i for i, keep in enumerate(kept_rank_sets())}


def _entry(place: int) -> Pegging:
    """The entry at ``place`` (a kept rank set's place, times two, plus its role's)."""
    start = place * _FIGURES
    deals, *figures = _numbers()[start : start + _FIGURES]
    # A whole number over 10,000 is the float nearest that decimal, as float() of the CSV's text.
    keeper, opponent, keeper_se, opponent_se, net_se = (x / _SCALE for x in figures)
    return Pegging(keeper, opponent, keeper_se, opponent_se, net_se, deals)


def load_table() -> dict[tuple[tuple[int, ...], str], Pegging]:
    """The shipped table, by (sorted kept ranks, role)."""
    return {
        (keep, role): _entry(place * len(ROLES) + r)
        for keep, place in _places().items()
        for r, role in enumerate(ROLES)
    }


def pegging(*, keep: Sequence[int], role: str) -> Pegging:
    """The shipped table's entry for the kept ranks (in any order) and the keeper's seat."""
    return _entry(_places()[tuple(sorted(keep))] * len(ROLES) + ROLES.index(role))
