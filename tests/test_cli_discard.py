"""Tests for the ``cribcount discard`` command: output, JSON, exit codes, bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import outcome as run
from conftest import status

DEAL = "5h 5d 6c 7s Jh Kd"


def test_text_shows_fifteen_choices_best_first_and_marks_the_best() -> None:
    code, out, err = run("discard", DEAL, "--dealer", "--show-only")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [f"dealer, holding {DEAL}:", "15 ways to lay away 2, best first"]
    assert all(len(line) <= 60 for line in lines)
    lines = lines[1:]
    assert lines[1].split() == ["keep", "lay", "away", "hand", "avg", "min-max", "crib", "avg"] + [
        "net"
    ]
    rows = lines[2:17]
    assert [row[0] for row in rows] == ["*"] + [" "] * 14
    nets = [float(row.split()[-1]) for row in rows]
    assert nets == sorted(nets, reverse=True)
    # Dealer keeps the fives with the court cards and lays 6-7 in his own crib.
    assert rows[0].split()[1:7] == ["5h", "5d", "Jh", "Kd", "6c", "7s"]
    assert lines[-1].startswith("best: keep 5h 5d Jh Kd, lay away 6c 7s (net ")
    assert "net = hand + crib + heels" in out


def test_several_arguments_are_one_deal() -> None:
    assert run("discard", *DEAL.split(), "--pone") == run("discard", DEAL, "--pone")


def test_json_follows_the_issue_schema() -> None:
    code, out, _ = run("discard", "5h 5d 5c Js 5s Kd", "--pone", "--format", "json", "--show-only")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"role", "heels", "options"}
    assert data["role"] == "pone"
    # Three jacks unseen of 46: 2 x 3/46.
    assert data["heels"] == pytest.approx(6 / 46, abs=1e-12)
    options = data["options"]
    assert len(options) == 15
    assert all(
        set(o) == {"keep", "discard", "hand", "hand_min", "hand_max", "crib", "net"}
        for o in options
    )
    assert [o["net"] for o in options] == sorted((o["net"] for o in options), reverse=True)
    for o in options:
        assert o["net"] == pytest.approx(o["hand"] - o["crib"] - data["heels"], abs=1e-12)
    # Worked by hand in test_discard: keep the three fives and the jack, 745/46.
    (kept,) = [o for o in options if o["keep"] == ["5h", "5d", "5c", "Js"]]
    assert kept["discard"] == ["5s", "Kd"]
    assert kept["hand"] == pytest.approx(float(Fraction(745, 46)), abs=1e-12)
    assert (kept["hand_min"], kept["hand_max"]) == (14, 22)


def test_pone_and_dealer_choose_differently() -> None:
    dealer = json.loads(run("discard", DEAL, "--dealer", "--format", "json", "--show-only")[1])
    pone = json.loads(run("discard", DEAL, "--pone", "--format", "json", "--show-only")[1])
    assert dealer["options"][0]["discard"] == ["6c", "7s"]
    assert pone["options"][0]["discard"] == ["Jh", "Kd"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["discard", "5h 5d 6c 7s Jh", "--dealer"],
            "cribcount: column 15: expected 6 cards to choose from, got 5 cards; with five cards, try --players 3 (or 4, 5, 6)",
        ),
        (
            ["discard", "5h 5d 6c 7s Jh Kd Qs", "--dealer"],
            "cribcount: column 19: expected 6 cards to choose from, got 7 cards ('Qs' is one too many)",
        ),
        (
            ["discard", "5h 5d 6c 7s 5h Kd", "--pone"],
            "cribcount: column 13: 5h appears twice (first at column 1)",
        ),
        (
            ["discard", "5h 5d 6c 7x Jh Kd", "--pone"],
            "cribcount: column 10: unknown suit 'x' in '7x': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        ),
        (
            ["discard", DEAL],
            "cribcount: say whose crib it is: --dealer or --pone (neither given)",
        ),
        (
            ["discard", DEAL, "--dealer", "--pone"],
            "cribcount: say whose crib it is: --dealer or --pone (both given)",
        ),
        (
            ["discard", "--dealer"],
            "cribcount: no cards given: expected 6 cards, such as 5h 5d 6c 7s Jh Kd",
        ),
        (
            ["discard", "5h", "", "--dealer"],
            "cribcount: argument 2 is empty: expected cards such as 5h or 10s",
        ),
        (
            ["discard", DEAL, "--dealer", "--format", "xml"],
            "cribcount: Invalid value for '-f' / '--format': 'xml' is not one of 'text', 'json',"
            " 'jsonl', 'csv'.",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert status(*args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == message + "\n"
    assert run(*args) == (2, "", message + "\n")


def test_help_has_an_example() -> None:
    code, out, _ = run("discard", "--help")
    assert code == 0
    assert 'cribcount discard "5h 5d 6c 7s Jh Kd" --dealer' in out
    assert "--pone" in out


def test_three_players_lay_away_one_of_five() -> None:
    code, out, _ = run("discard", "5h 5d 6c 7s Jh", "--players", "3", "--pone")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == [
        "pone, holding 5h 5d 6c 7s Jh, seat 1 of 3 players:",
        "5 ways to lay away 1, best first",
    ]
    assert len([line for line in lines if line[:2] in ("* ", "  ") and "." in line]) == 5


def test_four_players_json_says_so() -> None:
    code, out, _ = run(
        "discard", "5h 5d 6c 7s Jh", "--players", "4", "--dealer", "--format", "json"
    )
    data = json.loads(out)
    assert (code, data["players"], len(data["options"])) == (0, 4, 5)
    # 47 unseen, three jacks.
    assert data["heels"] == pytest.approx(6 / 47, abs=1e-12)


def test_five_card_deal_wants_five_cards() -> None:
    code, _, err = run("discard", DEAL, "--players", "4", "--dealer")
    assert code == 2
    assert (
        err
        == "cribcount: column 16: expected 5 cards to choose from, got 6 cards ('Kd' is one too many); with six cards, try --players 2\n"
    )


# ---- every table: --players 2..6, --seat, --partners ------------------------------------


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (
            ["--players", "5", "--pone"],
            "pone, holding 5h 5d 6c 7s Jh, seat 1 of 5 players:",
        ),
        (
            ["--players", "6", "--seat", "4", "--pone"],
            "pone, holding 5h 5d 6c 7s Jh, seat 4 of 6 players:",
        ),
        (
            ["--players", "6", "--partners", "--dealer"],
            "dealer, holding 5h 5d 6c 7s Jh, seat 3 of 6 players:",
        ),
        (
            ["--players", "4", "--seat", "2", "--dealer"],
            "dealer, holding 5h 5d 6c 7s Jh, seat 2 of 4 players:",
        ),
    ],
)
def test_larger_tables_say_the_seat(args: list[str], first_line: str) -> None:
    code, out, err = run("discard", "5h 5d 6c 7s Jh", *args)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == first_line


def test_five_players_json_gives_players_and_seat() -> None:
    code, out, _ = run(
        "discard", "5h 5d 6c 7s Jh", "--players", "5", "--seat", "3", "--pone", "--format", "json"
    )
    data = json.loads(out)
    assert code == 0
    assert list(data)[:4] == ["role", "players", "seat", "heels"]
    assert (data["role"], data["players"], data["seat"]) == ("pone", 5, 3)
    # 47 unseen, three jacks; the seat changes nothing in the values at a table size.
    assert data["heels"] == pytest.approx(6 / 47, abs=1e-12)
    _, three, _ = run("discard", "5h 5d 6c 7s Jh", "--players", "3", "--pone", "--format", "json")
    assert json.loads(three)["options"] == data["options"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "6", "--seat", "5", "--pone"],
            "seat 5 of 6 lays away nothing: it is dealt 4 cards and keeps them"
            " (seats 1 to 4 lay away one each)",
        ),
        (
            ["--players", "5", "--seat", "5", "--dealer"],
            "seat 5 of 5 lays away nothing: it is dealt 4 cards and keeps them"
            " (seats 1 to 4 lay away one each)",
        ),
        (
            ["--players", "5", "--dealer"],
            "with 5 players no seat that lays away shares the crib: the dealer is dealt 4"
            " and lays away nothing, and has no partner",
        ),
        (
            ["--players", "4", "--seat", "3", "--dealer"],
            "seat 3 of 4 does not share the crib: it is the dealer's (seat 4) and partner's"
            " (seat 2)",
        ),
        (
            ["--players", "6", "--seat", "3", "--partners", "--pone"],
            "seat 3 of 6 shares the crib: it is the dealer's (seat 6) and partner's (seat 3)",
        ),
        (
            ["--players", "6", "--seat", "9", "--pone"],
            "seat 9: a table of 6 players has seats 1 to 6",
        ),
        (
            ["--players", "3", "--partners", "--pone"],
            "partnerships need four or six players, not 3",
        ),
        (
            ["--players", "7", "--pone"],
            "Invalid value for '--players': 7 is not in the range 2<=x<=6.",
        ),
    ],
)
def test_seats_that_lay_away_nothing_get_one_line_not_advice(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert status("discard", "5h 5d 6c 7s Jh", *args) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"cribcount: {message}\n")


def test_no_cards_names_the_seats_deal() -> None:
    code, _, err = run("discard", "--players", "6", "--pone")
    assert code == 2
    assert err == "cribcount: no cards given: expected 5 cards, such as 5h 5d 6c 7s Jh\n"
