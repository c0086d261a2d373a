"""Card notation: ranks, suits, separators, the starter, and every kind of bad input."""

from __future__ import annotations

import copy
import pickle
import re
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import (
    DECK,
    ENGLISH,
    Card,
    CribcountError,
    DealError,
    Hand,
    Notation,
    Rank,
    Suit,
    Token,
    parse_card,
    parse_hand,
    parse_hand_tokens,
    tokenize,
)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("5h", Rank.FIVE, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("a♠", Rank.ACE, Suit.SPADES),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("tD", Rank.TEN, Suit.DIAMONDS),
        ("j♣", Rank.JACK, Suit.CLUBS),
        ("Q♧", Rank.QUEEN, Suit.CLUBS),
        ("K♢", Rank.KING, Suit.DIAMONDS),
        ("2♦", Rank.TWO, Suit.DIAMONDS),
        ("9♥", Rank.NINE, Suit.HEARTS),
        ("9♡", Rank.NINE, Suit.HEARTS),
        ("3♤", Rank.THREE, Suit.SPADES),
        ("7♥\ufe0f", Rank.SEVEN, Suit.HEARTS),
    ],
)
def test_parse_card(token: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(token) == Card(rank, suit)


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (Card(Rank.TEN, Suit.HEARTS), "Th"),
        (Card(Rank.ACE, Suit.CLUBS), "Ac"),
        (Card(Rank.KING, Suit.SPADES), "Ks"),
    ],
)
def test_canonical_form(card: Card, text: str) -> None:
    assert str(card) == text
    assert repr(card) == f"Card.parse('{text}')"


def test_counting_values() -> None:
    # A = 1, 2..10 face value, J = Q = K = 10.
    assert [Rank(r).counting_value for r in range(1, 14)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]


def test_deck_holds_52_different_cards_in_index_order() -> None:
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert sorted(DECK, reverse=True) == list(reversed(DECK))


@given(st.sampled_from(DECK))
def test_format_round_trips_through_parsing(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


@given(st.permutations(DECK).map(lambda deck: deck[:5]))
def test_hand_round_trips_through_parsing(cards: list[Card]) -> None:
    hand = Hand((cards[0], cards[1], cards[2], cards[3]), cards[4])
    assert parse_hand(str(hand)) == hand


@pytest.mark.parametrize(
    "text",
    [
        "5h 5d 5c Js / 5s",
        "5h 5d 5c Js 5s",
        "5h,5d,5c,Js,5s",
        "5h, 5d, 5c, Js/5s",
        "  5H 5D\t5C JS /5S  ",
        "5♥ 5♦ 5♣ J♠ / 5♠",
    ],
)
def test_separators_and_starter(text: str) -> None:
    hand = parse_hand(text)
    assert [str(c) for c in hand.cards] == ["5h", "5d", "5c", "Js"]
    assert str(hand.starter) == "5s"


def test_tokenize_gives_columns() -> None:
    assert [(t.text, t.column) for t in tokenize("5h,10d /Js")] == [
        ("5h", 1),
        ("10d", 4),
        ("/", 8),
        ("Js", 9),
    ]


# (input, the bad token, its column, words the message must contain)
BAD_HANDS = [
    ("5h 5d 5x Js 5s", "5x", 7, ["unknown suit 'x'", "'5x'", "column 7"]),
    ("5h 5d 1c Js 5s", "1c", 7, ["unknown rank '1'", "'1c'", "column 7"]),
    ("5h 5d 11c Js 5s", "11c", 7, ["unknown rank '11'", "column 7"]),
    ("5h 5d 5 Js 5s", "5", 7, ["missing suit", "'5'", "column 7"]),
    ("5h h Js 5c 5s", "h", 4, ["missing rank", "'h'", "column 4"]),
    ("5h 5d 5c Js 5h", "5h", 13, ["5h appears twice", "first at column 1", "column 13"]),
    ("5h 5d 5c / 5s", "", 10, ["expected 4 hand cards", "got 3 cards"]),
    (
        "5h 5d 5c Js 2c / 5s",
        "2c",
        13,
        ["expected 4 hand cards", "got 5 cards", "'2c' is one too many", "column 13"],
    ),
    ("5h 5d 5c Js /", "", 14, ["expected 1 starter", "got 0 cards"]),
    ("5h 5d 5c Js / 5s 6s", "6s", 18, ["expected 1 starter", "got 2 cards", "'6s'"]),
    ("5h 5d 5c Js / 5s /", "/", 18, ["second '/'", "column 18"]),
    ("5h 5d 5c Js", "", 12, ["4 cards and no starter", "as '5h 5d 5c Js / STARTER'"]),
    ("5h 5d 5c Js 5s 6s", "6s", 16, ["got 6 cards", "'6s' is one too many", "column 16"]),
    ("", "", 0, ["no cards"]),
    ("5h 5d 5c; Js 5s", "5c;", 7, ["unknown", "'5c;'", "column 7"]),
    ("5h 5d zz Js 5s", "zz", 7, ["unknown card 'zz'", "column 7"]),
    ("5h 5d\x005c Js 5s", "5d\x005c", 4, ["'5d\\x005c'", "column 4"]),
]


@pytest.mark.parametrize(("text", "token", "column", "words"), BAD_HANDS)
def test_bad_hand_names_token_and_column(
    text: str, token: str, column: int, words: list[str]
) -> None:
    with pytest.raises(CribcountError) as caught:
        parse_hand(text)
    error = caught.value
    # A token that is not a card is bad notation; cards that cannot be dealt are a bad deal.
    assert isinstance(error, DealError) == any(
        word in " ".join(words) for word in ("twice", "expected", "got", "no cards", "no starter")
    )
    assert isinstance(error, ValueError)
    assert error.text == text
    assert error.token == token
    assert error.column == column
    for word in words:
        assert word in str(error)
    assert "\n" not in str(error)


def test_hand_checks_its_cards() -> None:
    five = Card(Rank.FIVE, Suit.HEARTS)
    with pytest.raises(DealError, match="5h appears twice"):
        Hand((five, DECK[0], DECK[1], DECK[2]), five)
    with pytest.raises(DealError, match="4 cards and a starter, got 3"):
        Hand((DECK[0], DECK[1], DECK[2]), five)  # type: ignore[arg-type]


# Cards, hands and notations are values: equal by what they hold, immutable, copied and
# pickled as equal values, and a card or hand's repr reads back.

FIVE_OF_HEARTS = Card(Rank.FIVE, Suit.HEARTS)
HAND = Hand(
    (parse_card("5h"), parse_card("5d"), parse_card("5c"), parse_card("Js")), parse_card("5s")
)
VALUES = [FIVE_OF_HEARTS, HAND, ENGLISH]


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


def test_cards_and_hands_read_back_from_their_repr() -> None:
    assert repr(FIVE_OF_HEARTS) == "Card.parse('5h')"
    assert repr(HAND) == "parse_hand('5h 5d 5c Js / 5s')"
    for value in (FIVE_OF_HEARTS, HAND):
        assert eval(repr(value), {"Card": Card, "parse_hand": parse_hand}) == value


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_values_refuse_assignment(value: Card | Hand | Notation) -> None:
    name = type(value).__match_args__[0]
    before = getattr(value, name)
    with pytest.raises(FrozenInstanceError):
        setattr(value, name, None)
    with pytest.raises(FrozenInstanceError):
        delattr(value, name)
    assert getattr(value, name) is before


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_values_copy_and_pickle_as_equal_values(value: Card | Hand | Notation) -> None:
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(twin) is type(value)
        assert twin == value


def test_a_pickled_card_keeps_what_is_worked_out_from_it() -> None:
    twin = pickle.loads(pickle.dumps(DECK[51]))
    assert (twin.index, twin.value, str(twin)) == (51, 10, "Ks")


def test_values_match_by_their_fields() -> None:
    match FIVE_OF_HEARTS:
        case Card(rank, Suit.HEARTS):
            assert rank == Rank.FIVE
        case _:
            pytest.fail("a five of hearts is a card of hearts")


def test_values_equal_only_values_of_their_own_class() -> None:
    # As a dataclass compares: a hand is not the tuple of its fields, nor a card its index.
    assert HAND != (HAND.cards, HAND.starter) and FIVE_OF_HEARTS != FIVE_OF_HEARTS.index
    assert Hand(HAND.cards, HAND.starter) == HAND


def test_a_notation_is_not_hashable_as_its_tables_are_dicts() -> None:
    with pytest.raises(TypeError, match="dict"):
        hash(ENGLISH)


def test_a_notation_is_equal_by_its_letters() -> None:
    assert Notation.from_letters("A 2 3 4 5 6 7 8 9 T|10 J Q K", "c d h s") == ENGLISH
    french = Notation.from_letters("A 2 3 4 5 6 7 8 9 10 V D R", "t k c p")
    assert french != ENGLISH


@given(st.text())
def test_any_text_parses_or_raises_one_line_notation_error(text: str) -> None:
    try:
        hand = parse_hand(text)
    except CribcountError as error:
        message = str(error)
        assert message and "\n" not in message
        message.encode("utf-8")  # always printable, even for lone surrogates
    else:
        assert len({*hand.cards, hand.starter}) == 5


@given(
    st.text(alphabet=st.sampled_from(list("5hJsTd10go ,/\t\n\u00a0\u2003♥♠\ufe0fx")), max_size=30)
)
def test_tokenize_splits_as_the_token_pattern_says(text: str) -> None:
    # A token is '/' alone, or a run of anything but white space (Unicode's, as str.isspace
    # knows it), commas and '/'; the quick split at spaces must give what this pattern gives.
    pattern = re.compile(r"/|[^\s,/]+")
    expected = [Token(m.group(), m.start() + 1) for m in pattern.finditer(text)]
    assert tokenize(text) == expected


def test_the_usual_spellings_read_as_the_careful_path_reads_them() -> None:
    # parse_card looks the usual English spellings up in one go; a notation equal to English
    # but not the same object takes the careful path, which must give the same card.
    careful = Notation.from_letters("A 2 3 4 5 6 7 8 9 T|10 J Q K", "c d h s")
    assert careful == ENGLISH and careful is not ENGLISH
    for card in DECK:
        spellings = {str(card), str(card).replace("T", "10"), str(card).lower()}
        for token in spellings:
            assert parse_card(token) == parse_card(token, notation=careful) == card


@given(st.lists(st.sampled_from(["5h", "10d", "/", "Js", "5h/", "/5s", "a/b"]), max_size=7))
def test_splitting_at_spaces_gives_the_tokens_of_the_pattern(parts: list[str]) -> None:
    # The quick split at spaces must agree with the pattern that reads any separator.
    text = " ".join(parts)
    pattern = [(m.group(), m.start() + 1) for m in re.finditer(r"/|[^\s,/]+", text)]
    assert [(t.text, t.column) for t in tokenize(text)] == pattern


def test_a_notation_writes_each_card_as_its_rank_symbol_and_suit_letter() -> None:
    french = Notation.from_letters("A 2 3 4 5 6 7 8 9 10 V D R", "t k c p")
    for notation in (ENGLISH, french):
        for card in DECK:
            written = notation.rank_symbols[card.rank - 1] + notation.suit_letters[card.suit]
            assert notation.card(card) == written
        assert notation.cards(DECK[-2:]) == f"{notation.card(DECK[-2])} {notation.card(DECK[-1])}"
    assert french.card(Card.parse("Qh")) == "Dc"


@given(
    st.lists(
        st.sampled_from(["5h", "5d", "Th", "10h", "Js", "jS", "Ac", "5x", "/", "", "5h,"]),
        min_size=4,
        max_size=7,
    )
)
def test_parse_hand_reads_as_its_careful_path_reads(parts: list[str]) -> None:
    # parse_hand reads the usual spelling (five known cards at single spaces, a '/' before
    # the last) in a few look-ups; anything else takes the careful path. Both must agree,
    # on the hand and on the error alike.
    text = " ".join(parts)
    try:
        expected: object = parse_hand_tokens(text, tokenize(text))
    except CribcountError as error:
        expected = (type(error), str(error))
    try:
        got: object = parse_hand(text)
    except CribcountError as error:
        got = (type(error), str(error))
    assert got == expected
