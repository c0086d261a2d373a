"""The ``cribcount`` command: Click commands over the library, nothing more.

Exit status: 0 all well, 1 a claim differs from the count, 2 bad input.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, BinaryIO, TypeVar

import click

from cribcount import __version__
from cribcount.cards import CribcountError, parse_hand
from cribcount.formats import count_to_dict, render_claim, render_count, render_json
from cribcount.show import count_show

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_CLAIM_DIFFERS, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT


def bad_input(error: CribcountError) -> BadInput:
    """Turn a library error into the CLI's one-line exit-2 error."""
    return BadInput(error.message)


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
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        sys.exit(self._run(args, prog_name, **extra))

    def _run(self, args: Sequence[str] | None, prog_name: str | None, **extra: Any) -> int:
        try:
            super().main(args, prog_name or "cribcount", standalone_mode=False, **extra)
        except click.exceptions.Exit as done:
            return done.exit_code
        except click.exceptions.NoArgsIsHelpError as nothing:
            # Plain ``cribcount`` asks for help: give it, and succeed.
            click.echo(nothing.format_message())
            return EXIT_OK
        except click.ClickException as error:
            # Usage errors too are one line, not Click's usage block.
            click.echo(f"cribcount: {error.format_message()}", err=True)
            return EXIT_BAD_INPUT if isinstance(error, click.UsageError) else error.exit_code
        except click.Abort:
            click.echo("cribcount: aborted", err=True)
            return 1
        return EXIT_OK


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
    try:
        count = count_show(parse_hand(join_arguments(cards)), crib=crib)
    except CribcountError as error:
        raise bad_input(error) from None
    if fmt == "json":
        data = count_to_dict(count)
        if claim is not None:
            data["claim"] = claim
            data["difference"] = claim - count.total
        click.echo(render_json(data))
    else:
        click.echo(render_count(count))
        if claim is not None:
            click.echo(render_claim(claim, count.total))
    if claim is not None and claim != count.total:
        sys.exit(EXIT_CLAIM_DIFFERS)


# --- peg: score the play ---------------------------------------------------------------------


@cli.command()
@click.argument("cards", nargs=-1)
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    help="Players at the table, 2 to 6, named by seat: pone and dealer with two, else first,"
    " second, ... and dealer.  [default: the number of --hands, else 2]",
)
@click.option(
    "--hands",
    metavar="'CARDS | CARDS ...'",
    help="Every player's four cards in seat order, separated by '|': check the play against them.",
)
@click.option(
    "--partners",
    is_flag=True,
    help="Six players as three partnerships, partners opposite (seats 1 and 4, 2 and 5, 3 and 6);"
    " four players always play as two (seats 1 and 3, 2 and 4).",
)
@click.option("--pone", metavar="CARDS", help="Two players: pone's four cards (with --dealer).")
@click.option(
    "--dealer", metavar="CARDS", help="Two players: the dealer's four cards (with --pone)."
)
@format_option("text", "json")
def peg(
    cards: tuple[str, ...],
    players: int | None,
    hands: str | None,
    partners: bool,
    pone: str | None,
    dealer: str | None,
    fmt: str,
) -> None:
    """Peg the play: who scores what, card by card, to 31 with go and last card.

    CARDS are the cards in the order they were laid, seat 1 first (the player
    on the dealer's left; pone, with two players), turns passing in seat order,
    with the word 'go' where a player could not play. A player who says go is
    passed over until the count starts again; when nobody can play, the last
    player to lay a card takes the go and the next seat leads. With --hands (or
    --pone and --dealer) the play is checked against the hands and gos may be
    left out.

    \b
    Examples:
      cribcount peg "Kc 9d Th go 2s 7c 6s"
      cribcount peg Kc 9d Th 2s 7c 6s Qh Jh --pone "Kc Th 2s 6s" --dealer "9d 7c Qh Jh"
      cribcount peg "Kc Qd 9h go go 5c 5d 5h" --players 3
      cribcount peg 5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts \\
        --hands "5c Kc 2c 9c | 5d Qd 3d 9d | 5h 7h Ah Jh | 6s 8s 4s Ts"
      cribcount peg "Tc 5c 5d 5h 5s Ac" --players 6 --partners
      cribcount peg 7c 8d 8h --format json
    """
    from cribcount.formats import pegging_to_dict, render_pegging
    from cribcount.play import peg as peg_play

    if not cards:
        raise BadInput(
            "no cards given: expected the cards in the order they were laid, such as Kc 9d"
        )
    if (pone is None) != (dealer is None):
        raise BadInput("--pone and --dealer go together: give both hands or neither")
    if pone is not None and hands is not None:
        raise BadInput("give the hands once: --hands, or --pone and --dealer")
    if pone is not None and players not in (None, 2):
        raise BadInput("--pone and --dealer check a two-player play only: use --hands")
    try:
        pegging = peg_play(
            join_arguments(cards),
            pone=pone,
            dealer=dealer,
            hands=hands,
            players=players,
            partners=partners,
        )
    except CribcountError as error:
        raise bad_input(error) from None
    if fmt == "json":
        click.echo(render_json(pegging_to_dict(pegging)))
    else:
        click.echo(render_pegging(pegging))


# --- discard: advise which cards to lay away --------------------------------------------------


@cli.command()
@click.argument("cards", nargs=-1)
@click.option(
    "--dealer", is_flag=True, help="The crib is yours or your partner's, and so are the heels."
)
@click.option("--pone", is_flag=True, help="An opponent deals: the crib and the heels are theirs.")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help="Players at the table, 2 to 6: with 3 or more, a seat that lays away holds five cards"
    " and lays away one.",
)
@click.option(
    "--seat",
    type=click.IntRange(min=1),
    metavar="K",
    help="Your seat, numbered from the dealer's left (the dealer is the last).  [default: seat 1"
    " with --pone; with --dealer the dealer, or the dealer's partner if the dealer lays away"
    " nothing]",
)
@click.option(
    "--partners",
    is_flag=True,
    help="Six players as three partnerships: seat 3 is then the dealer's partner.",
)
@format_option("text", "json")
def discard(
    cards: tuple[str, ...],
    dealer: bool,
    pone: bool,
    players: int,
    seat: int | None,
    partners: bool,
    fmt: str,
) -> None:
    """Rank the ways to lay away (15 ways to lay 2 of 6) by exact expected points.

    CARDS are the cards dealt to you, one quoted argument or several. For
    each choice: the average show of the kept cards over the unseen starters
    (and its least and most), the exact average crib over every way the rest
    of the crib can be made from the unseen cards and every starter left, and
    the net: hand + crib + heels when the crib is yours or your partner's
    (--dealer), hand - crib - heels when it is an opponent's (--pone). With
    --players 3 to 6 a seat that lays away holds five cards and lays one away;
    the other three crib cards are any unseen cards. With 5 players the dealer,
    and with 6 the dealer and seat 5, are dealt four and lay away nothing.

    \b
    Examples:
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer
      cribcount discard 5h 5d 6c 7s Jh Kd --pone --format json
      cribcount discard "5h 5d 6c 7s Jh" --players 3 --pone
      cribcount discard "5h 5d 6c 7s Jh" --players 6 --partners --seat 3 --dealer
    """
    from cribcount.discard import Role, advise_discard, discard_seat, parse_deal
    from cribcount.formats import discard_to_dict, render_discard
    from cribcount.table import DEAL_SIZES

    if dealer == pone:
        said = "both" if dealer else "neither"
        raise BadInput(f"say whose crib it is: --dealer or --pone ({said} given)")
    role = Role.DEALER if dealer else Role.PONE
    try:
        seat = discard_seat(players, role=role, seat=seat, partners=partners)
    except CribcountError as error:
        raise bad_input(error) from None
    if not cards:
        wanted = DEAL_SIZES[players][seat - 1][0]
        example = " ".join("5h 5d 6c 7s Jh Kd".split()[:wanted])
        raise BadInput(f"no cards given: expected {wanted} cards, such as {example}")
    try:
        deal = parse_deal(join_arguments(cards), players=players, seat=seat)
        advice = advise_discard(deal, role=role, players=players, seat=seat, partners=partners)
    except CribcountError as error:
        raise bad_input(error) from None
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
    if path == "-":
        yield sys.stdin.buffer
        return
    with open(path, "rb") as stream:
        yield stream


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
    from cribcount.batch import Failed, Summary, score_stream
    from cribcount.batchformats import (
        STDIN_NAME,
        csv_header,
        render_chunk,
        render_error,
        render_summary,
    )

    paths = files or ("-",)
    named = len(paths) > 1
    out = sys.stdout.buffer
    summary = Summary()
    sizes = [0 if path == "-" else os.path.getsize(path) for path in paths]
    show_progress = "-" not in paths and sum(sizes) >= _PROGRESS_MIN_BYTES and _stderr_is_terminal()
    if fmt == "csv":
        out.write(csv_header(with_file=named).encode())
    with _progress(sum(sizes), show=show_progress) as advance:
        for path in paths:
            name = STDIN_NAME if path == "-" else path
            with _open_input(path) as stream:
                for chunk in score_stream(stream, crib=crib, fast=fast):
                    out.write(render_chunk(chunk, fmt, name if named else None))
                    summary.add_chunk(chunk)
                    failed = [r for _, r in chunk.records if isinstance(r, Failed)]
                    if failed:
                        # On a terminal, the records come before the messages about them.
                        out.flush()
                    for record in failed:
                        click.echo(render_error(record, name), err=True)
                    advance(chunk.size)
    out.flush()
    click.echo(f"cribcount: {render_summary(summary)}", err=True)
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
    from cribcount.formats import render_stats_csv, render_stats_text, stats_to_dict
    from cribcount.stats import deal_stats, parse_hand_cards, parse_starter

    try:
        turned = parse_starter(starter) if starter is not None else None
    except CribcountError as error:
        raise BadInput(f"--starter: {error.message}") from None
    try:
        fixed = parse_hand_cards(hand_cards, starter=turned) if hand_cards is not None else ()
    except CribcountError as error:
        raise BadInput(f"--hand-cards: {error.message}") from None
    result = deal_stats(starter=turned, hand_cards=fixed)
    sides = [side for side, only in (("hand", hand_only), ("crib", crib_only)) if only]
    sides = sides or ["hand", "crib"]
    if fmt == "json":
        click.echo(render_json(stats_to_dict(result, sides=sides)))
    elif fmt == "csv":
        click.echo(render_stats_csv(result, sides=sides))
    else:
        click.echo(render_stats_text(result, sides=sides))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors print one line on stderr. Returns the exit status."""
    try:
        cli.main(args=argv, prog_name="cribcount")
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else EXIT_BAD_INPUT
    return EXIT_OK
