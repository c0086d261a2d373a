"""The streaming engine of ``cribcount batch``: lines read in chunks, parsed and counted.

Files are read as bytes in chunks (``cribcount.reading``), so memory stays flat
whatever their size. Blank and comment lines are skipped but still counted
in line numbers, whatever bytes they hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from cribcount import rules
from cribcount.batch.lines import parse_body, split_line
from cribcount.cards import ENGLISH, Notation
from cribcount.errors import CribcountError
from cribcount.failed import Failed, bad_byte, too_long
from cribcount.reading import CAREFUL_CHUNK_SIZE, MAX_LINE, is_skipped, read_chunks
from cribcount.show import Count, count_show

if TYPE_CHECKING:
    from cribcount.batch.vector import Rows

__all__ = [
    "Chunk",
    "Failed",
    "Record",
    "Scored",
    "Summary",
    "score_line",
    "score_lines",
    "score_stream",
]

CHUNK_SIZE = 1 << 19
"""Bytes read at a time by the vectorised reader, at the least: about 28,000 canonical lines,
whose arrays stay small (longer lines are read more bytes at a time, ``CHUNK_LINES``)."""
CHUNK_LINES = 28_000
"""Lines the vectorised reader reads at a time, about: ``CHUNK_SIZE`` of canonical lines."""
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


Record = Scored | Failed


def score_line(
    raw: bytes, line: int, *, crib: bool = False, notation: Notation = ENGLISH
) -> Record | None:
    """Count one line of bytes (no newline) carefully; None for a blank or comment line. Bytes
    that are not UTF-8 fail the line only in its label or hand, not in a comment."""
    raw = raw.removesuffix(b"\r")
    if len(raw) > MAX_LINE:
        return too_long(raw, line)
    text = raw.decode("utf-8", errors="surrogateescape")
    if is_skipped(text):
        return None
    label, body = split_line(text)
    undecoded = _UNDECODED.search(text, 0, len(body))
    if undecoded:
        byte = ord(undecoded.group()) - 0xDC00
        shown = raw.decode("utf-8", errors="replace")
        return bad_byte(shown, line, byte, undecoded.start() + 1)
    try:
        entry = parse_body(body, label, crib=crib, notation=notation)
        count = count_show(entry.hand, crib=entry.crib)
    except CribcountError as error:
        # One bad line costs only its own record; stray bytes in its comment are shown as U+FFFD.
        shown = raw.decode("utf-8", errors="replace")
        return Failed(line, shown, error.reason, max(error.column, 1), label, error.said)
    return Scored(line, count, entry.claim, label)


@dataclass
class Summary:
    """What a run (or one label's lines) did: hands scored, lines failed, claims checked and
    wrong, points missed, and the hands' points."""

    hands: int = 0
    failed: int = 0
    claims: int = 0
    claims_wrong: int = 0
    points_missed: int = 0
    """Points counted but not claimed, over the under-claims (over-claims miss nothing)."""
    points: int = 0

    def add(self, record: Record) -> None:
        """Take one record into account."""
        if isinstance(record, Failed):
            self.failed += 1
        else:
            self.add_hand(record.count.total, record.claim)

    def add_hand(self, total: int, claim: int | None) -> None:
        """Take one hand into account: its points, and its claim settled by the rules."""
        self.hands += 1
        self.points += total
        if claim is not None:
            self.claims += 1
            self.claims_wrong += claim != total
            self.points_missed += rules.settle_claim(claim, total)[1]

    def add_chunk(self, chunk: Chunk) -> None:
        """Take a whole chunk into account."""
        if chunk.rows is not None:
            self.hands += len(chunk.rows)
            self.points += int(chunk.rows.total.sum())  # (numpy sums small numbers as 64-bit)
            # The same sums as ``add`` over the rows' differences, taken a chunk at a time.
            claims, wrong, missed = chunk.rows.claim_tally()
            self.claims += claims
            self.claims_wrong += wrong
            self.points_missed += missed
        for _, record in chunk.records:
            self.add(record)


@dataclass(frozen=True)
class Chunk:
    """The records of a stretch of lines: ``rows`` the lines the vectorised reader scored (None
    when read carefully), ``records`` the others, each with the number of rows before it."""

    rows: Rows | None
    records: list[tuple[int, Record]] = field(default_factory=list)
    size: int = 0
    """Bytes of input the chunk covers, for progress."""


def score_stream(
    stream: BinaryIO,
    *,
    crib: bool = False,
    vectorised: bool = True,
    size: int | None = None,
    notation: Notation = ENGLISH,
) -> Iterator[Chunk]:
    """Count every line of ``stream``, a chunk at a time, with the vectorised reader unless
    ``vectorised`` is False or the notation is not English; ``size`` the bytes read at a time."""
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
    """One record for each line of ``stream`` that holds a hand, in order, read carefully."""
    for chunk in score_stream(stream, crib=crib, vectorised=False, notation=notation):
        for _, record in chunk.records:
            yield record
