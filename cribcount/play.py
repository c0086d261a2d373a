"""Pegging: the count to 31, card by card, with go and last card.

Cards are given in the order they were laid, pone first, with the word ``go``
where a player could not play:

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
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cribcount import rules
from cribcount.cards import (
    ENGLISH,
    Card,
    Notation,
    check_distinct,
    format_cards,
    parse_card,
    parse_cards,
    tokenize,
)
from cribcount.errors import CribcountError, PlayError, Token

__all__ = [
    "PlayError",
    "PegItem",
    "PegKind",
    "Pegging",
    "Play",
    "peg",
    "player_names",
    "score_card",
]

MAX_COUNT = 31
CARDS_EACH = 4
"""Cards each player lays in the play: six dealt, the rest to the crib."""

_HIGHEST_VALUE = rules.counting_value(13)  # a ten or a face card


class PegKind(enum.Enum):
    """What a play scores for, in the order they are said."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    GO = "go"
    LAST_CARD = "last-card"


@dataclass(frozen=True)
class PegItem:
    """One thing a play scores: its kind and points (a pair royal is one item of 6)."""

    kind: PegKind
    points: int


@dataclass(frozen=True)
class Play:
    """One turn: a card laid (``card``) or a go (``card`` is None), the count after it, its items.

    ``token`` is where the turn stands in the input; None for a go that was
    inferred rather than written.
    """

    player: str
    card: Card | None
    count: int
    items: tuple[PegItem, ...]
    token: Token | None

    @property
    def points(self) -> int:
        """The points this turn pegs: the sum of its items."""
        return sum(item.points for item in self.items)


@dataclass(frozen=True)
class Pegging:
    """The whole play: the players in turn order (the dealer last) and every turn."""

    players: tuple[str, ...]
    plays: tuple[Play, ...]

    @property
    def totals(self) -> dict[str, int]:
        """Points pegged by each player, in turn order."""
        totals = dict.fromkeys(self.players, 0)
        for play in self.plays:
            totals[play.player] += play.points
        return totals


def player_names(players: int) -> tuple[str, ...]:
    """The players in turn order: the one after the dealer leads and the dealer plays last."""
    if players == 2:
        return ("pone", "dealer")
    if players == 3:
        return ("first", "second", "dealer")
    raise ValueError(f"two or three players, not {players}")


def score_card(ranks: Sequence[int], count: int) -> tuple[PegItem, ...]:
    """What the last card laid scores: ``ranks`` are the current count's ranks, that card last.

    ``count`` is the running count after it. Pairs and runs look only at the
    unbroken tail of the current count.

    >>> [(item.kind.value, item.points) for item in score_card([3, 5, 4], 12)]
    [('run', 3)]
    >>> [(item.kind.value, item.points) for item in score_card([5, 10, 5, 5], 25)]
    [('pair', 2)]
    """
    items: list[PegItem] = []
    if count == rules.FIFTEEN:
        items.append(PegItem(PegKind.FIFTEEN, rules.FIFTEEN_POINTS))
    if count == MAX_COUNT:
        items.append(PegItem(PegKind.THIRTY_ONE, 2))
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    if same >= 2:
        items.append(PegItem(PegKind.PAIR, rules.pair_points(same)))
    # The longest tail of n >= 3 distinct consecutive ranks: 3 5 4 2 is a run of four,
    # and a shorter tail can be a run where a longer one is not.
    for n in range(len(ranks), 2, -1):
        tail = ranks[-n:]
        if len(set(tail)) == n and max(tail) - min(tail) == n - 1:
            items.append(PegItem(PegKind.RUN, n))
            break
    return tuple(items)


@dataclass
class _Table:
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

    def passive(self, player: int) -> bool:
        """True when the player plays no more in this count: said go, or holds no card."""
        return player in self.gone or self.held[player] == 0

    def over(self) -> bool:
        """True when every card has been laid."""
        return not any(self.held)

    def settle(self) -> None:
        """Pass the turn over players who play no more, and end a count nobody can add to."""
        if self.over():
            return
        if all(self.passive(p) for p in range(len(self.names))):
            self._close_with_go()
        while self.passive(self.turn):
            self.turn = (self.turn + 1) % len(self.names)

    def lay(self, card: Card, token: Token) -> None:
        """The player whose turn it is lays ``card``; the caller has checked that it fits."""
        player = self.turn
        self.count += card.value
        self.ranks.append(card.rank)
        self.held[player] -= 1
        self.last = player
        items = score_card(self.ranks, self.count)
        self.plays.append(Play(self.names[player], card, self.count, items, token))
        if self.count == MAX_COUNT:
            # 31 ends the count by itself; the next player leads.
            self._reset(next_to=player)
        else:
            self.turn = (player + 1) % len(self.names)
        self.settle()

    def say_go(self, token: Token | None) -> None:
        """The player whose turn it is cannot play: they play no more in this count."""
        player = self.turn
        # Up to 21 every card fits, so a player holding any card can play.
        if self.count + _HIGHEST_VALUE <= MAX_COUNT:
            reason = f"go at count {self.count}: any card fits, so {self.names[player]} can play"
            raise self.error(reason, token)
        self.gone.add(player)
        self.plays.append(Play(self.names[player], None, self.count, (), token))
        self.settle()

    def _close_with_go(self) -> None:
        # The go point goes to the last player to lay a card; it goes on that player's go.
        go = PegItem(PegKind.GO, 1)
        name = self.names[self.last]
        previous = self.plays[-1]
        if previous.card is None and previous.player == name and not previous.items:
            self.plays[-1] = replace(previous, items=(go,))
        else:
            self.plays.append(Play(name, None, self.count, (go,), None))
        self._reset(next_to=self.last)

    def _reset(self, *, next_to: int) -> None:
        self.count = 0
        self.ranks = []
        self.gone = set()
        self.turn = (next_to + 1) % len(self.names)

    def finish(self) -> Pegging:
        """End the play: the last card pegs 1, unless it made 31 or a go already ended its count."""
        if self.ranks:
            at = max(i for i, play in enumerate(self.plays) if play.card is not None)
            play = self.plays[at]
            self.plays[at] = replace(play, items=(*play.items, PegItem(PegKind.LAST_CARD, 1)))
        return Pegging(self.names, tuple(self.plays))

    def error(self, reason: str, token: Token | None) -> PlayError:
        """A PlayError in the play, placed at ``token`` (None: the end of the input)."""
        return PlayError.at(reason, self.text, token)


def _is_go(token: Token) -> bool:
    return token.text.lower() == "go"


def _read_play(text: str, players: int, notation: Notation) -> list[tuple[Card | None, Token]]:
    """The moves of a play sequence: a card, or None for a go, each with its token."""
    moves: list[tuple[Card | None, Token]] = []
    for token in tokenize(text):
        if _is_go(token):
            card = None
        else:
            card = parse_card(token.text, text=text, column=token.column, notation=notation)
        moves.append((card, token))
    cards = [(card, token) for card, token in moves if card is not None]
    if not cards:
        raise PlayError("no cards: expected the cards in the order they were laid", text=text)
    check_distinct(cards, text=text)
    most = CARDS_EACH * players
    if len(cards) > most:
        card, token = cards[most]
        reason = f"more than {most} cards: {card} would be card {most + 1}"
        raise PlayError.at(f"{reason} and each player lays {CARDS_EACH}", text, token)
    return moves


def peg(
    text: str,
    *,
    pone: str | None = None,
    dealer: str | None = None,
    players: int = 2,
    notation: Notation = ENGLISH,
) -> Pegging:
    """Score a play: cards in the order laid, pone first, and ``go`` where a player could not play.

    Without hands, turns alternate; after a go the other players keep playing,
    and a card that would pass 31 then starts a new count, laid by the player
    after the last one to play. With ``pone`` and ``dealer`` (four cards each),
    every card is checked against them and gos may be left out. ``players``
    is 2 or 3 (hands are checked with two only); ``notation`` reads the cards.

    Raises NotationError for bad notation and PlayError for a play that cannot
    have happened, each naming the token and its column.
    """
    names = player_names(players)
    moves = _read_play(text, players, notation)
    if (pone is None) != (dealer is None):
        raise PlayError("give both hands, pone's and the dealer's, or neither", text=text)
    if pone is not None and dealer is not None:
        if players != 2:
            raise PlayError("hands can be checked with two players only", text=text)
        return _peg_with_hands(text, moves, _read_hands(pone, dealer, notation), names)
    return _peg_without_hands(text, moves, names)


def _peg_without_hands(
    text: str, moves: Sequence[tuple[Card | None, Token]], names: tuple[str, ...]
) -> Pegging:
    table = _Table(names, text, [CARDS_EACH] * len(names))
    for card, token in moves:
        if table.over():
            raise table.error("go after every card was laid", token)
        if card is None:
            table.say_go(token)
            continue
        if table.count + card.value > MAX_COUNT:
            still_in = [
                names[p] for p in range(len(names)) if p != table.turn and not table.passive(p)
            ]
            if still_in:
                said = (
                    "no go was said"
                    if not table.gone
                    else f"{' and '.join(still_in)} did not say go"
                )
                raise table.error(
                    f"{card} would take the count from {table.count}"
                    f" to {table.count + card.value}, and {said} before it"
                    " (without the hands, the go cannot be guessed)",
                    token,
                )
            # The player to play could not either: that go ends the count and this card leads.
            table.say_go(None)
        table.lay(card, token)
    return table.finish()


def _read_hands(
    pone: str, dealer: str, notation: Notation
) -> tuple[frozenset[Card], frozenset[Card]]:
    """Pone's and the dealer's four cards; no card may be in both."""
    pone_cards = {card for card, _ in _read_hand("pone", pone, notation)}
    dealer_cards = _read_hand("dealer", dealer, notation)
    for card, token in dealer_cards:
        if card in pone_cards:
            raise PlayError.at(f"dealer's hand: {card} is in pone's hand too", dealer, token)
    return frozenset(pone_cards), frozenset(card for card, _ in dealer_cards)


def _read_hand(whose: str, text: str, notation: Notation) -> list[tuple[Card, Token]]:
    """The four cards of one hand with their tokens; ``whose`` names the hand in errors."""
    try:
        cards = parse_cards(text, what="a hand", notation=notation)
    except CribcountError as error:
        where = Token(error.token, error.column)
        raise PlayError.at(f"{whose}'s hand: {error.reason}", text, where) from None
    if len(cards) != CARDS_EACH:
        extra = cards[CARDS_EACH][1] if len(cards) > CARDS_EACH else None
        reason = f"{whose}'s hand needs {CARDS_EACH} cards, got {len(cards)}"
        raise PlayError.at(reason, text, extra)
    return cards


def _peg_with_hands(
    text: str,
    moves: Sequence[tuple[Card | None, Token]],
    hands: tuple[frozenset[Card], ...],
    names: tuple[str, ...],
) -> Pegging:
    held = [set(hand) for hand in hands]
    table = _Table(names, text, [len(hand) for hand in held])

    def playable(player: int) -> list[Card]:
        return sorted(card for card in held[player] if table.count + card.value <= MAX_COUNT)

    def infer_gos() -> None:
        # A player holding cards of which none fits says go, written or not.
        while not table.over() and not playable(table.turn):
            table.say_go(None)

    for card, token in moves:
        if card is not None and not any(card in hand for hand in hands):
            raise table.error(f"{card} is in neither hand", token)
        if table.over():
            raise table.error("go after every card was laid", token)
        player = table.turn
        name = names[player]
        if card is None:
            can = playable(player)
            if can:
                raise table.error(
                    f"go from {name}, who can play {format_cards(can)} at count {table.count}",
                    token,
                )
            table.say_go(token)
            continue
        infer_gos()
        player = table.turn
        name = names[player]
        if card not in held[player]:
            owner = next(names[p] for p in range(len(names)) if card in held[p])
            raise table.error(
                f"{card} is {owner}'s, but it is {name}'s turn"
                f" and {name} can play {format_cards(playable(player))}",
                token,
            )
        if table.count + card.value > MAX_COUNT:
            raise table.error(
                f"{card} would take the count from {table.count}"
                f" to {table.count + card.value}; {name} can play {format_cards(playable(player))}",
                token,
            )
        held[player].discard(card)
        table.lay(card, token)
    infer_gos()
    if not table.over():
        left = sorted(card for hand in held for card in hand)
        raise table.error(
            f"the play stops with {format_cards(left)} still in hand:"
            " every card of the hands is laid once",
            None,
        )
    return table.finish()
