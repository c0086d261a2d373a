"""The ``cribcount`` group: its commands, every error one line, faults their own status."""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Sequence
from typing import Any

import click

from cribcount import __version__
from cribcount.cli.base import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_IO_ERROR,
    EXIT_OK,
    HELP_HELP,
    StreamError,
    TranslatedContext,
    card_like,
    early_language,
    fault_message,
    finish_output,
    lang,
    lang_option,
    no_color_option,
    say,
    to_devnull,
    translated_help,
    use_language,
    whole_stdout,
)
from cribcount.errors import CribcountError, quote
from cribcount.language import Language
from cribcount.messages import N_

HELP_NAMES = ["-h", "--help"]
"""The names of every command's help option."""

GROUP_OPTIONS = (*HELP_NAMES, "--version", "--no-color")
"""The group's own options that take no value: a first argument among them is not cards."""


def _say_help(ctx: click.Context, _: click.Parameter, asked: bool) -> None:
    """Print the command's help and stop, as Click's ``help_option`` does."""
    if asked and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def own_help_option(command: click.Command) -> None:
    """Give ``command`` its ``-h``/``--help`` option, last, as Click would: made here, because
    Click makes its own by looking up Click's translations (importing ``locale`` and searching
    for catalogs), a cost every command would pay as it reads its arguments."""
    if command.add_help_option:
        command.add_help_option = False
        option = click.Option(
            HELP_NAMES,
            is_flag=True,
            expose_value=False,
            is_eager=True,
            callback=_say_help,
            help=HELP_HELP,
        )
        command.params.append(option)


def keep_help(command: click.Command) -> None:
    """Give ``command`` its help back under ``python -OO``, which drops every docstring:
    read from the source of its function, as Click reads the docstring."""
    if command.help is not None or command.callback is None or sys.flags.optimize < 2:
        return
    import ast
    import inspect

    function = inspect.unwrap(command.callback)
    with contextlib.suppress(OSError, TypeError):
        tree = ast.parse(inspect.getsource(function))
        node = tree.body[0]
        if isinstance(node, ast.FunctionDef):
            command.help = ast.get_docstring(node)


class CribcountGroup(click.Group):
    """The top-level group: ``cribcount CARDS...`` means ``cribcount score CARDS...``,
    and every error comes out as one line on stderr with its exit status.

    Each command lives in a module of its own, imported only when that command
    runs (or help lists them all), so that counting one hand starts fast.
    """

    context_class = TranslatedContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        own_help_option(self)

    lazy = {
        name: f"cribcount.cli.{name}"
        for name in (
            "batch",
            "discard",
            "game",
            "odds",
            "peg",
            "practice",
            "review",
            "score",
            "simulate",
            "stats",
        )
    }
    """The commands by name, each with the module that defines it under that name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, loaded or not."""
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported on first use."""
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module = importlib.import_module(self.lazy[cmd_name])
            self.add_command(getattr(module, cmd_name))
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            command.context_class = TranslatedContext  # its help in the run's language
            own_help_option(command)
            keep_help(command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands, each with the start of its description in the run's language."""
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        listed = [(name, command) for name, command in commands if command and not command.hidden]
        limit = formatter.width - 6 - max(len(name) for name, _ in listed)
        rows = [
            (name, click.Command(name, help=translated_help(command.help or "")))
            for name, command in listed
        ]
        with formatter.section(lang().say("Commands")):
            formatter.write_dl([(name, said.get_short_help_str(limit)) for name, said in rows])

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
        names = self.list_commands(ctx)
        if at < len(args) and args[at] not in names and args[at] not in GROUP_OPTIONS:
            self.check_not_a_typo(args[at], early_language(args[:at]), names)
            args = [*args[:at], "score", *args[at:]]
        return super().parse_args(ctx, args)

    def check_not_a_typo(self, word: str, said: Language, names: Sequence[str]) -> None:
        """A word that is no card and close to a command's name (``names``) is a mistyped one."""
        if card_like(word, said):
            return
        import difflib  # only for a word that is neither a card nor a command

        close = difflib.get_close_matches(word.lower(), names, n=1, cutoff=0.6)
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
        # The language asked for, from the start: --help may come before --lang is read.
        use_language(early_language(list(sys.argv[1:] if args is None else args)))
        keep_help(self)
        try:
            whole_stdout()
            status = self._status(args, prog_name, complete_var, **extra)
            finish_output(status)
            return status
        except BrokenPipeError:
            # Whoever read the output has all they wanted: end quietly.
            to_devnull(sys.stdout)
            return EXIT_BROKEN_PIPE
        except (StreamError, OSError) as error:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stdout.flush()  # what was written before the fault still goes out
            to_devnull(sys.stdout)
            say(f"cribcount: {fault_message(error)}")
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


def _say_version(ctx: click.Context, _: click.Parameter, asked: bool) -> None:
    """Print the version and stop, as Click's ``version_option`` does."""
    if asked and not ctx.resilient_parsing:
        click.echo(f"cribcount, version {__version__}", color=ctx.color)
        ctx.exit()


@click.group(cls=CribcountGroup, context_settings={"help_option_names": HELP_NAMES})
# Not Click's version_option: that looks up Click's translations of its help as this module is
# imported (importing ``locale`` and searching for catalogs), a cost paid by every command.
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_say_version,
    help=N_("Show the version and exit."),
)
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
        group.check_not_a_typo(command, lang(), group.list_commands(root))
        raise click.UsageError(
            lang().say("no such command {word}: see 'cribcount help'", word=quote(command))
        )
    click.echo(wanted.get_help(TranslatedContext(wanted, info_name=command, parent=root)))
