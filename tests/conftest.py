"""Shared test helpers: running the command line, building cards and hands, simulating a play.

Hypothesis runs without deadlines, since a test's speed is never its verdict
here (the machines are shared, and a slow example is not a wrong one).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from cribcount.cards import DECK, Card, Hand, format_cards, parse_card, parse_hand
from cribcount.cli import cli
from cribcount.turns import Pegging

# A few examples a property in the default run; the thorough profile (CI's run of the slow
# checks: --hypothesis-profile thorough) tries many more.
settings.register_profile("cribcount", deadline=None, max_examples=25)
settings.register_profile("thorough", deadline=None, max_examples=300)
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


# --- the play, simulated: written from RULES.md ("The play"), never calling the package's play ---

Row = tuple[str, str | None, int, dict[str, int]]
"""A turn as (player, card or None for a go, count, {kind: points})."""

SEAT_NAMES = {
    2: ["pone", "dealer"],
    3: ["first", "second", "dealer"],
    4: ["first", "second", "third", "dealer"],
    5: ["first", "second", "third", "fourth", "dealer"],
    6: ["first", "second", "third", "fourth", "fifth", "dealer"],
}
"""The players' names by table size, seat 1 first and the dealer last, as the rules seat them."""


def value(card: Card) -> int:
    """Counting value, written out: A is 1, face cards 10."""
    rank = int(card.rank)
    return 10 if rank > 10 else rank


def plain_points(pile: list[Card]) -> dict[str, int]:
    """What the last card of ``pile`` (the current count) scores, recomputed from scratch."""
    points: dict[str, int] = {}
    total = sum(value(card) for card in pile)
    if total == 15:
        points["fifteen"] = 2
    if total == 31:
        points["thirty-one"] = 2
    # Pairs: every two cards in the block of equal ranks at the end is a pair worth 2.
    block = [pile[-1]]
    for card in reversed(pile[:-1]):
        if card.rank != pile[-1].rank:
            break
        block.append(card)
    pairs = len(list(combinations(block, 2)))
    if pairs:
        points["pair"] = 2 * pairs
    # Runs: try every tail of 3 or more cards, sorted; keep the longest whose steps are all 1.
    best = 0
    for length in range(3, len(pile) + 1):
        ranks = sorted(int(card.rank) for card in pile[-length:])
        if all(high - low == 1 for low, high in zip(ranks, ranks[1:], strict=False)):
            best = length
    if best:
        points["run"] = best
    return points


def simulate(
    dealt: Sequence[Sequence[Card]], rng: random.Random
) -> tuple[list[tuple[str, bool]], list[Row]]:
    """Play a random legal play of two to six hands (dealer last), as players at a table do.

    Returns the play as words (each card, and each go), each marked with
    whether it must be written when no hands are given, and the expected
    turns: each card laid and each go point, as (player, card or None, count,
    points).
    """
    n = len(dealt)
    names = SEAT_NAMES[n]
    hands = [list(hand) for hand in dealt]
    words: list[tuple[str, bool]] = []
    expected: list[Row] = []
    pile: list[Card] = []
    said_go: set[int] = set()
    turn = 0
    last = -1

    def count() -> int:
        return sum(value(card) for card in pile)

    def can_play(player: int) -> list[Card]:
        return [card for card in hands[player] if count() + value(card) <= 31]

    def still_in(player: int) -> bool:
        return bool(hands[player]) and player not in said_go

    while any(hands):
        choices = can_play(turn)
        if choices:
            card = rng.choice(choices)
            hands[turn].remove(card)
            pile.append(card)
            last = turn
            words.append((str(card), True))
            expected.append((names[turn], str(card), count(), plain_points(pile)))
            if count() == 31:
                pile, said_go = [], set()
            turn = (turn + 1) % n
            continue
        if still_in(turn):
            said_go.add(turn)
            # A go must be written while another player may still play; the last one
            # follows from the next card, which cannot fit either.
            words.append(("go", any(still_in(p) for p in range(n))))
        waiting = [p for p in range(n) if still_in(p)]
        if waiting:
            # The turn passes round the table to the next player still in the count.
            turn = min(waiting, key=lambda p: (p - turn) % n)
            continue
        # Nobody can add to the count: the last player to lay a card takes the go.
        expected.append((names[last], None, count(), {"go": 1}))
        pile, said_go = [], set()
        turn = (last + 1) % n
    if pile:
        player, laid, total, points = expected[-1]
        expected[-1] = (player, laid, total, {**points, "last-card": 1})
    return words, expected


def random_play(rng: random.Random, players: int) -> tuple[str, str]:
    """A random legal play of a random deal, by ``simulate``: the cards laid, the hands."""
    deal = rng.sample(DECK, 4 * players)
    hands = [deal[4 * i : 4 * i + 4] for i in range(players)]
    words, _ = simulate(hands, rng)
    seats = " | ".join(format_cards(hand) for hand in hands)
    return " ".join(word for word, _ in words if word != "go"), seats


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


def damaged(data: bytes, damage: Sequence[tuple[int, str]], junk: bytes) -> bytes:
    """``data`` with each of ``damage`` done in turn: at a place (taken modulo the length), a
    byte deleted, a bit flipped, ``junk`` inserted, or the rest cut off."""
    out = bytearray(data)
    for at, how in damage:
        at %= len(out) or 1
        if how == "delete" and out:
            del out[at]
        elif how == "flip" and out:
            out[at] ^= 1 << (at % 8)
        elif how == "insert":
            out[at:at] = junk
        elif how == "cut":
            del out[at:]
    return bytes(out)
