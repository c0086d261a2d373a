"""``cribcount practice``: deal hands, ask for the count, call muggins."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from cribcount.cli.base import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    STDIN_NAME,
    BadInput,
    StreamError,
    display_name,
    echo_text,
    lang,
    lang_option,
    naming,
    no_color_option,
    open_input,
    say,
)
from cribcount.entry import EXIT_INTERRUPTED

if TYPE_CHECKING:
    from cribcount.practice_log import Record


def _read_line(prompt: str) -> str | None:
    """One line of standard input, None at its end, after the prompt.

    Through a pipe nothing is typed to follow the prompt: the prompt is written
    with the line read after it, so that the output reads as the session.
    """
    terminal = sys.stdin.isatty()
    if terminal:
        click.echo(prompt, nl=False)
    with naming(STDIN_NAME):
        line = sys.stdin.readline()
    if line and not terminal:
        click.echo(prompt + line.rstrip("\r\n"))
    return line if line else None


@click.command()
@click.option("--seed", type=click.IntRange(min=0), metavar="N", help="Replay the deals of seed N.")
@click.option(
    "--rounds", type=click.IntRange(min=1), metavar="N", help="Stop after N deals (default: q)."
)
@click.option("--crib", is_flag=True, help="Count cribs: only a five-card flush scores.")
@click.option("--mix", is_flag=True, help="Hands and cribs at random; each deal says which.")
@click.option("--hard", is_flag=True, help="Only 12 or more, or a double run, a flush or nobs.")
@click.option(
    "--play", "play_drill", is_flag=True, help="The play: lay the best card at each turn."
)
@click.option("--last-card", is_flag=True, help="Pegging: say what the last card pegs.")
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
    last_card: bool,
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
    'play ...'), and each answer after its prompt, 'count: 8', as a terminal
    shows it. --report FILE summarises a --log by week.
    With --lang fr all is said in French, and on a terminal the deals too;
    through a pipe the deal lines stay in English, as scripts read them.

    \b
    Examples:
      cribcount practice --seed 7 --muggins
      cribcount practice --mix --hard --rounds 10 --log practice.jsonl
      cribcount practice --play --rounds 3
      cribcount practice --last-card
      printf '29\\n?\\nq\\n' | cribcount practice --seed 7
      printf '8\\n?\\n' | cribcount practice --seed 20 --rounds 2 --log log.jsonl \\
        && cribcount practice --report log.jsonl
    """
    from cribcount.practice import (
        AnswerKind,
        CardDeal,
        Drill,
        Practice,
        new_seed,
        read_answer,
        read_card_answer,
    )
    from cribcount.practice_log import SummaryTally, append_whole, log_line
    from cribcount.render.practice import (
        prompt,
        render_answer,
        render_card_answer,
        render_deal,
        render_not_understood,
        render_practice_summary,
        render_start,
    )

    if report_path is not None:
        dealing = (seed, rounds, log_path)
        if (
            any(value is not None for value in dealing)
            or crib
            or mix
            or hard
            or play_drill
            or last_card
            or muggins
        ):
            raise BadInput(lang().say("--report reads a log: it goes with no option of a session"))
        _report(report_path)
        return
    if crib and mix:
        raise BadInput(lang().say("--crib and --mix: choose one"))
    if play_drill and last_card:
        raise BadInput(lang().say("--play and --last-card: choose one"))
    if (play_drill or last_card) and (crib or mix or hard):
        raise BadInput(
            lang().say("--play drills the pegging: it goes without --crib, --mix and --hard")
        )
    if play_drill and muggins:
        raise BadInput(lang().say("--play is judged by the engine: it goes without --muggins"))
    drill = (
        Drill.CARD
        if play_drill
        else Drill.PLAY
        if last_card
        else Drill.CRIB
        if crib
        else Drill.MIX
        if mix
        else Drill.HAND
    )
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
    if sys.stdin is None:
        raise StreamError(STDIN_NAME, OSError(errno.EBADF, os.strerror(errno.EBADF)))
    log = _open_log(log_path) if log_path else None
    status = EXIT_OK
    fault: StreamError | None = None
    summary = SummaryTally()  # the session's figures, its records not kept
    try:
        click.echo(render_start(session.seed, drill=drill, muggins=muggins, lang=lang()))
        while (deal := session.deal()) is not None:
            # On a terminal the deal is said in the language; through a pipe it stays the
            # canonical English line that scripts read.
            echo_text(render_deal(deal, lang=lang(), canonical=not sys.stdin.isatty()))
            card_turn = isinstance(deal, CardDeal)
            asked = prompt(lang=lang(), card=card_turn)
            while (
                answer := (
                    read_card_answer(line := _read_line(asked), deal, notation=lang().notation)
                    if isinstance(deal, CardDeal)
                    else read_answer(line := _read_line(asked))
                )
            ).kind is AnswerKind.UNCLEAR:
                click.echo(render_not_understood(line or "", lang=lang(), card=card_turn))
            if answer.kind is AnswerKind.QUIT:
                break
            record: Record
            if isinstance(deal, CardDeal):
                record = session.answer_card(answer.card)
                echo_text(render_card_answer(record, lang=lang()))
            else:
                record = session.answer(answer.value)
                echo_text(render_answer(record, match=session.match, lang=lang()))
            summary.add(record)
            if log is not None:
                try:
                    append_whole(log, (log_line(record) + "\n").encode())
                except OSError as error:
                    # The log holds every record before this one, whole: the session ends.
                    fault = StreamError(display_name(log_path or ""), error)
                    break
    except KeyboardInterrupt:
        # Ctrl-C ends the session as q does, with the shell's status for an interrupt.
        click.echo()
        status = EXIT_INTERRUPTED
    finally:
        if log is not None:
            os.close(log)
    click.echo(
        render_practice_summary(
            summary.summary(),
            match=session.match,
            plays=drill in (Drill.PLAY, Drill.CARD),
            cards=drill is Drill.CARD,
            lang=lang(),
        )
    )
    if fault is not None:
        raise fault  # after the summary: one line naming the log, status 74
    sys.exit(status)


def _open_log(path: str) -> int:
    """The log opened to append whole lines, a last line torn by an earlier fault mended."""
    from cribcount.practice_log import mend_log

    try:
        log = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    except OSError as error:
        reason = lang().say(
            "cannot open {path}: {reason}", path=display_name(path), reason=error.strerror
        )
        raise BadInput(reason) from None
    try:
        with naming(display_name(path)):
            mend_log(path, log)
    except StreamError:
        os.close(log)
        raise
    return log


def _report(path: str) -> None:
    """``--report``: the figures of every good line of the log, each bad line named on stderr."""
    from cribcount.practice_log import LogError, report_log_file
    from cribcount.render.practice import render_report

    name = STDIN_NAME if path == "-" else display_name(path)
    bad = 0

    def said(error: LogError) -> None:
        nonlocal bad
        bad += 1
        say(f"{name}:{error.line}: {lang().text(error.reason_said)}")

    with contextlib.ExitStack() as stack:
        try:
            stream = stack.enter_context(open_input(path))
        except OSError as error:
            reason = lang().say("cannot read {path}: {reason}", path=name, reason=error.strerror)
            raise BadInput(reason) from None
        with naming(name):
            figures = report_log_file(stream, said)
    click.echo(render_report(figures, lang=lang()))
    if bad:
        sys.exit(EXIT_BAD_INPUT)
