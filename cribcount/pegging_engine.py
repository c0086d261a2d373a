"""The pegging engine: which card to lay in a two-player play, by the points to its end.

A player knows their four cards, the starter, the two cards they laid away
and the cards laid so far. The opponent's cards still in hand are unknown:
the engine takes every hand of them consistent with what has been seen
(cards not seen anywhere, none of which fitted when the opponent said go),
each as likely as the deal makes it. When those hands are few it takes them
all, else it draws ``samples`` of them with the seed. Each such deal is then
played out exactly to the end of the play, both players seeing every card,
each laying the card that is best for their own points less the other's
(a minimax over the real rules: ``rules.score_card``, go, 31, last card).
Suits play no part in the play, so the solver sees ranks only.

>>> advice = advise_play("5c 5d Td Kh", "2s", seat="dealer", play="3h 5c 4h Kh 2h")
>>> [(str(c.card), round(c.mine, 3), round(c.theirs, 3)) for c in advice.choices]
[('5d', 2.091, 0.182)]
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cribcount.cards import (
    DECK,
    ENGLISH,
    Card,
    Notation,
    check_count,
    check_distinct,
    parse_cards,
)
from cribcount.errors import PlayError, Token
from cribcount.messages import Message
from cribcount.play import replay, seating
from cribcount.rules import (
    GO_POINTS,
    LAST_CARD_POINTS,
    MAX_COUNT,
    counting_value,
    fits_count,
    score_card,
)
from cribcount.seats import HAND_SIZE

__all__ = [
    "DEFAULT_SAMPLES",
    "SEATS",
    "CardChoice",
    "PlayAdvice",
    "advise_play",
    "forget_solved",
    "solve_play",
    "solved",
    "weigh_ranks",
]

SEATS = ("pone", "dealer")
"""The two seats of the play, in playing order: pone leads."""
DEFAULT_SAMPLES = 64
"""Opponent's hands drawn when there are more than this many to take one by one."""

Ranks = tuple[int, ...]
_VALUES = {rank: counting_value(rank) for rank in range(1, 14)}
_MEMO: dict[tuple[Ranks, Ranks, Ranks, int, int, int], tuple[int, int]] = {}


def forget_solved() -> None:
    """Forget the positions solved so far: ``solve_play`` remembers every one until then."""
    _MEMO.clear()


def solved() -> int:
    """How many positions ``solve_play`` remembers."""
    return len(_MEMO)


@functools.cache
def _moves(hand: Ranks) -> tuple[tuple[int, int, Ranks], ...]:
    """Each rank a sorted hand may lay, once: the rank, its counting value, the hand left."""
    moves = []
    for rank in sorted(set(hand)):
        at = hand.index(rank)
        moves.append((rank, _VALUES[rank], hand[:at] + hand[at + 1 :]))
    return tuple(moves)


@functools.cache
def _step(ranks: Ranks, rank: int, count: int) -> tuple[int, Ranks]:
    """What laying ``rank`` on the count's ``ranks`` pegs at ``count``, and the ranks the count
    keeps after it (none after 31, which ends the count)."""
    laid = (*ranks, rank)
    return _points(laid, count), (() if count == MAX_COUNT else _tail(laid))


@functools.cache
def _points(ranks: Ranks, count: int) -> int:
    """What the last of ``ranks`` pegs at ``count``: ``rules.score_card``, summed."""
    return sum(item.points for item in score_card(ranks, count))


@functools.cache
def _tail(ranks: Ranks) -> Ranks:
    """The end of a count's ranks that can still score with the cards to come: the cards of
    the last rank when it is repeated (a pair, or more), else the longest tail of distinct
    ranks (a run never reaches past a repeated rank). Fewer states for the same play."""
    last = ranks[-1]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == last:
        same += 1
    if same > 1:
        return ranks[-same:]
    seen = {last}
    start = len(ranks) - 1
    while start > 0 and ranks[start - 1] not in seen:
        start -= 1
        seen.add(ranks[start])
    return ranks[start:]


def solve_play(
    pone: Ranks, dealer: Ranks, ranks: Ranks = (), count: int = 0, turn: int = 0, last: int = -1
) -> tuple[int, int]:
    """The points pone and the dealer peg from here to the end of the play, both playing best.

    ``pone`` and ``dealer`` are the ranks still in hand (sorted), ``ranks`` the
    current count's ranks in order, ``count`` its total, ``turn`` the seat to
    play (0 pone, 1 dealer) and ``last`` the seat that laid the last card.
    Each player lays the card that is best for their points less the other's.

    >>> solve_play((7, 8), (8,))  # pone leads the 7: 7, 8 (15 for 2), 8 (pair 2, last card 1)
    (3, 2)
    """
    key = (pone, dealer, ranks, count, turn, last)
    found = _MEMO.get(key)
    if found is not None:
        return found
    hand = pone if turn == 0 else dealer
    playable = [move for move in _moves(hand) if fits_count(count, move[1])]
    if not playable:
        other = dealer if turn == 0 else pone
        if any(fits_count(count, _VALUES[r]) for r in other):
            # Go: the other plays on.
            result = solve_play(pone, dealer, ranks, count, 1 - turn, last)
        else:
            # Nobody can play: the last card laid takes the go, or the last card of the play.
            if pone or dealer:
                rest = solve_play(pone, dealer, (), 0, 1 - last, last)
                points = GO_POINTS
            else:
                rest = (0, 0)
                points = LAST_CARD_POINTS if count else 0
            result = (rest[0] + points, rest[1]) if last == 0 else (rest[0], rest[1] + points)
        _MEMO[key] = result
        return result
    best: tuple[int, int] | None = None
    best_margin = -1000
    for rank, value, left in playable:
        total = count + value
        points, tail = _step(ranks, rank, total)
        if total == MAX_COUNT:
            total = 0  # 31 ends the count: the next player leads a new one
        if turn == 0:
            rest = solve_play(left, dealer, tail, total, 1, 0)
            mine, theirs = rest[0] + points, rest[1]
        else:
            rest = solve_play(pone, left, tail, total, 0, 1)
            mine, theirs = rest[1] + points, rest[0]
        if mine - theirs > best_margin:
            best_margin = mine - theirs
            best = (mine, theirs) if turn == 0 else (theirs, mine)
    assert best is not None
    _MEMO[key] = best
    return best


@dataclass(frozen=True)
class CardChoice:
    """One legal move (a card, or None for go) and the expected points to the end of the play.

    ``mine`` are the player's points, ``theirs`` the opponent's, ``net`` their
    difference, each counting what the move itself pegs; ``error`` is the
    standard error of ``net`` (0 when every opponent's hand was taken).
    """

    card: Card | None
    mine: float
    theirs: float
    net: float
    error: float


@dataclass(frozen=True)
class PlayAdvice:
    """The legal moves ranked best first, and how the opponent's hands were taken.

    ``deals`` is how many opponent's hands were weighed: every one when
    ``exhaustive``, else ``deals`` drawn with ``seed``.
    """

    seat: str
    count: int
    choices: tuple[CardChoice, ...]
    deals: int
    exhaustive: bool
    seed: int


def _opponent_hands(
    pool: Sequence[int], size: int, samples: int, rng: random.Random
) -> tuple[list[tuple[Ranks, int]], bool]:
    """The opponent's possible hands by rank, each with its weight; True when they are all."""
    available = Counter(pool)
    ranks = sorted(available)
    hands: list[tuple[Ranks, int]] = []

    def build(at: int, left: int, chosen: list[int], weight: int) -> Iterator[tuple[Ranks, int]]:
        if left == 0:
            yield tuple(chosen), weight
            return
        if at == len(ranks):
            return
        rank = ranks[at]
        for n in range(min(left, available[rank]), -1, -1):
            yield from build(
                at + 1, left - n, chosen + [rank] * n, weight * math.comb(available[rank], n)
            )

    for hand in build(0, size, [], 1):
        hands.append(hand)
        if len(hands) > samples:
            break
    else:
        return hands, True
    drawn = [tuple(sorted(rng.sample(list(pool), size))) for _ in range(samples)]
    return [(hand, 1) for hand in drawn], False


def _read_cards(
    text: str, what: Message, wanted: tuple[int, ...], expected: Message, notation: Notation
) -> list[tuple[Card, Token]]:
    """The cards of ``text``, as many as one of ``wanted``; a DealError names what is wrong."""
    cards = list(parse_cards(text, what=what, notation=notation)) if text.strip() else []
    if len(cards) not in wanted:
        check_count(text, cards, max(wanted), expected=expected)
    return cards


def advise_play(
    hand: str,
    starter: str,
    *,
    seat: str | None = None,
    play: str = "",
    away: str = "",
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    notation: Notation = ENGLISH,
) -> PlayAdvice:
    """Rank the moves of ``seat`` (pone or dealer; by default whoever is to play) holding
    ``hand`` (four cards) in a play.

    ``play`` is the play so far as ``peg`` reads it (gos written), ``away``
    the two cards the player laid away (or none given), ``starter`` the cut
    card. Raises NotationError for bad notation, DealError for a card given
    twice or the wrong number of cards, PlayError for a play that cannot be
    or a turn that is not the player's.
    """
    held = _read_cards(
        hand, Message("the hand"), (HAND_SIZE,), Message("{n} cards in hand", n=HAND_SIZE), notation
    )
    cut = _read_cards(starter, Message("the starter"), (1,), Message("one starter"), notation)
    laid_away = _read_cards(
        away, Message("the cards laid away"), (0, 2), Message("two cards laid away"), notation
    )
    known = [*held, *cut, *laid_away]
    check_distinct(known)
    names, _ = seating(2)
    state = replay(play, seating(2), notation=notation)
    if not seat:
        seat = names[state.turn]
    if seat not in SEATS:
        raise PlayError(Message("the seat is pone or dealer, not '{seat}'", seat=seat), text=seat)
    me = SEATS.index(seat)
    mine = {card for card, _ in held}
    seen = {card for card, _ in known}
    in_hand = set(mine)
    go_counts: list[int] = []
    for laid in state.plays:
        player = names.index(laid.player)
        if laid.card is None:
            if laid.token is None:
                continue  # a go point the play added, not a go said
            if player == me:
                can = sorted(c for c in in_hand if fits_count(laid.count, c.value))
                if can:
                    reason = Message(
                        "go from {name}, who can play {cards} at count {count}",
                        name=Message(seat),
                        cards=tuple(can),
                        count=laid.count,
                    )
                    raise PlayError.at(reason, play, laid.token)
            else:
                go_counts.append(laid.count)
            continue
        if player == me:
            if laid.card not in in_hand:
                reason = Message(
                    "{card} is not in {name}'s hand", card=laid.card, name=Message(seat)
                )
                raise PlayError.at(reason, play, laid.token)
            in_hand.discard(laid.card)
        elif laid.card in seen:
            reason = Message(
                "{card} was laid by {name}, but {seat} holds it, laid it away or cut it",
                card=laid.card,
                name=Message(laid.player),
                seat=Message(seat),
            )
            raise PlayError.at(reason, play, laid.token)
        seen.add(laid.card)
    if state.over():
        raise PlayError(Message("the play is over: every card was laid"), text=play)
    if state.turn != me:
        reason = Message("it is {name}'s turn to play", name=Message(names[state.turn]))
        raise PlayError(reason, text=play)
    # Cards the opponent may hold: unseen, and too big for every count at which they said go.
    floor = MAX_COUNT - min(go_counts) if go_counts else 0
    pool = [card.rank.value for card in DECK if card not in seen and card.value > floor]
    mine_ranks = tuple(sorted(card.rank.value for card in in_hand))
    fitting = sorted(c for c in in_hand if fits_count(state.count, c.value))
    weighed, deals, exhaustive = weigh_ranks(
        mine_ranks,
        pool,
        state.held[1 - me],
        ranks=tuple(state.ranks),
        count=state.count,
        me=me,
        last=state.last,
        samples=samples,
        rng=random.Random(seed),
    )
    if not weighed:
        reason = Message("no hand of the opponent fits what was seen")
        raise PlayError(reason, text=play)
    moves: list[Card | None] = [*fitting] if fitting else [None]
    choices = [
        dataclasses.replace(weighed[0 if move is None else move.rank.value], card=move)
        for move in moves
    ]
    choices.sort(key=lambda c: (-c.net, -c.mine))
    return PlayAdvice(seat, state.count, tuple(choices), deals, exhaustive, seed)


def weigh_ranks(
    mine: Ranks,
    pool: Sequence[int],
    size: int,
    *,
    ranks: Ranks,
    count: int,
    me: int,
    last: int,
    samples: int = DEFAULT_SAMPLES,
    rng: random.Random,
) -> tuple[dict[int, CardChoice], int, bool]:
    """Every legal move of a player by rank, weighed over the opponent's possible hands.

    ``mine`` are the player's ranks in hand (sorted), ``pool`` the ranks the
    opponent may hold (one for each unseen card that fits what was seen),
    ``size`` how many they hold; ``ranks``, ``count`` and ``last`` the
    current count as ``solve_play`` takes it, ``me`` the player's seat (0
    pone, 1 dealer). Returns the figures of each legal rank (0 for a go;
    ``card`` is None), how many opponent's hands were weighed, and whether
    they were every one (else ``samples`` drawn with ``rng``). No hand fits:
    an empty dict.
    """
    hands, exhaustive = _opponent_hands(pool, size, samples, rng)
    if not hands:
        return {}, 0, exhaustive
    legal = sorted({rank for rank in mine if fits_count(count, _VALUES[rank])}) or [0]
    weights = [w for _, w in hands]
    by_rank: dict[int, CardChoice] = {}
    for rank in legal:
        # Cards of one rank play alike: each rank is weighed once.
        figures = [_after(rank, mine, theirs, ranks, count, me, last) for theirs, _ in hands]
        by_rank[rank] = _summarise(figures, weights, exhaustive)
    return by_rank, len(hands), exhaustive


def _after(
    rank: int, mine: Ranks, theirs: Ranks, ranks: Ranks, count: int, me: int, last: int
) -> tuple[int, int]:
    """The player's and the opponent's points to the end, after laying ``rank`` (0: a go),
    in one deal."""
    hands = [mine, theirs] if me == 0 else [theirs, mine]
    if not rank:
        # Go: the state as it stands, the player unable to play.
        pone, dealer = solve_play(hands[0], hands[1], ranks, count, me, last)
        return (pone, dealer) if me == 0 else (dealer, pone)
    at = mine.index(rank)
    hands[me] = mine[:at] + mine[at + 1 :]
    total = count + _VALUES[rank]
    points, tail = _step(ranks, rank, total)
    after = 0 if total == MAX_COUNT else total  # 31 ends the count
    pone, dealer = solve_play(hands[0], hands[1], tail, after, 1 - me, me)
    return (pone + points, dealer) if me == 0 else (dealer + points, pone)


def _summarise(figures: list[tuple[int, int]], weights: list[int], exhaustive: bool) -> CardChoice:
    total = sum(weights)
    mine = sum(w * a for (a, _), w in zip(figures, weights, strict=True)) / total
    theirs = sum(w * b for (_, b), w in zip(figures, weights, strict=True)) / total
    net = mine - theirs
    error = 0.0
    if not exhaustive and len(figures) > 1:
        spread = sum((a - b - net) ** 2 for a, b in figures) / (len(figures) - 1)
        error = math.sqrt(spread / len(figures))
    return CardChoice(None, mine, theirs, net, error)
