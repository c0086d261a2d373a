"""``cribcount discard --from FILE``: one deal a line, advised a block at a time, in order.

Each line holds the cards dealt to one seat, in the notation of ``discard``;
blank lines and ``#`` comments are skipped but counted, as in ``batch``. A
line that is not a deal gives a ``Failed`` record in its place.

>>> import io
>>> from cribcount.discard import Role
>>> stream = io.BytesIO(b"# two deals\\n5h 5d 6c 7s Jh Kd\\n5h 5d 6c 7s Jh\\n")
>>> for record in advise_lines(stream, role=Role.DEALER):
...     print(render_deal_record(record, "text").splitlines()[-1].strip())
best: keep 5h 5d Jh Kd, lay away 6c 7s (net 17.861)
expected 6 cards to choose from, got 5 cards
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from cribcount.batch.engine import Done, Failed, read_lines
from cribcount.batch.records import render_failed
from cribcount.cards import ENGLISH, Card, Notation, format_cards
from cribcount.discard import Advice, Role, discard_seat, parse_deal
from cribcount.errors import CribcountError
from cribcount.language import DEFAULT, Language, language
from cribcount.render import csv_line, render_json
from cribcount.render.discard import discard_to_dict, render_discard

__all__ = [
    "DEAL_CSV_COLUMNS",
    "Advised",
    "DealRecord",
    "advise_lines",
    "deal_csv_header",
    "render_deal_record",
]

DEAL_CSV_COLUMNS = ("line", "cards", "keep", "discard", "hand", "crib", "net", "error")
"""The columns of ``discard --from --format csv``: the best choice of each deal."""


Advised = Done[Advice]
"""A line advised: its line number and, as its ``result``, the advice for its deal."""
DealRecord = Advised | Failed


def advise_lines(
    stream: BinaryIO,
    *,
    role: Role,
    players: int = 2,
    seat: int | None = None,
    partners: bool = False,
    notation: Notation = ENGLISH,
) -> Iterator[DealRecord]:
    """One record for each line of ``stream`` that holds something: its advice, or what is wrong.

    Every line is a deal for the same table, role and seat (checked once, by
    ``discard_seat``), written in ``notation``; the deals are advised together
    by ``advise_many``.
    """
    from cribcount.batch.discard import advise_many  # numpy, only for files of deals

    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    for lines in read_lines(stream):
        read: list[DealRecord | tuple[int, tuple[Card, ...]]] = []
        for line_read in lines:
            if isinstance(line_read, Failed):
                read.append(line_read)
                continue
            line, text = line_read
            try:
                read.append((line, parse_deal(text, players=players, seat=seat, notation=notation)))
            except CribcountError as error:
                read.append(Failed(line, text, error.reason, max(error.column, 1), said=error.said))
        deals = [entry for entry in read if isinstance(entry, tuple)]
        advice = iter(
            advise_many(
                [cards for _, cards in deals],
                role=role,
                players=players,
                seat=seat,
                partners=partners,
            )
        )
        for entry in read:
            # Done itself: calling through the alias Advised costs a generic alias's dispatch.
            yield Done(entry[0], next(advice)) if isinstance(entry, tuple) else entry


def deal_csv_header() -> str:
    """The header row of the CSV records."""
    return csv_line(DEAL_CSV_COLUMNS)


def render_deal_record(record: DealRecord, fmt: str, *, lang: Language | None = None) -> str:
    """One record in ``fmt`` (text, jsonl or csv), newline included; text in ``lang``.

    jsonl: the object of ``discard --format json`` with ``"line"`` first; text:
    ``line N:`` then the table of ``discard``; csv: one row
    with the best choice. A failed line: ``{"line", "input", "error"}``, a row
    with the input as its cards and the error, or ``line N: error: ...``.
    """
    lang = language(DEFAULT) if lang is None else lang
    if isinstance(record, Failed):
        return render_failed(record, fmt, [record.text, *[""] * 5], lang=lang)
    advice = record.result
    if fmt == "jsonl":
        return render_json({"line": record.line, **discard_to_dict(advice)}) + "\n"
    if fmt == "csv":
        best = advice.best
        return csv_line(
            [
                record.line,
                format_cards(advice.cards),
                format_cards(best.keep),
                format_cards(best.discard),
                float(best.hand),
                float(best.crib),
                float(best.net),
                "",
            ]
        )
    return f"{lang.say('line {line}:', line=record.line)}\n{render_discard(advice, lang=lang)}\n"
