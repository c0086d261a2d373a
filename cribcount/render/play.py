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
import textwrap
from typing import Any

from cribcount import rules
from cribcount.cards import DECK, Card
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, Message
from cribcount.pegging_engine import SEATS, PlayAdvice
from cribcount.play import Pegging, PegItem, PegKind
from cribcount.render import TEXT_WIDTH, render_json
from cribcount.seats import partnership_name

__all__ = [
    "WIDTH",
    "describe_peg_item",
    "pegging_to_dict",
    "play_advice_to_dict",
    "render_play_advice",
    "render_play_advice_json",
    "render_pegging",
    "render_pegging_json",
]

WIDTH = TEXT_WIDTH
"""Columns the text of the play fits in: longer lines go on, indented, below."""

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


def describe_peg_item(item: PegItem, *, lang: Language = DEFAULT_LANGUAGE) -> str:
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
    teams = pegging.partnership_totals
    partnerships = {"partnerships": teams} if teams else {}
    return {
        "plays": [
            _turn_dict(play.player, play.card, play.count, play.items) for play in pegging.plays
        ],
        "totals": pegging.totals,
        **partnerships,
        **({"unfinished": True} if pegging.unfinished else {}),
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


_GO_INDEX = len(DECK)
"""A go's place among the cards, by ``Card.index``: after them."""
_CARD_WIDTH = 2
"""The card column's least width: a wider card widens it for the whole play."""


@functools.lru_cache(maxsize=1 << 14)
def _turn_json(player: str, card: int, count: int, items: tuple[PegItem, ...]) -> str:
    """One turn's JSON object, its card by index (``_GO_INDEX`` for a go): a number is quicker
    to look up than a card. Many plays share their turns, so the texts are remembered."""
    said = None if card == _GO_INDEX else DECK[card]
    return render_json(_turn_dict(player, said, count, items))


def render_pegging_json(pegging: Pegging, *, line: int | None = None) -> str:
    """``render_json(pegging_to_dict(pegging))``, put together from each turn's JSON text.

    ``line``, when given, comes first: ``{"line": 3, "plays": ...}``.
    """
    head = "{" if line is None else f'{{"line": {line}, '
    go = _GO_INDEX
    turns = ", ".join(
        [
            _turn_json(player, go if card is None else card.index, count, items)
            for player, card, count, items, _ in pegging.plays
        ]
    )
    teams = pegging.partnership_totals
    tail = f', "partnerships": {render_json(teams)}' if teams else ""
    tail += ', "unfinished": true' if pegging.unfinished else ""
    totals = _totals_json(pegging.players, tuple(pegging.totals.values()))
    return f'{head}"plays": [{turns}], "totals": {totals}{tail}}}'


@functools.lru_cache(maxsize=1 << 12)
def _totals_json(players: tuple[str, ...], points: tuple[int, ...]) -> str:
    """The totals' JSON object; plays end on the same few totals, so the texts are remembered."""
    return render_json(dict(zip(players, points, strict=True)))


@functools.lru_cache(maxsize=1 << 14)
def _said(items: tuple[PegItem, ...], lang: Language, indent: int) -> tuple[str, ...]:
    """What a turn scored, said after ``indent`` columns and wrapped: the first line without
    them, the lines after it indented; many plays share their turns, so they are remembered."""
    said = ", ".join(describe_peg_item(item, lang=lang) for item in items)
    lines = wrap_at_commas(said, first=" " * indent, then=" " * indent)
    return (lines[0][indent:], *lines[1:]) if lines else ()


_COUNT_TEXTS = tuple(f"{count:>2}" for count in range(rules.MAX_COUNT + 1))
"""Each running count as a turn's line writes it, right-aligned in two columns."""


@functools.cache
def _card_texts(lang: Language) -> tuple[tuple[str, ...], bool]:
    """Every card as ``lang`` writes it, by index, and at ``_GO_INDEX`` its word for a go; and
    whether they all fill the card column alike (as in English), so that none is padded."""
    texts = (*(lang.notation.card(card) for card in DECK), lang.say("go"))
    widths = set(map(len, texts))
    return texts, len(widths) == 1 and min(widths) >= _CARD_WIDTH


@functools.lru_cache(maxsize=1 << 6)
def _names(players: tuple[str, ...], lang: Language) -> tuple[dict[str, str], dict[str, str]]:
    """The players' names said in ``lang``, and the same padded to the longest, once a table."""
    names = {name: lang.say(name) for name in players}
    width = max(len(name) for name in names.values())
    return names, {name: said.ljust(width) for name, said in names.items()}


def render_pegging(pegging: Pegging, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """One line per turn (player, card or go, count, what it scored), then the totals.

    With partnerships, a last line gives each partnership's total.
    """
    names, padded = _names(pegging.players, lang)
    texts, even = _card_texts(lang)
    plays = pegging.plays
    go = _GO_INDEX
    cards = [texts[go if play.card is None else play.card.index] for play in plays]
    if not even:
        width = max([_CARD_WIDTH, *map(len, cards)])
        cards = [card.ljust(width) for card in cards]
    counts = _COUNT_TEXTS
    lines: list[str] = []
    for play, card in zip(plays, cards, strict=True):
        turn = f"{padded[play.player]}  {card}  {counts[play.count]}"
        if play.items:
            said = _said(play.items, lang, len(turn) + 2)
            if said:
                lines.append(f"{turn}  {said[0]}")
                lines += said[1:]
        else:
            lines.append(turn)
    lines += _totals_lines(
        pegging.players, tuple(pegging.totals.values()), pegging.unfinished, lang
    )
    if pegging.partnerships:
        teams = ", ".join(
            f"{partnership_name([names[name] for name in team])} {points}"
            for team, points in zip(
                pegging.partnerships, pegging.partnership_totals.values(), strict=True
            )
        )
        lines += wrap_at_commas(lang.say("partnerships: {teams}", teams=teams))
    return "\n".join(lines)


@functools.lru_cache(maxsize=1 << 12)
def _totals_lines(
    players: tuple[str, ...], points: tuple[int, ...], unfinished: bool, lang: Language
) -> tuple[str, ...]:
    """The line of the totals, wrapped; plays end on the same few totals, so it is remembered."""
    names = _names(players, lang)[0]
    totals = ", ".join(
        f"{names[name]} {total}" for name, total in zip(players, points, strict=True)
    )
    if unfinished:
        return tuple(
            wrap_at_commas(lang.say("totals so far: {totals} (play going on)", totals=totals))
        )
    return tuple(wrap_at_commas(lang.say("totals: {totals}", totals=totals)))


def wrap_at_commas(text: str, *, first: str = "", then: str = "  ") -> list[str]:
    """``text`` after ``first``, wrapped at ``WIDTH`` at its commas, go on lines after ``then``."""
    lines = _wrapped(text, len(first), len(then))
    return [first + lines[0], *(then + line for line in lines[1:])] if lines else []


@functools.lru_cache(maxsize=1 << 12)
def _wrapped(text: str, first: int, then: int) -> tuple[str, ...]:
    """``text`` wrapped at ``WIDTH`` at its commas, its first line after ``first`` columns and
    the others after ``then``, without those columns: only their widths change the wrapping."""
    # Break only after a comma: a no-break space holds "pair royal for 6" together.
    kept = text.replace(", ", ",\n").replace(" ", "\u00a0").replace(",\n", ", ")
    lines = textwrap.wrap(kept, WIDTH, initial_indent=" " * first, subsequent_indent=" " * then)
    return tuple(
        line[first if i == 0 else then :].replace("\u00a0", " ") for i, line in enumerate(lines)
    )


# --- the advice of the pegging engine -------------------------------------------------------


def play_advice_to_dict(advice: PlayAdvice) -> dict[str, Any]:
    """The engine's advice as plain data: the seat, the count, how the opponent's hands were
    taken, and every legal move (``card`` None for a go) with its expected points, best first."""
    return {
        "seat": advice.seat,
        "count": advice.count,
        "deals": advice.deals,
        "exhaustive": advice.exhaustive,
        "seed": advice.seed,
        "choices": [
            {
                "card": None if choice.card is None else str(choice.card),
                "mine": round(choice.mine, 3),
                "theirs": round(choice.theirs, 3),
                "net": round(choice.net, 3),
                "error": round(choice.error, 3),
            }
            for choice in advice.choices
        ],
    }


def render_play_advice_json(advice: PlayAdvice, *, line: int | None = None) -> str:
    """The advice's JSON object on one line; ``line``, when given, comes first."""
    head = {} if line is None else {"line": line}
    return render_json({**head, **play_advice_to_dict(advice)})


def render_play_advice(advice: PlayAdvice, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A heading (who plays at what count, how the opponent's hands were taken), then each
    legal move with the points to the end of the play: the player's, the opponent's, the net
    and its standard error."""
    rival = Message(SEATS[1 - SEATS.index(advice.seat)])  # a seat: the language's noun
    if advice.exhaustive:
        taken = lang.say("every hand {rival} may hold: {n} by rank", n=advice.deals, rival=rival)
    else:
        taken = lang.say(
            "{n} hands of {rival} drawn, seed {seed}",
            n=advice.deals,
            rival=rival,
            seed=advice.seed,
        )
    lines = [
        lang.say("{seat} to play at count {count}", seat=Message(advice.seat), count=advice.count),
        f"({taken})",
    ]
    heads = [lang.say("card"), lang.say("yours"), lang.say("theirs"), lang.say("net")]
    if not advice.exhaustive:
        heads.append(lang.say("error"))
    rows = [heads]
    for choice in advice.choices:
        card = lang.say("go") if choice.card is None else lang.notation.card(choice.card)
        figures = (choice.mine, ".2f"), (choice.theirs, ".2f"), (choice.net, "+.2f")
        row = [card, *(lang.number(value, spec) for value, spec in figures)]
        if not advice.exhaustive:
            row.append("±" + lang.number(choice.error, ".2f"))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(heads))]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
