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
    "QUOTED",
    "Row",
    "Words",
    "advice_json",
    "choice_rows",
    "discard_data",
    "discard_json",
    "discard_text",
    "discard_to_dict",
    "numbers",
    "option_json",
    "peg_texts",
    "played_data",
    "played_json",
    "played_rows",
    "played_text",
    "played_to_dict",
    "render_discard",
    "render_played",
    "render_scored",
    "scored_to_dict",
    "table_pattern",
    "words",
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


QUOTED = tuple(f'"{card}"' for card in DECK)
"""Each card as a JSON string, by ``Card.index``: its canonical notation needs no escape."""


def option_json(*, play: bool) -> str:
    """One option of the JSON advice as a ``%`` template: the cards kept and those laid away
    (each written as ``QUOTED``, ``", "`` between), then hand, hand_min, hand_max, crib and net
    and, with the play, peg, peg_error and total (rounded to 4 places), each a ``%s`` of the
    number as the JSON module writes it (a float by its ``repr``; a test checks)."""
    played = ', "peg": %s, "peg_error": %s, "total": %s' if play else ""
    return (
        '{"keep": [%s], "discard": [%s], "hand": %s, "hand_min": %s, "hand_max": %s,'
        f' "crib": %s, "net": %s{played}}}'
    )


def advice_json(role: Role, players: int, seat: int, *, play: bool) -> tuple[str, str]:
    """The JSON advice of a deal around its options, after ``{"line": N, ``: the part before
    them as a ``%`` template of the heels (written), and the part after them."""
    table = f'"players": {players}, "seat": {seat}, ' if players != 2 else ""
    start = f'"role": "{role.value}", {table}"heels": %s, "options": ['
    return start, ('], "ranking": "hand+crib+peg"}' if play else "]}")


def discard_json(
    line: int, role: Role, players: int, seat: int, heels: float, rows: Sequence[Row]
) -> str:
    """``render_json({"line": line, **discard_data(...)})``, written by ``%``: the same text
    (the JSON module writes a float by its ``repr``; a test checks), a few times faster."""
    start, end = advice_json(role, players, seat, play=False)
    option = option_json(play=False)
    options = ", ".join([option % _json_cells(row) for row in rows])
    return f'{{"line": {line}, {start % repr(heels)}{options}{end}'


def played_json(line: int, role: Role, heels: float, rows: Sequence[PlayedRow]) -> str:
    """``render_json({"line": line, **played_data(...)})``, written as ``discard_json`` writes."""
    start, end = advice_json(role, 2, 0, play=True)
    option = option_json(play=True)
    options = ", ".join(
        [
            option % (*_json_cells(row), *[repr(round(figure, 4)) for figure in row[7:10]])
            for row in rows
        ]
    )
    return f'{{"line": {line}, {start % repr(heels)}{options}{end}'


def _json_cells(row: Row | PlayedRow) -> tuple[object, ...]:
    """The cells of ``option_json`` for a row, up to net."""
    return (
        ", ".join([QUOTED[card.index] for card in row[0]]),
        ", ".join([QUOTED[card.index] for card in row[1]]),
        repr(row[2]),
        row[3],
        row[4],
        repr(row[5]),
        repr(row[6]),
    )


class Words:
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

    def ways_line(self, ways: int, laid: int, *, play: bool) -> str:
        """The line that says how many ways there are to lay away how many cards (and, with
        the play, how they are ranked)."""
        template = _PLAYED_WAYS if play else _WAYS
        said = self.ways.get((template, ways, laid))
        if said is None:
            said = self.ways[template, ways, laid] = self.lang.say(template, ways=ways, laid=laid)
        return said

    def title(self, role: Role, players: int, seat: int, cards: str) -> str:
        """The first line of a table: whose crib, the cards held (``cards``, written) and, with
        more than two players, the seat."""
        if players != 2:
            return self.say(
                "{role}, holding {cards}, seat {seat} of {players} players:",
                role=self.roles[role],
                cards=cards,
                seat=seat,
                players=players,
            )
        return self.say("{role}, holding {cards}:", role=self.roles[role], cards=cards)

    def heels_line(self, heels: str) -> str:
        """What heels is worth (``heels``, written) and to whom."""
        return self.say(
            "heels {heels}: a jack turned is 2 to the dealer,\n  in no hand or crib", heels=heels
        )

    def best(self, keep: str, discard: str, figure: str, *, play: bool) -> str:
        """The last line: the best choice and its net (its total, with the play)."""
        if play:
            return self.say(
                "best: keep {keep}, lay away {discard} (total {total})",
                keep=keep,
                discard=discard,
                total=figure,
            )
        return self.say(
            "best: keep {keep}, lay away {discard} (net {net})",
            keep=keep,
            discard=discard,
            net=figure,
        )


_WAYS = N_("{ways} ways to lay away {laid}, best first")
_PLAYED_WAYS = N_("{ways} ways to lay away {laid}, best first by hand + crib + peg")


@functools.cache
def words(lang: Language) -> Words:
    """The ``Words`` of ``lang``, made once."""
    return Words(lang)


def numbers(lang: Language, values: Sequence[float], specs: Sequence[tuple[str, int]]) -> list[str]:
    """``lang.number(value, spec)`` of each value, ``specs`` saying each spec and how many values
    take it in turn: written by one ``%`` (``%`` with a spec writes a float as ``format``
    does) and translated once."""
    pattern = "".join([f"%{spec}\n" * count for spec, count in specs])
    text = pattern % tuple(values)
    if lang.separators is not None:
        text = text.translate(lang.separators)
    return text.split("\n")[:-1]


def table_pattern(widths: Sequence[int], left: int) -> str:
    """The ``%`` template of a row of a table, its mark (``*`` for the best, else a space)
    first: the first ``left`` columns to the left, each as wide as ``widths`` says with two
    spaces after it, the rest to the right, one space between."""
    cells = [f"%-{w}s  " for w in widths[:left]] + [f"%{w}s " for w in widths[left:]]
    return "%s " + "".join(cells)[:-1]


def _table(rows: Sequence[Sequence[str]], labels: Sequence[str], left: int) -> list[str]:
    """The header and the rows of a table (``table_pattern``), each column as wide as its
    widest entry; the first row marked ``*``."""
    widths = [
        max(len(label), *map(len, column))
        for label, column in zip(labels, zip(*rows, strict=True), strict=True)
    ]
    pattern = table_pattern(widths, left)
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


def _columns(
    lang: Language, rows: Sequence[Row] | Sequence[PlayedRow], last: list[float], *more: float
) -> tuple[list[str], list[str], list[str]]:
    """What a table of choices writes of its rows, in ``lang``: the kept cards and the cards
    laid away of each row; then, to 3 places, each row's hand and crib, the ``last`` column
    (a figure a row) and ``more``."""
    write = lang.notation.cards
    values = [row[2] for row in rows] + [row[5] for row in rows] + last
    written = numbers(lang, [*values, *more], [(".3f", len(values) + len(more))])
    return [write(row[0]) for row in rows], [write(row[1]) for row in rows], written


def discard_text(
    lang: Language,
    role: Role,
    players: int,
    seat: int,
    cards: tuple[Card, ...],
    heels: float,
    rows: Sequence[Row],
) -> str:
    """``render_discard`` of the advice whose rows are ``rows``."""
    said = words(lang)
    write = lang.notation.cards
    keeps, discards, written = _columns(lang, rows, [row[6] for row in rows], heels)
    n = len(rows)
    hands, cribs, nets = written[:n], written[n : 2 * n], written[2 * n : 3 * n]
    ranges = [f"{row[3]}-{row[4]}" for row in rows]
    # Each column as wide as its widest entry as written (within 60 columns in English
    # and French): two spaces after the cards, one between numbers.
    table = list(zip(keeps, discards, hands, ranges, cribs, nets, strict=True))
    lines = [
        said.title(role, players, seat, write(cards)),
        said.ways_line(n, len(rows[0][1]), play=False),
        *_table(table, said.labels, 2),
        said.heels_line(written[-1]),
        said.how[role],
        said.best(keeps[0], discards[0], nets[0], play=False),
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
    lang: Language, role: Role, cards: tuple[Card, ...], rows: Sequence[PlayedRow]
) -> str:
    """``render_played`` of the two-player advice whose rows are ``rows``."""
    said = words(lang)
    write = lang.notation.cards
    keeps, discards, written = _columns(lang, rows, [row[9] for row in rows])
    n = len(rows)
    pegs = peg_texts(lang, [row[7] for row in rows], [row[8] for row in rows])
    totals = written[2 * n : 3 * n]
    table = list(zip(keeps, discards, written[:n], written[n : 2 * n], pegs, totals, strict=True))
    lines = [
        said.title(role, 2, 0, write(cards)),
        said.ways_line(n, len(rows[0][1]), play=True),
        *_table(table, said.play_labels, 2),
        said.play_how[role],
        said.peg_note,
        said.best(keeps[0], discards[0], totals[0], play=True),
    ]
    return "\n".join(lines)


def peg_texts(lang: Language, pegs: Sequence[float], errors: Sequence[float]) -> list[str]:
    """Each net pegging with its standard error, as the table's ``peg`` column writes them."""
    n = len(pegs)
    written = numbers(lang, [*pegs, *errors], [("+.2f", n), (".2f", n)])
    return [f"{peg}±{error}" for peg, error in zip(written[:n], written[n:], strict=True)]


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
