"""What the last card of each of many plays pegs, the plays replayed together in numpy columns.

A practice log holds hundreds of thousands of plays in progress, each asking
what its last card pegs. ``replay`` takes them a thousand at a time: every play
takes its next turn at once, one numpy step a turn, by the rules of ``peg``
(the turns of ``PlayState``: the count to 31, the go, the go point, who leads
next, the last card), and the last card is scored by the rules' own column form
(``rules.count_tails``, then ``rules.card_pegs``). A test checks it against
``peg`` over many random plays of 2 to 6 players, legal and not.

>>> import numpy as np
>>> last = replay(np.array([[4, 6, 5, PAST], [13, GO, 9, PAST], [5, 5, 5, PAST]]), players=2)
>>> for key in last.keys().tolist():
...     items = items_of_key(key)
...     print(None if items is None else [(item.kind.value, item.points) for item in items])
[('fifteen', 2), ('run', 3)]
None
[('fifteen', 2), ('pair', 6)]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from cribcount import rules
from cribcount.rules import EVERY_CARD_FITS, MAX_COUNT, PegItem
from cribcount.seats import HAND_SIZE

if TYPE_CHECKING:
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]
    Bools = npt.NDArray[np.bool_]

__all__ = ["GO", "LAST", "PAST", "LastCards", "items_of_code", "items_of_key", "peg_code", "replay"]

GO = 0
"""A go among a play's moves, which are otherwise ranks (1 to 13)."""
PAST = -1
"""What fills a row of moves past the end of its play."""

_VALUES = np.array([0, *(rules.counting_value(rank) for rank in range(1, 14))], dtype=np.int64)
"""The counting value of each rank, 1 to 13 (and 0 for a go)."""
LAST = 1 << 9
"""The bit of a peg code (``peg_code``) for the last card of the play."""


def peg_code(fifteen: Any, thirty_one: Any, same: Any, run: Any) -> Any:
    """What a card laid scores, as a number (``items_of_code`` reads it): whether it made 15
    or 31, the cards of its rank at the tail of the count (``same``, itself among them) and
    the run it ends (0 for none); the caller adds ``LAST`` for the last card of the play.
    Works on numbers and numpy columns alike."""
    return fifteen + 2 * thirty_one + 4 * (same - 1) + 16 * run


@functools.cache
def items_of_code(code: int) -> tuple[PegItem, ...]:
    """The items of a card laid whose score is ``code`` (``peg_code``): what
    ``rules.card_pegs`` gives for such a card, and the last card's point."""
    last, rest = divmod(code, LAST)
    run, rest = divmod(rest, 16)
    same, rest = divmod(rest, 4)
    thirty_one, fifteen = divmod(rest, 2)
    count = rules.FIFTEEN if fifteen else MAX_COUNT if thirty_one else 0
    items = rules.card_pegs(count, same + 1, run)
    return (*items, rules.LAST_CARD_ITEM) if last else items


class LastCards(NamedTuple):
    """What the last card of each play pegs, a play a row: the running count after it, the
    cards of its rank that end that count and the run its tail makes (``rules.count_tails``),
    whether it is the last card of the whole play (which pegs one more), and whether ``peg``
    refuses the play."""

    running: Ints
    same: Ints
    run: Ints
    last: Bools
    refused: Bools

    def keys(self) -> Ints:
        """A number a play that says what its last card pegs (``items_of_key`` reads it):
        its ``peg_code``, so plays that peg alike have one key. -1 for a play refused."""
        code = peg_code(
            self.running == rules.FIFTEEN, self.running == MAX_COUNT, self.same, self.run
        )
        return np.where(self.refused, -1, code + LAST * self.last)


def items_of_key(key: int) -> tuple[PegItem, ...] | None:
    """The items the last card pegs, by its play's key (``LastCards.keys``); None for a play
    refused."""
    return None if key < 0 else items_of_code(key)


def replay(moves: Ints, *, players: int) -> LastCards:
    """What the last card laid in each play pegs (``LastCards``), the plays at a table of
    ``players``: ``moves`` holds a play a row, its moves from the first column on (a rank, or
    ``GO``), then ``PAST`` to the end of the row.

    Each card is taken to be a different card of its rank (the caller checks that no card is
    laid twice). A play is refused where ``peg`` refuses it: a go while a card fits, a card
    that does not fit while a player still in could play, a move after every card, no card.
    Gos are read as ``peg`` reads them: a go nobody wrote is inferred where it is plain, and
    a written go just after the go point is the word for it.
    """
    if not moves.shape[1]:
        moves = np.full((len(moves), 1), PAST)  # no play holds a move: each is refused below
    plays, width = moves.shape
    rows = np.arange(plays)
    first_in = _first_in(players)
    length = (moves != PAST).sum(axis=1)
    held = np.full((plays, players), HAND_SIZE, dtype=np.int64)
    holding = np.full(plays, (1 << players) - 1, dtype=np.int64)  # a bit for each holding cards
    left = np.full(plays, HAND_SIZE * players, dtype=np.int64)
    gone = np.zeros(plays, dtype=np.int64)  # a bit for each player who said go in this count
    at, count, turn = (np.zeros(plays, dtype=np.int64) for _ in range(3))
    last = np.full(plays, -1, dtype=np.int64)
    previous = last.copy()
    laid = np.zeros((plays, width), dtype=np.int64)  # the ranks of the current count
    size = np.zeros(plays, dtype=np.int64)  # how many cards the current count holds
    last_count, last_size = np.zeros(plays, dtype=np.int64), np.zeros(plays, dtype=np.int64)
    # The last turn taken, as in peg's reading: a go or a card, for a go whether it pegs the
    # go point and whether it was inferred rather than written.
    was_go, go_point, inferred = (np.zeros(plays, dtype=bool) for _ in range(3))
    unsettled = np.zeros(plays, dtype=bool)  # a turn ended: whose turn it is next is open
    refused = np.zeros(plays, dtype=bool)
    active = at < length
    while active.any():
        settle = active & unsettled & (left > 0)
        if settle.any():
            # Pass the turn to a player who can still play; if none can, the go point (to
            # the last to lay a card) ends the count, and the next after them leads.
            still_in = first_in(turn, holding & ~gone)
            turn = np.where(settle & (still_in >= 0), still_in, turn)
            closed = settle & (still_in < 0)
            if closed.any():
                said = closed & was_go & (previous == last) & ~go_point
                new = closed & ~said
                go_point |= closed
                was_go |= new
                inferred |= new
                previous = np.where(new, last, previous)
                count[closed] = size[closed] = gone[closed] = 0
                turn = np.where(closed, first_in(last + 1, holding), turn)
            unsettled &= ~settle
        refused |= active & (left == 0)  # a move after every card was laid
        active &= left > 0
        move = moves[rows, np.minimum(at, width - 1)]
        go = active & (move == GO)
        card = active & (move > GO)
        at += go
        word = go & was_go & go_point & inferred  # the written word for the go point just pegged
        inferred &= ~word
        go &= ~word
        refused |= go & (count <= EVERY_CARD_FITS)  # any card fits: the player can play
        go &= count > EVERY_CARD_FITS
        value = _VALUES[np.maximum(move, GO)]
        fits = rules.fits_count(count, value)
        stuck = card & ~fits
        if stuck.any():
            others = first_in(turn + 1, holding & ~(gone | np.left_shift(1, turn)))
            refused |= stuck & (others >= 0)  # a player still in said no go
            # Nobody can play on: that go ends the count, and this card then leads.
            stuck &= others < 0
            inferred = np.where(stuck, True, inferred)
        said_go = go | stuck
        gone = np.where(said_go, gone | np.left_shift(1, turn), gone)
        was_go |= said_go
        go_point &= ~said_go
        inferred &= ~go
        previous = np.where(said_go, turn, previous)
        unsettled |= said_go
        lay = card & fits
        if lay.any():
            at += lay
            last = np.where(lay, turn, last)
            previous = np.where(lay, turn, previous)
            count = np.where(lay, count + value, count)
            at_lay = np.flatnonzero(lay)
            laid[at_lay, size[at_lay]] = move[at_lay]
            player = turn[at_lay]
            held[at_lay, player] -= 1
            emptied = held[at_lay, player] == 0
            holding[at_lay[emptied]] &= ~np.left_shift(1, player[emptied])
            size += lay
            left -= lay
            last_count = np.where(lay, count, last_count)
            last_size = np.where(lay, size, last_size)
            was_go &= ~lay
            go_point &= ~lay
            inferred &= ~lay
            thirty_one = lay & (count == MAX_COUNT)  # 31 ends the count; the next player leads
            count[thirty_one] = size[thirty_one] = gone[thirty_one] = 0
            turn = np.where(lay, (turn + 1) % players, turn)
            out = np.right_shift(holding & ~gone, turn) & 1 == 0
            unsettled = np.where(lay, thirty_one | out, unsettled)
        active &= ~refused & (at < length)
    refused |= last_size == 0  # no card laid
    # Only the last card is scored: the cards before it made the counts and turns.
    same, run = rules.count_tails(laid[:, : last_size.max(initial=1)], last_size)
    return LastCards(last_count, same, run, (left == 0) & (size > 0), refused)


@functools.cache
def _first_in(players: int) -> Callable[[Ints, Ints], Ints]:
    """For a table of ``players``: the first player of each play from a seat on (round the
    table) whose bit is set in a number (who holds cards and has not said go), -1 if none,
    looked up in a table of every seat and every such number."""
    masks = 1 << players
    table = np.full(players * masks, -1, dtype=np.int64)
    for start, mask in itertools.product(range(players), range(masks)):
        seats = ((start + step) % players for step in range(players))
        table[start * masks + mask] = next((p for p in seats if mask >> p & 1), -1)

    def first_in(start: Ints, free: Ints) -> Ints:
        return table.take(start % players * masks + free)

    return first_in
