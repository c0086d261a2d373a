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

    FILE (or '-', standard input) is the record: one statement a line, '#'
    starting a comment. A deal gives every hand and the starter (the play and
    the claims are then checked), or, as a score sheet keeps it, only the
    points pegged and shown. Each deal is scored in the order of the rules
    (heels, the play, the shows from the dealer's left, the crib) to the
    moment a side reaches the game. Exit status: 0 every claim right, 1 a
    claim was wrong, 2 a bad record (a FILE:LINE:COLUMN line on stderr for
    each bad statement).

    \b
    The record, first:
      game 121 (or 61)          the game; 121 if not said
      players NAME NAME ...     2 to 6 players, clockwise round the table
      partners                  six players in three partnerships (four always)
      muggins on (or off)       missed points go to an opponent; off if not said
    then each deal, its statements in any order:
      deal NAME                 a deal begins, NAME dealing (in turn, to the left)
      hand NAME CARDS | CARDS   the four cards NAME kept | those laid away
      extra CARD                with three players, the deck's card in the crib
      starter CARD              the cut card
      play CARDS                the cards in the order laid, 'go' optional
      show NAME N               what NAME claimed for their hand
      crib N                    what the dealer claimed for the crib
      peg NAME N                a score sheet: the points NAME pegged in the play

    \b
    Examples:
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'hand Ben 5h 5d 5c Js | 2c 3d' \\
        'hand Ann 7h 7s 8d 8c | Kc Qs' 'starter 5s' 'show Ben 29' 'show Ann 20' \\
        | cribcount game -
      printf '%s\\n' 'game 61' 'players Ann Ben' 'deal Ann' 'peg Ben 3' \\
        'peg Ann 5' 'show Ben 8' 'show Ann 12' 'crib 4' | cribcount game - --board
      printf '%s\\n' 'players Ann Ben' 'deal Ann' 'peg Ben 3' 'show Ben 8' \\
        | cribcount game - -f json

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
