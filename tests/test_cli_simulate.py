"""``cribcount simulate``: the report, its JSON, the same games for a seed, bad input."""

from __future__ import annotations

import json
import math

import pytest
from conftest import outcome

from cribcount.selfplay import win_interval

Z = 1.96


def simulate_json(*args: str) -> dict[str, object]:
    code, out, err = outcome("simulate", *args, "--format", "json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("wins", "games"), [(50, 100), (3, 10), (560, 1000), (0, 12)])
def test_the_interval_bounds_are_the_roots_of_wilsons_equation(wins: int, games: int) -> None:
    # A bound p of Wilson's interval is where the observed rate is z standard errors of p away:
    # (rate - p)^2 = z^2 p (1 - p) / games.
    rate = wins / games
    for p in win_interval(wins, games):
        assert (rate - p) ** 2 == pytest.approx(Z * Z * p * (1 - p) / games, abs=1e-4)
    low, high = win_interval(wins, games)
    assert low <= rate <= high


def test_the_json_adds_up_every_game_and_deal() -> None:
    data = simulate_json("show", "show", "--games", "6", "--target", "61", "--seed", "4")
    players = data["players"]
    assert isinstance(players, list)
    a, b = players
    assert data["games"] == 6 and a["wins"] + b["wins"] == 6
    assert [a["strategy"], b["strategy"]] == ["show", "show"]
    # Each deal has one dealer and one pone.
    assert a["per_deal"]["dealer"]["deals"] == b["per_deal"]["pone"]["deals"]
    assert b["per_deal"]["dealer"]["deals"] == a["per_deal"]["pone"]["deals"]
    for player in (a, b):
        dealer, pone = player["per_deal"]["dealer"], player["per_deal"]["pone"]
        phases = ("pegging", "hand", "crib", "heels")
        assert dealer["total"] == pytest.approx(sum(dealer[p] for p in phases), abs=1e-5)
        assert pone["total"] == pytest.approx(pone["pegging"] + pone["hand"], abs=1e-5)
        assert "crib" not in pone and "heels" not in pone
        assert player["skunks"] <= player["wins"]
        rate = player["wins"] / 6
        assert player["win_rate"] == round(rate, 6)
        low, high = player["interval"]
        assert low <= rate <= high


def test_the_same_seed_gives_the_same_report_whatever_the_processes() -> None:
    # Eight games are two tasks: two processes share them.
    args = ("show", "engine", "--games", "8", "--target", "61", "--samples", "1")
    one = outcome("simulate", *args, "--jobs", "1")
    two = outcome("simulate", *args, "--jobs", "2")
    assert one == two and one[0] == 0
    assert one[1].splitlines()[0] == "show against engine: 8 games to 61, seed 0"


def test_the_text_report_names_each_player_and_seat() -> None:
    code, out, err = outcome("simulate", "show", "show", "--games", "3", "--target", "61")
    assert code == 0 and err == ""  # no progress line through a pipe
    lines = out.splitlines()
    assert lines[0] == "show against show: 3 games to 61, seed 0"
    assert lines[3].startswith("A show ") and lines[4].startswith("B show ")
    assert int(lines[3].split()[2]) + int(lines[4].split()[2]) == 3
    labels = [line.split("  ")[0].strip() for line in lines[-4:]]
    assert labels == ["A show dealer", "A show pone", "B show dealer", "B show pone"]
    assert all(len(line) <= 60 for line in lines)


def test_french_says_the_report_in_french() -> None:
    code, out, _ = outcome("--lang", "fr", "simulate", "show", "show", "-n", "2", "--target", "61")
    assert code == 0
    assert out.splitlines()[0] == "show contre show : 2 parties en 61, graine 0"
    assert "non-donneur" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["engine"], "not 'engine'"),
        (["show", "show", "show"], "not 'show show show'"),
        (["engine", "best"], "'best' is not one of 'show', 'engine'"),
        (["--games", "0"], "'--games'"),
        (["--target", "100"], "'100' is not one of '121', '61'"),
        (["--jobs", "0"], "'--jobs'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], said: str) -> None:
    code, out, err = outcome("simulate", *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and said in err


def test_skunks_follow_the_board() -> None:
    # Over a few games to 61 the losers' scores decide the skunks: 30 or fewer.
    data = simulate_json("show", "show", "--games", "8", "--target", "61", "--seed", "1")
    players = data["players"]
    assert isinstance(players, list)
    assert all(p["double_skunks"] == 0 for p in players)  # no double skunk at 61
    assert not math.isnan(players[0]["win_rate"])
