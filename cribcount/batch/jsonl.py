"""JSON lines for the vectorised rows, written eight bytes at a time into one buffer.

A row is three kinds of piece: the head (the line number and the cards, up
to the items' opening bracket), its items, and the tail (the total, the
heels and the claim, with the newline). Every text is taken from the
one-record rendering of ``batch.records`` or from ``count_to_dict`` with
sample cards, and written the same way: as whole 8-byte words, the last one
ending where the text ends, so that no piece spills into the next. The
rows' pieces are built as word matrices by broadcasting one text and
putting the cards in; each piece type is then copied to its places in one
numpy assignment. Which items a row has comes from ``batch.jsonl_parts``;
nothing here scores.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np

from cribcount import rules
from cribcount.batch.engine import Scored
from cribcount.batch.jsonl_parts import ItemType, Parts
from cribcount.batch.records import render_record
from cribcount.batch.vector import NO_CLAIM, FastRows
from cribcount.cards import DECK, Card, Hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict
from cribcount.show import Count, Item, Kind

__all__ = ["jsonl_rows"]

_WORD = 8
_SAMPLE = DECK[:5]
"""Five different cards to render texts with; their places are where the row's cards go."""
_SAMPLE_HAND = Hand((_SAMPLE[0], _SAMPLE[1], _SAMPLE[2], _SAMPLE[3]), _SAMPLE[4])
_JACK_HAND = Hand(_SAMPLE_HAND.cards, DECK[(rules.JACK - 1) * 4])
"""The sample cards with a jack turned, for the tail of the rows with heels."""
_NAMES = np.array([int.from_bytes(str(card).encode(), "little") for card in DECK], dtype=np.uint16)
"""Each card's two-byte name as one number, in ``Card.index`` order."""
_SEPARATOR = render_json([0, 0])[2:-2].encode()
"""What stands between two items of a list: ``, ``."""


class _Layout(NamedTuple):
    """A text as the words it is written with: each word's bytes and where it goes in the text.

    Words start every 8 bytes, the last one ending where the text ends; a
    layout can be given more words than it needs by repeating its last one.
    ``places[i]`` lists the places of text byte ``i`` among the words' bytes.
    """

    text: bytes
    words: Any
    offsets: Any
    places: list[list[int]]

    @property
    def size(self) -> int:
        """Bytes in the text."""
        return len(self.text)


def _layout(text: bytes, words: int = 0) -> _Layout:
    """``text`` (8 bytes or more) as at least ``words`` words."""
    count = -(-len(text) // _WORD)
    offsets = [min(i * _WORD, len(text) - _WORD) for i in range(max(count, words))]
    data = b"".join(text[at : at + _WORD] for at in offsets)
    places: list[list[int]] = [[] for _ in text]
    for i, at in enumerate(offsets):
        for j in range(_WORD):
            places[at + j].append(i * _WORD + j)
    return _Layout(text, np.frombuffer(data, dtype=np.uint64), np.array(offsets), places)


def _put_cards(matrix: Any, layout: _Layout, at: int, names: Any) -> None:
    """Write the card ``names`` (two bytes as one number each) at text byte ``at``."""
    first, second = layout.places[at], layout.places[at + 1]
    for place in first:
        if place + 1 in second:
            _column(matrix, place, "<u2")[...] = names
        else:
            _column(matrix, place, "u1")[...] = names & 0xFF
    for place in second:
        if place - 1 not in first:
            _column(matrix, place, "u1")[...] = names >> 8


def _column(matrix: Any, place: int, dtype: str) -> Any:
    """Byte ``place`` of every row of a word matrix, as a column of ``dtype``."""
    return np.ndarray(
        (matrix.shape[0],), dtype=dtype, buffer=matrix, offset=place, strides=(matrix.strides[0],)
    )


def _fill(layout: _Layout, rows: int, words: int | None = None) -> Any:
    """A matrix of ``rows`` copies of the layout's words (its first ``words``)."""
    matrix = np.empty((rows, len(layout.words) if words is None else words), dtype=np.uint64)
    matrix[...] = layout.words[: matrix.shape[1]]
    return matrix


# --- texts ---------------------------------------------------------------------------------


@functools.cache
def _item(item_type: ItemType) -> tuple[_Layout, tuple[int, ...]]:
    """An item of this type with its separator after it; where its cards go, in order."""
    kind, size, points = item_type
    item = Item(kind, _SAMPLE[:size], points)
    listed = count_to_dict(Count(_SAMPLE_HAND, False, (item,)))["items"]
    text = render_json(listed)[1:-1].encode() + _SEPARATOR
    return _layout(text), tuple(_card_at(text, card) for card in _SAMPLE[:size])


def _item_width(item_type: ItemType) -> int:
    return _item(item_type)[0].size


def _card_at(text: bytes, card: Card, start: int = 0) -> int:
    return text.index(f'"{card}"'.encode(), start) + 1


@functools.cache
def _heads(file: str | None, digits: int) -> tuple[_Layout, _Layout, range, tuple[int, ...]]:
    """A row up to its items' opening bracket, for line numbers of ``digits`` digits, without
    and with the crib; where the digits and the cards go, the same in both."""
    texts = []
    for crib in (False, True):
        count = Count(_SAMPLE_HAND, crib, ())
        low, high = (
            render_record(Scored(line, count), "jsonl", file).encode()
            for line in (10 ** (digits - 1), 10**digits - 1)
        )
        at = next(i for i, (a, b) in enumerate(zip(low, high, strict=True)) if a != b)
        texts.append(low[: low.rindex(render_json([]).encode()) + 1])
    words = max(-(-len(text) // _WORD) for text in texts)
    plain, with_crib = (_layout(text, words) for text in texts)
    cards = tuple(_card_at(texts[0], card, at) for card in _SAMPLE)
    digit_at = range(at, at + digits)
    # The digits and the cards come before the crib flag: their places are the same.
    for byte in [*digit_at, *cards, *(c + 1 for c in cards)]:
        assert plain.places[byte] == with_crib.places[byte]
    return plain, with_crib, digit_at, cards


def _tail(key: int) -> bytes:
    """The end of a row from the items' closing bracket on, newline included, by tail key."""
    rest, heels = divmod(key, 2)
    claim, total = divmod(rest, _TOTALS)
    count = Count(
        _JACK_HAND if heels else _SAMPLE_HAND,
        False,
        (Item(Kind.FIFTEEN, (), total),) if total else (),
    )
    text = render_record(Scored(1, count, None if claim == 0 else claim - 1), "jsonl")
    listed = render_json(count_to_dict(count)["items"])
    return text[text.rindex(listed) + len(listed) - 1 :].encode()


_TOTALS = 32
"""More than the highest total (29): tails are numbered by claim, total and heels."""


class _Tails:
    """Tails met so far, as layouts of as many words each; numbered by their keys."""

    def __init__(self) -> None:
        self.ids = np.full(0, -1, dtype=np.int64)
        self.layouts: list[_Layout] = []
        self.words = self.offsets = np.empty((0, 0), dtype=np.int64)
        self.sizes = self.needed = np.empty(0, dtype=np.int64)

    def of(self, rows: FastRows) -> Any:
        """The tail number of each row."""
        key = ((rows.claim.astype(np.int64) - NO_CLAIM) * _TOTALS + rows.total) * 2 + rows.heels
        if int(key.max()) >= len(self.ids):
            grown = np.full(2 * int(key.max()) + 1, -1, dtype=np.int64)
            grown[: len(self.ids)] = self.ids
            self.ids = grown
        ids = self.ids[key]
        if (ids < 0).any():
            news = np.unique(key[ids < 0]).tolist()
            self.ids[news] = np.arange(len(news)) + len(self.layouts)
            texts = [_tail(new) for new in news]
            self.layouts += [_layout(text) for text in texts]
            words = max(len(layout.words) for layout in self.layouts)
            self.layouts = [_layout(layout.text, words) for layout in self.layouts]
            self.words = np.array([layout.words for layout in self.layouts])
            self.offsets = np.array([layout.offsets for layout in self.layouts])
            self.sizes = np.array([layout.size for layout in self.layouts])
            self.needed = -(-self.sizes // _WORD)
            ids = self.ids[key]
        return ids


_TAILS = _Tails()
_PARTS = Parts(_item_width)


# --- rows ----------------------------------------------------------------------------------


def jsonl_rows(rows: FastRows, file: str | None) -> tuple[bytes, Any]:
    """The JSON lines of the rows, newlines included, and where each row ends in them.

    ``file`` is named in every line when given.
    """
    n = len(rows)
    row_parts = _PARTS.row_parts(rows)
    first, counts, widths, flat, offsets, shape_types, positions = _PARTS.tables()
    part_sizes = widths[row_parts]
    items_size = part_sizes.sum(axis=1)
    digits = np.searchsorted(_POWERS, rows.line, side="right") + 1
    runs = _runs(digits)
    head_size = np.empty(n, dtype=np.int64)
    for low, high, count in runs:
        plain, crib = _heads(file, count)[:2]
        head_size[low:high] = np.where(rows.crib[low:high], crib.size, plain.size)
    tails = _TAILS.of(rows)
    # The tail begins on the last item's separator, which it writes over.
    tail_at = head_size + items_size - len(_SEPARATOR) * (items_size > 0)
    ends = np.cumsum(tail_at + _TAILS.sizes[tails])
    starts = np.empty(n, dtype=np.int64)
    starts[0] = 0
    starts[1:] = ends[:-1]
    out = np.empty(int(ends[-1]), dtype=np.uint8)
    words = np.ndarray((len(out) - _WORD + 1,), dtype="V8", buffer=out, strides=(1,))
    names = _NAMES[(rows.ranks.astype(np.intp) - 1) * 4 + rows.suits].T.copy()
    for low, high, count in runs:
        _write_heads(
            words, rows.part(low, high), _heads(file, count), starts[low:high], names[low:high]
        )
    # Items: each row's parts one after the other, each part's items in its order.
    item_counts = counts[row_parts].reshape(-1)
    total = int(item_counts.sum())
    if total:
        part_at = (starts + head_size)[:, None] + np.cumsum(part_sizes, axis=1) - part_sizes
        entry = np.arange(total) + np.repeat(
            first[row_parts.reshape(-1)] - (np.cumsum(item_counts) - item_counts), item_counts
        )
        shapes = flat[entry]
        at = np.repeat(part_at.reshape(-1), item_counts) + offsets[entry]
        row_of = np.repeat(np.arange(n) * 5, counts[row_parts].sum(axis=1))
        types = shape_types[shapes]
        order = np.argsort(types, kind="stable")
        bounds = np.searchsorted(types[order], np.arange(len(_PARTS.types) + 1))
        flat_names = names.reshape(-1)
        for t, (low, high) in enumerate(zip(bounds[:-1], bounds[1:], strict=True)):
            if low == high:
                continue
            chosen = order[low:high]
            layout, cards = _item(_PARTS.types[t])
            matrix = _fill(layout, len(chosen))
            picked = shapes[chosen]
            for slot, card_at in enumerate(cards):
                found = flat_names[row_of[chosen] + positions[picked, slot]]
                _put_cards(matrix, layout, card_at, found)
            words[at[chosen, None] + layout.offsets] = matrix.view("V8")
    width = int(_TAILS.needed[tails].max())
    place = (starts + tail_at)[:, None] + _TAILS.offsets[tails, :width]
    words[place] = _TAILS.words[tails, :width].view("V8")
    return out.tobytes(), ends


_POWERS = 10 ** np.arange(1, 19, dtype=np.int64)


def _runs(digits: Any) -> list[tuple[int, int, int]]:
    """Stretches of rows whose line numbers have as many digits: start, stop, digits."""
    changes = (np.flatnonzero(np.diff(digits)) + 1).tolist()
    starts, stops = [0, *changes], [*changes, len(digits)]
    return [(low, high, int(digits[low])) for low, high in zip(starts, stops, strict=True)]


def _write_heads(
    words: Any,
    rows: FastRows,
    heads: tuple[_Layout, _Layout, range, tuple[int, ...]],
    starts: Any,
    names: Any,
) -> None:
    """Write the heads of rows whose line numbers have as many digits."""
    layout, crib_layout, digit_at, cards_at = heads
    matrix = _fill(layout, len(rows))
    place = starts[:, None] + layout.offsets
    if rows.crib.any():
        matrix[rows.crib] = crib_layout.words
        place[rows.crib] = starts[rows.crib, None] + crib_layout.offsets
    rest = rows.line.astype(np.int64)
    for at in reversed(digit_at):
        rest, digit = np.divmod(rest, 10)
        for where in layout.places[at]:
            _column(matrix, where, "u1")[...] = digit + ord("0")
    for i, at in enumerate(cards_at):
        _put_cards(matrix, layout, at, names[:, i])
    words[place] = matrix.view("V8")
