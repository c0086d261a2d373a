"""Reading every regular batch line of a chunk at once: the notation of ``parse_line``, in numpy.

A regular line is four cards, an optional ``/``, the starter, then optionally
the word ``crib`` (any case) and/or a claim ``= N`` of 1 to 3 digits, in
either order. Cards are in any notation ``cards.parse_card`` reads: any
case, ``10`` or ``T``, letters or suit symbols (``♣♦♥♠♧♢♡♤``, each with or
without U+FE0F); separators are what ``cards.tokenize`` splits at (spaces,
tabs, commas and other ASCII white space; a CR has ended its line before).
The chunk is tokenised byte by byte with numpy arrays, the tokens classified
by tables built from ``cards``, and each line's tokens matched against that
grammar. Every other line (comments, labels, blank lines, errors, a card
twice, anything unusual) is left to the plain path, which alone writes error
records.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from cribcount.batch.engine import _CRIB_WORD, MAX_CLAIM_DIGITS
from cribcount.batch.reading import MAX_LINE
from cribcount.cards import SUIT_ORDER, Card, Rank, Suit, parse_card, tokenize

__all__ = ["Lines", "read_lines"]

U8 = npt.NDArray[np.uint8]
I64 = npt.NDArray[np.int64]

# Bytes that valid UTF-8 never holds stand for the suit symbols and U+FE0F once
# replaced, one byte each; a line that held such a byte to begin with is not UTF-8.
_PLACEHOLDER_FIRST = 0xF8
_SUIT_BYTE = {suit: bytes([_PLACEHOLDER_FIRST + i]) for suit, i in SUIT_ORDER.items()}
_SELECTOR = "\ufe0f"
_SELECTOR_BYTE = _PLACEHOLDER_FIRST + len(SUIT_ORDER)


def _symbol_replacements() -> list[tuple[bytes, bytes]]:
    """Each non-ASCII suit symbol ``parse_card`` reads, and U+FE0F, with its placeholder byte."""
    pairs = [(_SELECTOR.encode(), bytes([_SELECTOR_BYTE]))]
    for code in range(0x2000, 0x2800):
        symbol = chr(code)
        try:
            card = parse_card("5" + symbol)
        except ValueError:
            continue
        pairs.append((symbol.encode(), _SUIT_BYTE[card.suit]))
    return pairs


_REPLACEMENTS = sorted(_symbol_replacements())
assert all(len(symbol) == 3 for symbol, _ in _REPLACEMENTS)
# Each symbol's three bytes as one number, sorted, to find them all in a chunk at once.
_CODES = np.array([int.from_bytes(symbol, "big") for symbol, _ in _REPLACEMENTS], dtype=np.int64)
_CODE_PLACEHOLDERS = np.array([placeholder[0] for _, placeholder in _REPLACEMENTS], np.uint8)
_FIRST_LEAD = min(symbol[0] for symbol, _ in _REPLACEMENTS)
assert _FIRST_LEAD <= _PLACEHOLDER_FIRST

_SEP, _NEWLINE, _SLASH, _EQUALS, _CHAR = 0, 1, 2, 3, 4
_CLASS = np.full(256, _CHAR, dtype=np.uint8)
for _byte in range(128):
    # A separator is an ASCII byte that cards.tokenize splits at (a non-ASCII one, if ever,
    # stays inside a token that is no regular token, and its line takes the plain path).
    if [token.text for token in tokenize(f"a{chr(_byte)}a")] == ["a", "a"]:
        _CLASS[_byte] = _SEP
_CLASS[ord("\n")] = _NEWLINE
_CLASS[ord("/")] = _SLASH  # a token of its own for tokenize
_CLASS[ord("=")] = _EQUALS  # and for parse_line, which splits tokens at it


# Token kinds; a line's tokens are matched against these patterns.
_NONE, _OTHER, _CARD, _SLASH_TOKEN, _EQUALS_TOKEN, _NUMBER, _CRIB = range(-1, 6)
_MOST_TOKENS = 9  # four cards, '/', the starter, 'crib', '=', N
_PAD = b"\n" * 4

# A token of up to four bytes (after the replacements) is looked up whole: its bytes, read as
# one 32-bit number, are hashed into a table of every regular token, which keeps each token's
# bytes beside what it is, so that any other token finds a mismatch there.
_LONGEST_TOKEN = 4
_HASH_BITS = 20
_BYTE_MASK = np.array(
    [(1 << (8 * n)) - 1 for n in range(_LONGEST_TOKEN + 1)] + [0], dtype=np.uint32
)
"""By token length, the bits of its bytes; a longer token keeps none (0, no token's bytes)."""


def _regular_tokens() -> dict[bytes, int]:
    """The bytes of every regular token of at most four bytes, each with what it is, packed.

    Cards are what ``parse_card`` reads of every rank part and suit among the
    ASCII characters and the symbols, with and without U+FE0F.
    """
    found: dict[bytes, int] = {}

    def put(text: str, kind: int, rank: int = 0, suit: int = 0, value: int = 0) -> None:
        data = text.encode()
        for symbol, placeholder in _REPLACEMENTS:
            data = data.replace(symbol, placeholder)
        if len(data) <= _LONGEST_TOKEN:
            found[data] = (kind + 1) | rank << 3 | suit << 7 | value << 9

    chars = [chr(byte) for byte in range(33, 127)] + [
        symbol.decode() for symbol, _ in _REPLACEMENTS
    ]
    ranks = []
    for part in chars + [a + b for a in "0123456789" for b in chars]:
        try:
            ranks.append((part, parse_card(part + Suit.CLUBS.value).rank))
        except ValueError:
            continue
    suits = []
    for char in chars:
        try:
            suits.append((char, parse_card(Rank.FIVE.symbol + char).suit))
        except ValueError:
            continue
    for (part, rank), (char, suit) in product(ranks, suits):
        for text in (part + char, part + char + _SELECTOR):
            if parse_card(text) == Card(rank, suit):
                put(text, _CARD, int(rank), SUIT_ORDER[suit])
    for digits in range(1, MAX_CLAIM_DIGITS + 1):
        for number in product("0123456789", repeat=digits):
            put("".join(number), _NUMBER, value=int("".join(number)))
    for letters in product(*((c, c.upper()) for c in _CRIB_WORD)):
        put("".join(letters), _CRIB)  # the word parse_line reads, in any case
    put("/", _SLASH_TOKEN)
    put("=", _EQUALS_TOKEN)
    return found


def _hash(words: npt.NDArray[np.uint32], multiplier: int) -> npt.NDArray[np.uint32]:
    return (words * np.uint32(multiplier)) >> np.uint32(32 - _HASH_BITS)


def _token_table() -> tuple[int, npt.NDArray[np.uint32], npt.NDArray[np.int32]]:
    """A multiplier giving every regular token a slot of its own; the slots' bytes and entries."""
    tokens = _regular_tokens()
    words = np.array([int.from_bytes(data, "little") for data in tokens], dtype=np.uint32)
    entries = np.array(list(tokens.values()), dtype=np.int32)
    multiplier = 0x9E3779B1  # odd; tried in steps of two until no two tokens share a slot
    while len(np.unique(_hash(words, multiplier))) < len(words):
        multiplier = (multiplier + 2) % (1 << 32)
    slots = _hash(words, multiplier)
    keys = np.zeros(1 << _HASH_BITS, dtype=np.uint32)  # 0 is no token's bytes
    table = np.full(1 << _HASH_BITS, _OTHER + 1, dtype=np.int32)
    keys[slots] = words
    table[slots] = entries
    return multiplier, keys, table


_MULTIPLIER, _TOKEN_BYTES, _TOKENS = _token_table()


@dataclass(frozen=True)
class Lines:
    """The regular lines of a chunk: their indices in the chunk, cards by column, crib, claim.

    ``ranks[i]`` and ``suits[i]`` are card ``i`` of every line (the starter
    last); ``claim`` is -1 where none was made.
    """

    index: I64
    ranks: U8
    suits: U8
    crib: npt.NDArray[np.bool_]
    claim: npt.NDArray[np.int16]


def read_lines(raw: U8, lengths: I64, *, crib: bool = False) -> Lines:
    """Read the regular lines of ``raw`` (whole lines of bytes, each ending in ``\\n``).

    ``lengths`` are the lines' lengths without the newline and a final CR.
    The cards of a line read may still repeat (the caller checks that).
    """
    lines = len(lengths)
    ok = lengths <= MAX_LINE
    buffer = raw
    # The first bytes of symbols, and bytes no regular line holds: NUL (which tokens are
    # looked up as if padded with) and the bytes that stand for symbols once replaced.
    high = np.flatnonzero(raw - np.uint8(1) >= _FIRST_LEAD - 1)
    if len(high):
        ends = np.flatnonzero(raw == ord("\n"))
        found = raw[high]
        ok[np.searchsorted(ends, high[(found >= _PLACEHOLDER_FIRST) | (found == 0)])] = False
        buffer = _replace_symbols(raw, high)
    buffer = np.concatenate([buffer, np.frombuffer(_PAD, dtype=np.uint8)])
    classes = _CLASS[buffer]
    in_token = classes >= _SLASH
    single = (classes == _SLASH) | (classes == _EQUALS)
    # A token starts after a separator, at a '/' or '=', or just after one; likewise it ends.
    before = np.empty_like(in_token)
    before[0] = True
    before[1:] = ~in_token[:-1] | single[:-1]
    after = np.empty_like(in_token)
    after[-1] = True
    after[:-1] = ~in_token[1:] | single[1:]
    starts_token = in_token & (before | single)
    first_byte = np.flatnonzero(starts_token)
    last_byte = np.flatnonzero(in_token & (after | single))
    line_starts = np.zeros(lines, dtype=np.int64)
    line_starts[1:] = np.flatnonzero(classes == _NEWLINE)[: lines - 1] + 1
    # A line's first token is the first to start at or after the line's start.
    first_token = np.searchsorted(first_byte, line_starts)
    counts = np.diff(first_token, append=len(first_byte))

    kind, ranks, suits, token_value = _token_kinds(buffer, first_byte, last_byte)
    ok &= (counts >= 5) & (counts <= _MOST_TOKENS)
    chosen = np.flatnonzero(ok)
    # One column more than the most tokens, so that the last column is always _NONE.
    where = first_token[chosen][:, None] + np.arange(_MOST_TOKENS + 1)
    table = kind[np.minimum(where, max(len(kind) - 1, 0))] if len(kind) else where * 0
    table[np.arange(_MOST_TOKENS + 1) >= counts[chosen][:, None]] = _NONE
    rows = np.arange(len(chosen))
    starter = 4 + (table[:, 4] == _SLASH_TOKEN)
    good = (table[:, :4] == _CARD).all(axis=1) & (table[rows, starter] == _CARD)
    # What may follow the starter: nothing, 'crib', '= N', '= N crib' or 'crib = N'.
    x0, x1, x2, x3 = (table[rows, starter + i] for i in range(1, 5))
    end = x0 == _NONE
    claim = (x0 == _EQUALS_TOKEN) & (x1 == _NUMBER)
    word_then_claim = (x0 == _CRIB) & (x1 == _EQUALS_TOKEN) & (x2 == _NUMBER) & (x3 == _NONE)
    good &= (
        end
        | ((x0 == _CRIB) & (x1 == _NONE))
        | (claim & (x2 == _NONE))
        | (claim & (x2 == _CRIB) & (x3 == _NONE))
        | word_then_claim
    )
    chosen, where, starter, table = chosen[good], where[good], starter[good], table[good]
    rows = np.arange(len(chosen))
    columns = [where[:, i] for i in range(4)] + [where[rows, starter]]
    is_number = table == _NUMBER
    number_at = where[rows, np.argmax(is_number, axis=1)]
    return Lines(
        index=chosen,
        ranks=np.stack([ranks[c] for c in columns]).reshape(5, len(chosen)),
        suits=np.stack([suits[c] for c in columns]).reshape(5, len(chosen)),
        crib=(table == _CRIB).any(axis=1) | crib,
        claim=np.where(is_number.any(axis=1), token_value[number_at], -1).astype(np.int16),
    )


def _token_kinds(buffer: U8, first: I64, last: I64) -> tuple[npt.NDArray[np.int8], U8, U8, I64]:
    """Each token's kind, its rank and suit if a card, and its value if a number."""
    length = last - first + 1
    # Every four bytes of the buffer as one number (little-endian), read where tokens start.
    words = np.ndarray((len(buffer) - 3,), dtype="<u4", buffer=buffer, strides=(1,))[first]
    words &= _BYTE_MASK[np.minimum(length, _LONGEST_TOKEN + 1)]
    slot = _hash(words, _MULTIPLIER)
    entry = np.where(_TOKEN_BYTES[slot] == words, _TOKENS[slot], _OTHER + 1)
    kind = (entry & 7).astype(np.int8) - 1
    rank = ((entry >> 3) & 15).astype(np.uint8)
    suit = ((entry >> 7) & 3).astype(np.uint8)
    return kind, rank, suit, (entry >> 9).astype(np.int64)


def _replace_symbols(raw: U8, high: I64) -> U8:
    """``raw`` with each suit symbol and U+FE0F (3 bytes each) made its one placeholder byte."""
    lead = high[high < len(raw) - 2]
    code = (
        (raw[lead].astype(np.int64) << 16) | (raw[lead + 1].astype(np.int64) << 8) | raw[lead + 2]
    )
    found = np.minimum(np.searchsorted(_CODES, code), len(_CODES) - 1)
    hit = _CODES[found] == code
    lead, found = lead[hit], found[hit]
    out = raw.copy()
    out[lead] = _CODE_PLACEHOLDERS[found]
    keep = np.ones(len(raw), dtype=np.bool_)
    keep[lead + 1] = False
    keep[lead + 2] = False
    return out[keep]
