"""The lines of a ``--from`` file (``discard``, ``peg``), read as ``batch`` reads its own.

Bytes in chunks, the same encodings and line ends; blank and comment lines
skipped but counted; a line not UTF-8 or too long is a ``Failed`` record in
its place, and ``render_failed`` writes a failed line as ``batch`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, Generic, TypeVar

from cribcount.errors import CribcountError
from cribcount.failed import Failed, bad_byte, failed_text, too_long
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.reading import CAREFUL_CHUNK_SIZE, MAX_LINE, is_skipped, read_chunks
from cribcount.render import csv_line, render_json

__all__ = ["Done", "Line", "decode_line", "line_records", "read_lines", "render_failed"]

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """A line of another command's file done: its 1-based line number and what it gave."""

    line: int
    result: T


Line = tuple[int, str] | Failed
"""A line read: its number and text, or Failed when it could not be read."""


def decode_line(raw: bytes, line: int) -> str | Failed:
    """One line of bytes (no newline) as text, a trailing CR dropped.

    Failed if it is not UTF-8 or longer than ``MAX_LINE`` bytes.
    """
    raw = raw.removesuffix(b"\r")
    if len(raw) > MAX_LINE:
        return too_long(raw, line)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(raw[: error.start].decode("utf-8")) + 1
        shown = raw.decode("utf-8", errors="replace")
        return bad_byte(shown, line, raw[error.start], column)


def read_lines(stream: BinaryIO, *, size: int = CAREFUL_CHUNK_SIZE) -> Iterator[list[Line]]:
    """The lines of ``stream`` that hold something, a chunk at a time, as batch reads them.

    Each is (line number, text), or Failed when it is not UTF-8 or longer
    than ``MAX_LINE`` bytes; blank and comment lines are skipped but counted.
    """
    for first_line, data in read_chunks(stream, size=size):
        try:
            # Most chunks are all UTF-8: decoded at once, then split.
            decoded = [line.removesuffix("\r") for line in data.decode("utf-8").split("\n")[:-1]]
            texts: list[str | Failed] = list(decoded)
            # A character is at most 4 bytes: only a line this long may be too long.
            if max(map(len, decoded), default=0) * 4 > MAX_LINE:
                for i, long in enumerate(decoded):
                    if len(long) * 4 > MAX_LINE:
                        texts[i] = decode_line(long.encode("utf-8"), first_line + i)
        except UnicodeDecodeError:
            raws = data.split(b"\n")[:-1]
            texts = [decode_line(raw, first_line + i) for i, raw in enumerate(raws)]
        lines: list[Line] = []
        for i, text in enumerate(texts):
            if isinstance(text, Failed):
                lines.append(text)
            elif not is_skipped(text):
                lines.append((first_line + i, text))
        yield lines


def line_records(stream: BinaryIO, work: Callable[[str], T]) -> Iterator[Done[T] | Failed]:
    """One record for each line of ``stream`` that holds something, in order: ``work`` of its
    text, or Failed where the line is unreadable or ``work`` raises a CribcountError (its
    column in the line)."""
    for lines in read_lines(stream):
        for entry in lines:
            if isinstance(entry, Failed):
                yield entry
                continue
            line, text = entry
            try:
                result = work(text)
            except CribcountError as error:
                yield Failed(line, text, error.reason, max(error.column, 1), said=error.said)
            else:
                yield Done(line, result)


def render_failed(
    record: Failed, fmt: str, fields: list[str], *, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """A line of a ``--from`` file that failed, in ``fmt`` (text, jsonl or csv), newline included.

    jsonl: ``{"line", "input", "error"}``; csv: the line, ``fields`` (the
    columns of a record, left empty) and the error; text in ``lang``, as batch
    writes a bad line: ``line N: error at column C:`` and the reason, indented,
    within 60 columns.
    """
    if fmt == "jsonl":
        failed = {"line": record.line, "input": record.text, "error": record.message}
        return render_json(failed) + "\n"
    if fmt == "csv":
        return csv_line([record.line, *fields, record.message])
    return lang.say("line {line}:", line=record.line) + " " + failed_text(record, lang)
