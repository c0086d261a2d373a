"""Shared test helpers: running the command line, building cards and hands.

Hypothesis runs without deadlines, since a test's speed is never its verdict
here (the machines are shared, and a slow example is not a wrong one).
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from cribcount.cards import DECK, Card, Hand, format_cards, parse_card, parse_hand
from cribcount.cli import cli
from cribcount.turns import Pegging

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
        cli(list(args))
    code = done.value.code
    assert isinstance(code, int)
    return code


def card(text: str) -> Card:
    """One card from its notation."""
    return parse_card(text)


def hand(text: str) -> Hand:
    """A hand and starter from notation such as ``5h 5d 5c Js / 5s``."""
    return parse_hand(text)


def random_play(rng: random.Random, players: int) -> tuple[str, str]:
    """A random legal play of a random deal, by the rules of the play: the cards laid, the hands."""
    deal = rng.sample(DECK, 4 * players)
    hands: list[list[Card]] = [deal[4 * i : 4 * i + 4] for i in range(players)]
    order: list[Card] = []
    count, turn, last = 0, 0, 0
    gone: set[int] = set()
    while any(hands):
        fits = [card for card in hands[turn] if count + card.value <= 31]
        if fits:
            card = rng.choice(fits)
            hands[turn].remove(card)
            order.append(card)
            count, last = count + card.value, turn
            if count == 31:
                count, gone = 0, set()
            turn = (turn + 1) % players
            continue
        gone.add(turn)
        waiting = [p for p in range(players) if hands[p] and p not in gone]
        if waiting:
            turn = min(waiting, key=lambda p: (p - turn) % players)
        else:
            count, gone, turn = 0, set(), (last + 1) % players
    seats = " | ".join(format_cards(deal[4 * i : 4 * i + 4]) for i in range(players))
    return format_cards(order), seats


Row = tuple[str, str | None, int, dict[str, int]]


def rows(pegging: Pegging) -> list[Row]:
    """Each turn as (player, card or None for a go, count, {kind: points})."""
    return [
        (
            play.player,
            None if play.card is None else str(play.card),
            play.count,
            {item.kind.value: item.points for item in play.items},
        )
        for play in pegging.plays
    ]
