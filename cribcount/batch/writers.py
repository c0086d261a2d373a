"""Writing the vectorised rows of ``cribcount batch``, a chunk at a time, with numpy.

Rows are rendered from the same pieces as one record (``batch.records``), byte
for byte the same, placed in one buffer (``batch.placed``); a chunk's careful
records are put back among its rows in input order.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np

from cribcount.batch import placed
from cribcount.batch.engine import Chunk
from cribcount.batch.jsonl import jsonl_rows
from cribcount.batch.records import CLAIM, DEFAULT_LANGUAGE, POINTS, label_piece, render_record
from cribcount.batch.vector import NO_CLAIM, TOTAL_KEYS, Rows, shape_count, shape_of
from cribcount.language import Language
from cribcount.render import csv_line

__all__ = ["render_chunk"]


def render_chunk(
    chunk: Chunk, fmt: str, file: str | None = None, *, lang: Language = DEFAULT_LANGUAGE
) -> bytes:
    """All the records of a chunk in input order, as UTF-8 bytes; text in ``lang``."""
    rows = chunk.rows
    if rows is None or len(rows) == 0:
        return "".join(render_record(r, fmt, file, lang=lang) for _, r in chunk.records).encode()
    data, ends = _jsonl_rows(rows, file) if fmt == "jsonl" else _placed_rows(rows, fmt, file)
    if not chunk.records:
        return bytes(data)
    # Where each row ends: a record at place p follows row p - 1.
    row_ends = [0, *ends.tolist()]
    written = memoryview(data)
    pieces: list[Any] = []
    done = 0
    for place, record in chunk.records:
        pieces += [
            written[done : row_ends[place]],
            render_record(record, fmt, file, lang=lang).encode(),
        ]
        done = row_ends[place]
    pieces.append(written[done:])
    return b"".join(pieces)


_JSONL_ROWS = 1 << 14
"""Rows rendered as JSON lines at a time, about a chunk of canonical lines (fewer numpy calls
for as many rows): the renderer's own memory is in proportion."""


def _jsonl_rows(rows: Rows, file: str | None) -> tuple[Any, Any]:
    """The rows as JSON lines, a slice at a time, one after the other; and where each row ends."""
    data: Any = None
    ends = []
    used = 0
    for start in range(0, len(rows), _JSONL_ROWS):
        stop = min(start + _JSONL_ROWS, len(rows))
        data, slice_ends = jsonl_rows(rows.part(start, stop), file, used)
        ends.append(slice_ends)
        used = int(slice_ends[-1])
    return data[:used], np.concatenate(ends)


class _Head(NamedTuple):
    """What comes before the points in a row of one format naming one file (or none): the
    file's field (``lead``), what follows the line number up to the cards (``after``), the
    cards' bytes before they are written in, where they come from in the canonical hand (from,
    to, width), and where a label goes, from the end of the line number."""

    lead: bytes
    after: bytes
    cards: bytes
    hand: tuple[tuple[int, int, int], ...]
    label: int


@functools.cache
def _head(fmt: str, file: str | None) -> _Head:
    """The head of the rows of ``fmt`` naming ``file``, as ``records.render_record`` writes it."""
    if fmt == "csv":
        # The file's field and a comma (an empty name is quoted only when it is alone).
        lead = csv_line([file, ""])[:-1] if file is not None else ""
        # "5h 5d 5c Js / 5s" becomes "5h 5d 5c Js,5s"; the label column is empty.
        cards = bytes(11) + b"," + bytes(2)
        return _Head(lead.encode(), b",,", cards, ((0, 0, 11), (14, 12, 2)), 1)
    lead = f"{file}:" if file is not None else ""
    return _Head(lead.encode(), b": ", bytes(16), ((0, 0, 16),), 0)


@functools.cache
def _label_pieces(fmt: str) -> placed.LabelPieces:
    return placed.LabelPieces(functools.partial(label_piece, fmt=fmt))


@functools.cache
def _tails(fmt: str) -> tuple[Any, Any]:
    """What follows the hand in ``fmt`` for every ``Rows.shape`` as padded bytes items, ending
    the row (no claim), then again up to the claim; and their lengths."""
    texts = [POINTS[fmt](*shape_of(shape)) for shape in range(shape_count())]
    end = CLAIM[fmt](None, 0)
    encoded = [(text + end).encode() for text in texts] + [text.encode() for text in texts]
    sizes = np.array([len(text) for text in encoded], dtype=np.int64)
    return np.array(encoded, dtype=f"V{int(sizes.max())}"), sizes


@functools.cache
def _claims(fmt: str) -> placed.KnownTexts:
    """The ends of rows with a claim in ``fmt``, from the claim on, newline included,
    by ``claim * TOTAL_KEYS + total``: made as met."""
    return placed.KnownTexts(lambda key: CLAIM[fmt](key // TOTAL_KEYS, key % TOTAL_KEYS).encode())


def _placed_rows(rows: Rows, fmt: str, file: str | None) -> tuple[Any, Any]:
    """Text or CSV rows, newlines included, in one buffer; and where each row ends: tails (the
    points) written first, then claims, heads (file, line number, cards) last, over what spilled."""
    head = _head(fmt, file)
    tails, tail_sizes = _tails(fmt)
    has_claim = rows.claim != NO_CLAIM
    claimed = np.flatnonzero(has_claim)
    tail = rows.shape
    if len(claimed):
        # The tails of rows with a claim come after the others, without the row's end.
        tail = tail + shape_count() * has_claim
    size = tail_sizes.take(tail)
    width = len(head.lead) + len(head.after) + len(head.cards)  # and the line number
    stretches = placed.runs(rows.line)
    head_size = np.empty(len(rows), dtype=np.int64)
    label_at = np.empty(len(rows), dtype=np.int64)
    for low, high, digits in stretches:
        head_size[low:high] = width + digits
        label_at[low:high] = len(head.lead) + head.label + digits
    labels, pieces = rows.labels, _label_pieces(fmt)
    label_size = None if labels is None else pieces.sizes(labels)
    if label_size is not None:
        head_size += label_size
    size += head_size
    claims = _claims(fmt)
    if len(claimed):
        claim = claims.of(
            rows.claim.take(claimed).astype(np.int64) * TOTAL_KEYS + rows.total.take(claimed)
        )
        claim_size = claims.sizes.take(claim)
        size[claimed] += claim_size
    ends = np.cumsum(size)
    starts = ends - size
    end = int(ends[-1])
    out = placed.room(end + max(tails.itemsize, claims.padded.itemsize, placed.LABEL_BLOCK), 0)
    label_at += starts
    placed.copy_at(out, starts + head_size, tails.take(tail))
    if len(claimed):
        # Claims in groups of lengths within the shortest head, each padded to the longest of
        # its group: none spills past the head that follows it, written after.
        group = (claim_size - 1) // (width + 2)
        table = claims.padded.view(np.uint8).reshape(len(claims.texts), -1)
        claim_at = ends.take(claimed) - claim_size
        for number in np.flatnonzero(np.bincount(group)).tolist():
            these = np.flatnonzero(group == number)
            group_width = min(table.shape[1], (number + 1) * (width + 2))
            texts = placed.column(table, 0, f"V{group_width}").take(claim.take(these))
            placed.copy_at(out, claim_at.take(these), texts)
    if labels is not None and label_size is not None:
        # What follows a label in its row (written after it) takes what spills from it.
        assert len(pieces.plain[1]) + width - len(head.lead) - head.label >= placed.LABEL_BLOCK - 1
        pieces.write(out, label_at, labels)
    hand = np.ascontiguousarray(rows.text)
    for low, high, digits in stretches:
        shift = None if label_size is None else label_size[low:high]
        _write_heads(
            out, head, digits, starts[low:high], rows.line[low:high], hand[low:high], shift
        )
    return out[:end], ends


def _write_heads(
    out: Any, head: _Head, digits: int, at: Any, lines: Any, hand: Any, shift: Any
) -> None:
    """Write the heads of rows whose line numbers have ``digits`` digits, from ``at``; the
    part after the label ``shift`` bytes further (None: no label)."""
    text = head.lead + b"0" * digits + head.after
    cards = len(text)
    matrix = placed.template_rows(text + head.cards, len(lines))
    placed.write_digits(matrix, len(head.lead), lines)
    for start, to, width in head.hand:
        piece = placed.column(hand, start, f"V{width}")
        placed.column(matrix, cards + to, f"V{width}")[...] = piece
    placed.write_split(out, at, matrix, len(head.lead) + digits + head.label, shift)
