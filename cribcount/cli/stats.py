"""``cribcount stats``: exact score distributions over every deal."""

from __future__ import annotations

import click

from cribcount.cli.base import (
    about,
    echo_text,
    format_option,
    lang,
    lang_option,
    stdout_is_terminal,
)
from cribcount.render import render_json


@click.command()
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
        if stdout_is_terminal():
            import shutil  # only on a terminal, to follow its width

            width = shutil.get_terminal_size().columns
        else:
            width = STATS_WIDTH
        echo_text(render_stats_text(result, sides=sides, width=width, lang=lang()))
