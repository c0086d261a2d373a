"""Suit symbols whatever the locale, and help under ``python -OO``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_cli_faults import CRIBCOUNT

from cribcount.cli.base import as_typed


def c_locale(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    """Run ``args`` in the C locale, with Python's UTF-8 mode off: arguments come as ASCII."""
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"}
    return subprocess.run(args, input=stdin.encode(), capture_output=True, env=env, timeout=60)


def test_suit_symbols_in_arguments_and_on_standard_input_under_the_c_locale() -> None:
    typed = c_locale([*CRIBCOUNT, "5♥", "5♦", "5♣", "J♠", "/", "5♠"])
    piped = c_locale([*CRIBCOUNT, "-"], stdin="5♥ 5♦ 5♣ J♠ / 5♠\n")
    play = c_locale([*CRIBCOUNT, "peg", "7♣ 8♦ 8♥"])
    for done in (typed, piped):
        assert (done.returncode, done.stderr) == (0, b"")
        assert done.stdout.splitlines()[-1] == b"total 29"
    assert play.stdout.splitlines()[-1] == b"totals: pone 3, dealer 2"


def test_an_argument_escaped_by_the_locale_is_read_as_the_utf8_typed() -> None:
    escaped = "5♥".encode().decode("ascii", errors="surrogateescape")
    assert escaped != "5♥"
    assert as_typed(escaped) == "5♥"
    assert as_typed("5♥ 5h") == "5♥ 5h"


@pytest.mark.parametrize("command", [[], ["game"]])
def test_help_keeps_its_text_and_examples_under_python_oo(command: list[str]) -> None:
    args = [sys.executable, "-OO", "-m", "cribcount", *command, "--help"]
    optimised = subprocess.run(args, capture_output=True, timeout=60)
    plain = subprocess.run([*CRIBCOUNT, *command, "--help"], capture_output=True, timeout=60)
    assert optimised.returncode == 0
    assert b"Examples:" in optimised.stdout
    assert optimised.stdout == plain.stdout
