"""Bodies read by their tokens, a chunk at once: the notation of ``parse_line``, in numpy.

A regular body is four cards, an optional ``/``, the starter, then the word
``crib`` (any case) and/or a claim ``= N``, in either order; cards in any
notation ``cards.parse_card`` reads, separators what ``cards.tokenize`` splits
at. The tokens are classified by tables built from ``cards`` and each line's
matched against that grammar; every other line is left to the careful reader.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import numpy.typing as npt

from cribcount.batch.lines import CRIB_WORD, MAX_CLAIM_DIGITS
from cribcount.batch.slots import STEP, U64, Slots, first_multiplier
from cribcount.batch.vector import I64, NO_CLAIM, U8, Bodies, Bools
from cribcount.cards import ENGLISH, card_indices, tokenize
from cribcount.reading import MAX_LINE

__all__ = ["read_tokens"]

U16 = npt.NDArray[np.uint16]

# Each byte's part in a token: none (a separator), a character of a longer token, or a token
# alone ('/', which tokenize splits at, '=', which parse_line splits at, and the newline, whose
# tokens tell where each line's tokens begin and end).
# A token starts at a lone token or a character after none or a lone token: ``cur & (~prev | 2)``.
_SEP, _CHAR, _SINGLE = 0, 1, 2
_CODES_OF = bytearray([_CHAR]) * 256
# A separator is an ASCII byte that cards.tokenize splits at (a non-ASCII one, if ever, stays
# inside a token that is no regular token, and its line is read carefully): one that no
# token holds when every ASCII character stands between two letters.
_ASCII = "a" + "a".join(map(chr, range(128))) + "a"
_HELD = {token.column + i for token in tokenize(_ASCII) for i in range(len(token.text))}
for _byte in range(128):
    if 2 * _byte + 2 not in _HELD:  # (columns count from 1)
        _CODES_OF[_byte] = _SEP
_CODES_OF[ord("\n")] = _SINGLE
_CODES_OF[ord("/")] = _SINGLE
_CODES_OF[ord("=")] = _SINGLE
_BYTE_CODES = bytes(_CODES_OF)


# Token kinds, one byte each (none is 0); a line's tokens are matched against the patterns.
_NONE, _OTHER, _CARD, _SLASH_TOKEN, _EQUALS_TOKEN, _NUMBER, _CRIB, _NEWLINE = range(8)
_KIND_BITS = 3
_MOST_TOKENS = 9  # four cards, '/', the starter, 'crib', '=', N
_WINDOW = 8
"""Tokens whose kinds are read as one 64-bit number, from a line's first; a ninth beside it."""
_LONGEST_TOKEN = 8
"""Bytes of the longest token looked up (``10♦`` and U+FE0F); a longer one is no regular token."""
_PAD = b" " * _LONGEST_TOKEN
"""Separators after the last newline, so that eight bytes are there from any token's start."""

# A token's bytes (UTF-8, as they are) are read as one 64-bit number and looked up whole in a
# table of every regular token by its slot (as ``batch.slots`` finds one); each slot keeps the
# rest of that product beside what its token is, so any other token finds a mismatch there.
# 2**16 slots (half a megabyte) stay in cache, and are enough to part every token.
_HASH_BITS = 16
_REST_BITS = 64 - _HASH_BITS
_REST = np.uint64((1 << _REST_BITS) - 1)
_BYTE_MASK = np.array(
    [(1 << (8 * n)) - 1 for n in range(1, _LONGEST_TOKEN + 1)] + [0], dtype=np.uint64
)
"""By token length less one, the bits of its bytes; a longer token keeps none (0, no token's
bytes)."""


def _regular_tokens() -> dict[bytes, int]:
    """The bytes of every regular token of at most eight bytes, each with what it is: its kind
    in the low bits, above it a card's ``Card.index`` or a number's value."""
    found: dict[bytes, int] = {}

    def put(text: str, kind: int, payload: int = 0) -> None:
        data = text.encode()
        if len(data) <= _LONGEST_TOKEN:
            found[data] = kind | payload << _KIND_BITS

    for text, index in card_indices(ENGLISH).items():
        put(text, _CARD, index)
    for digits in range(1, MAX_CLAIM_DIGITS + 1):
        for number in product("0123456789", repeat=digits):
            put("".join(number), _NUMBER, int("".join(number)))
    for letters in product(*((c, c.upper()) for c in CRIB_WORD)):
        put("".join(letters), _CRIB)  # the word parse_line reads, in any case
    put("/", _SLASH_TOKEN)
    put("=", _EQUALS_TOKEN)
    put("\n", _NEWLINE)
    return found


_FIRST_TRIED = 235 * STEP % (1 << 64)
"""Where the search for ``_token_table``'s multiplier starts: the 118th odd multiple of the
step, the first to give each regular token a slot of its own (a test searches again from the
step). Starting there saves about ten milliseconds a process."""


def _token_table() -> tuple[int, npt.NDArray[np.uint64]]:
    """A multiplier giving every regular token a slot of its own, and the slots: what its token
    is above ``_REST_BITS``, the rest of the token's product below (``_OTHER`` if none)."""
    tokens = _regular_tokens()
    words = np.array([int.from_bytes(data, "little") for data in tokens], dtype=np.uint64)
    entries = np.array(list(tokens.values()), dtype=np.uint64)
    multiplier = first_multiplier(words, _HASH_BITS, _FIRST_TRIED)
    products = words * np.uint64(multiplier)
    table = np.full(1 << _HASH_BITS, _OTHER << _REST_BITS, dtype=np.uint64)
    table[products >> np.uint64(_REST_BITS)] = (entries << np.uint64(_REST_BITS)) | (
        products & _REST
    )
    return multiplier, table


_MULTIPLIER, _TOKENS = _token_table()


def _patterns() -> tuple[U64, I64, I64, Bools, Bools]:
    """The kinds of a regular line's tokens as ``_line_keys`` makes them, and for each where
    its starter and its claim are among its tokens (the first four are the others; the claim's
    0 where none), whether it makes a claim and whether the word ``crib`` is there."""
    found = []
    for hand in ([_CARD] * 5, [_CARD] * 4 + [_SLASH_TOKEN, _CARD]):
        for tail in ([], [_CRIB], [_EQUALS_TOKEN, _NUMBER], [_EQUALS_TOKEN, _NUMBER, _CRIB]):
            found.append((hand + tail, len(hand) - 1))
        found.append((hand + [_CRIB, _EQUALS_TOKEN, _NUMBER], len(hand) - 1))
    keys = []
    for kinds, _ in found:
        key = sum(kind << (8 * i) for i, kind in enumerate(kinds[:_WINDOW]))
        keys.append(key | sum(kinds[_WINDOW:]) << _KIND_BITS)
    return (
        np.array(keys, dtype=np.uint64),
        np.array([starter for _, starter in found]),
        np.array([k.index(_NUMBER) if _NUMBER in k else 0 for k, _ in found]),
        np.array([_NUMBER in k for k, _ in found]),
        np.array([_CRIB in k for k, _ in found]),
    )


_PATTERNS, _STARTER_AT, _CLAIM_AT, _WITH_CLAIM, _WITH_WORD = _patterns()
_PATTERN_OF_KEY = Slots(_PATTERNS, np.arange(len(_PATTERNS)), bits=6)
_WINDOW_MASK = np.array(
    [(1 << (8 * n)) - 1 for n in range(_WINDOW)] + [(1 << 64) - 1] * 2, dtype=np.uint64
)
"""By count of tokens, the bits of those in the window."""


def read_tokens(raw: U8, lengths: I64, *, crib: bool = False) -> Bodies:
    """Read the regular lines of ``raw`` (whole lines, each ending in ``\\n``, of ``lengths``
    without it); the cards of a line read may still repeat (the caller checks that)."""
    lines = len(lengths)
    ok = lengths <= MAX_LINE
    # A newline in front: every line starts after one.
    text = b"".join((b"\n", raw.data, _PAD))
    data = np.frombuffer(text, dtype=np.uint8)
    codes = np.frombuffer(text.translate(_BYTE_CODES), dtype=np.uint8)
    # Where tokens start and end (as booleans: numpy finds those fastest).
    edges = np.empty(len(codes), dtype=np.uint8)
    edges[0] = codes[0]  # the newline in front
    np.bitwise_and(codes[1:], ~codes[:-1] | _SINGLE, out=edges[1:])
    first_byte = np.flatnonzero(edges.astype(np.bool_))
    np.bitwise_and(codes[:-1], ~codes[1:] | _SINGLE, out=edges[:-1])
    last_byte = np.flatnonzero(edges.astype(np.bool_))
    kind, payload = _token_kinds(data, first_byte, last_byte)
    # A line's tokens are those after the newline before it, up to its own.
    newlines = np.flatnonzero(kind == _NEWLINE)[: lines + 1]
    first_token = newlines[:-1] + 1
    counts = newlines[1:] - first_token
    # NUL, which tokens are looked up as if padded with, is in no regular line.
    if b"\0" in text:
        line_starts = first_byte.take(newlines[:-1]) + 1
        ok[np.searchsorted(line_starts, np.flatnonzero(data == 0), side="right") - 1] = False
    ok &= (counts >= 5) & (counts <= _MOST_TOKENS)
    chosen = np.flatnonzero(ok)
    start = first_token.take(chosen)
    key = _line_keys(kind, start, counts.take(chosen))
    at = _PATTERN_OF_KEY.get(key)
    good = np.flatnonzero(_PATTERNS.take(at) == key)
    chosen, start, at = chosen.take(good), start.take(good), at.take(good)
    cards = np.empty((5, len(at)), dtype=np.uint8)
    for i in range(4):
        cards[i] = payload.take(start + i)
    cards[4] = payload.take(start + _STARTER_AT.take(at))
    claim = payload.take(start + _CLAIM_AT.take(at)).astype(np.int16)
    return Bodies(
        lines=chosen,
        cards=cards,
        crib=_WITH_WORD.take(at) | crib,
        claim=np.where(_WITH_CLAIM.take(at), claim, np.int16(NO_CLAIM)),
    )


def _line_keys(kind: U8, start: I64, count: I64) -> npt.NDArray[np.uint64]:
    """The kinds of each line's tokens as one number: eight bytes from its first, and the ninth."""
    padded = np.concatenate([kind, np.zeros(_WINDOW + 1, dtype=np.uint8)])
    windows = np.ndarray((len(kind) + 1,), dtype="<u8", buffer=padded, strides=(1,))
    key = windows[start] & _WINDOW_MASK.take(count)
    longer = np.flatnonzero(count > _WINDOW)
    if len(longer):
        ninth = padded.take(start.take(longer) + _WINDOW).astype(np.uint64)
        key[longer] |= ninth << np.uint64(_KIND_BITS)
    return key


def _token_kinds(buffer: U8, first: I64, last: I64) -> tuple[U8, U16]:
    """Each token's kind, and its card's number if a card, its value if a number."""
    # Every eight bytes of the buffer as one number (little-endian), read where tokens start.
    count = len(buffer) - _LONGEST_TOKEN + 1
    # (Indexing, not take: take copies a view of overlapping items whole first.)
    words = np.ndarray((count,), dtype="<u8", buffer=buffer, strides=(1,))[first]
    words &= _BYTE_MASK.take(last - first, mode="clip")  # a longer token as one too long
    products = words * np.uint64(_MULTIPLIER)
    found = _TOKENS.take(products >> np.uint64(_REST_BITS))
    entry = (found >> np.uint64(_REST_BITS)).astype(np.uint16)
    entry[((found ^ products) & _REST) != 0] = _OTHER
    return (entry & np.uint16((1 << _KIND_BITS) - 1)).astype(np.uint8), entry >> np.uint16(
        _KIND_BITS
    )
