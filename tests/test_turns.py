"""The turns of the play driven one by one: the count, whose turn, go, 31 and the last card.

Every expected figure is worked out by hand from the play's rules (RULES.md, "The
play"): 2 for 15 and for 31, 2 a pair, 6 a pair royal, n a run of n, 1 the go to
the last player to have laid a card, 1 the last card unless it made 31.
"""

from __future__ import annotations

import pytest

from cribcount.cards import parse_card
from cribcount.errors import PlayError, Token
from cribcount.rules import PegItem, PegKind
from cribcount.turns import Pegging, Play, PlayState


def drive(names: tuple[str, ...], held: list[int], turns: str) -> PlayState:
    """A play of ``names`` holding ``held`` cards each, its ``turns`` laid or said in order."""
    state = PlayState(names, turns, held)
    column = 1
    for word in turns.split():
        token = Token(word, column)
        if word == "go":
            state.say_go(token)
        else:
            state.lay(parse_card(word), token)
        column += len(word) + 1
    return state


def summary(pegging: Pegging) -> list[tuple[str, str | None, int, list[tuple[str, int]]]]:
    """Each turn as (player, card, count after it, items as (kind, points))."""
    return [
        (
            play.player,
            None if play.card is None else str(play.card),
            play.count,
            [(item.kind.value, item.points) for item in play.items],
        )
        for play in pegging.plays
    ]


def test_fifteen_a_pair_and_the_last_card() -> None:
    # RULES, worked example 1: You 7, Rival 8 (15 for 2), You 8 (pair 2, last card 1).
    pegging = drive(("You", "Rival"), [2, 1], "7h 8d 8s").finish()
    assert summary(pegging) == [
        ("You", "7h", 7, []),
        ("Rival", "8d", 15, [("fifteen", 2)]),
        ("You", "8s", 23, [("pair", 2), ("last-card", 1)]),
    ]
    assert pegging.totals == {"You": 3, "Rival": 2}


def test_thirty_one_takes_no_go_and_the_next_player_leads() -> None:
    # RULES, worked example 3: K (10), 9 (19), 10 (29), Rival go, You 2 (31 for 2, no go
    # point), Rival 7 (a new count: 7), You 6 (13, last card 1): You 3, Rival 0.
    state = drive(("You", "Rival"), [4, 2], "Kc 9d Th go 2s 7c 6s")
    assert state.over()
    pegging = state.finish()
    assert summary(pegging) == [
        ("You", "Kc", 10, []),
        ("Rival", "9d", 19, []),
        ("You", "Th", 29, []),
        ("Rival", None, 29, []),
        ("You", "2s", 31, [("thirty-one", 2)]),
        ("Rival", "7c", 7, []),
        ("You", "6s", 13, [("last-card", 1)]),
    ]
    assert pegging.totals == {"You": 3, "Rival": 0}


def test_the_go_point_goes_on_the_go_of_the_last_player_to_lay() -> None:
    # You K (10), Rival Q (20), You 9 (29); Rival holds an 8 and You a 5, neither fits:
    # both say go, and You, the last to lay, takes 1. Rival leads again: 8, You 5 (13),
    # the last card for You.
    pegging = drive(("You", "Rival"), [3, 2], "Kc Qd 9h go go 8s 5c").finish()
    assert summary(pegging) == [
        ("You", "Kc", 10, []),
        ("Rival", "Qd", 20, []),
        ("You", "9h", 29, []),
        ("Rival", None, 29, []),
        ("You", None, 29, [("go", 1)]),
        ("Rival", "8s", 8, []),
        ("You", "5c", 13, [("last-card", 1)]),
    ]
    assert pegging.totals == {"You": 2, "Rival": 0}


def test_a_go_nobody_says_is_added_for_a_player_out_of_cards() -> None:
    # You lay their last card at 29 and Rival says go: You cannot say go (no card left),
    # yet the go point is theirs: a go is added, written nowhere (no token).
    state = drive(("You", "Rival"), [2, 2], "Kc Qd 9h go")
    assert state.plays[-1] == Play("You", None, 29, (PegItem(PegKind.GO, 1),), None)
    assert state.count == 0 and state.turn == 1  # a new count, led by Rival


def test_saying_go_when_any_card_fits_is_a_play_error() -> None:
    # At 20 even a ten fits under 31 (30): a player holding a card must play.
    with pytest.raises(PlayError) as raised:
        drive(("You", "Rival"), [4, 4], "Kc Qd go")
    assert raised.value.reason == "go at count 20: any card fits, so You can play"
    assert raised.value.column == 7


def test_a_pair_royal_that_makes_fifteen_with_three_players() -> None:
    # Three fives in a row: a pair for the second (2), a pair royal (6) and 15 (2) for the
    # third, and the last card (1): 0, 2 and 9.
    pegging = drive(("first", "second", "dealer"), [1, 1, 1], "5c 5d 5h").finish()
    assert pegging.totals == {"first": 0, "second": 2, "dealer": 9}
    assert [play.points for play in pegging.plays] == [0, 2, 9]


def test_turns_pass_in_seat_order_and_after_31_the_next_seat_leads() -> None:
    # first K (10), second Q (20), dealer 9 (29), first go (holds a 5), second 2 (31 for 2).
    # The next count is led by the seat after second: dealer 3, first 5 (8, last card).
    state = drive(("first", "second", "dealer"), [2, 2, 2], "Kc Qd 9h go 2s 3c 5d")
    pegging = state.finish()
    assert [(play.player, play.count) for play in pegging.plays] == [
        ("first", 10),
        ("second", 20),
        ("dealer", 29),
        ("first", 29),
        ("second", 31),
        ("dealer", 3),
        ("first", 8),
    ]
    assert pegging.totals == {"first": 1, "second": 2, "dealer": 0}


def test_a_run_in_any_order_counts_its_length() -> None:
    # 3, 5, 4: a run of three for the 4; then 2: a run of four (2 3 4 5) for the 2, with
    # the count at 14; 6 (20): a run of five for the 6 and the last card.
    pegging = drive(("A", "B"), [3, 2], "3c 5d 4h 2s 6c").finish()
    assert [play.points for play in pegging.plays] == [0, 0, 3, 4, 6]
    assert pegging.totals == {"A": 9, "B": 4}


def test_an_unfinished_play_has_no_last_card_yet() -> None:
    pegging = drive(("You", "Rival"), [4, 4], "7h 8d").finish(unfinished=True)
    assert pegging.unfinished
    assert pegging.totals == {"You": 0, "Rival": 2}


def test_partnerships_add_their_players_points() -> None:
    # Four players, partners opposite: seats 1 and 3, 2 and 4. a 5, b 10 (15 for 2), c 5
    # (20: no pair, the ten lies between), d 5 (25: a pair with c's five, 2, and the last
    # card, 1).
    state = drive(("a", "b", "c", "d"), [1, 1, 1, 1], "5c Td 5h 5s")
    pegging = state.finish((("a", "c"), ("b", "d")))
    assert pegging.totals == {"a": 0, "b": 2, "c": 0, "d": 3}
    assert pegging.partnership_totals == {"a & c": 0, "b & d": 5}
    assert drive(("a", "b"), [1, 1], "5c Td").finish().partnership_totals == {}
