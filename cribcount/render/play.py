"""Rendering the play: one line per turn, and the play as plain data.

>>> from cribcount.play import peg
>>> print(render_pegging(peg("7c 8d 8h")))
pone    7c   7
dealer  8d  15  fifteen for 2
pone    8h  23  pair for 2, last card for 1
totals: pone 3, dealer 2
"""

from __future__ import annotations

import functools
from typing import Any

from cribcount.cards import Card
from cribcount.play import Pegging, PegItem, PegKind
from cribcount.render import render_json
from cribcount.render.show import PAIR_NAMES

__all__ = ["describe_peg_item", "pegging_to_dict", "render_pegging", "render_pegging_json"]

_PEG_WORDS = {
    PegKind.FIFTEEN: "fifteen for {}",
    PegKind.THIRTY_ONE: "31 for {}",
    PegKind.RUN: "run of {0} for {0}",
    PegKind.GO: "go for {}",
    PegKind.LAST_CARD: "last card for {}",
}


def describe_peg_item(item: PegItem) -> str:
    """How a pegged item is said: ``fifteen for 2``, ``pair royal for 6``, ``run of 4 for 4``."""
    if item.kind is PegKind.PAIR:
        return PAIR_NAMES[item.points].removeprefix("a ")
    return _PEG_WORDS[item.kind].format(item.points)


def pegging_to_dict(pegging: Pegging) -> dict[str, Any]:
    """The play as plain data: each turn (player, card or None for a go, count, items), totals.

    With partnerships, ``partnerships`` holds each one's total, named ``first & third``.
    """
    teams = pegging.partnership_totals
    partnerships = {"partnerships": teams} if teams else {}
    return {
        "plays": [
            _turn_dict(play.player, play.card, play.count, play.items) for play in pegging.plays
        ],
        "totals": pegging.totals,
        **partnerships,
    }


def _turn_dict(
    player: str, card: Card | None, count: int, items: tuple[PegItem, ...]
) -> dict[str, Any]:
    return {
        "player": player,
        "card": None if card is None else str(card),
        "count": count,
        "items": [{"kind": item.kind.value, "points": item.points} for item in items],
        "points": sum(item.points for item in items),
    }


@functools.lru_cache(maxsize=1 << 14)
def _turn_json(player: str, card: Card | None, count: int, items: tuple[PegItem, ...]) -> str:
    """One turn's JSON object; many plays share their turns, so the texts are remembered."""
    return render_json(_turn_dict(player, card, count, items))


def render_pegging_json(pegging: Pegging, *, line: int | None = None) -> str:
    """``render_json(pegging_to_dict(pegging))``, put together from each turn's JSON text.

    ``line``, when given, comes first: ``{"line": 3, "plays": ...}``.
    """
    head = "{" if line is None else f'{{"line": {line}, '
    turns = ", ".join(
        _turn_json(play.player, play.card, play.count, play.items) for play in pegging.plays
    )
    teams = pegging.partnership_totals
    tail = f', "partnerships": {render_json(teams)}' if teams else ""
    return f'{head}"plays": [{turns}], "totals": {render_json(pegging.totals)}{tail}}}'


@functools.lru_cache(maxsize=1 << 14)
def _turn_line(player: str, card: Card | None, count: int, items: tuple[PegItem, ...]) -> str:
    """One turn's line; many plays share their turns, so the lines are remembered."""
    line = f"{player}  {'go' if card is None else str(card):<2}  {count:>2}"
    if items:
        line += "  " + ", ".join(describe_peg_item(item) for item in items)
    return line


def render_pegging(pegging: Pegging) -> str:
    """One line per turn (player, card or go, count, what it scored), then the totals.

    With partnerships, a last line gives each partnership's total.
    """
    width = max(len(name) for name in pegging.players)
    names = {name: name.ljust(width) for name in pegging.players}
    lines = [
        _turn_line(names[play.player], play.card, play.count, play.items) for play in pegging.plays
    ]
    totals = ", ".join(f"{name} {points}" for name, points in pegging.totals.items())
    lines.append(f"totals: {totals}")
    if partnerships := pegging.partnership_totals:
        teams = ", ".join(f"{name} {points}" for name, points in partnerships.items())
        lines.append(f"partnerships: {teams}")
    return "\n".join(lines)
