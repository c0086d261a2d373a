"""``cribcount practice`` through a pipe: sessions, muggins, the log, the report, Ctrl-C.

The hands of a seed are what ``random.Random(seed)`` deals (pinned in
test_practice.py); their counts are worked by hand there and below. The
clock and the wall time are handed in through Click's context object, so
the seconds are exact.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cribcount.cli import cli

WHEN = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
HEADER = ["practice --seed 20: answer the count", "(? shows it, q stops)"]


def clock(*readings: float) -> Callable[[], float]:
    """A clock that reads each value in turn: one reading as a deal is shown, one at its answer."""
    times = iter(readings)
    return lambda: next(times)


def run(*args: str, input: str = "", readings: tuple[float, ...] = (), **hooks: Any) -> Result:
    """``cribcount practice ARGS`` with ``input`` piped in and a clock of ``readings``."""
    obj = {"clock": clock(*readings) if readings else (lambda: 0.0), "now": lambda: WHEN, **hooks}
    return CliRunner().invoke(cli, ["practice", *args], input=input, obj=obj)


def score(hand: str) -> list[str]:
    """What ``cribcount score`` writes for a hand: practice shows a wrong count the same way."""
    result = CliRunner().invoke(cli, ["score", hand])
    assert result.exit_code == 0
    return result.stdout.splitlines()


def indented(lines: list[str]) -> list[str]:
    """A count as practice shows it: indented, so that only deals begin with 'hand '."""
    return ["  " + line for line in lines]


def deal_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(("hand ", "crib ", "play "))]


def test_a_seeded_session_with_right_wrong_unclear_show_and_quit() -> None:
    # Deal 1 (8) answered 8 in 4 s; deal 2 (7) answered 5: 2 missed; deal 3 (5): "abc"
    # is not understood, then ?; deal 4 is shown and q stops before it is counted.
    result = run(
        "--seed", "20", input="8\n5\nabc\n?\nq\n", readings=(10.0, 14.0, 20.0, 23.5, 30, 31, 40)
    )
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        *HEADER,
        # Through a pipe each answer is written after its prompt, as a terminal shows it.
        "hand Qh Js Kh Kd / 3d",
        "count: 8",
        "right: 8 (4.0 s)",
        "hand 5c Js Jc 2h / 6c",
        "count: 5",
        *indented(score("5c Js Jc 2h / 6c")),
        "claim 5, count 7: 2 points missed",
        "(under muggins the opponent may take them)",
        "hand Tc 3h Ad 7h / 2c",
        "count: abc",
        "not understood: 'abc'; answer a whole number, ? to see the count or q to stop",
        "count: ?",
        *indented(score("Tc 3h Ad 7h / 2c")),
        "hand 2h 3c 6c 8h / Td",
        "count: q",
        "hands counted 3, right 1 (33%)",
        "median seconds a right count: 4.0",
        "points missed 2, over-claimed 0",
        "longest streak of right counts: 1",
        "missed most (a hand can be of several kinds):",
        # Deal 2 holds nobs (Jc, starter 6c); deal 3 none of the named kinds.
        # One hand of each kind: "such hand", singular.
        "  nobs   1 of 2 misses (50%), 1 of 1 such hand",
        "  other  1 of 2 misses (50%), 1 of 1 such hand",
    ]


def test_score_writes_the_count_that_practice_shows() -> None:
    # The block practice prints for deal 2, checked against the rules by hand.
    assert score("5c Js Jc 2h / 6c") == [
        "hand 5c Js Jc 2h, starter 6c",
        "fifteen two      5c Js   2",
        "fifteen four     5c Jc   4",
        "a pair for 2     Js Jc   6",
        "one for his nob  Jc      7",
        "total 7",
    ]


def test_the_same_seed_deals_the_same_whatever_the_answers() -> None:
    one = run("--seed", "20", input="8\n7\n5\n1\nq\n")
    two = run("--seed", "20", input="?\nnope\n29\n\n?\n0\n0\n")
    assert deal_lines(one.stdout)[:4] == deal_lines(two.stdout)[:4]
    assert deal_lines(one.stdout)[:3] == [
        "hand Qh Js Kh Kd / 3d",
        "hand 5c Js Jc 2h / 6c",
        "hand Tc 3h Ad 7h / 2c",
    ]
    assert deal_lines(run("--seed", "21", input="q\n").stdout) != deal_lines(one.stdout)[:1]


def test_without_a_seed_the_session_says_one_that_replays_it() -> None:
    first = run(input="1\n2\nq\n")
    seed = re.match(r"practice --seed (\d+): ", first.stdout)
    assert seed is not None
    again = run("--seed", seed.group(1), input="?\n?\nq\n")
    assert deal_lines(again.stdout) == deal_lines(first.stdout)


def test_muggins_and_the_match_score() -> None:
    # 8 answered 6: the table takes 2, you peg 6. 7 answered 9: over-claimed, you peg 7.
    # 5 answered ?: a pass. Match: you 13, the table 2.
    result = run("--seed", "20", "--muggins", input="6\n9\n?\nq\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:2] == [HEADER[0], "(? shows it, q stops; the table calls muggins)"]
    verdicts = [line for line in lines if line.startswith(("claim", "muggins", "over", "match"))]
    assert verdicts == [
        "claim 6, count 8: 2 points missed",
        "muggins! the table takes the 2 you missed",
        "match: you 6, the table 2",
        "claim 9, count 7: over-claimed by 2 points",
        "over-claim taken back: you peg 7",
        "match: you 13, the table 2",
        "match: you 13, the table 2",
        "match: you 13, the table 2",
    ]
    assert lines[-1] == "match: you 13, the table 2"


def test_end_of_input_stops_like_q_and_rounds_stop_the_deals() -> None:
    ended = run("--seed", "20", input="8\n")
    assert ended.exit_code == 0
    assert "hands counted 1, right 1 (100%)" in ended.stdout
    counted = run("--seed", "20", "--rounds", "2", input="8\n7\n5\n")
    assert counted.exit_code == 0
    assert deal_lines(counted.stdout) == ["hand Qh Js Kh Kd / 3d", "hand 5c Js Jc 2h / 6c"]
    assert "hands counted 2, right 2 (100%)" in counted.stdout
    assert "longest streak of right counts: 2" in counted.stdout


def test_an_empty_session() -> None:
    result = run("--seed", "20", input="")
    assert result.stdout.splitlines() == [*HEADER, "hand Qh Js Kh Kd / 3d", "no hands counted"]


def test_crib_and_mix_say_which() -> None:
    cribs = deal_lines(run("--seed", "3", "--crib", "--rounds", "20", input="0\n" * 20).stdout)
    assert len(cribs) == 20 and all(line.startswith("crib ") for line in cribs)
    mixed = deal_lines(run("--seed", "3", "--mix", input="0\n" * 40).stdout)
    assert {line.split()[0] for line in mixed} == {"hand", "crib"}


def test_mix_counts_a_crib_as_a_crib() -> None:
    # Seed 20 in --mix deals a crib third: 2c 2h 3c 6c / 8h, fifteen 2+2+3+8 2 and the
    # pair of twos 2: 4 (no note on the flush: its four cards are not of one suit).
    result = run("--seed", "20", "--mix", "--rounds", "3", input="8\n5\n?\n")
    assert deal_lines(result.stdout) == [
        "hand Js Kh Kd 3d / 5c",
        "hand 2h 6c Tc 3h / Ad",
        "crib 2c 2h 3c 6c / 8h",
    ]
    assert "(crib:" not in result.stdout
    assert "  total 4" in result.stdout.splitlines()


def test_hard_deals_through_the_command() -> None:
    # Each deal line read back and counted by `score`: 12 or more, or a double run
    # (any run with a doubled or tripled rank: a double, triple or double double run),
    # a flush or nobs.
    result = run("--seed", "4", "--hard", "--rounds", "15", input="?\n" * 15)
    for line in deal_lines(result.stdout):
        counted = "\n".join(score(line.removeprefix("hand ")))
        total = int(counted.splitlines()[-1].removeprefix("total "))
        kinds = ("double run", "triple run", "flush", "his nob")
        assert total >= 12 or any(kind in counted for kind in kinds), line


def test_the_pegging_drill() -> None:
    # Seed 2 first: pone 2d, dealer 3h, pone Kh (15), dealer Jh (25), pone As, dealer 5s
    # (31), then pone 6s and dealer 5c at 11: no 15, 31, pair or run, but the eighth card
    # of the play: last card, 1.
    result = run("--seed", "2", "--last-card", "--rounds", "2", input="1\n0\n")
    lines = result.stdout.splitlines()
    assert lines[:2] == [
        "practice --seed 2: answer what the last card pegs",
        "(? shows it, q stops)",
    ]
    lines = lines[1:]
    assert lines[1] == "play 2d 3h Kh Jh As 5s 6s 5c, count 11"
    assert lines[2] == "count: 1"
    assert lines[3].startswith("right: 1 (")
    lines = lines[1:]
    # 9c 6s 5d 6c Ad go Ah: 27, the dealer's go, then pone's Ah on Ad: a pair, 2, at 28.
    # The sixth card of eight: no last card point. (peg, which takes the cards as a whole
    # play, then gives pone the go: the go is pegged at the go, not by the card.)
    assert lines[3] == "play 9c 6s 5d 6c Ad go Ah, count 28"
    assert lines[4:8] == [
        "count: 0",
        "Ah pegs 2: pair for 2",
        "claim 0, count 2: 2 points missed",
        "(under muggins the opponent may take them)",
    ]
    # The summary speaks of plays: the first right, the second missed, a pair.
    assert lines[8] == "plays counted 2, right 1 (50%)"
    assert lines[-1] == "  play: pair  1 of 1 miss (100%), 1 of 1 such play"
    peg = CliRunner().invoke(cli, ["peg", "9c 6s 5d 6c Ad go Ah"]).stdout.splitlines()
    assert [line.split() for line in peg[-3:-1]] == [
        ["pone", "Ah", "28", "pair", "for", "2"],
        ["pone", "go", "28", "go", "for", "1"],
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--crib", "--mix"], "--crib and --mix: choose one"),
        (["--last-card", "--hard"], "--play drills the pegging"),
        (["--play", "--crib"], "--play drills the pegging"),
        (["--play", "--last-card"], "--play and --last-card: choose one"),
        (["--play", "--muggins"], "--play is judged by the engine"),
        (["--lang", "fr", "--crib", "--mix"], "--crib et --mix : choisissez l'un des deux"),
        (["--rounds", "0"], "'--rounds'"),
        (["--seed", "-1"], "'--seed'"),
        (["--seed", "x"], "'--seed'"),
        (["--report", "no/such/file"], "cannot read no/such/file"),
        (["--log", "."], "'--log'"),
        (["--report", "log.jsonl", "--seed", "3"], "--report reads a log: it goes with no option"),
        (["--report", "log.jsonl", "--muggins"], "--report reads a log: it goes with no option"),
    ],
)
def test_bad_input_is_one_line_and_exits_2(args: list[str], words: str) -> None:
    result = run(*args, input="q\n")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("cribcount: ")
    assert words in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_log_that_cannot_be_written_is_one_line_74_after_the_summary() -> None:
    result = run("--seed", "20", "--log", "/dev/full", input="8\n7\nq\n")
    assert result.exit_code == 74
    assert result.stderr == "cribcount: /dev/full: [Errno 28] No space left on device\n"
    # The session ends at the fault: one deal answered, and its summary still printed.
    assert "hands counted 1, right 1 (100%)" in result.stdout.splitlines()


def test_the_log(tmp_path: Path) -> None:
    log = tmp_path / "practice.jsonl"
    readings = (0.0, 4.0, 10.0, 12.5, 20.0, 21.0, 30.0)
    run("--seed", "20", "--muggins", "--log", str(log), input="8\n5\n?\nq\n", readings=readings)
    lines = log.read_text(encoding="utf-8").splitlines()
    common = {"time": "2026-11-30T12:00:00+00:00", "seed": 20, "starter": None, "crib": False}
    expected: list[dict[str, Any]] = [
        {"round": 1, "hand": ["Qh", "Js", "Kh", "Kd"], "starter": "3d", "answer": 8, "count": 8},
        {"round": 2, "hand": ["5c", "Js", "Jc", "2h"], "starter": "6c", "answer": 5, "count": 7},
        {"round": 3, "hand": ["Tc", "3h", "Ad", "7h"], "starter": "2c", "answer": None, "count": 5},
    ]
    extra = [
        {"seconds": 4.0, "muggins": 0},
        {"seconds": 2.5, "muggins": 2},
        {"seconds": 1.0, "muggins": 0},
    ]
    assert [json.loads(line) for line in lines] == [
        {**common, **row, **more} for row, more in zip(expected, extra, strict=True)
    ]
    # The keys in the order the issue gives them.
    assert list(json.loads(lines[0])) == [
        "time", "seed", "round", "hand", "starter", "crib", "answer", "count", "seconds", "muggins"
    ]  # fmt: skip
    # A second session appends.
    run("--seed", "20", "--log", str(log), input="1\nq\n")
    again = log.read_text(encoding="utf-8").splitlines()
    assert len(again) == 4 and json.loads(again[3])["muggins"] is None


REPORT_LOG = """\
{"time": "2026-11-22T20:00:00+00:00", "seed": 3, "round": 1, "hand": ["6c", "7d", "7h", "8s"], "starter": "Kd", "crib": false, "answer": 10, "count": 12, "seconds": 9.0, "muggins": 2}
{"time": "2026-11-22T20:01:00+00:00", "seed": 3, "round": 2, "hand": ["5h", "5d", "5c", "Js"], "starter": "5s", "crib": false, "answer": 29, "count": 29, "seconds": 6.0, "muggins": 0}
{"time": "2026-11-23T08:00:00+00:00", "seed": 4, "round": 1, "hand": ["2h", "4h", "6h", "8h"], "starter": "Kh", "crib": true, "answer": 5, "count": 5, "seconds": 4.0, "muggins": null}
{"time": "2026-11-29T08:00:00+00:00", "seed": 5, "round": 1, "hand": ["6c", "7d", "7h", "8s"], "starter": "Kd", "crib": false, "answer": 12, "count": 12, "seconds": 3.0, "muggins": null}
{"time": "2026-11-29T08:01:00+00:00", "seed": 5, "round": 2, "hand": ["2c", "4d", "6h", "8s"], "starter": "Jc", "crib": false, "answer": 2, "count": 0, "seconds": 2.0, "muggins": null}
"""


def test_the_report_of_a_log_written_by_hand(tmp_path: Path) -> None:
    # 22 Nov 2026 is a Sunday (ISO week 47); 23 and 29 Nov are in week 48.
    # W47: 12 answered 10 (2 missed), 29 right in 6 s: 1 of 2, 50%, median 6.0.
    # W48: the crib's 5 right in 4 s, 12 right in 3 s, a nineteen answered 2 (over by 2):
    # 2 of 3, 67%, median 3.5. All: 3 of 5, 60%, right in 6, 4, 3 s: median 4.0; the
    # longest streak is the three right counts from the second line on.
    log = tmp_path / "log.jsonl"
    log.write_text(REPORT_LOG, encoding="utf-8")
    result = CliRunner().invoke(cli, ["practice", "--report", str(log)])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "5 hands from 2026-11-22 to 2026-11-29",
        "week      hands  right  accuracy  median s  missed  over",
        "2026-W47      2      1       50%       6.0       2     0",
        "2026-W48      3      2       67%       3.5       0     2",
        "all           5      3       60%       4.0       2     2",
        "longest streak of right counts: 3",
        "missed most (a hand can be of several kinds):",
        "  double run  1 of 2 misses (50%), 1 of 2 such hands",
        "  nineteen    1 of 2 misses (50%), 1 of 1 such hand",
    ]


def test_a_report_from_standard_input_and_of_an_empty_log() -> None:
    piped = CliRunner().invoke(cli, ["practice", "--report", "-"], input=REPORT_LOG)
    assert piped.stdout.splitlines()[0] == "5 hands from 2026-11-22 to 2026-11-29"
    empty = CliRunner().invoke(cli, ["practice", "--report", "-"], input="\n")
    assert (empty.exit_code, empty.stdout) == (0, "no hands in the log\n")


def test_a_bad_log_line_is_one_line_naming_it(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(REPORT_LOG.splitlines()[0] + "\n{oops\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["practice", "--report", str(log)])
    assert result.exit_code == 2
    assert result.stderr == f"{log}:2: not a JSON object\n"
    # The good line is reported all the same.
    rows = [line.split() for line in result.stdout.splitlines()]
    assert ["all", "1"] == next(row for row in rows if row[:1] == ["all"])[:2]


def test_a_session_through_a_real_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribcount", "practice", "--seed", "20"],
        input="8\n5\n?\nq\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[:4] == [*HEADER, "hand Qh Js Kh Kd / 3d", "count: 8"]
    assert re.fullmatch(r"right: 8 \(\d+\.\d s\)", lines[4])
    assert deal_lines(done.stdout) == [
        "hand Qh Js Kh Kd / 3d",
        "hand 5c Js Jc 2h / 6c",
        "hand Tc 3h Ad 7h / 2c",
        "hand 2h 3c 6c 8h / Td",
    ]
    # Each answer read follows its prompt; the end of input is no answer.
    assert [line for line in lines if line.startswith("count:")] == [
        "count: 8",
        "count: 5",
        "count: ?",
        "count: q",
    ]
    assert "hands counted 3, right 1 (33%)" in lines


def test_ctrl_c_prints_the_summary_and_exits_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cribcount", "practice", "--seed", "20"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal gives it, also when this run is in the background (which
        # ignores SIGINT, and its children with it).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("8\n")
    process.stdin.flush()
    seen: list[str] = []
    # Read until the second deal is shown: the session now waits for its answer.
    while not seen or seen[-1] != "hand 5c Js Jc 2h / 6c":
        line = process.stdout.readline()
        assert line, seen
        seen.append(line.rstrip("\n"))
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err
    rest = out.splitlines()
    assert "hands counted 1, right 1 (100%)" in rest
    assert "longest streak of right counts: 1" in rest


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_terminal_is_prompted() -> None:
    leader, follower = os.openpty()
    try:
        os.write(leader, b"q\n")
        done = subprocess.run(
            [sys.executable, "-m", "cribcount", "practice", "--seed", "20"],
            stdin=follower,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    assert done.stdout.splitlines()[:4] == [
        *HEADER,
        "hand Qh Js Kh Kd / 3d",
        "count: no hands counted",
    ]
