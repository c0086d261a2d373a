"""Cards and card notation: ``Rank``, ``Suit``, ``Card``, parsing and errors.

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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cribcount.errors import CribcountError, DealError, NotationError, Token, quote
from cribcount.rules import counting_value

__all__ = [
    "DECK",
    "Card",
    "CribcountError",
    "DealError",
    "Hand",
    "NotationError",
    "Rank",
    "Suit",
    "Token",
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
_RANKS: dict[str, Rank] = {sym: Rank(i + 1) for i, sym in enumerate(_RANK_SYMBOLS)}
_RANKS["10"] = Rank.TEN
_SUITS: dict[str, Suit] = {
    "c": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
"""Each suit's place in card order (c d h s), the order of ``Card.index``."""
_VARIATION_SELECTOR = "\ufe0f"  # emoji presentation of ♥️ and friends
# A token is a slash, or a run of anything but separators (any Unicode white space, as
# str.isspace knows it, and commas) and slashes.
_TOKEN = re.compile(r"/|[^\s,/]+")
RANK_HELP = "a rank (A 2-10 T J Q K)"
SUIT_HELP = "a suit (c d h s or ♣ ♦ ♥ ♠)"


@functools.total_ordering
@dataclass(frozen=True)
class Card:
    """One of the 52 cards; orders by rank, then suit (c d h s)."""

    rank: Rank
    suit: Suit

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @property
    def index(self) -> int:
        """A number 0..51, by rank then suit: a compact key for tables."""
        return (self.rank - 1) * 4 + SUIT_ORDER[self.suit]

    @property
    def value(self) -> int:
        """Counting value: A = 1, 2..10 face value, J = Q = K = 10."""
        return self.rank.counting_value

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card such as ``5h``, ``10♥`` or ``tS``; raise NotationError if it is not one."""
        return parse_card(token)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose ``index`` is ``index`` (0..51)."""
        return DECK[index]

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""All 52 cards in ``index`` order."""


@dataclass(frozen=True)
class Hand:
    """Four cards and a starter, all different: what is counted at the show."""

    cards: tuple[Card, Card, Card, Card]
    starter: Card

    def __post_init__(self) -> None:
        if len(self.cards) != 4:
            raise DealError(f"a hand needs 4 cards and a starter, got {len(self.cards)} cards")
        check_distinct([(card, None) for card in (*self.cards, self.starter)])

    def __str__(self) -> str:
        return format_cards(self.cards) + " / " + str(self.starter)

    def __repr__(self) -> str:
        return f"parse_hand('{self}')"


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation of cards, separated by single spaces."""
    return " ".join(str(card) for card in cards)


def tokenize(text: str) -> list[Token]:
    """Split notation into tokens at white space and commas; ``/`` is a token of its own.

    >>> [token.text for token in tokenize("5h\u00a05d,5c\u3000Js/5s")]
    ['5h', '5d', '5c', 'Js', '/', '5s']
    """
    return [Token(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]


def parse_card(token: str, *, text: str | None = None, column: int = 1) -> Card:
    """Read one card token; ``text`` and ``column`` place it in a larger input for errors."""
    whole = token if text is None else text
    body = token[:-1] if token.endswith(_VARIATION_SELECTOR) else token
    suit = _SUITS.get(body[-1:].lower())
    rank_part = body[:-1] if suit is not None else body
    rank = _RANKS.get(rank_part.upper())
    if suit is not None and rank is not None:
        return DECK[(rank - 1) * 4 + SUIT_ORDER[suit]]
    q = quote(token)
    if suit is None and _RANKS.get(body.upper()) is not None:
        reason = f"missing suit after {q}: expected {SUIT_HELP}"
    elif suit is None and _RANKS.get(body[:-1].upper()) is not None:
        reason = f"unknown suit {quote(body[-1])} in {q}: expected {SUIT_HELP}"
    elif suit is not None and rank_part == "":
        reason = f"missing rank before {q}: expected {RANK_HELP}"
    elif suit is not None and len(rank_part) <= 2:
        reason = f"unknown rank {quote(rank_part)} in {q}: expected {RANK_HELP}"
    else:
        reason = f"unknown card {q}: expected {RANK_HELP} then {SUIT_HELP}"
    raise NotationError.at(reason, whole, Token(token, column))


def parse_cards(text: str, *, what: str = "cards") -> list[tuple[Card, Token]]:
    """Read cards separated by spaces or commas, checking none appears twice.

    Returns each card with the token it came from. ``/`` is not allowed here;
    ``what`` names the input in messages.
    """
    cards: list[tuple[Card, Token]] = []
    for token in tokenize(text):
        if token.text == "/":
            raise NotationError.at(f"unexpected '/' in {what}", text, token)
        cards.append((parse_card(token.text, text=text, column=token.column), token))
    check_distinct(cards, text=text)
    return cards


def check_distinct(cards: Sequence[tuple[Card, Token | None]], *, text: str = "") -> None:
    """Raise DealError naming the first card that appears twice, where it appears again.

    Each card comes with its token in ``text``, or None for cards built without notation.
    """
    first: dict[Card, Token | None] = {}
    for card, token in cards:
        if card in first:
            earlier = first[card]
            reason = f"{card} appears twice"
            if earlier is None or token is None:
                raise DealError(reason, text=text, token=str(card))
            raise DealError.at(f"{reason} (first at column {earlier.column})", text, token)
        first[card] = token


def parse_hand(text: str) -> Hand:
    """Read four hand cards and a starter (``5h 5d 5c Js / 5s``; with no ``/``, the fifth card)."""
    return parse_hand_tokens(text, tokenize(text))


def parse_hand_tokens(text: str, tokens: Sequence[Token]) -> Hand:
    """``parse_hand`` of ``text`` already split into ``tokens`` (for readers of longer lines)."""
    slashes = [t for t in tokens if t.text == "/"]
    if len(slashes) > 1:
        reason = "a second '/': only the starter follows one '/'"
        raise NotationError.at(reason, text, slashes[1])
    cards = [(parse_card(t.text, text=text, column=t.column), t) for t in tokens if t.text != "/"]
    check_distinct(cards, text=text)
    if not cards:
        raise DealError("no cards: a hand needs 4 cards and a starter", text=text)
    if slashes:
        slash = slashes[0]
        before = [(c, t) for c, t in cards if t.column < slash.column]
        after = [(c, t) for c, t in cards if t.column > slash.column]
        check_count(text, before, 4, expected="4 hand cards", where="before '/'", end=slash.column)
        check_count(text, after, 1, expected="1 starter", where="after '/'")
    else:
        check_count(text, cards, 5, expected="4 cards and a starter")
    c = [card for card, _ in cards]
    return Hand((c[0], c[1], c[2], c[3]), c[4])


def check_count(
    text: str,
    cards: Sequence[tuple[Card, Token]],
    wanted: int,
    *,
    expected: str,
    where: str = "",
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
    place = f" {where}" if where else ""
    noun = "card" if got == 1 else "cards"
    reason = f"expected {expected}{place}, got {got} {noun}"
    if got > wanted:
        token = cards[wanted][1]
        raise DealError.at(f"{reason} ({quote(token.text)} is one too many)", text, token)
    raise DealError(reason, text=text, column=len(text) + 1 if end is None else end)
