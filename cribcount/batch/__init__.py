"""Scoring many hands, one per line, streaming: the subsystem behind ``cribcount batch``.

``score_lines`` is the library's way in: one record for each line that holds
a hand, scored or failed, in input order, each line read carefully.
``write_stream`` is the command's: the same records rendered a chunk at a time,
regular lines read by the vectorised reader (numpy), with what went wrong
beside them.

>>> import io
>>> for record in score_lines(io.BytesIO(b"5h 5d 5c Js / 5s = 28\\n# note\\n5h 5x 5c Js / 5s\\n")):
...     print(record.line, getattr(record, "difference", None) or record.message)
1 -1
3 column 4: unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)

Two readers, one grammar (a label up to the first ``:``, a hand, ``crib``
and/or a claim ``= N``, a comment from a ``#`` after white space):

- the *vectorised reader* (``reader``, with its token table in ``tokens``)
  reads every regular line of a chunk at once, labelled and commented lines
  too, into *rows* that ``vector`` scores with numpy; a canonical body is read
  at fixed columns, any other by its tokens;
- the *careful reader* (``lines``) reads one line at a time and says what is
  wrong: it sees only the lines the vectorised reader hands back, every line
  with ``vectorised=False`` (``--no-fast``, ``score_lines``) and every line in
  another language, and ``count_show`` counts them into *records*.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO, NamedTuple

from cribcount.batch.engine import (
    Chunk,
    Record,
    Scored,
    Summary,
    score_line,
    score_lines,
    score_stream,
)
from cribcount.batch.lines import Entry, parse_line
from cribcount.failed import Failed
from cribcount.language import DEFAULT, Language, language

__all__ = [
    "FORMATS",
    "INPUTS",
    "Entry",
    "Failed",
    "Record",
    "Scored",
    "Summary",
    "Written",
    "parse_line",
    "score_line",
    "score_lines",
    "write_stream",
]

FORMATS = ("text", "csv", "jsonl")
"""The output formats of ``write_stream``."""
INPUTS = ("lines", "csv")
"""The input forms of ``write_stream``: one hand a line, or a CSV sheet with a header."""


class Written(NamedTuple):
    """A stretch of input done: its records rendered, the failed lines among them, bytes read,
    and the chunk they were rendered from (for totals by label)."""

    data: bytes
    failed: list[Failed]
    size: int
    chunk: Chunk


def write_stream(
    stream: BinaryIO,
    fmt: str,
    summary: Summary,
    *,
    crib: bool = False,
    vectorised: bool = True,
    file: str | None = None,
    form: str = "lines",
    lang: Language | None = None,
) -> Iterator[Written]:
    """Score ``stream`` and render its records in ``fmt``, a chunk at a time, in input order.

    ``summary`` takes every record into account; ``file`` is named in each
    record when given; ``form`` is one of ``INPUTS``. ``lang`` (English by
    default) reads the notation and writes text; CSV and JSON lines are in English.
    """
    from cribcount.batch.csvinput import score_csv_stream
    from cribcount.batch.writers import render_chunk  # numpy, only for the command

    lang = lang or language(DEFAULT)
    chunks = (
        score_csv_stream(stream, crib=crib, notation=lang.notation)
        if form == "csv"
        else score_stream(stream, crib=crib, vectorised=vectorised, notation=lang.notation)
    )
    for chunk in chunks:
        summary.add_chunk(chunk)
        failed = [record for _, record in chunk.records if isinstance(record, Failed)]
        yield Written(render_chunk(chunk, fmt, file, lang=lang), failed, chunk.size, chunk)
