"""Self-play: whole deals and games of two-player cribbage between two strategies, seeded.

A deal (``play_deal``) goes as the rules order it: six cards to each player
from a shuffled deck, two laid away by each to the dealer's crib as its
strategy chooses, the starter cut (his heels: ``rules.heels_points``), the
play card by card (``turns.PlayState``, the rules' own play: go, 31, last
card), then the shows of pone's hand, the dealer's hand and the crib
(``show.count_show``). Its ``DealPoints`` keep every phase apart, for each
seat, and the points of the play in the order they were pegged, so that a
game can end in the middle of the play or the show.

A game (``play_game``) is played to a target of ``rules.GAMES`` (121 or 61),
the deal passing each time, and scored in the rules' order (heels, the play,
pone's hand, the dealer's hand, the crib) until a player reaches it; the
loser's score gives the skunk by ``rules.BOARDS``. Game ``index`` of a run
with ``seed`` has its own random stream (``game_seed``), and player A deals
first in the even games, player B in the odd: the same games whatever the
order or the processes they are played in.

The strategies (``STRATEGIES``):

- ``show``: lays away the first choice of the exact hand-and-crib discard
  (``discard.advise_discard``, what ``discard --show-only`` ranks first) and
  plays greedily: the card that pegs the most at once, ties to the higher
  rank, then the first card in deck order (a high card kept back is the one
  that may not fit under 31 later).
- ``engine``: lays away the first choice of the discard with the play (hand +
  crib + expected net pegging, ``discard_play.with_play``), and lays the card
  that the pegging engine ranks first (``pegging_engine.weigh_ranks``: the
  opponent's possible hands, drawn ``samples`` at a time from what the
  player has seen, each played out exactly), ties to its own higher points,
  then to the lower rank. A move with one rank to choose from is not weighed.

The API, kept stable for the features built on it: ``deal(rng)`` shuffles
and deals (``Dealt``), ``play_dealt`` plays given cards, ``play_deal`` both;
``play_turns`` is the play itself, a generator of the ``Turn``s that have a
card to choose, fed the card laid; ``choose_discard`` and ``choose_card``
make one decision of a strategy, so that other features can rate decisions
with the same strategies; ``play_games`` plays a run on processes into a
``Tally`` of whole numbers, ``win_interval`` the 95% interval of a win rate.
In a game the shuffles have their own random stream and the engine's draws
another, so the same seed deals the same cards whatever the strategies.

>>> points = play_deal(("show", "show"), random.Random(7))
>>> phases = points.heels + points.pegging[DEALER] + points.hand[DEALER] + points.crib
>>> points.total(DEALER) == phases
True
>>> result = play_game(("engine", "show"), seed=1, index=0, target=61)
>>> max(result.scores) >= 61
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import DECK, Card, Hand
from cribcount.discard import Advice, Role, advise_discard
from cribcount.errors import Token
from cribcount.pegging_engine import DEFAULT_SAMPLES, SEATS, forget_solved, solved, weigh_ranks
from cribcount.rules import BOARDS, MAX_COUNT, fits_count, score_card_cached
from cribcount.seats import CRIB_SIZE, HAND_SIZE
from cribcount.show import count_show
from cribcount.turns import PlayState

__all__ = [
    "DEALER",
    "PHASES",
    "PONE",
    "STRATEGIES",
    "DealPoints",
    "Dealt",
    "GameResult",
    "Tally",
    "Turn",
    "choose_card",
    "choose_discard",
    "deal",
    "game_seed",
    "play_deal",
    "play_dealt",
    "play_game",
    "play_games",
    "play_turns",
    "win_interval",
]

STRATEGIES = ("show", "engine")
"""The strategies a player may follow; see the module's docstring."""
PONE, DEALER = 0, 1
"""The seats of a deal, as ``pegging_engine.SEATS`` numbers them: pone leads the play."""
PHASES = ("pegging", "hand", "crib", "heels")
"""The phases of a deal's points, as ``DealPoints.phase`` names them."""
_DEALT = HAND_SIZE + CRIB_SIZE // 2
"""Cards dealt to each of two players: four kept and two laid away."""
_MEMO_LIMIT = 500_000
"""Positions the engine remembers before it forgets them all (memory stays bounded)."""
_Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
_AHEAD = 12
"""Deals of a game dealt and advised together: most games to 121 take fewer."""


@dataclass(frozen=True)
class DealPoints:
    """What one deal scored, by phase and seat (``PONE``, ``DEALER``), in the order of the rules.

    ``pegs`` are the points of the play as they were pegged, (seat, points)
    card by card; ``pegging`` their sum for each seat, ``hand`` each seat's
    show, ``crib`` the dealer's crib and ``heels`` the dealer's heels.
    ``kept`` are each seat's four cards, ``starter`` the cut, ``laid`` the
    cards of the play in the order they were laid, (seat, card).
    """

    kept: tuple[tuple[Card, ...], tuple[Card, ...]]
    starter: Card
    laid: tuple[tuple[int, Card], ...]
    heels: int
    pegs: tuple[tuple[int, int], ...]
    hand: tuple[int, int]
    crib: int

    @property
    def pegging(self) -> tuple[int, int]:
        """What each seat pegged in the play."""
        totals = [0, 0]
        for seat, points in self.pegs:
            totals[seat] += points
        return totals[PONE], totals[DEALER]

    def phase(self, name: str, seat: int) -> int:
        """A seat's points in one of ``PHASES`` (crib and heels are the dealer's only)."""
        if name == "pegging":
            return self.pegging[seat]
        if name == "hand":
            return self.hand[seat]
        return (self.crib if name == "crib" else self.heels) if seat == DEALER else 0

    def total(self, seat: int) -> int:
        """A seat's points in the whole deal."""
        return sum(self.phase(name, seat) for name in PHASES)

    def events(self) -> Iterator[tuple[int, int]]:
        """(seat, points) in the order the rules score them: heels, the play, pone's hand, the
        dealer's hand, the crib; nothing for a phase that scored nothing."""
        scored = [
            (DEALER, self.heels),
            *self.pegs,
            (PONE, self.hand[PONE]),
            (DEALER, self.hand[DEALER]),
            (DEALER, self.crib),
        ]
        yield from ((seat, points) for seat, points in scored if points)


def choose_discard(strategy: str, cards: Sequence[Card], *, dealer: bool) -> tuple[Card, ...]:
    """The four cards ``strategy`` keeps of six dealt (two players), as dealer or as pone."""
    return _keep(strategy, advise_discard(cards, role=Role.DEALER if dealer else Role.PONE))


def _keep(strategy: str, advice: Advice) -> tuple[Card, ...]:
    """The four cards ``strategy`` keeps, from the exact advice of the deal."""
    if strategy == "show":
        return advice.best.keep
    from cribcount.discard_play import with_play

    return with_play(advice).best.choice.keep


def _greedy(fitting: Sequence[Card], ranks: Sequence[int], count: int) -> Card:
    """The card that pegs the most at once; ties to the higher rank, then deck order."""

    def gain(card: Card) -> tuple[int, int, int]:
        laid = (*ranks, card.rank.value)
        points = sum(item.points for item in score_card_cached(laid, count + card.value))
        return -points, -card.rank, card.index

    return min(fitting, key=gain)


def choose_card(
    strategy: str,
    state: PlayState,
    held: Sequence[Card],
    unseen: Sequence[Card],
    *,
    rng: random.Random,
    samples: int = DEFAULT_SAMPLES,
) -> Card | None:
    """The card ``strategy`` lays from ``held`` (None: go) when it is its turn in ``state``.

    ``unseen`` are the cards the player has not seen that the opponent may
    still hold (none of them too small for a count at which they said go);
    the engine draws the opponent's hands from them with ``rng``.
    """
    fitting = [card for card in held if fits_count(state.count, card.value)]
    if not fitting:
        return None
    ranks = [int(rank) for rank in state.ranks]
    if strategy == "show":
        return _greedy(fitting, ranks, state.count)
    if len({card.rank for card in fitting}) == 1:
        return min(fitting)
    me = state.turn
    weighed, _, _ = weigh_ranks(
        tuple(sorted(card.rank.value for card in held)),
        [card.rank.value for card in unseen],
        state.held[1 - me],
        ranks=tuple(ranks),
        count=state.count,
        me=me,
        last=state.last,
        samples=samples,
        rng=rng,
    )
    best = min(weighed.items(), key=lambda item: (-item[1].net, -item[1].mine, item[0]))[0]
    return min(card for card in fitting if card.rank == best)


class Dealt(NamedTuple):
    """The cards of a deal: pone's six, the dealer's six and the starter."""

    pone: tuple[Card, ...]
    dealer: tuple[Card, ...]
    starter: Card


def deal(rng: random.Random) -> Dealt:
    """Shuffle a deck with ``rng`` and deal six cards to each player and the starter."""
    deck = list(DECK)
    rng.shuffle(deck)
    return Dealt(tuple(deck[:_DEALT]), tuple(deck[_DEALT : 2 * _DEALT]), deck[2 * _DEALT])


def play_deal(
    strategies: tuple[str, str], rng: random.Random, *, samples: int = DEFAULT_SAMPLES
) -> DealPoints:
    """Deal, lay away, cut, play and show one deal; ``strategies`` are pone's and the dealer's.

    Every card comes from ``rng``: the shuffle (``deal``), then the engine's draws.
    """
    return play_dealt(strategies, deal(rng), rng, samples=samples)


def play_dealt(
    strategies: tuple[str, str],
    dealt: Dealt,
    rng: random.Random,
    *,
    samples: int = DEFAULT_SAMPLES,
    advice: tuple[Advice, Advice] | None = None,
) -> DealPoints:
    """``play_deal`` of the cards ``dealt``; ``rng`` draws for the engine. ``advice``, pone's
    and the dealer's exact discard advice if already made (``discard_file.advise_many``)."""
    hands = (dealt.pone, dealt.dealer)
    if advice is None:
        advice = (
            advise_discard(dealt.pone, role=Role.PONE),
            advise_discard(dealt.dealer, role=Role.DEALER),
        )
    kept = (_keep(strategies[PONE], advice[PONE]), _keep(strategies[DEALER], advice[DEALER]))
    starter = dealt.starter
    crib = [card for seat in (PONE, DEALER) for card in hands[seat] if card not in kept[seat]]
    laid, pegs = _play(strategies, kept, hands, starter, rng, samples)
    shows = tuple(count_show(Hand(_four(cards), starter)).total for cards in kept)
    crib_points = count_show(Hand(_four(crib), starter), crib=True).total
    return DealPoints(
        kept,
        starter,
        laid,
        rules.heels_points(starter.rank),
        pegs,
        (shows[PONE], shows[DEALER]),
        crib_points,
    )


def _four(cards: Sequence[Card]) -> tuple[Card, Card, Card, Card]:
    a, b, c, d = cards
    return a, b, c, d


class Turn(NamedTuple):
    """A turn of the play where the seat to play has a card that fits: the seat, the play's
    state, the cards it holds, the cards it has not seen that the opponent may hold (none too
    small for a count at which they said go), and the moves so far (None for a go)."""

    seat: int
    state: PlayState
    held: Sequence[Card]
    unseen: Sequence[Card]
    moves: tuple[Card | None, ...]


def play_turns(
    kept: tuple[Sequence[Card], Sequence[Card]],
    dealt: tuple[Sequence[Card], Sequence[Card]],
    starter: Card,
) -> Generator[Turn, Card, tuple[tuple[tuple[int, Card], ...], tuple[tuple[int, int], ...]]]:
    """The play of pone's and the dealer's kept cards, a turn at a time: each ``Turn`` that has
    a card to choose is yielded and takes the card laid (``send``); a go is said for a seat
    with no card that fits. Returns the cards laid, (seat, card), and the points pegged,
    (seat, points), in order. ``dealt`` are each seat's six cards, which it has seen."""
    state = PlayState(SEATS, "", [HAND_SIZE, HAND_SIZE])
    held = [list(kept[PONE]), list(kept[DEALER])]
    laid: list[tuple[int, Card]] = []
    moves: list[Card | None] = []
    # The lowest count at which each seat said go: their cards held then are all too big for it.
    went = [MAX_COUNT, MAX_COUNT]
    while not state.over():
        me = state.turn
        if not any(fits_count(state.count, card.value) for card in held[me]):
            went[me] = min(went[me], state.count)
            state.say_go(None)
            moves.append(None)
            continue
        known = {*dealt[me], starter, *(card for _, card in laid)}
        floor = MAX_COUNT - went[1 - me]
        unseen = [card for card in DECK if card not in known and card.value > floor]
        card = yield Turn(me, state, tuple(held[me]), unseen, tuple(moves))
        held[me].remove(card)
        laid.append((me, card))
        moves.append(card)
        state.lay(card, Token(str(card), 0))
    pegging = state.finish()
    pegs = tuple((SEATS.index(play.player), play.points) for play in pegging.plays if play.points)
    return tuple(laid), pegs


def _play(
    strategies: tuple[str, str],
    kept: tuple[Sequence[Card], Sequence[Card]],
    dealt: tuple[Sequence[Card], Sequence[Card]],
    starter: Card,
    rng: random.Random,
    samples: int,
) -> tuple[tuple[tuple[int, Card], ...], tuple[tuple[int, int], ...]]:
    """The play of the two kept hands by the strategies: the cards laid, (seat, card), and the
    points pegged, (seat, points), in order."""
    turns = play_turns(kept, dealt, starter)
    try:
        turn = next(turns)
        while True:
            seat = turn.seat
            card = choose_card(
                strategies[seat], turn.state, turn.held, turn.unseen, rng=rng, samples=samples
            )
            assert card is not None  # a turn is yielded only with a card that fits
            turn = turns.send(card)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


def _deal_ahead(shuffles: random.Random) -> list[tuple[Dealt, tuple[Advice, Advice]]]:
    """The next ``_AHEAD`` deals of a game and their exact discard advice, made together (the
    advice of many deals at once is much faster than one at a time, and exactly the same)."""
    from cribcount.discard_file import advise_many

    dealt = [deal(shuffles) for _ in range(_AHEAD)]
    pones = advise_many([cards.pone for cards in dealt], role=Role.PONE)
    dealers = advise_many([cards.dealer for cards in dealt], role=Role.DEALER)
    return [
        (cards, (pone, dealer)) for cards, pone, dealer in zip(dealt, pones, dealers, strict=True)
    ]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``."""
    return seed * 1_000_003 + index


@dataclass(frozen=True)
class GameResult:
    """One game: its deals (``DealPoints``, the dealer of each), the final scores of players A
    and B, the winner (0 for A, 1 for B) and the loser's skunk (0, 1 skunk, 2 double)."""

    deals: tuple[tuple[int, DealPoints], ...]
    scores: tuple[int, int]
    winner: int
    skunk: int


def play_game(
    strategies: tuple[str, str],
    *,
    seed: int,
    index: int,
    target: int = rules.GAMES[0],
    samples: int = DEFAULT_SAMPLES,
) -> GameResult:
    """Game ``index`` of a run seeded with ``seed``, players A and B following ``strategies``.

    A deals first when ``index`` is even. Every deal is played out in full
    (its ``DealPoints``), but the game's scores stop where a player reaches
    ``target``, in the rules' order.
    """
    board = BOARDS[target]
    shuffles = random.Random(game_seed(seed, index))
    draws = random.Random(shuffles.getrandbits(64))
    scores = [0, 0]
    dealer = index % 2
    deals: list[tuple[int, DealPoints]] = []
    coming: list[tuple[Dealt, tuple[Advice, Advice]]] = []
    winner = -1
    while winner < 0:
        if not coming:
            coming = _deal_ahead(shuffles)
        dealt, advice = coming.pop(0)
        pone = 1 - dealer
        strategies_now = (strategies[pone], strategies[dealer])
        points = play_dealt(strategies_now, dealt, draws, samples=samples, advice=advice)
        deals.append((dealer, points))
        for seat, gained in points.events():
            player = dealer if seat == DEALER else pone
            scores[player] = min(target, scores[player] + gained)
            if scores[player] == target:
                winner = player
                break
        dealer = pone
    if solved() > _MEMO_LIMIT:
        forget_solved()
    loser = scores[1 - winner]
    skunk = 0
    if loser <= board.skunk:
        skunk = 2 if board.double_skunk is not None and loser <= board.double_skunk else 1
    return GameResult(tuple(deals), (scores[0], scores[1]), winner, skunk)


@dataclass
class Tally:
    """The sums of many games: wins and skunks of A and B, and each player's points by phase
    and seat over every deal (``points[player][seat][phase]``), with the deals each dealt
    (``dealt[player][seat]``). Whole numbers only: the same sums in any order."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    skunks: list[int] = field(default_factory=lambda: [0, 0])
    double_skunks: list[int] = field(default_factory=lambda: [0, 0])
    first_dealer_wins: int = 0
    dealt: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    points: list[list[dict[str, int]]] = field(
        default_factory=lambda: [[dict.fromkeys(PHASES, 0) for _ in SEATS] for _ in range(2)]
    )

    def add(self, result: GameResult, index: int) -> None:
        """Count one game, game ``index`` of its run."""
        self.games += 1
        self.wins[result.winner] += 1
        if result.skunk:
            self.skunks[result.winner] += 1
        if result.skunk == 2:
            self.double_skunks[result.winner] += 1
        if result.winner == index % 2:
            self.first_dealer_wins += 1
        for dealer, deal in result.deals:
            for seat in (PONE, DEALER):
                player = dealer if seat == DEALER else 1 - dealer
                self.dealt[player][seat] += 1
                for name in PHASES:
                    self.points[player][seat][name] += deal.phase(name, seat)

    def merge(self, other: Tally) -> None:
        """Add the sums of another tally."""
        self.games += other.games
        self.first_dealer_wins += other.first_dealer_wins
        for player in range(2):
            self.wins[player] += other.wins[player]
            self.skunks[player] += other.skunks[player]
            self.double_skunks[player] += other.double_skunks[player]
            for seat in (PONE, DEALER):
                self.dealt[player][seat] += other.dealt[player][seat]
                for name in PHASES:
                    self.points[player][seat][name] += other.points[player][seat][name]


def win_interval(wins: int, games: int) -> tuple[float, float]:
    """The 95% interval of a win rate from ``wins`` of ``games`` (Wilson's score interval,
    which stays within 0 to 1 and is sound for few games or a rate near either end).

    >>> [round(x, 4) for x in win_interval(50, 100)]
    [0.4038, 0.5962]
    """
    z = _Z95
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    # No wins, or no losses: that end of the interval is the rate itself, exactly.
    low = 0.0 if wins == 0 else centre - half
    high = 1.0 if wins == games else centre + half
    return low, high


def _tally_games(job: tuple[tuple[str, str], int, int, int, int, int]) -> Tally:
    """Play games ``start`` to ``stop`` of a run and tally them (one task of a process)."""
    strategies, seed, start, stop, target, samples = job
    tally = Tally()
    for index in range(start, stop):
        result = play_game(strategies, seed=seed, index=index, target=target, samples=samples)
        tally.add(result, index)
    return tally


def play_games(
    strategies: tuple[str, str],
    games: int,
    *,
    seed: int = 0,
    target: int = rules.GAMES[0],
    jobs: int = 1,
    samples: int = DEFAULT_SAMPLES,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play ``games`` games between players A and B following ``strategies`` and tally them.

    ``jobs`` processes of the standard library share the games (1: in this
    process); the tally is the same for any number of them. ``progress`` is
    called with the games done so far as they finish.
    """
    step = 4
    tasks = [
        (strategies, seed, start, min(games, start + step), target, samples)
        for start in range(0, games, step)
    ]
    tally = Tally()

    def count(part: Tally) -> None:
        tally.merge(part)
        if progress is not None:
            progress(tally.games)

    jobs = min(jobs, len(tasks))
    if jobs <= 1:
        for task in tasks:
            count(_tally_games(task))
        return tally
    from cribcount.workers import worker_pool

    with worker_pool(jobs) as pool:
        for part in pool.imap_unordered(_tally_games, tasks):
            count(part)
    return tally
