"""Canonical batch lines, read at fixed columns with numpy, and the canonical text of cards.

A canonical line is a hand as ``5h 5d 5c Js / 5s`` writes it (16 bytes: one
rank character of ``A23456789TJQK``, a lowercase suit, single spaces), then
optionally `` crib`` and/or a claim `` = N`` of 1 to 3 digits, in either
order: what programs write. Such lines are told by what each of their bytes
is (a rank, a suit, a digit...), found by ``bytes.translate``, and read
without tokens; ``batch.normalise`` reads the others.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from cribcount.batch.lines import CRIB_WORD, MAX_CLAIM_DIGITS
from cribcount.batch.placed import column
from cribcount.batch.slots import Slots
from cribcount.cards import DECK, SUIT_ORDER, Card, Rank

__all__ = [
    "CARD_NAMES",
    "LINE_WIDTH",
    "NO_CLAIM",
    "WINDOW",
    "Canonical",
    "canonical_text",
    "read_canonical",
]

NO_CLAIM = -1
"""``FastRows.claim`` of a line without a claim."""
LINE_WIDTH = 16
"""Bytes in a canonical hand such as ``5h 5d 5c Js / 5s``."""
WINDOW = 2 * LINE_WIDTH
"""Bytes read from each line's start: the hand and what follows (`` crib = 999`` at most)."""

_RANK_COLUMNS = [0, 3, 6, 9, 14]
_SUIT_COLUMNS = [1, 4, 7, 10, 15]

U8 = npt.NDArray[np.uint8]
I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


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
_END_KEYS = [
    (int.from_bytes(end[:8].encode(), "little"), int.from_bytes(end[8:].encode(), "little"))
    for end in _ENDS
]
_END_SIZES = np.array([len(end) for end in _ENDS], dtype=np.uint64)
# By the size of the end, the bits of its bytes in each of the two numbers that hold it.
_END_MASKS = [
    np.array(
        [(1 << (8 * min(max(size - skip, 0), 8))) - 1 for size in range(LINE_WIDTH)], np.uint64
    )
    for skip in (0, 8)
]
# An end is found by its first eight bytes and its size, then checked whole.
_END_LOW = np.array([low for low, _ in _END_KEYS], dtype=np.uint64)
_END_HIGH = np.array([high for _, high in _END_KEYS], dtype=np.uint64)
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

_HAND_TEMPLATE = np.frombuffer(b"?? ?? ?? ?? / ??", dtype=np.uint8)
CARD_NAMES = np.array([int.from_bytes(str(card).encode(), "little") for card in DECK], dtype="<u2")
"""Each card's canonical name by ``Card.index``, its two bytes as one number."""


class Canonical(NamedTuple):
    """The canonical lines of a chunk: their indices (``lines``), cards (``Card.index``) by
    column, the 16 bytes of their hands, the word ``crib`` and the claim (or ``NO_CLAIM``)."""

    lines: I64
    cards: U8
    text: U8
    crib: Bools
    claim: npt.NDArray[np.int16]


def read_canonical(buffer: U8, starts: I64, lengths: I64) -> Canonical:
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
    claim[going_on] = _claims(after, found)
    known = np.ones(len(lines), dtype=np.bool_)
    known[going_on] = (
        (_END_LOW[found] == low) & (_END_HIGH[found] == high) & (_END_SIZES[found] == size)
    )
    if not known.all():
        kept = np.flatnonzero(known)  # (take is quicker than indexing, most of all for rows)
        lines, text, end, claim = (
            lines.take(kept),
            text.take(kept, axis=0),
            end.take(kept),
            claim.take(kept),
        )
    parts = np.frombuffer(text.tobytes().translate(_PART_OF), dtype=np.uint8).reshape(
        -1, LINE_WIDTH
    )
    cards = np.empty((5, len(text)), dtype=np.uint8)
    for i, (rank, suit) in enumerate(zip(_RANK_COLUMNS, _SUIT_COLUMNS, strict=True)):
        np.add(parts[:, rank], parts[:, suit], out=cards[i])
    return Canonical(lines=lines, cards=cards, text=text, crib=_WITH_WORD[end], claim=claim)


def _claims(after: U8, end: npt.NDArray[np.intp]) -> npt.NDArray[np.int16]:
    """The claims in the bytes ``after`` hands, by which of ``_ENDS`` each is; ``NO_CLAIM``
    where none."""
    claim = np.full(len(end), NO_CLAIM, dtype=np.int16)
    claimed = np.flatnonzero(_CLAIMED.take(end))
    if len(claimed):
        end = end.take(claimed)
        # Each claim's bytes from its first digit, each times its place value in the claim (0
        # past the last digit: those bytes are still in the line's window).
        at = claimed * LINE_WIDTH + _DIGITS_AT.take(end)
        flat = after.reshape(-1)
        value = -_ZEROS.take(end)
        for i in range(MAX_CLAIM_DIGITS):
            value += flat.take(at + i) * _PLACES[i].take(end)
        claim[claimed] = value
    return claim


def canonical_text(cards: U8) -> U8:
    """The canonical notation of rows of cards by column (``5h 5d 5c Js / 5s``), 16 bytes a row."""
    text = np.empty((cards.shape[1], LINE_WIDTH), dtype=np.uint8)
    text[...] = _HAND_TEMPLATE
    for i, at in enumerate(_RANK_COLUMNS):
        column(text, at)[...] = CARD_NAMES.take(cards[i])  # card i of every row
    return text
