"""The ``cribcount`` command: Click commands over the library, nothing more.

Exit status: 0 all well, 1 a claim differs from the count, 2 bad input,
74 an input or output fault, 141 a closed output pipe (130, Ctrl-C, is
``cribcount.entry``'s).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, BinaryIO, TypeVar

import click

from cribcount import __version__
from cribcount.cards import parse_hand
from cribcount.errors import CribcountError, escape
from cribcount.render import render_json
from cribcount.render.show import claim_fields, count_to_dict, render_claim, render_count
from cribcount.show import count_show

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_CLAIM_DIFFERS, EXIT_BAD_INPUT = 0, 1, 2
EXIT_IO_ERROR = 74
"""EX_IOERR of sysexits.h: a read or write failed (a full disk, a closed or failing stream)."""
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (``| head``): 128 + SIGPIPE (13), as a shell says."""

STDIN_NAME, STDOUT_NAME = "<stdin>", "<stdout>"
"""How the standard streams are named in messages and records."""


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT


@contextlib.contextmanager
def about(source: str) -> Iterator[None]:
    """Name ``source`` (an option) in the errors its input raises."""
    try:
        yield
    except CribcountError as error:
        error.source = source
        raise


def format_option(*choices: str) -> Callable[[F], F]:
    """The ``--format`` option shared by every command; the first choice is the default."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices, case_sensitive=False),
        default=choices[0],
        show_default=True,
        help="Output format.",
    )


def join_arguments(args: Sequence[str]) -> str:
    """One notation string from several arguments; an empty argument is an error."""
    for i, arg in enumerate(args, start=1):
        if not arg.strip():
            raise BadInput(f"argument {i} is empty: expected cards such as 5h or 10s")
    if not args:
        raise BadInput("no cards given: expected 4 cards and a starter, such as 5h 5d 5c Js / 5s")
    return " ".join(args)


class CribcountGroup(click.Group):
    """The top-level group: ``cribcount CARDS...`` means ``cribcount score CARDS...``,
    and every error comes out as one line on stderr with its exit status."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help", "--version"):
            args = ["score", *args]
        return super().parse_args(ctx, args)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line and exit with its status (the one entry point)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        sys.exit(self._run(args, prog_name, complete_var, **extra))

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        **extra: Any,
    ) -> int:
        """The exit status of a whole run, output flushed; a stream fault ends it cleanly too."""
        try:
            status = self._status(args, prog_name, complete_var, **extra)
            _finish_output(status)
            return status
        except BrokenPipeError:
            # Whoever read the output has all they wanted: end quietly.
            _drop(sys.stdout)
            return EXIT_BROKEN_PIPE
        except (StreamError, OSError) as error:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stdout.flush()  # what was written before the fault still goes out
            _drop(sys.stdout)
            say(f"cribcount: {_fault(error)}")
            return EXIT_IO_ERROR

    def _status(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        **extra: Any,
    ) -> int:
        """Run the command; every error about its input is one line on stderr and a status.

        Click's own ``main`` is not used to run it: that would turn Ctrl-C into
        a blank line and ``Abort``, and a closed pipe into status 1.
        """
        prog_name = prog_name or "cribcount"
        self._main_shell_completion(extra, prog_name, complete_var)
        try:
            with self.make_context(
                prog_name, list(sys.argv[1:] if args is None else args), **extra
            ) as ctx:
                self.invoke(ctx)
        except click.exceptions.Exit as done:
            return done.exit_code
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else EXIT_OK
        except CribcountError as error:
            # Every library error about the input, from any command: one line, status 2.
            say(f"cribcount: {error}")
            return EXIT_BAD_INPUT
        except click.exceptions.NoArgsIsHelpError as nothing:
            # Plain ``cribcount`` asks for help: give it, and succeed.
            click.echo(nothing.format_message())
        except click.ClickException as error:
            # Usage errors too are one line, not Click's usage block.
            say(f"cribcount: {error.format_message()}")
            return EXIT_BAD_INPUT if isinstance(error, click.UsageError) else error.exit_code
        except click.Abort as abort:
            # A prompt turns Ctrl-C into Abort: it is an interrupt all the same.
            if isinstance(abort.__context__, KeyboardInterrupt):
                raise abort.__context__ from None
            say("cribcount: aborted")  # input ended at a prompt
            return 1  # Click's status for Abort
        return EXIT_OK


class StreamError(Exception):
    """A read or write that failed, with the name of its file: one line, exit status 74."""

    def __init__(self, name: str, error: OSError) -> None:
        super().__init__(f"{name}: {_describe(error)}")


def _describe(error: OSError) -> str:
    """``[Errno 28] No space left on device``: the OS error without the file name."""
    return f"[Errno {error.errno}] {error.strerror}" if error.errno else str(error)


def _fault(error: OSError | StreamError) -> str:
    """A stream fault as said on stderr: ``NAME: [Errno N] reason``."""
    if isinstance(error, StreamError):
        return str(error)
    # Reads and the opening of files are named where they happen; an unnamed fault is a
    # write, and the commands write to standard output only (stderr failures are ignored).
    name = display_name(os.fsdecode(error.filename)) if error.filename else STDOUT_NAME
    return f"{name}: {_describe(error)}"


def _closed() -> OSError:
    """The error of a standard stream whose descriptor was closed before the start."""
    return OSError(errno.EBADF, os.strerror(errno.EBADF))


@contextlib.contextmanager
def naming(name: str) -> Iterator[None]:
    """Name ``name`` in the OS errors raised inside; a closed pipe stays what it is."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StreamError(name, error) from error


def _finish_output(status: int) -> None:
    """Flush standard output: output that could not be written is never a success.

    With descriptor 1 closed there is no ``sys.stdout``, and Click writes
    nothing without a word: a command that has output then fails.
    """
    if sys.stdout is None:
        if status in (EXIT_OK, EXIT_CLAIM_DIFFERS):
            raise StreamError(STDOUT_NAME, _closed())
        return
    with naming(STDOUT_NAME):
        sys.stdout.flush()


def _drop(stream: IO[Any] | None) -> None:
    """Point a failed stream at /dev/null, so that the flush at exit cannot fail and complain."""
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, stream.fileno())
        finally:
            os.close(devnull)


def say(line: str) -> None:
    """One line on stderr, control characters escaped; if stderr fails, the status still stands."""
    try:
        click.echo(escape(line), err=True)
    except OSError:
        _drop(sys.stderr)


def display_name(path: str) -> str:
    """A file name as messages and records show it: non-UTF-8 bytes, control characters escaped."""
    return escape(os.fsencode(path).decode("utf-8", errors="backslashreplace"))


@click.group(cls=CribcountGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cribcount")
def cli() -> None:
    """Exact cribbage scoring: count a show, check a claim, score many hands.

    \b
    Examples:
      cribcount 5h 5d 5c Js / 5s
      cribcount score "2h 4h 6h 8h / Kc" --crib
      cribcount score 7h 7s 8d 8c 9h --claim 20
    """


@cli.command()
@click.argument("cards", nargs=-1)
@click.option("--crib", is_flag=True, help="Count as the crib: only a five-card flush scores.")
@click.option(
    "--claim",
    type=click.IntRange(min=0),
    metavar="N",
    help="Check a claimed count (muggins): exit 1 when it differs from the true count.",
)
@format_option("text", "json")
def score(cards: tuple[str, ...], crib: bool, claim: int | None, fmt: str) -> None:
    """Count four cards and the starter, the way a player says it.

    CARDS are four hand cards then the starter, after a '/' or as the fifth
    card: one quoted argument or several.

    \b
    Examples:
      cribcount score 5h 5d 5c Js / 5s
      cribcount score "10h, Jh, Qh, Kh / 5h" --crib
      cribcount score 7h 7s 8d 8c 9h --claim 20 --format json
    """
    count = count_show(parse_hand(join_arguments(cards)), crib=crib)
    if fmt == "json":
        click.echo(render_json(count_to_dict(count) | claim_fields(claim, count.total)))
    else:
        click.echo(render_count(count))
        if claim is not None:
            click.echo(render_claim(claim, count.total))
    if claim is not None and claim != count.total:
        sys.exit(EXIT_CLAIM_DIFFERS)


# --- peg: score the play ---------------------------------------------------------------------


@cli.command()
@click.argument("cards", nargs=-1)
@click.option("--pone", metavar="CARDS", help="Pone's four cards: check the play against them.")
@click.option("--dealer", metavar="CARDS", help="The dealer's four cards (with --pone).")
@click.option(
    "--players",
    type=click.IntRange(2, 3),
    default=2,
    show_default=True,
    help="Players at the table; three take turns first, second, dealer.",
)
@format_option("text", "json")
def peg(
    cards: tuple[str, ...], pone: str | None, dealer: str | None, players: int, fmt: str
) -> None:
    """Peg the play: who scores what, card by card, to 31 with go and last card.

    CARDS are the cards in the order they were laid, pone first, turns
    alternating, with the word 'go' where a player could not play. After a go
    the other player keeps playing; a card that would pass 31 then leads a new
    count. With --pone and --dealer the play is checked against the hands and
    gos may be left out.

    \b
    Examples:
      cribcount peg "Kc 9d Th go 2s 7c 6s"
      cribcount peg Kc 9d Th 2s 7c 6s Qh Jh --pone "Kc Th 2s 6s" --dealer "9d 7c Qh Jh"
      cribcount peg 7c 8d 8h --format json
    """
    from cribcount.play import peg as peg_play
    from cribcount.render.play import pegging_to_dict, render_pegging

    if not cards:
        raise BadInput(
            "no cards given: expected the cards in the order they were laid, such as Kc 9d"
        )
    if (pone is None) != (dealer is None):
        raise BadInput("--pone and --dealer go together: give both hands or neither")
    if pone is not None and players != 2:
        raise BadInput("--pone and --dealer check a two-player play only")
    pegging = peg_play(join_arguments(cards), pone=pone, dealer=dealer, players=players)
    if fmt == "json":
        click.echo(render_json(pegging_to_dict(pegging)))
    else:
        click.echo(render_pegging(pegging))


# --- discard: advise which cards to lay away --------------------------------------------------


@cli.command()
@click.argument("cards", nargs=-1)
@click.option("--dealer", is_flag=True, help="You deal: the crib and the heels are yours.")
@click.option("--pone", is_flag=True, help="The opponent deals: the crib and the heels are theirs.")
@click.option(
    "--players",
    type=click.Choice(["2", "3", "4"]),
    default="2",
    show_default=True,
    help="Players at the table: with 3 or 4, five cards each and one laid away.",
)
@format_option("text", "json")
def discard(cards: tuple[str, ...], dealer: bool, pone: bool, players: str, fmt: str) -> None:
    """Rank the 15 ways to lay away 2 of 6 cards by exact expected points.

    CARDS are the six cards dealt to you, one quoted argument or several.
    For each choice: the average show of the 4 kept cards over the 46
    starters (and its least and most), the exact average crib over every
    discard the opponent can make and every starter left, and the net:
    hand + crib + heels when you deal, hand - crib - heels when you are pone.
    With --players 3 or 4 you hold five cards and lay away one; the rest of
    the crib is any three unseen cards. The dealer's partner uses --dealer.

    \b
    Examples:
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer
      cribcount discard 5h 5d 6c 7s Jh Kd --pone --format json
      cribcount discard "5h 5d 6c 7s Jh" --players 3 --pone
    """
    from cribcount.discard import DEAL_SIZES, Role, advise_discard, parse_deal
    from cribcount.render.discard import discard_to_dict, render_discard

    if dealer == pone:
        said = "both" if dealer else "neither"
        raise BadInput(f"say whose crib it is: --dealer or --pone ({said} given)")
    count = int(players)
    if not cards:
        example = " ".join("5h 5d 6c 7s Jh Kd".split()[: DEAL_SIZES[count][0]])
        raise BadInput(f"no cards given: expected {DEAL_SIZES[count][0]} cards, such as {example}")
    role = Role.DEALER if dealer else Role.PONE
    deal = parse_deal(join_arguments(cards), players=count)
    advice = advise_discard(deal, role=role, players=count)
    click.echo(render_json(discard_to_dict(advice)) if fmt == "json" else render_discard(advice))


# --- batch -------------------------------------------------------------------------------------

_PROGRESS_MIN_BYTES = 1 << 20


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


@contextlib.contextmanager
def _progress(length: int, *, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when ``show``; yields the function that advances it."""
    if not show:
        yield lambda done: None
        return
    with click.progressbar(length=length, label="scoring", file=sys.stderr) as bar:
        yield bar.update


@contextlib.contextmanager
def _open_input(path: str) -> Iterator[BinaryIO]:
    """The file as bytes; ``-`` is standard input, left open."""
    if path != "-":
        with open(path, "rb") as stream:
            yield stream
    elif sys.stdin is None:
        raise StreamError(STDIN_NAME, _closed())
    else:
        yield sys.stdin.buffer


def _stdout_bytes() -> BinaryIO:
    """Standard output as bytes; closed before the start, a fault."""
    if sys.stdout is None:
        raise StreamError(STDOUT_NAME, _closed())
    return sys.stdout.buffer


@cli.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--crib", is_flag=True, help="Count every line as a crib.")
@click.option(
    "--fast/--no-fast",
    default=True,
    hidden=True,
    help="Use the vectorised path for canonical lines (--no-fast: plain path, for comparison).",
)
@format_option("text", "csv", "jsonl")
def batch(files: tuple[str, ...], crib: bool, fast: bool, fmt: str) -> None:
    """Score one hand per line from FILES (or '-', standard input, the default).

    Each line is a hand as for 'score', then optionally the word 'crib' and/or
    a claimed count '= N', in either order. Blank lines and '#' comments are
    skipped. A bad line gives an error record in its place and a
    FILE:LINE:COLUMN line on stderr, and the run goes on; a summary ends it.
    Exit status: 2 if any line failed, else 1 if any claim was wrong, else 0.

    \b
    Examples:
      cribcount batch examples/hands.txt
      printf '7h 7s 8d 8c / 9h = 18\\n' | cribcount batch --format jsonl
      cribcount batch --format csv big.txt > counts.csv
    """
    from cribcount.batch import Summary, write_stream
    from cribcount.batch.writers import csv_header, render_error, render_summary

    paths = files or ("-",)
    named = len(paths) > 1
    out = _stdout_bytes()
    summary = Summary()
    sizes = [0 if path == "-" else os.path.getsize(path) for path in paths]
    show_progress = "-" not in paths and sum(sizes) >= _PROGRESS_MIN_BYTES and _stderr_is_terminal()
    if fmt == "csv":
        with naming(STDOUT_NAME):
            out.write(csv_header(with_file=named).encode())
    with _progress(sum(sizes), show=show_progress) as advance:
        for path in paths:
            name = STDIN_NAME if path == "-" else display_name(path)
            # A fault in reading is named after the file; writes name themselves first.
            with naming(name), _open_input(path) as stream:
                file = name if named else None
                for written in write_stream(stream, fmt, summary, crib=crib, fast=fast, file=file):
                    with naming(STDOUT_NAME):
                        out.write(written.data)
                        if written.failed:
                            # On a terminal, the records come before the messages about them.
                            out.flush()
                    for record in written.failed:
                        say(render_error(record, name))
                    advance(written.size)
    with naming(STDOUT_NAME):
        out.flush()
    say(f"cribcount: {render_summary(summary)}")
    if summary.failed:
        sys.exit(EXIT_BAD_INPUT)
    if summary.claims_wrong:
        sys.exit(EXIT_CLAIM_DIFFERS)


# --- stats: exact score distributions over every deal -----------------------------------------


@cli.command()
@click.option("--hand", "hand_only", is_flag=True, help="Only the hand's distribution.")
@click.option("--crib", "crib_only", is_flag=True, help="Only the crib's (five-card flush only).")
@click.option(
    "--starter",
    metavar="CARD",
    help="Only the deals that turn this starter.",
)
@click.option(
    "--hand-cards",
    metavar="CARDS",
    help='Only the deals whose four cards hold these 1 to 4 cards (quoted, such as "5h 5d").',
)
@format_option("text", "json", "csv")
def stats(
    hand_only: bool, crib_only: bool, starter: str | None, hand_cards: str | None, fmt: str
) -> None:
    """Exact score distributions over every deal, hand and crib.

    Counts how many of the 12,994,800 deals score 0, 1, ... 29, with the
    percentage, cumulative percentage, mean and a bar chart; hand and crib side
    by side unless --hand or --crib is given. --starter and --hand-cards keep
    only the deals that contain them (the hand cards are the four counted cards:
    the hand's for the hand, the crib's for the crib).

    \b
    Examples:
      cribcount stats
      cribcount stats --hand --format json
      cribcount stats --hand-cards "5h 5d 5c Js"
      cribcount stats --crib --starter 5s --format csv
    """
    from cribcount.render.stats import render_stats_csv, render_stats_text, stats_to_dict
    from cribcount.stats import Side, deal_stats, parse_hand_cards, parse_starter

    with about("--starter"):
        turned = parse_starter(starter) if starter is not None else None
    with about("--hand-cards"):
        fixed = parse_hand_cards(hand_cards, starter=turned) if hand_cards is not None else ()
    result = deal_stats(starter=turned, hand_cards=fixed)
    sides = [side for side, only in ((Side.HAND, hand_only), (Side.CRIB, crib_only)) if only]
    sides = sides or [Side.HAND, Side.CRIB]
    if fmt == "json":
        click.echo(render_json(stats_to_dict(result, sides=sides)))
    elif fmt == "csv":
        click.echo(render_stats_csv(result, sides=sides))
    else:
        click.echo(render_stats_text(result, sides=sides))


main = cli
"""The console script ``cribcount`` and ``python -m cribcount``: the group itself."""
