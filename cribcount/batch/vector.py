"""Scoring the vectorised rows of ``cribcount batch``: regular lines thousands at a time.

Every rule comes from ``cribcount.rules``: the points of ranks alone from its
table of the multisets of five ranks, flush and nobs from arrays its functions fill."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cribcount import rules
from cribcount.batch.placed import column
from cribcount.cards import DECK, SUIT_ORDER, Rank

if TYPE_CHECKING:
    from cribcount.batch.reader import Labels

__all__ = [
    "Bodies",
    "CARD_NAMES",
    "LINE_WIDTH",
    "RANK_COLUMNS",
    "NO_CLAIM",
    "TOTAL_KEYS",
    "Rows",
    "RankTables",
    "fifteen_sets",
    "multiset_key",
    "rank_tables",
    "score_rows",
    "shape_count",
    "shape_of",
    "sort_columns",
]

U8 = npt.NDArray[np.uint8]
I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

NO_CLAIM = -1
"""``Rows.claim`` of a line without a claim."""


class Bodies(NamedTuple):
    """The lines of a chunk a reader read: their indices (``lines``), cards (``Card.index``) by
    column, the starter last, whether a crib, and the claim (or ``NO_CLAIM``)."""

    lines: I64
    cards: U8
    crib: Bools
    claim: npt.NDArray[np.int16]


LINE_WIDTH = 16
"""Bytes in a canonical hand such as ``5h 5d 5c Js / 5s``."""
RANK_COLUMNS = (0, 3, 6, 9, 14)
"""Where the ranks of the five cards are in a canonical hand; each suit follows its rank."""
_HAND_TEMPLATE = np.frombuffer(b"?? ?? ?? ?? / ??", dtype=np.uint8)
CARD_NAMES = np.array([int.from_bytes(str(card).encode(), "little") for card in DECK], dtype="<u2")
"""Each card's canonical name by ``Card.index``, its two bytes as one number."""
CARD_OF_NAME = np.full(1 << 16, len(DECK), dtype=np.uint8)
CARD_OF_NAME[CARD_NAMES] = np.arange(len(DECK))
"""Each card's index by its canonical name's two bytes as one number (``CARD_NAMES`` read
back); ``len(DECK)`` for any other two bytes."""


TOTAL_KEYS = 32
"""More than the highest total of a show (29): texts looked up by a claim and a total are
keyed ``claim * TOTAL_KEYS + total``."""

_SUITS = len(SUIT_ORDER)
_SUIT_BITS = _SUITS.bit_length() - 1
assert _SUITS == 1 << _SUIT_BITS


_SUBSET_MATRIX = np.zeros((len(rules.SUBSETS), 5), dtype=np.float64)
for _i, _subset in enumerate(rules.SUBSETS):
    _SUBSET_MATRIX[_i, list(_subset)] = 1
_VALUE_OF = np.array([0, *(rules.counting_value(rank) for rank in Rank)], dtype=np.float64)
# Flush points by ``rules.flush_key``: the rules' own table, looked up a column at a time.
_FLUSH = np.array(rules.FLUSH_TABLE, dtype=np.uint8)
_FLUSH_VALUES = sorted(set(rules.FLUSH_TABLE))
_FLUSH_INDEX = np.zeros(256, dtype=np.uint8)
_FLUSH_INDEX[_FLUSH_VALUES] = np.arange(len(_FLUSH_VALUES))
"""Where each flush's points are in ``_FLUSH_VALUES``."""
_NOBS_POINTS = np.uint8(rules.NOBS_POINTS)


def fifteen_sets(ranks: npt.NDArray[Any]) -> Bools:
    """Which of ``rules.SUBSETS`` of each row of five ranks (rows by column) total 15."""
    # Small whole numbers are exact in floating point, and the product runs in BLAS.
    return (_VALUE_OF[ranks] @ _SUBSET_MATRIX.T) == rules.FIFTEEN  # type: ignore[no-any-return]


# A sorting network for five values: these compare-exchanges in turn sort any five.
SORT_NETWORK = ((0, 1), (3, 4), (2, 4), (2, 3), (1, 4), (0, 3), (0, 2), (1, 3), (1, 2))


def sort_columns(columns: list[U8]) -> list[U8]:
    """Sort five columns row by row (each row of the five ascending), with ``SORT_NETWORK``."""
    out = list(columns)
    for i, j in SORT_NETWORK:
        out[i], out[j] = np.minimum(out[i], out[j]), np.maximum(out[i], out[j])
    return out


@dataclass(frozen=True)
class RankTables:
    """Points that depend on ranks alone, by the number ``multiset[multiset_key]`` of a multiset
    of five ranks; ``points_id`` numbers the distinct (fifteens, pairs, runs) in ``points``."""

    multiset: npt.NDArray[np.uint16]
    total: U8
    points_id: npt.NDArray[np.uint16]
    points: tuple[tuple[int, int, int], ...]


@functools.cache
def rank_tables() -> RankTables:
    """The arrays of ``rules.rank_table``, with an index from sorted ranks; built once."""
    sorted_ranks = np.array(list(rules.rank_multisets()), dtype=np.int64)
    size = len(sorted_ranks)
    data = np.frombuffer(rules.rank_data(), dtype=np.uint8).reshape(size, 3)
    fifteens, pairs, runs = (data[:, i].astype(np.int64) for i in range(3))
    multiset = np.zeros(13**5, dtype=np.uint16)
    multiset[multiset_key([sorted_ranks[:, i] for i in range(5)])] = np.arange(size)
    # Each of fifteens, pairs and runs is below 32: five bits each make one number to sort.
    # (np.unique would import numpy.ma, a start-up cost the command does not need.)
    points = (fifteens << 10) | (pairs << 5) | runs
    packed = np.array(sorted(set(points.tolist())), dtype=np.int64)
    points_id = np.searchsorted(packed, points)
    triples = np.stack([packed >> 10, (packed >> 5) & 31, packed & 31], axis=1)
    return RankTables(
        multiset=multiset,
        total=data.sum(axis=1, dtype=np.uint8),
        points_id=points_id.reshape(-1).astype(np.uint16),
        points=tuple((int(f), int(p), int(r)) for f, p, r in triples.tolist()),
    )


def multiset_key(sorted_columns: list[npt.NDArray[Any]]) -> npt.NDArray[np.int32]:
    """The index in ``RankTables.multiset`` of rows of five sorted ranks (1..13), by column."""
    key = np.zeros(len(sorted_columns[0]), dtype=np.int32)
    for ranks in sorted_columns:
        key = key * 13 + ranks - 1
    return key


@dataclass(frozen=True)
class Rows:
    """Lines of one chunk, scored: numpy arrays with one row per line, ``ranks`` (1..13) and
    ``suits`` (0..3) by column."""

    line: I64
    ranks: U8
    suits: U8
    crib: Bools
    multiset: npt.NDArray[np.uint16]
    flush: U8
    nobs: U8
    claim: npt.NDArray[np.int16]
    """The claimed count, ``NO_CLAIM`` where none was made."""
    labels: Labels | None = None
    """The rows' labels, None when none has one."""

    def __len__(self) -> int:
        return len(self.line)

    @property
    def text(self) -> U8:
        """The 16 bytes of each hand in canonical notation (``5h 5d 5c Js / 5s``)."""
        cards = ((self.ranks - np.uint8(1)) << np.uint8(_SUIT_BITS)) | self.suits
        text = np.empty((len(self), LINE_WIDTH), dtype=np.uint8)
        text[...] = _HAND_TEMPLATE
        for i, at in enumerate(RANK_COLUMNS):
            column(text, at)[...] = CARD_NAMES.take(cards[i])  # card i of every row
        return text

    @property
    def heels(self) -> Bools:
        """Whether the starter is a jack: his heels, for the dealer, outside the show."""
        return rules.heels_points(self.ranks[4]) != 0  # type: ignore[no-any-return]

    @functools.cached_property
    def total(self) -> U8:
        """The points of each show."""
        return rank_tables().total.take(self.multiset) + self.flush + self.nobs

    def part(self, start: int, stop: int) -> Rows:
        """The rows from ``start`` up to ``stop``."""
        return Rows(
            line=self.line[start:stop],
            ranks=self.ranks[:, start:stop],
            suits=self.suits[:, start:stop],
            crib=self.crib[start:stop],
            multiset=self.multiset[start:stop],
            flush=self.flush[start:stop],
            nobs=self.nobs[start:stop],
            claim=self.claim[start:stop],
            labels=None if self.labels is None else self.labels.part(start, stop),
        )

    def claim_tally(self) -> tuple[int, int, int]:
        """Claims made, claims wrong, and points missed (counted but not claimed) over the rows."""
        claimed = np.flatnonzero(self.claim != NO_CLAIM)
        # (A claim has three digits at most, and a show 29 points: the difference fits its type.)
        difference = self.claim.take(claimed) - self.total.take(claimed)
        missed = -int(np.minimum(difference, 0).sum())
        return len(claimed), int(np.count_nonzero(difference)), missed

    @functools.cached_property
    def shape(self) -> npt.NDArray[np.int32]:
        """A number per row for its points by kind, crib flag and heels: ``shape_of`` reads it."""
        points = rank_tables().points_id.take(self.multiset).astype(np.int32)
        flush_index = _FLUSH_INDEX.take(self.flush)
        has_nob = self.nobs != 0
        shape = ((points * len(_FLUSH_VALUES) + flush_index) * 2 + has_nob) * 2 + self.crib
        return shape * 2 + self.heels  # type: ignore[no-any-return]


def shape_count() -> int:
    """How many ``Rows.shape`` numbers there are: 0 up to this, exclusive."""
    return len(rank_tables().points) * len(_FLUSH_VALUES) * 8


def shape_of(shape: int) -> tuple[bool, int, tuple[int, int, int, int, int]]:
    """The crib flag, heels and (fifteens, pairs, runs, flush, nobs) of a ``Rows.shape``."""
    rest, jack_turned = divmod(shape, 2)
    rest, crib = divmod(rest, 2)
    rest, has_nob = divmod(rest, 2)
    points, flush_index = divmod(rest, len(_FLUSH_VALUES))
    fifteens, pairs, runs = rank_tables().points[points]
    nobs = rules.NOBS_POINTS * has_nob
    heels = rules.heels_points(rules.JACK) if jack_turned else 0
    return bool(crib), heels, (fifteens, pairs, runs, _FLUSH_VALUES[flush_index], nobs)


def score_rows(
    *,
    line: I64,
    cards: U8,
    crib: Bools,
    claim: npt.NDArray[np.int16],
    in_order: list[U8] | None = None,
    labels: Labels | None = None,
) -> Rows:
    """Count rows of five cards (``Card.index`` by column, the starter last) by the table and the
    suit rules; ``in_order`` the same sorted row by row if known."""
    if in_order is None:
        in_order = sort_columns(list(cards))
    # A card's index is its rank's (from 0) times four, plus its suit's.
    ranks, suits = (cards >> np.uint8(_SUIT_BITS)) + np.uint8(1), cards & np.uint8(_SUITS - 1)
    # Sorted cards have their ranks sorted too.
    key = multiset_key([(column >> np.uint8(_SUIT_BITS)) + np.uint8(1) for column in in_order])
    one_suit = rules.four_suited(suits[0], suits[1], suits[2], suits[3])
    starter_suited = suits[4] == suits[0]
    flush = _FLUSH.take(rules.flush_key(one_suit.view(np.uint8), starter_suited, crib))
    nobs = np.zeros(len(line), dtype=np.uint8)
    for i in range(4):
        nobs += rules.is_nob(ranks[i], suits[i], suits[4]) * _NOBS_POINTS
    return Rows(
        line=line,
        ranks=ranks,
        suits=suits,
        crib=crib,
        multiset=rank_tables().multiset.take(key),
        flush=flush,
        nobs=nobs,
        claim=claim,
        labels=labels,
    )
