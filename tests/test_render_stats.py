"""Tests for the stats rendering in cribcount.render.stats: text table, JSON data and CSV.

The expected figures come from 5h 5d 5c Js over the 48 starters, worked out by
hand in tests/test_stats.py: 14 (24 deals), 15 (8), 20 (9), 21 (3), 22 (3), 29 (1),
the same for hand and crib, mean 794 / 48.
"""

from __future__ import annotations

import csv
import functools
import io
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import Card
from cribcount.render import stats as render_stats
from cribcount.render.stats import render_stats_csv, render_stats_text, stats_to_dict
from cribcount.stats import DealStats, Side, deal_stats

FIVES_AND_JACK = {14: 24, 15: 8, 20: 9, 21: 3, 22: 3, 29: 1}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


@functools.cache
def stats_holding(hand_cards: tuple[Card, ...]) -> DealStats:
    """``deal_stats`` of the deals holding ``hand_cards``, worked out once for the module."""
    return deal_stats(hand_cards=hand_cards)


@pytest.fixture
def fives() -> DealStats:
    return stats_holding(cards("5h 5d 5c Js"))


@pytest.fixture
def everything() -> DealStats:
    return stats_holding(())


def test_text_table(fives: DealStats) -> None:
    lines = render_stats_text(fives, width=80).splitlines()
    assert lines[0] == "show scores over the 48 deals holding 5h 5d 5c Js"
    assert lines[1].split() == ["hand", "crib", "(five-card", "flush", "only)"]
    assert lines[2].split() == ["score", "deals", "%", "cum%", "deals", "%", "cum%"]
    rows = lines[3:33]
    assert [int(row.split()[0]) for row in rows] == list(range(30))
    # The most common score has the full bar (16 wide side by side); 8 of 24 make 5.
    side = "{:>7} {:>5} {:>6} {}"
    assert rows[14] == "   14" + 2 * side.format(24, "50.00", "50.00", "#" * 16)
    hand_side = side.format(8, "16.67", "66.67", "#" * 5 + " " * 11)
    crib_side = side.format(8, "16.67", "66.67", "#" * 5)
    assert rows[15] == "   15" + hand_side + crib_side
    # A score that occurs shows at least a dot; one that does not, nothing.
    assert rows[29].split() == ["29", "1", "2.08", "100.00", "#", "1", "2.08", "100.00", "#"]
    assert rows[28].split() == ["28", "0", "0.00", "97.92", "0", "0.00", "97.92"]
    assert lines[33].split() == ["mean", "16.541667", "16.541667"]
    never = [s for s in range(30) if s not in FIVES_AND_JACK]
    hand_lines = " ".join(lines[34:]).split("crib:")[0]
    assert hand_lines.startswith("hand: no deal scores ")
    assert [int(s) for s in hand_lines.split("scores")[1].replace(",", " ").split()] == never


def test_text_one_side_is_wider(fives: DealStats) -> None:
    lines = render_stats_text(fives, sides=[Side.CRIB], width=80).splitlines()
    assert lines[1].strip() == "crib (five-card flush only)"
    assert lines[3 + 14].endswith(" " + "#" * 50)
    assert lines[34].startswith("crib: no deal scores 0, 1, 2")
    assert not any(line.startswith("hand") for line in lines)


def test_text_whole_deck(everything: DealStats) -> None:
    text = render_stats_text(everything, width=80)
    lines = text.splitlines()
    assert lines[0] == "show scores over the 12,994,800 deals (4 cards and a starter)"
    assert lines[-2:] == [
        "hand: no deal scores 19, 25, 26, 27",
        "crib: no deal scores 19, 25, 26, 27",
    ]
    # 29 happens in 4 deals of 12,994,800: under 0.01%, but not nothing.
    assert lines[3 + 29].split() == ["29", "4", "<0.01", "100.00", ".", "4", "<0.01", "100.00", "."]
    never = lines[3 + 19].split()
    assert never[1:3] == never[4:6] == ["0", "0.00"]
    assert len(never) == 7


@pytest.mark.parametrize("sides", [[Side.HAND, Side.CRIB], [Side.HAND], [Side.CRIB]])
@pytest.mark.parametrize(
    "restriction",
    [(), cards("5h 5d 5c Js"), cards("Ah"), cards("2h 4h 6h 8h")],
)
@pytest.mark.parametrize("width", [60, 80, 132])
def test_text_fits_its_width(sides: list[Side], restriction: tuple[Card, ...], width: int) -> None:
    text = render_stats_text(stats_holding(restriction), sides=sides, width=width)
    assert max(len(line) for line in text.splitlines()) <= width
    assert all(line == line.rstrip() for line in text.splitlines())


def test_text_is_60_columns_by_default_with_narrow_bars(fives: DealStats) -> None:
    lines = render_stats_text(fives).splitlines()
    assert max(len(line) for line in lines) <= 60
    # Side by side in 60 columns: each side takes (60 - 5) // 2 = 27, of which 21 are
    # the numbers (a gap, deals 5 wide, %, cum%): bars of 6; 24 deals, the most, fill one.
    assert lines[3 + 14] == "   14" + "     24 50.00  50.00 ######" * 2
    assert lines[1].split() == ["hand", "crib", "(flush", "of", "five)"]


def test_json_data(fives: DealStats) -> None:
    data = stats_to_dict(fives)
    assert list(data) == ["hand_cards", "hand", "crib"]
    assert data["hand_cards"] == ["5h", "5d", "5c", "Js"]
    expected = [FIVES_AND_JACK.get(s, 0) for s in range(30)]
    for side in ("hand", "crib"):
        assert data[side] == {"deals": 48, "mean": 16.541667, "counts": expected}


def test_json_data_without_restriction(everything: DealStats) -> None:
    data = stats_to_dict(everything)
    assert list(data) == ["hand", "crib"]
    assert data["hand"]["deals"] == 12_994_800
    assert list(stats_to_dict(everything, sides=[Side.CRIB])) == ["crib"]


def test_json_data_with_a_starter() -> None:
    data = stats_to_dict(
        deal_stats(starter=Card.parse("5s"), hand_cards=cards("5h")), sides=[Side.HAND]
    )
    assert list(data) == ["starter", "hand_cards", "hand"]
    assert (data["starter"], data["hand_cards"]) == ("5s", ["5h"])


def test_csv(fives: DealStats) -> None:
    rows = list(csv.reader(io.StringIO(render_stats_csv(fives))))
    assert rows[0] == [
        "score",
        "hand_deals",
        "hand_percent",
        "hand_cumulative_percent",
        "crib_deals",
        "crib_percent",
        "crib_cumulative_percent",
    ]
    assert len(rows) == 31
    assert rows[1 + 14] == ["14", "24", "50.000000", "50.000000", "24", "50.000000", "50.000000"]
    assert rows[1 + 15][:4] == ["15", "8", "16.666667", "66.666667"]
    assert rows[1 + 29][:4] == ["29", "1", "2.083333", "100.000000"]
    assert [int(row[1]) for row in rows[1:]] == [FIVES_AND_JACK.get(s, 0) for s in range(30)]


def test_csv_one_side(fives: DealStats) -> None:
    rows = list(csv.reader(io.StringIO(render_stats_csv(fives, sides=[Side.CRIB]))))
    assert rows[0] == ["score", "crib_deals", "crib_percent", "crib_cumulative_percent"]
    assert rows[-1] == ["29", "1", "2.083333", "100.000000"]


@given(st.text(alphabet=st.sampled_from("ab \t\n\u00a0é"), max_size=30), st.integers(1, 40))
def test_short_lines_wrap_as_textwrap_wraps_them(text: str, width: int) -> None:
    # A line that fits is given back without loading textwrap: the same lines as its wrap.
    assert render_stats._wrap(text, width, subsequent_indent="  ") == textwrap.wrap(
        text, width=width, subsequent_indent="  "
    )
