"""``cribcount peg --advise --from FILE``: one position of the play a line, advised in order.

A line is ``SEAT ; HAND ; STARTER ; AWAY ; PLAY``: the seat to advise (pone
or dealer), its four cards, the starter, the two cards it laid away (or
nothing) and the play so far as ``peg`` reads it, gos written (or nothing,
before the first card). Blank lines and ``#`` comments are skipped but
counted; a line that is not a position gives a ``Failed`` record in its
place, with its column in the whole line.

>>> import io
>>> stream = io.BytesIO(b"dealer ; 5c 5d Td Kh ; 2s ; 3c 4c ; 3h 5c 4h Kh 2h\\n")
>>> for record in advise_lines(stream):
...     print(render_advice_record(record, "csv"), end="")
1,5d,2.095,0.19,1.905,0.0,
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from cribcount.cards import ENGLISH, Notation
from cribcount.errors import PlayError
from cribcount.failed import Failed
from cribcount.from_lines import Done, line_records, render_failed
from cribcount.language import DEFAULT, Language, language
from cribcount.messages import Message
from cribcount.pegging_engine import DEFAULT_SAMPLES, PlayAdvice, advise_play
from cribcount.render import csv_line
from cribcount.render.play import render_play_advice, render_play_advice_json

__all__ = [
    "ADVICE_CSV_HEADER",
    "FIELD_SEPARATOR",
    "AdviceRecord",
    "advise_line",
    "advise_lines",
    "render_advice_record",
]

FIELD_SEPARATOR = ";"
"""What separates the fields of a line: ``SEAT ; HAND ; STARTER ; AWAY ; PLAY``."""
_FIELDS = 5

AdviceRecord = Done[PlayAdvice] | Failed
_CSV_FIELDS = ["card", "mine", "theirs", "net", "error"]
ADVICE_CSV_HEADER = csv_line(["line", *_CSV_FIELDS])
"""The header row of the CSV records: the line, the best move and its figures, the error."""


def advise_line(
    text: str, *, samples: int = DEFAULT_SAMPLES, seed: int = 0, notation: Notation = ENGLISH
) -> PlayAdvice:
    """Advise one line, ``SEAT ; HAND ; STARTER ; AWAY ; PLAY``; errors name their column in the
    whole line."""
    parts = text.split(FIELD_SEPARATOR)
    if len(parts) != _FIELDS:
        reason = Message(
            "expected SEAT ; HAND ; STARTER ; AWAY ; PLAY, got {n} fields", n=len(parts)
        )
        raise PlayError(reason, text=text)
    # Each field keeps its columns in the line: what comes before it is blanked.
    fields = []
    start = 0
    for part in parts:
        fields.append(" " * start + part)
        start += len(part) + 1
    seat, hand, starter, away, play = fields
    return advise_play(
        hand,
        starter,
        seat=seat.strip(),
        play=play,
        away=away,
        samples=samples,
        seed=seed,
        notation=notation,
    )


def advise_lines(
    stream: BinaryIO, *, samples: int = DEFAULT_SAMPLES, seed: int = 0, notation: Notation = ENGLISH
) -> Iterator[AdviceRecord]:
    """One record for each line of ``stream`` that holds something: the advice, or what is wrong."""
    return line_records(
        stream, lambda text: advise_line(text, samples=samples, seed=seed, notation=notation)
    )


def render_advice_record(record: AdviceRecord, fmt: str, *, lang: Language | None = None) -> str:
    """One record in ``fmt`` (text, jsonl or csv), newline included; text in ``lang``.

    jsonl: the object of ``peg --advise --format json`` with ``"line"`` first;
    text: ``line N:`` then the advice; csv: the line and the best move with its
    figures (``go`` for a go).
    """
    lang = language(DEFAULT) if lang is None else lang
    if isinstance(record, Failed):
        return render_failed(record, fmt, [""] * len(_CSV_FIELDS), lang=lang)
    advice = record.result
    if fmt == "jsonl":
        return render_play_advice_json(advice, line=record.line) + "\n"
    if fmt == "csv":
        best = advice.choices[0]
        card = "go" if best.card is None else str(best.card)
        figures = [round(best.mine, 3), round(best.theirs, 3), round(best.net, 3)]
        return csv_line([record.line, card, *figures, round(best.error, 3), ""])
    label = lang.say("line {line}:", line=record.line)
    return f"{label}\n{render_play_advice(advice, lang=lang)}\n"
