"""The turns of the play and its state between them: ``Play``, ``Pegging``, ``PlayState``.

``PlayState`` keeps the count, whose turn it is, who said go and what each
player still holds; ``peg`` drives it from a written play, the practice
drill from random legal cards.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import Card
from cribcount.errors import PlayError, Token
from cribcount.messages import Message
from cribcount.rules import EVERY_CARD_FITS, MAX_COUNT, PegItem, score_card_cached
from cribcount.seats import partnership_name

__all__ = ["Pegging", "Play", "PlayState", "play_out"]

_GO_ITEMS = (rules.GO_ITEM,)


class Play(NamedTuple):
    """One turn: a card laid (``card``) or a go (``card`` is None), the count after it, its items.

    ``token`` is where the turn stands in the input; None for a go that was
    inferred rather than written. A named tuple, the lightest immutable record:
    a play file makes one for every card.
    """

    player: str
    card: Card | None
    # The running count, the word of the game: it takes the place of tuple's count().
    count: int  # type: ignore[assignment]
    items: tuple[PegItem, ...]
    token: Token | None

    @property
    def points(self) -> int:
        """The points this turn pegs: the sum of its items."""
        return sum(item.points for item in self.items)


# Play(...) without the Python-level __new__ of a named tuple: a play file makes one a card.
_new_play = functools.partial(tuple.__new__, Play)


@dataclass(frozen=True)
class Pegging:
    """The whole play: the players in seat order (the dealer last), every turn, the partnerships.

    ``partnerships`` holds the players of each partnership (empty when
    everyone plays alone); ``unfinished`` is a play still going on.
    """

    players: tuple[str, ...]
    plays: tuple[Play, ...]
    partnerships: tuple[tuple[str, ...], ...] = ()
    unfinished: bool = False

    @property
    def totals(self) -> dict[str, int]:
        """Points pegged by each player, in seat order."""
        totals = dict.fromkeys(self.players, 0)
        for play in self.plays:
            if play.items:  # most turns peg nothing
                for item in play.items:
                    totals[play.player] += item.points
        return totals

    @property
    def partnership_totals(self) -> dict[str, int]:
        """Points pegged by each partnership, named ``first & third``; empty without partners."""
        if not self.partnerships:
            return {}
        totals = self.totals
        return {
            partnership_name(team): sum(totals[name] for name in team) for team in self.partnerships
        }


@dataclass(slots=True)
class PlayState:
    """The state of the play between turns; the players are numbered in turn order."""

    names: tuple[str, ...]
    text: str
    held: list[int]
    plays: list[Play] = field(default_factory=list)
    count: int = 0
    ranks: list[int] = field(default_factory=list)
    last: int = -1
    gone: set[int] = field(default_factory=set)
    turn: int = 0
    left: int = field(init=False)
    """Cards still to be laid, over every player."""
    players: int = field(init=False)
    """How many players there are: ``len(names)``."""

    def __post_init__(self) -> None:
        self.left = sum(self.held)
        self.players = len(self.names)

    def passive(self, player: int) -> bool:
        """True when the player plays no more in this count: said go, or holds no card."""
        return player in self.gone or self.held[player] == 0

    def over(self) -> bool:
        """True when every card has been laid."""
        return not self.left

    def settle(self) -> None:
        """Pass the turn over players who play no more, and end a count nobody can add to."""
        if not self.left:
            return
        players = self.players
        for step in range(players):
            player = (self.turn + step) % players
            if self.held[player] and player not in self.gone:
                self.turn = player
                return
        self._close_with_go()
        while not self.held[self.turn]:
            self.turn = (self.turn + 1) % players

    def lay(self, card: Card, token: Token) -> None:
        """The player whose turn it is lays ``card``; the caller has checked that it fits."""
        player = self.turn
        count = self.count = self.count + card.value
        ranks = self.ranks
        ranks.append(card.rank)
        self.held[player] -= 1
        self.left -= 1
        self.last = player
        items = score_card_cached(tuple(ranks), count)
        self.plays.append(_new_play((self.names[player], card, count, items, token)))
        if count == MAX_COUNT:
            # 31 ends the count by itself; the next player leads.
            self._reset(next_to=player)
        else:
            player = self.turn = (player + 1) % self.players
            if self.held[player] and player not in self.gone:
                return  # the next player plays on: nothing to settle
        self.settle()

    def say_go(self, token: Token | None) -> None:
        """The player whose turn it is cannot play: they play no more in this count."""
        player = self.turn
        # Up to 21 every card fits, so a player holding any card can play.
        if self.count <= EVERY_CARD_FITS:
            reason = Message(
                "go at count {count}: any card fits, so {player} can play",
                count=self.count,
                player=Message(self.names[player]),
            )
            raise self.error(reason, token)
        self.gone.add(player)
        self.plays.append(_new_play((self.names[player], None, self.count, (), token)))
        self.settle()

    def say_gos(self, hands: Sequence[Collection[Card]]) -> None:
        """Each player to play who holds cards (``hands``, by player) of which none fits says
        go, written or not."""
        while self.left:
            count = self.count
            if count <= EVERY_CARD_FITS:
                return  # the player to play holds a card, and it fits
            if any(rules.fits_count(count, card.value) for card in hands[self.turn]):
                return
            self.say_go(None)

    def written_go(self, token: Token) -> bool:
        """Take a written ``go`` as the go point just pegged, as ``peg`` writes it; False if
        the play holds no such point to take it (then it is a go of the player to play)."""
        previous = self.plays[-1] if self.plays else None
        if previous is None or previous.token is not None or previous.items != _GO_ITEMS:
            return False
        # The count ended with a go that nobody wrote: this is the word for that point.
        self.plays[-1] = _new_play((previous.player, None, previous.count, _GO_ITEMS, token))
        return True

    def _close_with_go(self) -> None:
        # The go point goes to the last player to lay a card; it goes on that player's go.
        name = self.names[self.last]
        previous = self.plays[-1]
        if previous.card is None and previous.player == name and not previous.items:
            self.plays[-1] = _new_play((name, None, previous.count, _GO_ITEMS, previous.token))
        else:
            self.plays.append(_new_play((name, None, self.count, _GO_ITEMS, None)))
        self._reset(next_to=self.last)

    def _reset(self, *, next_to: int) -> None:
        self.count = 0
        self.ranks.clear()
        self.gone.clear()
        self.turn = (next_to + 1) % self.players

    def finish(
        self, partnerships: tuple[tuple[str, ...], ...] = (), *, unfinished: bool = False
    ) -> Pegging:
        """End the play: the last card pegs 1, unless it made 31 or a go already ended its count.

        ``partnerships`` are those of the Pegging, by the players' names;
        ``unfinished``: the play is still going on, and no card is the last yet.
        """
        if unfinished:
            return Pegging(self.names, tuple(self.plays), partnerships, unfinished=True)
        if self.ranks:
            # The last card laid: after it come only gos, if anything.
            at = len(self.plays) - 1
            while self.plays[at].card is None:
                at -= 1
            play = self.plays[at]
            items = (*play.items, rules.LAST_CARD_ITEM)
            self.plays[at] = _new_play((play.player, play.card, play.count, items, play.token))
        return Pegging(self.names, tuple(self.plays), partnerships)

    def error(self, reason: Message, token: Token | None) -> PlayError:
        """A PlayError in the play, placed at ``token`` (None: the end of the input)."""
        return PlayError.at(reason, self.text, token)


def play_out(
    laid: Sequence[Card], kept: Sequence[Sequence[Card]], names: tuple[str, ...]
) -> tuple[Play, ...] | None:
    """The turns of a whole play laying ``laid`` in order from the hands ``kept`` (each
    player's four cards, in turn order, named ``names``), the gos inferred as ``peg`` infers
    them with the hands: the turns a ``PlayState`` gives (a test checks), worked out on plain
    numbers for the many deals of a game record. None unless each card is the player's to
    play and fits the count; ``laid`` holds the cards of the hands, each once.

    >>> from cribcount.cards import parse_cards
    >>> def cards(text): return [card for card, _ in parse_cards(text)]
    >>> hands = [cards("5h 5d 5c Js"), cards("7h 7s 8d 8c")]
    >>> turns = play_out(cards("5h 7h 5d 7s 5c 8d Js 8c"), hands, ("Ben", "Ann"))
    >>> [(play.player, str(play.card or "go"), play.count, play.points) for play in turns][4:]
    [('Ben', '5c', 29, 0), ('Ann', 'go', 29, 0), ('Ben', 'go', 29, 1), ('Ann', '8d', 8, 0), \
('Ben', 'Js', 18, 0), ('Ann', '8c', 26, 1)]
    """
    players = len(names)
    owner = {card.index: player for player, four in enumerate(kept) for card in four}
    values = [[card.value for card in four] for four in kept]  # what each player still holds
    plays: list[Play] = []
    # The names the loop uses, looked up once: a game record replays many plays.
    append, fits, new_play, scored = plays.append, rules.fits_count, _new_play, score_card_cached
    count = 0
    ranks: list[int] = []
    gone = 0  # a bit for each player who said go in this count
    turn = last = 0
    left = len(laid)
    for card in laid:
        # A player holding no card that fits says go (up to 21 every card fits).
        while count > EVERY_CARD_FITS and not fits(count, min(values[turn])):
            gone |= 1 << turn
            append(new_play((names[turn], None, count, (), None)))
            turn = _still_in(turn, values, gone)
            if turn < 0:
                count, gone, ranks, turn = _go_point(plays, names, last, values)
        value = card.value
        if owner.get(card.index) != turn or not fits(count, value):
            return None
        count += value
        ranks.append(card.rank)
        values[turn].remove(value)
        last = turn
        append(new_play((names[turn], card, count, scored(tuple(ranks), count), None)))
        left -= 1
        if count == MAX_COUNT:
            # 31 ends the count by itself; the next player holding cards leads.
            count, gone = 0, 0
            ranks = []
            turn = _still_in(turn + 1, values, 0)
            continue
        if not left:
            break
        turn = turn + 1 if turn + 1 < players else 0
        if values[turn] and not gone >> turn & 1:
            continue  # the next player plays on
        turn = _still_in(turn, values, gone)
        if turn < 0:
            # Nobody else can play on, and the last to lay holds no more: the go point.
            count, gone, ranks, turn = _go_point(plays, names, last, values)
    if ranks:
        # The last card laid, unless it made 31: after it comes nothing.
        play = plays[-1]
        plays[-1] = _new_play((*play[:3], (*play.items, rules.LAST_CARD_ITEM), None))
    return tuple(plays)


def _still_in(start: int, values: Sequence[list[int]] | Sequence[int], gone: int) -> int:
    """The first player from ``start`` on (round the table) who holds cards (``values``: the
    values of each one's cards, or how many) and has not said go (a bit of ``gone``); -1 if
    none."""
    players = len(values)
    for step in range(players):
        player = (start + step) % players
        if values[player] and not gone >> player & 1:
            return player
    return -1


def _go_point(
    plays: list[Play], names: tuple[str, ...], last: int, values: list[list[int]]
) -> tuple[int, int, list[int], int]:
    """Nobody can play on: the go point to ``last``, the last to lay a card (on that player's
    own go if just said), and a new count. The count, the gos and ranks of the new count, and
    the player who leads it: the next after ``last`` who holds cards."""
    name = names[last]
    count = plays[-1].count
    previous = plays[-1]
    if previous.card is None and previous.player == name and not previous.items:
        plays[-1] = _new_play((name, None, count, _GO_ITEMS, None))
    else:
        plays.append(_new_play((name, None, count, _GO_ITEMS, None)))
    return 0, 0, [], _still_in(last + 1, values, 0)
