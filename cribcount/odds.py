"""Win chances: each side's chance to win the game from a score, with a skunk and a double skunk.

A deal scores in a fixed order: the dealer's heels at the cut, the play card
by card, the pone's show, the dealer's show, the crib. The game ends the
moment a side reaches the target, so who gets there first depends on that
order, not on the deal's totals alone. The chances here come from a dynamic
program over the board: from every pair of scores, with either side to deal,
the chance of each end of the game is the deal's outcomes weighed by how
likely they are, each outcome followed through its points in that order: a
side that reaches the target wins there (skunked or not by the other's score
at that moment), else the next deal starts from the new scores with the deal
passed. A deal always scores (the play's last card pegs), so every deal
moves the board on, and the program works back from the scores nearest the
end.

The deals' outcomes are data: a deal's scorings in order (``Scorings``, as
``selfplay.DealPoints.events`` gives them, the play's pegs in the order they
were pegged), each with its weight. The
shipped table (``odds_table.bin``) was made from the deals of engine
self-play kept in ``odds_deals.txt``, both written by
``benchmarks/build_odds_table.py`` with a seed; ``chances`` reads one entry of
it.

>>> c = chances(0, 0, dealer=True)
>>> round(c.mine.win + c.theirs.win, 6)
1.0
>>> chances(121, 80, dealer=False).mine
Ends(win=1.0, skunk=1.0, double=0.0)
"""

from __future__ import annotations

import functools
import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from cribcount.errors import CribcountError
from cribcount.messages import N_, Message
from cribcount.rules import BOARDS, GAMES, Board
from cribcount.shipped import ODDS_DEALS, ODDS_TABLE

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from cribcount.cards import Card
    from cribcount.discard_play import PlayChoice, PlayedAdvice
    from cribcount.selfplay import DealPoints

__all__ = [
    "CONVENTIONS",
    "DEALS",
    "ENDS",
    "SEED",
    "Chances",
    "Convention",
    "Ends",
    "KeepChances",
    "OddsError",
    "Played",
    "chances",
    "deal_chances",
    "deal_seed",
    "dealer_table",
    "keep_chances",
    "load_deals",
    "parse_convention",
    "parse_score",
    "play_deals",
    "play_from",
    "read_deals",
    "solve_board",
    "table_bytes",
    "weighed",
    "write_deals",
]

PONE, DEALER = 0, 1
"""The two seats of a deal, as ``selfplay`` numbers them (not imported: ``odds`` stays light)."""
ENDS = ("win", "skunk", "double")
"""How a side's game can end well: a plain win, a skunk, a double skunk."""
_COLUMNS = 2 * len(ENDS)
"""A table entry: the dealer's three ends, then the pone's, each the chance of that end alone."""


class OddsError(CribcountError):
    """A score that is not a position of the game, or an unknown convention of game points."""


Scorings = Sequence[tuple[int, int]]
"""A deal's scorings in the order of the rules, as ``selfplay.DealPoints.events`` gives them:
(seat, points), the seat ``PONE`` (0) or ``DEALER`` (1)."""


# --- the dynamic program --------------------------------------------------------------------


_FEW_NEEDS = 4
"""Needs counted straight from the scores (``_Deals.reached``); more, from the whole table."""


class _Deals:
    """Weighted deals as numpy columns, for a board: for each deal and each number of points
    a side still needs, the step at which it gets them (``steps + 1``: never); and the
    deals' totals, merged where equal (a deal that ends nobody's game leads to the next deal
    by its totals alone)."""

    def __init__(
        self, weights: npt.NDArray[np.float64], gains: npt.NDArray[np.int64], target: int
    ) -> None:
        import numpy as np

        self.weights = weights
        self.cumulative = np.cumsum(gains, axis=2).astype(np.int16)  # deal, seat, step: so far
        self.target = target
        # Each distinct (pone's, dealer's) total of a deal, and how likely it is.
        totals = self.cumulative[:, :, -1].astype(np.int64)
        wide = int(totals.max(initial=0)) + 1
        keys, where = np.unique(totals[:, PONE] * wide + totals[:, DEALER], return_inverse=True)
        self.totals = np.stack([keys // wide, keys % wide], axis=1)
        self.total_weights = np.bincount(where.ravel(), self.weights, minlength=len(keys))

    @functools.cached_property
    def reach(self) -> npt.NDArray[np.int16]:
        """For each deal, seat and need up to the target, the first step at which the seat
        has that many points: the steps before it with fewer, counted by how many points each
        has, then added up."""
        import numpy as np

        target = self.target
        deals, seats, steps = self.cumulative.shape
        so_far = np.minimum(self.cumulative, target).reshape(deals * seats, steps)
        rows = np.arange(deals * seats)[:, None] * (target + 1)
        had = np.bincount((rows + so_far).ravel(), minlength=deals * seats * (target + 1))
        before = np.zeros((deals * seats, target + 1), dtype=np.int64)
        np.cumsum(had.reshape(deals * seats, target + 1)[:, :-1], axis=1, out=before[:, 1:])
        return before.reshape(deals, seats, target + 1).astype(np.int16)

    def reached(self, seat: int, needs: npt.NDArray[np.int64]) -> npt.NDArray[np.integer[Any]]:
        """``reach`` of one seat for some needs, ``[deal, need]``: for a need or two (one
        position's), counted straight from the scores, not from the whole table."""
        if len(needs) > _FEW_NEEDS:
            return self.reach[:, seat, needs]
        found: npt.NDArray[np.integer[Any]] = (self.cumulative[:, seat, :, None] < needs).sum(
            axis=1
        )
        return found

    @classmethod
    def of(cls, deals: Sequence[tuple[float, Scorings]], target: int) -> _Deals:
        """Weighted deals, each its scorings in order."""
        import numpy as np

        stepped = [steps for _, steps in deals]
        most = max((len(steps) for steps in stepped), default=0)
        gains = np.zeros((len(deals), 2, most + 1), dtype=np.int64)
        for row, steps in enumerate(stepped):
            for at, (seat, points) in enumerate(steps, start=1):
                gains[row, seat, at] = points
        weights = np.array([weight for weight, _ in deals], dtype=np.float64)
        return cls(weights, gains, target)


def _finishes(
    deals: _Deals, need_dealer: int, need_pone: npt.NDArray[np.int64], board: Board
) -> npt.NDArray[np.float64]:
    """The chance that the deal ends the game, by each of the six ends, when the dealer needs
    ``need_dealer`` points and the pone each of ``need_pone``: ``[need, end]``."""
    import numpy as np

    target = board.target
    rows = np.arange(len(deals.weights))[:, None]
    steps = deals.cumulative.shape[2] - 1
    dealer_at = deals.reached(DEALER, np.array([need_dealer]))  # deal, 1
    pone_at = deals.reached(PONE, need_pone)  # deal, need
    # Each step scores for one side only: who reaches the target at the earlier step wins,
    # and the loser's score is theirs at that step.
    ends = []
    for wins, loser in (
        (
            dealer_at < pone_at,
            (target - need_pone) + deals.cumulative[:, PONE, :][rows, np.minimum(dealer_at, steps)],
        ),
        (
            pone_at < dealer_at,
            (target - need_dealer)
            + deals.cumulative[:, DEALER, :][rows, np.minimum(pone_at, steps)],
        ),
    ):
        double = wins & (loser <= (-1 if board.double_skunk is None else board.double_skunk))
        skunk = wins & (loser <= board.skunk) & ~double
        ends += [wins & ~skunk & ~double, skunk, double]
    # einsum, not a matrix product: no threads of a linear algebra library on a shared machine
    return np.stack([np.einsum("n,nk->k", deals.weights, end) for end in ends], axis=-1)


def _following(
    deals: _Deals,
    dealer: npt.NDArray[np.int64],
    pone: npt.NDArray[np.int64],
    target: int,
    later: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """The chances of the six ends through the deals that end nobody's game, from each
    (dealer, pone) score pair: the next deal's chances from ``later``, the pone dealing."""
    import numpy as np

    next_dealer = pone[:, None] + deals.totals[:, PONE]  # state, total
    next_pone = dealer[:, None] + deals.totals[:, DEALER]
    going_on = (next_dealer < target) & (next_pone < target)
    following = later[np.where(going_on, next_dealer, 0), np.where(going_on, next_pone, 0)]
    # The next deal's dealer is this deal's pone: its ends read the other way round.
    following = following[..., [3, 4, 5, 0, 1, 2]] * going_on[..., None]
    summed: npt.NDArray[np.float64] = np.einsum("stk,t->sk", following, deals.total_weights)
    return summed


def solve_board(deals: Sequence[tuple[float, Scorings]], board: Board) -> npt.NDArray[np.float64]:
    """The chances of every end of the game from every score pair, a deal about to start.

    ``deals`` are a deal's outcomes with their weights (summing to one);
    the result ``[dealer, pone, end]`` holds, for the dealer's and the
    pone's scores below the target, the chance that the dealer wins (plainly,
    with a skunk, with a double skunk) and the same for the pone, in that
    order: the six sum to one.
    """
    import numpy as np

    target = board.target
    prepared = _Deals.of(deals, target)
    needs = np.arange(target, 0, -1)  # the pone's need at scores 0, 1, ...
    table = np.stack([_finishes(prepared, target - d, needs, board) for d in range(target)])
    # Every deal scores, so each score pair depends only on pairs of a larger sum.
    for total in range(2 * target - 2, -1, -1):
        dealer = np.arange(max(0, total - target + 1), min(target - 1, total) + 1)
        pone = total - dealer
        table[dealer, pone] += _following(prepared, dealer, pone, target, table)
    return table


def deal_chances(
    deals: Sequence[tuple[float, Scorings]],
    dealer: int,
    pone: int,
    *,
    game: int = GAMES[0],
) -> tuple[float, ...]:
    """The six ends' chances (as ``solve_board``'s) from one score pair when this deal's
    outcomes are ``deals`` and every later deal's are the shipped table's."""
    return _chances_after(_Deals.of(deals, game), dealer, pone, game)


def _chances_after(deals: _Deals, dealer: int, pone: int, game: int) -> tuple[float, ...]:
    """``deal_chances`` of deals already prepared."""
    import numpy as np

    board = BOARDS[game]
    later = _later(game)
    ends = _finishes(deals, game - dealer, np.array([game - pone]), board)
    ends += _following(deals, np.array([dealer]), np.array([pone]), game, later)
    return tuple(float(x) for x in ends[0])


_LATER: dict[int, npt.NDArray[np.float64]] = {}


def _later(game: int) -> npt.NDArray[np.float64]:
    """A game's shipped table as ``[dealer, pone, end]``, made once."""
    import numpy as np

    if game not in _LATER:
        whole = np.array(_read_all(game), dtype=np.float64)
        _LATER[game] = whole.reshape(game, game, _COLUMNS)
    return _LATER[game]


# --- the shipped table ----------------------------------------------------------------------


def table_bytes(tables: Iterable[npt.NDArray[np.float64]]) -> bytes:
    """The tables of ``solve_board`` for each game of ``GAMES`` in turn, as the shipped file."""
    import numpy as np

    return b"".join(np.asarray(table, dtype="<f4").tobytes() for table in tables)


def _offset(game: int) -> int:
    """Where a game's table starts in the file, in entries of one float."""
    return sum(target * target * _COLUMNS for target in GAMES[: GAMES.index(game)])


def _read(game: int, dealer: int, pone: int) -> tuple[float, ...]:
    """One entry of the shipped table: the six ends from that (dealer, pone) score pair."""
    values = array("f")
    with open(ODDS_TABLE, "rb") as data:
        data.seek(4 * (_offset(game) + (dealer * game + pone) * _COLUMNS))
        values.fromfile(data, _COLUMNS)
    if sys.byteorder == "big":
        values.byteswap()
    return tuple(values)


_WHOLE: dict[int, array[float]] = {}


def _read_all(game: int) -> array[float]:
    """A game's whole table, read once."""
    if game not in _WHOLE:
        values = array("f")
        with open(ODDS_TABLE, "rb") as data:
            data.seek(4 * _offset(game))
            values.fromfile(data, game * game * _COLUMNS)
        if sys.byteorder == "big":
            values.byteswap()
        _WHOLE[game] = values
    return _WHOLE[game]


def dealer_table(game: int = GAMES[0]) -> array[float]:
    """The shipped table of one game, flat: entry ``(dealer * game + pone) * 6 + end``."""
    return _read_all(game)


# --- a position's chances -------------------------------------------------------------------


class Ends(NamedTuple):
    """One side's chances: to win at all, to win with a skunk (double skunks included),
    and with a double skunk."""

    win: float
    skunk: float
    double: float


@dataclass(frozen=True)
class Convention:
    """Game points: what a plain win, a skunk and a double skunk are worth to the winner."""

    name: str
    win: int
    skunk: int
    double: int

    def __str__(self) -> str:
        return f"{self.win},{self.skunk},{self.double}"

    def award(self, skunk: str | None) -> int:
        """The winner's game points when the loser is skunked so (None, ``skunk``, ``double``)."""
        return {None: self.win, "skunk": self.skunk, "double": self.double}[skunk]


CONVENTIONS = {
    convention.name: convention
    for convention in (
        Convention("acc", 2, 3, 3),  # American Cribbage Congress: no more for a double skunk
        Convention("casual", 1, 2, 4),  # the game counts double, or four times
        Convention("wins", 1, 1, 1),  # a game is a game
    )
}
"""The named conventions of game points, the tournaments' (``acc``) first."""


def parse_convention(text: str) -> Convention:
    """A convention by name (``acc``, ``casual``, ``wins``) or as ``WIN,SKUNK,DOUBLE`` points.

    >>> parse_convention("3,5,8")
    Convention(name='3,5,8', win=3, skunk=5, double=8)

    Raises ``OddsError`` for anything else.
    """
    name = text.strip().lower()
    if name in CONVENTIONS:
        return CONVENTIONS[name]
    parts = name.split(",")
    if len(parts) == len(ENDS) and all(part.strip().isdigit() for part in parts):
        win, skunk, double = (int(part) for part in parts)
        return Convention(name.replace(" ", ""), win, skunk, double)
    raise OddsError(
        Message(
            N_("unknown game points {text}: acc, casual, wins or WIN,SKUNK,DOUBLE such as 2,3,3"),
            text=repr(text),
        )
    )


def parse_score(text: str, *, game: int = GAMES[0]) -> tuple[int, int]:
    """Two scores written ``ME-OPP`` (such as ``110-115``), both below the game's target.

    >>> parse_score("110-115")
    (110, 115)

    Raises ``OddsError`` for anything else.
    """
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise OddsError(
            Message(N_("bad score {text}: expected ME-OPP, such as 110-115"), text=repr(text))
        )
    me, opponent = (int(part) for part in parts)
    if max(me, opponent) >= game:
        raise OddsError(
            Message(
                N_("the game is over at {game}: {text} leaves nothing to play"),
                game=game,
                text=repr(text),
            )
        )
    return me, opponent


@dataclass(frozen=True)
class Chances:
    """Both sides' chances from a score, a deal about to start: ``mine`` for the side whose
    score comes first, ``theirs`` for the other."""

    me: int
    opponent: int
    dealer: bool
    game: int
    mine: Ends
    theirs: Ends

    def game_points(self, convention: Convention) -> tuple[float, float]:
        """Each side's expected game points under ``convention`` (the loser scores none)."""
        return (_points(self.mine, convention), _points(self.theirs, convention))


def _points(ends: Ends, convention: Convention) -> float:
    plain, skunk = ends.win - ends.skunk, ends.skunk - ends.double
    award = convention.award
    return plain * award(None) + skunk * award("skunk") + ends.double * award("double")


def _side(plain: float, skunk: float, double: float) -> Ends:
    return Ends(plain + skunk + double, skunk + double, double)


def _won(loser: int, board: Board) -> Ends:
    """Certainty of a game already won, skunked or not by the loser's score."""
    double = board.double_skunk is not None and loser <= board.double_skunk
    return Ends(1.0, float(loser <= board.skunk), float(double))


def chances(me: int, opponent: int, *, dealer: bool, game: int = GAMES[0]) -> Chances:
    """Each side's chances from ``me`` to ``opponent``, ``dealer`` when the first side deals.

    A side already at the target has won: certainty. Raises ``OddsError`` for
    a negative score, both sides at the target, or a game not in ``GAMES``.
    """
    if game not in BOARDS:
        games = " or ".join(map(str, GAMES))
        raise OddsError(Message(N_("no game to {game}: {games}"), game=game, games=games))
    for score in (me, opponent):
        if score < 0:
            raise OddsError(Message(N_("a score cannot be negative: {score}"), score=score))
    board = BOARDS[game]
    if me >= game and opponent >= game:
        raise OddsError(
            Message(N_("both sides cannot reach {game}: the game ends when one does"), game=game)
        )
    if me >= game:
        return Chances(me, opponent, dealer, game, _won(opponent, board), Ends(0.0, 0.0, 0.0))
    if opponent >= game:
        return Chances(me, opponent, dealer, game, Ends(0.0, 0.0, 0.0), _won(me, board))
    dealer_score, pone_score = (me, opponent) if dealer else (opponent, me)
    entry = _read(game, dealer_score, pone_score)
    first, second = _side(*entry[:3]), _side(*entry[3:])
    mine, theirs = (first, second) if dealer else (second, first)
    return Chances(me, opponent, dealer, game, mine, theirs)


# --- the deals the table is made from -------------------------------------------------------

SEED = 2025
"""The seed the shipped deals were played with."""
DEALS = 1000
"""The number of shipped deals."""


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a run seeded with ``seed``: any deal can be played again
    alone."""
    return seed * 1_000_003 + index


def play_deals(start: int, stop: int, *, seed: int = SEED) -> list[DealPoints]:
    """Deals ``start`` to ``stop`` of a run: engine against engine (``selfplay.play_deal``),
    each from its own seed."""
    import random

    from cribcount.pegging_engine import forget_solved
    from cribcount.selfplay import play_deal

    deals = [
        play_deal(("engine", "engine"), random.Random(deal_seed(seed, index)))
        for index in range(start, stop)
    ]
    forget_solved()
    return deals


def write_deals(deals: Iterable[DealPoints], *, header: str) -> str:
    """Deals as the shipped text, one a line: the pone's four cards, the dealer's, the
    starter, the cards of the play in the order laid (``p`` the pone's, ``d`` the dealer's),
    its pegs in order (the seat's letter and the points), then the heels, the pone's show,
    the dealer's show and the crib."""
    lines = [f"# {line}" for line in header.splitlines()]
    for deal in deals:
        pone, dealer = (" ".join(map(str, cards)) for cards in deal.kept)
        laid = " ".join(f"{'pd'[seat]}{card}" for seat, card in deal.laid)
        pegs = " ".join(f"{'pd'[seat]}{points}" for seat, points in deal.pegs)
        shows = f"{deal.heels} {deal.hand[PONE]} {deal.hand[DEALER]} {deal.crib}"
        lines.append(f"{pone} | {dealer} | {deal.starter} | {laid} | {pegs} | {shows}")
    return "\n".join(lines) + "\n"


def read_deals(text: str) -> list[DealPoints]:
    """The deals of ``write_deals``'s text, in order ('#' lines are comments)."""
    from cribcount.cards import parse_card
    from cribcount.selfplay import DealPoints

    deals = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pone, dealer, starter, laid, pegs, shows = line.split("|")
        heels, pone_show, dealer_show, crib = (int(points) for points in shows.split())
        deals.append(
            DealPoints(
                kept=(_cards(pone), _cards(dealer)),
                starter=parse_card(starter.strip()),
                laid=tuple(("pd".index(card[0]), parse_card(card[1:])) for card in laid.split()),
                heels=heels,
                pegs=tuple(("pd".index(peg[0]), int(peg[1:])) for peg in pegs.split()),
                hand=(pone_show, dealer_show),
                crib=crib,
            )
        )
    return deals


def _cards(text: str) -> tuple[Card, ...]:
    from cribcount.cards import parse_cards

    return tuple(card for card, _ in parse_cards(text))


def load_deals() -> list[DealPoints]:
    """The shipped deals, in the order they were played."""
    with open(ODDS_DEALS, encoding="utf-8") as data:
        return read_deals(data.read())


def weighed(deals: Sequence[DealPoints]) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    """Deals as ``solve_board`` takes them: each as likely, with its scorings in order."""
    return [(1 / len(deals), tuple(deal.events())) for deal in deals]


@dataclass(frozen=True)
class Played:
    """Games played out from one position: how many, and how often the first side won (and
    with a skunk, and a double skunk)."""

    games: int
    mine: Ends

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The interval of the first side's chance to win, ``z`` standard errors either side
        (the normal approximation; 1.96: 95%)."""
        import math

        half = z * math.sqrt(max(self.mine.win * (1 - self.mine.win), 1e-12) / self.games)
        return self.mine.win - half, self.mine.win + half


def play_from(
    me: int, opponent: int, *, dealer: bool, game: int = GAMES[0], games: int, seed: int
) -> Played:
    """Play ``games`` games out from a position, engine against engine, deal by deal with
    ``selfplay.play_deal`` (game ``index`` from ``deal_seed(seed, index)``): a direct
    estimate of what ``chances`` reads from the table."""
    import random

    from cribcount.pegging_engine import forget_solved
    from cribcount.selfplay import play_deal

    board = BOARDS[game]
    wins = [0, 0, 0]
    for index in range(games):
        rng = random.Random(deal_seed(seed, index))
        scores = {True: me, False: opponent}  # by "is it the first side"
        mine_deals = dealer
        winner: bool | None = None
        while winner is None:
            deal = play_deal(("engine", "engine"), rng)
            seat_of = {DEALER: mine_deals, PONE: not mine_deals}
            for seat, points in deal.events():
                scores[seat_of[seat]] += points
                if scores[seat_of[seat]] >= game:
                    winner = seat_of[seat]
                    break
            mine_deals = not mine_deals
        forget_solved()
        if winner:
            ends = _won(scores[False], board)
            wins = [wins[0] + 1, wins[1] + int(ends.skunk), wins[2] + int(ends.double)]
    return Played(games, Ends(*(count / games for count in wins)))


# --- the discard that wins from a score -----------------------------------------------------

_SPREAD = 0.6180339887498949
"""Deal ``i`` takes the higher of two whole shifts when ``i * _SPREAD`` (its fractional part)
is below the shift's fraction: a fraction of the deals that close to it, and evenly spread."""


@dataclass(frozen=True)
class KeepChances:
    """A way to lay away (the discard with the play's ``PlayChoice``) and the chances it gives
    from the score: ``mine`` the keeper's, ``theirs`` the opponent's."""

    entry: PlayChoice
    mine: Ends
    theirs: Ends


class _Shipped(NamedTuple):
    """The shipped deals as numpy columns: each deal's pegs in the order pegged (the seat, -1
    past the last, and the points), each seat's show, the crib; each seat's average pegging
    and the average crib."""

    seat: npt.NDArray[np.int64]
    points: npt.NDArray[np.int64]
    hand: npt.NDArray[np.int64]
    crib: npt.NDArray[np.int64]
    mean_pegs: tuple[float, float]
    mean_crib: float


def _shifted(
    shipped: _Shipped, points: npt.NDArray[np.int64], side: int, by: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Move a side's pegging in every deal by ``by`` points (by deal), in ``points``: more on
    its first peg, fewer taken from its last pegs, never below none. Returns, by deal, the
    points of a peg of its own the side gets at the end of the play when it has none to add
    to (0: none)."""
    import numpy as np

    owned = shipped.seat == side
    has = owned.any(axis=1)
    up = np.maximum(by, 0)
    mine = np.where(owned, points, 0)
    mine[np.arange(len(mine)), owned.argmax(axis=1)] += np.where(has, up, 0)
    # Taken from the last pegs first: each gives what the later ones have not.
    later = np.cumsum(mine[:, ::-1], axis=1)[:, ::-1] - mine
    mine -= np.clip(np.maximum(-by, 0)[:, None] - later, 0, mine)
    points[owned] = mine[owned]
    appended: npt.NDArray[np.int64] = np.where(has, 0, up)
    return appended


def _wholes(shift: float, places: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Whole shifts for the deals at ``places``, averaging ``shift``: the higher of the two
    whole shifts around it for a fraction of the deals that close to it, evenly spread."""
    import math

    import numpy as np

    low = math.floor(shift)
    wholes: npt.NDArray[np.int64] = low + ((places * _SPREAD) % 1 < shift - low).astype(np.int64)
    return wholes


def keep_chances(
    played: PlayedAdvice, me: int, opponent: int, *, game: int = GAMES[0]
) -> list[KeepChances]:
    """Each way to lay away of a two-player deal with the chances it gives from ``me`` to
    ``opponent``, best chance to win first (the better total first when equal).

    The deal's scorings for a way to lay away: the shipped deals, each paired
    with one of the unseen starters (every starter as likely): the kept
    cards' show with that starter, and his heels when it is a jack; the
    play's pegs of the shipped deal, each side's shifted to the pegging
    table's figures for the kept ranks; the crib shifted to the way's exact
    average crib; the opponent's show as shipped. Later deals as the table.
    All the deals of a way are worked out at once, as numpy columns.
    """
    import numpy as np

    from cribcount.cards import DECK, Hand
    from cribcount.discard import Role
    from cribcount.pegging_table import pegging
    from cribcount.rules import heels_points
    from cribcount.show import count_show

    advice = played.advice
    dealer = advice.role is Role.DEALER
    seat = DEALER if dealer else PONE
    shipped = _shipped_columns()
    count, pegs = shipped.points.shape
    starters = [card for card in DECK if card not in advice.cards]
    index = np.arange(count)
    starter = index % len(starters)  # each deal's starter
    weights = 1 / (len(starters) * np.bincount(starter)[starter])
    heels = np.array([heels_points(card.rank) for card in starters])[starter]
    dealer_score, pone_score = (me, opponent) if dealer else (opponent, me)
    role = "dealer" if dealer else "pone"
    found = []
    for entry in played.choices:
        keep = entry.choice.keep
        shows = [count_show(Hand((keep[0], keep[1], keep[2], keep[3]), s)).total for s in starters]
        figures = pegging(keep=[card.rank.value for card in keep], role=role)
        wanted = {seat: figures.keeper, 1 - seat: figures.opponent}
        # The steps of each deal: none, the heels, the pegs, a peg of each side's own at the end
        # of the play, the pone's show, the dealer's, the crib.
        gains = np.zeros((count, 2, pegs + 7), dtype=np.int64)
        gains[:, DEALER, 1] = heels
        points = shipped.points.copy()
        # Each shift rounds by its own place in the sequence: three shifts, three places.
        for side in (PONE, DEALER):
            by = _wholes(wanted[side] - shipped.mean_pegs[side], 3 * index + side)
            gains[:, side, pegs + 2 + side] = _shifted(shipped, points, side, by)
        for side in (PONE, DEALER):
            gains[:, side, 2 : pegs + 2] = np.where(shipped.seat == side, points, 0)
        hands = shipped.hand.copy()
        hands[:, seat] = np.array(shows)[starter]
        gains[:, PONE, pegs + 4] = hands[:, PONE]
        gains[:, DEALER, pegs + 5] = hands[:, DEALER]
        crib_shift = _wholes(float(entry.choice.crib) - shipped.mean_crib, 3 * index + 2)
        gains[:, DEALER, pegs + 6] = np.maximum(0, shipped.crib + crib_shift)
        ends = _chances_after(_Deals(weights, gains, game), dealer_score, pone_score, game)
        first, second = _side(*ends[:3]), _side(*ends[3:])
        mine, theirs = (first, second) if dealer else (second, first)
        found.append(KeepChances(entry, mine, theirs))
    return sorted(found, key=lambda kept: (-round(kept.mine.win, 9), -kept.entry.total))


_SHIPPED: list[_Shipped] = []


def _shipped_columns() -> _Shipped:
    """The shipped deals as columns, read once."""
    import numpy as np

    if not _SHIPPED:
        deals = load_deals()
        most = max(len(deal.pegs) for deal in deals)
        seat = np.full((len(deals), most), -1, dtype=np.int64)
        points = np.zeros((len(deals), most), dtype=np.int64)
        for row, deal in enumerate(deals):
            for at, (side, peg) in enumerate(deal.pegs):
                seat[row, at], points[row, at] = side, peg
        means = [sum(deal.pegging[side] for deal in deals) / len(deals) for side in (PONE, DEALER)]
        _SHIPPED.append(
            _Shipped(
                seat=seat,
                points=points,
                hand=np.array([deal.hand for deal in deals], dtype=np.int64),
                crib=np.array([deal.crib for deal in deals], dtype=np.int64),
                mean_pegs=(means[PONE], means[DEALER]),
                mean_crib=sum(deal.crib for deal in deals) / len(deals),
            )
        )
    return _SHIPPED[0]
