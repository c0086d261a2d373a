"""``cribcount odds``: each side's chance to win from a score, and the expected game points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from cribcount.cli import base
from cribcount.messages import N_, Message
from cribcount.render import render_json
from cribcount.rules import GAMES

F = TypeVar("F", bound=Callable[..., Any])

POINTS_HELP = N_(
    "Game points: acc (2 a win, 3 a skunk, 3 a double skunk: the American Cribbage"
    " Congress), casual (1, 2, 4), wins (1, 1, 1), or your own WIN,SKUNK,DOUBLE."
)


def points_option() -> Callable[[F], F]:
    """``--points``: the convention of game points (acc by default)."""
    return click.option(
        "--points",
        "points",
        metavar="CONVENTION",
        default="acc",
        show_default=True,
        help=POINTS_HELP,
    )


def game_option() -> Callable[[F], F]:
    """``--game``: the length of the game, 121 (the default) or 61."""
    return click.option(
        "--game",
        type=click.Choice([str(target) for target in GAMES]),
        default=str(GAMES[0]),
        show_default=True,
        help="The game: 121, or 61 on a short board.",
    )


def whose_deal(dealer: bool, pone: bool) -> bool:
    """True when you deal, from ``--dealer`` and ``--pone`` (exactly one of them)."""
    if dealer == pone:
        raise base.BadInput(
            base.lang().say(
                "say who deals next: --dealer (you) or --pone (the opponent) ({said} given)",
                said=Message(N_("both") if dealer else N_("neither")),
            )
        )
    return dealer


@click.command()
@click.argument("me", type=click.IntRange(min=0))
@click.argument("opponent", type=click.IntRange(min=0))
@click.option("--dealer", is_flag=True, help="You deal next: the crib and the heels are yours.")
@click.option("--pone", is_flag=True, help="The opponent deals next: you count first.")
@game_option()
@points_option()
@base.format_option("text", "json")
@base.lang_option()
def odds(
    me: int, opponent: int, dealer: bool, pone: bool, game: str, points: str, fmt: str
) -> None:
    """Each side's chance to win from a score, a deal about to start.

    ME and OPPONENT are the two scores; --dealer or --pone says who deals
    next. Prints the chance that each side wins the game, wins with a skunk
    (the loser below the skunk line: 91 at 121, 31 at 61) and with a double
    skunk (below 61, at 121 only), and each side's expected game points
    (--points). The chances are read from a table made by a dynamic program
    over the board from the deals of the pegging engine's self-play, in the
    order a deal scores (heels, the play, the pone's show, the dealer's
    show, the crib): an estimate, with the model and its error in the
    manual.

    \b
    Examples:
      cribcount odds 0 0 --dealer
      cribcount odds 115 110 --pone
      cribcount odds 80 95 --dealer --points casual -f json
      cribcount odds 40 50 --pone --game 61
    """
    from cribcount.odds import chances, parse_convention
    from cribcount.render.odds import chances_to_dict, render_chances

    with base.about("--points"):
        convention = parse_convention(points)
    found = chances(me, opponent, dealer=whose_deal(dealer, pone), game=int(game))
    if fmt == "json":
        click.echo(render_json(chances_to_dict(found, convention)))
    else:
        base.echo_text(render_chances(found, convention, lang=base.lang()))
