"""``cribcount game``: check a whole game record, deal by deal."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Generator, Iterable, Iterator
from itertools import chain
from typing import IO, TYPE_CHECKING, BinaryIO

import click

from cribcount.cli import base
from cribcount.cli.odds import points_option
from cribcount.render import render_json
from cribcount.seats import MAX_PLAYERS

if TYPE_CHECKING:
    from cribcount.errors import GameError
    from cribcount.game import Game, GameScorer
    from cribcount.game.quick import QuickDeal
    from cribcount.game.record import DealRecord
    from cribcount.game.runs import DealRun
    from cribcount.odds import Convention
    from cribcount.render.game import GameText


@click.command()
@click.argument("file", type=base.input_file())
@click.option("--board", is_flag=True, help="Draw the board after each deal.")
@click.option(
    "--odds",
    "with_odds",
    is_flag=True,
    help="After each deal, each side's chance to win from there; at the end, the game points"
    " (two players).",
)
@points_option()
@base.format_option("text", "json")
@base.lang_option()
def game(file: str, board: bool, with_odds: bool, points: str, fmt: str) -> None:
    """Check a game record deal by deal, to 121 or 61, with muggins and skunks.

    FILE (or '-', standard input) is the record: one statement a line, '#'
    starting a comment. A deal gives every hand and the starter (the play and
    the claims are then checked), or, as a score sheet keeps it, only the
    points pegged and shown. Each deal is scored in the order of the rules
    (heels, the play, the shows from the dealer's left, the crib) to the
    moment a side reaches the game. Exit status: 0 every claim right, 1 a
    claim was wrong, 2 a bad record (a FILE:LINE:COLUMN line on stderr for
    each bad statement).

    --odds adds, after each deal of a two-player game, each side's chance to
    win from the scores then, the next deal about to start (as cribcount
    odds gives it), and at the end the game points the winner scores
    (--points: acc by default, 2 a win and 3 a skunk).

    \b
    The record, first:
      game 121 (or 61)          the game; 121 if not said
      players NAME NAME ...     2 to 6 players, clockwise round the table
      partners                  six players in three partnerships (four always)
      muggins on (or off)       missed points go to an opponent; off if not said
    then each deal, its statements in any order:
      deal NAME                 a deal begins, NAME dealing (in turn, to the left)
      hand NAME CARDS | CARDS   the four cards NAME kept | those laid away
      extra CARD                with three players, the deck's card in the crib
      starter CARD              the cut card
      play CARDS                the cards in the order laid, 'go' optional
      show NAME N               what NAME claimed for their hand
      crib N                    what the dealer claimed for the crib
      peg NAME N                a score sheet: the points NAME pegged in the play

    \b
    Examples:
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'hand Ben 5h 5d 5c Js | 2c 3d' \\
        'hand Ann 7h 7s 8d 8c | Kc Qs' 'starter 5s' 'show Ben 29' 'show Ann 20' \\
        | cribcount game -
      printf '%s\\n' 'game 61' 'players Ann Ben' 'deal Ann' 'peg Ben 3' \\
        'peg Ann 5' 'show Ben 8' 'show Ann 12' 'crib 4' | cribcount game - --board
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'peg Ben 3' 'show Ben 8' \\
        | cribcount game - -f json
      printf '%s\\n' 'game 61' 'players Ann Ben' 'deal Ann' 'peg Ben 3' \\
        'peg Ann 5' 'show Ben 8' 'show Ann 12' 'crib 4' | cribcount game - --odds

    The statements may be written in English or in French (partie, joueurs,
    équipes, muggins oui/non, donne, main, pioche, départ, jeu, marque, annonce,
    berceau), whatever the language; with --lang fr (or CRIBCOUNT_LANG=fr) the
    cards are in French notation and the text is French.
    """
    convention = None
    if with_odds:
        from cribcount.odds import parse_convention

        with base.about("--points"):
            convention = parse_convention(points)
    name = base.STDIN_NAME if file == "-" else base.display_name(file)
    # The output waits in a file that spills to disk (memory stays flat however long the
    # record): it is written only for a record without a bad statement.
    with tempfile.SpooledTemporaryFile(_SPOOL_SIZE, mode="w+", encoding="utf-8") as spool:
        with base.naming(name), base.open_input(file) as stream:
            failed, wrong, last = _check(
                name, stream, spool, fmt=fmt, board=board, convention=convention
            )
        if failed:
            sys.exit(base.EXIT_BAD_INPUT)
        _write(spool, fmt, last, wrong, convention)
    if wrong:
        sys.exit(base.EXIT_CLAIM_DIFFERS)


_SPOOL_SIZE = 1 << 20
"""Bytes of output held in memory before the rest goes to a temporary file."""


QUICK = True
"""Whether a deal written out the usual way is read, scored and written at once (the same
output as statement by statement, faster); tests turn it off to compare."""
RUN_LEAST = 256
"""The fewest deals written the usual way one after another that are read together, as a run
(``cribcount.game.runs``, with numpy); fewer are read a deal at a time, which is quicker for
them than loading numpy. Tests lower it to compare."""
_LONGEST_BLOCK = 4 + 2 * MAX_PLAYERS + 4
"""The most lines of a deal written the usual way: deal, starter, play and crib, and each
player's hand and show; and a few lines after them that hold no statement (blank lines and
comments between deals)."""


class CheckedRecord:
    """The deals of a record read from ``stream``, in order, each bad statement said on stderr
    as it is found (``FILE:LINE:COLUMN: reason``); after the first, no deal is given, since
    the score would no more be the game's. ``failed`` says whether one was bad, once read.

    With ``quick``, each deal's block of statements is first offered to the quick reading:
    a deal it reads is given to ``quick``, which scores and writes it if it can (True). With
    ``run`` too, deals written the usual way one after another are found in the record's
    bytes and given to ``run`` together (a ``DealRun`` and the bytes it was found in), which
    scores and writes those it can, the first ones, and says how many."""

    def __init__(
        self,
        name: str,
        stream: BinaryIO,
        quick: Callable[[QuickDeal], bool] | None = None,
        run: Callable[[DealRun, bytes], int] | None = None,
    ) -> None:
        from cribcount.game import RecordReader

        self.name = name
        self.stream = stream
        self.reader = RecordReader(notation=base.lang().notation)
        self.failed = False
        self.quick = quick
        self.run = run if quick is not None else None
        self._block: list[str] = []  # a deal's statements from its deal statement on, held
        self._start = 0  # the line of the block's deal statement
        self._chunk_size = 0  # the bytes of the record read at a time
        self._short = 0

    def __iter__(self) -> Iterator[DealRecord]:
        from cribcount.reading import CAREFUL_CHUNK_SIZE, read_chunks

        # Chunks of a few thousand deals, each run read together. The end of a chunk, a run
        # perhaps cut, is held back (up to two chunks) to be read with the next; its first line.
        held, line = b"", 0
        self._chunk_size = 4 * CAREFUL_CHUNK_SIZE
        for first, chunk in read_chunks(self.stream, size=self._chunk_size):
            if held:
                chunk, first = held + chunk, line
            held, line = yield from self._chunk(first, chunk, final=False)
        if held:
            yield from self._chunk(line, held, final=True)
        if self._block:
            yield from self._read_block(self._start, self._block, whole=True)
        yield from self._checked(self.reader.finish())

    def _chunk(
        self, first: int, chunk: bytes, *, final: bool
    ) -> Generator[DealRecord, None, tuple[bytes, int]]:
        """The deals of ``chunk`` (whole lines, the first numbered ``first``); ``final``: the
        record ends with it. Returns the end of the chunk held back (and its first line):
        deals written the usual way that may go on in the next chunk."""
        from cribcount.game.reader import chunk_lines

        at, number, size = 0, first, len(chunk)
        tried = -1  # where deals were last looked for as a run
        self._short = 0  # up to here a run was found too short: none is looked for in it
        while at < size:
            looked = at != tried and at >= self._short
            if self.run is not None and looked and chunk.startswith(_DEAL_BYTES, at):
                # A deal begins: the one before is whole.
                if self._block:
                    yield from self._read_block(self._start, self._block, whole=True)
                    self._block = []
                yield from self._checked(self.reader.close_deal())
                end, hold = self._run(chunk, at, number, final=final)
                number += chunk.count(b"\n", at, end)
                at = tried = end
                if hold:
                    return chunk[at:], number
                continue
            # The lines up to the next deal statement where a run may begin, read one by one.
            end = size
            if self.run is not None:
                end = chunk.find(b"\n" + _DEAL_BYTES, max(at, self._short - 1)) + 1 or size
            block = self._block
            for line_number, line in chunk_lines(number, chunk[at:end]):
                if block and isinstance(line, str) and len(block) < _LONGEST_BLOCK:
                    if not line.startswith(_DEAL):
                        block.append(line)  # most lines: a statement of the deal held
                        continue
                yield from self._line(line_number, line)
                block = self._block
            number += chunk.count(b"\n", at, end)
            at = end
        return b"", 0

    def _run(self, chunk: bytes, at: int, number: int, *, final: bool) -> tuple[int, bool]:
        """The deals written the usual way from ``at`` of ``chunk`` (line ``number``) on, given
        to ``run`` if there are enough: where those it took end (``at`` if none), and whether
        to hold the rest of the chunk back to be read with the next (its last deal may go on
        there)."""
        from cribcount.game.runs import find_run, run_shape

        assert self.run is not None
        reader = self.reader
        named = chunk[at + len(_DEAL_BYTES) : chunk.find(b"\n", at)]
        dealer = None if self.failed else reader.quick_dealer(named.decode(errors="replace"))
        if dealer is None:
            return at, False
        shape = run_shape(reader.record.players)
        if shape is None:
            self._short = len(chunk)  # a table whose deals are not read in runs
            return at, False
        players = reader.record.players
        run = find_run(shape, chunk, at, players.index(dealer), final=final)
        stop = run.ends[-1] if len(run) else at
        # Unless the record ends here, the chunk's last deal may go on in the next chunk.
        cut = not final and chunk.find(b"\n" + _DEAL_BYTES, stop) < 0
        if len(run) < RUN_LEAST:
            self._short = stop
            return at, cut and len(chunk) - at <= 2 * self._chunk_size
        taken = self.run(run, chunk)
        if not taken:
            return at, False
        last = taken - 1
        line = number + chunk.count(b"\n", at, run.starts[last]) + shape.lines - 1
        reader.take_deals(taken, players[run.dealers[last]], line)
        end = run.ends[last]
        return end, taken == len(run) and cut and len(chunk) - end <= 2 * self._chunk_size

    def _line(self, number: int, line: str | GameError) -> Iterator[DealRecord]:
        """One line of the record that its deal's block does not take (``_chunk`` holds those):
        the block ends before it, and the line begins the next block or is read."""
        block = self._block
        if block:
            deal = isinstance(line, str) and line.startswith(_DEAL)
            # A deal's block is whole when the next begins: else the deal goes on (or a line
            # that is not text spoils it), and its statements are read one by one.
            yield from self._read_block(self._start, block, whole=deal)
            self._block = []
        if self.quick and not self.failed and isinstance(line, str) and line.startswith(_DEAL):
            self._start, self._block = number, [line]
            return
        yield from self._checked(self.reader.line(number, line))

    def _read_block(self, start: int, lines: list[str], *, whole: bool) -> Iterator[DealRecord]:
        """The statements of a deal from line ``start``: read at once if they are the ``whole``
        deal, else one by one."""
        reader = self.reader
        yield from self._checked(reader.close_deal())
        if whole and self.quick is not None and not self.failed:
            deal = reader.quick(start, lines)
            if deal is not None and self.quick(deal):
                reader.take(deal)
                return
        for number, line in enumerate(lines, start):
            yield from self._checked(reader.line(number, line))

    def _checked(self, deal: DealRecord | None) -> Iterator[DealRecord]:
        for error in self.reader.errors():
            self.failed = True
            where = f"{self.name}:{error.line}:{max(error.column, 1)}"
            base.say(f"{where}: {base.lang().text(error.said)}")
        if deal is not None and not self.failed:
            yield deal


_DEAL = "deal "
"""How the statement beginning a deal written the usual way begins."""
_DEAL_BYTES = _DEAL.encode()


def _check(
    name: str,
    stream: BinaryIO,
    spool: IO[str],
    *,
    fmt: str,
    board: bool,
    convention: Convention | None = None,
) -> tuple[bool, int, Game | None]:
    """Read, check and score the record deal by deal, the output of each into ``spool``.

    Returns whether a statement was bad (each said on stderr as found), the
    wrong claims, and the game at its end (None when bad).
    """
    from cribcount.game import GameScorer
    from cribcount.render.game import GameText, deal_to_dict

    said = base.lang()
    scorer: GameScorer | None = None
    text = GameText(board=board, lang=said)

    def quick(deal: QuickDeal) -> bool:
        # Scored and written at once when that is simple; else statement by statement.
        nonlocal scorer
        if scorer is None:
            scorer = GameScorer(record.reader.record)
        score = scorer.score_quick(deal)
        if score is None:
            return False
        spool.write(text.quick(scorer.game, deal, score) + "\n")
        return True

    def run(deals: DealRun, chunk: bytes) -> int:
        # The deals of a run scored and written at once while that is simple; the first one
        # that is not is read statement by statement.
        nonlocal scorer
        if scorer is None:
            scorer = GameScorer(record.reader.record)
        return _score_run(scorer, text, deals, chunk, record.reader.dealt + 1, spool)

    # The quick way writes the text of a deal without the board or the odds.
    simple = QUICK and fmt == "text" and not board and convention is None
    record = CheckedRecord(name, stream, quick if simple else None, run if simple else None)
    first = True
    for deal in record:
        if scorer is None:
            scorer = GameScorer(record.reader.record)
            if convention is not None and len(record.reader.record.players) != 2:
                raise base.BadInput(base.lang().say("--odds is for a game of two players"))
        result = scorer.score(deal)
        game = scorer.game()
        if fmt == "json":
            data = deal_to_dict(game, result)
            if convention is not None:
                from cribcount.render.odds import deal_odds_to_dict  # only then: its tables

                data["odds"] = deal_odds_to_dict(game, result)
            spool.write(("" if first else ", ") + render_json(data))
        else:
            spool.write(text.deal(game, result) + "\n")
            if convention is not None:
                from cribcount.render.odds import render_deal_odds

                odds_line = render_deal_odds(game, result, lang=said)
                if odds_line:
                    spool.write(odds_line + "\n")
        first = False
    if record.failed:
        return True, 0, None
    if scorer is None:
        scorer = GameScorer(record.reader.record)
    return False, scorer.wrong, scorer.game()


def _spooled(spool: IO[str]) -> Iterator[str]:
    """The output kept in ``spool``, a piece at a time: never held whole."""
    return iter(lambda: spool.read(1 << 16), "")


def _score_run(
    scorer: GameScorer, text: GameText, deals: DealRun, chunk: bytes, number: int, out: IO[str]
) -> int:
    """Score and write the deals of ``deals`` (found in ``chunk``, the first the ``number``-th
    of the record) at once, up to the first that cannot be so: how many."""
    from cribcount.cards import DECK
    from cribcount.game.columns import peg_items, read_run
    from cribcount.render.game import ShownDeal

    read = read_run(deals, chunk)
    good = int(read.good.argmin()) if not read.good.all() else len(deals)
    if not good:
        return 0
    score = scorer.score_run(read, deals.dealers, good)
    taken = score.taken
    players = deals.shape.players
    count = len(players)
    seats = [tuple(players[(d + s) % count] for s in range(1, count + 1)) for d in range(count)]
    dealers = deals.dealers[:taken]
    starters = [DECK[card] for card in read.starters[:taken].tolist()]
    totals = read.totals[:taken].tolist()
    deals_shown = [
        ShownDeal(number + i, players[d], starter, seats[d], shown, heels)
        for i, (d, starter, shown, heels) in enumerate(
            zip(dealers, starters, totals, score.heels, strict=True)
        )
    ]
    if score.counted:
        game = scorer.game()
        lines = [
            text.counted(game, deal, pegged, after)
            for deal, pegged, after in zip(deals_shown, score.pegged, score.scores, strict=True)
        ]
    else:
        said = text.play_said
        lines = [
            text.not_counted(
                deal,
                [
                    said(deal.seats[seat], None if card < 0 else DECK[card], peg_items(code))
                    for seat, card, code in turns
                ],
            )
            for deal, turns in zip(deals_shown, read.scoring(taken), strict=True)
        ]
    lines.append("")
    out.write("\n".join(lines))
    return taken


def _write(
    spool: IO[str], fmt: str, game: Game | None, wrong: int, convention: Convention | None = None
) -> None:
    """The output: the deals kept in ``spool``, then the end of ``game`` (with the game points
    of ``convention``, if any)."""
    from cribcount.render.game import game_to_dict, render_end

    assert game is not None
    out = base.stdout_bytes()
    spool.seek(0)
    if fmt == "json":
        data = game_to_dict(game, wrong)
        if convention is not None:
            from cribcount.render.odds import game_points_to_dict

            data["game_points"] = game_points_to_dict(game, convention)
        whole = render_json(data)
        at = whole.index('"deals": [') + len('"deals": [')
        parts: Iterable[str] = chain([whole[:at]], _spooled(spool), [whole[at:]])
    else:
        end = render_end(game, wrong, lang=base.lang())
        if convention is not None:
            from cribcount.render.odds import render_game_points

            end += "\n" + render_game_points(game, convention, lang=base.lang())
        parts = chain(_spooled(spool), [end])
    with base.naming(base.STDOUT_NAME):
        for part in parts:
            out.write(part.encode())
        out.write(b"\n")
