"""``cribcount practice``: deal hands, ask for the count, call muggins."""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from cribcount.cli.base import EXIT_OK, BadInput, echo_text, lang, lang_option, no_color_option
from cribcount.entry import EXIT_INTERRUPTED
from cribcount.messages import Message


def _read_line(prompt: str) -> str | None:
    """One line of standard input, None at its end, after the prompt.

    Through a pipe nothing is typed to follow the prompt: the prompt is written
    with the line read after it, so that the output reads as the session.
    """
    if sys.stdin.isatty():
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
    else:
        line = sys.stdin.readline()
        if line:
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
    'play ...'), and each answer after its prompt, 'count: 8', as a terminal
    shows it. --report FILE summarises a --log by week.
    With --lang fr all is said in French, and on a terminal the deals too;
    through a pipe the deal lines stay in English, as scripts read them.

    \b
    Examples:
      cribcount practice --seed 7 --muggins
      cribcount practice --mix --hard --rounds 10 --log practice.jsonl
      cribcount practice --play
      printf '29\\n?\\nq\\n' | cribcount practice --seed 7
      printf '8\\n?\\n' | cribcount practice --seed 20 --rounds 2 --log log.jsonl \\
        && cribcount practice --report log.jsonl
    """
    from cribcount.practice import AnswerKind, Drill, Practice, new_seed, read_answer
    from cribcount.practice_log import LogError, log_line, read_log, report, summarise
    from cribcount.render.practice import (
        prompt,
        render_answer,
        render_deal,
        render_not_understood,
        render_practice_summary,
        render_report,
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
            echo_text(render_answer(record, match=session.match, lang=lang()))
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
    click.echo(
        render_practice_summary(
            summarise(session.records),
            match=session.match,
            plays=drill is Drill.PLAY,
            lang=lang(),
        )
    )
    sys.exit(status)
