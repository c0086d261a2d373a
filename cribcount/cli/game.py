"""``cribcount game``: check a whole game record, deal by deal."""

from __future__ import annotations

import sys

import click

from cribcount.cli.base import (
    EXIT_BAD_INPUT,
    EXIT_CLAIM_DIFFERS,
    BadInput,
    echo_text,
    format_option,
    input_file,
    lang,
    lang_option,
)
from cribcount.language import DEFAULT
from cribcount.render import render_json


@click.command()
@click.argument("file", type=input_file())
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
