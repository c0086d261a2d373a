"""Cards and card notation: ``Rank``, ``Suit``, ``Card``, ``Hand``, the deck, reading and writing.

Notation: a rank (A 2-9 10 T J Q K, any case) followed by a suit (c d h s, any
case, or one of the symbols ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤). Cards are separated by white space
of any kind (a tab, a no-break or thin space too) and/or commas; a ``/`` puts
the starter after it. The canonical form that
cribcount writes is one rank character (``T`` for ten) and a lowercase suit.

>>> parse_hand("5h 5d 5c Js / 5s")
parse_hand('5h 5d 5c Js / 5s')
>>> str(Card.parse("10♥"))
'Th'
"""

from __future__ import annotations

import enum
import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn, dataclass_transform

from cribcount.errors import CribcountError, DealError, NotationError, Token, quote
from cribcount.messages import N_, Message
from cribcount.rules import counting_value

__all__ = [
    "DECK",
    "ENGLISH",
    "Card",
    "CribcountError",
    "DealError",
    "Hand",
    "NotationError",
    "Notation",
    "Rank",
    "Suit",
    "Token",
    "card_indices",
    "check_count",
    "check_distinct",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "parse_hand_tokens",
    "tokenize",
]


class Rank(enum.IntEnum):
    """A card's rank, numbered in run order: the ace is low only."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def counting_value(self) -> int:
        """Counting value for fifteens and the count to 31: face cards count 10."""
        return counting_value(self)

    @property
    def symbol(self) -> str:
        """The canonical one-character symbol: A 2-9 T J Q K."""
        return _RANK_SYMBOLS[self - 1]


class Suit(enum.StrEnum):
    """A card's suit; no suit ranks above another."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The canonical lowercase letter."""
        return self.value


_RANK_SYMBOLS = "A23456789TJQK"
_SUIT_SYMBOLS = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}


@dataclass_transform(frozen_default=True)
class FrozenValue:
    """A value whose fields are set once, when it is made: assigning or deleting one raises
    ``dataclasses.FrozenInstanceError``, as for a frozen dataclass.

    The values of cribcount are written out by hand rather than by ``@dataclass``, which
    compiles its methods when each class is made, a cost paid by every start of cribcount.
    Each value names its fields, in order, in ``__match_args__`` (``match`` reads them by
    position); it is equal to a value of its own class with equal fields, hashed by them
    (a TypeError if one is a dict, as for a dataclass), and copied and pickled by being
    made again from them.
    """

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise _frozen(f"cannot delete field {name!r}")

    def _set_fields(self, *values: object) -> None:
        """Set the fields of ``__match_args__`` to ``values``, in order: once, as it is made."""
        for name, value in zip(self.__match_args__, values, strict=True):
            object.__setattr__(self, name, value)

    def _fields(self) -> tuple[Any, ...]:
        """The value's fields, in the order of ``__match_args__``."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[FrozenValue], tuple[Any, ...]]:
        return type(self), self._fields()

    def __repr__(self) -> str:
        named = zip(self.__match_args__, self._fields(), strict=True)
        return f"{type(self).__name__}({', '.join(f'{name}={value!r}' for name, value in named)})"


def _frozen(said: str) -> AttributeError:
    """The error of assigning to a value: the one a frozen dataclass raises."""
    from dataclasses import FrozenInstanceError  # only a mistake needs it

    return FrozenInstanceError(said)


class Notation(FrozenValue):
    """How cards are written in one language: the letters of ranks and suits, and their help.

    ``ranks`` and ``suits`` map what may be read (ranks upper case, suits lower
    case; the suit symbols in every notation) to ranks and suits; ``rank_symbols``
    and ``suit_letters`` say how each is written. Notations are equal by their letters.
    """

    __slots__ = ("ranks", "suits", "rank_symbols", "suit_letters", "written")
    __match_args__ = ("ranks", "suits", "rank_symbols", "suit_letters")

    ranks: dict[str, Rank]
    suits: dict[str, Suit]
    rank_symbols: tuple[str, ...]
    suit_letters: dict[Suit, str]
    # Every card as written, by ``Card.index`` (rank, then suit): output writes many cards.
    written: tuple[str, ...]

    def __init__(
        self,
        ranks: dict[str, Rank],
        suits: dict[str, Suit],
        rank_symbols: tuple[str, ...],
        suit_letters: dict[Suit, str],
    ) -> None:
        self._set_fields(ranks, suits, rank_symbols, suit_letters)
        written = tuple(symbol + suit_letters[suit] for symbol in rank_symbols for suit in Suit)
        object.__setattr__(self, "written", written)  # frozen: set through object, once

    @classmethod
    def from_letters(cls, ranks: str, suits: str) -> Notation:
        """A notation from the ranks A..K as written (``T|10``: ``T`` written, ``10`` read too)
        and the suit letters in the order c d h s (clubs, diamonds, hearts, spades)."""
        spellings = [rank.split("|") for rank in ranks.split()]
        letters = suits.split()
        if len(spellings) != len(Rank) or len(letters) != len(Suit):
            raise ValueError(f"13 ranks and 4 suits expected: {ranks!r}, {suits!r}")
        return cls(
            ranks={
                spelling.upper(): rank
                for rank, names in zip(Rank, spellings, strict=True)
                for spelling in names
            },
            suits={letter.lower(): suit for suit, letter in zip(Suit, letters, strict=True)}
            | _SUIT_SYMBOLS,
            rank_symbols=tuple(names[0] for names in spellings),
            suit_letters=dict(zip(Suit, letters, strict=True)),
        )

    @property
    def rank_help(self) -> Message:
        """What a rank may be, for messages: ``a rank (A 2-10 T J Q K)``."""
        # The ace, the numbers, then the letters of the ten (if any) and the face cards.
        letters = [self.rank_symbols[0], "2-10"]
        letters += [symbol for symbol in self.rank_symbols[9:] if not symbol.isdigit()]
        return Message("a rank ({ranks})", ranks=" ".join(letters))

    @property
    def suit_help(self) -> Message:
        """What a suit may be, for messages: ``a suit (c d h s or ♣ ♦ ♥ ♠)``."""
        letters = " ".join(self.suit_letters.values())
        return Message("a suit ({letters} or ♣ ♦ ♥ ♠)", letters=letters)

    def card(self, card: Card) -> str:
        """One card as this notation writes it."""
        return self.written[card.index]

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards as this notation writes them, separated by single spaces."""
        written = self.written
        return " ".join([written[card.index] for card in cards])


RANK_LETTERS = N_("A 2 3 4 5 6 7 8 9 T|10 J Q K")
"""The English ranks A..K as written; a catalog gives another language's (context "notation")."""
SUIT_LETTERS = N_("c d h s")
"""The English suit letters of clubs, diamonds, hearts and spades (context "notation")."""
ENGLISH = Notation.from_letters(RANK_LETTERS, SUIT_LETTERS)
"""The English notation, cribcount's canonical one: ``5h``, ``Td``, ``Qs``."""
_RANKS = ENGLISH.ranks
_SUITS = ENGLISH.suits
SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
"""Each suit's place in card order (c d h s), the order of ``Card.index``."""
_VARIATION_SELECTOR = "\ufe0f"  # emoji presentation of ♥️ and friends


@functools.cache
def _token_pattern() -> re.Pattern[str]:
    """A token: a slash, or a run of anything but separators (any Unicode white space, as
    str.isspace knows it, and commas) and slashes. Compiled on first use: most hands are
    split at spaces, and compiling costs every start of cribcount."""
    return re.compile(r"/|[^\s,/]+")


@functools.total_ordering
class Card(FrozenValue):
    """One of the 52 cards; orders by rank, then suit (c d h s).

    ``index`` is a number 0..51, by rank then suit: a compact key for tables;
    ``value`` the counting value (A = 1, 2..10 face value, J = Q = K = 10).
    Both are worked out once a card: scoring and writing plays ask for them often.
    Cards are equal, hashed and ordered by ``index``.
    """

    __slots__ = ("rank", "suit", "index", "value", "_text")
    __match_args__ = ("rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    value: int
    _text: str  # str(card), the canonical notation: written often

    def __init__(self, rank: Rank, suit: Suit) -> None:
        # Worked out once, here: a frozen value sets its fields through object.
        self._set_fields(rank, suit)
        set_field = object.__setattr__
        set_field(self, "index", (rank - 1) * 4 + SUIT_ORDER[suit])
        set_field(self, "value", rank.counting_value)
        set_field(self, "_text", rank.symbol + suit.value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card such as ``5h``, ``10♥`` or ``tS``; raise NotationError if it is not one."""
        return parse_card(token)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose ``index`` is ``index`` (0..51)."""
        return DECK[index]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""All 52 cards in ``index`` order."""

_ENGLISH_WRITTEN = {
    text: card for card in DECK for text in {str(card), str(card).replace("T", "10")}
}
"""The usual English spellings (``5h``, ``Th``, ``10h``), read by ``parse_card`` in one look-up;
every other spelling takes the careful path, which gives the same card (a test checks)."""


class Hand(FrozenValue):
    """Four cards and a starter, all different: what is counted at the show."""

    __slots__ = ("cards", "starter")
    __match_args__ = ("cards", "starter")

    cards: tuple[Card, Card, Card, Card]
    starter: Card

    def __init__(self, cards: tuple[Card, Card, Card, Card], starter: Card) -> None:
        self._set_fields(cards, starter)
        if len(cards) != 4:
            raise DealError(f"a hand needs 4 cards and a starter, got {len(cards)} cards")
        every = (*cards, starter)
        if len({card.index for card in every}) != len(every):
            check_distinct([(card, None) for card in every])

    def __str__(self) -> str:
        return format_cards(self.cards) + " / " + str(self.starter)

    def __repr__(self) -> str:
        return f"parse_hand('{self}')"


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation of cards, separated by single spaces."""
    return " ".join(str(card) for card in cards)


# Token(text, column) without the Python-level __new__ of a named tuple: a file has many.
_new_token = functools.partial(tuple.__new__, Token)


def tokenize(text: str) -> list[Token]:
    """Split notation into tokens at white space and commas; ``/`` is a token of its own.

    >>> [token.text for token in tokenize("5h\u00a05d,5c\u3000Js/5s")]
    ['5h', '5d', '5c', 'Js', '/', '5s']
    """
    if "," in text or not text.isprintable():
        return [Token(m.group(), m.start() + 1) for m in _token_pattern().finditer(text)]
    # Printable text holds no separator but the space (other white space is not printable):
    # splitting at spaces is the same, and quicker for the many lines of a file, as long as
    # a '/' stands apart.
    tokens = []
    column = 1
    for part in text.split(" "):
        if part:
            if "/" in part and part != "/":
                return [Token(m.group(), m.start() + 1) for m in _token_pattern().finditer(text)]
            tokens.append(_new_token((part, column)))
        column += len(part) + 1
    return tokens


def parse_card(
    token: str, *, text: str | None = None, column: int = 1, notation: Notation = ENGLISH
) -> Card:
    """Read one card token; ``text`` and ``column`` place it in a larger input for errors."""
    if notation is ENGLISH:
        known = _ENGLISH_WRITTEN.get(token)
        if known is not None:
            return known
    whole = token if text is None else text
    body = token[:-1] if token.endswith(_VARIATION_SELECTOR) else token
    ranks = notation.ranks
    suit = notation.suits.get(body[-1:].lower())
    rank_part = body[:-1] if suit is not None else body
    rank = ranks.get(rank_part.upper())
    if suit is not None and rank is not None:
        return DECK[(rank - 1) * 4 + SUIT_ORDER[suit]]
    q = quote(token)
    rank_help, suit_help = notation.rank_help, notation.suit_help
    reason: Message
    if suit is None and ranks.get(body.upper()) is not None:
        reason = Message("missing suit after {token}: expected {suit}", token=q, suit=suit_help)
    elif suit is None and ranks.get(body[:-1].upper()) is not None:
        reason = Message(
            "unknown suit {bad} in {token}: expected {suit}",
            bad=quote(body[-1]),
            token=q,
            suit=suit_help,
        )
    elif suit is not None and rank_part == "":
        reason = Message("missing rank before {token}: expected {rank}", token=q, rank=rank_help)
    elif suit is not None and len(rank_part) <= 2:
        reason = Message(
            "unknown rank {bad} in {token}: expected {rank}",
            bad=quote(rank_part),
            token=q,
            rank=rank_help,
        )
    else:
        reason = Message(
            "unknown card {token}: expected {rank} then {suit}",
            token=q,
            rank=rank_help,
            suit=suit_help,
        )
    raise NotationError.at(reason, whole, Token(token, column))


_CARD_INDICES: dict[int, tuple[Notation, dict[str, int]]] = {}
"""``card_indices`` by the notation's id, kept with its notation so that the id stays its own."""


def card_indices(notation: Notation = ENGLISH) -> dict[str, int]:
    """Every token that ``parse_card`` reads as a card in ``notation``, with the card's index.

    Built once a notation from ``parse_card`` itself: each spelling of a rank
    and a suit, in any case, with and without the emoji variation selector.

    >>> card_indices()["10♥"] == Card.parse("Th").index
    True
    """
    kept = _CARD_INDICES.get(id(notation))
    if kept is None:
        indices: dict[str, int] = {}
        for rank, suit in itertools.product(notation.ranks, notation.suits):
            for text in map(
                "".join, itertools.product(*({c, c.lower(), c.upper()} for c in rank + suit))
            ):
                for token in (text, text + _VARIATION_SELECTOR):
                    try:
                        indices[token] = parse_card(token, notation=notation).index
                    except NotationError:
                        pass
        kept = _CARD_INDICES[id(notation)] = (notation, indices)
    return kept[1]


def parse_cards(
    text: str, *, what: str | Message = "cards", notation: Notation = ENGLISH
) -> list[tuple[Card, Token]]:
    """Read cards separated by spaces or commas, checking none appears twice.

    Returns each card with the token it came from. ``/`` is not allowed here;
    ``what`` names the input in messages.
    """
    cards: list[tuple[Card, Token]] = []
    for token in tokenize(text):
        if token.text == "/":
            raise NotationError.at(Message("unexpected '/' in {what}", what=what), text, token)
        card = parse_card(token.text, text=text, column=token.column, notation=notation)
        cards.append((card, token))
    check_distinct(cards, text=text)
    return cards


def check_distinct(cards: Sequence[tuple[Card, Token | None]], *, text: str = "") -> None:
    """Raise DealError naming the first card that appears twice, where it appears again.

    Each card comes with its token in ``text``, or None for cards built without notation.
    """
    if len({card.index for card, _ in cards}) == len(cards):
        return  # all different: the usual case, settled at once
    first: dict[Card, Token | None] = {}
    for card, token in cards:
        if card in first:
            earlier = first[card]
            if earlier is None or token is None:
                raise DealError(
                    Message("{card} appears twice", card=card), text=text, token=str(card)
                )
            reason = Message(
                "{card} appears twice (first at column {column})", card=card, column=earlier.column
            )
            raise DealError.at(reason, text, token)
        first[card] = token


def parse_hand(text: str, *, notation: Notation = ENGLISH) -> Hand:
    """Read four hand cards and a starter (``5h 5d 5c Js / 5s``; with no ``/``, the fifth card)."""
    if notation is ENGLISH:
        # The usual spelling, five known cards apart at single spaces, in a few look-ups;
        # anything else (and any error) takes the careful path, which reads the same cards.
        parts = text.split(" ")
        if len(parts) == 6 and parts[4] == "/":
            del parts[4]
        if len(parts) == 5:
            known = _ENGLISH_WRITTEN.get
            a, b, c, d, starter = map(known, parts)
            if a and b and c and d and starter:
                cards = (a, b, c, d)
                if len({a.index, b.index, c.index, d.index, starter.index}) == 5:
                    return _new_hand(cards, starter)
    return parse_hand_tokens(text, tokenize(text), notation=notation)


def _new_hand(cards: tuple[Card, Card, Card, Card], starter: Card) -> Hand:
    """A ``Hand`` of four different cards and a different starter, not checked again."""
    hand = object.__new__(Hand)
    # Frozen: the fields are set through object, once.
    object.__setattr__(hand, "cards", cards)
    object.__setattr__(hand, "starter", starter)
    return hand


def parse_hand_tokens(text: str, tokens: Sequence[Token], *, notation: Notation = ENGLISH) -> Hand:
    """``parse_hand`` of ``text`` already split into ``tokens`` (for readers of longer lines)."""
    slashes = [t for t in tokens if t.text == "/"]
    if len(slashes) > 1:
        reason = Message("a second '/': only the starter follows one '/'")
        raise NotationError.at(reason, text, slashes[1])
    cards = [
        (parse_card(t.text, text=text, column=t.column, notation=notation), t)
        for t in tokens
        if t.text != "/"
    ]
    check_distinct(cards, text=text)
    if not cards:
        raise DealError(Message("no cards: a hand needs 4 cards and a starter"), text=text)
    if slashes:
        slash = slashes[0]
        before = [(c, t) for c, t in cards if t.column < slash.column]
        after = [(c, t) for c, t in cards if t.column > slash.column]
        check_count(
            text,
            before,
            4,
            expected=Message("4 hand cards"),
            where=Message("before '/'"),
            end=slash.column,
        )
        check_count(text, after, 1, expected=Message("1 starter"), where=Message("after '/'"))
    elif len(cards) == 4:
        # Four cards are a whole hand: what is missing is the starter, not a card.
        reason = Message(
            "4 cards and no starter: add the starter after a '/', as '{cards} / {starter}'",
            cards=tuple(card for card, _ in cards),
            starter=Message("STARTER"),
        )
        raise DealError(reason, text=text, column=len(text) + 1)
    else:
        check_count(text, cards, 5, expected=Message("4 cards and a starter"))
    c = [card for card, _ in cards]
    return Hand((c[0], c[1], c[2], c[3]), c[4])


def check_count(
    text: str,
    cards: Sequence[tuple[Card, Token]],
    wanted: int,
    *,
    expected: str | Message,
    where: str | Message = "",
    end: int | None = None,
) -> None:
    """Raise DealError unless ``cards`` holds ``wanted`` cards.

    ``expected`` says what was wanted ("4 hand cards"), ``where`` where in the
    input, and ``end`` the column where missing cards belong (the end of
    ``text`` by default); too many cards point at the first card too many.
    """
    got = len(cards)
    if got == wanted:
        return
    if where:
        reason = Message(
            "expected {expected} {where}, got {n} card",
            plural="expected {expected} {where}, got {n} cards",
            expected=expected,
            where=where,
            n=got,
        )
    else:
        reason = Message(
            "expected {expected}, got {n} card",
            plural="expected {expected}, got {n} cards",
            expected=expected,
            n=got,
        )
    if got > wanted:
        token = cards[wanted][1]
        too_many = Message(
            "{reason} ({token} is one too many)", reason=reason, token=quote(token.text)
        )
        raise DealError.at(too_many, text, token)
    raise DealError(reason, text=text, column=len(text) + 1 if end is None else end)
