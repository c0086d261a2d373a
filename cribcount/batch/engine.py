"""The streaming engine of ``cribcount batch``: lines read in chunks, parsed and counted.

A line is a hand in the notation of ``parse_hand``, then optionally the word
``crib`` and/or a claimed count ``= N``, in either order:

>>> parse_line("7h 7s 8d 8c / 9h = 18 crib")
Entry(hand=parse_hand('7h 7s 8d 8c / 9h'), crib=True, claim=18)

Blank lines and lines whose first non-blank character is ``#`` are skipped
but still counted in line numbers. Files are read as bytes in chunks, so
memory stays flat whatever their size; canonical lines go through the
vectorised path of ``batch.vector`` and every other line through
``parse_line`` and ``count_show``, with the same results.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, BinaryIO, Generic, TypeVar

from cribcount.cards import ENGLISH, Hand, Notation, parse_hand_tokens, tokenize
from cribcount.errors import CribcountError, Message, NotationError, Token, quote
from cribcount.show import Count, count_show

if TYPE_CHECKING:
    from cribcount.batch.vector import FastRows

__all__ = [
    "Chunk",
    "Done",
    "Entry",
    "Failed",
    "Line",
    "Record",
    "Scored",
    "Summary",
    "decode_line",
    "parse_line",
    "read_chunks",
    "read_lines",
    "score_line",
    "score_lines",
    "score_stream",
]

CHUNK_SIZE = 1 << 20
"""Bytes read at a time on the fast path: about 60,000 canonical lines."""
PLAIN_CHUNK_SIZE = 1 << 16
"""Bytes read at a time on the plain path, whose records take more memory a line."""
MAX_LINE = 1 << 16
"""Bytes a line may hold (64 KiB): a longer line is one error record, never held whole."""
_SHOWN = 40
"""Bytes of a too-long line kept as its input in the error record."""
MAX_CLAIM_DIGITS = 3
"""A claimed count has at most this many digits (at most 999): a longer one is an error."""

_BOM = b"\xef\xbb\xbf"
_CRIB_WORD = "crib"


@dataclass(frozen=True)
class Entry:
    """One line read: the hand, whether it is a crib, and the claimed count if any."""

    hand: Hand
    crib: bool
    claim: int | None


@dataclass(frozen=True)
class Scored:
    """A line counted: its 1-based line number, the count, and the claim if one was made."""

    line: int
    count: Count
    claim: int | None = None

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


def _split_equals(tokens: list[Token]) -> list[Token]:
    """Make every ``=`` a token of its own, so that ``=18`` and ``9h=18`` read as ``= 18``."""
    split: list[Token] = []
    for token in tokens:
        column = token.column
        for i, part in enumerate(token.text.split("=")):
            if i:
                split.append(Token("=", column))
                column += 1
            if part:
                split.append(Token(part, column))
            column += len(part)
    return split


def parse_line(text: str, *, crib: bool = False, notation: Notation = ENGLISH) -> Entry:
    """Read one line: a hand, then ``crib`` and/or ``= N`` in either order.

    ``crib`` makes every line a crib. Raises NotationError (with the column in
    ``text``) when the line is not a hand, or the claim not a whole number.
    """
    tokens = _split_equals(tokenize(text))
    claim: int | None = None
    is_crib = crib
    seen_word = False
    while tokens:
        last = tokens[-1]
        if last.text.lower() == _CRIB_WORD and not seen_word:
            is_crib = seen_word = True
            tokens.pop()
        elif len(tokens) >= 2 and tokens[-2].text == "=" and claim is None:
            claim = _read_claim(text, last)
            del tokens[-2:]
        elif last.text == "=":
            raise NotationError.at(Message("missing claimed count after '='"), text, last)
        else:
            break
    for token in tokens:
        if token.text == "=":
            reason = Message("'=' in the hand: a claim goes at the end, as '= N'")
            raise NotationError.at(reason, text, token)
    end = tokens[-1].column - 1 + len(tokens[-1].text) if tokens else 0
    # The hand is the start of the line, so columns in its errors are columns of the line.
    return Entry(parse_hand_tokens(text[:end], tokens, notation=notation), is_crib, claim)


def _read_claim(text: str, token: Token) -> int:
    digits = token.text
    if not (digits.isascii() and digits.isdigit()):
        reason = Message("claimed count {claim} is not a whole number", claim=quote(digits))
        raise NotationError.at(reason, text, token)
    if len(digits) > MAX_CLAIM_DIGITS:
        # Checked before int(): Python refuses to convert more than 4,300 digits.
        largest = 10**MAX_CLAIM_DIGITS - 1
        reason = Message(
            "claimed count of {n} digits is too large: at most {largest}",
            n=len(digits),
            largest=largest,
        )
        raise NotationError.at(reason, text, token)
    return int(digits)


def _is_skipped(text: str) -> bool:
    """Blank lines and comments hold no hand."""
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


def decode_line(raw: bytes, line: int) -> str | Failed:
    """One line of bytes (no newline) as text, a trailing CR dropped.

    Failed if it is not UTF-8 or longer than ``MAX_LINE`` bytes.
    """
    raw = raw.removesuffix(b"\r")
    if len(raw) > MAX_LINE:
        shown = raw[:_SHOWN].decode("utf-8", errors="replace") + "..."
        reason = Message("line too long: more than {n} bytes", n=MAX_LINE)
        return Failed(line, shown, str(reason), 1, reason)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(raw[: error.start].decode("utf-8")) + 1
        reason = Message("invalid UTF-8 byte 0x{byte}", byte=f"{raw[error.start]:02x}")
        return Failed(line, raw.decode("utf-8", errors="replace"), str(reason), column, reason)


def score_line(
    raw: bytes, line: int, *, crib: bool = False, notation: Notation = ENGLISH
) -> Record | None:
    """Count one line of bytes (no newline); None for a blank or comment line."""
    text = decode_line(raw, line)
    if isinstance(text, Failed):
        return text
    if _is_skipped(text):
        return None
    try:
        entry = parse_line(text, crib=crib, notation=notation)
        count = count_show(entry.hand, crib=entry.crib)
    except CribcountError as error:
        # One bad line costs only its own record.
        return Failed(line, text, error.reason, max(error.column, 1), error.said)
    return Scored(line, count, entry.claim)


def read_lines(stream: BinaryIO, *, size: int = PLAIN_CHUNK_SIZE) -> Iterator[list[Line]]:
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
        self.hands += chunk.fast_count
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

    ``rows`` are the lines the fast path scored (None on the plain path);
    ``records`` the others, each with the number of ``rows`` that come before it.
    """

    rows: FastRows | None
    records: list[tuple[int, Record]] = field(default_factory=list)
    size: int = 0
    """Bytes of input the chunk covers, for progress."""

    @property
    def fast_count(self) -> int:
        """How many lines the fast path scored."""
        return 0 if self.rows is None else len(self.rows)


def read_chunks(
    stream: BinaryIO, *, size: int = CHUNK_SIZE, longest: int = MAX_LINE
) -> Iterator[tuple[int, bytes]]:
    """Whole lines, about ``size`` bytes at a time, each ending in a newline.

    Yields (line number of the first line, bytes); a leading UTF-8 byte order
    mark is dropped. A line longer than ``longest`` bytes may be cut to its
    first ``longest + 2`` bytes (still too long for ``score_line``) and the
    rest of it skipped unread, so memory holds at most a chunk and a line.
    """
    start = b""
    while len(start) < len(_BOM) and (more := stream.read(len(_BOM) - len(start))):
        start += more
    blocks = chain([start.removeprefix(_BOM)], iter(lambda: stream.read(size), b""))
    line = 1
    pending: list[bytes] = []  # what was read since the last newline
    held = 0  # bytes in pending
    skipping = False  # in the rest of a line too long to hold
    for block in blocks:
        if skipping:
            end = block.find(b"\n")
            if end < 0:
                continue
            block, skipping = block[end + 1 :], False
        cut = block.rfind(b"\n") + 1
        if cut:
            data = b"".join([*pending, block[:cut]])
            pending, held = [], 0
            yield line, data
            line += data.count(b"\n")
        pending.append(block[cut:])
        held += len(block) - cut
        if held > longest + 1:
            # Two bytes past the limit: a CR that ends a line is not counted in its length.
            yield line, b"".join(pending)[: longest + 2] + b"\n"
            line += 1
            pending, held, skipping = [], 0, True
    rest = b"".join(pending)
    if rest:
        yield line, rest + b"\n"


def score_stream(
    stream: BinaryIO,
    *,
    crib: bool = False,
    fast: bool = True,
    size: int | None = None,
    notation: Notation = ENGLISH,
) -> Iterator[Chunk]:
    """Count every line of ``stream``, a chunk at a time; ``fast`` uses the vectorised path.

    ``size`` is the bytes read at a time (``CHUNK_SIZE`` or ``PLAIN_CHUNK_SIZE`` by default).
    The vectorised path reads the English notation only: another takes the plain path.
    """
    fast = fast and notation is ENGLISH
    if size is None:
        size = CHUNK_SIZE if fast else PLAIN_CHUNK_SIZE
    for first_line, data in read_chunks(stream, size=size):
        if fast:
            from cribcount.batch.vector import split_chunk

            rows, others = split_chunk(data, first_line, crib=crib)
        else:
            rows = None
            lines = data.split(b"\n")[:-1]
            others = [(0, first_line + i, raw) for i, raw in enumerate(lines)]
        records = [
            (place, record)
            for place, line, raw in others
            if (record := score_line(raw, line, crib=crib, notation=notation)) is not None
        ]
        yield Chunk(rows, records, len(data))


def score_lines(
    stream: BinaryIO, *, crib: bool = False, notation: Notation = ENGLISH
) -> Iterator[Record]:
    """One record for each line of ``stream`` that holds a hand, in order: scored or failed.

    Blank and comment lines give none. This is the plain path, record by
    record; ``cribcount batch`` renders the same records a chunk at a time.
    """
    for chunk in score_stream(stream, crib=crib, fast=False, notation=notation):
        for _, record in chunk.records:
            yield record
