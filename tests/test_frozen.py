"""The small immutable values: equal, hashed, ordered, copied and pickled by their fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from cribcount.cards import DECK, ENGLISH, Card, Hand, Notation, Rank, Suit, parse_card
from cribcount.errors import DealError
from cribcount.frozen import Frozen
from cribcount.language import Language, language
from cribcount.messages import Untranslated
from cribcount.rules import PegItem, PegKind

FIVE_OF_HEARTS = Card(Rank.FIVE, Suit.HEARTS)
HAND = Hand(
    (parse_card("5h"), parse_card("5d"), parse_card("5c"), parse_card("Js")), parse_card("5s")
)


def values() -> list[Frozen]:
    return [FIVE_OF_HEARTS, HAND, PegItem(PegKind.PAIR, 2), ENGLISH]


def test_a_card_made_anew_is_the_deck_card() -> None:
    # Fives are the fifth rank: index 4 * 4, plus hearts, third of c d h s.
    assert FIVE_OF_HEARTS.index == 4 * 4 + 2
    assert FIVE_OF_HEARTS == DECK[18]
    assert hash(FIVE_OF_HEARTS) == hash(DECK[18]) == 18
    assert FIVE_OF_HEARTS.value == 5 and Card(Rank.KING, Suit.CLUBS).value == 10
    assert str(FIVE_OF_HEARTS) == "5h"
    assert FIVE_OF_HEARTS != Card(Rank.FIVE, Suit.SPADES)
    assert FIVE_OF_HEARTS != (Rank.FIVE, Suit.HEARTS)


def test_cards_order_by_rank_then_suit() -> None:
    cards = [parse_card(text) for text in ("Kc", "Ah", "Ac", "Ts", "Td")]
    assert [str(card) for card in sorted(cards)] == ["Ac", "Ah", "Td", "Ts", "Kc"]
    assert parse_card("Ah") > parse_card("Ac") >= parse_card("Ac")


def test_hands_are_equal_by_cards_and_starter() -> None:
    again = Hand(HAND.cards, HAND.starter)
    assert again == HAND and hash(again) == hash(HAND)
    other = Hand(HAND.cards[:3] + (HAND.starter,), HAND.cards[3])
    assert other != HAND


def test_a_hand_checks_its_cards() -> None:
    with pytest.raises(DealError, match="4 cards and a starter, got 3"):
        Hand(HAND.cards[:3], HAND.starter)  # type: ignore[arg-type]
    with pytest.raises(DealError):
        Hand(HAND.cards, HAND.cards[0])


def test_play_items_are_equal_by_kind_and_points() -> None:
    assert PegItem(PegKind.PAIR, 2) == PegItem(PegKind.PAIR, 2)
    assert len({PegItem(PegKind.PAIR, 2), PegItem(PegKind.PAIR, 2)}) == 1
    assert PegItem(PegKind.PAIR, 2) != PegItem(PegKind.PAIR, 6)
    assert PegItem(PegKind.PAIR, 2) != PegItem(PegKind.RUN, 2)
    assert repr(PegItem(PegKind.GO, 1)) == "PegItem(kind=<PegKind.GO: 'go'>, points=1)"


@pytest.mark.parametrize("value", values(), ids=lambda value: type(value).__name__)
def test_values_refuse_assignment(value: Frozen) -> None:
    name = value.__match_args__[0]
    before = getattr(value, name)
    with pytest.raises(AttributeError, match="immutable"):
        setattr(value, name, None)
    with pytest.raises(AttributeError, match="immutable"):
        delattr(value, name)
    assert getattr(value, name) is before


@pytest.mark.parametrize("value", values(), ids=lambda value: type(value).__name__)
def test_values_copy_and_pickle_as_equal_values(value: Frozen) -> None:
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(twin) is type(value)
        assert twin == value


def test_values_match_by_their_fields() -> None:
    match FIVE_OF_HEARTS:
        case Card(rank, Suit.HEARTS):
            assert rank == Rank.FIVE
        case _:
            pytest.fail("a five of hearts is a card of hearts")


def test_a_notation_is_equal_by_its_letters() -> None:
    assert Notation.from_letters("A 2 3 4 5 6 7 8 9 T|10 J Q K", "c d h s") == ENGLISH
    french = Notation.from_letters("A 2 3 4 5 6 7 8 9 10 V D R", "t k c p")
    assert french != ENGLISH


def test_a_language_is_equal_only_to_itself() -> None:
    assert language("en") == language("en")
    made = Language("en", Untranslated(), ENGLISH)
    assert made != language("en") and made == made
    assert len({made, language("en")}) == 2
