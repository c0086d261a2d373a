"""Tests for ``cribcount stats``: output formats, options, exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import run as run_cli
from conftest import status


def run(*args: str) -> tuple[int, str]:
    """``cribcount stats ARGS``: exit status and everything written."""
    result = run_cli("stats", *args)
    return result.exit_code, result.output


def test_json_over_every_deal() -> None:
    code, out = run("--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["hand", "crib"]
    for side in ("hand", "crib"):
        assert list(data[side]) == ["deals", "mean", "counts"]
        assert data[side]["deals"] == sum(data[side]["counts"]) == 12_994_800
        counts = data[side]["counts"]
        assert len(counts) == 30
        assert (counts[28], counts[29]) == (76, 4)
        assert [s for s in range(30) if counts[s] == 0] == [19, 25, 26, 27]
    assert data["hand"]["mean"] == pytest.approx(4.77, abs=0.005)


@pytest.mark.parametrize(
    ("flags", "sides"),
    [((), ["hand", "crib"]), (("--hand",), ["hand"]), (("--crib",), ["crib"])],
)
def test_hand_or_crib(flags: tuple[str, ...], sides: list[str]) -> None:
    code, out = run(*flags, "--format", "json", "--hand-cards", "2h 4h 6h 8h")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["hand_cards", *sides]


def test_both_flags_mean_both() -> None:
    code, out = run("--hand", "--crib", "--format", "json", "--hand-cards", "2h 4h 6h 8h")
    assert code == 0
    assert list(json.loads(out)) == ["hand_cards", "hand", "crib"]


def test_a_flush_hand_over_the_starters() -> None:
    # 2h 4h 6h 8h: hand and crib worked out by hand in tests/test_stats.py.
    code, out = run("--format", "json", "--hand-cards", "2h,4h,6h,8h")
    assert code == 0
    data = json.loads(out)
    want_hand = {9: 2, 8: 6, 6: 12, 12: 3, 11: 9, 5: 4, 4: 12}
    want_crib = {9: 2, 4: 6, 2: 12, 12: 3, 7: 9, 5: 4, 0: 12}
    assert data["hand"]["counts"] == [want_hand.get(s, 0) for s in range(30)]
    assert data["crib"]["counts"] == [want_crib.get(s, 0) for s in range(30)]
    # (9*2 + 8*6 + 6*12 + 12*3 + 11*9 + 5*4 + 4*12) / 48
    assert data["hand"]["mean"] == round(341 / 48, 6)


def test_starter_and_hand_cards_together() -> None:
    # Four cards and the starter leave one deal: 5h 6d 7c 8s / 9h, a run of five and
    # two fifteens (7+8, 6+9): 9.
    code, out = run("--starter", "9h", "--hand-cards", "5h 6d 7c 8s", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["starter"] == "9h"
    assert data["hand"] == {"deals": 1, "mean": 9.0, "counts": [int(s == 9) for s in range(30)]}


def test_text_by_default() -> None:
    code, out = run("--starter", "5s")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "show scores over the 249,900 deals with starter 5s"
    assert lines[2].split()[:4] == ["score", "deals", "%", "cum%"]
    assert lines[33].startswith("mean")
    assert max(len(line) for line in lines) <= 80


def test_csv() -> None:
    code, out = run("--format", "csv", "--hand", "--hand-cards", "5h 5d 5c Js")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "score,hand_deals,hand_percent,hand_cumulative_percent"
    assert lines[1 + 29] == "29,1,2.083333,100.000000"
    assert len(lines) == 31


def test_help_has_examples() -> None:
    code, out = run("--help")
    assert code == 0
    assert "cribcount stats --hand-cards" in out
    assert "--starter CARD" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--starter", "5x"], "--starter: column 1: unknown suit 'x' in '5x'"),
        (["--starter", "5h 6h"], "--starter: column 4: expected 1 starter, got 2 cards ('6h'"),
        (["--starter", ""], "--starter: column 1: expected 1 starter, got 0 cards"),
        (["--hand-cards", "5h 1s"], "--hand-cards: column 4: unknown rank '1' in '1s'"),
        (
            ["--hand-cards", "Ah 2h ah"],
            "--hand-cards: column 7: Ah appears twice (first at column 1)",
        ),
        (
            ["--hand-cards", "Ah 2h 3h 4h 5h"],
            "--hand-cards: column 13: expected 1 to 4 hand cards, got 5 cards ('5h'",
        ),
        (
            ["--starter", "5s", "--hand-cards", "Ah 5s"],
            "--hand-cards: column 4: 5s is the starter: it cannot be a hand card too",
        ),
    ],
)
def test_bad_input(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    # Through the real entry point: one line on stderr, nothing on stdout, status 2.
    assert status("stats", *args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cribcount: " + message)
    assert captured.err.count("\n") == 1


def test_bad_format_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("stats", "--format", "xml") == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cribcount: ")
    assert "xml" in captured.err
    assert captured.err.count("\n") == 1


def test_main_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("stats", "--hand", "--hand-cards", "5h 5d 5c Js") == 0
    out = capsys.readouterr().out
    assert "16.541667" in out


def test_stats_is_not_imported_to_score_a_hand() -> None:
    # Scoring one hand must start as fast as before: the stats code loads only when asked.
    probe = "import sys, cribcount.cli; print('cribcount.stats' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
