"""Rendering counting practice: pure functions from deals, records and figures to text.

>>> from cribcount.practice import Practice
>>> session = Practice(7, clock=iter([0.0, 3.4]).__next__)
>>> print(render_deal(session.deal()))
hand 6c 3d 7d Jd / As
>>> print(render_record(session.answer(0), match=None))
right: 0 (3.4 s)
"""

from __future__ import annotations

import textwrap

from cribcount.practice import Deal, Drill, PegDeal, Record
from cribcount.practice_log import Report, Summary
from cribcount.render.play import describe_peg_item
from cribcount.render.show import render_claim, render_count

__all__ = [
    "PROMPT",
    "render_deal",
    "render_not_understood",
    "render_record",
    "render_report",
    "render_start",
    "render_summary",
]

_INDENT = "  "
PROMPT = "count: "
"""What a terminal is asked after each deal (never written to a pipe)."""


def render_start(seed: int, *, drill: Drill, muggins: bool) -> str:
    """The first lines: the seed that replays the session, and how to answer."""
    asked = "what the last card pegs" if drill is Drill.PLAY else "the count"
    table = "; the table calls muggins" if muggins else ""
    return f"practice --seed {seed}: answer {asked}\n(? shows it, q stops{table})"


def render_deal(deal: Deal) -> str:
    """One line: ``hand 5h 5d 5c Js / 5s``, ``crib ...``, or ``play Kc 9d Th go 2s, count 31``."""
    if isinstance(deal, PegDeal):
        return f"play {deal.text}, count {deal.running}"
    return f"{'crib' if deal.crib else 'hand'} {deal.hand}"


def render_not_understood(line: str) -> str:
    """The answer to a line that is neither a count, ``?`` nor ``q``."""
    shown = line.strip()
    quoted = repr(shown) if shown.isprintable() else ascii(shown)
    return f"not understood: {quoted}; answer a whole number, ? to see the count or q to stop"


def _truth(deal: Deal) -> str:
    """The whole count of a deal, as ``score`` writes it (indented), or what the last card pegs."""
    if isinstance(deal, PegDeal):
        said = ", ".join(describe_peg_item(item) for item in deal.items)
        return f"{deal.card} pegs {deal.points}: {said}" if said else f"{deal.card} pegs nothing"
    # Indented, so that the only lines that begin with "hand " or "crib " are the deals.
    return textwrap.indent(render_count(deal.count), _INDENT)


def _match_line(match: tuple[int, int]) -> str:
    return f"match: you {match[0]}, the table {match[1]}"


def render_record(record: Record, *, match: tuple[int, int] | None) -> str:
    """What follows an answer: right and how fast, or the whole count and the verdict.

    ``match`` is the score under muggins after this deal (None without muggins).
    """
    lines = []
    if record.right:
        lines.append(f"right: {record.count} ({record.seconds:.1f} s)")
    else:
        lines.append(_truth(record.deal))
        if record.answer is not None:
            lines.append(render_claim(record.answer, record.count))
    if match is not None:
        if record.muggins:
            lines.append(f"muggins! the table takes the {record.muggins} you missed")
        elif record.over:
            lines.append(f"over-claim taken back: you peg {record.count}")
        lines.append(_match_line(match))
    return "\n".join(lines)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _kinds(summary: Summary) -> list[str]:
    if not summary.kinds:
        return []
    width = max(len(share.kind) for share in summary.kinds)
    lines = ["missed most (a hand can be of several kinds):"]
    for share in summary.kinds:
        lines.append(
            f"  {share.kind:<{width}}  {share.misses} of {share.of_misses} misses"
            f" ({_percent(share.misses, share.of_misses)}),"
            f" {share.misses} of {share.hands} such hands"
        )
    return lines


def render_summary(summary: Summary, *, match: tuple[int, int] | None = None) -> str:
    """The end of a session: hands, right, accuracy, median seconds, points, streak, kinds."""
    if not summary.hands:
        lines = ["no hands counted"]
    else:
        lines = [
            f"hands counted {summary.hands}, right {summary.right}"
            f" ({_percent(summary.right, summary.hands)})",
            f"median seconds a right count: {_seconds(summary.median_seconds)}",
            f"points missed {summary.missed}, over-claimed {summary.over}",
            f"longest streak of right counts: {summary.streak}",
            *_kinds(summary),
        ]
    if match is not None:
        lines.append(_match_line(match))
    return "\n".join(lines)


def render_report(report: Report) -> str:
    """A log over time: accuracy and speed by ISO week, the whole log, and the kinds missed most."""
    overall = report.overall
    if report.first is None or report.last is None:
        return "no hands in the log"
    lines = [
        f"{overall.hands} hands from {report.first.date()} to {report.last.date()}",
        f"{'week':<8}  {'hands':>5}  {'right':>5}  {'accuracy':>8}  {'median s':>8}"
        f"  {'missed':>6}  {'over':>4}",
    ]
    rows = [(week.week, week.summary) for week in report.weeks] + [("all", overall)]
    for name, summary in rows:
        lines.append(
            f"{name:<8}  {summary.hands:>5}  {summary.right:>5}"
            f"  {_percent(summary.right, summary.hands):>8}  {_seconds(summary.median_seconds):>8}"
            f"  {summary.missed:>6}  {summary.over:>4}"
        )
    lines.append(f"longest streak of right counts: {overall.streak}")
    lines += _kinds(overall)
    return "\n".join(lines)
