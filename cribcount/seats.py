"""The table for two to six players: seats, the deal, partnerships and the order of the show.

Seats are numbered in playing order from the dealer's left: seat 1 leads the
play and counts first, and the dealer is the last seat. Everyone ends with
four cards in hand and the crib has four.

>>> seat_names(2)
('pone', 'dealer')
>>> seat_names(5)
('first', 'second', 'third', 'fourth', 'dealer')
>>> show_order(4)
('first', 'second', 'third', 'dealer', 'crib')
>>> partnership_names(6, partners=True)
('first & fourth', 'second & fifth', 'third & dealer')
>>> DEAL_SIZES[6]  # (dealt, laid away) for each seat, seat 1 first
((5, 1), (5, 1), (5, 1), (5, 1), (4, 0), (4, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from cribcount.errors import TableError
from cribcount.messages import N_, Message

__all__ = [
    "CRIB_SIZE",
    "DEAL_SIZES",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TABLE_SIZES",
    "TableError",
    "check_players",
    "crib_from_deck",
    "crib_side",
    "partnership_name",
    "partnership_names",
    "partnerships",
    "seat_names",
    "seats_laying_away",
    "show_order",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
HAND_SIZE = 4
"""Cards each player keeps after laying away: the cards of the play and of the show."""
CRIB_SIZE = 4

DEAL_SIZES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((6, 2),) * 2,
    3: ((5, 1),) * 3,
    4: ((5, 1),) * 4,
    5: ((5, 1),) * 4 + ((4, 0),),
    6: ((5, 1),) * 4 + ((4, 0),) * 2,
}
"""For each table size, each seat's (cards dealt, cards laid away to the crib), seat 1 first."""

# Seat names are messages: the text says them in its language (JSON keeps them in English).
TABLE_SIZES = Message("{least} to {most}", least=MIN_PLAYERS, most=MAX_PLAYERS)
"""How many players a table may have, for messages: ``2 to 6``."""

_ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))
_PONE, _DEALER, _CRIB = N_("pone"), N_("dealer"), N_("crib")
_PARTNERS_ALWAYS = 4  # four players always play as two partnerships
_PARTNERS_OPTIONAL = 6  # six players may play as three


def check_players(players: int) -> None:
    """Raise TableError unless ``players`` is a table size cribcount knows: 2 to 6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        reason = Message("a table has {sizes} players, not {n}", sizes=TABLE_SIZES, n=players)
        raise TableError(reason)


def seat_names(players: int) -> tuple[str, ...]:
    """The players in seat order: ``pone`` and ``dealer`` for two, else ``first``... ``dealer``."""
    check_players(players)
    if players == 2:
        return (_PONE, _DEALER)
    return (*_ORDINALS[: players - 1], _DEALER)


def show_order(players: int) -> tuple[str, ...]:
    """The order of the show: seat 1 first, round to the dealer's hand, then the crib."""
    return (*seat_names(players), _CRIB)


def crib_from_deck(players: int) -> int:
    """Cards the crib takes from the deck, when the players' discards do not fill it."""
    check_players(players)
    return CRIB_SIZE - sum(laid for _, laid in DEAL_SIZES[players])


def seats_laying_away(players: int) -> tuple[int, ...]:
    """The seats (numbered from 1) that lay cards away to the crib."""
    check_players(players)
    return tuple(seat for seat, (_, laid) in enumerate(DEAL_SIZES[players], start=1) if laid)


def partnerships(players: int, *, partners: bool = False) -> tuple[tuple[int, ...], ...]:
    """The partnerships as seat numbers, partners opposite; empty when everyone plays alone.

    Four players always play as two partnerships; six do with ``partners``.
    Raises TableError for ``partners`` with any other number of players.
    """
    check_players(players)
    if partners and players not in (_PARTNERS_ALWAYS, _PARTNERS_OPTIONAL):
        raise TableError(Message("partnerships need four or six players, not {n}", n=players))
    if players != _PARTNERS_ALWAYS and not partners:
        return ()
    half = players // 2
    return tuple((seat, seat + half) for seat in range(1, half + 1))


def partnership_name(members: Sequence[str]) -> str:
    """A partnership named by its players: ``first & third``."""
    return " & ".join(members)


def partnership_names(players: int, *, partners: bool = False) -> tuple[str, ...]:
    """Each partnership's name, in the order of its first seat."""
    names = seat_names(players)
    return tuple(
        partnership_name([names[seat - 1] for seat in team])
        for team in partnerships(players, partners=partners)
    )


def crib_side(players: int, *, partners: bool = False) -> tuple[int, ...]:
    """The seats whose side the crib scores for: the dealer's, and the dealer's partner's."""
    for team in partnerships(players, partners=partners):
        if players in team:
            return team
    return (players,)
