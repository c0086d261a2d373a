"""Shared test helpers: running the command line, building cards and hands.

Hypothesis runs without deadlines, since a test's speed is never its verdict
here (the machines are shared, and a slow example is not a wrong one).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from cribcount.cards import Card, Hand, parse_card, parse_hand
from cribcount.cli import cli, main

settings.register_profile("cribcount", deadline=None)
settings.load_profile("cribcount")


def run(*args: str, stdin: bytes | str | None = None) -> Result:
    """Run ``cribcount ARGS`` through Click's test runner; ``stdin`` is its standard input."""
    result = CliRunner().invoke(cli, list(args), input=stdin)
    # A command ends by returning or by its exit status, never by another exception.
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def outcome(*args: str, stdin: bytes | str | None = None) -> tuple[int, str, str]:
    """``run``, as (exit status, stdout, stderr)."""
    result = run(*args, stdin=stdin)
    return result.exit_code, result.stdout, result.stderr


def status(*args: str) -> int:
    """Run ``cribcount ARGS`` through the console script's entry point; its exit status."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    code = done.value.code
    assert isinstance(code, int)
    return code


def card(text: str) -> Card:
    """One card from its notation."""
    return parse_card(text)


def hand(text: str) -> Hand:
    """A hand and starter from notation such as ``5h 5d 5c Js / 5s``."""
    return parse_hand(text)
