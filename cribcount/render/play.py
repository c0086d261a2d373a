"""Rendering the play: one line per turn, and the play as plain data.

>>> from cribcount.play import peg
>>> print(render_pegging(peg("7c 8d 8h")))
pone    7c   7
dealer  8d  15  fifteen for 2
pone    8h  23  pair for 2, last card for 1
totals: pone 3, dealer 2
"""

from __future__ import annotations

from typing import Any

from cribcount import rules
from cribcount.errors import N_
from cribcount.language import DEFAULT, Language, language
from cribcount.play import Pegging, PegItem, PegKind
from cribcount.table import partnership_name

__all__ = ["describe_peg_item", "pegging_to_dict", "render_pegging"]

ENGLISH = language(DEFAULT)
_PEG_WORDS = {
    PegKind.FIFTEEN: N_("fifteen for {points}"),
    PegKind.THIRTY_ONE: N_("31 for {points}"),
    PegKind.GO: N_("go for {points}"),
    PegKind.LAST_CARD: N_("last card for {points}"),
}
# Pairs by the cards of the rank in a row: a pair, a pair royal (three), a double pair royal.
_PAIR_WORDS = {
    2: N_("pair for {points}"),
    3: N_("pair royal for {points}"),
    4: N_("double pair royal for {points}"),
}


def describe_peg_item(item: PegItem, *, lang: Language = ENGLISH) -> str:
    """How a pegged item is said: ``fifteen for 2``, ``pair royal for 6``, ``run of 4 for 4``."""
    if item.kind is PegKind.PAIR:
        cards = next(n for n in _PAIR_WORDS if rules.pair_points(n) == item.points)
        return lang.say(_PAIR_WORDS[cards], points=item.points)
    if item.kind is PegKind.RUN:
        return lang.say("run of {length} for {points}", length=item.points, points=item.points)
    return lang.say(_PEG_WORDS[item.kind], points=item.points)


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
    }


def render_pegging(pegging: Pegging, *, lang: Language = ENGLISH) -> str:
    """One line per turn (player, card or go, count, what it scored), then the totals.

    With partnerships, a last line gives each partnership's total.
    """
    names = {name: lang.say(name) for name in pegging.players}
    width = max(len(name) for name in names.values())
    cards = [
        lang.say("go") if p.card is None else lang.notation.card(p.card) for p in pegging.plays
    ]
    card_width = max([2, *map(len, cards)])
    lines = []
    for play, card in zip(pegging.plays, cards, strict=True):
        said = ", ".join(describe_peg_item(item, lang=lang) for item in play.items)
        line = f"{names[play.player]:<{width}}  {card:<{card_width}}  {play.count:>2}  {said}"
        lines.append(line.rstrip())
    totals = ", ".join(f"{names[name]} {points}" for name, points in pegging.totals.items())
    lines.append(lang.say("totals: {totals}", totals=totals))
    if pegging.partnerships:
        teams = ", ".join(
            f"{partnership_name([names[name] for name in team])} {points}"
            for team, points in zip(
                pegging.partnerships, pegging.partnership_totals.values(), strict=True
            )
        )
        lines.append(lang.say("partnerships: {teams}", teams=teams))
    return "\n".join(lines)
