"""Writing ``cribcount batch`` records as text, CSV and JSON lines: rendering only.

Plain records (``batch.Scored`` and ``batch.Failed``) are rendered one at a
time; the rows of the fast path are rendered a chunk at a time (CSV with
numpy, byte for byte the same as the plain rendering), and a chunk's plain
records are put back among its rows in input order.

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

import functools
import re
import textwrap
from collections.abc import Callable
from typing import Any

import numpy as np

from cribcount.batch.engine import Chunk, Failed, Record, Summary
from cribcount.batch.jsonl import jsonl_rows
from cribcount.batch.vector import NO_CLAIM, FastRows, shape_count, shape_of
from cribcount.cards import format_cards
from cribcount.errors import N_, escape
from cribcount.language import DEFAULT, Language, language
from cribcount.render import TEXT_WIDTH, csv_line, render_json
from cribcount.render.show import claim_fields, count_to_dict, heels_fields, render_claim
from cribcount.show import Count, Kind

__all__ = [
    "CSV_COLUMNS",
    "csv_header",
    "render_chunk",
    "render_error",
    "render_failed",
    "render_record",
    "render_summary",
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
ENGLISH = language(DEFAULT)
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


_INDENT = "    "
_WIDTH = TEXT_WIDTH


def _text_points(crib: bool, heels: int, points: tuple[int, ...], lang: Language = ENGLISH) -> str:
    """What follows the hand up to the claim: ``: 24 points``, then indented the points by kind
    and the heels note; the newline comes with ``_text_claim``.

    Not ``= 24``: that is how a claim is written, and the output could be read back as one.
    "crib" is a word of the line format, as ``:`` is: the same in every language.
    """
    total = sum(points)
    lines = [f"{' crib' if crib else ''}: {lang.plural(total, '{n} point', '{n} points')}"]
    if total:
        lines.append(_INDENT + _breakdown(points, lang))
    if heels:
        said = lang.say("his heels: {points} to the dealer, not in the count", points=heels)
        lines.append(_INDENT + said)
    return "\n".join(lines)


def _text_claim(claim: int | None, total: int, lang: Language = ENGLISH) -> str:
    """The end of a text record: the claim's verdict on a line of its own if one was made,
    and the newline."""
    if claim is None:
        return "\n"
    return "\n" + _INDENT + render_claim(claim, total, note=False, lang=lang) + "\n"


def _csv_points(crib: bool, heels: int, points: tuple[int, ...]) -> str:
    """The CSV fields from the crib flag to the heels, with a comma before and after."""
    return "," + csv_line([_CRIB_FLAG[crib], *points, sum(points), heels])[:-1] + ","


def _csv_claim(claim: int | None, total: int) -> str:
    """The CSV fields ``claim``, ``difference`` and an empty ``error``, and the newline."""
    fields = claim_fields(claim, total)
    return csv_line([fields.get("claim", ""), fields.get("difference", ""), ""])


# The rows of the fast path are English (other notations take the plain path).
_POINTS: dict[str, Callable[[bool, int, tuple[int, ...]], str]] = {
    "text": _text_points,
    "csv": _csv_points,
}
_CLAIM: dict[str, Callable[[int | None, int], str]] = {"text": _text_claim, "csv": _csv_claim}


def _wrap(reason: str) -> str:
    """A reason indented and wrapped at 60 columns, never inside a parenthesis or a quote."""
    # textwrap breaks only at ASCII white space: a no-break space holds a group together.
    kept = re.sub(r"\([^)]*\)|'[^']*'", lambda group: group[0].replace(" ", "\u00a0"), reason)
    lines = textwrap.wrap(kept, _WIDTH, initial_indent=_INDENT, subsequent_indent=_INDENT)
    return "\n".join(line.replace("\u00a0", " ") for line in lines)


def _where(file: str | None, record: Record) -> str:
    """``FILE:LINE [LABEL]:``, the file only when several are read, the label when there is one."""
    at = f"{file}:{record.line}" if file is not None else f"{record.line}"
    return at + (f" [{escape(record.label)}]:" if record.label is not None else ":")


def _record_dict(record: Record, file: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {"file": file} if file is not None else {}
    data["line"] = record.line
    if record.label is not None:
        data["label"] = record.label
    if isinstance(record, Failed):
        data["input"] = record.text
        data["error"] = record.message
        return data
    data.update(count_to_dict(record.count))
    data.update(heels_fields(record.count))
    data.update(claim_fields(record.claim, record.count.total))
    return data


def render_record(
    record: Record, fmt: str, file: str | None = None, *, lang: Language = ENGLISH
) -> str:
    """One record as a line of ``fmt`` (text, csv or jsonl), newline included.

    ``file`` is given when several files are read, and then named in the record;
    text is in ``lang``, CSV and JSON lines in English.
    """
    if fmt == "jsonl":
        return render_json(_record_dict(record, file)) + "\n"
    lead = [*([file] if file is not None else []), record.line, record.label or ""]
    if isinstance(record, Failed):
        if fmt == "csv":
            return csv_line([*lead, record.text, *[""] * 11, record.message])
        return f"{_where(file, record)} {_failed_text(record, lang)}"
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


def _failed_text(record: Failed, lang: Language) -> str:
    """What follows the place of a bad line in text: ``error at column C:``, then the reason
    indented and wrapped at 60 columns; newline included."""
    said = lang.say("error at column {column}:", column=record.column)
    return f"{said}\n{_wrap(_reason(record, lang))}\n"


def _reason(record: Failed, lang: Language) -> str:
    return record.reason if record.said is None else lang.text(record.said)


def render_failed(record: Failed, fmt: str, fields: list[str], *, lang: Language = ENGLISH) -> str:
    """A line of a ``--from`` file that failed, in ``fmt`` (text, jsonl or csv), newline included.

    jsonl: ``{"line", "input", "error"}``; csv: the line, ``fields`` (the
    columns of a record, left empty) and the error; text in ``lang``, as batch
    writes a bad line: ``line N: error at column C:`` and the reason, indented,
    within 60 columns.
    """
    if fmt == "jsonl":
        failed = {"line": record.line, "input": record.text, "error": record.message}
        return render_json(failed) + "\n"
    if fmt == "csv":
        return csv_line([record.line, *fields, record.message])
    return lang.say("line {line}:", line=record.line) + " " + _failed_text(record, lang)


def render_error(record: Failed, file: str, *, lang: Language = ENGLISH) -> str:
    """The stderr line for a bad line: ``FILE:LINE:COLUMN: reason``, the column said once."""
    return f"{file}:{record.line}:{record.column}: {_reason(record, lang)}"


def render_summary(summary: Summary, *, lang: Language = ENGLISH) -> str:
    """The one-line summary at the end of a run."""
    return lang.say(
        "{hands} scored, {lines} failed, {claims} checked, {wrong} wrong ({points} missed)",
        hands=lang.plural(summary.hands, "{n} hand", "{n} hands"),
        lines=lang.plural(summary.failed, "{n} line", "{n} lines"),
        claims=lang.plural(summary.claims, "{n} claim", "{n} claims"),
        wrong=summary.claims_wrong,
        points=lang.plural(summary.points_missed, "{n} point", "{n} points"),
    )


def render_chunk(
    chunk: Chunk, fmt: str, file: str | None = None, *, lang: Language = ENGLISH
) -> bytes:
    """All the records of a chunk in input order, as UTF-8 bytes; text in ``lang``."""
    rows = chunk.rows
    if rows is None or len(rows) == 0:
        records = chunk.records
        return "".join(render_record(r, fmt, file, lang=lang) for _, r in records).encode()
    if fmt == "jsonl":
        return _jsonl_chunk(chunk, rows, file)
    matrix = _csv_rows(rows, file) if fmt == "csv" else _text_rows(rows, file)
    # The rows are padded with NUL bytes, which no field holds: dropping them joins the fields.
    data: bytes = matrix.tobytes().translate(None, b"\0")
    if not chunk.records:
        return data
    ends = [0, *np.cumsum(np.count_nonzero(matrix, axis=1)).tolist()]
    pieces: list[bytes] = []
    done = 0
    for place, record in chunk.records:
        written = render_record(record, fmt, file, lang=lang).encode()
        pieces += [data[done : ends[place]], written]
        done = ends[place]
    pieces.append(data[done:])
    return b"".join(pieces)


_JSONL_ROWS = 1 << 13
"""Rows rendered as JSON lines at a time: their strings are the most memory a chunk takes."""


def _jsonl_chunk(chunk: Chunk, rows: FastRows, file: str | None) -> bytes:
    """A chunk as JSON lines, its rows a slice at a time, with its plain records among them."""
    lead = render_json({"file": file})[:-1] + ", " if file is not None else "{"
    records = chunk.records
    pieces: list[bytes] = []
    done = 0  # records placed so far
    for start in range(0, len(rows), _JSONL_ROWS):
        stop = min(start + _JSONL_ROWS, len(rows))
        lines = jsonl_rows(rows.part(start, stop), lead)
        end = done
        while end < len(records) and records[end][0] < stop:
            end += 1
        for place, record in reversed(records[done:end]):
            lines.insert(place - start, render_record(record, "jsonl", file))
        done = end
        pieces.append("".join(lines).encode())
    pieces += [render_record(record, "jsonl", file).encode() for _, record in records[done:]]
    return b"".join(pieces)


# --- vectorised rows ---------------------------------------------------------------------------


@functools.cache
def _tails(fmt: str, *, ended: bool) -> Any:
    """What follows the hand up to the claim in ``fmt``, for every ``FastRows.shape``.

    ``ended`` adds the end of a row without a claim. One bytes item each, as
    long as the longest; numpy pads the others with NUL bytes.
    """
    end = _CLAIM[fmt](None, 0) if ended else ""
    texts = [(_POINTS[fmt](*shape_of(shape)) + end).encode() for shape in range(shape_count())]
    return np.array(texts, dtype=f"V{max(len(text) for text in texts)}")


_TOTALS = 32
"""More than the highest total (29): claims are looked up by claim and total."""
_claim_texts: dict[tuple[str, int], bytes] = {}


def _claim_ends(rows: FastRows, fmt: str) -> Any:
    """The end of each row in ``fmt`` from the claim on, newline included, NUL-padded.

    None when no row has a claim.
    """
    claimed = rows.claim != NO_CLAIM
    if not claimed.any():
        return None
    total = rows.total.astype(np.int64)
    keys = np.where(claimed, rows.claim.astype(np.int64) * _TOTALS + total + 1, 0)
    found, where = np.unique(keys, return_inverse=True)
    texts = []
    for key in found.tolist():
        known = _claim_texts.get((fmt, key))
        if known is None:
            claim = None if key == 0 else (key - 1) // _TOTALS
            known = _CLAIM[fmt](claim, (key - 1) % _TOTALS).encode()
            if len(_claim_texts) < _MOST_CLAIM_TEXTS:
                _claim_texts[fmt, key] = known
        texts.append(known)
    table = np.array(texts, dtype=f"V{max(len(text) for text in texts)}")
    return table[where.reshape(-1)]


_MOST_CLAIM_TEXTS = 2 * 1000 * _TOTALS
"""Every claim of up to 3 digits with every total, in both formats: the cache stays small."""


def _assemble(rows: FastRows, lead: str, after_line: str, fmt: str) -> Any:
    """Rows of bytes (lead, line number, ``after_line``, hand, points, claim); where the hand is.

    Each part is a field of a structured array, so that numpy copies a whole
    field per row; NUL bytes pad the line number and the tails, and stand for
    the leading zeros of line numbers.
    """
    n = len(rows)
    claims = _claim_ends(rows, fmt)
    tails = _tails(fmt, ended=claims is None)
    pairs = (len(str(int(rows.line.max()))) + 1) // 2
    fields: list[tuple[str, Any]] = [("lead", f"V{len(lead.encode())}")] if lead else []
    fields += [(f"digits{i}", "V2") for i in range(pairs)]
    fields += [("after", f"V{len(after_line)}"), ("hand", "V16"), ("tail", f"V{tails.itemsize}")]
    if claims is not None:
        fields += [("claim", f"V{claims.itemsize}")]
    out = np.empty(n, dtype=np.dtype(fields))
    if lead:
        out["lead"] = lead.encode()
    rest = rows.line.astype(np.int32)
    digit_pairs = _digit_pairs()
    for i in range(pairs - 1, -1, -1):
        rest, pair = np.divmod(rest, 100)
        # Two digits at a time; the leading ones without their zeros.
        out[f"digits{i}"] = digit_pairs[pair + 100 * (rest > 0)]
    out["after"] = after_line.encode()
    out["hand"] = np.ascontiguousarray(rows.text).view("V16").reshape(n)
    out["tail"] = tails[rows.shape]
    if claims is not None:
        out["claim"] = claims
    hand_at = np.dtype(fields[: [name for name, _ in fields].index("hand")]).itemsize
    return out.view(np.uint8).reshape(n, -1), hand_at


@functools.cache
def _digit_pairs() -> Any:
    """Two-digit numbers as two bytes: 0..99 with leading zeros as NUL bytes, then 00..99.

    The leading pair is never 0 (line numbers start at 1), so 0 there is two NUL bytes.
    """
    lead = ["\0\0"] + [str(n).rjust(2, "\0") for n in range(1, 100)]
    texts = lead + [f"{n:02d}" for n in range(100)]
    return np.array([text.encode() for text in texts], dtype="V2")


def _csv_rows(rows: FastRows, file: str | None) -> Any:
    """CSV rows as a byte matrix, NUL-padded."""
    lead = csv_line([file])[:-1] + "," if file is not None else ""
    matrix, hand = _assemble(rows, lead, ",,", "csv")  # the label column empty
    # "5h 5d 5c Js / 5s" becomes "5h 5d 5c Js,5s": a comma, then two NUL bytes.
    matrix[:, hand + 11] = ord(",")
    matrix[:, hand + 12 : hand + 14] = 0
    return matrix


def _text_rows(rows: FastRows, file: str | None) -> Any:
    """Text lines as a byte matrix, NUL-padded."""
    return _assemble(rows, f"{file}:" if file is not None else "", ": ", "text")[0]
