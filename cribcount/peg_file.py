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

import functools
from collections.abc import Iterator
from typing import BinaryIO, TypedDict, Unpack

from cribcount.cards import ENGLISH, Notation
from cribcount.failed import Failed
from cribcount.from_lines import Done, line_records, render_failed
from cribcount.language import DEFAULT, Language, language
from cribcount.messages import N_
from cribcount.play import Pegging, Seating, peg_seated, seating
from cribcount.render import csv_line
from cribcount.render.play import render_pegging, render_pegging_json
from cribcount.seats import seat_names

__all__ = [
    "HANDS_SEPARATOR",
    "PegOptions",
    "Pegged",
    "PlayRecord",
    "peg_line",
    "peg_lines",
    "play_csv_header",
    "render_play_record",
]

HANDS_SEPARATOR = ";"
"""What separates a line's play from the hands that check it: ``7c 8d ; 7c 2s 3s 4s | ...``."""


Pegged = Done[Pegging]
"""A line pegged: its line number and, as its ``result``, the play."""
PlayRecord = Pegged | Failed


class PegOptions(TypedDict, total=False):
    """What holds for every line of a file: the table, the notation, an open play (``--open``)."""

    players: int
    partners: bool
    notation: Notation
    unfinished: bool


def peg_line(text: str, **options: Unpack[PegOptions]) -> Pegging:
    """Peg one line, ``PLAY`` or ``PLAY ; HANDS``; errors name their column in the whole line.

    ``options`` are those of ``play.peg``: ``players`` (2 by default),
    ``partners``, ``notation`` and ``unfinished`` (a play still going on).
    """
    seats = seating(options.get("players", 2), options.get("partners", False))
    return _peg_line(
        text, seats, options.get("notation", ENGLISH), unfinished=options.get("unfinished", False)
    )


def _peg_line(text: str, seats: Seating, notation: Notation, *, unfinished: bool) -> Pegging:
    play, separator, hands = text.partition(HANDS_SEPARATOR)
    # Blanks in place of the play keep every column in the hands that of the line.
    blanked = " " * (len(play) + 1) + hands if separator else None
    return peg_seated(play, seats, hands=blanked, notation=notation, unfinished=unfinished)


def peg_lines(stream: BinaryIO, **options: Unpack[PegOptions]) -> Iterator[PlayRecord]:
    """One record for each line of ``stream`` that holds something: the play, or what is wrong.

    ``options`` (as for ``peg_line``) hold for every line; a line's hands must
    be one for each player.
    """
    # A table that cannot be fails before any line.
    seats = seating(options.get("players", 2), options.get("partners", False))
    notation = options.get("notation", ENGLISH)
    unfinished = options.get("unfinished", False)
    return line_records(
        stream, lambda text: _peg_line(text, seats, notation, unfinished=unfinished)
    )


def play_csv_header(players: int = 2) -> str:
    """The header row of the CSV records: the line, each player's total in seat order, the error."""
    return csv_line(["line", *seat_names(players), "error"])


def render_play_record(
    record: PlayRecord, fmt: str, *, players: int = 2, lang: Language | None = None
) -> str:
    """One record in ``fmt`` (text, jsonl or csv), newline included; text in ``lang``.

    jsonl: the object of ``peg --format json`` with ``"line"`` first; text:
    ``line N:`` then the lines of ``peg``; csv: the line and each player's
    total. A failed line: ``{"line", "input", "error"}``, a row with only the
    error, or ``line N: error: ...``.
    """
    lang = language(DEFAULT) if lang is None else lang
    if isinstance(record, Failed):
        return render_failed(record, fmt, [""] * players, lang=lang)
    pegging = record.result
    if fmt == "jsonl":
        return render_pegging_json(pegging, line=record.line) + "\n"
    if fmt == "csv":
        return csv_line([record.line, *pegging.totals.values(), ""])
    label = _line_label(lang).format(line=str(record.line))
    return f"{label}\n{render_pegging(pegging, lang=lang)}\n"


_LINE = N_("line {line}:")


@functools.cache
def _line_label(lang: Language) -> str:
    """The head of a record in text, ``line {line}:`` in ``lang``, to fill in with each line's
    number as ``lang.say`` would: looked up once a run, not once a record."""
    return lang.catalog.gettext(_LINE)
