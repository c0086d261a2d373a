"""Tests of ``cribcount.seats``: the seats, the deal, partnerships and the order of the show.

The expected values are the issue's and RULES.md's deal table, written out here.
"""

from __future__ import annotations

import pytest

from cribcount.cards import CribcountError
from cribcount.seats import (
    DEAL_SIZES,
    TableError,
    crib_from_deck,
    crib_side,
    partnership_names,
    partnerships,
    seat_names,
    seats_laying_away,
    show_order,
)

# players: (cards dealt to each seat, seat 1 first; cards each lays away; the deck's cards
# to the crib), from the table of RULES.md, "Deal, crib and table sizes".
DEAL_TABLE = {
    2: ([6, 6], [2, 2], 0),
    3: ([5, 5, 5], [1, 1, 1], 1),
    4: ([5, 5, 5, 5], [1, 1, 1, 1], 0),
    5: ([5, 5, 5, 5, 4], [1, 1, 1, 1, 0], 0),
    6: ([5, 5, 5, 5, 4, 4], [1, 1, 1, 1, 0, 0], 0),
}


@pytest.mark.parametrize("players", sorted(DEAL_TABLE))
def test_deal_sizes_follow_the_rules(players: int) -> None:
    dealt, laid, from_deck = DEAL_TABLE[players]
    assert DEAL_SIZES[players] == tuple(zip(dealt, laid, strict=True))
    assert crib_from_deck(players) == from_deck
    # Everyone ends with four cards, and the crib has four.
    assert all(d - lay == 4 for d, lay in zip(dealt, laid, strict=True))
    assert sum(laid) + from_deck == 4
    assert seats_laying_away(players) == tuple(i + 1 for i, n in enumerate(laid) if n)


def test_every_table_size_has_a_deal() -> None:
    assert sorted(DEAL_SIZES) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("players", "names"),
    [
        (2, ("pone", "dealer")),
        (3, ("first", "second", "dealer")),
        (4, ("first", "second", "third", "dealer")),
        (5, ("first", "second", "third", "fourth", "dealer")),
        (6, ("first", "second", "third", "fourth", "fifth", "dealer")),
    ],
)
def test_seat_names_and_the_order_of_the_show(players: int, names: tuple[str, ...]) -> None:
    assert seat_names(players) == names
    # Seat 1 first, round to the dealer's hand, then the dealer's crib.
    assert show_order(players) == (*names, "crib")


@pytest.mark.parametrize(
    ("players", "partners", "teams", "team_names", "side"),
    [
        (2, False, (), (), (2,)),
        (3, False, (), (), (3,)),
        (4, False, ((1, 3), (2, 4)), ("first & third", "second & dealer"), (2, 4)),
        (4, True, ((1, 3), (2, 4)), ("first & third", "second & dealer"), (2, 4)),
        (5, False, (), (), (5,)),
        (6, False, (), (), (6,)),
        (
            6,
            True,
            ((1, 4), (2, 5), (3, 6)),
            ("first & fourth", "second & fifth", "third & dealer"),
            (3, 6),
        ),
    ],
)
def test_partnerships_sit_opposite(
    players: int,
    partners: bool,
    teams: tuple[tuple[int, ...], ...],
    team_names: tuple[str, ...],
    side: tuple[int, ...],
) -> None:
    assert partnerships(players, partners=partners) == teams
    assert partnership_names(players, partners=partners) == team_names
    assert crib_side(players, partners=partners) == side


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partners_need_four_or_six_players(players: int) -> None:
    with pytest.raises(TableError, match=f"partnerships need four or six players, not {players}"):
        partnerships(players, partners=True)


@pytest.mark.parametrize("players", [0, 1, 7])
def test_a_table_has_two_to_six_players(players: int) -> None:
    with pytest.raises(CribcountError, match=f"a table has 2 to 6 players, not {players}"):
        seat_names(players)
    with pytest.raises(ValueError):
        show_order(players)
