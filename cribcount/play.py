"""Pegging: the count to 31, card by card, with go and last card, for two to six players.

Cards are given in the order they were laid, seat 1 (pone, with two players)
first, with the word ``go`` where a player could not play:

>>> pegging = peg("Kc 9d Th go 2s 7c 6s")
>>> for play in pegging.plays:
...     print(play.player, play.card or "go", play.count, play.points)
pone Kc 10 0
dealer 9d 19 0
pone Th 29 0
dealer go 29 0
pone 2s 31 2
dealer 7c 7 0
pone 6s 13 1
>>> pegging.totals
{'pone': 3, 'dealer': 0}

With the hands, in seat order and separated by ``|``, every card is checked
and the gos may be left out; four players score as two partnerships:

>>> hands = "5c Kc 2c 9c | 5d Qd 3d 9d | 5h 7h Ah Jh | 6s 8s 4s Ts"
>>> pegging = peg("5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts", hands=hands)
>>> pegging.partnership_totals
{'first & third': 15, 'second & dealer': 6}
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cribcount.cards import (
    ENGLISH,
    Card,
    Notation,
    check_distinct,
    parse_card,
    tokenize,
)
from cribcount.errors import PlayError, Token
from cribcount.hand_lists import read_hands, seat_hands, split_hands
from cribcount.messages import Message, listed
from cribcount.rules import PegItem, PegKind, fits_count, score_card
from cribcount.seats import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE_SIZES,
    partnerships,
    seat_names,
)
from cribcount.turns import Pegging, Play, PlayState

__all__ = [
    "PlayError",
    "PlayState",
    "PegItem",
    "PegKind",
    "Pegging",
    "Play",
    "Seating",
    "cards_laid",
    "peg",
    "peg_seated",
    "replay",
    "score_card",
    "seating",
]


Seating = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
"""A table's players' names in seat order, and its partnerships by the players' names."""


@functools.cache
def seating(players: int, partners: bool = False) -> Seating:
    """The players' names in seat order and the partnerships by name, for a table.

    Raises TableError for a table that cannot be.
    """
    names = seat_names(players)
    teams = partnerships(players, partners=partners)
    return names, tuple(tuple(names[seat - 1] for seat in team) for team in teams)


def cards_laid(players: int) -> int:
    """How many cards the whole play lays: every player's four, the last of them the last card."""
    return HAND_SIZE * players


_GO = "go"
_CARD_WORDS: dict[int, tuple[Notation, dict[str, Card | None]]] = {}
"""Every token read so far, by the notation's id and its text: a card, or None for a go. A
play file repeats the same few hundred. The notation is kept with its words, so that its id
stays its own."""


def _card_words(notation: Notation) -> dict[str, Card | None]:
    """The card tokens read so far in ``notation``."""
    kept = _CARD_WORDS.get(id(notation))
    if kept is None:
        kept = _CARD_WORDS[id(notation)] = (notation, {})
    return kept[1]


def _read_play(text: str, players: int, notation: Notation) -> list[tuple[Card | None, Token]]:
    """The moves of a play sequence: a card, or None for a go, each with its token."""
    words = _card_words(notation)
    moves: list[tuple[Card | None, Token]] = []
    gos = 0
    seen = 0  # a bit for each card laid, by index
    for token in tokenize(text):
        word = token.text
        try:
            card = words[word]
        except KeyError:
            if word.lower() == _GO:
                card = None
            else:
                card = parse_card(word, text=text, column=token.column, notation=notation)
            words[word] = card
        if card is None:
            gos += 1
        else:
            seen |= 1 << card.index
        moves.append((card, token))
    laid = len(moves) - gos
    if not laid:
        reason = Message("no cards: expected the cards in the order they were laid")
        raise PlayError(reason, text=text)
    if seen.bit_count() != laid:
        # Which card, and where: a card was given twice.
        check_distinct([(card, token) for card, token in moves if card is not None], text=text)
    most = cards_laid(players)
    if laid > most:
        card, token = [(card, token) for card, token in moves if card is not None][most]
        reason = Message(
            "more than {most} cards: {card} would be card {next} and each player lays {each}",
            most=most,
            card=card,
            next=most + 1,
            each=HAND_SIZE,
        )
        raise PlayError.at(reason, text, token)
    return moves


def peg(
    text: str,
    *,
    pone: str | None = None,
    dealer: str | None = None,
    hands: str | None = None,
    players: int | None = None,
    partners: bool = False,
    notation: Notation = ENGLISH,
    unfinished: bool = False,
) -> Pegging:
    """Score a play: the cards in the order laid, seat 1 first, and ``go`` where one could not play.

    Without hands, turns pass in seat order; a player who says go is passed
    over until the count starts again, and a card that would pass 31 when
    nobody else can play starts a new count, laid by the next seat after the
    last one to play. With the hands (``hands``: every seat's four cards in
    seat order, separated by ``|``; or, for two players, ``pone`` and
    ``dealer``), every card is checked against them and gos may be left out.
    ``players`` is 2 to 6: by default the number of ``hands``, else 2.
    ``partners`` makes six players three partnerships (four always are two);
    ``notation`` reads the cards, of the play and of the hands. ``unfinished``
    scores a play still going on: no point for the last card yet, and with the
    hands, cards not laid yet may remain in them.

    Raises NotationError for bad notation, PlayError for a play that cannot
    have happened, each naming the token and its column, and TableError for a
    table that cannot be.
    """
    if (pone is None) != (dealer is None):
        raise PlayError(Message("give both hands, pone's and the dealer's, or neither"), text=text)
    if pone is not None and hands is not None:
        reason = Message("give the hands once: pone's and the dealer's, or every seat's")
        raise PlayError(reason, text=text)
    if players is None and hands is not None:
        players = len(split_hands(hands))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            reason = Message(
                "expected {sizes} hands separated by '|', got {n}", sizes=TABLE_SIZES, n=players
            )
            raise PlayError.at(reason, hands, None)
    players = 2 if players is None else players
    seats = seating(players, partners)
    if pone is None or dealer is None:
        return peg_seated(text, seats, hands=hands, notation=notation, unfinished=unfinished)
    names, teams = seats
    moves = _read_play(text, players, notation)
    if players != 2:
        reason = Message(
            "pone's and the dealer's hands are for two players, not {players}:"
            " give every seat's hand in seat order",
            players=players,
        )
        raise PlayError(reason, text=text)
    held = read_hands([("pone", pone, 0, pone), ("dealer", dealer, 0, dealer)], notation=notation)
    table = _peg_with_hands(text, moves, held, names, unfinished=unfinished)
    return table.finish(teams, unfinished=unfinished)


def peg_seated(
    text: str,
    seats: Seating,
    *,
    hands: str | tuple[frozenset[Card], ...] | None = None,
    notation: Notation = ENGLISH,
    unfinished: bool = False,
) -> Pegging:
    """``peg`` at a table already seated (``seating(players, partners)``), with every seat's hands
    or none: for the many plays of a file at one table.

    The hands are text as for ``peg``, or already read: four different cards a seat.

    >>> peg_seated("7c 8d 8h", seating(2)).totals
    {'pone': 3, 'dealer': 2}
    """
    names, teams = seats
    moves = _read_play(text, len(names), notation)
    if hands is None:
        table = _peg_without_hands(text, moves, names)
    else:
        held = (
            read_hands(seat_hands(hands, names), notation=notation)
            if isinstance(hands, str)
            else hands
        )
        table = _peg_with_hands(text, moves, held, names, unfinished=unfinished)
    return table.finish(teams, unfinished=unfinished)


def replay(text: str, seats: Seating, *, notation: Notation = ENGLISH) -> PlayState:
    """The state of a play still going on, read without the hands (gos written): whose turn,
    the count, the cards laid. An empty ``text`` is a play not begun.

    >>> state = replay("Kc 9d Th go", seating(2))
    >>> state.turn, state.count
    (0, 29)
    """
    names, _ = seats
    if not text.strip():
        return PlayState(names, text, [HAND_SIZE] * len(names))
    return _peg_without_hands(text, _read_play(text, len(names), notation), names)


def _peg_without_hands(
    text: str, moves: Sequence[tuple[Card | None, Token]], names: tuple[str, ...]
) -> PlayState:
    table = PlayState(names, text, [HAND_SIZE] * len(names))
    lay, say_go = table.lay, table.say_go
    for card, token in moves:
        if not table.left:
            raise table.error(Message("go after every card was laid"), token)
        if card is None:
            if not table.written_go(token):
                say_go(token)
            continue
        if not fits_count(table.count, card.value):
            still_in = [
                Message(names[p])
                for p in range(len(names))
                if p != table.turn and not table.passive(p)
            ]
            if still_in:
                said = (
                    Message("no go was said")
                    if not table.gone
                    else Message(
                        "{players} did not say go",
                        plural="{players} did not say go",
                        players=listed(still_in),
                        n=len(still_in),
                    )
                )
                reason = Message(
                    "{card} would take the count from {count} to {total}, and {said} before it"
                    " (without the hands, the go cannot be guessed)",
                    card=card,
                    count=table.count,
                    total=table.count + card.value,
                    said=said,
                )
                raise table.error(reason, token)
            # The player to play could not either: that go ends the count and this card leads.
            say_go(None)
        lay(card, token)
    return table


def _peg_with_hands(
    text: str,
    moves: Sequence[tuple[Card | None, Token]],
    hands: tuple[frozenset[Card], ...],
    names: tuple[str, ...],
    *,
    unfinished: bool = False,
) -> PlayState:
    held = [set(hand) for hand in hands]
    table = PlayState(names, text, [len(hand) for hand in held])

    def playable(player: int) -> list[Card]:
        return sorted(card for card in held[player] if fits_count(table.count, card.value))

    dealt = frozenset().union(*hands)
    for card, token in moves:
        if card is not None and card not in dealt:
            nobody = (
                Message("{card} is in neither hand", card=card)
                if len(hands) == 2
                else Message("{card} is in no player's hand", card=card)
            )
            raise table.error(nobody, token)
        if table.over():
            raise table.error(Message("go after every card was laid"), token)
        player = table.turn
        name = Message(names[player])
        if card is None:
            if table.written_go(token):
                continue
            can = playable(player)
            if can:
                reason = Message(
                    "go from {name}, who can play {cards} at count {count}",
                    name=name,
                    cards=tuple(can),
                    count=table.count,
                )
                raise table.error(reason, token)
            table.say_go(token)
            continue
        table.say_gos(held)
        player = table.turn
        name = Message(names[player])
        if card not in held[player]:
            owner = next(names[p] for p in range(len(names)) if card in held[p])
            reason = Message(
                "{card} is {owner}'s, but it is {name}'s turn and {name} can play {cards}",
                card=card,
                owner=Message(owner),
                name=name,
                cards=tuple(playable(player)),
            )
            raise table.error(reason, token)
        if not fits_count(table.count, card.value):
            reason = Message(
                "{card} would take the count from {count} to {total}; {name} can play {cards}",
                card=card,
                count=table.count,
                total=table.count + card.value,
                name=name,
                cards=tuple(playable(player)),
            )
            raise table.error(reason, token)
        held[player].discard(card)
        table.lay(card, token)
    if unfinished:
        # Whoever is to play next has not spoken yet: a go is not said for them.
        return table
    table.say_gos(held)
    if not table.over():
        left = sorted(card for hand in held for card in hand)
        reason = Message(
            "the play stops with {cards} still in hand: every card of the hands is laid once",
            cards=tuple(left),
        )
        raise table.error(reason, None)
    return table
