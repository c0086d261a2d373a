"""A deal of a game record: what the record says of it, and the checks of the deal as a whole.

The statements of a deal are read one by one into a ``DealDraft``
(``cribcount.game.reader``); once the deal is read, ``record_deal`` makes it a
``DealRecord``: every hand there, a starter, the deck's card to the crib with
three players, and the play checked against the hands by ``play.peg``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cribcount.cards import ENGLISH, Card, Notation
from cribcount.errors import CribcountError, GameError
from cribcount.messages import N_, Message
from cribcount.play import Pegging, peg_seated
from cribcount.seats import crib_from_deck, partnerships

__all__ = [
    "Claim",
    "DealDraft",
    "DealRecord",
    "GameRecord",
    "HandRecord",
    "Peg",
    "record_deal",
]


@dataclass(frozen=True)
class Claim:
    """A number the record gives, a claimed show or points pegged, and its line."""

    points: int
    line: int


@dataclass(frozen=True)
class Peg:
    """Points pegged in the play of a deal written as a score sheet."""

    player: str
    points: int
    line: int


@dataclass(frozen=True)
class HandRecord:
    """A player's cards in a deal: the four kept and those laid away to the crib."""

    player: str
    kept: tuple[Card, ...]
    laid: tuple[Card, ...]
    line: int


@dataclass(frozen=True)
class DealRecord:
    """One deal as the record gives it, checked; ``hands`` is empty for a score sheet.

    ``seats`` holds the players in seat order: seat 1 (the dealer's left) first,
    the dealer last. ``pegging`` is the play checked against the hands, when
    the record gives it.
    """

    number: int
    line: int
    dealer: str
    seats: tuple[str, ...]
    hands: tuple[HandRecord, ...] = ()
    extra: Card | None = None
    starter: Card | None = None
    pegging: Pegging | None = None
    play_line: int = 0
    pegs: tuple[Peg, ...] = ()
    shows: dict[str, Claim] = field(default_factory=dict)
    crib: Claim | None = None
    starter_line: int = 0

    @property
    def crib_cards(self) -> tuple[Card, ...]:
        """The crib: the cards laid away in seat order, then the deck's card if any."""
        laid = tuple(card for hand in self.hands for card in hand.laid)
        return laid if self.extra is None else (*laid, self.extra)


@dataclass(frozen=True)
class GameRecord:
    """A whole record: the game (121 or 61), the players clockwise, options and the deals."""

    target: int
    players: tuple[str, ...]
    partners: bool
    muggins: bool
    deals: tuple[DealRecord, ...]


@dataclass
class DealDraft:
    """A deal as its statements are read, each checked alone; ``bad`` once one was wrong.

    ``cards`` says where each card of the deal was first written (line, column);
    the extra card, the starter and the play keep their line.
    """

    number: int
    line: int
    dealer: str
    seats: tuple[str, ...]
    hands: dict[str, HandRecord] = field(default_factory=dict)
    cards: dict[Card, tuple[int, int]] = field(default_factory=dict)
    extra: tuple[Card, int] | None = None
    starter: tuple[Card, int] | None = None
    play: tuple[str, int] | None = None
    pegs: list[Peg] = field(default_factory=list)
    shows: dict[str, Claim] = field(default_factory=dict)
    crib: Claim | None = None
    bad: bool = False


def _at_deal(draft: DealDraft, reason: Message) -> GameError:
    said = Message("deal {number}: {reason}", number=draft.number, reason=reason)
    return GameError(said, text="deal", token="deal", column=1, line=draft.line)


def _at_statement(line: int, keyword: str, reason: Message) -> GameError:
    return GameError(reason, text=keyword, token=keyword, column=1, line=line)


def record_deal(
    draft: DealDraft, *, partners: bool = False, notation: Notation = ENGLISH
) -> DealRecord:
    """The deal as a whole: a score sheet, or every hand with a starter and the play checked.

    ``partners`` plays six players as three partnerships; the play is written in
    ``notation``. Raises GameError
    at the statement to blame (the deal's own line for what is missing).
    """
    hands = tuple(draft.hands[name] for name in draft.seats if name in draft.hands)
    deal = DealRecord(
        draft.number,
        draft.line,
        draft.dealer,
        draft.seats,
        hands,
        draft.extra[0] if draft.extra else None,
        draft.starter[0] if draft.starter else None,
        pegs=tuple(draft.pegs),
        shows=draft.shows,
        crib=draft.crib,
        starter_line=draft.starter[1] if draft.starter else 0,
    )
    if not hands:
        without = (
            (
                "starter",
                draft.starter,
                N_("starter in a deal without hands: give every hand, or only the points"),
            ),
            (
                "extra",
                draft.extra,
                N_("extra in a deal without hands: give every hand, or only the points"),
            ),
        )
        for what, given, template in without:
            if given is not None:
                raise _at_statement(given[1], what, Message(template))
        if draft.play is not None:
            reason = Message("play in a deal without hands: give every hand, or peg the points")
            raise _at_statement(draft.play[1], "play", reason)
        return deal
    missing = [name for name in draft.seats if name not in draft.hands]
    if missing:
        raise _at_deal(draft, Message("no hand for {names}", names=", ".join(missing)))
    if draft.starter is None:
        raise _at_deal(draft, Message("no starter"))
    if draft.extra is None and crib_from_deck(len(draft.seats)):
        raise _at_deal(draft, Message("no extra card for the crib"))
    if draft.play is None:
        return deal
    text, number = draft.play
    if draft.pegs:
        reason = Message("peg with a play line: the play says what was pegged")
        raise _at_statement(draft.pegs[0].line, "peg", reason)
    pegging = _peg_play(deal, text, number, partners, notation)
    return replace(deal, pegging=pegging, play_line=number)


def _peg_play(
    deal: DealRecord, text: str, number: int, partners: bool, notation: Notation
) -> Pegging:
    """The play checked against the hands, at a table of the deal's players: errors name them."""
    seats = deal.seats
    teams = partnerships(len(seats), partners=partners and len(seats) != 4)
    try:
        return peg_seated(
            text,
            (seats, tuple(tuple(seats[seat - 1] for seat in team) for team in teams)),
            hands=tuple(frozenset(h.kept) for h in deal.hands),
            notation=notation,
        )
    except CribcountError as error:
        raise GameError(
            error.said, text=text, token=error.token, column=error.column, line=number
        ) from None
