"""The items of each vectorised row in three parts, the numbers ``batch.jsonl`` renders from.

A show's items come in three parts that each depend on little: the fifteens
on the counting values by position, the pairs and runs on which ranks are
equal or next to each other by position, the flush and nobs on the suits,
the jacks and the crib flag. Each part that is met is counted once, by
``cribcount.show`` from the cards of its first row, and numbered; a row is
then three part numbers, looked up in tables indexed by its ranks and suits.
Nothing here scores: the parts are what ``cribcount.show`` says they are.

A part is a list of item shapes (kind, positions, points); items of one
kind, number of cards and points are written alike, so they share a *type*.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cribcount import rules
from cribcount.batch.vector import FastRows, fifteen_sets, sort_columns
from cribcount.show import Kind, Scoring, fifteen_positions, rank_positions, suit_positions

__all__ = ["ItemType", "Parts"]

ItemType = tuple[Kind, int, int]
"""Kind, number of cards and points: items of one type are written alike."""

_RANKS = 13
_PATTERN_BASE = 9  # ranks by position with every gap wider than one closed to two: 0..8
_BATCH = 1 << 11
"""Rows whose fifteens are found at a time: few enough that the matrix product takes one
thread, so that the threads of the linear algebra library are never woken to wait busily."""
_MOST = 1 << 14
"""Parts kept at most; past that the tables start again, so memory stays flat."""


class Parts:
    """Part numbers for rows, the items of every part, and the shapes and types of the items.

    The arrays grow as parts are met; ``first``, ``count`` and ``width``
    are by part, ``shape`` and ``offset`` by item of a part (a part's items
    from ``first`` on), ``positions`` and ``type`` by shape.
    """

    def __init__(self, width: Callable[[ItemType], int]) -> None:
        self._width = width
        """Bytes each type of item takes, its separator included."""
        self._clear()

    def _clear(self) -> None:
        self.types: list[ItemType] = []
        self._type_ids: dict[ItemType, int] = {}
        self._part_ids: dict[tuple[tuple[Kind, tuple[int, ...], int], ...], int] = {}
        self._shape_ids: dict[tuple[Kind, tuple[int, ...], int], int] = {}
        self._part_lists: list[list[int]] = []
        self._shape_list: list[tuple[int, tuple[int, ...]]] = []
        self._by_ranks = np.full(_RANKS**5, -1, dtype=np.int64)
        """Fifteens part and pairs-and-runs part of each ranks by position, packed; -1 unknown."""
        self._by_fifteens: dict[int, int] = {}
        self._by_pattern = np.full(_PATTERN_BASE**5, -1, dtype=np.int64)
        self._by_suits = np.full(_SUIT_KEYS, -1, dtype=np.int64)
        self._stale = True

    def __len__(self) -> int:
        """How many parts are known."""
        return len(self._part_lists)

    def row_parts(self, rows: FastRows) -> Any:
        """The three part numbers of each row (fifteens, pairs and runs, suits): n by 3."""
        if len(self._part_lists) > _MOST:
            self._clear()
        ranks = rows.ranks.astype(np.int64)
        code = np.zeros(len(rows), dtype=np.int64)
        for column in ranks:
            code = code * _RANKS + column - 1
        packed = self._by_ranks[code]
        unknown = packed < 0
        if unknown.any():
            self._learn_ranks(ranks[:, unknown], code[unknown])
            packed = self._by_ranks[code]
        suit_key = _suit_key(rows)
        by_suits = self._by_suits[suit_key]
        if (by_suits < 0).any():
            self._learn_suits(rows, suit_key, by_suits < 0)
            by_suits = self._by_suits[suit_key]
        out = np.empty((len(rows), 3), dtype=np.int64)
        out[:, 0] = packed >> 32
        out[:, 1] = packed & 0xFFFFFFFF
        out[:, 2] = by_suits
        return out

    def _learn_ranks(self, ranks: Any, code: Any) -> None:
        """Fill the table by ranks for these rows (ranks by column), counting new parts."""
        bits = np.empty(len(code), dtype=np.int64)
        for start in range(0, len(code), _BATCH):
            found = fifteen_sets(ranks[:, start : start + _BATCH].T)
            bits[start : start + _BATCH] = np.packbits(found, axis=1, bitorder="little").view(
                "<u4"
            )[:, 0]
        fifteens = np.empty(len(code), dtype=np.int64)
        found, first, where = np.unique(bits, return_index=True, return_inverse=True)
        ids = []
        for key, row in zip(found.tolist(), first.tolist(), strict=True):
            part = self._by_fifteens.get(key)
            if part is None:
                values = tuple(rules.counting_value(rank) for rank in ranks[:, row].tolist())
                part = self._by_fifteens[key] = self._part(fifteen_positions(values))
            ids.append(part)
        fifteens[:] = np.array(ids, dtype=np.int64)[where.reshape(-1)]
        pattern = _pattern(ranks)
        news = np.unique(pattern[self._by_pattern[pattern] < 0]).tolist()
        for new in news:
            self._by_pattern[new] = self._part(rank_positions(_pattern_ranks(new)))
        self._by_ranks[code] = (fifteens << 32) | self._by_pattern[pattern]

    def _learn_suits(self, rows: FastRows, suit_key: Any, unknown: Any) -> None:
        found, first = np.unique(suit_key[unknown], return_index=True)
        at = np.flatnonzero(unknown)[first]
        for key, row in zip(found.tolist(), at.tolist(), strict=True):
            ranks, suits = rows.ranks[:, row].tolist(), rows.suits[:, row].tolist()
            crib = bool(rows.crib[row])
            self._by_suits[key] = self._part(suit_positions(ranks, suits, crib=crib))

    def _part(self, scoring: Scoring) -> int:
        """The number of a part, its items counted as ``scoring``; a new one if not met yet."""
        key = tuple(scoring)
        found = self._part_ids.get(key)
        if found is None:
            found = self._part_ids[key] = len(self._part_lists)
            self._part_lists.append([self._shape(*item) for item in key])
            self._stale = True
        return found

    def _shape(self, kind: Kind, at: tuple[int, ...], points: int) -> int:
        found = self._shape_ids.get((kind, at, points))
        if found is None:
            found = self._shape_ids[kind, at, points] = len(self._shape_list)
            item_type = (kind, len(at), points)
            if item_type not in self._type_ids:
                self._type_ids[item_type] = len(self.types)
                self.types.append(item_type)
            self._shape_list.append((self._type_ids[item_type], at))
        return found

    def tables(self) -> tuple[Any, ...]:
        """By part: first item, items, bytes; by item of a part: shape, bytes before it;
        by shape: type and positions (five, unused ones 0)."""
        if self._stale:
            counts = np.array([len(items) for items in self._part_lists], dtype=np.int64)
            flat = np.array([s for items in self._part_lists for s in items], dtype=np.int64)
            shape_types = np.array([t for t, _ in self._shape_list], dtype=np.int64)
            positions = np.zeros((len(self._shape_list), 5), dtype=np.int64)
            for i, (_, at) in enumerate(self._shape_list):
                positions[i, : len(at)] = at
            type_sizes = np.array([self._width(t) for t in self.types], dtype=np.int64)
            sizes = type_sizes[shape_types[flat]]
            part_of_item = np.repeat(np.arange(len(counts)), counts)
            width = np.bincount(part_of_item, weights=sizes, minlength=len(counts))
            width = width.astype(np.int64)
            before = np.cumsum(sizes) - sizes
            offset = before - np.repeat(np.cumsum(width) - width, counts)
            first = np.cumsum(counts) - counts
            self._tables = (first, counts, width, flat, offset, shape_types, positions)
            self._stale = False
        return self._tables


_SUIT_KEYS = 2 * 2 * 5 * 2


def _suit_key(rows: FastRows) -> Any:
    """Four of one suit, the starter's too, which card is a jack of the starter's suit, crib."""
    suits = rows.suits
    one_suit = (suits[0] == suits[1]) & (suits[1] == suits[2]) & (suits[2] == suits[3])
    nob = np.zeros(len(rows), dtype=np.int64)
    for i in range(4):
        nob[(rows.ranks[i] == rules.JACK) & (suits[i] == suits[4])] = i + 1
    return ((one_suit * 2 + (suits[4] == suits[0])) * 5 + nob) * 2 + rows.crib


def _pattern(ranks: Any) -> Any:
    """The ranks by position with every gap wider than one closed to two, as one number.

    It keeps which ranks are equal and which are next to each other, so it
    fixes the pairs and runs by position.
    """
    columns = list(ranks)
    low_to_high = sort_columns(columns)
    pattern = np.zeros(ranks.shape[1], dtype=np.int64)
    for rank in reversed(columns):
        place = np.zeros(ranks.shape[1], dtype=np.int64)
        for below, above in zip(low_to_high, low_to_high[1:], strict=False):
            place += np.minimum(above - below, 2) * (above <= rank)
        pattern = pattern * _PATTERN_BASE + place
    return pattern


def _pattern_ranks(code: int) -> list[int]:
    """The ranks (1 to 9) of a pattern by position, read back from its number."""
    return [code // _PATTERN_BASE**i % _PATTERN_BASE + 1 for i in range(5)]
