"""A deal of a game record made whole: a score sheet, or every hand, a starter and the play.

Each draft below is what the reader would have gathered from a deal's statements;
the expected figures are worked out by hand from the rules (RULES.md: "The play",
"Deal, crib and table sizes").
"""

from __future__ import annotations

import pytest

from cribcount.cards import Card, parse_card
from cribcount.errors import GameError
from cribcount.game.record import Claim, DealDraft, HandRecord, Peg, record_deal


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(card) for card in text.split())


def hand(player: str, kept: str, laid: str, line: int) -> HandRecord:
    return HandRecord(player, cards(kept), cards(laid), line)


# Ben is pone (seat 1) and leads; Ann deals (the last seat).
BEN = hand("Ben", "7c 8h Kc Qc", "2c 3c", 2)
ANN = hand("Ann", "8d 7d 9s Kd", "4s 6s", 3)
# Ben 7, Ann 8 (15: 2), Ben 8 (23, a pair: 2), Ann 7 (30); Ben and Ann say go, Ann laid
# last (1). Ben leads: K (10), Ann 9 (19), Ben Q (29), Ann says go and Ben, out of cards,
# takes the go (1); Ann's K (10) is the last card (1). Ben 3, Ann 4.
PLAY = "7c 8d 8h 7d go go Kc 9s Qc go Kd"


def draft(**given: object) -> DealDraft:
    deal = DealDraft(number=1, line=1, dealer="Ann", seats=("Ben", "Ann"))
    for name, value in given.items():
        setattr(deal, name, value)
    return deal


def test_a_score_sheet_deal_has_no_hands_and_no_play() -> None:
    shows = {"Ben": Claim(8, 2), "Ann": Claim(12, 3)}
    deal = record_deal(draft(pegs=[Peg("Ben", 2, 4)], shows=shows, crib=Claim(4, 5)))
    assert deal.hands == () and deal.pegging is None and deal.crib_cards == ()
    assert deal.pegs == (Peg("Ben", 2, 4),)
    assert (deal.shows, deal.crib) == (shows, Claim(4, 5))


def test_a_dealt_deal_keeps_its_hands_in_seat_order_and_its_crib() -> None:
    deal = record_deal(
        draft(hands={"Ann": ANN, "Ben": BEN}, starter=(parse_card("Jh"), 4), play=(PLAY, 5))
    )
    assert deal.hands == (BEN, ANN)
    # The crib: the cards laid away in seat order, Ben's first.
    assert deal.crib_cards == cards("2c 3c 4s 6s")
    assert (deal.starter, deal.starter_line, deal.play_line) == (parse_card("Jh"), 4, 5)


def test_the_play_is_checked_against_the_hands_and_pegged() -> None:
    deal = record_deal(
        draft(hands={"Ben": BEN, "Ann": ANN}, starter=(parse_card("Jh"), 4), play=(PLAY, 5))
    )
    assert deal.pegging is not None
    # The play names the players: Ben is pone, Ann the dealer.
    assert deal.pegging.totals == {"Ben": 3, "Ann": 4}


def test_three_players_need_the_deck_card_for_the_crib() -> None:
    # Three players: five cards each, one laid away each, and one from the deck to the crib.
    seats = ("Cy", "Ben", "Ann")
    hands = {
        "Cy": hand("Cy", "Ac 2c 3c 4c", "5c", 2),
        "Ben": hand("Ben", "Ad 2d 3d 4d", "5d", 3),
        "Ann": hand("Ann", "Ah 2h 3h 4h", "5h", 4),
    }
    without = draft(seats=seats, hands=hands, starter=(parse_card("Ks"), 5))
    with pytest.raises(GameError) as raised:
        record_deal(without)
    assert (raised.value.reason, raised.value.line) == ("deal 1: no extra card for the crib", 1)
    deal = record_deal(
        draft(seats=seats, hands=hands, starter=(parse_card("Ks"), 6), extra=(parse_card("5s"), 5))
    )
    assert deal.crib_cards == cards("5c 5d 5h 5s")


@pytest.mark.parametrize(
    ("given", "reason", "line"),
    [
        ({"hands": {"Ben": BEN}}, "deal 1: no hand for Ann", 1),
        ({"hands": {"Ben": BEN, "Ann": ANN}}, "deal 1: no starter", 1),
        (
            {"starter": (parse_card("Jh"), 4)},
            "starter in a deal without hands: give every hand, or only the points",
            4,
        ),
        (
            {"play": (PLAY, 6)},
            "play in a deal without hands: give every hand, or peg the points",
            6,
        ),
        (
            {
                "hands": {"Ben": BEN, "Ann": ANN},
                "starter": (parse_card("Jh"), 4),
                "play": (PLAY, 6),
                "pegs": [Peg("Ben", 2, 5)],
            },
            "peg with a play line: the play says what was pegged",
            5,
        ),
    ],
)
def test_what_is_missing_or_out_of_place_is_blamed_on_its_line(
    given: dict[str, object], reason: str, line: int
) -> None:
    with pytest.raises(GameError) as raised:
        record_deal(draft(**given))
    assert (raised.value.reason, raised.value.line) == (reason, line)


def test_a_play_against_the_hands_names_who_sits_where() -> None:
    # Ben leads a card that Ann holds: the play's error, the seats' players after it.
    play = "8d 7c"
    with pytest.raises(GameError) as raised:
        record_deal(
            draft(hands={"Ben": BEN, "Ann": ANN}, starter=(parse_card("Jh"), 4), play=(play, 5))
        )
    error = raised.value
    assert error.reason == ("8d is Ann's, but it is Ben's turn and Ben can play 7c 8h Qc Kc")
    assert (error.line, error.token, error.column) == (5, "8d", 1)
