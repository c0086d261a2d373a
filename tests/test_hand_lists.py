"""The hands of the seats read from one text, ``|`` between them: cards, owners and columns.

Columns are counted by hand in the texts below (1-based, as every message says them).
"""

from __future__ import annotations

import pytest

from cribcount.cards import parse_card
from cribcount.errors import PlayError
from cribcount.hand_lists import read_hand, read_hands, seat_hands, split_hands
from cribcount.language import language

TWO = ("pone", "dealer")
TEXT = "5c Kc 2c 9c | 5d Qd 3d 9d"


def cards(text: str) -> frozenset[str]:
    return frozenset(text.split())


def test_hands_split_at_each_bar_with_their_offsets() -> None:
    # "5c Kc 2c 9c " is 12 characters; the bar is the 13th, so the second part starts
    # after 13 characters.
    assert split_hands(TEXT) == [(0, "5c Kc 2c 9c "), (13, " 5d Qd 3d 9d")]
    assert split_hands("") == [(0, "")]


def test_each_seat_has_its_hand_in_seat_order() -> None:
    hands = read_hands(seat_hands(TEXT, TWO))
    assert [frozenset(map(str, hand)) for hand in hands] == [
        cards("5c Kc 2c 9c"),
        cards("5d Qd 3d 9d"),
    ]


def test_three_hands_for_three_seats() -> None:
    hands = read_hands(seat_hands("Ah 2h 3h 4h|As 2s 3s 4s|Ad 2d 3d 4d", ("a", "b", "c")))
    assert hands[2] == frozenset(parse_card(card) for card in ("Ad", "2d", "3d", "4d"))


def test_too_few_hands_are_missing_at_the_end() -> None:
    with pytest.raises(PlayError) as raised:
        seat_hands("5c Kc 2c 9c", TWO)
    assert raised.value.reason == (
        "expected 2 hands separated by '|', one for each player in seat order, got 1"
    )
    assert raised.value.column == 12  # just after the 11 characters


def test_a_hand_too_many_is_blamed_on_its_bar() -> None:
    # The second bar is the 27th character: 12 + 1 + 13 (" 5d Qd 3d 9d ") + 1.
    with pytest.raises(PlayError) as raised:
        seat_hands(TEXT + " | 2h", TWO)
    assert raised.value.reason.endswith("got 3 (the '|' is one too many)")
    assert (raised.value.token, raised.value.column) == ("|", 27)


def test_a_card_in_two_hands_names_both_owners_at_its_second_place() -> None:
    # "5c Kc 2c 9c | 5d Qd 3d " is 23 characters: the second 5c is at column 24.
    text = "5c Kc 2c 9c | 5d Qd 3d 5c"
    with pytest.raises(PlayError) as raised:
        read_hands(seat_hands(text, TWO))
    assert raised.value.reason == "dealer's hand: 5c is in pone's hand too"
    assert (raised.value.token, raised.value.column) == ("5c", 24)


def test_a_bad_card_is_placed_in_the_whole_text() -> None:
    # Qx is the 18th and 19th characters of the text, in the dealer's hand.
    with pytest.raises(PlayError) as raised:
        read_hands(seat_hands("5c Kc 2c 9c | 5d Qx 3d 9d", TWO))
    assert raised.value.reason.startswith("dealer's hand: unknown suit 'x' in 'Qx'")
    assert (raised.value.token, raised.value.column) == ("Qx", 18)


@pytest.mark.parametrize(
    ("part", "got", "token", "column"),
    [
        # Three cards: the fourth is missing at the end of the hand, after its 8 characters.
        ("5c Kc 2c", 3, "", 9),
        # Five: the fifth card (columns 13-14) is one too many.
        ("5c Kc 2c 9c 8c", 5, "8c", 13),
    ],
)
def test_a_hand_holds_four_cards(part: str, got: int, token: str, column: int) -> None:
    with pytest.raises(PlayError) as raised:
        read_hand("pone", part, 0, part)
    assert raised.value.reason == f"pone's hand needs 4 cards, got {got}"
    assert (raised.value.token, raised.value.column) == (token, column)


def test_a_hand_after_others_keeps_the_columns_of_the_whole_text() -> None:
    # The second hand's part, " 5d Qd 3d", starts after 13 characters and is 9 long: the
    # missing card belongs at column 23, just after the text.
    with pytest.raises(PlayError) as raised:
        read_hands(seat_hands("5c Kc 2c 9c | 5d Qd 3d", TWO))
    assert raised.value.reason == "dealer's hand needs 4 cards, got 3"
    assert raised.value.column == 23


def test_hands_in_french_notation() -> None:
    # French: V valet (jack), D dame, R roi; c coeur (hearts), k carreau (diamonds),
    # p pique (spades), t trefle (clubs).
    hands = read_hands(
        seat_hands("Vc 5k 2t 9p | Dc Rk 3t 10p", TWO), notation=language("fr").notation
    )
    assert [frozenset(map(str, hand)) for hand in hands] == [
        cards("Jh 5d 2c 9s"),
        cards("Qh Kd 3c Ts"),
    ]
