"""Writing the vectorised rows of ``cribcount batch``, a chunk at a time, with numpy.

The rows of the fast path are rendered from the same pieces as one record
(``batch.records``), byte for byte the same, and a chunk's plain records are
put back among its rows in input order.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cribcount.batch.engine import MAX_CLAIM_DIGITS, Chunk
from cribcount.batch.jsonl import jsonl_rows
from cribcount.batch.records import _CLAIM, _POINTS, ENGLISH, render_record
from cribcount.batch.vector import NO_CLAIM, FastRows, shape_count, shape_of
from cribcount.language import Language
from cribcount.render import csv_line

__all__ = ["render_chunk"]


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
    # Wide rows are mostly padding, and picking out the other bytes is quicker than translating.
    if matrix.shape[1] > _WIDE:
        data: bytes = matrix[matrix != 0].tobytes()
    else:
        data = matrix.tobytes().translate(None, b"\0")
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


_WIDE = 100
"""Bytes in a row (text is wider, CSV narrower) from which its padding is dropped by a mask."""

_JSONL_ROWS = 1 << 14
"""Rows rendered as JSON lines at a time, about a chunk of canonical lines (fewer numpy calls
for as many rows): the renderer's own memory is in proportion."""


def _jsonl_chunk(chunk: Chunk, rows: FastRows, file: str | None) -> bytes:
    """A chunk as JSON lines, its rows a slice at a time, with its plain records among them.

    The slices are written one after the other into the renderer's own
    buffer, kept from chunk to chunk, and copied out once, at their size.
    """
    data: Any = None
    ends = []
    used = 0
    for start in range(0, len(rows), _JSONL_ROWS):
        stop = min(start + _JSONL_ROWS, len(rows))
        data, slice_ends = jsonl_rows(rows.part(start, stop), file, used)
        ends.append(slice_ends)
        used = int(slice_ends[-1])
    if not chunk.records:
        return bytes(data[:used])
    # Where each row ends, after the start: a record at place p follows row p - 1.
    row_ends = [0, *np.concatenate(ends).tolist()]
    pieces: list[bytes] = []
    done = 0
    for place, record in chunk.records:
        written = render_record(record, "jsonl", file).encode()
        pieces += [bytes(data[done : row_ends[place]]), written]
        done = row_ends[place]
    pieces.append(bytes(data[done:used]))
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


@dataclass
class _ClaimTexts:
    """The ends of rows from the claim on in one format, by claim and total, made as met."""

    index: Any  # by key ((claim + 1) * _TOTALS + total, NO_CLAIM as -1): where in texts
    texts: list[bytes] = field(default_factory=list)
    table: Any = None  # texts as a numpy array


assert NO_CLAIM == -1


@functools.cache
def _claim_texts(fmt: str) -> _ClaimTexts:
    # Every claim of up to 3 digits, and none, with every total: the texts stay few.
    return _ClaimTexts(np.full((10**MAX_CLAIM_DIGITS + 1) * _TOTALS, -1, dtype=np.int32))


def _claim_ends(rows: FastRows, fmt: str) -> Any:
    """The end of each row in ``fmt`` from the claim on, newline included, NUL-padded.

    None when no row has a claim.
    """
    if not len(rows) or rows.claim.max() == NO_CLAIM:
        return None
    keys = (rows.claim.astype(np.int32) + 1) * _TOTALS + rows.total
    known = _claim_texts(fmt)
    where = known.index.take(keys)
    if known.table is None or (where < 0).any():
        for key in sorted(set(keys[where < 0].tolist())):
            claim = key // _TOTALS - 1
            known.index[key] = len(known.texts)
            text = _CLAIM[fmt](None if claim == NO_CLAIM else claim, key % _TOTALS)
            known.texts.append(text.encode())
        width = max(len(text) for text in known.texts)
        known.table = np.array(known.texts, dtype=f"V{width}")
        where = known.index.take(keys)
    return known.table.take(where)


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
        out[f"digits{i}"] = digit_pairs.take(pair + 100 * (rest > 0))
    out["after"] = after_line.encode()
    out["hand"] = np.ascontiguousarray(rows.text).view("V16").reshape(n)
    out["tail"] = tails.take(rows.shape)
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
