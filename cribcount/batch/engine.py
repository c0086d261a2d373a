"""The streaming engine of ``cribcount batch``: lines read in chunks, parsed and counted.

Files are read as bytes in chunks, so memory stays flat whatever their size:
UTF-8 with or without a byte order mark, or UTF-16 with one (re-encoded as
UTF-8 on the way in); a CR alone ends a line as LF and CR LF do. Blank lines
and lines whose first non-blank character is ``#`` are skipped but still
counted in line numbers, whatever bytes they hold. Every regular line is read
by the vectorised reader (``batch.reader``) and scored by ``batch.vector``; the
lines it hands back are read by the careful reader (``batch.lines``) and
counted by ``count_show``, which alone say what is wrong. ``vectorised=False``
(and any notation but English) reads every line carefully, for comparison.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO, Generic, TypeVar

from cribcount.batch.lines import parse_body, split_line
from cribcount.batch.reading import (
    CAREFUL_CHUNK_SIZE,
    CHUNK_LINES,
    CHUNK_SIZE,
    MAX_LINE,
    read_chunks,
)
from cribcount.cards import ENGLISH, Notation
from cribcount.errors import CribcountError
from cribcount.messages import Message
from cribcount.show import Count, count_show

if TYPE_CHECKING:
    from cribcount.batch.vector import Rows

__all__ = [
    "Chunk",
    "Done",
    "Failed",
    "Line",
    "Record",
    "Scored",
    "Summary",
    "decode_line",
    "read_lines",
    "score_line",
    "score_lines",
    "score_stream",
]

_SHOWN = 40
"""Bytes of a too-long line kept as its input in the error record."""

_UNDECODED = re.compile("[\udc80-\udcff]")
"""A byte that was not UTF-8, as ``surrogateescape`` keeps it."""


@dataclass(frozen=True)
class Scored:
    """A line counted: its 1-based line number, the count, the claim and the label if any."""

    line: int
    count: Count
    claim: int | None = None
    label: str | None = None

    @property
    def total(self) -> int:
        """The points of the show, ``count.total``."""
        return self.count.total

    @property
    def difference(self) -> int | None:
        """Claim minus count: negative when points were missed, None without a claim."""
        return None if self.claim is None else self.claim - self.count.total


@dataclass(frozen=True)
class Failed:
    """A line that could not be read: its line number, its text, what is wrong and the column."""

    line: int
    text: str
    reason: str
    column: int
    label: str | None = None
    said: Message | None = field(default=None, compare=False)
    """The reason as a message, to say in another language (None: ``reason`` as it is)."""

    @property
    def message(self) -> str:
        """The reason with its column in front, as records write it."""
        return f"column {self.column}: {self.reason}"


Record = Scored | Failed

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """A line of another command's file done: its 1-based line number and what it gave."""

    line: int
    result: T


Line = tuple[int, str] | Failed
"""A line read: its number and text, or Failed when it could not be read."""


def _is_skipped(text: str) -> bool:
    """Blank lines and comments hold no hand."""
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


def _too_long(raw: bytes, line: int) -> Failed:
    """The record of a line longer than ``MAX_LINE`` bytes: its start only is kept."""
    shown = raw[:_SHOWN].decode("utf-8", errors="replace") + "..."
    reason = Message("line too long: more than {n} bytes", n=MAX_LINE)
    return Failed(line, shown, str(reason), 1, said=reason)


def _bad_byte(shown: str, line: int, byte: int, column: int) -> Failed:
    """The record of a line with a byte that is not UTF-8 where it is read."""
    reason = Message("invalid UTF-8 byte 0x{byte}", byte=f"{byte:02x}")
    return Failed(line, shown, str(reason), column, said=reason)


def decode_line(raw: bytes, line: int) -> str | Failed:
    """One line of bytes (no newline) as text, a trailing CR dropped.

    Failed if it is not UTF-8 or longer than ``MAX_LINE`` bytes.
    """
    raw = raw.removesuffix(b"\r")
    if len(raw) > MAX_LINE:
        return _too_long(raw, line)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(raw[: error.start].decode("utf-8")) + 1
        shown = raw.decode("utf-8", errors="replace")
        return _bad_byte(shown, line, raw[error.start], column)


def score_line(
    raw: bytes, line: int, *, crib: bool = False, notation: Notation = ENGLISH
) -> Record | None:
    """Count one line of bytes (no newline) carefully; None for a blank or comment line.

    Bytes that are not UTF-8 fail the line only where they are read: in its
    label or hand, not in a comment.
    """
    raw = raw.removesuffix(b"\r")
    if len(raw) > MAX_LINE:
        return _too_long(raw, line)
    text = raw.decode("utf-8", errors="surrogateescape")
    if _is_skipped(text):
        return None
    label, body = split_line(text)
    undecoded = _UNDECODED.search(text, 0, len(body))
    if undecoded:
        byte = ord(undecoded.group()) - 0xDC00
        shown = raw.decode("utf-8", errors="replace")
        return _bad_byte(shown, line, byte, undecoded.start() + 1)
    try:
        entry = parse_body(body, label, crib=crib, notation=notation)
        count = count_show(entry.hand, crib=entry.crib)
    except CribcountError as error:
        # One bad line costs only its own record; stray bytes in its comment are shown as U+FFFD.
        shown = raw.decode("utf-8", errors="replace")
        return Failed(line, shown, error.reason, max(error.column, 1), label, error.said)
    return Scored(line, count, entry.claim, label)


def read_lines(stream: BinaryIO, *, size: int = CAREFUL_CHUNK_SIZE) -> Iterator[list[Line]]:
    """The lines of ``stream`` that hold something, a chunk at a time, as batch reads them.

    Each is (line number, text), or Failed when it is not UTF-8 or longer
    than ``MAX_LINE`` bytes; blank and comment lines are skipped but counted.
    """
    for first_line, data in read_chunks(stream, size=size):
        try:
            # Most chunks are all UTF-8: decoded at once, then split.
            decoded = [line.removesuffix("\r") for line in data.decode("utf-8").split("\n")[:-1]]
            texts: list[str | Failed] = list(decoded)
            # A character is at most 4 bytes: only a line this long may be too long.
            if max(map(len, decoded), default=0) * 4 > MAX_LINE:
                for i, long in enumerate(decoded):
                    if len(long) * 4 > MAX_LINE:
                        texts[i] = decode_line(long.encode("utf-8"), first_line + i)
        except UnicodeDecodeError:
            raws = data.split(b"\n")[:-1]
            texts = [decode_line(raw, first_line + i) for i, raw in enumerate(raws)]
        lines: list[Line] = []
        for i, text in enumerate(texts):
            if isinstance(text, Failed):
                lines.append(text)
            elif not _is_skipped(text):
                lines.append((first_line + i, text))
        yield lines


def line_records(stream: BinaryIO, work: Callable[[str], T]) -> Iterator[Done[T] | Failed]:
    """One record for each line of ``stream`` that holds something, in order: ``work`` of its
    text, or Failed where the line is unreadable or ``work`` raises a CribcountError (its
    column in the line)."""
    for lines in read_lines(stream):
        for entry in lines:
            if isinstance(entry, Failed):
                yield entry
                continue
            line, text = entry
            try:
                result = work(text)
            except CribcountError as error:
                yield Failed(line, text, error.reason, max(error.column, 1), said=error.said)
            else:
                yield Done(line, result)


@dataclass
class Summary:
    """What a run did: hands scored, lines failed, claims checked and wrong, points missed."""

    hands: int = 0
    failed: int = 0
    claims: int = 0
    claims_wrong: int = 0
    points_missed: int = 0
    """Points counted but not claimed, over the under-claims (over-claims miss nothing)."""

    def add(self, record: Record) -> None:
        """Take one record into account."""
        if isinstance(record, Failed):
            self.failed += 1
            return
        self.hands += 1
        difference = record.difference
        if difference is not None:
            self.claims += 1
            self.claims_wrong += difference != 0
            self.points_missed += max(-difference, 0)

    def add_chunk(self, chunk: Chunk) -> None:
        """Take a whole chunk into account."""
        self.hands += chunk.row_count
        if chunk.rows is not None:
            # The same sums as ``add`` over the rows' differences, taken a chunk at a time.
            claims, wrong, missed = chunk.rows.claim_tally()
            self.claims += claims
            self.claims_wrong += wrong
            self.points_missed += missed
        for _, record in chunk.records:
            self.add(record)


@dataclass(frozen=True)
class Chunk:
    """The records of a stretch of lines, in input order.

    ``rows`` are the lines the vectorised reader scored (None when read carefully);
    ``records`` the others, each with the number of ``rows`` that come before it.
    """

    rows: Rows | None
    records: list[tuple[int, Record]] = field(default_factory=list)
    size: int = 0
    """Bytes of input the chunk covers, for progress."""

    @property
    def row_count(self) -> int:
        """How many lines the vectorised reader scored."""
        return 0 if self.rows is None else len(self.rows)


def score_stream(
    stream: BinaryIO,
    *,
    crib: bool = False,
    vectorised: bool = True,
    size: int | None = None,
    notation: Notation = ENGLISH,
) -> Iterator[Chunk]:
    """Count every line of ``stream``, a chunk at a time, with the vectorised reader unless
    ``vectorised`` is False.

    ``size`` is the bytes read at a time (by default ``CAREFUL_CHUNK_SIZE``, or
    ``CHUNK_LINES`` lines of at least ``CHUNK_SIZE`` bytes).
    The vectorised reader reads the English notation only: another is read carefully.
    """
    vectorised = vectorised and notation is ENGLISH
    # Chunks of about as many lines whatever their length, unless a size is asked for.
    at_a_time = CHUNK_LINES if vectorised and size is None else 0
    if size is None:
        size = CHUNK_SIZE if vectorised else CAREFUL_CHUNK_SIZE
    if not vectorised:
        for first_line, data in read_chunks(stream, size=size):
            lines = data.split(b"\n")[:-1]
            records = [
                (0, record)
                for line, raw in enumerate(lines, first_line)
                if (record := score_line(raw, line, crib=crib, notation=notation)) is not None
            ]
            yield Chunk(None, records, len(data))
        return
    from cribcount.batch.reader import count_newlines, read_chunk  # numpy, for the command

    chunks = read_chunks(stream, size=size, count=count_newlines, lines=at_a_time)
    for first_line, data in chunks:
        rows, others = read_chunk(data, first_line, crib=crib)
        records = [
            (place, record)
            for place, line, raw in others
            if (record := score_line(raw, line, crib=crib)) is not None
        ]
        yield Chunk(rows, records, len(data))


def score_lines(
    stream: BinaryIO, *, crib: bool = False, notation: Notation = ENGLISH
) -> Iterator[Record]:
    """One record for each line of ``stream`` that holds a hand, in order: scored or failed.

    Blank and comment lines give none. Every line is read carefully, record by
    record; ``cribcount batch`` renders the same records a chunk at a time.
    """
    for chunk in score_stream(stream, crib=crib, vectorised=False, notation=notation):
        for _, record in chunk.records:
            yield record
