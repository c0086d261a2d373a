"""``cribcount discard``: the exact expected value of every way to lay away."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cribcount.cards import tokenize
from cribcount.cli import base
from cribcount.cli.odds import game_option
from cribcount.errors import DealError
from cribcount.messages import N_, Message
from cribcount.render import render_json

if TYPE_CHECKING:
    from cribcount.discard_play import PlayedAdvice


@click.command()
@click.argument("cards", nargs=-1)
@click.option(
    "--dealer", is_flag=True, help="The crib is yours or your partner's, and so are the heels."
)
@click.option("--pone", is_flag=True, help="An opponent deals: the crib and the heels are theirs.")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help="Players at the table, 2 to 6: with 3 or more, a seat that lays away holds five cards"
    " and lays away one.",
)
@click.option(
    "--seat",
    type=click.IntRange(min=1),
    metavar="K",
    help="Your seat, numbered from the dealer's left (the dealer is the last).  [default: seat 1"
    " with --pone; with --dealer the dealer, or the dealer's partner if the dealer lays away"
    " nothing]",
)
@click.option(
    "--partners",
    is_flag=True,
    help="Six players as three partnerships: seat 3 is then the dealer's partner.",
)
@click.option(
    "--show-only",
    is_flag=True,
    help="Rank by hand and crib alone, leaving the play out (as with 3 to 6 players).",
)
@click.option(
    "--score",
    metavar="ME-OPP",
    help="Rank by the chance to win the game from this score (yours, then the opponent's,"
    " such as 110-115), expected points beside it; two players.",
)
@game_option()
@base.from_options("deals")
def discard(
    cards: tuple[str, ...],
    dealer: bool,
    pone: bool,
    players: int,
    seat: int | None,
    partners: bool,
    show_only: bool,
    score: str | None,
    game: str,
    from_path: str | None,
    fmt: str,
) -> None:
    """Rank the ways to lay away (15 ways to lay 2 of 6) by exact expected points.

    CARDS are the cards dealt to you, one quoted argument or several. For
    each choice: the average show of the kept cards over the unseen starters
    (and its least and most), the exact average crib over every way the rest
    of the crib can be made from the unseen cards and every starter left, and
    the net: hand + crib + heels when the crib is yours or your partner's
    (--dealer), hand - crib - heels when it is an opponent's (--pone). With
    --players 3 to 6 a seat that lays away holds five cards and lays one away;
    the other three crib cards are any unseen cards. With 5 players the dealer,
    and with 6 the dealer and seat 5, are dealt four and lay away nothing.

    --from FILE reads one deal a line (blank lines and '#' comments skipped)
    and writes one record each, in order: text, jsonl (the json object and
    "line") or csv (the best choice). A bad line gives an error record and a
    FILE:LINE:COLUMN line on stderr; exit status 2 if any line failed.

    With two players each choice also gets peg, the expected pegging of the
    kept cards less the opponent's (an estimate from a table of every kept
    hand, with its standard error), and the choices are ranked by hand +
    crib + peg. --show-only ranks by hand and crib alone, exactly as without
    the play; with 3 to 6 players the play is always left out.

    --score ME-OPP ranks the choices by the chance to win the game from that
    score instead (see cribcount odds), with each choice's expected points
    beside it: near the end of a game the two rankings can part.

    \b
    Examples:
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer --show-only
      cribcount discard 5h 5d 6c 7s Jh Kd --pone -f json
      cribcount discard "5h 5d 6c 7s Jh Kd" --dealer --score 110-115
      cribcount discard "5h 5d 6c 7s Jh" --players 3 --pone
      cribcount discard "5h 5d 6c 7s Jh" --players 6 --partners --seat 3 --dealer
      printf '5h 5d 6c 7s Jh Kd\\nAh 2h 3h 4h 5h 6h\\n' \\
        | cribcount discard --from - --pone -f csv
    """
    from cribcount.discard import Role, advise_discard, discard_seat, parse_deal
    from cribcount.render.discard import discard_to_dict, render_discard
    from cribcount.seats import DEAL_SIZES

    if dealer == pone:
        raise base.BadInput(
            base.lang().say(
                "say whose crib it is: --dealer or --pone ({said} given)",
                said=Message(N_("both") if dealer else N_("neither")),
            )
        )
    role = Role.DEALER if dealer else Role.PONE
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    fmt = base.check_from(
        from_path,
        cards,
        fmt,
        single=N_("--format {fmt} is for --from FILE: one deal gives --format json"),
    )
    play = players == 2 and not show_only
    if score is not None:
        _check_score(players, show_only, from_path)
    if from_path is not None:
        from cribcount.discard_file import (
            advise_lines,
            deal_csv_header,
            played_csv_header,
            render_deal_record,
            render_played_record,
        )

        notation, run_lang = base.lang().notation, base.lang()
        render_record = render_played_record if play else render_deal_record
        header = played_csv_header() if play else deal_csv_header()
        base.write_records(
            from_path,
            lambda stream: advise_lines(
                stream,
                role=role,
                players=players,
                seat=seat,
                partners=partners,
                notation=notation,
            ),
            lambda record: render_record(record, fmt, lang=run_lang),
            header=header if fmt == "csv" else "",
            summary=base.from_summary(N_("{n} deal advised"), N_("{n} deals advised")),
        )
        return
    if not cards:
        wanted = DEAL_SIZES[players][seat - 1][0]
        raise base.BadInput(
            base.lang().say(
                "no cards given: expected {n} cards, such as {example}",
                n=wanted,
                example=base.example_cards(" ".join("5h 5d 6c 7s Jh Kd".split()[:wanted])),
            )
        )
    text = base.join_arguments(cards)
    try:
        deal = parse_deal(text, players=players, seat=seat, notation=base.lang().notation)
    except DealError as error:
        hint = _players_hint(text, players)
        if hint is None:
            raise
        raise base.BadInput(f"{base.lang().error(error)}; {hint}") from None
    advice = advise_discard(deal, role=role, players=players, seat=seat, partners=partners)
    if play:
        from cribcount.discard_play import with_play
        from cribcount.render.discard import played_to_dict, render_played

        played = with_play(advice)
        if score is not None:
            _by_score(played, score, int(game), fmt)
            return
        if fmt == "json":
            click.echo(render_json(played_to_dict(played)))
        else:
            base.echo_text(render_played(played, lang=base.lang()))
        return
    if fmt == "json":
        click.echo(render_json(discard_to_dict(advice)))
    else:
        base.echo_text(render_discard(advice, lang=base.lang()))


_COUNT_WORDS = {4: N_("four"), 5: N_("five"), 6: N_("six")}


def _players_hint(text: str, players: int) -> str | None:
    """``with five cards, try --players 3 (or 4, 5, 6)``: the tables where a seat lays away
    from as many cards as were given; None when there is none."""
    from cribcount.seats import DEAL_SIZES

    given = sum(token.text != "/" for token in tokenize(text))
    fits = [
        table
        for table, sizes in sorted(DEAL_SIZES.items())
        if table != players and any(dealt == given and laid for dealt, laid in sizes)
    ]
    if not fits:
        return None
    count = Message(_COUNT_WORDS[given]) if given in _COUNT_WORDS else given
    if len(fits) > 1:
        return base.lang().say(
            "with {count} cards, try --players {table} (or {others})",
            count=count,
            table=fits[0],
            others=", ".join(map(str, fits[1:])),
        )
    return base.lang().say("with {count} cards, try --players {table}", count=count, table=fits[0])


def _check_score(players: int, show_only: bool, from_path: str | None) -> None:
    """--score is for one deal of two players, with the play."""
    clashes = {"--players": players != 2, "--show-only": show_only, "--from": bool(from_path)}
    clash = next((option for option, given in clashes.items() if given), "")
    if clash:
        raise base.BadInput(
            base.lang().say(
                "--score is for one deal of two players with the play: not with {option}",
                option=clash,
            )
        )


def _by_score(played: PlayedAdvice, score: str, game: int, fmt: str) -> None:
    """The choices ranked by the chance to win from ``score`` (``ME-OPP``)."""
    from cribcount.odds import keep_chances, parse_score
    from cribcount.render.discard import render_scored, scored_to_dict

    with base.about("--score"):
        me, opponent = parse_score(score, game=game)
    ranked = keep_chances(played, me, opponent, game=game)
    if fmt == "json":
        click.echo(render_json(scored_to_dict(played, ranked, me, opponent, game)))
    else:
        base.echo_text(render_scored(played, ranked, me, opponent, game, lang=base.lang()))
