"""Options and helpers shared by the commands: language, colour, formats, output."""

from __future__ import annotations

import contextlib
import errno
import functools
import inspect
import io
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from typing import IO, Any, BinaryIO, TypeVar

import click

from cribcount.cards import Suit, parse_card, tokenize
from cribcount.errors import CribcountError, escape
from cribcount.language import DEFAULT, Language, language, languages
from cribcount.messages import N_

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


def use_language(said: Language) -> None:
    """Make ``said`` the language of this run, the one ``lang`` gives, Click's own messages too."""
    _language.set(said)
    _click_speaks(said)


CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("No such option: {name}"),
    N_("No such option {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing {param_type}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Option {name!r} does not take a value."),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("Could not open file {filename!r}: {message}"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
)
"""Click's own messages that the catalogs translate: Click asks gettext for them, and
``_click_speaks`` gives gettext this package's catalog in a language other than English.
(Their plural ones are in ``CLICK_PLURALS``.)"""
CLICK_PLURALS = (
    (N_("Got unexpected extra argument ({args})"), N_("Got unexpected extra arguments ({args})")),
    (
        N_("Option {name!r} requires an argument."),
        N_("Option {name!r} requires {nargs} arguments."),
    ),
    (N_("{value!r} is not {choice}."), N_("{value!r} is not one of {choices}.")),
    (N_("Did you mean {possibility}?"), N_("(Did you mean one of: {possibilities}?)")),
)
"""Click's own messages with a plural form, translated as ``CLICK_MESSAGES`` are."""
_CLICK_DOMAIN = "messages"
"""gettext's domain before a run speaks another language: the one Click's messages are
looked up in by default (it has no catalog, so they stay English)."""
_WAS = "LANGUAGE"


def _click_speaks(said: Language) -> None:
    """Let Click's own messages (usage, bad values, help headings) speak ``said``.

    Click asks the standard ``gettext`` functions, which read the current domain
    and the ``LANGUAGE`` variable: the package's catalog becomes the domain for a
    run in another language, and English puts back what was there.
    """
    from cribcount.language import DOMAIN, LOCALE_DIR

    if said.code == DEFAULT:
        # English needs nothing of gettext: not even its import, unless a run before used it.
        loaded = sys.modules.get("gettext")
        if loaded is not None and loaded.textdomain() == DOMAIN:
            gettext = loaded
            gettext.textdomain(_CLICK_DOMAIN)
            previous = os.environ.pop(f"_CRIBCOUNT_{_WAS}", None)
            if previous is None:
                os.environ.pop(_WAS, None)
            else:
                os.environ[_WAS] = previous
        return
    import gettext

    if gettext.textdomain() != DOMAIN:
        os.environ[f"_CRIBCOUNT_{_WAS}"] = os.environ.get(_WAS, "")
    gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    gettext.textdomain(DOMAIN)
    os.environ[_WAS] = said.code


class TranslatedHelp(click.HelpFormatter):
    """Help text in the run's language: the command's description, each option's help,
    the headings, and any text the catalog has."""

    def write_text(self, text: str) -> None:
        """A command's description, each paragraph translated when the catalog knows it."""
        super().write_text(translated_help(text))

    def write(self, string: str) -> None:
        """Write ``string``, its no-break spaces, which kept marks on their line, blanks again."""
        super().write(string.replace("\u00a0", " "))

    def write_heading(self, heading: str) -> None:
        """A heading (``Options:``), its colon written as the language writes it."""
        said = lang().say("{heading}:", heading=heading)
        self.write(f"{'':>{self.current_indent}}{said}\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """The options and their help, each help translated (Click's ``[default: ...]`` apart)."""
        said = []
        for first, second in rows:
            said.append((first, _unbroken(_translated_option(second))))
        super().write_dl(said, col_max, col_spacing)


def _translated(text: str) -> str:
    return lang().catalog.gettext(text) if text else text


_BLANK_BEFORE_MARK = r" (?=[;:!?»])"
"""A blank before a punctuation mark, as French writes ``Options :`` (a pattern compiled on
first use, by ``re``'s own cache: compiling costs every start of cribcount)."""


def _unbroken(text: str) -> str:
    """``text`` with a no-break space before each punctuation mark that follows a blank, so
    that wrapping never starts a line with it (``en par défaut`` / ``; aussi``)."""
    return re.sub(_BLANK_BEFORE_MARK, "\u00a0", text)


def _translated_option(text: str) -> str:
    """An option's help as Click writes it, translated: the help itself (which may end with
    its own ``[default: ...]``), then what Click adds after two blanks, as it is."""
    help_text, added = text, ""
    while True:
        if help_text in _help_helps():
            return _translated(HELP_HELP) + added
        said = _translated(help_text)
        if said != help_text or "  [" not in help_text:
            return said + added
        help_text, bracket, extra = help_text.rpartition("  [")
        added = bracket + extra + added


EXAMPLES = N_("Examples:")
"""The heading of a help's examples: translated, its examples kept as written."""


def help_messages(text: str) -> Iterator[tuple[str, str, str]]:
    """Each paragraph of a command's description as (before, message, after): the message
    is what the catalog translates, before and after stay as written (the examples).

    >>> [message for _, message, _ in help_messages("Count.\\n\\n\\b\\nExamples:\\n  cribcount 5h")]
    ['Count.', 'Examples:']
    """
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        before, heading, after = paragraph.partition(EXAMPLES)
        if heading and before in ("", "\b\n"):
            yield before, heading, after
        else:
            yield "", paragraph, ""


def translated_help(text: str) -> str:
    """A command's description in the run's language, paragraph by paragraph.

    An example block the catalog has whole is said whole, its examples in the
    language's notation; else only its heading is translated, its examples kept.
    """
    paragraphs = []
    for before, message, after in help_messages(text):
        whole = before + message + after
        said = _translated(whole)
        if said == whole and whole != message:
            said = before + _translated(message) + after
        # A paragraph that Click wraps keeps each mark on the line of its word.
        paragraphs.append(said if said.startswith("\b") else _unbroken(said))
    return "\n\n".join(paragraphs)


HELP_HELP = N_("Show this message and exit.")
"""The help of ``--help``, as Click writes it in English."""


@functools.cache
def _help_helps() -> frozenset[str]:
    """The help of ``--help`` in every language: Click says it in the language of the run
    that first asks for it, and keeps it."""
    return frozenset(language(code).catalog.gettext(HELP_HELP) for code in languages())


class TranslatedContext(click.Context):
    """The context of every command: its help written by ``TranslatedHelp``."""

    formatter_class = TranslatedHelp


def _choose_language(ctx: click.Context, param: click.Parameter, code: str | None) -> None:
    if code is not None:
        use_language(language(code))


def lang_option(*, group: bool = False) -> Callable[[F], F]:
    """``--lang`` on the group (which reads ``CRIBCOUNT_LANG`` too) and on every command."""
    return click.option(
        "--lang",
        type=click.Choice(languages(), case_sensitive=False),
        envvar=LANG_VARIABLE if group else None,
        expose_value=False,
        is_eager=True,
        callback=_choose_language,
        help="Language of the text and of card notation (default en; also CRIBCOUNT_LANG).",
    )


class BadInput(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT


class FilePath(click.Path):
    """A file name, as ``click.Path`` checks it; a NUL byte in it is bad usage, not a crash."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The checked name; one usage error when the name holds a NUL byte."""
        if "\0" in os.fsdecode(value):
            said = lang().say(
                "{name}: a file name cannot hold a NUL byte", name=escape(os.fsdecode(value))
            )
            self.fail(said, param, ctx)
        # Click names the file in the language of the run that made the type: name it anew.
        self.name = _translated(FILE_WORD)
        return super().convert(value, param, ctx)


FILE_WORD = N_("file")
"""What Click calls a file in its messages (``File 'x' does not exist.``)."""


@functools.cache
def input_file() -> FilePath:
    """The type of a file to read, or ``-`` for standard input (made when a command needs it:
    Click's file types look up their words in gettext's catalogs, which costs start-up)."""
    return FilePath(exists=True, dir_okay=False, allow_dash=True)


class _InputFileWhenGiven(click.types.StringParamType):
    """``input_file()``, made only when a value is given: for an option most runs leave out."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return input_file().convert(value, param, ctx)


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


_STREAM_FORMAT_HELP = N_("Output format (json: JSON lines, one object a line, as jsonl).")


def format_option(*choices: str, stream: bool = False) -> Callable[[F], F]:
    """``-f``/``--format`` and ``--no-color`` for every command; the first choice is the default.

    ``json`` means one thing everywhere: JSON; for a ``stream`` of records
    (batch) that is JSON lines, one object a line, the same as ``jsonl``.
    """
    listed = (*choices, "json") if stream else choices
    fmt = click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(listed, case_sensitive=False),
        default=choices[0],
        show_default=True,
        callback=lambda _ctx, _param, value: "jsonl" if stream and value == "json" else value,
        help=_STREAM_FORMAT_HELP if stream else N_("Output format."),
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
    return stdout_is_terminal()


def stdout_is_terminal() -> bool:
    """True when standard output is a terminal (a person reads it)."""
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
        # Bytes, read as UTF-8 whatever the locale: suit symbols read under LC_ALL=C too.
        line = sys.stdin.buffer.readline().decode("utf-8", errors="surrogateescape")
    if not line.strip():
        reason = N_("no cards on standard input: expected one line of cards after '-'")
        raise BadInput(lang().say(reason))
    return (line.strip(),)


def as_typed(arg: str) -> str:
    """An argument as the UTF-8 that was typed, whatever the locale decoded it as: under
    ``LC_ALL=C`` a suit symbol comes in as escaped bytes (``'5\\udce2\\udc99\\udca5'``).

    >>> as_typed("5h"), as_typed("5\\udce2\\udc99\\udca5")
    ('5h', '5♥')
    """
    if arg.isascii() or arg.isprintable():
        return arg  # escaped bytes are lone surrogates, which never print
    return arg.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="surrogateescape")


def join_arguments(args: Sequence[str]) -> str:
    """One notation string from several arguments (``-``: a line of standard input)."""
    args = [as_typed(arg) for arg in cards_from(args)]
    for i, arg in enumerate(args, start=1):
        if not arg.strip():
            raise BadInput(
                lang().say("argument {i} is empty: expected cards such as 5h or 10s", i=i)
            )
    if not args:
        raise BadInput(
            lang().say(
                "no cards given: expected 4 cards and a starter, such as {example}",
                example=example_cards("5h 5d 5c Js / 5s"),
            )
        )
    return " ".join(args)


def example_cards(cards: str) -> str:
    """Example cards (``cards`` in English notation), written in the run's language."""
    from cribcount.cards import parse_cards

    return " / ".join(
        lang().cards([card for card, _ in parse_cards(part)]) for part in cards.split("/")
    )


_FROM_HELP = {
    "deals": N_("Read deals from FILE ('-': standard input), one a line: one record each."),
    "plays": N_("Read plays from FILE ('-': standard input), one a line: one record each."),
}


def from_option(what: str) -> Callable[[F], F]:
    """The ``--from FILE`` option of a command that also reads many inputs, one a line."""
    return click.option(
        "--from",
        "from_path",
        type=_InputFileWhenGiven(),
        metavar="FILE",
        help=_FROM_HELP[what],
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
    from cribcount.failed import Failed, render_error

    name = STDIN_NAME if path == "-" else display_name(path)
    out = stdout_bytes()
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
    with naming(name), open_input(path) as stream:
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


def from_summary(singular: str, plural: str) -> Callable[[int, int], str]:
    """The summary of a ``--from`` run: the records done (``singular``/``plural`` with {n})
    and the lines failed."""

    def said(done: int, failed: int) -> str:
        run_lang = lang()
        return ", ".join(
            [
                run_lang.plural(done, singular, plural),
                run_lang.plural(failed, "{n} line failed", "{n} lines failed"),
            ]
        )

    return said


def card_like(word: str, said: Language) -> bool:
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


def early_language(flags: Sequence[str]) -> Language:
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


def fault_message(error: OSError | StreamError) -> str:
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


def finish_output(status: int) -> None:
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


def to_devnull(stream: IO[Any] | None) -> None:
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
        to_devnull(sys.stderr)


def display_name(path: str) -> str:
    """A file name as messages and records show it: non-UTF-8 bytes, control characters escaped."""
    return escape(os.fsencode(path).decode("utf-8", errors="backslashreplace"))


@contextlib.contextmanager
def open_input(path: str) -> Iterator[BinaryIO]:
    """The file as bytes; ``-`` is standard input, left open."""
    if path != "-":
        with open(path, "rb") as stream:
            yield stream
    elif sys.stdin is None:
        raise StreamError(STDIN_NAME, _closed())
    else:
        yield sys.stdin.buffer


class WholeWrites:
    """A binary stream whose every write is written whole, or fails.

    A write to a pipe may take only part of the data (the reader went away
    mid-write, or standard output is unbuffered with ``PYTHONUNBUFFERED``):
    the rest is written on, so a closed pipe raises BrokenPipeError rather
    than losing the rest without a word.
    """

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def write(self, data: bytes) -> int:
        """Write all of ``data``; its length."""
        view = memoryview(data)
        while view:
            written = self.stream.write(view)
            if not written:  # None from a non-blocking descriptor that is full
                raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
            view = view[written:]
        return len(data)

    def flush(self) -> None:
        """Flush the stream underneath."""
        self.stream.flush()


class _WholeBuffer(io.RawIOBase):
    """The bytes under standard output's text layer, each write written whole (``WholeWrites``).

    Python's text layer does not look at how much its bytes layer took: a write
    cut short by a reader that went away (or by ``PYTHONUNBUFFERED``) lost its
    rest without a word, and the command exited 0.
    """

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self.stream = stream
        self.whole = WholeWrites(stream)

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        return self.whole.write(bytes(data))

    def flush(self) -> None:
        if not self.closed:
            self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()


def whole_stdout() -> None:
    """Make every text written to the real standard output go out whole, or fail.

    Click's ``echo`` and ``print`` write through ``sys.stdout``: its bytes now
    pass through ``WholeWrites``, so a closed pipe is a BrokenPipeError (exit
    141) and a full disk a fault (74) for every command, however large the
    output. A replaced ``sys.stdout`` (a test's) is left as it is.
    """
    out = sys.stdout
    if out is None or out is not sys.__stdout__ or not isinstance(out, io.TextIOWrapper):
        return
    with contextlib.suppress(OSError, ValueError):
        out.flush()
    sys.stdout = io.TextIOWrapper(
        _WholeBuffer(out.buffer),
        encoding=out.encoding,
        errors=out.errors,
        line_buffering=out.line_buffering,
        write_through=True,
    )


def stdout_bytes() -> WholeWrites:
    """Standard output as bytes, written whole; closed before the start, a fault."""
    if sys.stdout is None:
        raise StreamError(STDOUT_NAME, _closed())
    return WholeWrites(sys.stdout.buffer)
