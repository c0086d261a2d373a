"""Tests of ``cribcount peg``: exact output, exit codes and the one-line errors.

The expected lines are written by hand from RULES.md's worked examples and
the output format of the peg command (player, card or go, count, words).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cribcount.cli import cli, main

EXAMPLE_3 = "Kc 9d Th go 2s 7c 6s"


def run(*args: str) -> tuple[int, str, str]:
    """Run the command through Click's test runner: exit status, stdout, stderr."""
    result = CliRunner().invoke(cli, ["peg", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["7c 8d 8h"],
            [
                "pone    7c   7",
                "dealer  8d  15  fifteen for 2",
                "pone    8h  23  pair for 2, last card for 1",
                "totals: pone 3, dealer 2",
            ],
        ),
        (
            ["4c", "6d", "5h"],
            [
                "pone    4c   4",
                "dealer  6d  10",
                "pone    5h  15  fifteen for 2, run of 3 for 3, last card for 1",
                "totals: pone 6, dealer 0",
            ],
        ),
        (
            [EXAMPLE_3],
            [
                "pone    Kc  10",
                "dealer  9d  19",
                "pone    Th  29",
                "dealer  go  29",
                "pone    2s  31  31 for 2",
                "dealer  7c   7",
                "pone    6s  13  last card for 1",
                "totals: pone 3, dealer 0",
            ],
        ),
        (
            ["5c 5d 5h 5s"],
            [
                "pone    5c   5",
                "dealer  5d  10  pair for 2",
                "pone    5h  15  fifteen for 2, pair royal for 6",
                "dealer  5s  20  double pair royal for 12, last card for 1",
                "totals: pone 8, dealer 15",
            ],
        ),
        (
            ["Kc Qd 9h go go 5c 5d 5h", "--players", "3"],
            [
                "first   Kc  10",
                "second  Qd  20",
                "dealer  9h  29",
                "first   go  29",
                "second  go  29",
                "dealer  go  29  go for 1",
                "first   5c   5",
                "second  5d  10  pair for 2",
                "dealer  5h  15  fifteen for 2, pair royal for 6, last card for 1",
                "totals: first 0, second 2, dealer 10",
            ],
        ),
        (
            ["Kc 9d Qc 8d Jc 7d 5c 6d", "--pone", "Kc Qc Jc 5c", "--dealer", "9d 8d 7d 6d"],
            [
                "pone    Kc  10",
                "dealer  9d  19",
                "pone    Qc  29",
                "dealer  go  29",
                "pone    go  29  go for 1",
                "dealer  8d   8",
                "pone    Jc  18",
                "dealer  7d  25",
                "pone    5c  30",
                "dealer  go  30",
                "pone    go  30  go for 1",
                "dealer  6d   6  last card for 1",
                "totals: pone 2, dealer 1",
            ],
        ),
    ],
)
def test_text_output(args: list[str], expected: list[str]) -> None:
    status, out, err = run(*args)
    assert (status, err) == (0, "")
    assert out.splitlines() == expected


def test_json_output_of_worked_example_3() -> None:
    status, out, _ = run(EXAMPLE_3, "--format", "json")
    assert status == 0
    assert out.count("\n") == 1

    def play(player: str, card: str | None, count: int, *items: tuple[str, int]) -> object:
        return {
            "player": player,
            "card": card,
            "count": count,
            "items": [{"kind": kind, "points": points} for kind, points in items],
            "points": sum(points for _, points in items),
        }

    assert json.loads(out) == {
        "plays": [
            play("pone", "Kc", 10),
            play("dealer", "9d", 19),
            play("pone", "Th", 29),
            play("dealer", None, 29),
            play("pone", "2s", 31, ("thirty-one", 2)),
            play("dealer", "7c", 7),
            play("pone", "6s", 13, ("last-card", 1)),
        ],
        "totals": {"pone": 3, "dealer": 0},
    }
    assert list(json.loads(out)) == ["plays", "totals"]
    assert list(json.loads(out)["plays"][0]) == ["player", "card", "count", "items", "points"]


def test_json_kinds_for_go_and_runs() -> None:
    # K Q 9 (29), dealer go, pone cannot play either and takes the go; the dealer leads.
    _, out, _ = run("Kc Qd 9h go go 5c 3s 4d 6h", "--format", "JSON")
    kinds = [[item["kind"] for item in play["items"]] for play in json.loads(out)["plays"]]
    # 5 (5), 3 (8), 4 (12: run of 3), 6 (18: run of 4 and the last card).
    assert kinds == [[], [], [], [], ["go"], [], [], ["run"], ["run", "last-card"]]


ERRORS = [
    (["Kc 9d Kc"], "Kc appears twice (columns 1 and 7)"),
    (["Kc 9d Th 5s"], "5s (column 10) would take the count from 29 to 34"),
    (["Ac 2c 3c 4c 5c 6c 7c 8c 9c"], "more than 8 cards: 9c (column 25)"),
    (["Kc 9d go", "--pone", "Kc Th 2s 6s", "--dealer", "9d 7c Qh Jh"], "go (column 7) from pone"),
    (["Kc 9x"], "unknown suit 'x' in '9x' (column 4)"),
    (["Kc", "--pone", "Kc Th 2s 6s"], "--pone and --dealer go together"),
    (
        ["Kc", "--pone", "Kc Th 2s 6s", "--dealer", "9d 7c Qh Jh", "--players", "3"],
        "two-player play only",
    ),
    ([], "no cards given"),
    (["Kc", " "], "argument 2 is empty"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    status, out, err = run(*args)
    assert status == 2
    assert out == ""
    assert message in err


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_errors_through_main_are_one_line_without_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["peg", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cribcount: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_bad_players_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["peg", "Kc", "--players", "7"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(cli, ["peg", "--help"])
    assert result.exit_code == 0
    assert 'cribcount peg "Kc 9d Th go 2s 7c 6s"' in result.stdout


def test_the_command_line_does_not_load_the_pegging_engine_to_start() -> None:
    code = "import sys, cribcount.cli; print('cribcount.play' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
