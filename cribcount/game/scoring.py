"""A whole game: each deal of a record scored in the order of the rules, claims checked, the end.

In a deal the dealer pegs his heels at the cut, then the play is pegged card
by card, then the shows are counted in seat order and the crib last. The game
ends the moment a side reaches the target; what the record gives after that
is kept apart as not counted.

>>> from cribcount.game.reader import read_record
>>> game = score_game(read_record('''
... game 61
... players Alice Bob
... deal Bob
... peg Alice 33
... show Alice 28
... show Bob 5
... '''))
>>> game.scores, game.winner, game.skunk
({'Alice': 61, 'Bob': 0}, 'Alice', 'skunk')
>>> [(event.player, event.kind.value, event.points) for event in game.deals[0].not_counted]
[('Bob', 'show', 5)]
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from cribcount import rules
from cribcount.cards import Card, Hand
from cribcount.discard import hand_points
from cribcount.game.quick import QuickDeal
from cribcount.game.record import Claim, DealRecord, GameRecord
from cribcount.play import PegItem
from cribcount.seats import partnership_name, partnerships
from cribcount.show import Count, count_show

if TYPE_CHECKING:
    from cribcount.game.columns import ReadRun


class EventKind(rules.Kind):
    """What a scoring event is, in the order they come in a deal."""

    HEELS = "heels"
    PLAY = "play"
    PEG = "peg"
    SHOW = "show"
    CRIB = "crib"
    MUGGINS = "muggins"


class Skunk(enum.Enum):
    """How badly a loser lost: the game counts double, or four times."""

    SKUNK = "skunk"
    DOUBLE = "double"


def skunk_of(target: int, loser: int) -> Skunk | None:
    """Whether a loser with ``loser`` points in a game to ``target`` is skunked, or twice.

    >>> skunk_of(121, 91), skunk_of(121, 90), skunk_of(121, 60), skunk_of(61, 31), skunk_of(61, 30)
    (None, <Skunk.SKUNK: 'skunk'>, <Skunk.DOUBLE: 'double'>, None, <Skunk.SKUNK: 'skunk'>)
    """
    board = rules.BOARDS[target]
    if board.double_skunk is not None and loser <= board.double_skunk:
        return Skunk.DOUBLE
    return Skunk.SKUNK if loser <= board.skunk else None


@dataclass(frozen=True)
class _Scoring:
    """An event before it is scored: a show's claim is settled when it is counted."""

    kind: EventKind
    player: str
    points: int
    line: int
    card: Card | None = None
    items: tuple[PegItem, ...] = ()
    shown: Hand | None = None
    total: int | None = None
    claim: int | None = None


@dataclass(frozen=True, kw_only=True)
class Event(_Scoring):
    """One scoring: who scores, what for, the points and every side's score after it.

    A play carries the card laid and its items; a show or the crib counted from
    its cards the hand (``shown``) and its true count (``total``), and the claim
    (None when none was written); muggins names the player whose points were
    taken (``of``). Its fields are the scoring's (``_Scoring``), in order, then
    ``scores`` and ``of``, which are given by name.
    """

    scores: tuple[int, ...]
    of: str | None = None

    @functools.cached_property
    def count(self) -> Count | None:
        """The count of a show or crib with cards, item by item (None for the other events).

        Worked out when asked: scoring a game needs only its total.
        """
        if self.shown is None:
            return None
        return count_show(self.shown, crib=self.kind is EventKind.CRIB)

    @property
    def true_count(self) -> int | None:
        """The true count of a show or crib with cards (None for the other events)."""
        return self.total

    @property
    def wrong(self) -> bool:
        """True for a claim that is not the true count."""
        return self.claim is not None and self.total is not None and self.claim != self.total


@dataclass(frozen=True)
class DealResult:
    """A deal scored: the record, the events counted, and those after the end of the game."""

    record: DealRecord
    events: tuple[Event, ...]
    not_counted: tuple[Event, ...]


@dataclass(frozen=True)
class Game:
    """A game scored: its record, the sides (a player or a partnership), each deal, the end."""

    record: GameRecord
    sides: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]
    deals: tuple[DealResult, ...]
    final: tuple[int, ...]

    def side_of(self, player: str) -> str:
        """The name of the player's side: the player, or the partnership."""
        return next(s for s, team in zip(self.sides, self.members, strict=True) if player in team)

    @property
    def scores(self) -> dict[str, int]:
        """Each side's final score, by name."""
        return dict(zip(self.sides, self.final, strict=True))

    @property
    def winner(self) -> str | None:
        """The side that reached the target; None for a game not finished."""
        for side, score in self.scores.items():
            if score >= self.record.target:
                return side
        return None

    @property
    def margin(self) -> int | None:
        """How far the winner is ahead of the best loser; None without a winner."""
        if self.winner is None:
            return None
        return self.record.target - max(s for n, s in self.scores.items() if n != self.winner)

    def skunks(self) -> dict[str, Skunk]:
        """The losers skunked, and how."""
        if self.winner is None:
            return {}
        found = {side: skunk_of(self.record.target, s) for side, s in self.scores.items()}
        return {side: s for side, s in found.items() if s is not None and side != self.winner}

    @property
    def skunk(self) -> str | None:
        """The worst skunk of a loser: None, ``skunk`` or ``double``."""
        worst = sorted(self.skunks().values(), key=list(Skunk).index)
        return worst[-1].value if worst else None

    @property
    def wrong_claims(self) -> tuple[Event, ...]:
        """The claims counted that were not the true count."""
        return tuple(event for deal in self.deals for event in deal.events if event.wrong)


def sides_of(record: GameRecord) -> tuple[tuple[str, ...], ...]:
    """The players of each side: a partnership, or one player alone, in the order of the list."""
    # The players list is a deal with its last player dealing: list order is seat order.
    teams = partnerships(len(record.players), partners=record.partners)
    if not teams:
        return tuple((name,) for name in record.players)
    return tuple(tuple(record.players[seat - 1] for seat in team) for team in teams)


def _scored(scoring: _Scoring, points: int, scores: tuple[int, ...]) -> Event:
    """The event of ``scoring``: ``points`` pegged, and every side's score after it."""
    return Event(
        scoring.kind,
        scoring.player,
        points,
        scoring.line,
        scoring.card,
        scoring.items,
        scoring.shown,
        scoring.total,
        scoring.claim,
        scores=scores,
    )


def _plays(deal: DealRecord) -> Iterator[_Scoring]:
    """Heels, then the play card by card (or the pegs of a score sheet), in order."""
    if deal.starter is not None:
        heels = rules.heels_points(deal.starter.rank)
        if heels:
            yield _Scoring(EventKind.HEELS, deal.dealer, heels, deal.starter_line, deal.starter)
    if deal.pegging is not None:
        seats = dict(zip(deal.pegging.players, deal.seats, strict=True))
        for play in deal.pegging.plays:
            if play.points:
                yield _Scoring(
                    EventKind.PLAY,
                    seats[play.player],
                    play.points,
                    deal.play_line,
                    play.card,
                    play.items,
                )
    for peg in deal.pegs:
        yield _Scoring(EventKind.PEG, peg.player, peg.points, peg.line)


def _shows(deal: DealRecord) -> Iterator[_Scoring]:
    """The shows in seat order, then the crib: counted from the cards, or as the sheet says."""
    claims: list[tuple[EventKind, str, Claim | None]] = [
        (EventKind.SHOW, name, deal.shows.get(name)) for name in deal.seats
    ]
    claims.append((EventKind.CRIB, deal.dealer, deal.crib))
    held = {hand.player: hand.kept for hand in deal.hands}
    for kind, player, claim in claims:
        line = claim.line if claim else deal.line
        if deal.starter is None:
            if claim is not None:
                yield _Scoring(kind, player, claim.points, line)
            continue
        four = deal.crib_cards if kind is EventKind.CRIB else held[player]
        crib = kind is EventKind.CRIB
        # The total from the rank table (the record's cards are checked distinct): the items
        # are counted only if asked for.
        total = hand_points(four, deal.starter, crib=crib)
        shown = Hand((four[0], four[1], four[2], four[3]), deal.starter)
        claimed = None if claim is None else claim.points
        yield _Scoring(kind, player, total, line, shown=shown, total=total, claim=claimed)


class _Board:
    """The running score of each side; over once a side reaches the target."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.members = sides_of(record)
        self.side = {name: i for i, team in enumerate(self.members) for name in team}
        self.scores = [0] * len(self.members)

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.record.target

    def peg(self, player: str, points: int) -> tuple[int, ...]:
        # The board ends at the game hole: points past it are not pegged.
        at = self.side[player]
        self.scores[at] = min(self.scores[at] + points, self.record.target)
        return tuple(self.scores)

    def next_opponent(self, player: str) -> str:
        """The first player after ``player`` in turn who is not on the same side."""
        names = self.record.players
        at = names.index(player)
        later = (names[(at + step) % len(names)] for step in range(1, len(names)))
        return next(name for name in later if self.side[name] != self.side[player])


def _score_deal(deal: DealRecord, board: _Board) -> DealResult:
    counted: list[Event] = []
    left: list[Event] = []
    for scoring in (*_plays(deal), *_shows(deal)):
        if board.over:
            left.append(_scored(scoring, scoring.points, tuple(board.scores)))
            continue
        pegged, missed = scoring.points, 0
        if scoring.claim is not None:
            pegged, missed = rules.settle_claim(scoring.claim, scoring.points)
        counted.append(_scored(scoring, pegged, board.peg(scoring.player, pegged)))
        if missed and board.record.muggins and not board.over:
            taker = board.next_opponent(scoring.player)
            muggins = Event(
                EventKind.MUGGINS,
                taker,
                missed,
                scoring.line,
                scores=board.peg(taker, missed),
                of=scoring.player,
            )
            counted.append(muggins)
    return DealResult(deal, tuple(counted), tuple(left))


class QuickScore(NamedTuple):
    """A deal read quickly, scored: its heels, what each side pegged in the play and every
    side's score after it; ``counted`` is False (``pegged`` and ``scores`` empty) once the
    game is over."""

    counted: bool
    heels: int = 0
    pegged: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()


class RunScore(NamedTuple):
    """The first ``taken`` deals of a run (``GameScorer.score_run``) scored: each one's heels
    and, while the game is on (``counted``), what each side pegged in its play and every
    side's score after it (empty once the game is over)."""

    taken: int
    counted: bool
    heels: list[int]
    pegged: list[list[int]]
    scores: list[list[int]]


class GameScorer:
    """Scores the deals of a game one by one, as a record is read: none is kept.

    >>> from cribcount.game.reader import RecordReader
    >>> reader = RecordReader()
    >>> for n, line in enumerate(["players Ann Ben", "deal Ann", "peg Ben 2"], 1):
    ...     _ = reader.line(n, line)
    >>> scorer = GameScorer(reader.record)
    >>> scorer.score(reader.finish()).events[0].scores, scorer.game().scores
    ((0, 2), {'Ann': 0, 'Ben': 2})
    """

    def __init__(self, record: GameRecord) -> None:
        self._board = _Board(record)
        self.wrong = 0
        """The claims counted so far that were not the true count."""

    def score(self, deal: DealRecord) -> DealResult:
        """Score the next deal, to the end of the game."""
        result = _score_deal(deal, self._board)
        self.wrong += sum(event.wrong for event in result.events)
        return result

    def score_quick(self, deal: QuickDeal) -> QuickScore | None:
        """Score a deal read quickly (``RecordReader.quick``) as ``score`` would, when that is
        simple: no claim wrong, and the game not reached in it. None for any other deal (and
        nothing scored): ``score`` scores it event by event."""
        board = self._board
        heels = rules.heels_points(deal.starter.rank)
        if board.over:
            return QuickScore(False, heels)
        side = board.side
        scores = list(board.scores)
        scores[side[deal.dealer]] += heels
        pegged = [0] * len(scores)
        for play in deal.plays:
            if play.items:
                pegged[side[play.player]] += play.points
        for at, points in enumerate(pegged):
            scores[at] += points
        shown = zip((*deal.seats, deal.dealer), deal.claims, deal.totals, strict=True)
        for name, claim, total in shown:
            if claim != total:
                return None
            scores[side[name]] += total
        if max(scores) >= board.record.target:
            return None
        board.scores[:] = scores
        return QuickScore(True, heels, tuple(pegged), tuple(scores))

    def score_run(self, run: ReadRun, dealers: Sequence[int], deals: int) -> RunScore:
        """Score the first ``deals`` deals of a run read at once (``read_run``; ``dealers`` by
        place in the players' list) as ``score_quick`` scores each, in order: all of them once
        the game is over, else those before the first with a claim wrong or reaching the game
        (``score`` scores that one event by event)."""
        import numpy as np

        board = self._board
        heels = rules.heels_points(run.starter_ranks[:deals])
        if board.over:
            return RunScore(deals, False, heels.tolist(), [], [])
        players = board.record.players
        seated = len(players)
        # Each seat's side (the dealer's left first, the dealer last) by dealer.
        by_place = [board.side[name] for name in players]
        seat_sides = [
            [by_place[(dealer + seat) % seated] for seat in range(1, seated + 1)]
            for dealer in range(seated)
        ]
        sides = np.array(seat_sides, dtype=np.int64).take(np.array(dealers[:deals]), axis=0)
        rows = np.arange(deals)
        pegged = np.zeros((deals, len(board.scores)), dtype=np.int64)
        gains = np.zeros_like(pegged)
        by_seat = run.played.pegged(seated)[:deals]
        totals = run.totals[:deals]
        for seat in range(seated):
            np.add.at(pegged, (rows, sides[:, seat]), by_seat[:, seat])
            np.add.at(gains, (rows, sides[:, seat]), totals[:, seat])
        # The dealer sits last: the heels and the crib are the dealer's side's.
        np.add.at(gains, (rows, sides[:, -1]), totals[:, seated] + heels)
        scores = np.array(board.scores, dtype=np.int64) + (gains + pegged).cumsum(axis=0)
        wrong = (run.claims[:deals] != totals).any(axis=1)
        ends = wrong | (scores.max(axis=1) >= board.record.target)
        taken = int(ends.argmax()) if ends.any() else deals
        if taken:
            board.scores[:] = scores[taken - 1].tolist()
        return RunScore(
            taken, True, heels[:taken].tolist(), pegged[:taken].tolist(), scores[:taken].tolist()
        )

    def game(self, deals: tuple[DealResult, ...] = ()) -> Game:
        """The game as scored so far, holding ``deals``."""
        board = self._board
        sides = tuple(partnership_name(team) for team in board.members)
        return Game(board.record, sides, board.members, deals, tuple(board.scores))


def score_game(record: GameRecord) -> Game:
    """Score every deal of a checked record in the order of the rules, to the end of the game."""
    scorer = GameScorer(record)
    return scorer.game(tuple(scorer.score(deal) for deal in record.deals))
