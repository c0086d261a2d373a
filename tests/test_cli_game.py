"""``cribcount game``: the text, the board, JSON, exit statuses and the FILE:LINE:COLUMN errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import outcome, status
from test_game import SKUNK_SHEET

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Score sheets only: worked by hand in test_game.test_a_skunk.
SKUNK = SKUNK_SHEET


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(SKUNK, encoding="utf-8")
    return path


def test_text_one_block_a_deal_then_the_end(record: Path) -> None:
    code, out, err = outcome("game", str(record))
    assert (code, err) == (0, "")
    assert out == (
        "deal 1: Bob deals (score sheet)\n"
        "  play: Alice 5, Bob 7\n"
        "  Alice shows 20\n"
        "  Bob shows 16\n"
        "  Bob's crib 12\n"
        "  score: Alice 25, Bob 35\n"
        "deal 2: Alice deals (score sheet)\n"
        "  play: Alice 3, Bob 4\n"
        "  Bob shows 14\n"
        "  Alice shows 29\n"
        "  Alice's crib 20\n"
        "  score: Alice 77, Bob 53\n"
        "deal 3: Bob deals (score sheet)\n"
        "  play: Alice 6, Bob 8\n"
        "  Alice shows 24\n"
        "  Bob shows 10\n"
        "  Bob's crib 8\n"
        "  score: Alice 107, Bob 79\n"
        "deal 4: Alice deals (score sheet)\n"
        "  play: Alice 2, Bob 5\n"
        "  Bob shows 4\n"
        "  Alice shows 12\n"
        "  game: Alice 121, on Alice's show\n"
        "  not counted: Alice's crib 10\n"
        "  score: Alice 121, Bob 88\n"
        "Alice wins by 33: Alice 121, Bob 88\n"
        "Bob is skunked: the game counts double\n"
    )


def test_the_board_after_each_deal(record: Path) -> None:
    code, out, _ = outcome("game", str(record), "--board")
    assert code == 0
    lines = out.splitlines()
    assert lines.count("  board: # front peg, + back peg, | skunk lines at 60 and 90") == 4
    # After deal 4: Alice's front peg in the game hole, her back peg at 109 (cell 37 of 40);
    # Bob at 88 (cell 30, just left of the skunk line at 90), back at 84 (cell 28).
    at = len(lines) - 2 - 4
    assert lines[at : at + 4] == [
        "  Alice 121, back 109",
        "  ." + "-" * 20 + "|" + "-" * 10 + "|" + "-" * 6 + "+" + "---#",
        "  Bob 88, back 84",
        "  ." + "-" * 20 + "|" + "-" * 7 + "+" + "-" + "#" + "|" + "-" * 10 + "o",
    ]


def test_json(record: Path) -> None:
    code, out, _ = outcome("game", str(record), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["game"], data["players"], data["winner"], data["skunk"]) == (
        121,
        ["Alice", "Bob"],
        "Alice",
        "skunk",
    )
    assert data["scores"] == {"Alice": 121, "Bob": 88}
    assert data["margin"] == 33
    assert [deal["dealer"] for deal in data["deals"]] == ["Bob", "Alice", "Bob", "Alice"]
    last = data["deals"][3]
    assert last["events"][-1] == {
        "who": "Alice",
        "what": "show",
        "points": 12,
        "score": {"Alice": 121, "Bob": 88},
        "line": 24,
    }
    assert [(e["who"], e["what"], e["points"]) for e in last["not_counted"]] == [
        ("Alice", "crib", 10)
    ]


HANDS = "hand Alice 5h 5d 5c Js | 2c 3d\nhand Bob 7h 7s 8d 8c | 9c Kd\nstarter 5s\n"
"""Alice holds 5h 5d 5c Js, 29 with the 5s; Bob 7h 7s 8d 8c, 12 (four fifteens, two pairs)."""


def test_a_wrong_claim_exits_1_after_checking_the_whole_record() -> None:
    # Bob deals; Alice's 29 claimed 28: one point lost.
    record = "players Alice Bob\ndeal Bob\n" + HANDS + "show Alice 28\n"
    code, out, err = outcome("game", "-", stdin=record)
    assert (code, err) == (1, "")
    assert "  Alice shows 29: claimed 28, pegs 28, 1 point lost\n" in out
    assert out.endswith("game not finished: Alice 28, Bob 16\n1 claim wrong\n")


def test_an_over_claim_is_taken_back() -> None:
    record = "players Alice Bob\nmuggins on\ndeal Bob\n" + HANDS + "show Bob 14\n"
    code, out, _ = outcome("game", "-", stdin=record)
    assert code == 1
    assert "  Bob shows 12: claimed 14, taken back to 12\n" in out


def test_a_bad_record_names_each_bad_statement(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(
        "players Alice Bob\ndeal Bob\nhand Alice 5h 5d 5c Jx | 2c 3d\ndeal Bob\nshow Al 3\n",
        encoding="utf-8",
    )
    code, out, err = outcome("game", str(path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"{path}:3:21: unknown suit 'x' in 'Jx': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        f"{path}:4:6: Bob deals out of turn: after Bob, Alice deals",
        f"{path}:5:6: unknown player 'Al': the players are Alice, Bob",
    ]


def test_standard_input_and_bad_bytes() -> None:
    code, out, _ = outcome("game", "-", stdin="players A B\ndeal B\nshow A 5\n")
    assert code == 0
    assert out.endswith("game not finished: A 5, B 0\n")
    code, _, err = outcome("game", "-", stdin=b"players A B\ndeal B\nshow A \xff\n")
    assert (code, err) == (2, "<stdin>:3:8: invalid UTF-8 byte 0xff\n")


def test_through_the_entry_point() -> None:
    assert status("game", str(EXAMPLES / "game-121.txt")) == 0
    assert status("game", str(EXAMPLES / "game-four.txt")) == 1
    assert status("game", "no-such-file.txt") == 2


@pytest.mark.parametrize("name", ["game-121.txt", "game-four.txt"])
@pytest.mark.parametrize("options", [(), ("--board",)])
def test_the_examples_fit_60_columns(name: str, options: tuple[str, ...]) -> None:
    _, out, _ = outcome("game", str(EXAMPLES / name), *options)
    assert out
    assert max(len(line) for line in out.splitlines()) <= 60


def test_long_lines_wrap_at_60_columns() -> None:
    names = ["Alexandrina", "Bartholomew", "Christabella", "Demetrius", "Evangeline", "Fitzgerald"]
    record = f"players {' '.join(names)}\ndeal Fitzgerald\nshow Alexandrina 4\n"
    _, out, _ = outcome("game", "-", "--board", stdin=record)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 60
    assert "      Demetrius 0, Evangeline 0, Fitzgerald 0" in lines
