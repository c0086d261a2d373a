"""``cribcount peg --from FILE``: one play a line, pegged in order.

A line is ``PLAY`` or ``PLAY ; HANDS``: the cards in the order laid (and
``go``), in the notation of ``peg``, then optionally after a ``;`` every
player's four cards in seat order, separated by ``|``, as ``peg --hands``
takes them. Blank lines and ``#`` comments are skipped but counted, as in
``batch``; a line that is not a play gives a ``Failed`` record in its place,
with its column in the whole line.

>>> import io
>>> stream = io.BytesIO(b"7c 8d 8h\\n# a comment\\n7c 8d ; 7c 2s 3s 4s | 8d 9d Td Jd\\n")
>>> for record in peg_lines(stream):
...     print(render_play_record(record, "csv"), end="")
1,3,2,
3,,,column 7: the play stops with 2s 3s 4s 9d Td Jd still in hand: every card of the hands ...
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from cribcount.batch.engine import Failed, read_lines
from cribcount.errors import CribcountError
from cribcount.play import Pegging, peg
from cribcount.render import csv_line, render_json
from cribcount.render.play import render_pegging, render_pegging_json
from cribcount.table import partnerships, seat_names

__all__ = [
    "HANDS_SEPARATOR",
    "Pegged",
    "PlayRecord",
    "peg_line",
    "peg_lines",
    "play_csv_header",
    "render_play_record",
]

HANDS_SEPARATOR = ";"
"""What separates a line's play from the hands that check it: ``7c 8d ; 7c 2s 3s 4s | ...``."""


@dataclass(frozen=True)
class Pegged:
    """A line pegged: its 1-based line number and the play."""

    line: int
    pegging: Pegging


PlayRecord = Pegged | Failed


def peg_line(text: str, *, players: int = 2, partners: bool = False) -> Pegging:
    """Peg one line, ``PLAY`` or ``PLAY ; HANDS``; errors name their column in the whole line."""
    play, separator, hands = text.partition(HANDS_SEPARATOR)
    if not separator:
        return peg(text, players=players, partners=partners)
    # Blanks in place of the play keep every column in the hands that of the line.
    return peg(play, hands=" " * (len(play) + 1) + hands, players=players, partners=partners)


def peg_lines(
    stream: BinaryIO, *, players: int = 2, partners: bool = False
) -> Iterator[PlayRecord]:
    """One record for each line of ``stream`` that holds something: the play, or what is wrong.

    ``players`` and ``partners`` hold for every line; a line's hands must be one for each player.
    """
    partnerships(players, partners=partners)  # a table that cannot be fails before any line
    for lines in read_lines(stream):
        for entry in lines:
            if isinstance(entry, Failed):
                yield entry
                continue
            line, text = entry
            try:
                yield Pegged(line, peg_line(text, players=players, partners=partners))
            except CribcountError as error:
                yield Failed(line, text, error.reason, max(error.column, 1))


def play_csv_header(players: int = 2) -> str:
    """The header row of the CSV records: the line, each player's total in seat order, the error."""
    return csv_line(["line", *seat_names(players), "error"])


def render_play_record(record: PlayRecord, fmt: str, *, players: int = 2) -> str:
    """One record in ``fmt`` (text, jsonl or csv), newline included.

    jsonl: the object of ``peg --format json`` with ``"line"`` first; text:
    ``line N:`` then the lines of ``peg``; csv: the line and each player's
    total. A failed line: ``{"line", "input", "error"}``, a row with only the
    error, or ``line N: error: ...``.
    """
    if isinstance(record, Failed):
        if fmt == "jsonl":
            failed = {"line": record.line, "input": record.text, "error": record.message}
            return render_json(failed) + "\n"
        if fmt == "csv":
            return csv_line([record.line, *[""] * players, record.message])
        return f"line {record.line}: error: {record.message}\n"
    pegging = record.pegging
    if fmt == "jsonl":
        return render_pegging_json(pegging, line=record.line) + "\n"
    if fmt == "csv":
        return csv_line([record.line, *pegging.totals.values(), ""])
    return f"line {record.line}:\n{render_pegging(pegging)}\n"
