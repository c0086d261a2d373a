"""Writing batch records one at a time as text, CSV and JSON lines: rendering only.

The careful reader's records (``Scored``, ``Failed``), the error lines on
stderr and the summary; the vectorised rows are written from the same pieces
by ``batch.writers`` and ``batch.jsonl``. Nothing here needs numpy, so
the ``--from`` readers, which write their failed lines as batch does, start light.

>>> from cribcount.batch.engine import score_line
>>> record = score_line(b"7h 7s 8d 8c / 9h = 24 crib", 3)
>>> print(render_record(record, "text"), end="")
3: 7h 7s 8d 8c / 9h crib: 24 points
    fifteens 8, pairs 4, runs 12
    claim 24 is right
>>> print(render_record(record, "csv"), end="")
3,,7h 7s 8d 8c,9h,true,8,4,12,0,0,24,0,24,0,
>>> print(render_record(score_line(b"Bob: 5h 5d 5c 5s / Jh", 4), "text"), end="")
4 [Bob]: 5h 5d 5c 5s / Jh: 28 points
    fifteens 16, pairs 12
    his heels: 2 to the dealer, not in the count

Text records fit 60 columns (unless a label is long): a first line that
starts with the line number, then lines indented by four spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cribcount.batch.engine import Record, Summary
from cribcount.cards import format_cards
from cribcount.errors import escape, quote
from cribcount.failed import INDENT, Failed, failed_text
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_
from cribcount.render import csv_line, render_json
from cribcount.render.show import claim_fields, count_to_dict, heels_fields, render_claim
from cribcount.show import Count, Kind

if TYPE_CHECKING:
    from cribcount.batch.tally import Tallies

__all__ = [
    "CLAIM",
    "CSV_COLUMNS",
    "DEFAULT_LANGUAGE",
    "POINTS",
    "csv_header",
    "label_piece",
    "render_crib_label",
    "render_record",
    "render_summary",
    "render_tallies",
]


CSV_COLUMNS = (
    "line",
    "label",
    "hand",
    "starter",
    "crib",
    "fifteens",
    "pairs",
    "runs",
    "flush",
    "nobs",
    "total",
    "heels",
    "claim",
    "difference",
    "error",
)
_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
_KIND_WORDS = (
    N_("fifteens {points}"),
    N_("pairs {points}"),
    N_("runs {points}"),
    N_("flush {points}"),
    N_("nobs {points}"),
)
_CRIB_FLAG = {True: "true", False: "false"}


def csv_header(*, with_file: bool = False) -> str:
    """The header row; a ``file`` column comes first when several files are read."""
    return csv_line((["file"] if with_file else []) + list(CSV_COLUMNS))


def _points_by_kind(count: Count) -> tuple[int, int, int, int, int]:
    sums = {kind: 0 for kind in _KINDS}
    for item in count.items:
        sums[item.kind] += item.points
    return (sums[Kind.FIFTEEN], sums[Kind.PAIR], sums[Kind.RUN], sums[Kind.FLUSH], sums[Kind.NOBS])


def _breakdown(points: tuple[int, ...], lang: Language) -> str:
    parts = [lang.say(words, points=p) for words, p in zip(_KIND_WORDS, points, strict=True) if p]
    return ", ".join(parts) if parts else lang.say("no points")


def _text_points(
    crib: bool, heels: int, points: tuple[int, ...], lang: Language = DEFAULT_LANGUAGE
) -> str:
    """What follows the hand up to the claim: ``: 24 points``, then indented the points by kind
    and the heels note; the newline comes with ``_text_claim``.

    Not ``= 24``: that is how a claim is written, and the output could be read back as one.
    A crib is said in the language, ``berceau`` in French, which the careful reader reads.
    """
    total = sum(points)
    said_crib = " " + lang.say(N_("crib")) if crib else ""
    lines = [f"{said_crib}: {lang.plural(total, '{n} point', '{n} points')}"]
    if total:
        lines.append(INDENT + _breakdown(points, lang))
    if heels:
        said = lang.say("his heels: {points} to the dealer, not in the count", points=heels)
        lines.append(INDENT + said)
    return "\n".join(lines)


def _text_claim(claim: int | None, total: int, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The end of a text record: the claim's verdict on a line of its own if one was made,
    and the newline."""
    if claim is None:
        return "\n"
    return "\n" + INDENT + render_claim(claim, total, note=False, lang=lang) + "\n"


def _csv_points(crib: bool, heels: int, points: tuple[int, ...]) -> str:
    """The CSV fields from the crib flag to the heels, with a comma before and after."""
    return "," + csv_line([_CRIB_FLAG[crib], *points, sum(points), heels])[:-1] + ","


def _csv_claim(claim: int | None, total: int) -> str:
    """The CSV fields ``claim``, ``difference`` and an empty ``error``, and the newline."""
    fields = claim_fields(claim, total)
    return csv_line([fields.get("claim", ""), fields.get("difference", ""), ""])


# The vectorised rows are English (other notations are read carefully).
POINTS: dict[str, Callable[[bool, int, tuple[int, ...]], str]] = {
    "text": _text_points,
    "csv": _csv_points,
}
"""What follows a row's hand up to its claim, by format: ``_text_points`` or ``_csv_points``."""
CLAIM: dict[str, Callable[[int | None, int], str]] = {"text": _text_claim, "csv": _csv_claim}
"""The end of a row from its claim on, by format."""


def label_piece(label: str, fmt: str) -> str:
    """A label as a record writes it between the line number and the hand, in ``fmt``."""
    if fmt == "jsonl":
        return ", " + render_json({"label": label})[1:-1]
    if fmt == "csv":
        return csv_line([label])[:-1]
    return f" [{escape(label)}]"


def _where(file: str | None, record: Record) -> str:
    """``FILE:LINE [LABEL]:``, the file only when several are read, the label when there is one."""
    at = f"{file}:{record.line}" if file is not None else f"{record.line}"
    return at + (label_piece(record.label, "text") + ":" if record.label is not None else ":")


def render_record(
    record: Record, fmt: str, file: str | None = None, *, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """One record as a line of ``fmt`` (text, csv or jsonl), newline included.

    ``file`` is given when several files are read, and then named in the record;
    text is in ``lang``, CSV and JSON lines in English.
    """
    if fmt == "jsonl":
        data: dict[str, Any] = {"file": file} if file is not None else {}
        data["line"] = record.line
        if record.label is not None:
            data["label"] = record.label
        if isinstance(record, Failed):
            data.update(input=record.text, error=record.message)
        else:
            data.update(count_to_dict(record.count))
            data.update(heels_fields(record.count))
            data.update(claim_fields(record.claim, record.count.total))
        return render_json(data) + "\n"
    lead = [*([file] if file is not None else []), record.line, record.label or ""]
    if isinstance(record, Failed):
        if fmt == "csv":
            return csv_line([*lead, record.text, *[""] * 11, record.message])
        return f"{_where(file, record)} {failed_text(record, lang)}"
    count = record.count
    points = _points_by_kind(count)
    heels = heels_fields(count)["heels"]
    if fmt == "csv":
        hand = count.hand
        head = csv_line([*lead, format_cards(hand.cards), str(hand.starter)])
        tail = _csv_points(count.crib, heels, points) + _csv_claim(record.claim, count.total)
        return head[:-1] + tail
    where = _where(file, record)
    hand = count.hand
    written = f"{lang.cards(hand.cards)} / {lang.notation.card(hand.starter)}"
    said = _text_points(count.crib, heels, points, lang)
    return f"{where} {written}" + said + _text_claim(record.claim, count.total, lang)


def render_summary(summary: Summary, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The one-line summary at the end of a run."""
    hands = lang.plural(summary.hands, "{n} hand scored", "{n} hands scored")
    lines = lang.plural(summary.failed, "{n} line failed", "{n} lines failed")
    claims = lang.plural(summary.claims, "{n} claim checked", "{n} claims checked")
    wrong = lang.plural(summary.claims_wrong, "{n} wrong", "{n} wrong")
    points = lang.plural(summary.points_missed, "{n} point missed", "{n} points missed")
    return lang.say(
        "{hands}, {lines}, {claims}, {wrong} ({points})",
        hands=hands,
        lines=lines,
        claims=claims,
        wrong=wrong,
        points=points,
    )


_TALLY_FIELDS = ("hands", "points", "claims", "claims_wrong", "points_missed")
"""The columns of the totals by label or player in CSV and JSON lines, after the key."""
_TALLY_LABELS = (N_("hands"), N_("points"), N_("claims"), N_("wrong"), N_("missed"))
_TALLY_TITLES = {"label": N_("totals by label:"), "player": N_("totals by player:")}


def render_tallies(tallies: Tallies, fmt: str, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """Each label's (or player's) figures after the records, in ``fmt``, newline included.

    Text: a titled table in ``lang`` (``(no label)`` for the lines without one); CSV: a
    blank line, then a table of its own with its header; JSON lines: one object a key.
    """
    rows = [
        (key, [getattr(t, name) for name in _TALLY_FIELDS]) for key, t in tallies.totals.items()
    ]
    if fmt == "jsonl":
        return "".join(
            render_json({tallies.by: key, **dict(zip(_TALLY_FIELDS, figures, strict=True))}) + "\n"
            for key, figures in rows
        )
    if fmt == "csv":
        table = [csv_line([tallies.by, *_TALLY_FIELDS])]
        table += [csv_line(["" if key is None else key, *figures]) for key, figures in rows]
        return "\n" + "".join(table)
    names = [escape(key) if key is not None else lang.say("(no label)") for key, _ in rows]
    labels = [lang.say(word) for word in _TALLY_LABELS]
    heading = lang.say(N_("label") if tallies.by == "label" else N_("player"))
    width = max(len(heading), *map(len, names)) if names else len(heading)
    widths = [max(len(label), 3) for label in labels]
    lines = [
        lang.say(_TALLY_TITLES[tallies.by]),
        f"{heading:<{width}}"
        + "".join(f"  {label:>{w}}" for label, w in zip(labels, widths, strict=True)),
    ]
    for name, (_, figures) in zip(names, rows, strict=True):
        cells = "".join(f"  {figure:>{w}}" for figure, w in zip(figures, widths, strict=True))
        lines.append(f"{name:<{width}}{cells}")
    return "\n" + "\n".join(lines) + "\n"


def render_crib_label(
    file: str, line: int, label: str, *, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """The stderr warning for a hand whose label says crib: the count stays a hand's."""
    said = lang.say(
        "warning: the label {label} says crib, but the line has no word crib: counted as a"
        " hand (write crib after the hand to count a crib)",
        label=quote(label),
    )
    return f"{file}:{line}: {said}"
