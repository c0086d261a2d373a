"""``cribcount simulate``: seeded games between two strategies, and how each fared."""

from __future__ import annotations

import os
import sys

import click

from cribcount.cli.base import echo_text, format_option, lang, lang_option
from cribcount.render import render_json
from cribcount.rules import GAMES

_STRATEGIES = ("show", "engine")
"""``selfplay.STRATEGIES``, named here so that the help needs no import of the engine."""
_SAMPLES = 16
"""The engine's opponent's hands a move in self-play: a standard error of about a tenth of a
point on a move's net, at a cost that keeps many games quick (``peg --advise`` draws 64)."""


@click.command()
@click.argument("strategies", nargs=-1, type=click.Choice(_STRATEGIES), metavar="[A B]")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Games to play.",
)
@click.option(
    "--target",
    type=click.Choice([str(target) for target in GAMES]),
    default=str(GAMES[0]),
    show_default=True,
    help="The points that win the game: the long board (the default) or the short.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the run.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to play on.  [default: one a core]",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=_SAMPLES,
    show_default=True,
    help="The engine's draws of the opponent's hand for each move it weighs.",
)
@format_option("text", "json")
@lang_option()
def simulate(
    strategies: tuple[str, ...],
    games: int,
    target: str,
    seed: int,
    jobs: int | None,
    samples: int,
    fmt: str,
) -> None:
    """Play seeded games between two strategies, A and B, and compare them.

    A strategy is show (the exact hand-and-crib discard, as discard
    --show-only ranks first, and a greedy play: the card that pegs the most at
    once, ties to the higher rank) or engine (the discard with the play and
    the pegging engine's card). A and B take the first deal in turn; A is
    engine and B show unless given. The report gives each one's wins with a
    95% interval, skunks, and the points a deal by phase as dealer and pone.
    The same seed gives the same games whatever the number of --jobs.

    \b
    Examples:
      cribcount simulate --games 2 --target 61
      cribcount simulate show show --games 20 --seed 7
      cribcount simulate engine engine --games 2 --target 61 --format json
    """
    from cribcount.render.simulate import Run, render_simulation_text, simulation_to_dict
    from cribcount.selfplay import play_games

    if len(strategies) not in (0, 2):
        raise click.UsageError(
            lang().say(
                "give two strategies, A and B, or none (engine against show), not '{given}'",
                given=" ".join(strategies),
            )
        )
    pair = (strategies[0], strategies[1]) if strategies else ("engine", "show")
    board = int(target)
    processes = jobs if jobs is not None else os.cpu_count() or 1
    progress = None
    if sys.stderr is not None and sys.stderr.isatty():

        def progress(done: int) -> None:
            said = lang().plural(games, "{done} of {n} game", "{done} of {n} games", done=done)
            click.echo(f"\r{said}", nl=False, err=True)

    tally = play_games(
        pair, games, seed=seed, target=board, jobs=processes, samples=samples, progress=progress
    )
    if progress is not None:
        click.echo("\r\x1b[K", nl=False, err=True)  # the progress line cleared
    run = Run(pair, board, seed, samples)
    if fmt == "json":
        click.echo(render_json(simulation_to_dict(tally, run)))
    else:
        echo_text(render_simulation_text(tally, run, lang=lang()))
