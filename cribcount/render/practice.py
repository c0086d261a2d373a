"""Rendering counting practice: pure functions from deals, records and figures to text.

Text is in a ``Language`` (English by default). The deal line ``hand CARDS /
STARTER`` (``crib ...``, ``play ...``) is written in the language's words and
notation only when asked (``canonical=False``): the command asks on a terminal,
and through a pipe keeps the English line that scripts read.

>>> from cribcount.practice import Practice
>>> session = Practice(7, clock=iter([0.0, 3.4]).__next__)
>>> print(render_deal(session.deal()))
hand 6c 3d 7d Jd / As
>>> print(render_answer(session.answer(0), match=None))
right: 0 (3.4 s)
"""

from __future__ import annotations

import textwrap

from cribcount.errors import quote
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_
from cribcount.practice import (
    CardDeal,
    CardRecord,
    CountDeal,
    Deal,
    Drill,
    PegDeal,
    PracticeRecord,
)
from cribcount.practice_log import PracticeSummary, Report
from cribcount.render import TEXT_WIDTH
from cribcount.render.play import describe_peg_item
from cribcount.render.show import render_claim, render_count

__all__ = [
    "PROMPT",
    "prompt",
    "render_deal",
    "render_not_understood",
    "render_answer",
    "render_practice_summary",
    "render_report",
    "render_start",
    "render_card_answer",
]

_INDENT = "  "
PROMPT = N_("count: ")
CARD_PROMPT = N_("card: ")
"""What is asked after each deal, in English: on a terminal before the answer, through a pipe
with the answer read after it, so that the output reads as the session."""
_REPORT_LABELS = (
    N_("week"),
    N_("hands"),
    N_("right"),
    N_("accuracy"),
    N_("median s"),
    N_("missed"),
    N_("over"),
)
_REPORT_WIDTHS = (8, 5, 5, 8, 8, 6, 4)


def prompt(*, lang: Language = DEFAULT_LANGUAGE, card: bool = False) -> str:
    """The prompt after each deal (``card``: after a turn of the best-card drill), in ``lang``."""
    return lang.say(CARD_PROMPT if card else PROMPT)


def render_start(
    seed: int, *, drill: Drill, muggins: bool, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """The first lines: the seed that replays the session, and how to answer."""
    if drill is Drill.CARD:
        start = lang.say("practice --seed {seed}: lay the best card", seed=seed)
        return start + "\n" + lang.say("(? shows it, q stops; the engine judges)")
    if drill is Drill.PLAY:
        start = lang.say("practice --seed {seed}: answer what the last card pegs", seed=seed)
    else:
        start = lang.say("practice --seed {seed}: answer the count", seed=seed)
    if muggins:
        return start + "\n" + lang.say("(? shows it, q stops; the table calls muggins)")
    return start + "\n" + lang.say("(? shows it, q stops)")


def render_deal(deal: Deal, *, lang: Language = DEFAULT_LANGUAGE, canonical: bool = True) -> str:
    """One line: ``hand 5h 5d 5c Js / 5s``, ``crib ...``, or ``play Kc 9d Th go 2s, count 31``.

    ``canonical`` keeps the line in English words and canonical notation whatever ``lang``.
    """
    said = DEFAULT_LANGUAGE if canonical else lang
    if isinstance(deal, CardDeal):
        moves = " ".join(
            said.say("go") if card is None else said.notation.card(card) for card in deal.moves
        )
        line = said.say(
            "{seat} {cards} / {starter}",
            seat=said.say(deal.seat),
            cards=said.cards(deal.held),
            starter=said.notation.card(deal.starter),
        )
        if not moves:
            return said.say("{line}, you lead", line=line)
        line = said.say(
            "{line}, play {moves}, count {count}", line=line, moves=moves, count=deal.count
        )
        # Through a pipe the turn stays one line, as scripts read it.
        return line if canonical else "\n".join(textwrap.wrap(line, TEXT_WIDTH))
    if isinstance(deal, PegDeal):
        moves = " ".join(
            said.say("go") if card is None else said.notation.card(card) for card in deal.moves
        )
        return said.say("play {moves}, count {count}", moves=moves, count=deal.running)
    cards = f"{said.cards(deal.hand.cards)} / {said.notation.card(deal.hand.starter)}"
    if deal.crib:
        return said.say("crib {cards}", cards=cards)
    return said.say("hand {cards}", cards=cards)


def render_not_understood(
    line: str, *, lang: Language = DEFAULT_LANGUAGE, card: bool = False
) -> str:
    """The answer to a line that is neither a count (``card``: a card that may be laid), ``?``
    nor ``q``."""
    # Quoted as errors quote their input: escaped, and a long answer cut short.
    quoted = quote(line.strip())
    if card:
        return lang.say(
            "not understood: {line}; answer a card you may lay, ? to see the best or q to stop",
            line=quoted,
        )
    return lang.say(
        "not understood: {line}; answer a whole number, ? to see the count or q to stop",
        line=quoted,
    )


def render_card_answer(record: CardRecord, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """What follows a best-card answer: right, or the best card and what the answer loses in
    expected net points (the engine's figures, with their standard error)."""
    choices = record.deal.advice.choices
    best = lang.cards(record.best)
    if record.right:
        said = lang.say(
            "right: {card} ({seconds} s)",
            card=record.answer,
            seconds=_seconds(record.seconds, lang),
        )
    elif record.answer is None:
        said = lang.say("best: {best}", best=best)
    else:
        error = next(choice.error for choice in choices if choice.card == record.answer)
        said = lang.say(
            "best: {best}; {card} loses {loss} ± {error} expected points",
            best=best,
            card=record.answer,
            loss=lang.number(record.loss, ".2f"),
            error=lang.number(error, ".2f"),
        )
    figures = ", ".join(
        f"{lang.notation.card(choice.card)} {lang.number(choice.net, '+.2f')}"
        for choice in choices
        if choice.card is not None
    )
    return said + "\n" + _INDENT + lang.say("net: {figures}", figures=figures)


def _truth(deal: CountDeal, lang: Language) -> str:
    """The whole count of a deal, as ``score`` writes it (indented), or what the last card pegs."""
    if isinstance(deal, PegDeal):
        said = ", ".join(describe_peg_item(item, lang=lang) for item in deal.items)
        if not said:
            return lang.say("{card} pegs nothing", card=deal.card)
        return lang.say(
            "{card} pegs {points}: {said}", card=deal.card, points=deal.points, said=said
        )
    # Indented, so that the only lines that begin with "hand " or "crib " are the deals.
    return textwrap.indent(render_count(deal.count, lang=lang), _INDENT)


def _match_line(match: tuple[int, int], lang: Language) -> str:
    return lang.say("match: you {you}, the table {table}", you=match[0], table=match[1])


def render_answer(
    record: PracticeRecord, *, match: tuple[int, int] | None, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """What follows an answer: right and how fast, or the whole count and the verdict.

    ``match`` is the score under muggins after this deal (None without muggins).
    """
    lines = []
    if record.right:
        lines.append(
            lang.say(
                "right: {count} ({seconds} s)",
                count=record.count,
                seconds=_seconds(record.seconds, lang),
            )
        )
    else:
        lines.append(_truth(record.deal, lang))
        if record.answer is not None:
            lines.append(render_claim(record.answer, record.count, lang=lang))
    if match is not None:
        if record.muggins:
            lines.append(
                lang.say("muggins! the table takes the {points} you missed", points=record.muggins)
            )
        elif record.over:
            lines.append(lang.say("over-claim taken back: you peg {count}", count=record.count))
        lines.append(_match_line(match, lang))
    return "\n".join(lines)


def _percent(part: int, whole: int, lang: Language) -> str:
    return lang.say("{percent}%", percent=lang.number(100 * part / whole, ".0f"))


def _seconds(value: float | None, lang: Language) -> str:
    return "-" if value is None else lang.number(value, ".1f")


_SUCH = {
    False: (N_("{misses} of {n} such hand"), N_("{misses} of {n} such hands")),
    True: (N_("{misses} of {n} such play"), N_("{misses} of {n} such plays")),
}
"""The misses among the hands (or plays) of a kind, singular and plural."""


def _kinds(summary: PracticeSummary, lang: Language, *, plays: bool = False) -> list[str]:
    if not summary.kinds:
        return []
    names = [lang.say(share.kind) for share in summary.kinds]
    width = max(map(len, names))
    lines = [lang.say("missed most (a hand can be of several kinds):")]
    for name, share in zip(names, summary.kinds, strict=True):
        misses = lang.plural(
            share.of_misses,
            "{misses} of {n} miss ({percent})",
            "{misses} of {n} misses ({percent})",
            misses=share.misses,
            percent=_percent(share.misses, share.of_misses, lang),
        )
        such = lang.plural(share.hands, *_SUCH[plays], misses=share.misses)
        figures = f"{misses}, {such}"
        lead = f"  {name:<{width}}  "
        lines += textwrap.wrap(
            figures, TEXT_WIDTH, initial_indent=lead, subsequent_indent=" " * len(lead)
        )
    return lines


def render_practice_summary(
    summary: PracticeSummary,
    *,
    match: tuple[int, int] | None = None,
    plays: bool = False,
    cards: bool = False,
    lang: Language = DEFAULT_LANGUAGE,
) -> str:
    """The end of a session: hands (``plays``: plays), right, accuracy, median seconds,
    points (``cards``: the expected points lost against the best cards), streak, kinds."""
    if not summary.hands:
        lines = [lang.say(N_("no plays counted") if plays else N_("no hands counted"))]
    else:
        counted = (
            N_("plays counted {hands}, right {right} ({percent})")
            if plays
            else N_("hands counted {hands}, right {right} ({percent})")
        )
        lines = [
            lang.say(
                counted,
                hands=summary.hands,
                right=summary.right,
                percent=_percent(summary.right, summary.hands, lang),
            ),
            lang.say(
                "median seconds a right count: {seconds}",
                seconds=_seconds(summary.median_seconds, lang),
            ),
            lang.say("expected points lost {lost}", lost=lang.number(summary.lost, ".2f"))
            if cards
            else lang.say(
                "points missed {missed}, over-claimed {over}",
                missed=summary.missed,
                over=summary.over,
            ),
            lang.say("longest streak of right counts: {streak}", streak=summary.streak),
            *_kinds(summary, lang, plays=plays),
        ]
    if match is not None:
        lines.append(_match_line(match, lang))
    return "\n".join(lines)


def render_report(report: Report, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A log over time: accuracy and speed by ISO week, the whole log, and the kinds missed most."""
    overall = report.overall
    if report.first is None or report.last is None:
        return lang.say("no hands in the log")
    labels = [lang.say(label) for label in _REPORT_LABELS]
    rows = [(week.week, week.summary) for week in report.weeks]
    rows.append((lang.say("all"), overall))
    table = [
        [
            name,
            str(summary.hands),
            str(summary.right),
            _percent(summary.right, summary.hands, lang),
            _seconds(summary.median_seconds, lang),
            str(summary.missed),
            str(summary.over),
        ]
        for name, summary in rows
    ]
    # Each column as wide as its label and its figures, and at least as wide as in
    # English; two spaces apart, or one where two would pass 60 columns.
    widths = [
        max(width, len(label), *(len(row[i]) for row in table))
        for i, (width, label) in enumerate(zip(_REPORT_WIDTHS, labels, strict=True))
    ]
    gap = "  " if sum(widths) + 2 * (len(widths) - 1) <= TEXT_WIDTH else " "
    lines = [
        lang.say(
            "{hands} hands from {first} to {last}",
            hands=overall.hands,
            first=report.first.date(),
            last=report.last.date(),
        ),
        _row(labels, widths, gap),
    ]
    lines += [_row(fields, widths, gap) for fields in table]
    lines.append(lang.say("longest streak of right counts: {streak}", streak=overall.streak))
    lines += _kinds(overall, lang)
    return "\n".join(lines)


def _row(fields: list[str], widths: list[int], gap: str) -> str:
    """A row of the report: the first field to the left, the figures to the right."""
    first, *rest = fields
    return gap.join(
        [f"{first:<{widths[0]}}", *(f"{f:>{w}}" for f, w in zip(rest, widths[1:], strict=True))]
    )
