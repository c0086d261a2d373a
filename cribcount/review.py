"""Reviewing a game: every discard, card laid and count of a record rated, and the luck apart.

For each deal whose hands the record gives:

- each discard against the best, by the value ``cribcount discard`` gives
  every choice for that seat (``deal_values.choice_values``): the loss is the
  best value less the value of the cards laid away;
- with two players, each card laid against the engine's best card at that
  moment, by ``pegging_engine.advise_play`` (what ``peg --advise`` gives,
  with the same samples and seed): the loss is the best net less the net of
  the card laid; a card is rated only when the player could lay two ranks or
  more (cards of one rank play alike);
- the counting, as ``game`` scores it (``score_game``): points a claim
  missed and claims over the count;
- luck: the value of the cards dealt to each player less the average deal to
  that seat (``deal_values.average``), and what the starter gave less its
  average over every starter the deal left.

Errors are graded by their loss (``GRADES``), and each player is summed up
in a ``PlayerSummary``. Deals given as a score sheet, and deals after the end
of the game, are skipped.

>>> from cribcount.game import read_record
>>> review = review_game(read_record('''
... players Ann Ben
... deal Ann
... hand Ben 5c Js 2c 3d | 5h 5d
... hand Ann 7h 7s 8d 8c | Kc Qs
... starter 5s
... show Ben 9
... '''))
>>> [(d.player, [str(c) for c in d.laid], grade(d.loss)) for d in review.deals[0].discards]
[('Ben', ['5h', '5d'], 'blunder'), ('Ann', ['Kc', 'Qs'], None)]
>>> [(c.player, c.claim, c.count, c.missed) for c in review.deals[0].counts]
[('Ben', 9, 11, 2)]
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import TYPE_CHECKING, NamedTuple

from cribcount import rules
from cribcount.cards import DECK, Card, Hand, format_cards
from cribcount.deal_values import ChoiceValue, average, choice_values, seat_role
from cribcount.discard import Role, hand_points
from cribcount.game.scoring import DealResult, EventKind, Game, score_game
from cribcount.pegging_engine import DEFAULT_SAMPLES, SEATS, CardChoice, PlayAdvice
from cribcount.show import count_show

if TYPE_CHECKING:
    from cribcount.game.record import DealRecord, GameRecord

__all__ = [
    "ACCURACY_SPAN",
    "GRADES",
    "CountReview",
    "DealReview",
    "DiscardReview",
    "Grade",
    "Luck",
    "PlayReview",
    "PlayerSummary",
    "Position",
    "Review",
    "WinChances",
    "accuracy",
    "advise_position",
    "advisor",
    "default_jobs",
    "discard_chances",
    "play_positions",
    "grade",
    "review_game",
]


class Grade(enum.Enum):
    """How bad an error is, by the expected points it costs."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


GRADES = ((Grade.BLUNDER, 3.0), (Grade.MISTAKE, 1.5), (Grade.INACCURACY, 0.5))
"""Each grade and the least loss (expected points) that earns it, worst first; a smaller loss
is no error."""
ACCURACY_SPAN = 3.0
"""The loss at which a decision counts nothing in ``accuracy``: a blunder's."""


def grade(loss: float) -> str | None:
    """The grade of a loss in expected points, or None for no error.

    >>> grade(0.49), grade(0.5), grade(1.5), grade(3.2)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for said, least in GRADES:
        if loss >= least:
            return said.value
    return None


def accuracy(losses: Sequence[float]) -> float | None:
    """The accuracy of decisions with these losses: 100 for the best every time, each decision
    counting 1 - loss / ``ACCURACY_SPAN`` (never below 0), averaged; None without decisions.

    >>> accuracy([0.0, 1.5, 4.0])
    50.0
    """
    if not losses:
        return None
    return 100 * fmean(max(0.0, 1 - loss / ACCURACY_SPAN) for loss in losses)


@dataclass(frozen=True)
class DiscardReview:
    """A player's discard: the cards laid away, their value and the best, and the loss.

    ``chosen`` and ``best`` are valued as ``discard`` values them for the seat
    (``error`` is the standard error of the pegging part, two players only).
    """

    player: str
    seat: int
    role: Role
    laid: tuple[Card, ...]
    chosen: ChoiceValue
    best: ChoiceValue
    win: WinChances | None = None

    @property
    def loss(self) -> float:
        """Expected points lost against the best discard (0 for the best)."""
        return self.best.value - self.chosen.value


class WinChances(NamedTuple):
    """A two-player discard's chance to win the game from the score before the deal, as
    ``discard --score`` gives it: the cards laid away's, the best discard's, and that best."""

    chosen: float
    best: float
    best_discard: tuple[Card, ...]

    @property
    def loss(self) -> float:
        """The chance to win lost against the best discard for it (0 to 1)."""
        return self.best - self.chosen


class Position(NamedTuple):
    """A moment of a two-player play, as ``peg --advise`` takes it: the player's seat and
    cards, the starter, the cards laid away and the play so far (gos written)."""

    seat: str
    hand: str
    starter: str
    away: str
    play: str


@dataclass(frozen=True)
class PlayReview:
    """A card laid in a two-player play against the engine's best at that moment."""

    player: str
    card: Card
    count: int
    position: Position
    chosen: CardChoice
    best: CardChoice
    deals: int
    exhaustive: bool

    @property
    def loss(self) -> float:
        """Expected net pegging lost against the best card (0 for the best or its rank)."""
        return self.best.net - self.chosen.net


@dataclass(frozen=True)
class CountReview:
    """A show or crib claimed otherwise than its count: points missed, or claimed over."""

    player: str
    kind: str
    claim: int
    count: int
    taken_by: str | None

    @property
    def missed(self) -> int:
        """Points the claim left out (lost to the claimant; under muggins, taken)."""
        return rules.settle_claim(self.claim, self.count)[1]

    @property
    def over(self) -> int:
        """Points claimed over the count (taken back, no penalty)."""
        return max(0, self.claim - self.count)


@dataclass(frozen=True)
class Luck:
    """A player's luck in a deal, in expected points against the average.

    ``dealt``: the value of the cards dealt (their best discard) less the
    average deal to the seat (None for a seat that lays nothing away);
    ``cut``: hand, crib and heels as the seat counts them (the crib and heels
    added for the dealer's side, taken away for the others) with this
    starter, less their average over every starter the deal left.
    """

    player: str
    dealt: float | None
    cut: float

    @property
    def total(self) -> float:
        """The cards dealt and the cut together."""
        return (self.dealt or 0.0) + self.cut


@dataclass(frozen=True)
class DealReview:
    """One deal reviewed; ``skipped`` for a score sheet (no cards to review) or a deal after the
    end of the game (``after_end``).

    ``gains`` are the points each side scored in the deal (in the order of
    ``Game.sides``); ``plays_rated`` is False at a table of three or more,
    where the engine does not advise the play; ``play_given`` is False when the
    record gives no play for the deal.
    """

    number: int
    dealer: str
    starter: Card | None
    skipped: bool
    gains: tuple[int, ...]
    discards: tuple[DiscardReview, ...] = ()
    plays: tuple[PlayReview, ...] = ()
    plays_rated: bool = False
    play_given: bool = False
    counts: tuple[CountReview, ...] = ()
    luck: tuple[Luck, ...] = ()
    after_end: bool = False
    chances: tuple[float, float] | None = None

    @property
    def swing(self) -> float:
        """How far the deal moved the game: with two players the change in the first player's
        chance to win (``chances``: before the deal and after it), else the most a side gained
        less the least."""
        if self.chances is not None:
            return abs(self.chances[1] - self.chances[0])
        return max(self.gains) - min(self.gains)


@dataclass(frozen=True)
class PlayerSummary:
    """One player's game: decisions rated, errors by grade, points lost, counting and luck."""

    player: str
    deals: int
    losses: tuple[float, ...]
    missed: int
    over: int
    dealt: float
    cut: float

    @property
    def decisions(self) -> int:
        """Discards and cards laid that were rated."""
        return len(self.losses)

    @property
    def errors(self) -> dict[str, int]:
        """How many errors of each grade, worst first."""
        found = [grade(loss) for loss in self.losses]
        return {said.value: found.count(said.value) for said, _ in GRADES}

    @property
    def lost(self) -> float:
        """Expected points lost over the game by every decision."""
        return sum(self.losses)

    @property
    def lost_per_deal(self) -> float:
        """Expected points lost per deal reviewed."""
        return self.lost / self.deals if self.deals else 0.0

    @property
    def accuracy(self) -> float | None:
        """The player's ``accuracy`` over every decision."""
        return accuracy(self.losses)

    @property
    def luck(self) -> float:
        """Luck over the game: the cards dealt and the cuts."""
        return self.dealt + self.cut


@dataclass(frozen=True)
class Review:
    """A game reviewed: the game as ``game`` scores it, each deal, each player's summary."""

    game: Game
    deals: tuple[DealReview, ...]
    players: tuple[PlayerSummary, ...]
    samples: int
    seed: int

    @property
    def swing(self) -> DealReview | None:
        """The deal that moved the game most (the first of equals); None without a deal."""
        scored = [deal for deal in self.deals if deal.gains]
        return max(scored, key=lambda deal: deal.swing) if scored else None


Advisor = Callable[[Sequence[Position]], list[PlayAdvice]]
"""Advises many positions of play at once, in order: in this process, or on several."""


def advise_position(position: Position, *, samples: int, seed: int) -> PlayAdvice:
    """``advise_play`` for one position, as ``peg --advise`` would."""
    from cribcount.pegging_engine import advise_play

    return advise_play(
        position.hand,
        position.starter,
        seat=position.seat,
        play=position.play,
        away=position.away,
        samples=samples,
        seed=seed,
    )


def _advise_job(job: tuple[Position, int, int]) -> PlayAdvice:
    position, samples, seed = job
    return advise_position(position, samples=samples, seed=seed)


def advisor(*, samples: int = DEFAULT_SAMPLES, seed: int = 0, jobs: int = 1) -> Advisor:
    """An ``Advisor`` on ``jobs`` processes (1: this one); the advice is the same either way."""

    def advise(positions: Sequence[Position]) -> list[PlayAdvice]:
        work = [(position, samples, seed) for position in positions]
        if jobs <= 1 or len(work) < 2:
            return [_advise_job(job) for job in work]
        from cribcount.workers import worker_pool

        # The early positions cost most: hand them out first, one at a time.
        order = sorted(range(len(work)), key=lambda at: len(work[at][0].play))
        with worker_pool(min(jobs, len(work))) as pool:
            found = pool.map(_advise_job, [work[at] for at in order], chunksize=1)
        advice: list[PlayAdvice | None] = [None] * len(work)
        for at, one in zip(order, found, strict=True):
            advice[at] = one
        return [one for one in advice if one is not None]

    return advise


def default_jobs() -> int:
    """The processes a review uses by default: one a core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def _ended_at(game: Game, result: DealResult) -> int | None:
    """The number of cards laid before the game ended in this deal's play (0 on heels), or None
    when the play was played out."""
    target = game.record.target
    laid = 0
    cards = _cards_laid(result.record) if result.record.pegging is not None else []
    for event in result.events:
        if event.kind is EventKind.PLAY and event.card is not None:
            laid = 1 + cards.index(event.card)
        if max(event.scores) >= target:
            return laid if event.kind in (EventKind.HEELS, EventKind.PLAY) else None
    return None


def _cards_laid(deal: DealRecord) -> list[Card]:
    assert deal.pegging is not None
    return [play.card for play in deal.pegging.plays if play.card is not None]


def play_positions(
    deal: DealRecord, until: int | None = None
) -> list[tuple[str, Card, int, Position]]:
    """Each card of a two-player play laid with a choice of ranks (before the ``until``-th card,
    if given): its player, the card, the count it was laid at and its position."""
    if deal.pegging is None:
        return []
    hands = {hand.player: hand for hand in deal.hands}
    held = {hand.player: list(hand.kept) for hand in deal.hands}
    assert deal.starter is not None
    words: list[str] = []
    found = []
    laid = 0
    for play in deal.pegging.plays:
        if play.card is None:
            words.append("go")
            continue
        if until is not None and laid >= until:
            break
        laid += 1
        count = play.count - play.card.value
        fitting = {card.rank for card in held[play.player] if rules.fits_count(count, card.value)}
        if len(fitting) > 1:
            hand = hands[play.player]
            seat = SEATS[deal.seats.index(play.player)]
            position = Position(
                seat,
                format_cards(hand.kept),
                str(deal.starter),
                format_cards(hand.laid),
                " ".join(words),
            )
            found.append((play.player, play.card, count, position))
        held[play.player].remove(play.card)
        words.append(str(play.card))
    return found


def _discards(
    deal: DealRecord, partners: bool, scores: dict[str, int] | None, target: int
) -> tuple[DiscardReview, ...]:
    """Each discard rated; with ``scores`` (two players: each one's score before the deal),
    its chance to win as well."""
    players = len(deal.seats)
    reviews = []
    for hand in deal.hands:
        if not hand.laid:
            continue  # a seat dealt four keeps them: no decision
        seat = deal.seats.index(hand.player) + 1
        cards = (*hand.kept, *hand.laid)
        values = choice_values(cards, players=players, seat=seat, partners=partners)
        chosen = next(v for v in values if set(v.discard) == set(hand.laid))
        role = seat_role(players, seat, partners=partners)
        win = None
        if scores is not None:
            other = next(name for name in scores if name != hand.player)
            win = discard_chances(
                cards, hand.laid, role, scores[hand.player], scores[other], target
            )
        reviews.append(DiscardReview(hand.player, seat, role, hand.laid, chosen, values[0], win))
    return tuple(reviews)


def discard_chances(
    cards: Sequence[Card], laid: Sequence[Card], role: Role, me: int, opponent: int, target: int
) -> WinChances:
    """The chance to win of laying ``laid`` away from a two-player deal of ``cards`` at a score,
    and of the best discard for it: ``odds.keep_chances``, as ``discard --score`` ranks them."""
    from cribcount.discard import advise_discard
    from cribcount.discard_play import with_play
    from cribcount.odds import keep_chances

    ranked = keep_chances(with_play(advise_discard(cards, role=role)), me, opponent, game=target)
    chosen = next(k for k in ranked if set(k.entry.choice.discard) == set(laid))
    return WinChances(chosen.mine.win, ranked[0].mine.win, ranked[0].entry.choice.discard)


def _chance(game: Game, scores: tuple[int, ...], dealer: str) -> float:
    """The first player's chance to win at ``scores`` (each side's), ``dealer`` to deal."""
    from cribcount.odds import chances

    first, second = scores
    if first >= game.record.target or second >= game.record.target:
        return 1.0 if first >= game.record.target else 0.0
    dealing = dealer == game.record.players[0]
    return chances(first, second, dealer=dealing, game=game.record.target).mine.win


def _counts(result: DealResult) -> tuple[CountReview, ...]:
    """The claims ``game`` found wrong, and who took the points missed."""
    found = []
    events = result.events
    for at, event in enumerate(events):
        if event.claim is None or event.count is None or not event.wrong:
            continue
        taker = None
        after = events[at + 1] if at + 1 < len(events) else None
        if after is not None and after.kind is EventKind.MUGGINS and after.of == event.player:
            taker = after.player
        found.append(
            CountReview(event.player, event.kind.value, event.claim, event.count.total, taker)
        )
    return tuple(found)


def _luck(deal: DealRecord, discards: Iterable[DiscardReview], partners: bool) -> tuple[Luck, ...]:
    players = len(deal.seats)
    assert deal.starter is not None
    dealt_value = {d.player: d.best.value for d in discards}
    # Every starter the deal left: no card of a hand, of the crib or the deck's extra card.
    seen = {*deal.crib_cards, *(card for hand in deal.hands for card in hand.kept)}
    starters = [card for card in DECK if card not in seen]
    crib = deal.crib_cards
    # The crib and heels with each starter: the same for every player, counted once.
    crib_and_heels = {
        starter: count_show(Hand((crib[0], crib[1], crib[2], crib[3]), starter), crib=True).total
        + rules.heels_points(starter.rank)
        for starter in starters
    }
    lucks = []
    for hand in deal.hands:
        seat = deal.seats.index(hand.player) + 1
        # As discard's net counts them: the crib and heels added for the dealer's side.
        sign = 1 if seat_role(players, seat, partners=partners) is Role.DEALER else -1
        values = {s: hand_points(hand.kept, s) + sign * crib_and_heels[s] for s in starters}
        cut = values[deal.starter] - fmean(values.values())
        dealt = None
        if hand.player in dealt_value:
            dealt = dealt_value[hand.player] - average(players, seat, partners=partners).mean
        lucks.append(Luck(hand.player, dealt, cut))
    return tuple(lucks)


def _gains(result: DealResult, before: tuple[int, ...]) -> tuple[int, ...]:
    after = result.events[-1].scores if result.events else before
    return tuple(a - b for a, b in zip(after, before, strict=True))


def review_game(
    record: GameRecord,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
    advise: Advisor | None = None,
    odds: bool = True,
) -> Review:
    """Review every deal of a checked record, and sum up each player.

    The cards laid in a two-player play are advised with ``samples`` and
    ``seed`` as ``peg --advise`` takes them, on ``jobs`` processes (the
    figures are the same whatever their number), or by ``advise``. With
    ``odds``, each two-player discard also gets its chance to win from the
    score before the deal (``discard_chances``).
    """
    game = score_game(record)
    advise = advise or advisor(samples=samples, seed=seed, jobs=jobs)
    two = len(record.players) == 2
    # Every position of the game's plays advised at once: on several processes, if asked.
    wanted = []
    for result in game.deals:
        deal = result.record
        if two and deal.hands and result.events:
            wanted.append(play_positions(deal, _ended_at(game, result)))
        else:
            wanted.append([])
    advice = iter(advise([position for found in wanted for *_, position in found]))
    deals = []
    scores = tuple(0 for _ in game.sides)
    for result, found in zip(game.deals, wanted, strict=True):
        deal = result.record
        gains = _gains(result, scores)
        if max(scores) >= record.target:
            # The game was over before this deal: nothing in it counts.
            deals.append(DealReview(deal.number, deal.dealer, None, True, gains, after_end=True))
            continue
        before = scores
        if result.events:
            scores = result.events[-1].scores
        chances = None
        if two:
            # The deal passes to the other player: the dealer of the next deal.
            after_dealer = next(name for name in record.players if name != deal.dealer)
            chances = (_chance(game, before, deal.dealer), _chance(game, scores, after_dealer))
        if not deal.hands:
            deals.append(DealReview(deal.number, deal.dealer, None, True, gains, chances=chances))
            continue
        at_score = dict(zip(record.players, before, strict=True)) if two and odds else None
        discards = _discards(deal, record.partners, at_score, record.target)
        plays = []
        for player, card, count, position in found:
            given = next(advice)
            chosen = next(c for c in given.choices if c.card == card)
            plays.append(
                PlayReview(
                    player,
                    card,
                    count,
                    position,
                    chosen,
                    given.choices[0],
                    given.deals,
                    given.exhaustive,
                )
            )
        deals.append(
            DealReview(
                deal.number,
                deal.dealer,
                deal.starter,
                False,
                gains,
                discards,
                tuple(plays),
                two,
                deal.pegging is not None,
                _counts(result),
                _luck(deal, discards, record.partners),
                chances=chances,
            )
        )
    summaries = tuple(_summary(player, deals) for player in record.players)
    return Review(game, tuple(deals), summaries, samples, seed)


def _summary(player: str, deals: Sequence[DealReview]) -> PlayerSummary:
    reviewed = [deal for deal in deals if not deal.skipped]
    losses = tuple(
        loss
        for deal in reviewed
        for loss in (
            *(d.loss for d in deal.discards if d.player == player),
            *(p.loss for p in deal.plays if p.player == player),
        )
    )
    counts = [c for deal in reviewed for c in deal.counts if c.player == player]
    lucks = [luck for deal in reviewed for luck in deal.luck if luck.player == player]
    return PlayerSummary(
        player,
        len(reviewed),
        losses,
        sum(c.missed for c in counts),
        sum(c.over for c in counts),
        sum(luck.dealt or 0.0 for luck in lucks),
        sum(luck.cut for luck in lucks),
    )
