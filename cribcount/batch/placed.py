"""Rows of bytes written at their offsets in one buffer, for the vectorised writers.

A row's pieces (a head, a tail, ...) have lengths known before any is
written, so each row's place is the running total of the lengths before it.
The pieces of one kind are numpy items of bytes, as long as the longest,
copied at once through a view of the buffer in which an item may begin at
any byte: the padding of a shorter piece spills into what follows it, which
is written after it, over the padding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from cribcount.batch.reader import Labels

__all__ = [
    "LABEL_BLOCK",
    "KnownTexts",
    "LabelPieces",
    "column",
    "copy_at",
    "room",
    "runs",
    "template_rows",
    "write_digits",
    "write_split",
]

_DIGIT_PAIRS = np.array(
    [int.from_bytes(f"{n:02d}".encode(), "little") for n in range(100)], dtype=np.uint16
)
"""00 to 99 as two bytes in one number."""
_POWERS = 10 ** np.arange(1, 19, dtype=np.int64)
_ROOM = [np.empty(0, dtype=np.uint8)]


def column(matrix: Any, at: int, dtype: str = "<u2") -> Any:
    """Bytes ``at`` (two for ``<u2``, n for ``Vn``) of every row of a byte matrix, as a column."""
    return matrix[:, at : at + np.dtype(dtype).itemsize].view(dtype)[:, 0]


def copy_at(out: Any, at: Any, values: Any) -> None:
    """Copy numpy items of bytes into ``out``, starting at ``at`` (one place each), in order."""
    width = values.dtype.itemsize
    items = np.ndarray((len(out) - width + 1,), dtype=f"V{width}", buffer=out, strides=(1,))
    items[at] = values


def room(size: int, kept: int) -> Any:
    """The first ``size`` bytes of one buffer for all calls, its first ``kept`` bytes as they
    were: the buffer is made once, or rarely grown, so that its memory is not met anew."""
    if len(_ROOM[0]) < size:
        grown = np.empty(size + size // 4, dtype=np.uint8)
        grown[:kept] = _ROOM[0][:kept]
        _ROOM[0] = grown
    return _ROOM[0][:size]


def write_split(out: Any, at: Any, matrix: Any, split: int, shift: Any) -> None:
    """Copy the rows of a byte matrix to ``at`` in ``out``, the bytes from column ``split``
    ``shift`` bytes further (by row; None: the rows whole)."""
    width = matrix.shape[1]
    if shift is None:
        copy_at(out, at, column(matrix, 0, f"V{width}"))
        return
    copy_at(out, at, column(matrix, 0, f"V{split}"))
    copy_at(out, at + split + shift, column(matrix, split, f"V{width - split}"))


def runs(lines: Any) -> list[tuple[int, int, int]]:
    """Stretches of rows whose (rising) line numbers have as many digits: start, stop, digits."""
    ends = [*np.searchsorted(lines, _POWERS).tolist(), len(lines)]
    starts = [0, *ends[:-1]]
    found = zip(starts, ends, range(1, len(ends) + 1), strict=True)
    return [(low, high, digits) for low, high, digits in found if high > low]


def write_digits(matrix: Any, at: int, lines: Any) -> None:
    """Write line numbers of as many digits as the first into a byte matrix from column
    ``at``, two digits at a time from the last."""
    rest = lines
    end = at + len(str(int(lines[0])))
    while end > at + 1:
        end -= 2
        rest, pair = np.divmod(rest, 100)
        column(matrix, end)[...] = _DIGIT_PAIRS.take(pair)
    if end > at:
        column(matrix, at, "u1")[...] = rest + ord("0")


_TEMPLATE_ROWS: list[Any] = [b"", np.empty((0, 0), dtype=np.uint8)]


def template_rows(text: bytes, rows: int) -> Any:
    """A byte matrix of ``rows`` copies of ``text``, kept for the next call with the same
    text: only what differs from row to row need be written anew."""
    if _TEMPLATE_ROWS[0] != text or len(_TEMPLATE_ROWS[1]) < rows:
        matrix = np.empty((max(rows, len(_TEMPLATE_ROWS[1])), len(text)), dtype=np.uint8)
        matrix[...] = np.frombuffer(text, dtype=np.uint8)
        _TEMPLATE_ROWS[:] = [text, matrix]
    return _TEMPLATE_ROWS[1][:rows]


class KnownTexts:
    """Texts made from whole-number keys as they are first met, numbered, each padded to
    the longest."""

    def __init__(self, make: Callable[[int], bytes]) -> None:
        self.make = make
        self.ids = np.full(0, -1, dtype=np.int64)
        self.sizes = np.empty(0, dtype=np.int64)
        self.texts: list[bytes] = []
        self.padded = np.empty(0, dtype="V1")

    def of(self, key: Any) -> Any:
        """The number of each key's text."""
        if int(key.max()) >= len(self.ids):
            grown = np.full(2 * int(key.max()) + 1, -1, dtype=np.int64)
            grown[: len(self.ids)] = self.ids
            self.ids = grown
        ids = self.ids.take(key)
        if (ids < 0).any():
            # (np.unique would import numpy.ma, a start-up cost the command does not need.)
            news = sorted(set(key[ids < 0].tolist()))
            self.ids[news] = np.arange(len(news)) + len(self.sizes)
            texts = [self.make(new) for new in news]
            self.sizes = np.concatenate([self.sizes, [len(text) for text in texts]])
            self.texts += texts
            self.padded = np.array(self.texts, dtype=f"V{int(self.sizes.max())}")
            ids = self.ids.take(key)
        return ids


LABEL_BLOCK = 16
"""Bytes of a label copied at a time: a label's last copy spills up to one less past its
end, into what its row writes after it."""


class LabelPieces:
    """How a format writes a label (``piece``, such as ``records.label_piece``): the bytes
    before and after a label of printable ASCII, with and without a comma in it."""

    def __init__(self, piece: Callable[[str], str]) -> None:
        self.piece = piece
        plain, comma = ("x", "x,")
        self.plain = [part.encode() for part in piece(plain).split(plain)]
        self.comma = [part.encode() for part in piece(comma).split(comma)]

    def sizes(self, labels: Labels) -> Any:
        """The bytes of each row's label piece: none without a label."""
        size = labels.size.copy()
        has = size > 0
        plain, comma = (len(b"".join(parts)) for parts in (self.plain, self.comma))
        size[has] += np.where(labels.comma[has], comma, plain)
        for row, text in labels.odd.items():
            size[row] = len(self.piece(text).encode())
        return size

    def write(self, out: Any, at: Any, labels: Labels) -> None:
        """Write each row's label piece from ``at`` into ``out``; its last bytes spill into
        what follows (at least ``LABEL_BLOCK - 1`` bytes of its row, written after)."""
        rows = np.flatnonzero(labels.size > 0)
        if len(rows):
            start, size, comma = at.take(rows), labels.size.take(rows), labels.comma.take(rows)
            source = labels.at.take(rows)
            label_at = start + np.where(comma, len(self.comma[0]), len(self.plain[0]))
            width = LABEL_BLOCK
            count = len(labels.source) - width + 1
            blocks = np.ndarray((count,), dtype=f"V{width}", buffer=labels.source, strides=(1,))
            # The last blocks first: a block spills only into the bytes after its label,
            # or into blocks of later labels that are written after it.
            for block in range((int(size.max()) - 1) // width, -1, -1):
                skip = block * width
                these = np.flatnonzero(size > skip) if block else slice(None)
                # (Indexing, not take: take copies a view of overlapping items whole first.)
                copy_at(out, label_at[these] + skip, blocks[source[these] + skip])
            for quoted, (first, last) in enumerate((self.plain, self.comma)):
                these = np.flatnonzero(comma == quoted)
                _write_text(out, start.take(these), first)
                _write_text(out, (label_at + size).take(these), last)
        for row, label in labels.odd.items():
            text = np.frombuffer(self.piece(label).encode(), dtype=np.uint8)
            out[int(at[row]) : int(at[row]) + len(text)] = text


def _write_text(out: Any, at: Any, text: bytes) -> None:
    """Write ``text`` from each of ``at`` into ``out``: a few bytes one at a time."""
    if len(text) <= 2:
        for i, byte in enumerate(text):
            out[at + i] = byte
    elif len(at):
        copy_at(out, at, np.frombuffer(text, dtype=f"V{len(text)}"))
