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
from typing import Any

import numpy as np

from cribcount.batch.engine import Chunk, Failed, Record, Summary
from cribcount.batch.jsonl import jsonl_rows
from cribcount.batch.vector import LINE_WIDTH, FastRows, shape_count, shape_of
from cribcount.cards import format_cards
from cribcount.errors import escape
from cribcount.render import csv_line, plural, render_json
from cribcount.render.show import claim_fields, count_to_dict, heels_fields, render_claim
from cribcount.show import Count, Kind

__all__ = [
    "CSV_COLUMNS",
    "csv_header",
    "render_chunk",
    "render_error",
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
_KIND_NAMES = ("fifteens", "pairs", "runs", "flush", "nobs")
_CRIB_FLAG = {True: "true", False: "false"}


def csv_header(*, with_file: bool = False) -> str:
    """The header row; a ``file`` column comes first when several files are read."""
    return csv_line((["file"] if with_file else []) + list(CSV_COLUMNS))


def _points_by_kind(count: Count) -> tuple[int, int, int, int, int]:
    sums = {kind: 0 for kind in _KINDS}
    for item in count.items:
        sums[item.kind] += item.points
    return (sums[Kind.FIFTEEN], sums[Kind.PAIR], sums[Kind.RUN], sums[Kind.FLUSH], sums[Kind.NOBS])


def _breakdown(points: tuple[int, ...]) -> str:
    parts = [f"{name} {p}" for name, p in zip(_KIND_NAMES, points, strict=True) if p]
    return ", ".join(parts) if parts else "no points"


_INDENT = "    "
_WIDTH = 60


def _text_tail(crib: bool, heels: int, points: tuple[int, ...], claim: int | None) -> str:
    """What follows the hand: ``: 24 points``, then indented the points by kind and the verdict.

    Not ``= 24``: that is how a claim is written, and the output could be read back as one.
    """
    total = sum(points)
    lines = [f"{' crib' if crib else ''}: {plural(total, 'point')}"]
    if total:
        lines.append(_INDENT + _breakdown(points))
    if heels:
        lines.append(f"{_INDENT}his heels: {heels} to the dealer, not in the count")
    if claim is not None:
        lines.append(_INDENT + render_claim(claim, total, note=False))
    return "\n".join(lines) + "\n"


def _csv_tail(crib: bool, heels: int, points: tuple[int, ...], claim: int | None) -> str:
    """The CSV fields from the crib flag on, with a leading comma."""
    fields = claim_fields(claim, sum(points))
    claimed = [fields.get("claim", ""), fields.get("difference", "")]
    return "," + csv_line([_CRIB_FLAG[crib], *points, sum(points), heels, *claimed, ""])


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


def render_record(record: Record, fmt: str, file: str | None = None) -> str:
    """One record as a line of ``fmt`` (text, csv or jsonl), newline included.

    ``file`` is given when several files are read, and then named in the record.
    """
    if fmt == "jsonl":
        return render_json(_record_dict(record, file)) + "\n"
    lead = [*([file] if file is not None else []), record.line, record.label or ""]
    if isinstance(record, Failed):
        if fmt == "csv":
            return csv_line([*lead, record.text, *[""] * 11, record.message])
        return f"{_where(file, record)} error at column {record.column}:\n{_wrap(record.reason)}\n"
    count = record.count
    points = _points_by_kind(count)
    heels = heels_fields(count)["heels"]
    if fmt == "csv":
        hand = count.hand
        head = csv_line([*lead, format_cards(hand.cards), str(hand.starter)])
        return head[:-1] + _csv_tail(count.crib, heels, points, record.claim)
    where = _where(file, record)
    return f"{where} {count.hand}" + _text_tail(count.crib, heels, points, record.claim)


def render_error(record: Failed, file: str) -> str:
    """The stderr line for a bad line: ``FILE:LINE:COLUMN: reason``, the column said once."""
    return f"{file}:{record.line}:{record.column}: {record.reason}"


def render_summary(summary: Summary) -> str:
    """The one-line summary at the end of a run."""
    return (
        f"{plural(summary.hands, 'hand')} scored, {plural(summary.failed, 'line')} failed, "
        f"{plural(summary.claims, 'claim')} checked, {summary.claims_wrong} wrong "
        f"({plural(summary.points_missed, 'point')} missed)"
    )


def render_chunk(chunk: Chunk, fmt: str, file: str | None = None) -> bytes:
    """All the records of a chunk in input order, as UTF-8 bytes."""
    rows = chunk.rows
    if rows is None or len(rows) == 0:
        return "".join(render_record(r, fmt, file) for _, r in chunk.records).encode()
    if fmt == "jsonl":
        lines = jsonl_rows(
            rows, render_json({"file": file})[:-1] + ", " if file is not None else "{"
        )
        for place, record in reversed(chunk.records):
            lines.insert(place, render_record(record, fmt, file))
        return "".join(lines).encode()
    matrix = _csv_rows(rows, file) if fmt == "csv" else _text_rows(rows, file)
    # The rows are padded with NUL bytes, which no field holds: dropping them joins the fields.
    data: bytes = matrix.tobytes().translate(None, b"\0")
    if not chunk.records:
        return data
    ends = [0, *np.cumsum(np.count_nonzero(matrix, axis=1)).tolist()]
    pieces: list[bytes] = []
    done = 0
    for place, record in chunk.records:
        pieces += [data[done : ends[place]], render_record(record, fmt, file).encode()]
        done = ends[place]
    pieces.append(data[done:])
    return b"".join(pieces)


# --- vectorised rows ---------------------------------------------------------------------------


@functools.cache
def _tails(fmt: str) -> Any:
    """What follows the hand in each format, for every ``FastRows.shape``: one bytes item each.

    The items are as long as the longest tail; numpy pads the others with NUL bytes.
    """
    tail = _csv_tail if fmt == "csv" else _text_tail
    texts = [tail(*shape_of(shape), None).encode() for shape in range(shape_count())]
    return np.array(texts, dtype=f"V{max(len(text) for text in texts)}")


def _assemble(rows: FastRows, lead: str, after_line: str, tails: Any) -> Any:
    """Rows of bytes: ``lead``, the line number, ``after_line``, the 16 bytes of the hand, the tail.

    Each part is a field of a structured array, so that numpy copies a whole
    field per row; NUL bytes pad the line number and the tails, and stand for
    the leading zeros of line numbers.
    """
    n = len(rows)
    pairs = (len(str(int(rows.line.max()))) + 1) // 2
    fields: list[tuple[str, Any]] = [("lead", f"V{len(lead.encode())}")] if lead else []
    fields += [(f"digits{i}", "V2") for i in range(pairs)]
    fields += [("after", f"V{len(after_line)}"), ("hand", "V16"), ("tail", f"V{tails.itemsize}")]
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
    return out.view(np.uint8).reshape(n, -1)


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
    matrix = _assemble(rows, lead, ",,", _tails("csv"))  # the label column empty
    # "5h 5d 5c Js / 5s" becomes "5h 5d 5c Js,5s": a comma, then two NUL bytes.
    hand = matrix.shape[1] - _tails("csv").itemsize - LINE_WIDTH
    matrix[:, hand + 11] = ord(",")
    matrix[:, hand + 12 : hand + 14] = 0
    return matrix


def _text_rows(rows: FastRows, file: str | None) -> Any:
    """Text lines as a byte matrix, NUL-padded."""
    return _assemble(rows, f"{file}:" if file is not None else "", ": ", _tails("text"))
