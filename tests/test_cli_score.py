"""The command line: output, exit codes (0 ok, 1 claim differs, 2 bad input), help and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from conftest import outcome, run, status
from hypothesis import given
from hypothesis import strategies as st

from cribcount import __version__
from cribcount.cli import cli


def test_score_prints_the_spoken_count() -> None:
    result = run("score", "5h 5d 5c Js / 5s")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "hand 5h 5d 5c Js, starter 5s"
    assert lines[1].split() == ["fifteen", "two", "5h", "Js", "2"]
    assert lines[-1] == "total 29"
    assert result.stderr == ""


def test_score_is_the_default_command_and_takes_several_arguments() -> None:
    one = run("score", "5h 5d 5c Js / 5s")
    assert run("5h", "5d", "5c", "Js", "5s").stdout == one.stdout
    assert run("5h", "5d", "5c", "Js", "/", "5s").stdout == one.stdout
    assert run("5H,5D,5C,JS/5S").stdout == one.stdout


def test_crib_flag() -> None:
    hand = run("2h 4h 6h 8h / Kc")
    crib = run("score", "--crib", "2h 4h 6h 8h / Kc")
    assert hand.stdout.splitlines()[-1] == "total 4"
    assert crib.stdout.splitlines()[0].startswith("crib ")
    assert crib.stdout.splitlines()[-1] == "total 0"


def test_json_output() -> None:
    result = run("score", "--format", "json", "2h 4h 6h 8h / Kh", "--crib")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "hand": ["2h", "4h", "6h", "8h"],
        "starter": "Kh",
        "crib": True,
        "items": [{"kind": "flush", "cards": ["2h", "4h", "6h", "8h", "Kh"], "points": 5}],
        "total": 5,
        "heels": 0,
    }


def test_claim_that_matches_exits_0() -> None:
    result = run("7h 7s 8d 8c / 9h", "--claim", "24")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "claim 24 is right"


def test_claim_too_low_shows_what_was_missed_and_exits_1() -> None:
    result = run("7h 7s 8d 8c / 9h", "--claim", "20")
    assert result.exit_code == 1
    assert "total 24" in result.stdout
    assert result.stdout.splitlines()[-2:] == [
        "claim 20, count 24: 4 points missed",
        "(under muggins the opponent may take them)",
    ]


def test_claim_too_high_exits_1() -> None:
    result = run("7h 7s 8d 8c / 9h", "--claim", "29")
    assert result.exit_code == 1
    assert "over-claimed by 5 points" in result.stdout


def test_claim_in_json() -> None:
    result = run("7h 7s 8d 8c / 9h", "--claim", "20", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert (data["total"], data["claim"], data["difference"]) == (24, 20, -4)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["5h 5d 5x Js 5s"], ["'5x'", "column 7"]),
        (["5h", "5d", "5c", "Js", "5h"], ["5h appears twice"]),
        (["5h 5d 5c Js"], ["4 cards and no starter", "after a '/'"]),
        (["5h 5d 5c Js 5s 6s"], ["got 6 cards", "'6s'"]),
        (["5h 5d / 5c Js / 5s"], ["second '/'"]),
        (["score", ""], ["argument 1 is empty"]),
        (["5h", "", "5c", "Js", "5s"], ["argument 2 is empty"]),
        (["score"], ["no cards given"]),
        (
            ["5h 5d 5c Js 5s", "--claim", "abc"],
            ["--claim", "claimed count 'abc' is not a whole number", "as --claim 12"],
        ),
        (["5h 5d 5c Js 5s", "--claim", "-1"], ["--claim", "'-1' is not a whole number"]),
        (["5h 5d 5c Js 5s", "--claim", "1000"], ["--claim", "at most 999"]),
        (["5h 5d 5c Js 5s", "--format", "xml"], ["--format", "'xml'"]),
        (["5h 5d 5c Js 5s", "--nope"], ["--nope"]),
    ],
)
def test_bad_input_is_one_line_and_exits_2(args: list[str], words: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("cribcount: ")
    for word in words:
        assert word in result.stderr


@given(st.text())
def test_no_string_gives_a_traceback(text: str) -> None:
    result = run("score", text)
    assert result.exit_code in (0, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code == 2:
        assert len(result.stderr.splitlines()) == 1


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_bare_command_shows_help() -> None:
    result = run()
    assert result.exit_code == 0
    assert "Usage:" in result.stdout


@pytest.mark.parametrize("name", cli.list_commands(click.Context(cli)))
def test_every_command_has_help_with_an_example(name: str) -> None:
    result = run(name, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"cribcount {name}" in result.stdout


def test_main_returns_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("5h 5d 5c Js 5s") == 0
    assert status("5h 5d 5c Js 5s", "--claim", "28") == 1
    assert status("5h 5d 5c Js 5z") == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "cribcount: column 13: unknown suit 'z' in '5z': expected a suit (c d h s or ♣ ♦ ♥ ♠)"
    ]


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribcount", "5h 5d 5c Js / 5s", "--claim", "12"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "claim 12, count 29: 17 points missed" in done.stdout
    assert done.stderr == ""


def test_a_bad_claim_in_french_says_how_to_give_one() -> None:
    status, _, err = outcome("--lang", "fr", "5c 5k 5t Vp / 5p", "--claim", "abc")
    assert status == 2
    assert (
        "le compte annoncé 'abc' n'est pas un nombre entier :"
        " donnez les points annoncés, ainsi : --claim 12" in err
    )
