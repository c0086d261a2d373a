"""Runs of usual deals (``cribcount.game.runs``) read at once in numpy: their cards taken from
their places, checked as ``read_block`` checks one deal, every play replayed at once
(``replay``: the turns of ``play_out``, a test checks) and every show counted by the batch's
vectorised count; the game's own order is then applied to them one by one
(``GameScorer.score_run``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cribcount import rules
from cribcount.cards import DECK
from cribcount.game.runs import DealRun
from cribcount.play_columns import LAST, items_of_code, peg_code
from cribcount.rules import EVERY_CARD_FITS, PegItem
from cribcount.seats import HAND_SIZE

__all__ = ["ReadRun", "Replayed", "peg_items", "read_run", "replay"]

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
Bools = npt.NDArray[np.bool_]

_POSSIBLE = np.array([rules.show_possible(n) for n in range(100)], dtype=np.bool_)
"""Whether a show can make each count a claim may write (two digits at most)."""
_VALUE = np.array([card.value for card in DECK], dtype=np.int16)
_RANK = np.array([card.rank for card in DECK], dtype=np.int16)


@dataclass(frozen=True)
class ReadRun:
    """A run's deals read, a row a deal: the cards of the play (``Card.index``) and the
    starter, the claims (each seat's show, then the crib), whether ``read_block`` would read
    the deal (``good``) and, for those, the play replayed and the true count of each show and
    the crib."""

    laid: U8
    """The cards of each play in the order laid."""
    starters: U8
    claims: I16
    good: Bools
    played: Replayed
    totals: I64

    @property
    def starter_ranks(self) -> I16:
        """The rank of each deal's starter."""
        return _RANK.take(self.starters)

    def scoring(self, deals: int) -> list[list[tuple[int, int, int]]]:
        """The turns that score in each of the first ``deals`` plays, in order: the seat, the
        card laid (-1 for a go) and its item code (``peg_items``; -1 for a go point)."""
        played = self.played
        # Each card's turn, then the go point after it if any.
        scores = np.stack([played.points[:deals] > 0, played.go_after[:deals]], axis=2)
        seats = np.repeat(played.player[:deals], 2, axis=1).reshape(scores.shape)
        cards = np.stack([self.laid[:deals].astype(np.int16), np.full(seats.shape[:2], -1)], 2)
        codes = np.stack([played.code[:deals], np.full(seats.shape[:2], -1)], 2)
        found = scores.reshape(deals, -1)
        turns = list(
            zip(
                seats.reshape(deals, -1)[found].tolist(),
                cards.reshape(deals, -1)[found].tolist(),
                codes.reshape(deals, -1)[found].tolist(),
                strict=True,
            )
        )
        ends = np.cumsum(found.sum(axis=1)).tolist()
        return [turns[start:end] for start, end in zip([0, *ends], ends, strict=False)]


def read_run(run: DealRun, data: bytes) -> ReadRun:
    """The deals of ``run`` (found in ``data``) read and checked as ``read_block`` reads one
    deal, the play replayed and the shows counted, all deals at once."""
    from cribcount.batch.vector import CARD_OF_NAME, score_rows

    shape = run.shape
    deals = len(run)
    players = len(shape.players)
    places = np.array(shape.places).take(run.dealers, axis=0) + np.array(run.starts)[:, None]
    text = np.frombuffer(data, dtype=np.uint8)
    codes = text.take(places).astype(np.uint16) | text.take(places + 1).astype(np.uint16) << 8
    cards = CARD_OF_NAME.take(codes)
    claims = np.array(run.claims, dtype="S2").astype(np.int16).reshape(deals, players + 1)
    dealt = np.sort(cards[:, : shape.dealt], axis=1)
    kept = cards[:, shape.kept]
    laid = cards[:, shape.dealt :]
    good = (dealt[:, 1:] != dealt[:, :-1]).all(axis=1)
    good &= (np.sort(kept, axis=1) == np.sort(laid, axis=1)).all(axis=1)
    good &= _POSSIBLE.take(claims).all(axis=1)
    played = replay(kept.reshape(deals, players, HAND_SIZE), laid)
    good &= played.legal
    # Every seat's hand, then the crib, a row each, the starter last.
    starter = cards[:, shape.dealt - 1]
    shows = [kept[:, seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
    shows.append(cards[:, shape.crib])
    five = np.concatenate([np.column_stack([four, starter]) for four in shows])
    crib = np.repeat(np.arange(players + 1) == players, deals)
    rows = score_rows(
        line=np.zeros(len(five), dtype=np.int64),
        cards=np.ascontiguousarray(five.T),
        crib=crib,
        claim=np.zeros(len(five), dtype=np.int16),
    )
    totals = rows.total.astype(np.int64).reshape(players + 1, deals).T
    return ReadRun(laid, starter, claims, good, played, totals)


# --- the play of many deals at once ------------------------------------------------------------

_OUT = 99
"""The value of a card no more held: it fits no count."""


def peg_items(code: int) -> tuple[PegItem, ...]:
    """The items of a card laid whose score is ``code`` (``play_columns.peg_code``), or of a
    go point (-1)."""
    return (rules.GO_ITEM,) if code < 0 else items_of_code(code)


@functools.cache
def _points() -> I16:
    """The points of each item code, from the items."""
    return np.array(
        [sum(item.points for item in peg_items(code)) for code in range(2 * LAST)], dtype=np.int16
    )


@dataclass(frozen=True)
class Replayed:
    """The plays of many deals (a row each), card by card: whether each deal's play is legal,
    who laid each card (a seat, 0 the dealer's left), its item code (``peg_items``) and
    points, and whether a go point (to the player of that card) followed it."""

    legal: Bools
    player: I8
    code: I16
    points: I16
    go_after: Bools

    def pegged(self, seats: int) -> I64:
        """What each of the ``seats`` pegged in each deal's play, a row a deal."""
        deals = len(self.player)
        at = np.arange(deals)[:, None] * seats + self.player
        weights = self.points + self.go_after * rules.GO_POINTS
        flat = np.bincount(at.ravel(), weights=weights.ravel(), minlength=deals * seats)
        return flat.astype(np.int64).reshape(deals, seats)


def _still_in(start: I64, held: I64, gone: I64) -> I64:
    """For each row, the first player from ``start`` on (round the table) who holds cards
    (``held``: how many, a column a player) and has not said go (a bit of ``gone``); -1 if
    none."""
    players = held.shape[1]
    seats = (start[:, None] + np.arange(players)) % players
    open_ = (np.take_along_axis(held, seats, axis=1) > 0) & ((gone[:, None] >> seats) & 1 == 0)
    first = seats[np.arange(len(start)), open_.argmax(axis=1)]
    return np.where(open_.any(axis=1), first, -1)


def replay(kept: U8, laid: U8) -> Replayed:
    """The plays of many deals at once: ``kept`` each seat's four cards (deals, seats, 4) in
    turn order, ``laid`` the cards in the order laid (deals, cards); the gos inferred as
    ``play_out`` infers them. A play is legal as ``play_out`` finds it: each card the
    player's to play and fitting the count (``laid`` holds the hands' cards, each once)."""
    deals, players, _ = kept.shape
    cards = laid.shape[1]
    rows = np.arange(deals)
    owner = np.full((deals, len(DECK) + 1), -1, dtype=np.int64)
    slot = np.zeros((deals, len(DECK) + 1), dtype=np.int64)
    flat = kept.reshape(deals, -1).astype(np.int64)
    owner[rows[:, None], flat] = np.arange(players * HAND_SIZE) // HAND_SIZE
    slot[rows[:, None], flat] = np.arange(players * HAND_SIZE)
    values = _VALUE.take(flat).reshape(deals, players, HAND_SIZE).astype(np.int64)
    by_flat = values.reshape(deals, -1)  # the same values, a row a deal
    held = np.full((deals, players), HAND_SIZE, dtype=np.int64)
    count = np.zeros(deals, dtype=np.int64)
    gone = np.zeros(deals, dtype=np.int64)
    turn = np.zeros(deals, dtype=np.int64)
    last = np.zeros(deals, dtype=np.int64)
    length = np.zeros(deals, dtype=np.int64)  # cards in the current count
    ranks = np.zeros((deals, cards), dtype=np.int64)  # the current count's ranks
    legal = np.ones(deals, dtype=np.bool_)
    player = np.zeros((deals, cards), dtype=np.int8)
    code = np.zeros((deals, cards), dtype=np.int16)
    go_after = np.zeros((deals, cards), dtype=np.bool_)

    def close_with_go(closing: I64, after: int) -> None:
        # Nobody can play on: the go point to the last to lay a card (after card ``after``),
        # and a new count, led by the next after them holding cards.
        go_after[closing, after] = True
        count[closing] = gone[closing] = length[closing] = 0
        turn[closing] = _still_in(last[closing] + 1, held[closing], gone[closing])

    for step in range(cards):
        # A player holding no card that fits says go (up to 21 every card fits).
        for _ in range(players):
            lowest = values[rows, turn].min(axis=1)
            going = np.flatnonzero(
                legal & (count > EVERY_CARD_FITS) & ~rules.fits_count(count, lowest)
            )
            if not len(going):
                break
            gone[going] |= 1 << turn[going]
            turn[going] = after_go = _still_in(turn[going], held[going], gone[going])
            if (after_go < 0).any():
                close_with_go(going[after_go < 0], step - 1)
        card = laid[:, step].astype(np.int64)
        value = _VALUE.take(card).astype(np.int64)
        legal &= (owner[rows, card] == turn) & rules.fits_count(count, value)
        count += value
        rank = _RANK.take(card).astype(np.int64)
        ranks[rows, length] = rank
        length += 1
        same, run = rules.count_tails(ranks[:, : int(length.max())], length)
        made = peg_code(count == rules.FIFTEEN, count == rules.MAX_COUNT, same, run)
        by_flat[rows, slot[rows, card]] = _OUT
        held[rows, turn] -= 1
        player[:, step] = turn
        last = turn.copy()
        thirty_one = count == rules.MAX_COUNT
        if step == cards - 1:
            # The last card laid pegs 1, unless it made 31.
            code[:, step] = made + LAST * ~thirty_one
            break
        code[:, step] = made
        # 31 ends the count by itself: the next player holding cards leads.
        count[thirty_one] = gone[thirty_one] = length[thirty_one] = 0
        turn = (turn + 1) % players
        plays_on = (held[rows, turn] > 0) & ((gone >> turn) & 1 == 0)
        passed = np.flatnonzero(~plays_on)
        if len(passed):
            turn[passed] = after_turn = _still_in(turn[passed], held[passed], gone[passed])
            # Nobody else can play on, and the last to lay holds no more: the go point.
            out = passed[after_turn < 0]
            close_with_go(out[legal[out]], step)
            turn[out[~legal[out]]] = 0
    points = _points().take(code)
    return Replayed(legal, player, code, points, go_after)
