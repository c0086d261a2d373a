"""Reading the hands of the seats, each player's four cards: ``5c Kc 2c 9c | 5d Qd 3d 9d``.

Hands are given in seat order, separated by ``|``; errors name the seat, the
card and its column in the whole text.

>>> hands = read_hands(seat_hands("5c Kc 2c 9c | 5d Qd 3d 9d", ("pone", "dealer")))
>>> [sorted(str(card) for card in hand) for hand in hands]
[['2c', '5c', '9c', 'Kc'], ['3d', '5d', '9d', 'Qd']]
"""

from __future__ import annotations

from collections.abc import Sequence

from cribcount.cards import ENGLISH, Card, Notation, parse_cards
from cribcount.errors import CribcountError, PlayError, Token
from cribcount.table import HAND_SIZE

__all__ = ["HAND_SEPARATOR", "HandText", "read_hand", "read_hands", "seat_hands", "split_hands"]


HAND_SEPARATOR = "|"
"""What separates the hands of the seats in one string: ``5c Kc 2c 9c | 5d Qd 3d 9d``."""

HandText = tuple[str, str, int, str]
"""A hand to read: whose it is, the text it is in, and after how many characters its part starts."""


def split_hands(text: str) -> list[tuple[int, str]]:
    """Each hand of ``text`` (hands separated by ``|``) as its offset in ``text`` and its part."""
    hands = []
    offset = 0
    for part in text.split(HAND_SEPARATOR):
        hands.append((offset, part))
        offset += len(part) + len(HAND_SEPARATOR)
    return hands


def seat_hands(text: str, names: tuple[str, ...]) -> list[HandText]:
    """The hands of ``text`` named by seat; there must be one for each seat."""
    split = split_hands(text)
    if len(split) != len(names):
        wanted = f"expected {len(names)} hands separated by '|', one for each player in seat order"
        if len(split) < len(names):
            raise PlayError.at(f"{wanted}, got {len(split)}", text, None)
        offset, _ = split[len(names)]
        extra = Token(HAND_SEPARATOR, offset)  # the '|' before it, at column offset
        raise PlayError.at(
            f"{wanted}, got {len(split)} (the '|' is one too many)",
            text,
            extra,
        )
    return [(name, text, offset, part) for name, (offset, part) in zip(names, split, strict=True)]


def read_hands(
    hands: Sequence[HandText], *, notation: Notation = ENGLISH
) -> tuple[frozenset[Card], ...]:
    """The four cards of each hand, read in ``notation``; no card may be in two hands."""
    owner: dict[Card, str] = {}
    read = []
    for whose, text, offset, part in hands:
        cards = read_hand(whose, text, offset, part, notation=notation)
        for card, token in cards:
            if card in owner:
                message = f"{whose}'s hand: {card} is in {owner[card]}'s hand too"
                raise PlayError.at(message, text, token)
        owner.update(dict.fromkeys((card for card, _ in cards), whose))
        read.append(frozenset(card for card, _ in cards))
    return tuple(read)


def read_hand(
    whose: str, text: str, offset: int, part: str, *, notation: Notation = ENGLISH
) -> list[tuple[Card, Token]]:
    """The four cards of one hand with their tokens; ``whose`` names the hand in errors."""
    try:
        # Blanks in place of what comes before the hand keep every column that of ``text``.
        cards = parse_cards(" " * offset + part, what="a hand", notation=notation)
    except CribcountError as error:
        where = Token(error.token, error.column)
        raise PlayError.at(f"{whose}'s hand: {error.reason}", text, where) from None
    if len(cards) != HAND_SIZE:
        # Too many: the first card too many; too few: the end of the hand, where they belong.
        end = Token("", offset + len(part) + 1)
        where = cards[HAND_SIZE][1] if len(cards) > HAND_SIZE else end
        raise PlayError.at(f"{whose}'s hand needs {HAND_SIZE} cards, got {len(cards)}", text, where)
    return cards
