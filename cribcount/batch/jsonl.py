"""JSON lines for the vectorised rows, their pieces copied into one buffer a kind at a time.

A row is a head (the line number and the cards, up to the items' opening
bracket), its items, and a tail (the total, the heels and the claim, with
the newline), every text taken from the one-record rendering with sample
cards. Items are written first, each padded to the widest and spilling into
what follows it, then tails, then heads, over what spilled into them.

Which items a row has comes from three *parts* that each depend on little:
the fifteens on the counting values by position, the pairs and runs on the
multiset of ranks, the flush and nobs on the suits, the jacks and the crib
flag. Each part is counted once, by ``cribcount.show``, and numbered
(nothing here scores). Positions 0 to 4 are the cards of a row in order, the
starter last; 5 to 9 the same cards in ``rank_order``.
"""

from __future__ import annotations

import functools
import os
from typing import Any, NamedTuple

import numpy as np

from cribcount import rules
from cribcount.batch.engine import Scored
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
from cribcount.batch.vector import (
    CARD_NAMES,
    NO_CLAIM,
    TOTAL_KEYS,
    Rows,
    fifteen_sets,
    sort_columns,
)
from cribcount.cards import DECK, Card, Hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict
from cribcount.show import (
    Count,
    Item,
    Kind,
    Scoring,
    fifteen_positions,
    rank_positions,
    suit_positions,
)

__all__ = ["jsonl_rows"]

SAMPLE = DECK[:5]
"""Five different cards that texts are rendered with, then replaced by the row's own."""
SAMPLE_HAND = Hand((SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3]), SAMPLE[4])
_SEPARATOR = render_json([0, 0])[2:-2].encode()
"""What stands between two things in a JSON list."""


_JACK_HAND = Hand(SAMPLE_HAND.cards, DECK[(rules.JACK - 1) * 4])
"""The sample cards with a jack turned, for the tail of the rows with heels."""
_NAMES = np.concatenate([np.zeros(4, dtype=CARD_NAMES.dtype), CARD_NAMES])
"""Each card's two-byte name as one number, by ``rank * 4 + suit``."""
ItemType = tuple[Kind, int, int]
"""Kind, number of cards and points: items of one type are written alike."""

_VALUES = 10
RANKED = 5
"""Where the positions of the cards in ``rank_order`` begin."""
_BATCH = 1 << 11
"""Counting values whose fifteens are found at a time: few enough that the matrix product
takes one thread, never waking the linear algebra library's threads to wait busily."""
_MOST = 1 << 14
"""Parts kept at most; past that the tables start again, so memory stays flat."""
_VALUE_CODES = np.array(
    [[(rules.counting_value(r) - 1) * _VALUES**i if r else 0 for r in range(14)] for i in range(5)],
    dtype=np.int32,
)
"""By position and rank: what the rank adds to the number of the counting values."""
_RANK_OF_VALUE = np.array(
    [min(r for r in range(1, 14) if rules.counting_value(r) == v) if v else 0 for v in range(11)]
)
"""A rank of each counting value."""


class Parts:
    """Part numbers for rows, and what is in each part, in tables that grow as parts are met."""

    def __init__(self) -> None:
        self._clear()

    def _clear(self) -> None:
        self.types: list[ItemType] = []
        self._type_ids: dict[ItemType, int] = {}
        self._part_ids: dict[tuple[tuple[Kind, tuple[int, ...], int], ...], int] = {}
        self._by_set: Any = None
        """The fifteens part of each set of fifteens (``_fifteen_sets``); -1 while unknown."""
        self._by_multiset: Any = None
        """The pairs and runs part of each multiset of ranks (``rank_tables``), made at once."""
        self._by_suits = np.full(_SUIT_KEYS, -1, dtype=np.int32)
        self._entries = 0
        self._cards = 0
        self._new_parts: list[tuple[int, int, int, int, int]] = []
        self._new_entries: list[tuple[int, int]] = []
        self._new_cards: list[tuple[int, int]] = []
        self._tables: tuple[Any, ...] = tuple(np.empty(0, dtype=np.int64) for _ in range(9))

    def __len__(self) -> int:
        """How many parts are known."""
        return len(self._part_ids)

    def row_parts(self, rows: Rows) -> tuple[Any, Any, Any]:
        """The three part numbers of each row: fifteens, pairs and runs, suits (only looked at
        for the suits that score)."""
        if len(self) > _MOST:
            self._clear()
        none = self._part([])
        if self._by_set is None:
            # Made for the first rows, not with the renderer: text and CSV do without.
            self._by_set = np.full(len(_fifteen_sets()[1]), -1, dtype=np.int32)
            self._by_multiset = self._learn_ranks()
        by_values, first = _fifteen_sets()
        values = _VALUE_CODES[0].take(rows.ranks[0])  # the number of the counting values
        for i in range(1, 5):
            values += _VALUE_CODES[i].take(rows.ranks[i])
        sets = by_values.take(values)
        fifteens = self._by_set.take(sets)
        if (fifteens < 0).any():
            for new in sorted(set(sets[fifteens < 0].tolist())):
                code = int(first[new])  # the counting values by position, read back
                values_of = tuple(code // _VALUES**i % _VALUES + 1 for i in range(5))
                self._by_set[new] = self._part(fifteen_positions(values_of))
            fifteens = self._by_set.take(sets)
        pairs_and_runs = self._by_multiset.take(rows.multiset)
        suits = np.full(len(rows), none, dtype=np.int32)
        scoring = (rows.flush != 0) | (rows.nobs != 0)
        if scoring.any():
            at = np.flatnonzero(scoring)
            suit_key = _suit_key(rows, at)
            found = self._by_suits.take(suit_key)
            if (found < 0).any():
                self._learn_suits(rows, suit_key, at)
                found = self._by_suits.take(suit_key)
            suits[at] = found
        return fifteens, pairs_and_runs, suits

    def _learn_ranks(self) -> Any:
        """The pairs and runs part of every multiset of ranks, in ``rank_tables`` order: on
        sorted ranks they hang only on the steps between them (none, one, or more)."""
        ranks = np.array(list(rules.rank_multisets()), dtype=np.int64)
        steps = np.minimum(np.diff(ranks, axis=1), 2) @ 3 ** np.arange(4)
        kinds, first = np.unique(steps, return_index=True)
        parts = np.zeros(3**4, dtype=np.int32)
        for key, row in zip(kinds.tolist(), first.tolist(), strict=True):
            scoring = rank_positions(ranks[row].tolist())
            parts[key] = self._part([(k, tuple(RANKED + i for i in at), p) for k, at, p in scoring])
        return parts.take(steps)

    def _learn_suits(self, rows: Rows, suit_key: Any, at: Any) -> None:
        """Fill the table by suits for rows ``at`` (of keys ``suit_key``), counting new parts."""
        unknown = self._by_suits[suit_key] < 0
        found, first = np.unique(suit_key[unknown], return_index=True)
        for key, row in zip(found.tolist(), at[unknown][first].tolist(), strict=True):
            ranks, suits = rows.ranks[:, row].tolist(), rows.suits[:, row].tolist()
            crib = bool(rows.crib[row])
            self._by_suits[key] = self._part(suit_positions(ranks, suits, crib=crib))

    def _part(self, scoring: Scoring) -> int:
        """The number of a part, its items counted as ``scoring``; a new one if not met yet."""
        key = tuple(scoring)
        found = self._part_ids.get(key)
        if found is None:
            found = self._part_ids[key] = len(self._part_ids)
            before = cards = 0
            for kind, at, points in key:
                item_type = (kind, len(at), points)
                if item_type not in self._type_ids:
                    self._type_ids[item_type] = len(self.types)
                    self.types.append(item_type)
                self._new_entries.append((self._type_ids[item_type], before))
                text, places = _item(item_type)
                self._new_cards += [(before + p, a) for p, a in zip(places, at, strict=True)]
                before += len(text)
                cards += len(at)
            self._new_parts.append((self._entries, len(key), before, self._cards, cards))
            self._entries += len(key)
            self._cards += cards
        return found

    def tables(self) -> tuple[Any, ...]:
        """By part: its first entry, how many, their bytes, its first card, how many; by entry:
        its type, the bytes before it in its part; by card: those bytes, its position."""
        if self._new_parts:
            parts = np.array(self._new_parts, dtype=np.int64).reshape(-1, 5).T
            entries = np.array(self._new_entries, dtype=np.int64).reshape(-1, 2).T
            cards = np.array(self._new_cards, dtype=np.int64).reshape(-1, 2).T
            new = (*parts, *entries, *cards)
            self._tables = tuple(
                np.concatenate([old, more]) for old, more in zip(self._tables, new, strict=True)
            )
            self._new_parts, self._new_entries, self._new_cards = [], [], []
        return self._tables


@functools.cache
def _fifteen_sets() -> tuple[Any, Any]:
    """The fifteens of every number of the counting values by position (``_VALUE_CODES``) as
    numbered sets of positions: each values' set, and the first values of each set."""
    values = np.indices((_VALUES,) * 5).reshape(5, -1)[::-1] + 1  # by ``_VALUE_CODES``
    ranks = _RANK_OF_VALUE.take(values)
    bits = np.empty(values.shape[1], dtype=np.int64)
    for start in range(0, len(bits), _BATCH):
        found = fifteen_sets(ranks[:, start : start + _BATCH].T)
        packed = np.packbits(found, axis=1, bitorder="little")
        bits[start : start + _BATCH] = packed.view("<u4")[:, 0]
    _, first, by_values = np.unique(bits, return_index=True, return_inverse=True)
    return by_values.reshape(-1).astype(np.int32), first


_IS_NOB = np.array(
    [[rules.is_nob(rank, 0, 0 if same else 1) for same in (False, True)] for rank in range(14)]
)
"""By rank and whether the card is of the starter's suit: his nob or not, as the rules say."""
_SUIT_KEYS = 5**4 * 2**4 * 2
"""Which earlier card each card shares its suit with, which cards are his nob, the crib."""


def _suit_key(rows: Rows, at: Any) -> Any:
    """Of rows ``at``: the suits by position as which cards share one, which of the four
    cards are his nob, and the crib flag, as one number: all that flush and nobs see."""
    suits, ranks = rows.suits[:, at], rows.ranks[:, at]
    key = np.zeros(len(at), dtype=np.int64)
    for i in range(1, 5):
        # The first card of the same suit, by position (itself when none before).
        same = np.full(len(at), i, dtype=np.int64)
        for j in range(i - 1, -1, -1):
            same[suits[j] == suits[i]] = j
        key = key * 5 + same
    for i in range(4):
        key = key * 2 + _IS_NOB[ranks[i], (suits[i] == suits[4]).astype(np.intp)]
    return key * 2 + rows.crib[at]


def rank_order(rows: Rows) -> list[Any]:
    """Each row's cards sorted by rank, ties in position order, by column, each as the number
    ``(rank * 8 + position) * 4 + suit``: what the positions from ``RANKED`` on stand for."""
    keys = rows.ranks.astype(np.int16) * 32 + rows.suits + _PLACES
    return sort_columns(list(keys))


_PLACES = (np.arange(5, dtype=np.int16) * 4)[:, None]
"""What each position adds to the numbers of ``rank_order``."""


@functools.cache
def _item(item_type: ItemType) -> tuple[bytes, tuple[int, ...]]:
    """An item of this type with its separator after it; where its cards go, in order."""
    kind, size, points = item_type
    count = Count(SAMPLE_HAND, False, (Item(kind, SAMPLE[:size], points),))
    text = render_json(count_to_dict(count)["items"])[1:-1].encode() + _SEPARATOR
    return text, tuple(_card_at(text, card) for card in SAMPLE[:size])


def _card_at(text: bytes, card: Card, start: int = 0) -> int:
    return text.index(f'"{card}"'.encode(), start) + 1


class _Head(NamedTuple):
    """A row up to its items' opening bracket, for line numbers of one number of digits.

    ``plain`` (without the crib) is as long as the longest head, a shorter one
    running on into its row's first item (``follows``) or tail; ``sizes`` are the
    real lengths without and with the crib; ``digits`` where the line number
    begins; ``flags`` the heads from the crib flag on, as numpy items: without
    and with the crib (by two), the row without items and with them (by one).
    """

    plain: bytes
    sizes: tuple[int, int]
    digits: int
    cards: tuple[int, ...]
    flags: Any
    follows: bytes


@functools.cache
def _head(file: str | None, digits: int) -> _Head:
    """The head of a row naming ``file``, from renderings of one record: the line numbers
    of ``digits`` digits begin where the lowest and the highest first differ."""
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
        # An item after the head: the bytes a shorter head runs on into.
        one = Count(SAMPLE_HAND, crib_flag, (Item(Kind.NOBS, SAMPLE[:1], rules.NOBS_POINTS),))
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
    listed = render_json(count_to_dict(count)["items"])
    return text[text.rindex(listed) + len(listed) - 1 :].encode()


_LABELS = LabelPieces(functools.partial(label_piece, fmt="jsonl"))
_TAILS = KnownTexts(_tail)
"""Tails met so far, numbered by tail key, each padded to the longest."""
_PARTS = Parts()


def jsonl_rows(rows: Rows, file: str | None, at: int = 0) -> tuple[Any, Any]:
    """The JSON lines of the rows (line numbers rising) as bytes, and where each row ends: one
    buffer for all calls, the rows written after its first ``at`` bytes, which are kept."""
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
    claims = rows.claim.astype(np.int64) - NO_CLAIM
    tails = _TAILS.of((claims * TOTAL_KEYS + rows.total) * 2 + rows.heels)  # tail keys
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
    parts = np.stack(row_parts, axis=1).astype(np.int64)
    begins = starts + head_size
    part_at = np.stack([begins, begins + part_sizes[0], begins + part_sizes[0] + part_sizes[1]], 1)
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
    """Write the heads of rows whose line numbers have as many digits, over what spilled into
    them; the part after the line number ``shift`` bytes further (the labels; None: none)."""
    matrix = template_rows(head.plain, len(rows))
    flags = head.flags
    flag = matrix.shape[1] - flags.itemsize
    variant = rows.crib.view(np.uint8) * 2 + has_items
    column(matrix, flag, flags.dtype)[...] = flags.take(variant)
    write_digits(matrix, head.digits, rows.line)
    for card_at, card_names in zip(head.cards, names, strict=True):
        column(matrix, card_at)[...] = card_names
    write_split(out, starts, matrix, head.digits + len(str(int(rows.line[0]))), shift)


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
    pairs = np.ndarray((len(out) - 1,), dtype="<u2", buffer=out, strides=(1,))
    pairs[part_at.take(part) + card_before.take(card)] = found


def _spread(first: Any, counts: Any) -> tuple[Any, Any]:
    """For runs of table rows, ``counts[i]`` (at least one) from ``first[i]``: each one's
    run and its table row, in order."""
    ends = np.cumsum(counts)
    step = np.zeros(int(ends[-1]), dtype=np.int64)
    step[ends[:-1]] = 1
    run = np.cumsum(step)
    return run, np.arange(len(step)) + (first - (ends - counts)).take(run)
