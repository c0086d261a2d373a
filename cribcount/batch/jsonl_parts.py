"""The items of each vectorised row in three parts, the numbers ``batch.jsonl`` renders from.

A show's items come in three parts that each depend on little: the fifteens
on the counting values by position, the pairs and runs on the multiset of
ranks, the flush and nobs on the suits, the jacks and the crib flag. Each
part is counted once, by ``cribcount.show``, and numbered; a row is then
three part numbers, looked up in tables by its counting values, by its
multiset of ranks and by its suits. Nothing here scores: the parts are what
``cribcount.show`` says they are.

The fifteens of every number of the counting values by position are found
at once (``vector.fifteen_sets``), as the sets of positions that make them:
a few thousand sets, each counted when first met. A part of no points (the
rows' own count says so) has no items, and suits are then not looked up.

Pairs and runs are counted on the cards sorted by rank, ties in their order
(``rank_order``): they are then the same items with the same cards, and
depend only on which sorted ranks are equal or next to each other, so the
table by multiset is made at once from the few parts those steps give.

A part is a list of item shapes (kind, positions, points); items of one
kind, number of cards and points are written alike, so they share a *type*.
The tables say, for each part, where in its bytes each item and each card
goes, as the renderer lays out one item of each type. Positions 0 to 4 are
the cards of a row in order, the starter last; 5 to 9 the same cards in
``rank_order``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from cribcount import rules
from cribcount.batch.vector import Rows, fifteen_sets, sort_columns
from cribcount.show import Kind, Scoring, fifteen_positions, rank_positions, suit_positions

__all__ = ["RANKED", "ItemLayout", "ItemType", "Parts", "rank_order"]

ItemType = tuple[Kind, int, int]
"""Kind, number of cards and points: items of one type are written alike."""
ItemLayout = tuple[int, tuple[int, ...]]
"""The bytes an item takes, its separator included, and where its cards go in them."""

_VALUES = 10
RANKED = 5
"""Where the positions of the cards in ``rank_order`` begin."""
_BATCH = 1 << 11
"""Counting values whose fifteens are found at a time: few enough that the matrix product
takes one thread, so that the threads of the linear algebra library are never woken to wait
busily."""
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
    """Part numbers for rows, and what is in each part, in tables that grow as parts are met.

    ``tables()`` gives, by part, its first entry, how many and their bytes,
    and its first card and how many; by entry (an item of a part, a part's
    from its first on), the item's type and the bytes before it in its part;
    by card (likewise), the bytes before it in its part and its position.
    """

    def __init__(self, layout: Callable[[ItemType], ItemLayout]) -> None:
        self._layout = layout
        """How each type of item is laid out."""
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
        """The three part numbers of each row: fifteens, pairs and runs, suits.

        A part of no points has no items: rows are only looked at more
        closely for the suits that score.
        """
        if len(self) > _MOST:
            self._clear()
        none = self._part([])
        if self._by_set is None:
            # Made for the first rows, not with the renderer: text and CSV do without.
            self._by_set = np.full(len(_fifteen_sets()[1]), -1, dtype=np.int32)
            self._by_multiset = self._learn_ranks()
        by_values, first = _fifteen_sets()
        sets = by_values.take(_code(_VALUE_CODES, rows.ranks))
        fifteens = self._by_set.take(sets)
        if (fifteens < 0).any():
            # (np.unique would import numpy.ma, a start-up cost the command does not need.)
            for new in sorted(set(sets[fifteens < 0].tolist())):
                self._by_set[new] = self._part(fifteen_positions(_values(int(first[new]))))
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
        """The pairs and runs part of every multiset of ranks, in ``rank_tables`` order.

        Counted on sorted ranks, pairs and runs hang only on the steps between
        them (none, one, or more): one multiset of each steps is counted, and
        its cards' positions are those of ``rank_order``.
        """
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
                width, places = self._layout(item_type)
                self._new_cards += [(before + p, a) for p, a in zip(places, at, strict=True)]
                before += width
                cards += len(at)
            self._new_parts.append((self._entries, len(key), before, self._cards, cards))
            self._entries += len(key)
            self._cards += cards
        return found

    def tables(self) -> tuple[Any, ...]:
        """By part: its first entry, how many, their bytes, its first card, how many; by
        entry: the item's type, the bytes before it in its part; by card: the bytes before
        it in its part, its position in the hand."""
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
    """The fifteens of every number of the counting values by position (``_VALUE_CODES``),
    as sets of the positions that make them, numbered: each values' set, by their number;
    the number of the first values of each set. Found at once, for rows to look up."""
    values = np.indices((_VALUES,) * 5).reshape(5, -1)[::-1] + 1  # by ``_VALUE_CODES``
    ranks = _RANK_OF_VALUE.take(values)
    bits = np.empty(values.shape[1], dtype=np.int64)
    for start in range(0, len(bits), _BATCH):
        found = fifteen_sets(ranks[:, start : start + _BATCH].T)
        packed = np.packbits(found, axis=1, bitorder="little")
        bits[start : start + _BATCH] = packed.view("<u4")[:, 0]
    _, first, by_values = np.unique(bits, return_index=True, return_inverse=True)
    return by_values.reshape(-1).astype(np.int32), first


def _values(code: int) -> tuple[int, ...]:
    """The counting values by position read back from their number (``_VALUE_CODES``)."""
    return tuple(code // _VALUES**i % _VALUES + 1 for i in range(5))


def _code(codes: Any, ranks: Any) -> Any:
    """A number for each row from its five ranks (by column), by a table of ``_code`` rows."""
    total = codes[0].take(ranks[0])
    for i in range(1, 5):
        total += codes[i].take(ranks[i])
    return total


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
    """Each row's cards sorted by rank, ties in position order, by column: what the
    positions from ``RANKED`` on stand for. A card is given as the number
    ``(rank * 8 + position) * 4 + suit``."""
    keys = rows.ranks.astype(np.int16) * 32 + rows.suits + _PLACES
    return sort_columns(list(keys))


_PLACES = (np.arange(5, dtype=np.int16) * 4)[:, None]
"""What each position adds to the numbers of ``rank_order``."""
