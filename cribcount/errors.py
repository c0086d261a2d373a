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

from cribcount.messages import Message

__all__ = [
    "CribcountError",
    "DealError",
    "GameError",
    "GameRecordError",
    "NotationError",
    "PlayError",
    "TableError",
    "Token",
    "escape",
    "quote",
]


class Token(NamedTuple):
    """A piece of the input: its text and 1-based column."""

    text: str
    column: int


QUOTED = 40
"""Characters of the input a message quotes at most: a long bad token is cut, with ``...``."""


def quote(text: str) -> str:
    """``text`` in quotes for a message, control characters escaped, so it stays on one line.

    A text longer than ``QUOTED`` characters is cut short:

    >>> quote("5h" * 30)
    "'5h5h5h5h5h5h5h5h5h5h5h5h5h5h5h5h5h5h5...'"
    """
    if len(text) > QUOTED:
        text = text[: QUOTED - 3] + "..."
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

    def __init__(
        self, reason: str | Message, *, text: str = "", token: str = "", column: int = 0
    ) -> None:
        self.said = reason if isinstance(reason, Message) else Message(reason)
        """The reason as a message, to say in another language."""
        self.reason = str(reason)
        self.text = text
        self.token = token
        self.column = column
        self.source = ""
        """What input the error is in, when there are several (an option's name): said first."""
        super().__init__(self.reason)

    @classmethod
    def at(cls, reason: str | Message, text: str, token: Token | None) -> Self:
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


class TableError(DealError):
    """A table that cannot be: a number of players, a seat or partnerships it does not have."""


class PlayError(CribcountError):
    """A play that cannot have happened: a card that does not fit, a wrong go, a wrong hand."""


class GameError(CribcountError):
    """A statement of a game record that cannot be: out of place, a bad word, cards or a play.

    ``line`` is the statement's 1-based line in the record; ``text`` is that line.
    """

    def __init__(
        self,
        reason: str | Message,
        *,
        text: str = "",
        token: str = "",
        column: int = 0,
        line: int = 0,
    ) -> None:
        super().__init__(reason, text=text, token=token, column=column)
        self.line = line


class GameRecordError(CribcountError):
    """A game record with bad statements: ``errors`` holds each one, in the order of the lines."""

    def __init__(self, errors: tuple[GameError, ...]) -> None:
        first = errors[0]
        super().__init__(first.reason, text=first.text, token=first.token, column=first.column)
        self.errors = errors

    @property
    def message(self) -> str:
        """The first bad statement with its line and column, and how many more there are."""
        more = len(self.errors) - 1
        after = f" (and {more} more)" if more else ""
        return f"line {self.errors[0].line}: {self.errors[0].message}{after}"
