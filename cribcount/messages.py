"""Messages to say in any language: ``Message``, ``N_``, ``listed`` and the catalogs they need.

Every message cribcount says is written in English, the key of its
translations; ``cribcount.language`` says it in another language. A
``Message`` keeps its template and values apart until then, and ``N_`` marks
a template said elsewhere, for the catalog's extraction. This module imports
no other of cribcount's: the errors and the cards carry messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

__all__ = ["Catalog", "Message", "N_", "Untranslated", "listed"]


def N_(text: str) -> str:
    """Mark ``text`` as a message to translate where it is said, not here (gettext's N_)."""
    return text


class Message:
    """A message to say in any language: an English template (the catalog's key) and its values.

    Values that are cards, tuples of cards or messages are written in the
    language's own notation and words; ``str`` says the message in English.
    With ``plural``, the template is the singular and ``n`` chooses between them.

    >>> str(Message("{card} appears twice", card="5h"))
    '5h appears twice'
    >>> str(Message("{n} card", plural="{n} cards", n=3))
    '3 cards'
    """

    __slots__ = ("params", "plural", "template")

    def __init__(self, template: str, /, *, plural: str | None = None, **params: object) -> None:
        self.template = template
        self.plural = plural
        self.params = params

    def say(self, catalog: Catalog, write: Callable[[object], str]) -> str:
        """The message translated by ``catalog``, each value written by ``write``."""
        if self.plural is None:
            text = catalog.gettext(self.template)
        else:
            n = self.params["n"]
            assert isinstance(n, int)
            text = catalog.ngettext(self.template, self.plural, n)
        if not self.params:
            return text
        return text.format(**{name: write(value) for name, value in self.params.items()})

    def __str__(self) -> str:
        return self.say(_ENGLISH, _write_english)

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"


def listed(values: Sequence[object]) -> object:
    """Values said one after another, ``first and second and third``: one value, or a message.

    >>> str(listed(["first", "second", "third"]))
    'first and second and third'
    """
    said = values[0]
    for value in values[1:]:
        said = Message("{before} and {after}", before=said, after=value)
    return said


class Catalog(Protocol):
    """What a message needs of a catalog: gettext's two lookups."""

    def gettext(self, message: str, /) -> str:
        """The translation of ``message``."""
        ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The translation of the singular or plural form that ``n`` asks for."""
        ...


class Untranslated:
    """The catalog of the language the messages are written in: each is its own translation.

    It stands for gettext's NullTranslations, so that English never loads gettext.
    """

    def gettext(self, message: str, /) -> str:
        """``message`` itself."""
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """``singular`` for one, else ``plural``."""
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        """``message`` itself, whatever its context."""
        return message


_ENGLISH = Untranslated()


def _write_english(value: object) -> str:
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)
