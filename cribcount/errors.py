"""The errors cribcount raises about its input: one family under ``ValueError``.

Each error carries the whole input (``text``), the offending part of it
(``token``) and its 1-based ``column`` (0 when no single place is to blame).
The ``reason`` says what is wrong without the place; ``str(error)`` puts the
column in front, once:

>>> error = NotationError.at("unknown suit 'x' in '5x'", "5h 5x", Token("5x", 4))
>>> str(error)
"column 4: unknown suit 'x' in '5x'"
>>> error.reason, error.token, error.column
("unknown suit 'x' in '5x'", '5x', 4)
"""

from __future__ import annotations

from typing import NamedTuple, Self

__all__ = [
    "CribcountError",
    "DealError",
    "NotationError",
    "PlayError",
    "Token",
    "escape",
    "quote",
]


class Token(NamedTuple):
    """A piece of the input: its text and 1-based column."""

    text: str
    column: int


def quote(text: str) -> str:
    """``text`` in quotes for a message, control characters escaped, so it stays on one line."""
    # repr escapes control characters and lone surrogates, so the message always prints.
    return repr(text) if text.isprintable() else ascii(text)


def escape(text: str) -> str:
    """``text`` with its control characters and lone surrogates escaped, so it is one line.

    >>> print(escape("a\\nb\\udcff c"))
    a\\nb\\udcff c
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


class CribcountError(ValueError):
    """Any error about input that cribcount was asked to read or score."""

    def __init__(self, reason: str, *, text: str = "", token: str = "", column: int = 0) -> None:
        self.reason = reason
        self.text = text
        self.token = token
        self.column = column
        self.source = ""
        """What input the error is in, when there are several (an option's name): said first."""
        super().__init__(reason)

    @classmethod
    def at(cls, reason: str, text: str, token: Token | None) -> Self:
        """The error about ``token`` in ``text``; None: at the end, where input is missing."""
        if token is None:
            return cls(reason, text=text, column=len(text) + 1)
        return cls(reason, text=text, token=token.text, column=token.column)

    @property
    def message(self) -> str:
        """The reason with its place in front (``column 4: ...``), the way it is printed."""
        place = [self.source] if self.source else []
        place += [f"column {self.column}"] if self.column else []
        return ": ".join([*place, self.reason])

    def __str__(self) -> str:
        return self.message


class NotationError(CribcountError):
    """Text that is not card notation: a bad rank or suit, a stray word, a missing card."""


class DealError(CribcountError):
    """Cards that cannot have been dealt: a card twice, or the wrong number for the table."""


class PlayError(CribcountError):
    """A play that cannot have happened: a card that does not fit, a wrong go, a wrong hand."""
