"""The table of expected pegging of every kept hand: complete, and made again from its seed."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from cribcount.pegging_engine import SEATS
from cribcount.pegging_table import (
    DEALS,
    ROLES,
    SEED,
    Pegging,
    estimate,
    kept_rank_sets,
    load_table,
    pegging,
    table_binary,
    table_text,
)
from cribcount.shipped import PEGGING_BINARY, PEGGING_TABLE


def _csv_entries() -> list[tuple[tuple[int, ...], str, Pegging]]:
    """The entries of the readable table, read with the csv module and float()."""
    with open(PEGGING_TABLE, encoding="utf-8") as data:
        rows = csv.DictReader(line for line in data if not line.startswith("#"))
        return [
            (
                tuple(int(rank) for rank in row["keep"].split()),
                row["role"],
                Pegging(
                    float(row["keeper"]),
                    float(row["opponent"]),
                    float(row["keeper_se"]),
                    float(row["opponent_se"]),
                    float(row["net_se"]),
                    int(row["deals"]),
                ),
            )
            for row in rows
        ]


def test_the_loaded_table_is_the_readable_one() -> None:
    # The compact form holds the very floats the CSV's text reads as, entry by entry, and
    # the build script's two writers give back both files from those entries.
    entries = _csv_entries()
    table = load_table()
    assert len(table) == len(entries)
    for keep, role, entry in entries:
        assert table[keep, role] == entry
        assert pegging(keep=keep, role=role) == entry
    assert ROLES == SEATS
    assert table_binary(entries) == Path(PEGGING_BINARY).read_bytes()
    assert table_text(entries, seed=SEED) == Path(PEGGING_TABLE).read_text(encoding="utf-8")


def test_every_kept_hand_as_dealer_and_as_pone() -> None:
    table = load_table()
    keeps = list(kept_rank_sets())
    # Four ranks from 13 with repetition: C(16, 4) = 1,820 multisets, none five of a kind.
    assert len(keeps) == 1820
    assert set(table) == {(keep, role) for keep in keeps for role in ("pone", "dealer")}
    assert all(entry.deals == DEALS for entry in table.values())


@pytest.mark.parametrize(
    ("keep", "role"), [((5, 5, 6, 6), "dealer"), ((5, 5, 5, 5), "pone"), ((1, 7, 11, 13), "pone")]
)
def test_an_entry_is_made_again_from_its_seed(keep: tuple[int, ...], role: str) -> None:
    entry = pegging(keep=keep, role=role)
    again = estimate(keep, role, deals=DEALS, seed=SEED)
    assert again.keeper == pytest.approx(entry.keeper, abs=1e-4)
    assert again.opponent == pytest.approx(entry.opponent, abs=1e-4)
    assert again.net_se == pytest.approx(entry.net_se, abs=1e-4)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("keep", "role"),
    [
        ((5, 5, 6, 6), "dealer"),
        ((5, 5, 5, 5), "pone"),
        ((2, 3, 4, 4), "dealer"),
        ((1, 9, 12, 13), "pone"),
    ],
)
def test_an_entry_is_within_its_error_bars_on_other_deals(keep: tuple[int, ...], role: str) -> None:
    entry = pegging(keep=keep, role=role)
    other = estimate(keep, role, deals=4 * DEALS, seed=SEED + 1)
    # Two independent estimates: their difference has the root of the summed variances.
    bound = 4 * (entry.net_se**2 + other.net_se**2) ** 0.5
    assert abs(other.net - entry.net) <= bound


def test_four_fives_peg_for_the_opponent() -> None:
    # Pone holding four fives must lead one: any ten-card makes 15 for the dealer, a five
    # cannot be paired back (all four are pone's), and pone's next five on a ten-card makes 25.
    # Published averages (Cribbage Pro): 0.4 pegged by pone against 4.3 by the dealer.
    entry = pegging(keep=(5, 5, 5, 5), role="pone")
    assert entry.opponent - entry.keeper > 4 * entry.net_se


def test_the_order_of_the_ranks_does_not_matter() -> None:
    assert pegging(keep=(6, 5, 6, 5), role="dealer") == pegging(keep=(5, 5, 6, 6), role="dealer")
