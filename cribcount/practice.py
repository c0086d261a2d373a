"""Counting practice: seeded deals, answers checked against the count, and muggins.

The library side of ``cribcount practice``: it deals, checks and keeps the
score, and never reads, prints or times anything it was not handed (the clock
and the wall time are parameters).

>>> session = Practice(7, clock=iter([0.0, 2.5]).__next__)
>>> deal = session.deal()
>>> record = session.answer(deal.points)
>>> (record.right, record.seconds)
(True, 2.5)
"""

from __future__ import annotations

import contextlib
import enum
import functools
import random
import secrets
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import KW_ONLY, dataclass, field, replace
from datetime import UTC, datetime
from time import monotonic
from typing import TYPE_CHECKING

from cribcount.cards import DECK, Card, Hand, Notation, Token
from cribcount.messages import N_
from cribcount.play import PegItem, PegKind, PlayState, cards_laid, peg
from cribcount.rules import (
    fits_count,
    settle_claim,
)
from cribcount.seats import HAND_SIZE, seat_names
from cribcount.show import Count, Kind, count_show

if TYPE_CHECKING:
    from cribcount.pegging_engine import PlayAdvice

# The play's turn order, 31 and go have one definition: the table that ``peg`` itself
# keeps. The drill plays random legal cards on it rather than restating those rules.

__all__ = [
    "HARD_TOTAL",
    "Answer",
    "CardDeal",
    "CardRecord",
    "CountDeal",
    "AnswerKind",
    "answer_misses",
    "Deal",
    "Drill",
    "PegDeal",
    "Practice",
    "PracticeRecord",
    "ShowDeal",
    "card_turns",
    "deals",
    "judge_card",
    "is_hard",
    "last_card_items",
    "new_seed",
    "read_answer",
    "read_card_answer",
    "show_kinds",
    "play_kinds",
    "random_play",
]


class Drill(enum.Enum):
    """What is practised: hands, cribs, both at random, what the last card of a play pegs
    (``PLAY``, the drill of ``--last-card``), or the best card at each turn of a play
    (``CARD``, the drill of ``--play``)."""

    HAND = "hand"
    CRIB = "crib"
    MIX = "mix"
    PLAY = "play"
    CARD = "card"


HARD_TOTAL = 12
"""``--hard`` deals score at least this much, unless they hold a double run, a flush or nobs."""

_SEED_LIMIT = 1_000_000  # a seed a player can type back
_MANY_FIFTEENS = 5


# --- deals ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowDeal:
    """A hand or a crib to count: four cards and the starter."""

    round: int
    hand: Hand
    crib: bool

    @functools.cached_property
    def count(self) -> Count:
        """The true count, item by item (worked out once)."""
        return count_show(self.hand, crib=self.crib)

    @functools.cached_property
    def points(self) -> int:
        """The true count's total."""
        return self.count.total

    @functools.cached_property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of hand this is, for the misses by kind (see ``show_kinds``)."""
        return show_kinds(self.count)


@dataclass(frozen=True)
class PegDeal:
    """A play in progress: the moves so far, seat 1 first (None for a go), ending with a card.

    ``players`` is the table's size, 2 to 6 (with two, seat 1 is pone).
    """

    round: int
    moves: tuple[Card | None, ...]
    players: int = 2

    @property
    def text(self) -> str:
        """The moves in the notation of ``cribcount peg``: ``Kc 9d Th go 2s``."""
        return " ".join("go" if card is None else str(card) for card in self.moves)

    @property
    def card(self) -> Card:
        """The last card laid: the one whose points are asked."""
        last = self.moves[-1]
        assert last is not None, "a play in progress ends with a card"
        return last

    @property
    def running(self) -> int:
        """The count after the last card (31 when it made 31)."""
        plays = peg(self.text, players=self.players).plays
        return next(play.count for play in reversed(plays) if play.card is not None)

    @functools.cached_property
    def items(self) -> tuple[PegItem, ...]:
        """What the last card pegs (worked out once)."""
        return last_card_items(self.text, players=self.players)

    @property
    def points(self) -> int:
        """What the last card pegs, in points."""
        return sum(item.points for item in self.items)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of play this is, for the misses by kind."""
        return play_kinds(self.items)


_PLAY_KINDS = {
    PegKind.FIFTEEN: N_("play: fifteen"),
    PegKind.THIRTY_ONE: N_("play: 31"),
    PegKind.PAIR: N_("play: pair"),
    PegKind.RUN: N_("play: run"),
    PegKind.LAST_CARD: N_("play: last card"),
}
"""The kind of play each item of the last card makes, for the misses by kind (a go is none)."""


def play_kinds(items: Sequence[PegItem]) -> tuple[str, ...]:
    """The kinds of a play whose last card pegs ``items``, for the misses by kind."""
    found = [_PLAY_KINDS[item.kind] for item in items if item.kind in _PLAY_KINDS]
    return tuple(found) or (N_("play: nothing"),)


@dataclass(frozen=True)
class CardDeal:
    """A turn of a two-player play where the player has a choice of card: their seat, the four
    cards they kept, the two they laid away, the starter and the moves so far (None for a go).
    """

    round: int
    seat: str
    hand: tuple[Card, ...]
    away: tuple[Card, ...]
    starter: Card
    moves: tuple[Card | None, ...]

    @property
    def text(self) -> str:
        """The moves in the notation of ``cribcount peg``, gos written."""
        return " ".join("go" if card is None else str(card) for card in self.moves)

    @property
    def held(self) -> tuple[Card, ...]:
        """The player's cards not laid yet."""
        return tuple(card for card in self.hand if card not in self.moves)

    @functools.cached_property
    def count(self) -> int:
        """The running count before the card asked for."""
        from cribcount.play import replay, seating

        return replay(self.text, seating(2)).count

    @property
    def fitting(self) -> tuple[Card, ...]:
        """The cards the player may lay."""
        return tuple(card for card in self.held if fits_count(self.count, card.value))

    @functools.cached_property
    def advice(self) -> PlayAdvice:
        """The pegging engine's ranking of the cards, seeded by the round and the turn."""
        from cribcount.pegging_engine import advise_play

        return advise_play(
            " ".join(map(str, self.hand)),
            str(self.starter),
            seat=self.seat,
            play=self.text,
            away=" ".join(map(str, self.away)),
            seed=self.round * 100 + len(self.moves),
        )

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of turn, for the misses by kind: a lead or a reply."""
        return (N_("play: the lead") if self.count == 0 else N_("play: a reply"),)


CountDeal = ShowDeal | PegDeal
"""A deal whose answer is a count: a hand or crib, or what the last card pegs."""
Deal = ShowDeal | PegDeal | CardDeal


DOUBLE_RUN = N_("double run")
FLUSH = N_("flush")
CRIB_FLUSH = N_("crib flush")
NOBS = N_("nobs")
_HARD_KINDS = frozenset((DOUBLE_RUN, FLUSH, CRIB_FLUSH, NOBS))
"""The kinds that make a deal ``--hard`` whatever its total."""


def show_kinds(count: Count) -> tuple[str, ...]:
    """The kinds of a counted hand that players tend to miss, read from its items.

    A hand may be of several kinds: a double run (any run with a repeated
    rank, so two runs or more), five or more fifteens, a pair royal or
    better, a flush (``crib flush`` in a crib), nobs, a nineteen; else ``other``.
    The names are English messages, which the text says in its language.
    """
    kinds = [item.kind for item in count.items]
    found = []
    if kinds.count(Kind.RUN) >= 2:
        found.append(DOUBLE_RUN)
    if kinds.count(Kind.FIFTEEN) >= _MANY_FIFTEENS:
        found.append(N_("five or more fifteens"))
    if any(item.kind is Kind.PAIR and item.points >= 6 for item in count.items):
        found.append(N_("pair royal"))
    if Kind.FLUSH in kinds:
        found.append(CRIB_FLUSH if count.crib else FLUSH)
    if Kind.NOBS in kinds:
        found.append(NOBS)
    if not count.items:
        found.append(N_("nineteen"))
    return tuple(found) or (N_("other"),)


def is_hard(count: Count) -> bool:
    """A ``--hard`` deal: 12 or more, or a double run, a flush or nobs."""
    return count.total >= HARD_TOTAL or not _HARD_KINDS.isdisjoint(show_kinds(count))


def last_card_items(text: str, *, players: int = 2) -> tuple[PegItem, ...]:
    """What the last card of a play in progress pegs (``text`` as for ``peg``, ending on a card).

    The go point is pegged at the go, after the card; the last card point
    only when every card of the play (four a player) has been laid.

    >>> [(item.kind.value, item.points) for item in last_card_items("4c 6d 5h")]
    [('fifteen', 2), ('run', 3)]
    """
    # The play still going on, as peg scores it: no card is the last yet.
    plays = peg(text, players=players, unfinished=True).plays
    if sum(play.card is not None for play in plays) == cards_laid(players):
        plays = peg(text, players=players).plays  # the whole play: its last card is the last
    return next(play.items for play in reversed(plays) if play.card is not None)


def random_play(rng: random.Random, hands: Sequence[Sequence[Card]]) -> list[Card | None]:
    """A whole legal play of ``hands`` (in seat order, 2 to 6), cards chosen at random."""
    held = [sorted(hand) for hand in hands]
    table = PlayState(seat_names(len(held)), "", [len(hand) for hand in held])
    moves: list[Card | None] = []
    while not table.over():
        player = table.turn
        fits = [card for card in held[player] if fits_count(table.count, card.value)]
        if not fits:
            table.say_go(None)
            moves.append(None)
            continue
        card = rng.choice(fits)
        held[player].remove(card)
        table.lay(card, Token(str(card), 0))
        moves.append(card)
    return moves


def deals(
    seed: int, *, drill: Drill = Drill.HAND, hard: bool = False, players: int = 2
) -> Iterator[Deal]:
    """Endless deals from ``random.Random(seed)``: the same seed always deals the same.

    ``players`` (2 to 6) is the table of the pegging drill.
    """
    if hard and drill is Drill.PLAY:
        raise ValueError("hard deals are for the show, not the play")
    rng = random.Random(seed)
    round_number = 0
    while True:
        round_number += 1
        if drill is Drill.PLAY:
            cards = rng.sample(DECK, cards_laid(players))
            hands = [cards[at : at + HAND_SIZE] for at in range(0, len(cards), HAND_SIZE)]
            moves = random_play(rng, hands)
            # Stop after a card chosen at random: the first to the last.
            stop = rng.randrange(len(cards))
            at = [i for i, card in enumerate(moves) if card is not None][stop]
            yield PegDeal(round_number, tuple(moves[: at + 1]), players)
            continue
        while True:
            crib = drill is Drill.CRIB or (drill is Drill.MIX and rng.random() < 0.5)
            cards = rng.sample(DECK, 5)
            deal = ShowDeal(
                round_number, Hand((cards[0], cards[1], cards[2], cards[3]), cards[4]), crib
            )
            if not hard or is_hard(deal.count):
                break
        yield deal


def card_turns(seed: int) -> Generator[CardDeal, Card, None]:
    """Endless turns of the best-card drill from ``random.Random(seed)``, each answered by the
    card the player lays (``send``): the same seed and answers always give the same turns.

    Each play is a new deal: six cards to each seat, kept by the discard with the play
    (``selfplay.choose_discard``), the player pone or dealer at random; the opponent lays
    the pegging engine's cards. A turn with one rank to lay, or none, is played for the player.
    """
    from cribcount.pegging_engine import SEATS
    from cribcount.selfplay import DEALER, PONE, choose_card, choose_discard, deal, play_turns

    rng = random.Random(seed)
    round_number = 0
    while True:
        dealt = deal(rng)
        me = rng.randrange(2)
        six = (dealt.pone, dealt.dealer)
        kept = (
            choose_discard("engine", dealt.pone, dealer=False),
            choose_discard("engine", dealt.dealer, dealer=True),
        )
        away = tuple(card for card in six[me] if card not in kept[me])
        turns = play_turns((kept[PONE], kept[DEALER]), six, dealt.starter)
        with contextlib.suppress(StopIteration):
            turn = next(turns)
            while True:
                fitting = [card for card in turn.held if fits_count(turn.state.count, card.value)]
                if turn.seat == me and len({card.rank for card in fitting}) > 1:
                    round_number += 1
                    asked = CardDeal(
                        round_number, SEATS[me], kept[me], away, dealt.starter, turn.moves
                    )
                    card = yield asked
                else:
                    strategy = "engine" if turn.seat != me else "show"
                    chosen = choose_card(strategy, turn.state, turn.held, turn.unseen, rng=rng)
                    assert chosen is not None  # a turn comes with a card that fits
                    card = chosen
                turn = turns.send(card)


def new_seed() -> int:
    """A random seed small enough to type back (0 to 999,999)."""
    return secrets.randbelow(_SEED_LIMIT)


# --- answers ----------------------------------------------------------------------------------


class AnswerKind(enum.Enum):
    """What a line typed in answer means."""

    COUNT = "count"
    CARD = "card"
    SHOW = "show"
    QUIT = "quit"
    UNCLEAR = "unclear"


@dataclass(frozen=True)
class Answer:
    """A line read as an answer: a count (``value``), ``?``, ``q`` or not understood."""

    kind: AnswerKind
    value: int | None = None
    card: Card | None = None


_MAX_ANSWER_DIGITS = 3


def read_answer(line: str | None) -> Answer:
    """Read one line: a whole number, ``?`` (show the count), ``q`` or None (end of input): stop.

    >>> read_answer(" 24 ")
    Answer(kind=<AnswerKind.COUNT: 'count'>, value=24, card=None)
    >>> [read_answer(line).kind.value for line in ("?", "q", None, "x", "-3")]
    ['show', 'quit', 'quit', 'unclear', 'unclear']
    """
    if line is None:
        return Answer(AnswerKind.QUIT)
    text = line.strip()
    if text.lower() in ("q", "quit"):
        return Answer(AnswerKind.QUIT)
    if text == "?":
        return Answer(AnswerKind.SHOW)
    if text.isascii() and text.isdigit() and len(text) <= _MAX_ANSWER_DIGITS:
        return Answer(AnswerKind.COUNT, int(text))
    return Answer(AnswerKind.UNCLEAR)


def read_card_answer(line: str | None, deal: CardDeal, *, notation: Notation) -> Answer:
    """Read one line in answer to a best-card turn: a card the player may lay, ``?``, ``q``.

    A card not in hand, or that does not fit the count, is not understood.
    """
    answer = read_answer(line)
    if answer.kind in (AnswerKind.SHOW, AnswerKind.QUIT):
        return answer
    from cribcount.cards import parse_card
    from cribcount.errors import CribcountError

    try:
        card = parse_card((line or "").strip(), notation=notation)
    except CribcountError:
        return Answer(AnswerKind.UNCLEAR)
    if card not in deal.fitting:
        return Answer(AnswerKind.UNCLEAR)
    return Answer(AnswerKind.CARD, card=card)


# --- records and the session ------------------------------------------------------------------


def answer_misses(answer: int | None, count: int) -> tuple[int, int]:
    """(Points missed, points over-claimed) of an answer to a count; a ``?`` (None) is neither.

    >>> answer_misses(10, 12), answer_misses(14, 12), answer_misses(None, 12)
    ((2, 0), (0, 2), (0, 0))
    """
    if answer is None:
        return 0, 0
    return settle_claim(answer, count)[1], max(0, answer - count)


@dataclass(frozen=True)
class PracticeRecord:
    """One deal practised: when, the deal, the answer (None for ``?``), seconds, muggins.

    ``muggins`` is what the table took by muggins (None when it was not played).
    """

    time: datetime
    seed: int
    deal: CountDeal
    answer: int | None
    seconds: float
    muggins: int | None = None

    @property
    def count(self) -> int:
        """The true count of the deal."""
        return self.deal.points

    @property
    def right(self) -> bool:
        """True when the answer was the count."""
        return self.answer == self.count

    @property
    def missed(self) -> int:
        """Points under the count in the answer (0 for an over-claim or a ``?``)."""
        return answer_misses(self.answer, self.count)[0]

    @property
    def over(self) -> int:
        """Points over the count in the answer."""
        return answer_misses(self.answer, self.count)[1]

    @property
    def scored(self) -> int:
        """What the player pegs: the claim, an over-claim corrected to the count, 0 for ``?``."""
        return settle_claim(self.answer, self.count)[0] if self.answer is not None else 0


@dataclass(frozen=True)
class CardRecord:
    """One best-card turn answered: when, the turn, the card laid (None for ``?``), the best
    cards by the engine, the expected net points the answer lost against the best, seconds.
    """

    time: datetime
    seed: int
    deal: CardDeal
    answer: Card | None
    best: tuple[Card, ...]
    loss: float
    seconds: float
    muggins: None = None

    @property
    def right(self) -> bool:
        """True when the card laid is one of the best."""
        return self.answer is not None and self.answer in self.best

    @property
    def missed(self) -> int:
        """Points under a count: none, in the play drill (the loss is ``loss``)."""
        return 0

    @property
    def over(self) -> int:
        """Points over a count: none, in the play drill."""
        return 0


def judge_card(deal: CardDeal, answer: Card | None) -> tuple[tuple[Card, ...], float]:
    """The best cards of a turn by the engine and what ``answer`` loses against them in
    expected net points (0 for a best card; a ``?`` loses nothing, it is not an answer)."""
    choices = deal.advice.choices
    top = choices[0].net
    best = tuple(choice.card for choice in choices if choice.net == top and choice.card)
    if answer is None:
        return best, 0.0
    net = next(choice.net for choice in choices if choice.card == answer)
    return best, top - net


def _local_now() -> datetime:
    return datetime.now(UTC).astimezone()


@dataclass
class Practice:
    """A practice session: deals from a seed, answers checked, the match score under muggins.

    ``clock`` gives seconds (``time.monotonic``), ``now`` the wall time for the log.
    """

    seed: int
    _: KW_ONLY
    drill: Drill = Drill.HAND
    hard: bool = False
    muggins: bool = False
    rounds: int | None = None
    clock: Callable[[], float] = monotonic
    now: Callable[[], datetime] = field(default=_local_now)
    answered: int = field(default=0, init=False)
    """Deals answered so far (each record is handed back by ``answer``, not kept: a session
    fed answers without end takes no more memory)."""
    _match: tuple[int, int] = field(default=(0, 0), init=False, repr=False)
    _deals: Iterator[Deal] = field(init=False, repr=False)
    _current: Deal | None = field(default=None, init=False, repr=False)
    _started: float = field(default=0.0, init=False, repr=False)
    _turns: Generator[CardDeal, Card, None] = field(init=False, repr=False)
    _laid: Card | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.drill is Drill.CARD:
            self._turns = card_turns(self.seed)
            self._deals = iter(())
        else:
            self._deals = deals(self.seed, drill=self.drill, hard=self.hard)

    def deal(self) -> Deal | None:
        """The next deal, and its clock starts; None once ``rounds`` deals were answered."""
        if self.rounds is not None and self.answered >= self.rounds:
            return None
        if self._current is None:
            if self.drill is Drill.CARD:
                self._current = (
                    next(self._turns) if self._laid is None else self._turns.send(self._laid)
                )
            else:
                self._current = next(self._deals)
        self._started = self.clock()
        return self._current

    def answer(self, answer: int | None) -> PracticeRecord:
        """Answer the current deal with a count, or None for ``?`` (a pass: nobody scores)."""
        deal = self._current
        if deal is None or isinstance(deal, CardDeal):
            raise ValueError("no deal to count: call deal() first")
        seconds = self.clock() - self._started
        record = PracticeRecord(self.now(), self.seed, deal, answer, seconds)
        if self.muggins:
            # Points missed go to the table; an over-claim is only taken back.
            record = replace(record, muggins=record.missed)
        self.answered += 1
        self._match = (self._match[0] + record.scored, self._match[1] + (record.muggins or 0))
        self._current = None
        return record

    def answer_card(self, answer: Card | None) -> CardRecord:
        """Answer the current best-card turn with a card, or None for ``?`` (the best card is
        then laid); the engine judges it."""
        deal = self._current
        if not isinstance(deal, CardDeal):
            raise ValueError("no turn of the play to answer: call deal() first")
        seconds = self.clock() - self._started
        best, loss = judge_card(deal, answer)
        record = CardRecord(self.now(), self.seed, deal, answer, best, loss, seconds)
        self.answered += 1
        self._laid = answer if answer is not None else best[0]
        self._current = None
        return record

    @property
    def match(self) -> tuple[int, int] | None:
        """The match under muggins, (you, the table); None without muggins."""
        if not self.muggins:
            return None
        return self._match
