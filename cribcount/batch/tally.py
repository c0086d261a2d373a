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
Tally(hands=2, points=33, claims=1, wrong=1, missed=1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from cribcount import rules
from cribcount.batch.engine import Chunk, Record, Scored

if TYPE_CHECKING:
    from cribcount.batch.vector import Rows

__all__ = ["BY", "Tallies", "Tally", "crib_labels", "key_of"]

BY = ("label", "player")
"""What ``--by`` groups records by."""
_SAYS_CRIB = re.compile(rb"\b(?:crib|berceau)\b", re.IGNORECASE)
"""A label that names the crib, in English or French: ``Bob, crib 1``."""


@dataclass
class Tally:
    """One label's (or player's) figures: hands, points, claims made and wrong, points missed
    (counted but not claimed, as the run's summary counts them)."""

    hands: int = 0
    points: int = 0
    claims: int = 0
    wrong: int = 0
    missed: int = 0

    def add(self, total: int, claim: int | None) -> None:
        """Take one hand into account: its points, and its claim settled by the rules."""
        self.hands += 1
        self.points += total
        if claim is None:
            return
        _, missed = rules.settle_claim(claim, total)
        self.claims, self.wrong, self.missed = (
            self.claims + 1,
            self.wrong + (claim != total),
            self.missed + missed,
        )


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
    totals: dict[str | None, Tally] = field(default_factory=dict)

    def _tally(self, label: str | None) -> Tally:
        key = key_of(label, self.by)
        tally = self.totals.get(key)
        if tally is None:
            tally = self.totals[key] = Tally()
        return tally

    def add(self, record: Record) -> None:
        """Take one careful record into account (a failed line has no hand to total)."""
        if isinstance(record, Scored):
            self._tally(record.label).add(record.count.total, record.claim)

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
        labels = row_labels(rows, start, stop)
        for i, (total, claim) in enumerate(zip(totals, claims, strict=True)):
            self._tally(labels.get(i)).add(total, None if claim == NO_CLAIM else claim)


def row_labels(rows: Rows, start: int, stop: int) -> dict[int, str]:
    """The labels of rows ``start`` up to ``stop``, by their index from ``start``."""
    labels = rows.labels
    if labels is None:
        return {}
    found = {row - start: text for row, text in labels.odd.items() if start <= row < stop and text}
    source = labels.source
    for row in (labels.size[start:stop] > 0).nonzero()[0].tolist():
        at, size = int(labels.at[start + row]), int(labels.size[start + row])
        found[row] = bytes(source[at : at + size]).decode("ascii")
    return found


def crib_labels(chunk: Chunk) -> list[tuple[int, str]]:
    """The hands whose label says crib (``Bob, crib 1``) but that are counted as hands: each
    one's line and label, in input order."""
    found: list[tuple[int, str]] = []
    rows = chunk.rows
    if rows is not None and rows.labels is not None:
        labels = rows.labels
        crib = rows.crib.tolist()
        lines = rows.line.tolist()
        # The word is found in the chunk's bytes once; a row is named only when one of its
        # matches lies inside its label (the crib word of a body says nothing of the label).
        source = bytes(labels.source)
        starts = np.array([m.start() for m in _SAYS_CRIB.finditer(source)], dtype=np.int64)
        if len(starts):
            order = np.argsort(labels.at, kind="stable")
            at = labels.at[order]
            row = np.searchsorted(at, starts, side="right") - 1
            inside = row >= 0
            held = order[row[inside]]
            inside[inside] = starts[inside] < labels.at[held] + labels.size[held]
            for hit in sorted(set(order[row[inside]].tolist())):
                if not crib[hit]:
                    at_, size = int(labels.at[hit]), int(labels.size[hit])
                    found.append((lines[hit], source[at_ : at_ + size].decode("ascii")))
        for hit, label in labels.odd.items():
            if label and not crib[hit] and _SAYS_CRIB.search(label.encode()):
                found.append((lines[hit], label))
    for _, record in chunk.records:
        if isinstance(record, Scored) and record.label and not record.count.crib:
            if _SAYS_CRIB.search(record.label.encode()):
                found.append((record.line, record.label))
    return sorted(found)
