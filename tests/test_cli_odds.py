"""``cribcount odds``, ``game --odds`` and ``discard --score`` on the command line: the text of
positions worked by hand, JSON, and every error as one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import outcome

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_a_game_won_with_a_skunk() -> None:
    # 88 is below 91: a skunk, no double skunk; ACC gives 3 for it.
    code, out, err = outcome("odds", "121", "88", "--pone")
    assert (code, err) == (0, "")
    assert out == (
        "you 121, opponent 88, game to 121:\n"
        "the opponent deals; you count first\n"
        "               win   skunk  double skunk\n"
        "  you       100.0%  100.0%          0.0%\n"
        "  opponent    0.0%    0.0%          0.0%\n"
        "a skunk is counted in the win, a double skunk in the skunk\n"
        "game points (acc: 2 a win, 3 a skunk, 3 a double):\n"
        "  you 3.00, opponent 0.00\n"
    )


def test_json_of_a_double_skunk_in_casual_points() -> None:
    code, out, _ = outcome("odds", "60", "121", "--dealer", "--points", "casual", "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert data["dealer"] == "me"
    assert data["chances"]["me"] == {"win": 0.0, "skunk": 0.0, "double_skunk": 0.0}
    assert data["chances"]["opponent"] == {"win": 1.0, "skunk": 1.0, "double_skunk": 1.0}
    assert data["game_points"]["me"] == 0
    assert data["game_points"]["opponent"] == 4  # casual: four times
    assert data["game_points"]["convention"] == {
        "name": "casual",
        "win": 1,
        "skunk": 2,
        "double_skunk": 4,
    }


def test_the_short_board_has_no_double_skunk() -> None:
    code, out, _ = outcome("odds", "31", "61", "--pone", "--game", "61")
    assert code == 0
    assert "double" not in out.splitlines()[2]
    assert out.splitlines()[4].split() == ["opponent", "100.0%", "0.0%"]  # 31 is no lurch


def test_the_two_sides_sum_to_one_in_json() -> None:
    _, out, _ = outcome("odds", "100", "104", "--dealer", "-f", "json")
    chances = json.loads(out)["chances"]
    assert chances["me"]["win"] + chances["opponent"]["win"] == pytest.approx(1.0, abs=2e-6)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["1", "2"], "say who deals next: --dealer (you) or --pone (the opponent) (neither given)"),
        (["1", "2", "--dealer", "--pone"], "(both given)"),
        (["1", "2", "--pone", "--points", "2,3"], "--points: unknown game points '2,3'"),
        (["121", "130", "--pone"], "both sides cannot reach 121"),
        (["1", "2", "--pone", "--game", "100"], "'100' is not one of '121', '61'"),
        (["x", "2", "--pone"], "'x'"),
    ],
)
def test_errors_are_one_line_and_status_2(args: list[str], said: str) -> None:
    code, out, err = outcome("odds", *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and said in err


# --- game --odds ------------------------------------------------------------------------------


def test_game_odds_after_every_deal_but_the_last_and_the_game_points() -> None:
    record = str(EXAMPLES / "game-121.txt")
    code, plain, _ = outcome("game", record)
    code_odds, out, err = outcome("game", record, "--odds")
    assert (code_odds, err) == (code, "")
    deals = sum(line.startswith("deal ") for line in plain.splitlines())
    odds_lines = [line for line in out.splitlines() if line.startswith("  odds: ")]
    assert len(odds_lines) == deals - 1  # none after the deal that ends the game
    # Without the added lines, the text is the game's own.
    rest = [line for line in out.splitlines() if not line.startswith("  odds: ")]
    assert rest[:-2] == plain.splitlines()
    # Alice wins 121 to 83, a skunk: 3 game points by the ACC.
    assert rest[-2:] == ["game points: Alice 3, Bob 0", "  by acc: 2 a win, 3 a skunk, 3 a double"]
    for line in odds_lines:
        alice, bob = (float(part.split()[1].rstrip("%,")) for part in line[8:].split(", ")[:2])
        assert alice + bob == pytest.approx(100.0, abs=0.11)


def test_game_odds_in_json() -> None:
    code, out, _ = outcome("game", str(EXAMPLES / "game-121.txt"), "--odds", "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert data["deals"][-1]["odds"] is None
    first = data["deals"][0]
    # Deal 1 dealt by its dealer: the other deals next.
    assert first["odds"]["next_dealer"] != first["dealer"]
    assert first["odds"]["Alice"] + first["odds"]["Bob"] == pytest.approx(1.0, abs=2e-6)
    assert data["game_points"]["points"] == {"Alice": 3, "Bob": 0}


def test_game_odds_is_for_two_players() -> None:
    code, out, err = outcome("game", str(EXAMPLES / "game-four.txt"), "--odds")
    assert (code, out) == (2, "")
    assert err == "cribcount: --odds is for a game of two players\n"


# --- discard --score --------------------------------------------------------------------------

DEAL = "5h 5d 6c 7s Jh Kd"


def test_discard_by_score_keeps_the_choices_and_their_totals() -> None:
    _, played, _ = outcome("discard", DEAL, "--dealer", "-f", "json")
    code, out, _ = outcome("discard", DEAL, "--dealer", "--score", "110-115", "-f", "json")
    assert code == 0
    scored = json.loads(out)
    before = json.loads(played)
    assert scored["ranking"] == "win"
    assert scored["score"] == {"me": 110, "opponent": 115, "game": 121}
    assert scored["best_total"]["keep"] == before["options"][0]["keep"]
    totals = {tuple(option["keep"]): option["total"] for option in before["options"]}
    assert {tuple(option["keep"]): option["total"] for option in scored["options"]} == totals
    wins = [option["win"] for option in scored["options"]]
    assert wins == sorted(wins, reverse=True)
    assert all(0 <= option["skunk"] <= option["win"] <= 1 for option in scored["options"])


def test_discard_by_score_text_marks_the_best_to_win() -> None:
    code, out, _ = outcome("discard", DEAL, "--pone", "--score", "115-110")
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == [
        f"pone, holding {DEAL}:",
        "you 115, opponent 110, game to 121:",
        "best first by the chance to win the game",
    ]
    assert lines[4].startswith("* ") and len(lines) >= 4 + 15


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--score", "110"], "--score: bad score '110': expected ME-OPP"),
        (["--score", "110-121"], "--score: the game is over at 121"),
        (["--score", "50-61", "--game", "61"], "--score: the game is over at 61"),
        (["--score", "1-2", "--show-only"], "not with --show-only"),
    ],
)
def test_discard_by_score_errors(args: list[str], said: str) -> None:
    code, out, err = outcome("discard", DEAL, "--pone", *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and said in err


def test_discard_by_score_is_for_two_players() -> None:
    code, _, err = outcome(
        "discard", "5h 5d 6c 7s Jh", "--players", "3", "--pone", "--score", "1-2"
    )
    assert code == 2 and "not with --players" in err
