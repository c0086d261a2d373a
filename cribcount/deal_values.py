"""What a deal is worth to a seat: each discard valued as ``discard`` ranks it, and the average.

A seat's cards are worth what its best discard is expected to score, as
``cribcount discard`` ranks the choices: with two players hand + crib + heels
(the dealer's, added or taken away) + the net pegging of the kept cards
(``discard_play.with_play``); with three to six players hand and crib alone
(the play is not counted there). ``average`` is that value over every deal
to the seat, estimated by dealing (each row of ``deal_values.csv`` over
many deals, with its standard error and seed) and shipped as data, as the
pegging table is: ``benchmarks/build_deal_values.py`` builds it, and any row
can be made again alone (``estimate``).

>>> values = choice_values(parse_deal("5h 5d 6c 7s Jh Kd"), players=2, seat=1)
>>> [str(card) for card in values[0].discard], round(values[0].value, 3)
(['Jh', 'Kd'], 6.607)
>>> average(2, 2).deals > 0
True
"""

from __future__ import annotations

import csv
import functools
import io
import os
import random
import statistics
from collections.abc import Sequence
from typing import NamedTuple

from cribcount.cards import DECK, Card
from cribcount.discard import Role, advise_discard, parse_deal
from cribcount.seats import DEAL_SIZES, MAX_PLAYERS, crib_side, seats_laying_away

__all__ = [
    "DEALS",
    "SEED",
    "VALUES_DATA",
    "Average",
    "ChoiceValue",
    "average",
    "choice_values",
    "estimate",
    "parse_deal",
    "seat_role",
    "table_rows",
    "table_text",
]

# The shipped averages, one row a seat of each table (players,partners,seat,deals,mean,se),
# were estimated over DEALS deals each, drawn with SEED.
DEALS, SEED = 10000, 2026
VALUES_DATA = os.path.join(os.path.dirname(__file__), "deal_values.csv")


class ChoiceValue(NamedTuple):
    """One way to lay away and its value as ``discard`` ranks it, with that value's standard
    error (the pegging estimate's; 0 when the value is exact)."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    value: float
    error: float


class Average(NamedTuple):
    """The average value of a deal to a seat, its standard error, and the deals behind it."""

    mean: float
    se: float
    deals: int


def seat_role(players: int, seat: int, *, partners: bool = False) -> Role:
    """Whose crib it is for ``seat``: DEALER when the crib scores for the seat's side.

    >>> seat_role(2, 1), seat_role(6, 3, partners=True), seat_role(6, 3)
    (<Role.PONE: 'pone'>, <Role.DEALER: 'dealer'>, <Role.PONE: 'pone'>)
    """
    return Role.DEALER if seat in crib_side(players, partners=partners) else Role.PONE


def choice_values(
    cards: Sequence[Card], *, players: int, seat: int, partners: bool = False
) -> tuple[ChoiceValue, ...]:
    """Every discard of ``cards`` at ``seat``, valued and ranked best first as ``discard`` does.

    Raises TableError for a seat that lays away nothing, DealError for the
    wrong cards.
    """
    role = seat_role(players, seat, partners=partners)
    advice = advise_discard(cards, role=role, players=players, seat=seat, partners=partners)
    if players != 2:
        return tuple(ChoiceValue(c.keep, c.discard, c.net_float, 0.0) for c in advice.choices)
    from cribcount.discard_play import with_play

    return tuple(
        ChoiceValue(p.choice.keep, p.choice.discard, p.total, p.peg_error)
        for p in with_play(advice).choices
    )


def _row_seed(seed: int, players: int, seat: int, partners: bool) -> int:
    """The seed of one row, from the table's seed and the seat it is for."""
    return ((seed * 10 + players) * 10 + seat) * 2 + partners


def estimate(
    players: int, seat: int, *, partners: bool = False, deals: int = DEALS, seed: int = SEED
) -> Average:
    """Estimate the average value of a deal to ``seat`` over ``deals`` random deals.

    Each deal is the seat's cards drawn from the whole deck (the row's own
    seed), valued by its best discard; the same as ``choice_values(...)[0]``,
    many deals at once.
    """
    from cribcount.discard_file import advise_many

    rng = random.Random(_row_seed(seed, players, seat, partners))
    dealt = DEAL_SIZES[players][seat - 1][0]
    hands = [tuple(rng.sample(DECK, dealt)) for _ in range(deals)]
    role = seat_role(players, seat, partners=partners)
    advice = advise_many(hands, role=role, players=players, seat=seat, partners=partners)
    if players == 2:
        from cribcount.discard_play import with_play

        values = [with_play(one).best.total for one in advice]
    else:
        values = [one.best.net_float for one in advice]
    mean = statistics.fmean(values)
    return Average(mean, statistics.stdev(values) / len(values) ** 0.5, deals)


def table_rows() -> list[tuple[int, bool, int]]:
    """Every seat that lays away at every table, as (players, partners, seat)."""
    rows = []
    for players in DEAL_SIZES:
        # Four always play as partners, and say nothing of it; only six choose.
        for partners in (False, True) if players == MAX_PLAYERS else (False,):
            rows += [(players, partners, seat) for seat in seats_laying_away(players)]
    return rows


def table_text(rows: Sequence[tuple[int, bool, int, Average]], *, seed: int) -> str:
    """The averages as the shipped CSV, with a first line saying their seed."""
    out = io.StringIO()
    out.write(f"# the average value of a deal to each seat, seed {seed}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["players", "partners", "seat", "deals", "mean", "se"])
    for players, partners, seat, found in rows:
        writer.writerow(
            [players, int(partners), seat, found.deals, f"{found.mean:.4f}", f"{found.se:.4f}"]
        )
    return out.getvalue()


@functools.cache
def _table() -> dict[tuple[int, bool, int], Average]:
    with open(VALUES_DATA, encoding="utf-8") as data:
        lines = [line for line in data if not line.startswith("#")]
    return {
        (int(row["players"]), row["partners"] == "1", int(row["seat"])): Average(
            float(row["mean"]), float(row["se"]), int(row["deals"])
        )
        for row in csv.DictReader(lines)
    }


def average(players: int, seat: int, *, partners: bool = False) -> Average:
    """The shipped average value of a deal to ``seat`` at a table of ``players``.

    ``partners`` matters with six players only (four always play as partners).
    Raises KeyError for a seat that lays away nothing.
    """
    return _table()[(players, partners and players == MAX_PLAYERS, seat)]
