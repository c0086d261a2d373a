"""Rendering the play: one line per turn, and the play as plain data.

>>> from cribcount.play import peg
>>> print(render_pegging(peg("7c 8d 8h")))
pone    7c   7
dealer  8d  15  fifteen for 2
pone    8h  23  pair for 2, last card for 1
totals: pone 3, dealer 2
"""

from __future__ import annotations

import textwrap
from typing import Any

from cribcount.play import Pegging, PegItem, PegKind
from cribcount.render.show import PAIR_NAMES

__all__ = ["WIDTH", "describe_peg_item", "pegging_to_dict", "render_pegging"]

WIDTH = 60
"""Columns the text of the play fits in: longer lines go on, indented, below."""

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
    partnerships = (
        {"partnerships": pegging.partnership_totals} if pegging.partnership_totals else {}
    )
    return {
        "plays": [
            {
                "player": play.player,
                "card": None if play.card is None else str(play.card),
                "count": play.count,
                "items": [{"kind": item.kind.value, "points": item.points} for item in play.items],
                "points": play.points,
            }
            for play in pegging.plays
        ],
        "totals": pegging.totals,
        **partnerships,
        **({"unfinished": True} if pegging.unfinished else {}),
    }


def render_pegging(pegging: Pegging) -> str:
    """One line per turn (player, card or go, count, what it scored), then the totals.

    With partnerships, a last line gives each partnership's total.
    """
    width = max(len(name) for name in pegging.players)
    lines = []
    for play in pegging.plays:
        card = "go" if play.card is None else str(play.card)
        said = ", ".join(describe_peg_item(item) for item in play.items)
        turn = f"{play.player:<{width}}  {card:<2}  {play.count:>2}  "
        lines += _fill(said, first=turn, then=" " * len(turn)) if said else [turn.rstrip()]
    totals = ", ".join(f"{name} {points}" for name, points in pegging.totals.items())
    if pegging.unfinished:
        lines += _fill(f"{totals} (play going on)", first="totals so far: ")
    else:
        lines += _fill(totals, first="totals: ")
    if pegging.partnership_totals:
        teams = ", ".join(f"{name} {points}" for name, points in pegging.partnership_totals.items())
        lines += _fill(teams, first="partnerships: ")
    return "\n".join(lines)


def _fill(text: str, *, first: str, then: str = "  ") -> list[str]:
    """``text`` after ``first``, wrapped at ``WIDTH`` at its commas, go on lines after ``then``."""
    # Break only after a comma: a no-break space holds "pair royal for 6" together.
    kept = text.replace(", ", ",\n").replace(" ", "\u00a0").replace(",\n", ", ")
    lines = textwrap.wrap(kept, WIDTH, initial_indent=first, subsequent_indent=then)
    return [line.replace("\u00a0", " ") for line in lines]
