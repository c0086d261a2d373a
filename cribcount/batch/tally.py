"""Totals by label or by player over a batch run (``batch --by``), and labels that say crib.

A club secretary scores a night's sheets and wants each player's figures:
hands, points, claims made and wrong, points missed. ``Tallies`` adds up the
records of each chunk (the rows of the vectorised reader as well as the
careful records) under their label, or under the player: the label's first
field, before its first comma (``Bob, deal 3`` is Bob's).

>>> from cribcount.batch.engine import score_line
>>> tallies = Tallies("player")
>>> tallies.add(score_line(b"Bob, deal 1: 5h 5d 5c Js / 5s = 28", 1))
>>> tallies.add(score_line(b"Bob, deal 2: 2h 4h 6h 8h / Kc", 2))
>>> tallies.totals["Bob"]
Summary(hands=2, failed=0, claims=1, claims_wrong=1, points_missed=1, points=33)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from cribcount.batch.engine import Chunk, Record, Scored, Summary
from cribcount.batch.lines import CRIB_WORDS

if TYPE_CHECKING:
    from cribcount.batch.vector import I64, U8, Rows

__all__ = ["BY", "Tallies", "crib_labels", "key_of"]

BY = ("label", "player")
"""What ``--by`` groups records by."""


def key_of(label: str | None, by: str) -> str | None:
    """What a label is totalled under: itself, or for ``player`` its first field.

    >>> key_of("Bob, deal 3", "player"), key_of("Bob, deal 3", "label"), key_of(None, "player")
    ('Bob', 'Bob, deal 3', None)
    """
    if label is None or by == "label":
        return label
    return label.split(",", 1)[0].strip() or None


@dataclass
class Tallies:
    """The figures of each label or player (``by``), in the order first seen; None: no label."""

    by: str
    totals: dict[str | None, Summary] = field(default_factory=dict)

    def _tally(self, label: str | None) -> Summary:
        key = key_of(label, self.by)
        tally = self.totals.get(key)
        if tally is None:
            tally = self.totals[key] = Summary()
        return tally

    def add(self, record: Record) -> None:
        """Take one careful record into account (a failed line has no hand to total)."""
        if isinstance(record, Scored):
            self._tally(record.label).add(record)

    def add_chunk(self, chunk: Chunk) -> None:
        """Take a whole chunk into account, in input order."""
        before = 0
        for rows_before, record in chunk.records:
            if chunk.rows is not None and rows_before > before:
                self._add_rows(chunk.rows, before, rows_before)
                before = rows_before
            self.add(record)
        if chunk.rows is not None and len(chunk.rows) > before:
            self._add_rows(chunk.rows, before, len(chunk.rows))

    def _add_rows(self, rows: Rows, start: int, stop: int) -> None:
        from cribcount.batch.vector import NO_CLAIM

        totals = rows.total[start:stop].tolist()
        claims = rows.claim[start:stop].tolist()
        found: dict[int, str] = {}  # the rows' labels, by their index from ``start``
        if rows.labels is not None:
            labels = rows.labels.part(start, stop)
            found = {row: text for row, text in labels.odd.items() if text}
            for row in np.flatnonzero(labels.size > 0).tolist():
                at, size = int(labels.at[row]), int(labels.size[row])
                found[row] = labels.source[at : at + size].tobytes().decode("ascii")
        for i, (total, claim) in enumerate(zip(totals, claims, strict=True)):
            self._tally(found.get(i)).add_hand(total, None if claim == NO_CLAIM else claim)


def crib_labels(chunk: Chunk) -> list[tuple[int, str]]:
    """The hands whose label says crib (``Bob, crib 1``) but that are counted as hands: each
    one's line and label, in input order."""
    found: list[tuple[int, str]] = []
    # Other labels, as text: those of the careful records and the rows' odd ones.
    others = [
        (record.line, record.label)
        for _, record in chunk.records
        if isinstance(record, Scored) and record.label and not record.count.crib
    ]
    rows = chunk.rows
    if rows is not None and rows.labels is not None:
        labels, crib, lines = rows.labels, rows.crib, rows.line
        # The chunk's bytes (padded) are searched at once, bodies too: a match counts in a
        # label only.
        for row in _saying_crib(labels.source, labels.at, labels.size).tolist():
            if not crib[row]:
                at, size = int(labels.at[row]), int(labels.size[row])
                text = labels.source[at : at + size].tobytes().decode("ascii")
                found.append((int(lines[row]), text))
        others += [(int(lines[row]), text) for row, text in labels.odd.items() if not crib[row]]
    if others:
        texts = [label.encode() for _, label in others]
        sizes = np.array([len(text) for text in texts], dtype=np.int64)
        starts = np.cumsum(sizes + 1) - sizes - 1
        padded = np.frombuffer(b"\n".join([*texts, bytes(_LONGEST)]), dtype=np.uint8)
        found += [others[i] for i in _saying_crib(padded, starts, sizes).tolist()]
    return sorted(found)


_WORDS = [word.encode() for word in sorted(CRIB_WORDS)]
_LONGEST = max(map(len, _WORDS))
_IN_WORD = np.array([bytes([byte]).isalnum() or byte == ord("_") for byte in range(256)])
"""The bytes of words, as a regular expression's ``\\b`` sees them: ASCII letters, digits, ``_``."""
_CASE = np.uint8(0x20)
"""The bit that ASCII letters differ by in their two cases."""


def _saying_crib(text: U8, at: I64, size: I64) -> I64:
    """Which spans of ``text`` (from ``at``, ``size`` bytes; none inside another; the text
    padded with ``_LONGEST`` NULs, at least two) hold a word of ``CRIB_WORDS`` in any case, whole
    (``Cribbage`` is none): their indices, rising."""
    folded = text | _CASE  # a letter in lower case (other bytes are not compared with it)
    # Each word's first two letters are looked for at once, as a number of two bytes from
    # every even byte of the text, then every odd one (far fewer places begin two letters
    # than one), the rest where they are; in no order.
    half = (len(text) - _LONGEST) // 2 + 1
    pairs = [folded[skip : skip + 2 * half].view("<u2") for skip in (0, 1)]
    starts = []
    for word in _WORDS:
        key = int.from_bytes(word[:2], "little")
        hits = np.concatenate([np.flatnonzero(pairs[skip] == key) * 2 + skip for skip in (0, 1)])
        for i, byte in enumerate(word[2:], start=2):
            hits = hits[folded.take(hits + i) == byte]
        before = (hits > 0) & _IN_WORD.take(text.take(hits - 1))
        starts.append(hits[~before & ~_IN_WORD.take(text.take(hits + len(word)))])
    hit = np.concatenate(starts)
    order = np.argsort(at, kind="stable")
    place = np.searchsorted(at.take(order), hit, side="right") - 1
    hit, span = hit[place >= 0], order.take(place[place >= 0])
    inside = span[hit < at.take(span) + size.take(span)]
    return np.flatnonzero(np.bincount(inside, minlength=len(at)))
