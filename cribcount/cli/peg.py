"""``cribcount peg``: score the play, card by card, for two to six players."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, TypeVar

import click

from cribcount.cards import tokenize
from cribcount.cli.base import (
    BadInput,
    card_like,
    check_from,
    echo_text,
    example_cards,
    from_options,
    from_summary,
    join_arguments,
    lang,
    write_records,
)
from cribcount.messages import N_

F = TypeVar("F", bound=Callable[..., Any])


class KeepsArguments(click.Command):
    """A command that keeps its arguments as given, to say how a shell split them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["cribcount.args"] = list(args)
        return super().parse_args(ctx, args)


_OPEN_HELP = N_(
    "The play is still going on: no last card yet, and the hands may hold cards not laid."
)


def check_quoted(option: str, value: str | None) -> None:
    """A hand option given one card, with more cards after it: the hand was not quoted."""
    if value is None:
        return
    given = [token.text for token in tokenize(value)]
    args: list[str] = click.get_current_context().meta.get("cribcount.args", [])
    if len(given) >= 4 or option not in args:
        return
    after = args[args.index(option) + 2 :]
    more = []
    for word in after[: 4 - len(given)]:
        if word.startswith("-") or not card_like(word, lang()):
            break
        more.append(word)
    if more:
        hand = " ".join([*given, *more])
        raise BadInput(f'{option} holds {len(given)} of 4 cards: quote the hand: {option} "{hand}"')


_ADVISE_OPTIONS: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (
        ("--advise",),
        {
            "is_flag": True,
            "help": N_(
                "Two players: rank the cards --seat may lay next by the points to the end of"
                " the play (needs --hand and --starter; CARDS are the play so far, or none)."
            ),
        },
    ),
    (("--hand",), {"metavar": "CARDS", "help": N_("With --advise: the four cards --seat kept.")}),
    (("--starter",), {"metavar": "CARD", "help": N_("With --advise: the starter.")}),
    (
        ("--seat",),
        {
            "type": click.Choice(["pone", "dealer"]),
            "help": N_("With --advise: the seat to advise.  [default: whoever is to play]"),
        },
    ),
    (
        ("--away",),
        {"metavar": "CARDS", "help": N_("With --advise: the two cards --seat laid away.")},
    ),
    (
        ("--samples",),
        {
            "type": click.IntRange(1, 100_000),
            "help": N_(
                "With --advise: the opponent's hands to draw when there are more than this"
                " many.  [default: 64]"
            ),
        },
    ),
    (
        ("--seed",),
        {
            "type": int,
            "default": 0,
            "help": N_("With --advise: the seed of the draw.  [default: 0]"),
        },
    ),
]


def advise_options(command: F) -> F:
    """The options of ``peg --advise``, in the order of ``_ADVISE_OPTIONS``."""
    for names, settings in reversed(_ADVISE_OPTIONS):
        command = click.option(*names, **settings)(command)
    return command


@click.command(cls=KeepsArguments)
@click.argument("cards", nargs=-1)
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    help="Players at the table, 2 to 6, named by seat: pone and dealer with two, else first,"
    " second, ... and dealer.  [default: the number of --hands, else 2]",
)
@click.option(
    "--hands",
    metavar="'CARDS | CARDS ...'",
    help="Every player's four cards in seat order, separated by '|': check the play against them.",
)
@click.option(
    "--partners",
    is_flag=True,
    help="Six players as three partnerships, partners opposite (seats 1 and 4, 2 and 5, 3 and 6);"
    " four players always play as two (seats 1 and 3, 2 and 4).",
)
@click.option("--pone", metavar="CARDS", help="Two players: pone's four cards (with --dealer).")
@click.option(
    "--dealer", metavar="CARDS", help="Two players: the dealer's four cards (with --pone)."
)
@click.option("--open", "unfinished", is_flag=True, help=_OPEN_HELP)
@advise_options
@from_options("plays")
def peg(
    cards: tuple[str, ...],
    players: int | None,
    hands: str | None,
    partners: bool,
    pone: str | None,
    dealer: str | None,
    unfinished: bool,
    advise: bool,
    hand: str | None,
    starter: str | None,
    seat: str | None,
    away: str | None,
    samples: int | None,
    seed: int,
    from_path: str | None,
    fmt: str,
) -> None:
    """Peg the play: who scores what, card by card, to 31 with go and last card.

    CARDS are the cards in the order they were laid, seat 1 first (the player
    on the dealer's left; pone, with two players), turns passing in seat order,
    with the word 'go' where a player could not play. A player who says go is
    passed over until the count starts again; when nobody can play, the last
    player to lay a card takes the go and the next seat leads. With --hands (or
    --pone and --dealer) the play is checked against the hands and gos may be
    left out. --open scores a play still going on. '-' alone reads the cards
    from a line of standard input.

    --from FILE reads one play a line, 'PLAY' or 'PLAY ; HANDS' (the hands as
    for --hands), blank lines and '#' comments skipped, and writes one record
    each: text, jsonl (the json object and "line") or csv (each player's
    total). A bad line gives an error record and a FILE:LINE:COLUMN line on
    stderr; exit status 2 if any line failed.

    \b
    Examples:
      cribcount peg "Kc 9d Th go 2s 7c 6s"
      cribcount peg Kc 9d Th 2s 7c 6s Qh Jh --pone "Kc Th 2s 6s" --dealer "9d 7c Qh Jh"
      cribcount peg "Kc Qd 9h go go 5c 5d 5h" --players 3
      cribcount peg 5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts \\
        --hands "5c Kc 2c 9c | 5d Qd 3d 9d | 5h 7h Ah Jh | 6s 8s 4s Ts"
      cribcount peg "Tc 5c 5d 5h 5s Ac" --players 6 --partners
      cribcount peg 7c 8d 8h -f json
      cribcount peg "7c 8d 8h" --open
      printf 'Kc 9d Th go 2s 7c 6s\\n4c 6d 5h\\n' | cribcount peg --from - -f jsonl

    --advise ranks the moves of a two-player play: CARDS are the play so far
    (gos written; none before the lead), --hand the four cards of the player
    to advise, --starter the cut, --away the two cards it laid away, --seat
    its seat. Each legal card gets the expected points to the end of the play
    (yours, theirs, net), the opponent's unseen cards taken all or drawn
    (--samples, --seed). With --from, a line is 'SEAT ; HAND ; STARTER ; AWAY
    ; PLAY'.

    \b
    Examples:
      cribcount peg --advise --hand "5c 5d Td Kh" --starter 2s --seat pone
      cribcount peg 9h --advise --hand "5c 5d Td Kh" --starter 2s --away "3c 4c"
      printf 'pone ; 7c 8d 8h 2s ; Ks ; ; 7c Th\\n' | cribcount peg --advise --from -
    """
    if advise:
        position = {"hand": hand, "starter": starter, "seat": seat, "away": away}
        _advise(
            cards,
            {**position, "samples": samples, "seed": seed},
            from_path,
            fmt,
            others=(players not in (None, 2), hands, partners, pone, dealer, unfinished),
        )
        return
    if any(option is not None for option in (hand, starter, seat, away)):
        raise BadInput(lang().say("--hand, --starter, --seat and --away go with --advise"))
    from cribcount.errors import PlayError
    from cribcount.messages import Message
    from cribcount.play import peg as peg_play
    from cribcount.render.play import render_pegging, render_pegging_json

    fmt = check_from(
        from_path,
        cards,
        fmt,
        single=N_("--format {fmt} is for --from FILE: one play gives --format json"),
    )
    if from_path is not None:
        from cribcount.peg_file import (
            PegOptions,
            peg_lines,
            play_csv_header,
            render_play_record,
        )

        if hands is not None or pone is not None or dealer is not None:
            raise BadInput(
                lang().say("with --from the hands go in the file: PLAY ; HANDS on each line")
            )
        table = 2 if players is None else players
        run_lang = lang()
        # What start-up made lasts the whole run: the collector's passes, which a long file
        # makes many of, need not go over it again.
        gc.freeze()
        options = PegOptions(
            players=table, partners=partners, notation=run_lang.notation, unfinished=unfinished
        )
        write_records(
            from_path,
            lambda stream: peg_lines(stream, **options),
            lambda record: render_play_record(record, fmt, players=table, lang=run_lang),
            header=play_csv_header(table) if fmt == "csv" else "",
            summary=from_summary(N_("{n} play pegged"), N_("{n} plays pegged")),
        )
        return
    if not cards:
        raise BadInput(
            lang().say(
                "no cards given: expected the cards in the order they were laid, such as {example}",
                example=example_cards("Kc 9d"),
            )
        )
    if (pone is None) != (dealer is None):
        raise BadInput(lang().say("--pone and --dealer go together: give both hands or neither"))
    if pone is not None and hands is not None:
        raise BadInput(lang().say("give the hands once: --hands, or --pone and --dealer"))
    if pone is not None and players not in (None, 2):
        raise BadInput(lang().say("--pone and --dealer check a two-player play only: use --hands"))
    check_quoted("--pone", pone)
    check_quoted("--dealer", dealer)
    played = join_arguments(cards)
    try:
        pegging = peg_play(
            played,
            pone=pone,
            dealer=dealer,
            hands=hands,
            players=players,
            partners=partners,
            notation=lang().notation,
            unfinished=unfinished,
        )
    except PlayError as error:
        at_the_end = error.text == played and error.column > len(played)
        if unfinished or (hands is None and pone is None) or not at_the_end:
            raise
        # Checked against the hands, a play that ends early may be one still going on.
        hint = Message("{reason}; for a play still going on, add --open", reason=error.said)
        raise PlayError(hint, text=error.text, column=error.column) from None
    if fmt == "json":
        click.echo(render_pegging_json(pegging))
    else:
        echo_text(render_pegging(pegging, lang=lang()))


def _advise(
    cards: tuple[str, ...],
    position: dict[str, Any],
    from_path: str | None,
    fmt: str,
    *,
    others: tuple[object, ...],
) -> None:
    """``peg --advise``: the engine's ranking of the legal cards, for one position or a file.

    ``position`` holds the options of ``_ADVISE_OPTIONS`` but ``--advise``, by name.
    """
    hand, starter, seat, away = (position[name] for name in ("hand", "starter", "seat", "away"))
    samples: int | None = position["samples"]
    seed: int = position["seed"]
    if any(option not in (None, False) for option in others):
        raise BadInput(
            lang().say(
                "--advise is for two players and takes no --players, --hands, --partners,"
                " --pone, --dealer or --open"
            )
        )
    fmt = check_from(
        from_path,
        cards,
        fmt,
        single=N_("--format {fmt} is for --from FILE: one position gives --format json"),
    )
    from cribcount.pegging_engine import DEFAULT_SAMPLES

    samples = DEFAULT_SAMPLES if samples is None else samples
    if from_path is not None:
        from cribcount.peg_advice_file import (
            ADVICE_CSV_HEADER,
            advise_lines,
            render_advice_record,
        )

        if any(option is not None for option in (hand, starter, seat, away)):
            raise BadInput(
                lang().say(
                    "with --from the position goes in the file:"
                    " SEAT ; HAND ; STARTER ; AWAY ; PLAY on each line"
                )
            )
        run_lang = lang()
        write_records(
            from_path,
            lambda stream: advise_lines(
                stream, samples=samples, seed=seed, notation=run_lang.notation
            ),
            lambda record: render_advice_record(record, fmt, lang=run_lang),
            header=ADVICE_CSV_HEADER if fmt == "csv" else "",
            summary=from_summary(N_("{n} position advised"), N_("{n} positions advised")),
        )
        return
    if hand is None or starter is None:
        raise BadInput(lang().say("--advise needs --hand and --starter"))
    from cribcount.pegging_engine import advise_play
    from cribcount.render.play import render_play_advice, render_play_advice_json

    play = join_arguments(cards) if cards else ""
    advice = advise_play(
        hand,
        starter,
        seat=seat,
        play=play,
        away=away or "",
        samples=samples,
        seed=seed,
        notation=lang().notation,
    )
    if fmt == "json":
        click.echo(render_play_advice_json(advice))
    else:
        echo_text(render_play_advice(advice, lang=lang()))
