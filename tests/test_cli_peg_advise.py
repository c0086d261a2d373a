"""``cribcount peg --advise``: one position, json, a file of positions, and bad input."""

from __future__ import annotations

import json

import pytest
from conftest import outcome

LATE = ("3h", "5c", "4h", "Kh", "2h")
HAND = ("--hand", "5c 5d Td Kh", "--starter", "2s")


def test_one_position_in_text() -> None:
    # Worked in test_pegging_engine: 5d alone fits at 24; dealer 92/44, pone 8/44.
    code, out, err = outcome("peg", *LATE, "--advise", *HAND, "--seat", "dealer")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["dealer to play at count 24", "(every hand pone may hold: 13 by rank)"]
    assert lines[2].split() == ["card", "yours", "theirs", "net"]
    assert lines[3].split() == ["5d", f"{92 / 44:.2f}", f"{8 / 44:.2f}", f"+{84 / 44:.2f}"]


def test_the_seat_is_whoever_is_to_play() -> None:
    code, out, _ = outcome("peg", *LATE, "--advise", *HAND)
    assert code == 0 and out.startswith("dealer to play at count 24")


def test_json_and_a_seeded_draw() -> None:
    args = ("peg", "--advise", *HAND, "--seat", "pone", "--samples", "12", "--seed", "5")
    code, out, _ = outcome(*args, "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["seat"], data["count"], data["deals"], data["exhaustive"], data["seed"]) == (
        "pone",
        0,
        12,
        False,
        5,
    )
    assert [choice["card"] for choice in data["choices"]].count("5c") == 1
    assert len(data["choices"]) == 4
    nets = [choice["net"] for choice in data["choices"]]
    assert nets == sorted(nets, reverse=True)
    for choice in data["choices"]:
        assert choice["net"] == pytest.approx(choice["mine"] - choice["theirs"], abs=0.002)
        assert choice["error"] > 0
    assert outcome(*args, "-f", "json")[1] == out


def test_a_file_of_positions() -> None:
    lines = (
        "dealer ; 5c 5d Td Kh ; 2s ; ; 3h 5c 4h Kh 2h\n"
        "# a comment\n"
        "pone ; 5c 5d Td Kh ; 2s ; 3c ; \n"
        "dealer ; 5c 5d Td Kh ; 2s ; 3c 4c ; 5h 5c 5s 5d 9s go go\n"
    )
    code, out, err = outcome("peg", "--advise", "--from", "-", "-f", "csv", stdin=lines)
    assert code == 2
    rows = out.splitlines()
    assert rows[0] == "line,card,mine,theirs,net,error"
    assert rows[1] == f"1,5d,{round(92 / 44, 3)},{round(8 / 44, 3)},{round(84 / 44, 3)},0.0,"
    assert rows[2] == '3,,,,,,"column 30: expected two cards laid away, got 1 card"'
    assert rows[3].startswith("4,Kh,") or rows[3].startswith("4,Td,")
    assert rows[3].split(",")[2:6] == [str(round(41 / 35, 3)), str(round(6 / 35, 3)), "1.0", "0.0"]
    assert err.splitlines() == [
        "<stdin>:3:30: expected two cards laid away, got 1 card",
        "cribcount: 2 positions advised, 1 line failed",
    ]


def test_a_file_in_json_lines() -> None:
    line = "dealer ; 5c 5d Td Kh ; 2s ; ; 3h 5c 4h Kh 2h\n"
    code, out, _ = outcome("peg", "--advise", "--from", "-", "-f", "json", stdin=line)
    assert code == 0
    data = json.loads(out)
    assert data["line"] == 1 and data["choices"][0]["card"] == "5d"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--advise", "--starter", "2s"), "--advise needs --hand and --starter"),
        (("--hand", "5c 5d Td Kh", "7c"), "--hand, --starter, --seat and --away go with --advise"),
        (("--advise", *HAND, "--players", "3"), "--advise is for two players"),
        (("--advise", *HAND, "--open"), "--advise is for two players"),
        (("--advise", *HAND, "-f", "csv"), "one position gives --format json"),
        (("--advise", *HAND, "--seat", "pone", "9h"), "column 1: 9h is not in pone's hand"),
        (("--advise", "--hand", "5c 5d Td Kx", "--starter", "2s"), "unknown suit 'x' in 'Kx'"),
        (("--advise", *HAND, "--seat", "dealer", "9h", "5c"), "it is pone's turn to play"),
        (("--advise", "--from", "-", "--hand", "5c 5d Td Kh"), "the position goes in the file"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = outcome("peg", *args, stdin="")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err
