"""Rendering the discard advice: a table of every choice, and the advice as plain data."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cribcount.cards import DECK, Card
from cribcount.discard import Advice, Choice, Role
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, Message

if TYPE_CHECKING:
    from cribcount.discard_play import PlayedAdvice
    from cribcount.odds import KeepChances

__all__ = [
    "PlayedRow",
    "Row",
    "choice_rows",
    "discard_data",
    "discard_json",
    "discard_text",
    "discard_to_dict",
    "played_data",
    "played_json",
    "played_rows",
    "played_text",
    "played_to_dict",
    "render_discard",
    "render_played",
    "render_scored",
    "scored_to_dict",
]

_ROLES = {Role.DEALER: N_("dealer"), Role.PONE: N_("pone")}
_LABELS = (N_("keep"), N_("lay away"), N_("hand avg"), N_("min-max"), N_("crib avg"), N_("net"))

Row = tuple[tuple[Card, ...], tuple[Card, ...], float, int, int, float, float]
"""A choice as the output shows it: keep, lay away, hand avg, least and most, crib avg, net
(the floats nearest the exact values, as ``Choice.hand_float`` and its kin give them)."""
PlayedRow = tuple[
    tuple[Card, ...], tuple[Card, ...], float, int, int, float, float, float, float, float
]
"""A ``Row`` with the play: then peg, its standard error, and total (unrounded)."""


def choice_rows(advice: Advice) -> list[Row]:
    """The rows of the advice's choices, best first."""
    return [_row(choice) for choice in advice.choices]


def _row(c: Choice) -> Row:
    return (c.keep, c.discard, c.hand_float, c.hand_min, c.hand_max, c.crib_float, c.net_float)


def discard_to_dict(advice: Advice) -> dict[str, Any]:
    """The advice as plain data: role, heels and the options best first, values as floats.

    With more than two players, ``players`` and ``seat`` follow the role.
    """
    return discard_data(
        advice.role, advice.players, advice.seat, advice.heels_float, choice_rows(advice)
    )


def discard_data(
    role: Role, players: int, seat: int, heels: float, rows: Sequence[Row]
) -> dict[str, Any]:
    """``discard_to_dict`` of the advice whose rows are ``rows``."""
    table = {"players": players, "seat": seat} if players != 2 else {}
    return {
        "role": role.value,
        **table,
        "heels": heels,
        "options": [_option(row) for row in rows],
    }


def _option(row: Row | PlayedRow) -> dict[str, Any]:
    """One choice as plain data."""
    return {
        "keep": [str(card) for card in row[0]],
        "discard": [str(card) for card in row[1]],
        "hand": row[2],
        "hand_min": row[3],
        "hand_max": row[4],
        "crib": row[5],
        "net": row[6],
    }


_QUOTED = tuple(f'"{card}"' for card in DECK)
"""Each card as a JSON string, by ``Card.index``: its canonical notation needs no escape."""
_OPTION_JSON = (
    '{"keep": [%s], "discard": [%s], "hand": %r, "hand_min": %d, "hand_max": %d, "crib": %r,'
    ' "net": %r}'
)


def discard_json(
    line: int, role: Role, players: int, seat: int, heels: float, rows: Sequence[Row]
) -> str:
    """``render_json({"line": line, **discard_data(...)})``, written by ``%``: the same text
    (the JSON module writes a float by its ``repr``; a test checks), a few times faster."""
    table = f'"players": {players}, "seat": {seat}, ' if players != 2 else ""
    options = ", ".join([_OPTION_JSON % _json_cells(row) for row in rows])
    start = f'{{"line": {line}, "role": "{role.value}", {table}"heels": {heels!r}'
    return f'{start}, "options": [{options}]}}'


def played_json(line: int, role: Role, heels: float, rows: Sequence[PlayedRow]) -> str:
    """``render_json({"line": line, **played_data(...)})``, written as ``discard_json`` writes."""
    options = ", ".join(
        [
            _OPTION_JSON[:-1]
            % _json_cells(row)
            + f', "peg": {round(row[7], 4)!r}, "peg_error": {round(row[8], 4)!r},'
            f' "total": {round(row[9], 4)!r}}}'
            for row in rows
        ]
    )
    return (
        f'{{"line": {line}, "role": "{role.value}", "heels": {heels!r}, "options": [{options}],'
        ' "ranking": "hand+crib+peg"}'
    )


def _json_cells(row: Row | PlayedRow) -> tuple[object, ...]:
    """The cells of ``_OPTION_JSON`` for a row."""
    return (
        ", ".join([_QUOTED[card.index] for card in row[0]]),
        ", ".join([_QUOTED[card.index] for card in row[1]]),
        *row[2:7],
    )


class _Words:
    """What every table of a language says the same, said once: the words of ``render_discard``
    and ``render_played``, and the templates of what they say with values (``say``)."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.roles = {role: lang.say(word) for role, word in _ROLES.items()}
        self.labels = [lang.say(label) for label in _LABELS]
        self.play_labels = [lang.say(label) for label in _PLAY_LABELS]
        self.how = {
            Role.DEALER: lang.say("net = hand + crib + heels (the crib and heels are yours)"),
            Role.PONE: lang.say("net = hand - crib - heels (the dealer's crib and heels)"),
        }
        self.play_how = {
            Role.DEALER: lang.say(
                "total = {how}", how=Message("hand + crib + heels (yours) + peg")
            ),
            Role.PONE: lang.say(
                "total = {how}", how=Message("hand - crib - heels (the dealer's) + peg")
            ),
        }
        self.peg_note = lang.say("peg: your pegging less theirs, ± its standard error")
        self.ways: dict[tuple[str, int, int], str] = {}
        self.templates: dict[str, str] = {}

    def say(self, template: str, /, **written: object) -> str:
        """``lang.say(template, ...)`` of values already written as the language writes them
        (cards, numbers): the template translated once."""
        text = self.templates.get(template)
        if text is None:
            text = self.templates[template] = self.lang.catalog.gettext(template)
        return text.format(**written)

    def ways_line(self, template: str, ways: int, laid: int) -> str:
        """The line that says how many ways there are to lay away how many cards."""
        said = self.ways.get((template, ways, laid))
        if said is None:
            said = self.ways[template, ways, laid] = self.lang.say(template, ways=ways, laid=laid)
        return said


@functools.cache
def _words(lang: Language) -> _Words:
    return _Words(lang)


def _numbers(
    lang: Language, values: Sequence[float], specs: Sequence[tuple[str, int]]
) -> list[str]:
    """``lang.number(value, spec)`` of each value, ``specs`` saying each spec and how many values
    take it in turn: written by one ``%`` (``%`` with a spec writes a float as ``format``
    does) and translated once."""
    pattern = "".join([f"%{spec}\n" * count for spec, count in specs])
    text = pattern % tuple(values)
    if lang.separators is not None:
        text = text.translate(lang.separators)
    return text.split("\n")[:-1]


def _table(rows: Sequence[Sequence[str]], labels: Sequence[str], left: int) -> list[str]:
    """The header and the rows of a table, each column as wide as its widest entry: the first
    ``left`` columns to the left, two spaces after each, the rest to the right, one space
    between; the first row marked ``*``."""
    widths = [
        max(len(label), *map(len, column))
        for label, column in zip(labels, zip(*rows, strict=True), strict=True)
    ]
    cells = [f"%-{w}s  " for w in widths[:left]] + [f"%{w}s " for w in widths[left:]]
    pattern = "%s " + "".join(cells)[:-1]
    return [
        pattern % (" ", *labels),
        *[pattern % ("*" if i == 0 else " ", *row) for i, row in enumerate(rows)],
    ]


def render_discard(advice: Advice, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A table of every choice, best first, with how net is made up and the best marked."""
    return discard_text(
        lang,
        advice.role,
        advice.players,
        advice.seat,
        advice.cards,
        advice.heels_float,
        choice_rows(advice),
    )


def discard_text(
    lang: Language,
    role: Role,
    players: int,
    seat: int,
    cards: tuple[Card, ...],
    heels: float,
    rows: Sequence[Row],
    written: tuple[list[str], list[str]] | None = None,
) -> str:
    """``render_discard`` of the advice whose rows are ``rows``; ``written``, if given, holds
    each row's cards kept and laid away as ``lang`` writes them."""
    words = _words(lang)
    write = lang.notation.cards
    laid = len(rows[0][1])
    if players != 2:
        title = words.say(
            "{role}, holding {cards}, seat {seat} of {players} players:",
            role=words.roles[role],
            cards=write(cards),
            seat=seat,
            players=players,
        )
    else:
        title = words.say("{role}, holding {cards}:", role=words.roles[role], cards=write(cards))
    ways = words.ways_line(N_("{ways} ways to lay away {laid}, best first"), len(rows), laid)
    keeps, discards = written or ([write(row[0]) for row in rows], [write(row[1]) for row in rows])
    n = len(rows)
    values = [row[2] for row in rows] + [row[5] for row in rows] + [row[6] for row in rows]
    numbers = _numbers(lang, [*values, heels], [(".3f", 3 * n + 1)])
    hands, cribs, nets = numbers[:n], numbers[n : 2 * n], numbers[2 * n : 3 * n]
    ranges = [f"{row[3]}-{row[4]}" for row in rows]
    # Each column as wide as its widest entry as written (within 60 columns in English
    # and French): two spaces after the cards, one between numbers.
    table = list(zip(keeps, discards, hands, ranges, cribs, nets, strict=True))
    lines = [title, ways, *_table(table, words.labels, 2)]
    lines += [
        words.say(
            "heels {heels}: a jack turned is 2 to the dealer,\n  in no hand or crib",
            heels=numbers[-1],
        ),
        words.how[role],
        words.say(
            "best: keep {keep}, lay away {discard} (net {net})",
            keep=keeps[0],
            discard=discards[0],
            net=nets[0],
        ),
    ]
    return "\n".join(lines)


# --- the discard with the play ----------------------------------------------------------------

_PLAY_LABELS = (N_("keep"), N_("lay away"), N_("hand avg"), N_("crib avg"), N_("peg"), N_("total"))


def played_to_dict(played: PlayedAdvice) -> dict[str, Any]:
    """``discard_to_dict`` with the play: each option gains ``peg``, ``peg_error`` and ``total``,
    and the options run best total first; ``ranking`` says so."""
    advice = played.advice
    return played_data(advice.role, advice.heels_float, played_rows(played))


def played_data(role: Role, heels: float, rows: Sequence[PlayedRow]) -> dict[str, Any]:
    """``played_to_dict`` of the two-player advice whose rows are ``rows``."""
    options = []
    for row in rows:
        option = _option(row)
        option["peg"] = round(row[7], 4)
        option["peg_error"] = round(row[8], 4)
        option["total"] = round(row[9], 4)
        options.append(option)
    return {**discard_data(role, 2, 0, heels, ()), "ranking": "hand+crib+peg", "options": options}


def played_rows(played: PlayedAdvice) -> list[PlayedRow]:
    """The rows of the advice's choices with the play, best total first."""
    return [
        (*_row(entry.choice), entry.peg, entry.peg_error, entry.total) for entry in played.choices
    ]


def render_played(played: PlayedAdvice, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A table of every choice, best total first: hand and crib (exact), the net pegging with
    its standard error, and the total."""
    advice = played.advice
    return played_text(lang, advice.role, advice.cards, played_rows(played))


def played_text(
    lang: Language,
    role: Role,
    cards: tuple[Card, ...],
    rows: Sequence[PlayedRow],
    written: tuple[list[str], list[str]] | None = None,
) -> str:
    """``render_played`` of the two-player advice whose rows are ``rows`` (and ``written``, as
    ``discard_text`` takes it)."""
    words = _words(lang)
    write = lang.notation.cards
    title = words.say("{role}, holding {cards}:", role=words.roles[role], cards=write(cards))
    ways = words.ways_line(
        N_("{ways} ways to lay away {laid}, best first by hand + crib + peg"),
        len(rows),
        len(rows[0][1]),
    )
    keeps, discards = written or ([write(row[0]) for row in rows], [write(row[1]) for row in rows])
    n = len(rows)
    values = [row[2] for row in rows] + [row[5] for row in rows] + [row[9] for row in rows]
    values += [row[7] for row in rows] + [row[8] for row in rows]
    numbers = _numbers(lang, values, [(".3f", 3 * n), ("+.2f", n), (".2f", n)])
    pegs, errors = numbers[3 * n : 4 * n], numbers[4 * n :]
    table = list(
        zip(
            keeps,
            discards,
            numbers[:n],
            numbers[n : 2 * n],
            [f"{peg}±{error}" for peg, error in zip(pegs, errors, strict=True)],
            numbers[2 * n : 3 * n],
            strict=True,
        )
    )
    lines = [title, ways, *_table(table, words.play_labels, 2)]
    best = table[0]
    lines += [
        words.play_how[role],
        words.peg_note,
        words.say(
            "best: keep {keep}, lay away {discard} (total {total})",
            keep=best[0],
            discard=best[1],
            total=best[5],
        ),
    ]
    return "\n".join(lines)


# --- the discard ranked by the chance to win from a score -------------------------------------

_SCORED_LABELS = (N_("keep"), N_("lay away"), N_("total"), N_("win"))


def scored_to_dict(
    played: PlayedAdvice, ranked: list[KeepChances], me: int, opponent: int, game: int
) -> dict[str, Any]:
    """``played_to_dict`` with the score: each option gains its chances to win (``win``,
    ``skunk``, ``double_skunk``: yours; ``lose_skunked``, the opponent's skunk), the options
    run best chance first, and ``best_total`` names the best by points."""
    data = played_to_dict(played)
    by_entry = dict(zip(played.choices, data["options"], strict=True))
    options = []
    for kept in ranked:
        option = dict(by_entry[kept.entry])
        option["win"] = round(kept.mine.win, 6)
        option["skunk"] = round(kept.mine.skunk, 6)
        option["double_skunk"] = round(kept.mine.double, 6)
        option["lose_skunked"] = round(kept.theirs.skunk, 6)
        options.append(option)
    return {
        **data,
        "score": {"me": me, "opponent": opponent, "game": game},
        "ranking": "win",
        "best_total": {
            "keep": [str(card) for card in played.best.choice.keep],
            "discard": [str(card) for card in played.best.choice.discard],
        },
        "options": options,
    }


def render_scored(
    played: PlayedAdvice,
    ranked: list[KeepChances],
    me: int,
    opponent: int,
    game: int,
    *,
    lang: Language = DEFAULT_LANGUAGE,
) -> str:
    """A table of every choice, best chance to win first, with its expected total beside it,
    and the best by points when it is another."""
    from cribcount.render.odds import percent

    advice = played.advice
    role = lang.say(_ROLES[advice.role])
    rows = [
        [
            lang.cards(kept.entry.choice.keep),
            lang.cards(kept.entry.choice.discard),
            lang.number(kept.entry.total, ".3f"),
            percent(kept.mine.win, lang),
        ]
        for kept in ranked
    ]
    labels = [lang.say(label) for label in _SCORED_LABELS]
    widths = [max(len(label), *(len(row[i]) for row in rows)) for i, label in enumerate(labels)]

    def line(mark: str, cells: list[str]) -> str:
        return (
            f"{mark} {cells[0]:<{widths[0]}}  {cells[1]:<{widths[1]}}"
            f"  {cells[2]:>{widths[2]}}  {cells[3]:>{widths[3]}}"
        )

    lines = [
        lang.say("{role}, holding {cards}:", role=role, cards=advice.cards),
        lang.say(
            "you {me}, opponent {opponent}, game to {game}:", me=me, opponent=opponent, game=game
        ),
        lang.say("best first by the chance to win the game"),
        line(" ", labels),
        *(line("*" if i == 0 else " ", row) for i, row in enumerate(rows)),
        lang.say("total: hand, crib, heels and peg, as without --score"),
    ]
    best = played.best
    if best is not ranked[0].entry:
        chance = next(kept.mine.win for kept in ranked if kept.entry is best)
        lines.append(
            lang.say(
                "best on points: keep {keep} (total {total}),\n  {chance} to win",
                keep=best.choice.keep,
                total=lang.number(best.total, ".3f"),
                chance=percent(chance, lang),
            )
        )
    else:
        lines.append(lang.say("the best on points is the best to win"))
    return "\n".join(lines)
