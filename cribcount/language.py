"""The languages cribcount speaks: its words and its card notation, from gettext catalogs.

English is the language of the code: every message is written in it, and is
the key of its translations. Another language is one catalog,
``locale/<code>/LC_MESSAGES/cribcount.po`` (compiled beside it to ``.mo``),
which translates the messages and also gives the language's card notation
(its rank and suit letters, under the context ``notation``).

>>> from cribcount.cards import parse_hand
>>> french = language("fr")
>>> french.notation.cards(parse_hand("Kh Qd Jc Ts / 5s").cards)
'Rc Dk Vt 10p'
>>> french.say("total {total}", total=29)
'total 29'
>>> language("en").notation is ENGLISH
True
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from cribcount.cards import (
    ENGLISH,
    RANK_LETTERS,
    SUIT_LETTERS,
    Card,
    FrozenValue,
    Notation,
)
from cribcount.errors import CribcountError
from cribcount.messages import N_, Message, Untranslated

if TYPE_CHECKING:
    import gettext

__all__ = ["DEFAULT", "DEFAULT_LANGUAGE", "LOCALE", "Language", "language", "languages"]

DOMAIN = "cribcount"
"""The catalogs' name: ``cribcount.mo``."""
LOCALE = "locale"
"""Where the catalogs are, inside the package."""
# A plain path, as for the rank data: importlib.resources would cost start-up time.
LOCALE_DIR = os.path.join(os.path.dirname(__file__), LOCALE)
DEFAULT = "en"
"""The language of the code, which needs no catalog."""
NOTATION = "notation"
"""The catalog context of the card letters and of the way numbers are written."""
NUMBER_SAMPLE = N_("1,234.5")
"""A number as the language writes it (under the context ``notation``): its second
character separates the thousands, its last but one the decimals."""
ARTICLE = "article"
"""The catalog context of the articles a name takes in a translation.

A translation may write a field ``{name:de}``: the name is then said with
the article ``de``, as the catalog gives it under this context for a common
noun (``de noun``: a seat, which the catalog translates), a proper name
(``de name``: a player) or a proper name that starts with one of the
``vowels`` (``de vowel``), each a template of ``{}``. English needs none."""
VOWELS = "vowels"
"""The letters before which the catalog's ``vowel`` articles are used (context ``article``)."""


class Language(FrozenValue):
    """A language: its code, its catalog of messages and its card notation.

    Each is made once per code (``language``), and is equal only to itself.
    """

    __slots__ = ("code", "catalog", "notation", "separators", "vowels")
    __match_args__ = ("code", "catalog", "notation", "separators", "vowels")

    code: str
    catalog: Untranslated | gettext.GNUTranslations
    notation: Notation
    separators: dict[int, str] | None
    """How English separators become this language's (``str.translate``); None: as in English."""
    vowels: str | None
    """The letters before which a proper name takes the ``vowel`` article; None: no articles."""

    def __init__(
        self,
        code: str,
        catalog: Untranslated | gettext.GNUTranslations,
        notation: Notation,
        separators: dict[int, str] | None = None,
        vowels: str | None = None,
    ) -> None:
        self._set_fields(code, catalog, notation, separators, vowels)

    # Equal only to itself, hashed by identity: each language is made once.
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"language({self.code!r})"

    def text(self, message: Message) -> str:
        """A message in this language, its cards in this notation."""
        return message.say(self.catalog, self.write)

    def say(self, template: str, /, **params: object) -> str:
        """The message of ``template`` (English, the key) with ``params``, in this language."""
        return self.text(Message(template, **cast(dict[str, Any], params)))

    def plural(self, n: int, singular: str, plural: str, /, **params: object) -> str:
        """The singular or plural message as ``n`` asks, in this language; ``{n}`` is ``n``."""
        return self.text(Message(singular, plural=plural, n=n, **params))

    def number(self, value: float, spec: str = "") -> str:
        """``value`` written by ``format(value, spec)`` with this language's separators.

        >>> language("fr").number(12994800, ",")
        '12\u202f994\u202f800'
        >>> language("fr").number(0.13, ".3f"), language("en").number(0.13, ".3f")
        ('0,130', '0.130')

        A value that rounds to zero is written without a minus sign:

        >>> language("en").number(-0.001, ".2f"), language("en").number(-0.001, "+.2f")
        ('0.00', '+0.00')
        """
        written = format(value, spec)
        if written[:1] == "-" and not any(digit in written for digit in "123456789"):
            written = ("+" if "+" in spec else "") + written[1:]
        return written if self.separators is None else written.translate(self.separators)

    def write(self, value: object) -> str:
        """A value inside a message: cards in this notation, messages in this language.

        In a language with articles, a name (a message the catalog translates, such
        as a seat, or any other text, such as a player's name) is written so that
        the translation can put an article before it (``{name:de}``).

        >>> french = language("fr")
        >>> [french.say("go from {name}, who can play {cards} at count {count}",
        ...      name=name, cards=(), count=12) for name in (Message("pone"), "Ben", "Ann")]
        ['go du non-donneur, qui peut jouer  au compte de 12', \
'go de Ben, qui peut jouer  au compte de 12', "go d'Ann, qui peut jouer  au compte de 12"]
        """
        if isinstance(value, Card):
            return self.notation.card(value)
        if isinstance(value, tuple):
            return self.notation.cards(value)
        if isinstance(value, Message):
            said = self.text(value)
            if self.vowels is None:
                return said
            # A word the catalog translates is a noun (a seat); a message of several, or a
            # name the catalog does not have, takes the article of a name (often none).
            return _Name(said, self, common=not value.params and said != value.template)
        if isinstance(value, float):
            return self.number(value)
        if self.vowels is not None and isinstance(value, str):
            return _Name(value, self, common=False)
        return str(value)

    def article(self, article: str, name: str, *, common: bool) -> str:
        """``name`` with the ``article`` this language puts before it (``common``: a noun)."""
        assert self.vowels is not None
        kind = "noun" if common else "vowel" if name[:1].lower() in self.vowels else "name"
        return self.catalog.pgettext(ARTICLE, f"{article} {kind}").format(name)

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        """Cards in this notation, separated by single spaces."""
        return self.notation.cards(cards)

    def error(self, error: CribcountError) -> str:
        """An error as printed: what input (an option) and the column first, then the reason."""
        place = [error.source] if error.source else []
        if error.column:
            place.append(self.say("column {column}", column=error.column))
        return ": ".join([*place, self.text(error.said)])


DEFAULT_LANGUAGE = Language(DEFAULT, Untranslated(), ENGLISH)
"""English, the language of the code: every ``lang`` parameter's default."""


def languages() -> tuple[str, ...]:
    """The codes of the languages there are catalogs for, English first."""
    found = [code for code in os.listdir(LOCALE_DIR) if os.path.isfile(_catalog(code))]
    return (DEFAULT, *sorted(found))


@cache
def language(code: str) -> Language:
    """The language of ``code`` (``en``, ``fr``); ValueError if there is no catalog for it."""
    code = code.lower()
    if code == DEFAULT:
        return DEFAULT_LANGUAGE
    if code not in languages():
        raise ValueError(f"no catalog for language {code!r}: {', '.join(languages())}")
    import gettext  # only another language than English needs a catalog read

    with open(_catalog(code), "rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)
    notation = Notation.from_letters(
        catalog.pgettext(NOTATION, RANK_LETTERS), catalog.pgettext(NOTATION, SUIT_LETTERS)
    )
    sample = catalog.pgettext(NOTATION, NUMBER_SAMPLE)
    separators = str.maketrans({",": sample[1], ".": sample[-2]})
    vowels = catalog.pgettext(ARTICLE, VOWELS)
    return Language(code, catalog, notation, separators, None if vowels == VOWELS else vowels)


class _Name(str):
    """A name written into a message, that takes an article where the translation asks for it:
    a format spec, ``{name:de}``, is the article."""

    language: Language
    common: bool

    def __new__(cls, text: str, language: Language, *, common: bool) -> _Name:
        name = super().__new__(cls, text)
        name.language = language
        name.common = common
        return name

    def __format__(self, spec: str) -> str:
        text = str(self)
        return self.language.article(spec, text, common=self.common) if spec else text


def _catalog(code: str) -> str:
    """The compiled catalog of the language ``code``."""
    return os.path.join(LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.mo")
