"""Tests of ``cribcount peg``: exact output, exit codes and the one-line errors.

The expected lines are written by hand from RULES.md's worked examples and
the output format of the peg command (player, card or go, count, words).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import outcome, status

EXAMPLE_3 = "Kc 9d Th go 2s 7c 6s"


def run(*args: str) -> tuple[int, str, str]:
    """``cribcount peg ARGS``: exit status, stdout, stderr."""
    return outcome("peg", *args)


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
                "pone    5h  15  fifteen for 2, run of 3 for 3,",
                "                last card for 1",
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
                "dealer  5h  15  fifteen for 2, pair royal for 6,",
                "                last card for 1",
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
    (["Kc 9d Kc"], "column 7: Kc appears twice (first at column 1)"),
    (["Kc 9d Th 5s"], "column 10: 5s would take the count from 29 to 34"),
    (["Ac 2c 3c 4c 5c 6c 7c 8c 9c"], "column 25: more than 8 cards: 9c"),
    (["Kc 9d go", "--pone", "Kc Th 2s 6s", "--dealer", "9d 7c Qh Jh"], "column 7: go from pone"),
    (["Kc 9x"], "column 4: unknown suit 'x' in '9x'"),
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
    assert status("peg", *args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cribcount: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_bad_players_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("peg", "Kc", "--players", "7") == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_help_has_an_example() -> None:
    code, out, _ = run("--help")
    assert code == 0
    assert 'cribcount peg "Kc 9d Th go 2s 7c 6s"' in out


def test_the_command_line_does_not_load_the_pegging_engine_to_start() -> None:
    code = "import sys, cribcount.cli; print('cribcount.play' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# --- every table: --players, --hands, --partners -------------------------------------------

FOUR_PLAY = "7c 8d 6h 9s go go go Ac 5c 5d 5h Ks 4c go go go go Td Jh Ts go go go Qc Jd Qh"
FOUR_HANDS = "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh Qh | 9s Ac Ks Ts"
# The four-player play worked by hand in tests/test_play_tables.py, as the command says it.
FOUR_TEXT = [
    "first   7c   7",
    "second  8d  15  fifteen for 2",
    "third   6h  21  run of 3 for 3",
    "dealer  9s  30  run of 4 for 4",
    "first   go  30",
    "second  go  30",
    "third   go  30",
    "dealer  Ac  31  31 for 2",
    "first   5c   5",
    "second  5d  10  pair for 2",
    "third   5h  15  fifteen for 2, pair royal for 6",
    "dealer  Ks  25",
    "first   4c  29",
    "second  go  29",
    "third   go  29",
    "dealer  go  29",
    "first   go  29  go for 1",
    "second  Td  10",
    "third   Jh  20",
    "dealer  Ts  30",
    "first   go  30",
    "second  go  30",
    "third   go  30",
    "dealer  go  30  go for 1",
    "first   Qc  10",
    "second  Jd  20",
    "third   Qh  30  last card for 1",
    "totals: first 1, second 4, third 12, dealer 7",
    "partnerships: first & third 13, second & dealer 11",
]


@pytest.mark.parametrize(
    "args",
    [
        [FOUR_PLAY, "--players", "4"],
        [FOUR_PLAY.replace(" go", ""), "--hands", FOUR_HANDS],
        [*FOUR_PLAY.replace(" go", "").split(), "--hands", FOUR_HANDS, "--players", "4"],
        [FOUR_PLAY, "--hands", FOUR_HANDS, "--partners"],
    ],
)
def test_four_players_in_partnerships(args: list[str]) -> None:
    status, out, err = run(*args)
    assert (status, err) == (0, "")
    assert out.splitlines() == FOUR_TEXT


def test_json_has_partnerships_only_when_there_are_some() -> None:
    _, out, _ = run(FOUR_PLAY, "--players", "4", "--format", "json")
    data = json.loads(out)
    assert list(data) == ["plays", "totals", "partnerships"]
    assert data["totals"] == {"first": 1, "second": 4, "third": 12, "dealer": 7}
    assert data["partnerships"] == {"first & third": 13, "second & dealer": 11}
    _, out, _ = run("Kc Qd 9h go go 5c 5d 5h", "--players", "3", "--format", "json")
    assert list(json.loads(out)) == ["plays", "totals"]


def test_six_players_with_and_without_partners() -> None:
    # Six cards, one each: T, 5 (15: 2), 5 (pair 2), 5 (pair royal 6), 5 (double pair royal
    # 12), and the dealer's A makes 31 (2), the last card, so no last card point.
    play = "Tc 5c 5d 5h 5s Ac"
    status, alone, _ = run(play, "--players", "6")
    assert status == 0
    # Within 60 columns, the totals go on on a line of their own.
    assert alone.splitlines()[-2:] == [
        "totals: first 0, second 2, third 2, fourth 6, fifth 12,",
        "  dealer 2",
    ]
    _, together, _ = run(play, "--players", "6", "--partners")
    assert together.splitlines()[-4:] == [
        "totals: first 0, second 2, third 2, fourth 6, fifth 12,",
        "  dealer 2",
        "partnerships: first & fourth 6, second & fifth 14,",
        "  third & dealer 4",
    ]


TABLE_ERRORS = [
    (["Kc", "--players", "3", "--partners"], "partnerships need four or six players, not 3"),
    (
        ["Kc", "--hands", "Kc Th 2s 6s | 9d 7c Qh Jh", "--pone", "Kc Th 2s 6s", "--dealer", "9d"],
        "give the hands once: --hands, or --pone and --dealer",
    ),
    (["Kc", "--hands", "Kc Th 2s 6s"], "column 12: expected 2 to 6 hands separated by '|', got 1"),
    (
        ["Kc", "--hands", "Kc Th 2s 6s | 9d 7c Qh Jh", "--players", "3"],
        "column 26: expected 3 hands separated by '|', one for each player in seat order, got 2",
    ),
    (
        ["Kc 9d", "--hands", "Kc Th 2s 6s | 9d 7c Qh | 5c 5d 5h 5s"],
        "column 24: second's hand needs 4 cards, got 3",
    ),
    (["Kc", "--players", "7"], "Invalid value for '--players': 7 is not in the range 2<=x<=6."),
]


@pytest.mark.parametrize(("args", "message"), TABLE_ERRORS)
def test_table_errors_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert status("peg", *args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"cribcount: {message}\n"


def test_help_shows_an_example_for_every_table() -> None:
    code, out, _ = run("--help")
    assert "--players 3" in out
    assert "--hands" in out
    assert '"Tc 5c 5d 5h 5s Ac" --players 6 --partners' in out


def test_a_play_that_stops_early_against_the_hands_says_open() -> None:
    # 7c 8d 8h: 15 for 2 (pone 0, dealer 2), then a pair for 2; six cards still in hand.
    hands = ("--pone", "7c 8h 2s 3s", "--dealer", "8d 9c Ks Qs")
    status, _, err = outcome("peg", "7c 8d 8h", *hands)
    assert status == 2
    assert err == (
        "cribcount: column 9: the play stops with 2s 3s 9c Qs Ks still in hand: every card of"
        " the hands is laid once; for a play still going on, add --open\n"
    )
    status, out, _ = outcome("peg", "7c 8d 8h", *hands, "--open")
    assert status == 0 and out.splitlines()[-1] == "totals so far: pone 2, dealer 2 (play going on)"
    # A card in neither hand is no play going on: no word of --open.
    _, _, err = outcome("peg", "7c 8d 9h", *hands)
    assert "--open" not in err
