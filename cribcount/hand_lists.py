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
from cribcount.messages import Message
from cribcount.seats import HAND_SIZE

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
        wanted = Message(
            "expected {n} hands separated by '|', one for each player in seat order", n=len(names)
        )
        if len(split) < len(names):
            reason = Message("{wanted}, got {n}", wanted=wanted, n=len(split))
            raise PlayError.at(reason, text, None)
        offset, _ = split[len(names)]
        extra = Token(HAND_SEPARATOR, offset)  # the '|' before it, at column offset
        reason = Message("{wanted}, got {n} (the '|' is one too many)", wanted=wanted, n=len(split))
        raise PlayError.at(reason, text, extra)
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
                reason = Message(
                    "{whose}'s hand: {card} is in {owner}'s hand too",
                    whose=Message(whose),
                    card=card,
                    owner=Message(owner[card]),
                )
                raise PlayError.at(reason, text, token)
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
        reason = Message("{whose}'s hand: {reason}", whose=Message(whose), reason=error.said)
        raise PlayError.at(reason, text, where) from None
    if len(cards) != HAND_SIZE:
        # Too many: the first card too many; too few: the end of the hand, where they belong.
        end = Token("", offset + len(part) + 1)
        where = cards[HAND_SIZE][1] if len(cards) > HAND_SIZE else end
        reason = Message(
            "{whose}'s hand needs {n} cards, got {got}",
            whose=Message(whose),
            n=HAND_SIZE,
            got=len(cards),
        )
        raise PlayError.at(reason, text, where)
    return cards
