"""A line that could not be read, and how it is written, for every reader of files of lines.

``batch``, the ``--from`` readers of ``discard`` and ``peg``, and ``score -``
give a bad line one record in its place (``Failed``): its number, its text,
what is wrong and the column. ``failed_text`` writes it as text records write
it, ``render_error`` as its one line on stderr.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import Message
from cribcount.reading import MAX_LINE
from cribcount.render import TEXT_WIDTH

__all__ = ["INDENT", "Failed", "bad_byte", "failed_text", "render_error", "too_long"]

INDENT = "    "
"""How text records indent the lines after their first."""
_SHOWN = 40
"""Bytes of a too-long line kept as its input in the error record."""


@dataclass(frozen=True)
class Failed:
    """A line that could not be read: its line number, its text, what is wrong and the column."""

    line: int
    text: str
    reason: str
    column: int
    label: str | None = None
    said: Message | None = field(default=None, compare=False)
    """The reason as a message, to say in another language (None: ``reason`` as it is)."""

    @property
    def message(self) -> str:
        """The reason with its column in front, as records write it."""
        return f"column {self.column}: {self.reason}"


def too_long(raw: bytes, line: int) -> Failed:
    """The record of a line longer than ``MAX_LINE`` bytes: its start only is kept."""
    shown = raw[:_SHOWN].decode("utf-8", errors="replace") + "..."
    reason = Message("line too long: more than {n} bytes", n=MAX_LINE)
    return Failed(line, shown, str(reason), 1, said=reason)


def bad_byte(shown: str, line: int, byte: int, column: int) -> Failed:
    """The record of a line with a byte that is not UTF-8 where it is read."""
    reason = Message("invalid UTF-8 byte 0x{byte}", byte=f"{byte:02x}")
    return Failed(line, shown, str(reason), column, said=reason)


def _wrap(reason: str) -> str:
    """A reason indented and wrapped at 60 columns, never inside a short parenthesis or quote
    (one that fits on a line)."""
    # textwrap breaks only at ASCII white space: a no-break space holds a group together.
    most = TEXT_WIDTH // 2
    # A quote opens after no letter: the apostrophe of French l'annonce opens none.
    short = rf"\([^)]{{0,{most}}}\)|(?<!\w)'[^']{{0,{most}}}'(?!\w)"
    kept = re.sub(short, lambda group: group[0].replace(" ", "\u00a0"), reason)
    lines = textwrap.wrap(kept, TEXT_WIDTH, initial_indent=INDENT, subsequent_indent=INDENT)
    return "\n".join(line.replace("\u00a0", " ") for line in lines)


def failed_text(record: Failed, lang: Language) -> str:
    """What follows the place of a bad line in text: ``error at column C:``, then the reason
    indented and wrapped at 60 columns; newline included."""
    said = lang.say("error at column {column}:", column=record.column)
    return f"{said}\n{_wrap(_reason(record, lang))}\n"


def _reason(record: Failed, lang: Language) -> str:
    return record.reason if record.said is None else lang.text(record.said)


def render_error(record: Failed, file: str, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The stderr line for a bad line: ``FILE:LINE:COLUMN: reason``, the column said once."""
    return f"{file}:{record.line}:{record.column}: {_reason(record, lang)}"
