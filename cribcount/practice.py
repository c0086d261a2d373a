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

import enum
import functools
import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import KW_ONLY, dataclass, field, replace
from datetime import UTC, datetime
from time import monotonic

from cribcount.cards import DECK, Card, Hand, Token
from cribcount.messages import N_
from cribcount.play import PegItem, PegKind, PlayState, cards_laid, peg
from cribcount.rules import fits_count, settle_claim
from cribcount.seats import HAND_SIZE, seat_names
from cribcount.show import Count, Kind, count_show

# The play's turn order, 31 and go have one definition: the table that ``peg`` itself
# keeps. The drill plays random legal cards on it rather than restating those rules.

__all__ = [
    "HARD_TOTAL",
    "Answer",
    "AnswerKind",
    "answer_misses",
    "Deal",
    "Drill",
    "PegDeal",
    "Practice",
    "PracticeRecord",
    "ShowDeal",
    "deals",
    "is_hard",
    "last_card_items",
    "new_seed",
    "read_answer",
    "show_kinds",
    "random_play",
]


class Drill(enum.Enum):
    """What is practised: hands, cribs, both at random, or the pegging of a play."""

    HAND = "hand"
    CRIB = "crib"
    MIX = "mix"
    PLAY = "play"


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
        names = {
            PegKind.FIFTEEN: N_("play: fifteen"),
            PegKind.THIRTY_ONE: N_("play: 31"),
            PegKind.PAIR: N_("play: pair"),
            PegKind.RUN: N_("play: run"),
            PegKind.LAST_CARD: N_("play: last card"),
        }
        found = [names[item.kind] for item in self.items if item.kind in names]
        return tuple(found) or (N_("play: nothing"),)


Deal = ShowDeal | PegDeal


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


def new_seed() -> int:
    """A random seed small enough to type back (0 to 999,999)."""
    return secrets.randbelow(_SEED_LIMIT)


# --- answers ----------------------------------------------------------------------------------


class AnswerKind(enum.Enum):
    """What a line typed in answer means."""

    COUNT = "count"
    SHOW = "show"
    QUIT = "quit"
    UNCLEAR = "unclear"


@dataclass(frozen=True)
class Answer:
    """A line read as an answer: a count (``value``), ``?``, ``q`` or not understood."""

    kind: AnswerKind
    value: int | None = None


_MAX_ANSWER_DIGITS = 3


def read_answer(line: str | None) -> Answer:
    """Read one line: a whole number, ``?`` (show the count), ``q`` or None (end of input): stop.

    >>> read_answer(" 24 ")
    Answer(kind=<AnswerKind.COUNT: 'count'>, value=24)
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
    deal: Deal
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
    records: list[PracticeRecord] = field(default_factory=list, init=False)
    _deals: Iterator[Deal] = field(init=False, repr=False)
    _current: Deal | None = field(default=None, init=False, repr=False)
    _started: float = field(default=0.0, init=False, repr=False)

    def __post_init__(self) -> None:
        self._deals = deals(self.seed, drill=self.drill, hard=self.hard)

    def deal(self) -> Deal | None:
        """The next deal, and its clock starts; None once ``rounds`` deals were answered."""
        if self.rounds is not None and len(self.records) >= self.rounds:
            return None
        if self._current is None:
            self._current = next(self._deals)
        self._started = self.clock()
        return self._current

    def answer(self, answer: int | None) -> PracticeRecord:
        """Answer the current deal with a count, or None for ``?`` (a pass: nobody scores)."""
        deal = self._current
        if deal is None:
            raise ValueError("no deal to answer: call deal() first")
        seconds = self.clock() - self._started
        record = PracticeRecord(self.now(), self.seed, deal, answer, seconds)
        if self.muggins:
            # Points missed go to the table; an over-claim is only taken back.
            record = replace(record, muggins=record.missed)
        self.records.append(record)
        self._current = None
        return record

    @property
    def match(self) -> tuple[int, int] | None:
        """The match under muggins, (you, the table); None without muggins."""
        if not self.muggins:
            return None
        return (
            sum(record.scored for record in self.records),
            sum(record.muggins or 0 for record in self.records),
        )
