"""Expected pegging of every kept hand: the 1,820 multisets of four ranks, as dealer and as pone.

An entry is estimated by dealing: the keeper's four cards (suits drawn), the
two cards it laid away and the opponent's six from the rest of the deck, the
opponent keeping the four of the exact hand-and-crib discard
(``discard_file.advise_many``); then the play is solved exactly with both
hands seen (``pegging_engine.solve_play``). The mean of the keeper's points,
of the opponent's points, and their standard errors over the deals make the
entry. Each entry has its own seed, drawn from the table's seed and the
entry's place, so any entry can be made again alone.

The table ships as data (``pegging_table.csv``); ``load_table()`` reads it.

>>> entry = pegging(keep=(5, 5, 6, 6), role="dealer")
>>> entry.keeper > entry.opponent
True
"""

from __future__ import annotations

import csv
import functools
import io
import math
import os
import random
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from typing import NamedTuple

from cribcount.cards import DECK, Card
from cribcount.pegging_engine import SEATS, forget_solved, solve_play
from cribcount.seats import HAND_SIZE

__all__ = [
    "DEALS",
    "SEED",
    "TABLE_DATA",
    "Pegging",
    "estimate",
    "kept_rank_sets",
    "load_table",
    "pegging",
]

TABLE_DATA = os.path.join(os.path.dirname(__file__), "pegging_table.csv")
"""The shipped table: one entry a line, ``keep,role,deals,keeper,opponent,keeper_se,...``."""
SEED = 2024
"""The seed the shipped table was built with."""
DEALS = 16
"""Deals an entry of the shipped table is estimated over."""
_DEALT = 6
"""Cards dealt to each of two players."""
_OF_RANK = {rank: [card for card in DECK if card.rank == rank] for rank in range(1, 14)}


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
    return (seed * 1_000_003 + place) * 2 + SEATS.index(role)


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
    from cribcount.discard import Role
    from cribcount.discard_file import advise_many

    rng = random.Random(entry_seed(seed, keep, role))
    keepers: list[tuple[Card, ...]] = []
    opponents: list[tuple[Card, ...]] = []
    for _ in range(deals):
        # Suits for the kept ranks, then the rest dealt from what is left.
        hand = [
            card
            for rank in sorted(set(keep))
            for card in rng.sample(_OF_RANK[rank], keep.count(rank))
        ]
        rest = [card for card in DECK if card not in hand]
        dealt = rng.sample(rest, _DEALT - HAND_SIZE + _DEALT)
        keepers.append(tuple(hand))
        opponents.append(tuple(dealt[_DEALT - HAND_SIZE :]))
    other = Role.DEALER if role == "pone" else Role.PONE
    kept = [advice.best.keep for advice in advise_many(opponents, role=other)]
    mine: list[int] = []
    theirs: list[int] = []
    me = SEATS.index(role)
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


def table_text(entries: Sequence[tuple[tuple[int, ...], str, Pegging]], *, seed: int) -> str:
    """The table as CSV text: a comment with the seed, a header, one entry a line."""
    out = io.StringIO()
    out.write(f"# expected pegging of every kept hand, seed {seed}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_FIELDS)
    for keep, role, entry in entries:
        figures = [round(x, 4) for x in entry[:5]]
        writer.writerow([" ".join(map(str, keep)), role, entry.deals, *figures])
    return out.getvalue()


@functools.cache
def load_table() -> dict[tuple[tuple[int, ...], str], Pegging]:
    """The shipped table, by (sorted kept ranks, role)."""
    table: dict[tuple[tuple[int, ...], str], Pegging] = {}
    with open(TABLE_DATA, encoding="utf-8") as data:
        rows = csv.DictReader(line for line in data if not line.startswith("#"))
        for row in rows:
            keep = tuple(int(rank) for rank in row["keep"].split())
            table[keep, row["role"]] = Pegging(
                float(row["keeper"]),
                float(row["opponent"]),
                float(row["keeper_se"]),
                float(row["opponent_se"]),
                float(row["net_se"]),
                int(row["deals"]),
            )
    return table


def pegging(*, keep: Sequence[int], role: str) -> Pegging:
    """The shipped table's entry for the kept ranks (in any order) and the keeper's seat."""
    return load_table()[tuple(sorted(keep)), role]
