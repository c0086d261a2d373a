"""`cribcount game` on records no game can have, on damaged input and on failing streams."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import outcome
from test_cli_faults import CRIBCOUNT, interrupted, run_measured, sh_all, started, waiting_to_read

from cribcount import rules

TWO = "players Ann Ben\ndeal Ann\n"


def test_a_hand_without_a_bar_lays_nothing_away() -> None:
    # Two players: Ben must lay two cards away, and wrote none.
    code, out, err = outcome("game", "-", stdin="players A B\ndeal A\nhand B Ac 3h 4d Qs\n")
    assert (code, out) == (2, "")
    assert err == "<stdin>:3:19: B lays away 2 cards with 2 players, got 0\n"
    # Five players: the dealer is dealt four and writes no '|', as the docs say.
    five = (
        "players A B C D E\ndeal E\n"
        "hand A Ac 3s 4s Qs | 5s\nhand B 2c 3c 4c 5c | 6c\nhand C 2d 9d 4d 5d | 6d\n"
        "hand D 2h 3h 4h 5h | 6h\nhand E 7h 8h 9h Th\nstarter 7s\n"
    )
    code, out, err = outcome("game", "-", stdin=five)
    assert (code, err) == (0, "")
    # E: 7h 8h 9h Th with 7s: a four-card flush (4), runs 7-8-9-10 twice (8), the pair
    # of sevens (2), the fifteens 7+8 twice (4): 18.
    assert "  E shows 18" in out.splitlines()


def test_a_card_kept_and_laid_away_in_one_statement() -> None:
    record = TWO + "hand Ben 5h 5d 5c Js | Js 9d\nhand Ann 2c 3c 4c 6c | 7c 8c\nstarter 5s\n"
    code, out, err = outcome("game", "-", stdin=record)
    assert (code, out) == (2, "")
    assert err == "<stdin>:3:24: Js appears twice in the deal (first at column 19)\n"


@pytest.mark.parametrize(
    ("statement", "column", "reason"),
    [
        ("show Ben 19", 10, "no hand scores 19"),
        ("show Ann 25", 10, "no hand scores 25"),
        ("show Ann 26", 10, "no hand scores 26"),
        ("show Ann 27", 10, "no hand scores 27"),
        ("show Ann 30", 10, "no hand scores 30"),
        ("crib 30", 6, "no hand scores 30"),
        ("peg Ben 118", 9, "Ben pegs 118 in the play: no play pegs a player more than 60"),
    ],
)
def test_counts_no_hand_or_play_scores_are_refused(
    statement: str, column: int, reason: str
) -> None:
    code, out, err = outcome("game", "-", stdin=TWO + statement + "\n")
    assert (code, out) == (2, "")
    assert err == f"<stdin>:3:{column}: {reason}\n"


def test_the_pegging_bound_adds_every_peg_of_a_player_in_the_deal() -> None:
    # 60 is four cards each scoring 15 at most: 12 for a double pair royal, 2, and 1.
    assert rules.most_pegged(4) == 4 * (12 + 2 + 1)
    code, _, err = outcome("game", "-", stdin=TWO + "peg Ben 40\npeg Ann 60\npeg Ben 20\n")
    assert (code, err) == (0, "")
    code, _, err = outcome("game", "-", stdin=TWO + "peg Ben 40\npeg Ben 21\n")
    assert code == 2
    assert err == "<stdin>:4:9: Ben pegs 61 in the play: no play pegs a player more than 60\n"


def test_the_highest_and_the_missing_shows_are_those_of_every_deal() -> None:
    # An independent method: the exact distributions over all 12,994,800 deals.
    from cribcount.stats import deal_stats

    stats = deal_stats()
    for side in (stats.hand, stats.crib):
        scored = {points for points, deals in enumerate(side.counts) if deals}
        assert scored == {p for p in range(60) if rules.show_possible(p)}


def test_line_ends_are_those_of_batch() -> None:
    # A form feed, a vertical tab, U+0085 and U+2028 are blanks inside a line, not line ends:
    # what follows the '#' is a comment, and the numbering does not drift.
    record = (
        "players Ann Ben\r\ndeal Ann # \f peg Ben 9 \v peg Ben 9\x85\u2028peg Ben 9\rpeg Al 2\n"
    )
    code, out, err = outcome("game", "-", stdin=record)
    assert (code, out) == (2, "")
    assert err == "<stdin>:3:5: unknown player 'Al': the players are Ann, Ben\n"
    code, out, _ = outcome("game", "-", stdin=record.replace("Al", "Ben"))
    assert code == 0
    assert "game not finished: Ann 0, Ben 2" in out


def test_one_wrong_dealer_is_one_error() -> None:
    # Ben deals second; Cat is written; the record goes on from what it says, Ann after Cat.
    record = "players Ann Ben Cat\ndeal Ann\ndeal Cat\ndeal Ann\ndeal Ben\n"
    code, _, err = outcome("game", "-", stdin=record)
    assert code == 2
    assert err == "<stdin>:3:6: Cat deals out of turn: after Ann, Ben deals\n"


def test_errors_of_the_play_lead_with_the_players_name() -> None:
    record = (
        TWO + "hand Ben 5h 5d 5c Js | 2c 3d\nhand Ann 7h 7s 8d 8c | Kc Qs\nstarter 5s\n"
        "play 5h 7h go 5d\n"
    )
    _, _, err = outcome("game", "-", stdin=record)
    assert err == "<stdin>:6:12: go from Ben, who can play 5c 5d Js at count 12\n"


def test_names_in_errors_are_escaped() -> None:
    record = "players Ann B\x1b]0;title\x07\ndeal Cat\n"
    code, _, err = outcome("game", "-", stdin=record)
    assert code == 2
    assert err == ("<stdin>:2:6: unknown player 'Cat': the players are Ann, B\\x1b]0;title\\x07\n")


def test_an_endless_record_keeps_memory_flat_and_reports_once() -> None:
    lines = 20_000
    feed = subprocess.Popen(
        ["bash", "-c", f"printf 'players Ann Ben\\ndeal Ann\\n'; yes 'peg Ann 0' | head -{lines}"],
        stdout=subprocess.PIPE,
    )
    assert feed.stdout is not None
    with feed.stdout:
        code, out, err, peak = run_measured([*CRIBCOUNT, "game", "-"], feed.stdout.fileno())
    feed.wait()
    # A player scores at most once for each card laid and each go: the ninth peg is one too many.
    assert (code, out) == (2, b"")
    assert err == b"<stdin>:11:1: Ann pegs more often than a play scores: at most 8 times\n"
    assert 0 < peak < 100 << 10


def test_ctrl_c_while_reading_a_record_is_one_line_and_130() -> None:
    child = started([*CRIBCOUNT, "game", "-"])
    assert child.stdin is not None
    child.stdin.write(b"players Ann Ben\ndeal Ann\n")
    child.stdin.flush()
    waiting_to_read(child)
    assert interrupted(child) == (130, b"", b"cribcount: interrupted\n")


def test_closed_and_failing_streams_are_one_line_and_74(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text(TWO + "peg Ben 2\n")
    closed_in, full_out, mem = sh_all(
        [
            "cribcount game - <&-",
            "cribcount game g.txt >/dev/full",
            "cribcount game /proc/self/mem",
        ],
        cwd=tmp_path,
    )
    assert (closed_in.returncode, closed_in.stderr) == (
        74,
        b"cribcount: <stdin>: [Errno 9] Bad file descriptor\n",
    )
    assert (full_out.returncode, full_out.stderr) == (
        74,
        b"cribcount: <stdout>: [Errno 28] No space left on device\n",
    )
    assert mem.returncode == 74
    assert mem.stderr == b"cribcount: /proc/self/mem: [Errno 5] Input/output error\n"


def test_a_line_not_utf8_is_one_bad_statement_and_the_record_goes_on() -> None:
    record = b"players Ann Ben\ndeal Ann\npeg Ben \xff3\ndeal Ben\npeg Ann 2\ndeal Al\n"
    code, out, err = outcome("game", "-", stdin=record)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "<stdin>:3:9: invalid UTF-8 byte 0xff",
        "<stdin>:6:6: unknown player 'Al': the players are Ann, Ben",
    ]
