"""JSON lines for the vectorised rows, their pieces copied into one buffer a kind at a time.

A row is three kinds of piece: the head (the line number and the cards, up
to the items' opening bracket), its items, and the tail (the total, the
heels and the claim, with the newline). Every text is taken from the
one-record rendering of ``batch.records`` or from ``count_to_dict`` with
sample cards. Items are written first, all at once, each padded to the
widest and spilling into what follows it, then their cards; tails next,
padded likewise. Heads come last, over what spilled into them: they are
built as the rows of a byte matrix, the cards put in, then copied to their
places at once, numpy seeing each row as one item of that many bytes.
Which items a row has, and where their cards go, comes from
``batch.jsonl_parts``; nothing here scores.
"""

from __future__ import annotations

import functools
import os
from typing import Any, NamedTuple

import numpy as np

from cribcount import rules
from cribcount.batch.engine import Scored
from cribcount.batch.jsonl_parts import RANKED, ItemLayout, ItemType, Parts, rank_order
from cribcount.batch.placed import (
    LABEL_BLOCK,
    KnownTexts,
    LabelPieces,
    column,
    copy_at,
    room,
    runs,
    template_rows,
    write_digits,
    write_split,
)
from cribcount.batch.records import label_piece, render_record
from cribcount.batch.vector import CARD_NAMES, NO_CLAIM, TOTAL_KEYS, Rows
from cribcount.cards import DECK, Card, Hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict
from cribcount.show import Count, Item, Kind

__all__ = ["jsonl_rows"]

SAMPLE = DECK[:5]
"""Five different cards that texts are rendered with, then replaced by the row's own."""
SAMPLE_HAND = Hand((SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3]), SAMPLE[4])
_SEPARATOR = render_json([0, 0])[2:-2].encode()
"""What stands between two things in a JSON list."""


def item_json(item: Item) -> str:
    """One item as it stands in the JSON list of a count's items (``count_to_dict``)."""
    listed = count_to_dict(Count(SAMPLE_HAND, False, (item,)))["items"]
    return render_json(listed)[1:-1]


_JACK_HAND = Hand(SAMPLE_HAND.cards, DECK[(rules.JACK - 1) * 4])
"""The sample cards with a jack turned, for the tail of the rows with heels."""
_NAMES = np.concatenate([np.zeros(4, dtype=CARD_NAMES.dtype), CARD_NAMES])
"""Each card's two-byte name as one number, by ``rank * 4 + suit``: ``Card.index`` order
after four places for a rank of 0."""
# --- texts ---------------------------------------------------------------------------------


@functools.cache
def _item(item_type: ItemType) -> tuple[bytes, tuple[int, ...]]:
    """An item of this type with its separator after it; where its cards go, in order."""
    kind, size, points = item_type
    text = item_json(Item(kind, SAMPLE[:size], points)).encode() + _SEPARATOR
    return text, tuple(_card_at(text, card) for card in SAMPLE[:size])


def _item_layout(item_type: ItemType) -> ItemLayout:
    """Bytes an item of this type takes, its separator included; where its cards go."""
    text, cards = _item(item_type)
    return len(text), cards


def _card_at(text: bytes, card: Card, start: int = 0) -> int:
    return text.index(f'"{card}"'.encode(), start) + 1


class _Head(NamedTuple):
    """A row up to its items' opening bracket, for line numbers of one number of digits.

    Heads are as long as the longest, the shorter running on into what
    follows it in its row: its first item or, with none, its tail.
    """

    plain: bytes
    """The head without the crib."""
    sizes: tuple[int, int]
    """The real lengths of the heads without and with the crib."""
    digits: int
    """Where the line number begins."""
    cards: tuple[int, ...]
    """Where the five cards go, the same in all."""
    flags: Any
    """The heads from where they differ on (the crib flag), as numpy items: without and
    with the crib (by two), the row without items and with them (by one)."""
    follows: bytes
    """What the heads run on into where items follow."""


_ONE_ITEM = Item(Kind.NOBS, (SAMPLE[0],), rules.NOBS_POINTS)
"""An item that follows a sample head, for the bytes a shorter head runs on into."""


@functools.cache
def _head(file: str | None, digits: int) -> _Head:
    """The head of a row naming ``file``, from renderings of one record: their line
    numbers (the lowest and the highest of ``digits`` digits) differ first where it
    begins; the record with no item and with one gives what follows a head."""
    texts = []
    sizes = []
    for crib_flag in (False, True):
        count = Count(SAMPLE_HAND, crib_flag, ())
        low, high = (
            render_record(Scored(line, count), "jsonl", file).encode()
            for line in (10 ** (digits - 1), 10**digits - 1)
        )
        at = next(i for i, (a, b) in enumerate(zip(low, high, strict=True)) if a != b)
        sizes.append(low.rindex(render_json([]).encode()) + 1)
        one = Count(SAMPLE_HAND, crib_flag, (_ONE_ITEM,))
        texts += [low, render_record(Scored(10 ** (digits - 1), one), "jsonl", file).encode()]
    width = max(sizes)
    plain = texts[0][:width]
    cards = tuple(_card_at(plain, card, at) for card in SAMPLE)
    flag = next(i for i, (a, b) in enumerate(zip(plain, texts[2], strict=True)) if a != b)
    # The line number and the cards come before the crib flag.
    assert flag > cards[-1] + 2
    flags = np.array([text[flag:width] for text in texts], dtype=f"V{width - flag}")
    follows = max(texts[1][sizes[0] : width], texts[3][sizes[1] : width], key=len)
    return _Head(plain, (sizes[0], sizes[1]), at, cards, flags, follows)


def _tail(key: int) -> bytes:
    """The end of a row from the items' closing bracket on, newline included, by tail key."""
    rest, heels = divmod(key, 2)
    claim, total = divmod(rest, TOTAL_KEYS)
    count = Count(
        _JACK_HAND if heels else SAMPLE_HAND,
        False,
        (Item(Kind.FIFTEEN, (), total),) if total else (),
    )
    text = render_record(Scored(1, count, None if claim == 0 else claim + NO_CLAIM), "jsonl")
    listed = _listed(count)
    return text[text.rindex(listed) + len(listed) - 1 :].encode()


@functools.cache
def _listed(count: Count) -> str:
    """The items of a count as their JSON list: the same for the tails of one total."""
    return render_json(count_to_dict(count)["items"])


def _tail_keys(rows: Rows) -> Any:
    """The tail key of each row: by claim, total and heels."""
    claims = rows.claim.astype(np.int64) - NO_CLAIM
    return (claims * TOTAL_KEYS + rows.total) * 2 + rows.heels


_LABELS = LabelPieces(functools.partial(label_piece, fmt="jsonl"))
_TAILS = KnownTexts(_tail)
"""Tails met so far, numbered by tail key, each padded to the longest."""
_PARTS = Parts(_item_layout)


# --- rows ----------------------------------------------------------------------------------


def jsonl_rows(rows: Rows, file: str | None, at: int = 0) -> tuple[Any, Any]:
    """The JSON lines of the rows, newlines included, as bytes; and where each row ends.

    The rows' line numbers rise, as in a chunk; ``file`` is named in every
    line when given. The bytes are a numpy array in one buffer for all
    calls, the rows' lines written after its first ``at`` bytes, which are
    kept: a call with ``at`` 0 writes over the others.

    Items are written first, padded, each spilling into what follows it:
    the next item, or the tail, or the next head, which are written after
    them. Tails, padded, spill into the next head likewise; heads last.
    """
    n = len(rows)
    if n == 0:
        return room(at, at), np.empty(0, dtype=np.int64)
    row_parts = _PARTS.row_parts(rows)  # fifteens, pairs and runs, suits
    widths = _PARTS.tables()[2]
    part_sizes = [widths.take(part) for part in row_parts]
    items_size = part_sizes[0] + part_sizes[1] + part_sizes[2]
    stretches = runs(rows.line)
    head_size = np.empty(n, dtype=np.int64)
    label_at = np.empty(n, dtype=np.int64)
    for low, high, count in stretches:
        head = _head(file, count)
        head_size[low:high] = np.where(rows.crib[low:high], head.sizes[1], head.sizes[0])
        label_at[low:high] = head.digits + count
    label_size = None if rows.labels is None else _LABELS.sizes(rows.labels)
    if label_size is not None:
        head_size += label_size
    tails = _TAILS.of(_tail_keys(rows))
    # The tail begins on the last item's separator, which it writes over.
    tail_at = head_size + items_size - len(_SEPARATOR) * (items_size > 0)
    tail_size = _TAILS.sizes.take(tails)
    ends = np.cumsum(tail_at + tail_size)
    ends += at
    starts = ends - tail_at - tail_size
    end = int(ends[-1])
    texts, spill, start = _item_texts(tuple(_PARTS.types))
    out = room(end + texts.itemsize + _TAILS.padded.itemsize + LABEL_BLOCK, at)
    names = _names(rows)
    # The parts of each row, one after the other, and where each begins.
    parts = np.empty((n, 3), dtype=np.int64)
    part_at = np.empty((n, 3), dtype=np.int64)
    begins = starts + head_size
    for i, (part, size) in enumerate(zip(row_parts, part_sizes, strict=True)):
        parts[:, i] = part
        part_at[:, i] = begins
        begins = begins + size
    _write_items(out, parts.reshape(-1), part_at.reshape(-1), names)
    copy_at(out, starts + tail_at, _TAILS.padded.take(tails))
    # What spilled reaches no further than the next head, which is written over it: heads
    # are shortest with a line number of one digit, and all run on into the same bytes.
    first = _head(file, 1)
    shortest = min(first.sizes)
    assert spill <= shortest and _TAILS.padded.itemsize - int(tail_size.min()) <= shortest
    assert not _PARTS.types or start.startswith(first.follows)
    if rows.labels is not None:
        # The rest of the head, written after the labels, takes what spills from them.
        assert len(_LABELS.plain[1]) + min(first.sizes) - first.digits - 1 >= LABEL_BLOCK - 1
        _LABELS.write(out, starts + label_at, rows.labels)
    has_items = items_size > 0
    for low, high, count in stretches:
        head, stretch = _head(file, count), rows.part(low, high)
        shift = None if label_size is None else label_size[low:high]
        _write_heads(
            out, stretch, head, starts[low:high], names[:5, low:high], has_items[low:high], shift
        )
    return out[:end], ends


def _names(rows: Rows) -> Any:
    """The names of the rows' cards by position, by column, then again in ``rank_order``:
    the positions of the parts' cards."""
    names = np.empty((2 * 5, len(rows)), dtype=np.uint16)
    names[:5] = _NAMES.take(rows.ranks * 4 + rows.suits)
    for i, ranked in enumerate(rank_order(rows), start=RANKED):
        names[i] = _RANKED_NAMES.take(ranked)
    return names


_RANKED_NAMES = _NAMES.take([key // 32 * 4 + key % 4 for key in range(14 * 32)])
"""Each card's name by its number in ``rank_order``, ``(rank * 8 + position) * 4 + suit``."""


def _write_heads(
    out: Any, rows: Rows, head: _Head, starts: Any, names: Any, has_items: Any, shift: Any
) -> None:
    """Write the heads of rows whose line numbers have as many digits, over what spilled
    into them; a shorter head runs on into its row's items or tail as they stand. The part
    after the line number goes ``shift`` bytes further (the rows' labels; None: none)."""
    matrix = template_rows(head.plain, len(rows))
    flags = head.flags
    flag = matrix.shape[1] - flags.itemsize
    variant = rows.crib.view(np.uint8) * 2 + has_items
    column(matrix, flag, flags.dtype)[...] = flags.take(variant)
    write_digits(matrix, head.digits, rows.line)
    for card_at, card_names in zip(head.cards, names, strict=True):
        column(matrix, card_at)[...] = card_names
    write_split(out, starts, matrix, head.digits + len(str(int(rows.line[0]))), shift)


def _pairs(out: Any) -> Any:
    """The bytes of ``out`` two at a time, from every place."""
    return np.ndarray((len(out) - 1,), dtype="<u2", buffer=out, strides=(1,))


@functools.cache
def _item_texts(types: tuple[ItemType, ...]) -> tuple[Any, int, bytes]:
    """The texts of these types of items, by type, as numpy items as long as the longest;
    how far an item may spill past the shortest tail after it; how all items begin."""
    texts = [_item(item_type)[0] for item_type in types]
    widest = max((len(text) for text in texts), default=1)
    spilled = widest - min((len(text) for text in texts), default=widest)
    start = os.path.commonprefix(texts) or b""
    # The tail begins on the last item's separator.
    spill = max(0, spilled - len(_tail(0)) + len(_SEPARATOR))
    return np.array(texts, dtype=f"V{widest}"), spill, start


def _write_items(out: Any, parts: Any, part_at: Any, names: Any) -> None:
    """Write the items of the rows' parts (three a row), part ``i`` from ``part_at[i]``:
    all at once, in order, each padded to the widest; then their cards over them."""
    first, counts, _, first_card, card_counts, types, before, card_before, position = (
        _PARTS.tables()
    )
    scoring = np.flatnonzero(counts.take(parts) != 0)  # (booleans are found quickest)
    if not len(scoring):
        return
    row = scoring // 3
    n = len(parts) // 3
    parts, part_at = parts.take(scoring), part_at.take(scoring)
    part, entry = _spread(first.take(parts), counts.take(parts))
    item_types = types.take(entry)
    copy_at(
        out,
        part_at.take(part) + before.take(entry),
        _item_texts(tuple(_PARTS.types))[0].take(item_types),
    )
    part, card = _spread(first_card.take(parts), card_counts.take(parts))
    found = names.take(position.take(card) * n + row.take(part))
    _pairs(out)[part_at.take(part) + card_before.take(card)] = found


def _spread(first: Any, counts: Any) -> tuple[Any, Any]:
    """For runs of table rows, ``counts[i]`` (at least one) from ``first[i]``: each one's
    run and its table row, in order."""
    ends = np.cumsum(counts)
    step = np.zeros(int(ends[-1]), dtype=np.int64)
    step[ends[:-1]] = 1
    run = np.cumsum(step)
    return run, np.arange(len(step)) + (first - (ends - counts)).take(run)
