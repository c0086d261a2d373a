"""The ``cribcount`` command: Click commands over the library, nothing more.

Exit status: 0 all well, 1 a claim differs from the count, 2 bad input,
74 an input or output fault, 141 a closed output pipe (130, Ctrl-C, is
``cribcount.entry``'s; ``practice`` prints its summary first).
"""

from __future__ import annotations

import contextlib
import difflib
import errno
import functools
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from typing import IO, Any, BinaryIO, TypeVar

import click

from cribcount import __version__
from cribcount.cards import Suit, parse_card, parse_hand, tokenize
from cribcount.errors import N_, CribcountError, DealError, Message, escape, quote
from cribcount.language import DEFAULT, Language, language, languages
from cribcount.render import TEXT_WIDTH, render_json
from cribcount.render.show import (
    claim_fields,
    count_to_dict,
    heels_fields,
    render_claim,
    render_count,
    say_count,
)
from cribcount.show import count_show

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_CLAIM_DIFFERS, EXIT_BAD_INPUT = 0, 1, 2
EXIT_IO_ERROR = 74
"""EX_IOERR of sysexits.h: a read or write failed (a full disk, a closed or failing stream)."""
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (``| head``): 128 + SIGPIPE (13), as a shell says."""

STDIN_NAME, STDOUT_NAME = "<stdin>", "<stdout>"
"""How the standard streams are named in messages and records."""
LANG_VARIABLE = "CRIBCOUNT_LANG"

_language: ContextVar[Language] = ContextVar("language")


def lang() -> Language:
    """The language of this run: ``--lang``, else ``CRIBCOUNT_LANG``, else English."""
    return _language.get(language(DEFAULT))


def _choose_language(ctx: click.Context, param: click.Parameter, code: str | None) -> None:
    if code is not None:
        _language.set(language(code))


def lang_option(*, group: bool = False) -> Callable[[F], F]:
    """``--lang`` on the group (which reads ``CRIBCOUNT_LANG`` too) and on every command."""
    return click.option(
        "--lang",
        type=click.Choice(languages(), case_sensitive=False),
        envvar=LANG_VARIABLE if group else None,
        expose_value=False,
        is_eager=True,
        callback=_choose_language,
        help=f"Language of the text and of card notation (default en; also {LANG_VARIABLE}).",
    )


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


def _no_colour(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.find_root().meta["cribcount.no_color"] = True


no_color_option = click.option(
    "--no-color",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_no_colour,
    help="No colour (also off when the output is not a terminal, or NO_COLOR is set).",
)
"""``--no-color``, on the group and on every command."""


def format_option(*choices: str, stream: bool = False) -> Callable[[F], F]:
    """``-f``/``--format`` and ``--no-color`` for every command; the first choice is the default.

    ``json`` means one thing everywhere: JSON; for a ``stream`` of records
    (batch) that is JSON lines, one object a line, the same as ``jsonl``.
    """
    listed = (*choices, "json") if stream else choices
    note = " (json: JSON lines, one object a line, as jsonl)" if stream else ""
    fmt = click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(listed, case_sensitive=False),
        default=choices[0],
        show_default=True,
        callback=lambda _ctx, _param, value: "jsonl" if stream and value == "json" else value,
        help=f"Output format{note}.",
    )

    def decorate(command: F) -> F:
        return no_color_option(fmt(command))

    return decorate


@functools.cache
def _red_suit(said: Language) -> re.Pattern[str]:
    """A card of hearts or diamonds as the text formats write it in ``said``'s notation:
    ``(?<![\\w♥♦])((?:10|[A2-9TJQK])[hd♥♦])(?!\\w)`` in English."""
    notation = said.notation
    ranks = sorted({*notation.rank_symbols, "10"}, key=lambda rank: (-len(rank), rank))
    reds = [notation.suit_letters[Suit.HEARTS], notation.suit_letters[Suit.DIAMONDS], "♥", "♦"]
    card = f"(?:{'|'.join(map(re.escape, ranks))})[{''.join(map(re.escape, reds))}]"
    return re.compile(rf"(?<![\w♥♦])({card})(?!\w)")


def _colour_wanted() -> bool:
    """Colour on a terminal only, unless --no-color or NO_COLOR (any value but empty) say no."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.find_root().meta.get("cribcount.no_color"):
        return False
    if os.environ.get("NO_COLOR"):
        return False
    return _stdout_is_terminal()


def _stdout_is_terminal() -> bool:
    return sys.stdout is not None and sys.stdout.isatty()


def echo_text(text: str) -> None:
    """Write a text output: red hearts and diamonds on a terminal, else as it is."""
    if _colour_wanted():
        text = _red_suit(lang()).sub(lambda card: click.style(card.group(), fg="red"), text)
    click.echo(text)


def cards_from(args: Sequence[str]) -> Sequence[str]:
    """The card arguments, or with ``-`` alone one line of standard input."""
    if tuple(args) != ("-",):
        return args
    if sys.stdin is None:
        raise StreamError(STDIN_NAME, _closed())
    with naming(STDIN_NAME):
        line = sys.stdin.readline()
    if not line.strip():
        reason = N_("no cards on standard input: expected one line of cards after '-'")
        raise BadInput(lang().say(reason))
    return (line.strip(),)


def join_arguments(args: Sequence[str]) -> str:
    """One notation string from several arguments (``-``: a line of standard input)."""
    args = cards_from(args)
    for i, arg in enumerate(args, start=1):
        if not arg.strip():
            raise BadInput(
                lang().say("argument {i} is empty: expected cards such as 5h or 10s", i=i)
            )
    if not args:
        raise BadInput(
            lang().say(
                "no cards given: expected 4 cards and a starter, such as {example}",
                example=_example("5h 5d 5c Js / 5s"),
            )
        )
    return " ".join(args)


def _example(cards: str) -> str:
    """Example cards, written in the notation of the run's language."""
    from cribcount.cards import parse_cards

    return " / ".join(
        lang().cards([card for card, _ in parse_cards(part)]) for part in cards.split("/")
    )


def from_option(what: str) -> Callable[[F], F]:
    """The ``--from FILE`` option of a command that also reads many inputs, one a line."""
    return click.option(
        "--from",
        "from_path",
        type=click.Path(exists=True, dir_okay=False, allow_dash=True),
        metavar="FILE",
        help=f"Read {what} from FILE ('-': standard input), one a line: one record each.",
    )


def from_options(what: str) -> Callable[[F], F]:
    """``--from FILE``, ``-f text|json|jsonl|csv`` (jsonl and csv with ``--from``) and
    ``--lang``: the options of a command that reads one input or many."""

    def decorate(command: F) -> F:
        return from_option(what)(
            format_option("text", "json", "jsonl", "csv")(lang_option()(command))
        )

    return decorate


def check_from(from_path: str | None, cards: Sequence[str], fmt: str, *, single: str) -> str:
    """``--from`` takes no CARDS; jsonl and csv need ``--from``. The format to write: with
    ``--from``, json is JSON lines (jsonl), one object a line, as for batch.

    ``single`` says (a message with ``{fmt}``) that one input gives ``--format json``.
    """
    if from_path is not None and cards:
        raise BadInput(lang().say("give the cards or --from FILE, not both"))
    if from_path is None and fmt in ("jsonl", "csv"):
        raise BadInput(lang().say(single, fmt=fmt))
    return "jsonl" if from_path is not None and fmt == "json" else fmt


_WRITE_SIZE = 1 << 16


def write_records(
    path: str,
    records: Callable[[BinaryIO], Iterable[Any]],
    render: Callable[[Any], str],
    *,
    header: str,
    summary: Callable[[int, int], str],
) -> None:
    """Write a record for each line of ``path``, a ``FILE:LINE:COLUMN`` line per bad one, a summary.

    ``summary`` says the records done and the lines failed. Exit status 2 if
    any line failed, else 0; a fault in reading or writing is a StreamError
    (74), a closed pipe a BrokenPipeError (141), as in ``batch``.
    """
    from cribcount.batch import Failed
    from cribcount.batch.writers import render_error

    name = STDIN_NAME if path == "-" else display_name(path)
    out = _stdout_bytes()
    done = failed = 0
    # Records are written some together: standard output may be unbuffered.
    pending = [header]
    size = len(header)

    def write() -> None:
        nonlocal pending, size
        with naming(STDOUT_NAME):
            out.write("".join(pending).encode())
        pending, size = [], 0

    # A fault in reading is named after the file; writes name themselves first.
    with naming(name), _open_input(path) as stream:
        for record in records(stream):
            text = render(record)
            pending.append(text)
            size += len(text)
            if isinstance(record, Failed):
                failed += 1
                # On a terminal, the record comes before the message about it.
                write()
                with naming(STDOUT_NAME):
                    out.flush()
                say(render_error(record, name, lang=lang()))
            else:
                done += 1
            if size >= _WRITE_SIZE:
                write()
    write()
    with naming(STDOUT_NAME):
        out.flush()
    say(f"cribcount: {summary(done, failed)}")
    if failed:
        sys.exit(EXIT_BAD_INPUT)


def _from_summary(template: str, singular: str, plural: str) -> Callable[[int, int], str]:
    """The summary of a ``--from`` run: ``template`` with {records} done and {lines} failed."""

    def said(done: int, failed: int) -> str:
        run_lang = lang()
        return run_lang.say(
            template,
            records=run_lang.plural(done, singular, plural),
            lines=run_lang.plural(failed, "{n} line", "{n} lines"),
        )

    return said


class CribcountGroup(click.Group):
    """The top-level group: ``cribcount CARDS...`` means ``cribcount score CARDS...``,
    and every error comes out as one line on stderr with its exit status."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # The group's own flags (--no-color, --lang) may come first: the command (or the
        # cards) follow them.
        at = 0
        while at < len(args):
            if args[at] == "--no-color" or args[at].startswith("--lang="):
                at += 1
            elif args[at] == "--lang":
                at += 2
            else:
                break
        if at < len(args) and args[at] not in self.commands and args[at] not in _GROUP_OPTIONS:
            self.check_not_a_typo(args[at], _early_language(args[:at]))
            args = [*args[:at], "score", *args[at:]]
        return super().parse_args(ctx, args)

    def check_not_a_typo(self, word: str, said: Language) -> None:
        """A word that is no card and close to a command's name is a mistyped command."""
        if _card_like(word, said):
            return
        close = difflib.get_close_matches(word.lower(), sorted(self.commands), n=1, cutoff=0.6)
        if close:
            reason = said.say(
                "no such command {word} (did you mean {command}?)",
                word=quote(word),
                command=repr(close[0]),
            )
            raise click.UsageError(reason)

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
        _language.set(language(DEFAULT))
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
            say(f"cribcount: {lang().error(error)}")
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


_GROUP_OPTIONS = ("-h", "--help", "--version", "--no-color")


def _card_like(word: str, said: Language) -> bool:
    """True when every piece of ``word`` is a card in ``said``'s notation, a '/' or '-'."""
    if word == "-":
        return True
    for token in tokenize(word):
        if token.text == "/":
            continue
        try:
            parse_card(token.text, notation=said.notation)
        except CribcountError:
            return False
    return True


def _early_language(flags: Sequence[str]) -> Language:
    """The language the group's ``flags`` (or ``CRIBCOUNT_LANG``) ask for, before click reads
    them: for a mistyped command, found before any option is."""
    code = os.environ.get(LANG_VARIABLE) or DEFAULT
    for i, flag in enumerate(flags):
        if flag.startswith("--lang="):
            code = flag.removeprefix("--lang=")
        elif flag == "--lang" and i + 1 < len(flags):
            code = flags[i + 1]
    return language(code) if code.lower() in languages() else language(DEFAULT)


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
@no_color_option
@lang_option(group=True)
def cli() -> None:
    """Exact cribbage scoring: count a show, check a claim, score many hands.

    \b
    Examples:
      cribcount 5h 5d 5c Js / 5s
      cribcount score "2h 4h 6h 8h / Kc" --crib
      cribcount score 7h 7s 8d 8c 9h --claim 20
      cribcount --lang fr Rc Dc Vc 10c / 5c
      cribcount help peg
    """


@cli.command("help")
@click.argument("command", required=False)
@lang_option()
@click.pass_context
def help_command(ctx: click.Context, command: str | None) -> None:
    """Show the help of cribcount, or of one COMMAND.

    \b
    Examples:
      cribcount help
      cribcount help batch
    """
    root = ctx.find_root()
    group = root.command
    assert isinstance(group, CribcountGroup)
    if command is None:
        click.echo(group.get_help(root))
        return
    wanted = group.get_command(root, command)
    if wanted is None:
        group.check_not_a_typo(command, lang())
        raise click.UsageError(
            lang().say("no such command {word}: see 'cribcount help'", word=quote(command))
        )
    click.echo(wanted.get_help(click.Context(wanted, info_name=command, parent=root)))


@cli.command()
@click.argument("cards", nargs=-1)
@click.option("--crib", is_flag=True, help="Count as the crib: only a five-card flush scores.")
@click.option(
    "--claim",
    type=click.IntRange(min=0),
    metavar="N",
    help="Check a claimed count (muggins): exit 1 when it differs from the true count.",
)
@click.option("--say", is_flag=True, help="Say the count in one line, as spoken aloud.")
@format_option("text", "json")
@lang_option()
def score(cards: tuple[str, ...], crib: bool, claim: int | None, say: bool, fmt: str) -> None:
    """Count four cards and the starter, the way a player says it.

    CARDS are four hand cards then the starter, after a '/' or as the fifth
    card: one quoted argument or several, or '-' to read one line of them
    from standard input. The JSON gives "heels" too: 2 to the dealer when the
    starter is a jack, outside the total.

    \b
    Examples:
      cribcount score 5h 5d 5c Js / 5s
      cribcount score "10h, Jh, Qh, Kh / 5h" --crib
      cribcount score 7h 7s 8d 8c 9h --claim 20 -f json
      cribcount score 8c 7k 7p 6t / Ac --say --lang fr
      echo "5h 5d 5c Js / 5s" | cribcount score -
    """
    if say and fmt == "json":
        raise BadInput(lang().say("--say writes text: it does not go with --format json"))
    count = count_show(parse_hand(join_arguments(cards), notation=lang().notation), crib=crib)
    if fmt == "json":
        fields = count_to_dict(count) | heels_fields(count) | claim_fields(claim, count.total)
        click.echo(render_json(fields))
    else:
        if say:
            # One line said aloud, which goes on, indented, past 60 columns.
            said = textwrap.fill(say_count(count, lang=lang()), TEXT_WIDTH, subsequent_indent="  ")
        else:
            said = render_count(count, lang=lang())
        if claim is not None:
            said += "\n" + render_claim(claim, count.total, lang=lang())
        echo_text(said)
    if claim is not None and claim != count.total:
        sys.exit(EXIT_CLAIM_DIFFERS)


# --- peg: score the play ---------------------------------------------------------------------


class KeepsArguments(click.Command):
    """A command that keeps its arguments as given, to say how a shell split them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["cribcount.args"] = list(args)
        return super().parse_args(ctx, args)


_OPEN_HELP = "The play is still going on: no last card yet, and the hands may hold cards not laid."


def check_quoted(option: str, value: str | None) -> None:
    """A hand option given one card, with more cards after it: the hand was not quoted."""
    if value is None:
        return
    given = [token.text for token in tokenize(value)]
    args: list[str] = click.get_current_context().meta.get("cribcount.args", [])
    if len(given) >= 4 or option not in args:
        return
    after = args[args.index(option) + 2 :]
    more = []
    for word in after[: 4 - len(given)]:
        if word.startswith("-") or not _card_like(word, lang()):
            break
        more.append(word)
    if more:
        hand = " ".join([*given, *more])
        raise BadInput(f'{option} holds {len(given)} of 4 cards: quote the hand: {option} "{hand}"')


@cli.command(cls=KeepsArguments)
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
@click.option("--open", "unfinished", is_flag=True, help=_OPEN_HELP)
@from_options("plays")
def peg(
    cards: tuple[str, ...],
    players: int | None,
    hands: str | None,
    partners: bool,
    pone: str | None,
    dealer: str | None,
    unfinished: bool,
    from_path: str | None,
    fmt: str,
) -> None:
    """Peg the play: who scores what, card by card, to 31 with go and last card.

    CARDS are the cards in the order they were laid, seat 1 first (the player
    on the dealer's left; pone, with two players), turns passing in seat order,
    with the word 'go' where a player could not play. A player who says go is
    passed over until the count starts again; when nobody can play, the last
    player to lay a card takes the go and the next seat leads. With --hands (or
    --pone and --dealer) the play is checked against the hands and gos may be
    left out. --open scores a play still going on. '-' alone reads the cards
    from a line of standard input.

    --from FILE reads one play a line, 'PLAY' or 'PLAY ; HANDS' (the hands as
    for --hands), blank lines and '#' comments skipped, and writes one record
    each: text, jsonl (the json object and "line") or csv (each player's
    total). A bad line gives an error record and a FILE:LINE:COLUMN line on
    stderr; exit status 2 if any line failed.

    \b
    Examples:
      cribcount peg "Kc 9d Th go 2s 7c 6s"
      cribcount peg Kc 9d Th 2s 7c 6s Qh Jh --pone "Kc Th 2s 6s" --dealer "9d 7c Qh Jh"
      cribcount peg "Kc Qd 9h go go 5c 5d 5h" --players 3
      cribcount peg 5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts \\
        --hands "5c Kc 2c 9c | 5d Qd 3d 9d | 5h 7h Ah Jh | 6s 8s 4s Ts"
      cribcount peg "Tc 5c 5d 5h 5s Ac" --players 6 --partners
      cribcount peg 7c 8d 8h -f json
      cribcount peg "7c 8d 8h" --open
      cribcount peg --from plays.txt --players 4 -f jsonl
    """
    from cribcount.play import peg as peg_play
    from cribcount.render.play import render_pegging, render_pegging_json

    fmt = check_from(
        from_path,
        cards,
        fmt,
        single=N_("--format {fmt} is for --from FILE: one play gives --format json"),
    )
    if from_path is not None:
        from cribcount.batch.plays import (
            PegOptions,
            peg_lines,
            play_csv_header,
            render_play_record,
        )

        if hands is not None or pone is not None or dealer is not None:
            raise BadInput(
                lang().say("with --from the hands go in the file: PLAY ; HANDS on each line")
            )
        table = 2 if players is None else players
        run_lang = lang()
        options = PegOptions(
            players=table, partners=partners, notation=run_lang.notation, unfinished=unfinished
        )
        write_records(
            from_path,
            lambda stream: peg_lines(stream, **options),
            lambda record: render_play_record(record, fmt, players=table, lang=run_lang),
            header=play_csv_header(table) if fmt == "csv" else "",
            summary=_from_summary(
                N_("{records} pegged, {lines} failed"), N_("{n} play"), N_("{n} plays")
            ),
        )
        return
    if not cards:
        raise BadInput(
            lang().say(
                "no cards given: expected the cards in the order they were laid, such as {example}",
                example=_example("Kc 9d"),
            )
        )
    if (pone is None) != (dealer is None):
        raise BadInput(lang().say("--pone and --dealer go together: give both hands or neither"))
    if pone is not None and hands is not None:
        raise BadInput(lang().say("give the hands once: --hands, or --pone and --dealer"))
    if pone is not None and players not in (None, 2):
        raise BadInput(lang().say("--pone and --dealer check a two-player play only: use --hands"))
    check_quoted("--pone", pone)
    check_quoted("--dealer", dealer)
    pegging = peg_play(
        join_arguments(cards),
        pone=pone,
        dealer=dealer,
        hands=hands,
        players=players,
        partners=partners,
        notation=lang().notation,
        unfinished=unfinished,
    )
    if fmt == "json":
        click.echo(render_pegging_json(pegging))
    else:
        echo_text(render_pegging(pegging, lang=lang()))


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
@from_options("deals")
def discard(
    cards: tuple[str, ...],
    dealer: bool,
    pone: bool,
    players: int,
    seat: int | None,
    partners: bool,
    from_path: str | None,
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

    --from FILE reads one deal a line (blank lines and '#' comments skipped)
    and writes one record each, in order: text, jsonl (the json object and
    "line") or csv (the best choice). A bad line gives an error record and a
    FILE:LINE:COLUMN line on stderr; exit status 2 if any line failed.

    \b
    Examples:
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer
      cribcount discard 5h 5d 6c 7s Jh Kd --pone -f json
      cribcount discard "5h 5d 6c 7s Jh" --players 3 --pone
      cribcount discard "5h 5d 6c 7s Jh" --players 6 --partners --seat 3 --dealer
      cribcount discard --from deals.txt --pone --format csv
    """
    from cribcount.discard import Role, advise_discard, discard_seat, parse_deal
    from cribcount.render.discard import discard_to_dict, render_discard
    from cribcount.table import DEAL_SIZES

    if dealer == pone:
        raise BadInput(
            lang().say(
                "say whose crib it is: --dealer or --pone ({said} given)",
                said=Message(N_("both") if dealer else N_("neither")),
            )
        )
    role = Role.DEALER if dealer else Role.PONE
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    fmt = check_from(
        from_path,
        cards,
        fmt,
        single=N_("--format {fmt} is for --from FILE: one deal gives --format json"),
    )
    if from_path is not None:
        from cribcount.batch.deals import advise_lines, deal_csv_header, render_deal_record

        notation, run_lang = lang().notation, lang()
        write_records(
            from_path,
            lambda stream: advise_lines(
                stream,
                role=role,
                players=players,
                seat=seat,
                partners=partners,
                notation=notation,
            ),
            lambda record: render_deal_record(record, fmt, lang=run_lang),
            header=deal_csv_header() if fmt == "csv" else "",
            summary=_from_summary(
                N_("{records} advised, {lines} failed"), N_("{n} deal"), N_("{n} deals")
            ),
        )
        return
    if not cards:
        wanted = DEAL_SIZES[players][seat - 1][0]
        raise BadInput(
            lang().say(
                "no cards given: expected {n} cards, such as {example}",
                n=wanted,
                example=_example(" ".join("5h 5d 6c 7s Jh Kd".split()[:wanted])),
            )
        )
    text = join_arguments(cards)
    try:
        deal = parse_deal(text, players=players, seat=seat, notation=lang().notation)
    except DealError as error:
        hint = _players_hint(text, players)
        if hint is None:
            raise
        raise BadInput(f"{lang().error(error)}; {hint}") from None
    advice = advise_discard(deal, role=role, players=players, seat=seat, partners=partners)
    if fmt == "json":
        click.echo(render_json(discard_to_dict(advice)))
    else:
        echo_text(render_discard(advice, lang=lang()))


_COUNT_WORDS = {4: N_("four"), 5: N_("five"), 6: N_("six")}


def _players_hint(text: str, players: int) -> str | None:
    """``with five cards, try --players 3 (or 4, 5, 6)``: the tables where a seat lays away
    from as many cards as were given; None when there is none."""
    from cribcount.table import DEAL_SIZES

    given = sum(token.text != "/" for token in tokenize(text))
    fits = [
        table
        for table, sizes in sorted(DEAL_SIZES.items())
        if table != players and any(dealt == given and laid for dealt, laid in sizes)
    ]
    if not fits:
        return None
    count = Message(_COUNT_WORDS[given]) if given in _COUNT_WORDS else given
    if len(fits) > 1:
        return lang().say(
            "with {count} cards, try --players {table} (or {others})",
            count=count,
            table=fits[0],
            others=", ".join(map(str, fits[1:])),
        )
    return lang().say("with {count} cards, try --players {table}", count=count, table=fits[0])


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
@click.option(
    "--input",
    "form",
    type=click.Choice(["lines", "csv"], case_sensitive=False),
    help="How FILES are written: one hand a line, or CSV with a header row.  [default: csv"
    " for files named *.csv, else lines]",
)
@format_option("text", "csv", "jsonl", stream=True)
@lang_option()
def batch(files: tuple[str, ...], crib: bool, fast: bool, form: str | None, fmt: str) -> None:
    """Score one hand per line from FILES (or '-', standard input, the default).

    Each line is an optional label ending in ':', a hand as for 'score', then
    optionally the word 'crib' and/or a claimed count '= N', in either order,
    and a comment from a '#' after white space. Blank lines and '#' comment
    lines are skipped. CSV sheets (--input csv) have a header row naming
    hand, starter, crib, claim and label columns. Files are UTF-8 (with or
    without a BOM) or UTF-16 with a BOM. A bad line gives an error record in
    its place and a FILE:LINE:COLUMN line on stderr, and the run goes on; a
    summary ends it. Exit status: 2 if any line failed, else 1 if any claim
    was wrong, else 0.

    \b
    Examples:
      cribcount batch examples/hands.txt
      cribcount batch examples/sheet.csv
      printf '7h 7s 8d 8c / 9h = 18\\n' | cribcount batch -f json
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
                as_csv = form == "csv" or (form is None and path.lower().endswith(".csv"))
                written_records = write_stream(
                    stream,
                    fmt,
                    summary,
                    crib=crib,
                    fast=fast,
                    file=file,
                    form="csv" if as_csv else "lines",
                    lang=lang(),
                )
                for written in written_records:
                    with naming(STDOUT_NAME):
                        out.write(written.data)
                        if written.failed:
                            # On a terminal, the records come before the messages about them.
                            out.flush()
                    for record in written.failed:
                        say(render_error(record, name, lang=lang()))
                    advance(written.size)
    with naming(STDOUT_NAME):
        out.flush()
    say(f"cribcount: {render_summary(summary, lang=lang())}")
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
@lang_option()
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
    from cribcount.render.stats import (
        STATS_WIDTH,
        render_stats_csv,
        render_stats_text,
        stats_to_dict,
    )
    from cribcount.stats import Side, deal_stats, parse_hand_cards, parse_starter

    notation = lang().notation
    with about("--starter"):
        turned = parse_starter(starter, notation=notation) if starter is not None else None
    with about("--hand-cards"):
        fixed = (
            parse_hand_cards(hand_cards, starter=turned, notation=notation)
            if hand_cards is not None
            else ()
        )
    result = deal_stats(starter=turned, hand_cards=fixed)
    sides = [side for side, only in ((Side.HAND, hand_only), (Side.CRIB, crib_only)) if only]
    sides = sides or [Side.HAND, Side.CRIB]
    if fmt == "json":
        click.echo(render_json(stats_to_dict(result, sides=sides)))
    elif fmt == "csv":
        click.echo(render_stats_csv(result, sides=sides))
    else:
        # On a terminal the bars follow its width; through a pipe the table fits 60 columns.
        width = shutil.get_terminal_size().columns if _stdout_is_terminal() else STATS_WIDTH
        echo_text(render_stats_text(result, sides=sides, width=width, lang=lang()))


# --- practice: deal hands, ask for the count, call muggins ------------------------------------

EXIT_INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C (128 + SIGINT)


def _read_line(prompt: str) -> str | None:
    """One line of standard input, None at its end; the prompt only on a terminal."""
    if sys.stdin.isatty():
        click.echo(prompt, nl=False)
    line = sys.stdin.readline()
    return line if line else None


@cli.command()
@click.option("--seed", type=click.IntRange(min=0), metavar="N", help="Replay the deals of seed N.")
@click.option(
    "--rounds", type=click.IntRange(min=1), metavar="N", help="Stop after N deals (default: q)."
)
@click.option("--crib", is_flag=True, help="Count cribs: only a five-card flush scores.")
@click.option("--mix", is_flag=True, help="Hands and cribs at random; each deal says which.")
@click.option("--hard", is_flag=True, help="Only 12 or more, or a double run, a flush or nobs.")
@click.option("--play", "play_drill", is_flag=True, help="Pegging: say what the last card pegs.")
@click.option("--muggins", is_flag=True, help="The table takes the points you miss.")
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Append one JSON line per deal to FILE.",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, allow_dash=True),
    metavar="FILE",
    help="Summarise a log by ISO week instead of practising.",
)
@lang_option()
@no_color_option
@click.pass_context
def practice(
    ctx: click.Context,
    seed: int | None,
    rounds: int | None,
    crib: bool,
    mix: bool,
    hard: bool,
    play_drill: bool,
    muggins: bool,
    log_path: str | None,
    report_path: str | None,
) -> None:
    """Counting practice: deal a hand and a starter, ask for the count, check it.

    Answer each deal with a whole number; '?' shows the count, 'q' (or the end
    of input) stops. A wrong count is shown whole, with the points missed or
    over-claimed. The summary at the end (also after Ctrl-C, with exit status
    130) gives accuracy, median seconds a right count, the longest streak and
    the kinds of hand missed most. Through a pipe it reads one answer a line
    and prints each deal on one line, 'hand CARDS / STARTER' (or 'crib ...',
    'play ...'), with no prompt. --report FILE summarises a --log by week.
    With --lang fr all is said in French, and on a terminal the deals too;
    through a pipe the deal lines stay in English, as scripts read them.

    \b
    Examples:
      cribcount practice --seed 7 --muggins
      cribcount practice --mix --hard --rounds 10 --log practice.jsonl
      cribcount practice --play
      printf '29\\n?\\nq\\n' | cribcount practice --seed 7
      cribcount practice --report practice.jsonl
    """
    from cribcount.practice import AnswerKind, Drill, Practice, new_seed, read_answer
    from cribcount.practice_log import LogError, log_line, read_log, report, summarise
    from cribcount.render.practice import (
        prompt,
        render_deal,
        render_not_understood,
        render_record,
        render_report,
        render_start,
        render_summary,
    )

    if report_path is not None:
        dealing = (seed, rounds, log_path)
        if (
            any(value is not None for value in dealing)
            or crib
            or mix
            or hard
            or play_drill
            or muggins
        ):
            raise BadInput(lang().say("--report reads a log: it goes with no option of a session"))
        try:
            with click.open_file(report_path, encoding="utf-8") as stream:
                click.echo(render_report(report(read_log(stream)), lang=lang()))
        except OSError as error:
            reason = lang().say(
                "cannot read {path}: {reason}", path=report_path, reason=error.strerror
            )
            raise BadInput(reason) from None
        except (LogError, UnicodeDecodeError) as error:
            said = error.said if isinstance(error, LogError) else Message("not UTF-8 text")
            raise BadInput(f"{report_path}: {lang().text(said)}") from None
        return
    if crib and mix:
        raise BadInput(lang().say("--crib and --mix: choose one"))
    if play_drill and (crib or mix or hard):
        raise BadInput(
            lang().say("--play drills the pegging: it goes without --crib, --mix and --hard")
        )
    drill = Drill.PLAY if play_drill else Drill.CRIB if crib else Drill.MIX if mix else Drill.HAND
    # Tests hand in their own clock and wall time through the context object.
    hooks: dict[str, Any] = ctx.obj if isinstance(ctx.obj, dict) else {}
    session = Practice(
        new_seed() if seed is None else seed,
        drill=drill,
        hard=hard,
        muggins=muggins,
        rounds=rounds,
        **{key: hooks[key] for key in ("clock", "now") if key in hooks},
    )
    try:
        log = open(log_path, "a", encoding="utf-8") if log_path else None
    except OSError as error:
        reason = lang().say("cannot open {path}: {reason}", path=log_path, reason=error.strerror)
        raise BadInput(reason) from None
    status = EXIT_OK
    try:
        click.echo(render_start(session.seed, drill=drill, muggins=muggins, lang=lang()))
        while (deal := session.deal()) is not None:
            # On a terminal the deal is said in the language; through a pipe it stays the
            # canonical English line that scripts read.
            echo_text(render_deal(deal, lang=lang(), canonical=not sys.stdin.isatty()))
            asked = prompt(lang=lang())
            while (answer := read_answer(line := _read_line(asked))).kind is AnswerKind.UNCLEAR:
                click.echo(render_not_understood(line or "", lang=lang()))
            if answer.kind is AnswerKind.QUIT:
                break
            record = session.answer(answer.value)
            echo_text(render_record(record, match=session.match, lang=lang()))
            if log is not None:
                try:
                    log.write(log_line(record) + "\n")
                    log.flush()
                except OSError as error:
                    reason = lang().say(
                        "cannot write {path}: {reason}", path=log_path, reason=error.strerror
                    )
                    raise BadInput(reason) from None
    except KeyboardInterrupt:
        # Ctrl-C ends the session as q does, with the shell's status for an interrupt.
        click.echo()
        status = EXIT_INTERRUPTED
    finally:
        if log is not None:
            with contextlib.suppress(OSError):  # a failed write was said already
                log.close()
    click.echo(render_summary(summarise(session.records), match=session.match, lang=lang()))
    sys.exit(status)


# --- game: check a whole game record, deal by deal -------------------------------------------


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--board", is_flag=True, help="Draw the board after each deal.")
@format_option("text", "json")
@lang_option()
def game(file: str, board: bool, fmt: str) -> None:
    """Check a game record deal by deal, to 121 or 61, with muggins and skunks.

    FILE (or '-', standard input) holds one statement a line: the game, the
    players clockwise, muggins on or off, then each deal: its dealer, every
    hand (kept | laid away), the starter, the play and the claimed shows, or
    only the points as a score sheet keeps them. Each deal is scored in the
    order of the rules, to the moment a side reaches the game. Exit status: 0
    every claim right, 1 a claim was wrong, 2 a bad record (a
    FILE:LINE:COLUMN line on stderr for each bad statement).

    \b
    Examples:
      cribcount game examples/game-121.txt
      cribcount game examples/game-four.txt --board
      cribcount game examples/game-121.txt --format json

    The game is in English only so far: --lang fr (or CRIBCOUNT_LANG=fr) is
    refused; --lang en overrides CRIBCOUNT_LANG.
    """
    from cribcount.errors import GameRecordError
    from cribcount.game import read_record, score_game
    from cribcount.render.game import game_to_dict, render_game

    if lang().code != DEFAULT:
        # Records, their statements and the game's text are English for now.
        raise BadInput(lang().say("game reads and writes English only so far: use --lang en"))
    name = "<stdin>" if file == "-" else file
    with click.open_file(file, "rb") as stream:
        data = stream.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as undecoded:
        before = data[: undecoded.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8")) + 1
        byte = data[undecoded.start]
        click.echo(f"{name}:{line}:{column}: invalid UTF-8 byte 0x{byte:02x}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    try:
        scored = score_game(read_record(text))
    except GameRecordError as bad:
        for wrong in bad.errors:
            click.echo(f"{name}:{wrong.line}:{max(wrong.column, 1)}: {wrong.reason}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    if fmt == "json":
        click.echo(render_json(game_to_dict(scored)))
    else:
        echo_text(render_game(scored, board=board))
    if scored.wrong_claims:
        sys.exit(EXIT_CLAIM_DIFFERS)


main = cli
"""The console script ``cribcount`` and ``python -m cribcount``: the group itself."""
