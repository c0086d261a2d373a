"""The vectorised reader of ``cribcount batch``: every regular line of a chunk read at once.

A canonical body (what programs write) is read through ``bytes.translate``.
Labels are kept where they stand in the chunk: a label of printable ASCII
without ``"`` or ``\\`` is written as its bytes (``Labels.at``, ``size``);
any other is decoded and kept as text (``Labels.odd``), escaped as each
format escapes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from cribcount.batch.lines import CRIB_WORD, MAX_CLAIM_DIGITS
from cribcount.batch.slots import Slots
from cribcount.batch.vector import (
    I64,
    LINE_WIDTH,
    NO_CLAIM,
    RANK_COLUMNS,
    U8,
    Bodies,
    Bools,
    Rows,
    score_rows,
    sort_columns,
)
from cribcount.cards import SUIT_ORDER, Card, Rank
from cribcount.reading import MAX_LINE

__all__ = ["Labels", "count_newlines", "read_chunk"]

_WHITE = np.zeros(256, dtype=np.bool_)
_WHITE[[ord(c) for c in map(chr, range(128)) if c.isspace()]] = True
"""ASCII white space as ``str.strip`` and a regular expression's ``\\s`` see it."""
_ESCAPED = np.array([not 32 <= byte < 127 or chr(byte) in '"\\' for byte in range(256)])
"""The bytes that formats escape in a label: not printable ASCII, a quote or a backslash."""


_TRIM = 4
"""White space trimmed from each end of a label a byte at a time; a label with more is decoded
and trimmed as text."""


WINDOW = 2 * LINE_WIDTH
"""Bytes read from each line's start: the hand and what follows (`` crib = 999`` at most)."""

_SUIT_COLUMNS = [at + 1 for at in RANK_COLUMNS]


def _table(pairs: dict[str, int], missing: int) -> bytes:
    """A table for ``bytes.translate``: the byte of each character made its value, others
    ``missing``."""
    table = bytearray([missing]) * 256
    for char, value in pairs.items():
        table[ord(char)] = value
    return bytes(table)


_SUIT_NUMBERS = {suit.value: i for suit, i in SUIT_ORDER.items()}
_LOWEST = {rank.symbol: Card(rank, next(iter(SUIT_ORDER))).index for rank in Rank}
# Rank and suit characters are apart: one table gives a card's index from its two characters
# (the rank's lowest card, plus the suit), another what each byte of a hand is.
_PART_OF = _table(_LOWEST | _SUIT_NUMBERS, 0)
_HAND_OF = _table(
    dict.fromkeys(_LOWEST, ord("R")) | dict.fromkeys(_SUIT_NUMBERS, ord("S")) | {" ": 32, "/": 47},
    0,
)
_HAND = np.frombuffer(b"RS RS RS RS / RS", dtype=np.uint64)
"""A canonical hand through ``_HAND_OF``, as two numbers."""
# What may follow the hand: every digit is '9' and anything unlooked-for '?', never 0.
_END_OF = _table(dict.fromkeys("0123456789", ord("9")) | {c: ord(c) for c in " =" + CRIB_WORD}, 63)
_WORD = " " + CRIB_WORD
_CLAIMS = [" = " + "9" * digits for digits in range(1, MAX_CLAIM_DIGITS + 1)]
_ENDS = ["", _WORD, *_CLAIMS, *(claim + _WORD for claim in _CLAIMS), *(_WORD + c for c in _CLAIMS)]
_END_SIZES = np.array([len(end) for end in _ENDS], dtype=np.uint64)
# By the size of the end, the bits of its bytes in each of the two numbers that hold it.
_END_MASKS = [
    np.array(
        [(1 << (8 * min(max(size - skip, 0), 8))) - 1 for size in range(LINE_WIDTH)], np.uint64
    )
    for skip in (0, 8)
]
_END_LOW = np.array([int.from_bytes(end[:8].encode(), "little") for end in _ENDS], np.uint64)
_END_HIGH = np.array([int.from_bytes(end[8:].encode(), "little") for end in _ENDS], np.uint64)
_END_OF_KEY = Slots(_END_LOW ^ _END_SIZES, np.arange(len(_ENDS)), bits=6)
_WITH_WORD = np.array([_WORD in end for end in _ENDS])
_DIGITS = np.array([end.count("9") for end in _ENDS])
_DIGITS_AT = np.array([end.find("9") for end in _ENDS])
_CLAIMED = _DIGITS != 0
"""By end, whether it makes a claim (as booleans: numpy finds those quickest)."""
assert _DIGITS_AT.max() + MAX_CLAIM_DIGITS <= LINE_WIDTH  # every digit's place is in the window
_PLACES = np.array(
    [[10 ** (d - 1 - i) if i < d else 0 for d in _DIGITS] for i in range(MAX_CLAIM_DIGITS)],
    dtype=np.int16,
)
"""What the bytes from an end's first digit are worth, by end: ``_PLACES[i]`` the place value
of its digit ``i``, or 0 past its last."""
_ZEROS = _PLACES.sum(axis=0, dtype=np.int16) * np.int16(ord("0"))
"""By end, how much more its digits' bytes are worth than its digits."""


def read_canonical(buffer: U8, starts: I64, lengths: I64) -> Bodies:
    """The canonical lines among those at ``starts`` in ``buffer``, with ``lengths`` (no line
    end); ``buffer`` holds ``WINDOW`` bytes more than its lines."""
    size = lengths - LINE_WIDTH
    lines = np.flatnonzero((size >= 0) & (size <= _END_SIZES.max()))
    windows = np.lib.stride_tricks.sliding_window_view(buffer, LINE_WIDTH)
    text = windows[starts[lines]]
    hand = np.frombuffer(text.tobytes().translate(_HAND_OF), dtype=np.uint64).reshape(-1, 2)
    good = np.flatnonzero((hand[:, 0] == _HAND[0]) & (hand[:, 1] == _HAND[1]))
    lines = lines.take(good)
    text, size = text.take(good, axis=0), size.take(lines)
    # What follows the hand, where something does: found by its first eight bytes and its
    # size, then checked whole.
    end = np.zeros(len(lines), dtype=np.intp)  # _ENDS[0], nothing
    going_on = np.flatnonzero(size != 0)  # (numpy finds true booleans quicker than numbers)
    size = size[going_on].astype(np.uint64)
    after = windows[starts[lines[going_on]] + LINE_WIDTH]
    kinds = np.frombuffer(after.tobytes().translate(_END_OF), dtype=np.uint64).reshape(-1, 2)
    low, high = kinds[:, 0] & _END_MASKS[0][size], kinds[:, 1] & _END_MASKS[1][size]
    found = _END_OF_KEY.get(low ^ size)
    end[going_on] = found
    claim = np.full(len(lines), NO_CLAIM, dtype=np.int16)
    claimed = np.flatnonzero(_CLAIMED.take(found))
    if len(claimed):
        claim_end = found.take(claimed)
        # Each claim's bytes from its first digit, each times its place value in the claim (0
        # past the last digit: those bytes are still in the line's window).
        at = claimed * LINE_WIDTH + _DIGITS_AT.take(claim_end)
        flat = after.reshape(-1)
        value = -_ZEROS.take(claim_end)
        for i in range(MAX_CLAIM_DIGITS):
            value += flat.take(at + i) * _PLACES[i].take(claim_end)
        claim[going_on.take(claimed)] = value
    known = np.ones(len(lines), dtype=np.bool_)
    known[going_on] = (
        (_END_LOW[found] == low) & (_END_HIGH[found] == high) & (_END_SIZES[found] == size)
    )
    if not known.all():
        kept = np.flatnonzero(known)  # (take is quicker than indexing, most of all for rows)
        lines, end, claim = lines.take(kept), end.take(kept), claim.take(kept)
        text = text.take(kept, axis=0)
    parts = np.frombuffer(text.tobytes().translate(_PART_OF), dtype=np.uint8)
    parts = parts.reshape(-1, LINE_WIDTH)
    cards = np.empty((5, len(text)), dtype=np.uint8)
    for i, (rank, suit) in enumerate(zip(RANK_COLUMNS, _SUIT_COLUMNS, strict=True)):
        np.add(parts[:, rank], parts[:, suit], out=cards[i])
    return Bodies(lines=lines, cards=cards, crib=_WITH_WORD[end], claim=claim)


@dataclass(frozen=True)
class Labels:
    """The labels of rows: where each stands in ``source``, its length (0: none, or odd),
    whether it holds a comma; odd labels as text by row."""

    source: U8
    at: I64
    size: I64
    comma: Bools
    odd: dict[int, str] = field(default_factory=dict)

    def part(self, start: int, stop: int) -> Labels:
        """The labels of rows ``start`` up to ``stop``."""
        odd = {row - start: text for row, text in self.odd.items() if start <= row < stop}
        sizes = self.size[start:stop]
        return Labels(self.source, self.at[start:stop], sizes, self.comma[start:stop], odd)

    def take(self, rows: npt.NDArray[np.intp]) -> Labels:
        """The labels of ``rows`` (rising), in that order."""
        place = {int(row): i for i, row in enumerate(rows.tolist()) if int(row) in self.odd}
        odd = {place[row]: text for row, text in self.odd.items() if row in place}
        return Labels(
            self.source, self.at.take(rows), self.size.take(rows), self.comma.take(rows), odd
        )


class _Parts(NamedTuple):
    """Each line's body (start, stop), its label (start, stop; stop -1 without a colon),
    whether its label holds a comma, whether it is skipped, and whether it is left to the
    careful reader."""

    start: I64
    stop: I64
    label_start: I64
    label_stop: I64
    comma: Bools
    skipped: Bools
    refused: Bools


def _first_of_each(lines: I64) -> Bools:
    """Which entries are the first of their line (``lines`` rising)."""
    first = np.ones(len(lines), dtype=np.bool_)
    first[1:] = lines[1:] != lines[:-1]
    return first


def _parts(buffer: U8, starts: I64, stops: I64, marks: I64, line: I64) -> _Parts:
    """Take each line apart as ``lines.split_line`` does: comment, label, body, from ``marks``
    (where the chunk's ``:``, ``#`` and ``,`` are) and ``line`` (the line of each)."""
    start, stop = starts.copy(), stops.copy()
    label_stop = np.full(len(starts), -1, dtype=np.int64)
    comma = np.zeros(len(starts), dtype=np.bool_)
    refused = (stops - starts) > MAX_LINE
    if len(marks):
        kind = buffer.take(marks)
        hashes = np.flatnonzero(kind == ord("#"))
        at, of = marks.take(hashes), line.take(hashes)
        before = buffer.take(at - 1)
        # A comment starts at a '#' first on its line or after white space; after a byte
        # that is not ASCII (white space, perhaps) the careful reader decides.
        after_white = (at == starts.take(of)) | _WHITE.take(before)
        unsure = np.flatnonzero(~after_white & (before >= 0x80))
        unsure_at, unsure_line = at.take(unsure), of.take(unsure)
        comment = np.flatnonzero(after_white)
        first = comment[_first_of_each(of.take(comment))]
        at, of = at.take(first), of.take(first)
        # The body ends before the white space in front of the comment: one byte of it,
        # or two (any more, and the token reader skips it).
        at -= at > starts.take(of)
        stop[of] = at - ((at > starts.take(of)) & _WHITE.take(buffer.take(at - 1)))
        refused[unsure_line[unsure_at < stop.take(unsure_line)]] = True
        colons = np.flatnonzero(kind == ord(":"))
        at, of = marks.take(colons), line.take(colons)
        kept = np.flatnonzero(at < stop.take(of))
        at, of = at.take(kept), of.take(kept)
        labelled = _first_of_each(of)
        at, of = at[labelled], of[labelled]
        label_stop[of] = at
        # The body starts after the colon and a space, if one follows it.
        start[of] = at + 1 + _WHITE.take(buffer.take(at + 1))
        np.maximum(start, starts, out=start)
        np.minimum(start, stop, out=start)
        # A comma before the colon is in the label.
        commas = np.flatnonzero(kind == ord(","))
        at, of = marks.take(commas), line.take(commas)
        comma[of[at < label_stop.take(of)]] = True
    skipped = (start == stop) & (label_stop < 0) & ~refused
    return _Parts(start, stop, starts.copy(), label_stop, comma, skipped, refused)


def _labels(chunk: bytes, buffer: U8, parts: _Parts, lines: I64) -> tuple[Labels, Bools]:
    """The labels of ``lines``, and which of them cannot be read (not UTF-8)."""
    label_start, label_stop = parts.label_start.take(lines), parts.label_stop.take(lines)
    has = label_stop >= 0
    label_stop = np.where(has, label_stop, label_start)
    comma = parts.comma.take(lines)
    bad = np.zeros(len(lines), dtype=np.bool_)
    odd: dict[int, str] = {}
    if not has.any():
        return Labels(buffer, label_start, label_stop - label_start, comma, odd), bad
    # Most labels have no white space at their ends: the others are trimmed (up to
    # ``_TRIM`` bytes; any more, and the label is trimmed as text).
    ends = (label_stop > label_start) & (
        _WHITE.take(buffer.take(label_start)) | _WHITE.take(buffer.take(label_stop - 1))
    )
    odd_rows = np.zeros(len(lines), dtype=np.bool_)
    if ends.any():
        at = np.flatnonzero(ends)
        start, stop = label_start.take(at), label_stop.take(at)
        for _ in range(_TRIM):
            start += (start < stop) & _WHITE.take(buffer.take(start))
        for _ in range(_TRIM):
            stop -= (start < stop) & _WHITE.take(buffer.take(stop - 1))
        label_start[at], label_stop[at] = start, stop
        odd_rows[at] = (stop > start) & (
            _WHITE.take(buffer.take(start)) | _WHITE.take(buffer.take(stop - 1))
        )
    size = label_stop - label_start
    # No label needs escaping when every byte is printable ASCII but a quote or a backslash,
    # or a newline.
    plain = chunk.isascii() and b'"' not in chunk and b"\\" not in chunk
    if not plain or int(np.count_nonzero(buffer[: len(chunk)] < 32)) != len(parts.start):
        # Which labels hold a byte to escape: those bytes counted up to each of the chunk.
        escaped = np.zeros(len(buffer) + 1, dtype=np.int32)
        np.cumsum(_ESCAPED.take(buffer), out=escaped[1:])
        odd_rows |= escaped.take(label_start + size) != escaped.take(label_start)
    for i in np.flatnonzero(odd_rows).tolist():
        raw = chunk[int(parts.label_start[lines[i]]) : int(parts.label_stop[lines[i]])]
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            bad[i] = True
            continue
        size[i] = 0
        if text:
            odd[i] = text
    return Labels(buffer, label_start, size, comma, odd), bad


def count_newlines(chunk: bytes) -> int:
    """The newlines in ``chunk``, with numpy: ``bytes.count`` slows by half when lines are of
    uneven lengths (each newline is a branch it cannot foresee); comparing every byte does not."""
    return int(np.count_nonzero(np.frombuffer(chunk, dtype=np.uint8) == ord("\n")))


def read_chunk(
    chunk: bytes, first_line: int, *, crib: bool = False
) -> tuple[Rows, list[tuple[int, int, bytes]]]:
    """Read and score the regular lines of ``chunk`` (whole lines, each ending in ``\\n``);
    and every line left to the careful reader as (rows before it, its line number, its bytes)."""
    # Padding lets the windows of canonical bodies exist even when the chunk is shorter.
    buffer = np.frombuffer(chunk + bytes(WINDOW), dtype=np.uint8)
    ends = np.flatnonzero(buffer == ord("\n"))
    if b":" in chunk or b"#" in chunk:
        # Colons, hashes and commas, found together (numpy compares bytes quicker than
        # ``bytes.translate`` maps them), and the number of each one's line.
        marked = buffer == ord(":")
        marked |= buffer == ord("#")
        marked |= buffer == ord(",")
        marks = np.flatnonzero(marked)
        # Each byte's line, spelt out, then looked up: quicker than searching for each mark.
        by_byte = np.repeat(np.arange(len(ends), dtype=np.int32), np.diff(ends, prepend=-1))
        line = by_byte.take(marks).astype(np.int64)
    else:
        marks = line = np.empty(0, dtype=np.int64)
    starts = np.zeros_like(ends)
    starts[1:] = ends[:-1] + 1
    stops = ends - ((ends > starts) & (buffer.take(np.maximum(ends - 1, 0)) == ord("\r")))
    parts = _parts(buffer, starts, stops, marks, line)
    lengths = parts.stop - parts.start
    lengths[parts.skipped | parts.refused] = -1  # no body
    taken_lines, cards, cribs, claims = read_canonical(buffer, parts.start, lengths)
    cribs |= crib
    unread = lengths >= 0
    unread[taken_lines] = False
    if unread.any():
        from cribcount.batch.tokens import read_tokens  # its tables only when needed

        # The other bodies, put together, are read by their tokens; their rows join these.
        lines = np.flatnonzero(unread)
        body = np.zeros((len(ends), 4), dtype=np.bool_)
        body[lines, 1] = body[lines, 3] = True
        sizes = np.stack([parts.start - starts, lengths.clip(0), ends - parts.stop, ends * 0 + 1])
        sizes[2] += np.where(lengths < 0, parts.stop - parts.start, 0)
        raw = buffer[: len(chunk)][np.repeat(body.reshape(-1), sizes.T.reshape(-1))]
        read = read_tokens(raw, lengths.take(lines), crib=crib)
        if len(read.lines):
            # Which row of the two sets each line's is: the order in which they are put together.
            read_at = lines.take(read.lines)
            source = np.empty(len(ends), dtype=np.intp)
            source[taken_lines] = np.arange(len(taken_lines))
            source[read_at] = np.arange(len(taken_lines), len(taken_lines) + len(read_at))
            taken = np.zeros(len(ends), dtype=np.bool_)
            taken[taken_lines] = taken[read_at] = True
            order, taken_lines = source[taken], np.flatnonzero(taken)
            cards = np.concatenate([cards, read.cards], axis=1).take(order, axis=1)
            cribs = np.concatenate([cribs, read.crib]).take(order)
            claims = np.concatenate([claims, read.claim]).take(order)
    labels, bad = _labels(chunk, buffer, parts, taken_lines)
    # Different cards: sorted, no two neighbours are equal; and a label that can be read.
    in_order = sort_columns(list(cards))
    kept = ~bad
    for low, high in zip(in_order, in_order[1:], strict=False):
        kept &= low != high
    if not kept.all():
        rows = np.flatnonzero(kept)
        labels = labels.take(rows)
        taken_lines, cribs, claims = taken_lines[kept], cribs[kept], claims[kept]
        cards = cards[:, kept]
        in_order = [column[kept] for column in in_order]
    scored = score_rows(
        line=taken_lines + first_line,
        cards=cards,
        crib=cribs,
        claim=claims,
        in_order=in_order,
        labels=labels if labels.size.any() or labels.odd else None,
    )
    others = np.ones(len(ends), dtype=np.bool_)
    others[taken_lines] = False
    others[parts.skipped] = False
    slow = np.flatnonzero(others)
    places = np.searchsorted(taken_lines, slow)
    rest = [
        (place, index + first_line, chunk[start:end])
        for place, index, start, end in zip(
            places.tolist(), slow.tolist(), starts[slow].tolist(), ends[slow].tolist(), strict=True
        )
    ]
    return scored, rest
