"""``cribcount review``: every discard, card laid and count of a game record rated."""

from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING, BinaryIO

import click

from cribcount.cli import base
from cribcount.render import render_json

if TYPE_CHECKING:
    from cribcount.game.record import GameRecord


@click.command()
@click.argument("file", type=base.input_file())
@click.option(
    "--samples",
    type=click.IntRange(1, 100_000),
    default=64,
    show_default=True,
    help="The opponent's hands to draw at each card of a two-player play, as peg --advise.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="The seed of the draw, as peg --advise."
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    help="Processes to advise the play on (the figures are the same).  [default: one a core]",
)
@click.option(
    "--odds/--no-odds",
    default=True,
    show_default=True,
    help="With two players: each discard's chance to win from the score, as discard --score.",
)
@base.format_option("text", "json")
@base.lang_option()
def review(file: str, samples: int, seed: int, jobs: int | None, odds: bool, fmt: str) -> None:
    """Review a game record: every discard, card laid and count rated, and the luck.

    FILE (or '-', standard input) is a record as 'cribcount game' reads it.
    For each deal with hands: each discard against the best as 'cribcount
    discard' values it (the expected points lost), each card laid in a
    two-player play against the best card 'peg --advise' finds at that moment
    (the expected pegging lost), the claims 'game' finds wrong (points missed
    or claimed over), and luck: the cards dealt against the average deal to
    the seat, the starter against the average starter. Then a summary per
    player: decisions, errors (inaccuracy from 0.5 expected points, mistake
    from 1.5, blunder from 3), points lost a deal, accuracy, and the deal
    that swung the game most. Score-sheet deals are skipped; with three to
    six players the play is not rated. Exit status: 0, or 2 for a bad record
    (a FILE:LINE:COLUMN line on stderr for each bad statement).

    \b
    Examples:
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'hand Ben 5h 5d 5c Js | 2c 3d' \\
        'hand Ann 7h 7s 8d 8c | Kc Qs' 'starter 5s' 'show Ben 29' | cribcount review -
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'hand Ben 5h 5d 5c Js | 2c 3d' \\
        'hand Ann 7h 7s 8d 8c | Kc Qs' 'starter 5s' | cribcount review - -f json
    """
    from cribcount.review import default_jobs, review_game

    name = base.STDIN_NAME if file == "-" else base.display_name(file)
    with base.naming(name), base.open_input(file) as stream:
        record = _read(name, stream)
    if record is None:
        sys.exit(base.EXIT_BAD_INPUT)
    done = review_game(
        record,
        samples=samples,
        seed=seed,
        jobs=default_jobs() if jobs is None else jobs,
        odds=odds,
    )
    if fmt == "json":
        from cribcount.render.review import review_to_dict

        click.echo(render_json(review_to_dict(done)))
    else:
        from cribcount.render.review import render_review

        base.echo_text(render_review(done, lang=base.lang()))


def _read(name: str, stream: BinaryIO) -> GameRecord | None:
    """The whole record, checked as ``game`` checks it; None once a bad statement was said on
    stderr."""
    from cribcount.cli.game import CheckedRecord

    record = CheckedRecord(name, stream)
    deals = tuple(record)
    if record.failed:
        return None
    return dataclasses.replace(record.reader.record, deals=deals)
