"""``cribcount score``: count a hand or a crib, check a claim, say it aloud."""

from __future__ import annotations

import sys
from typing import Any

import click

from cribcount.cards import parse_hand
from cribcount.cli.base import (
    EXIT_CLAIM_DIFFERS,
    BadInput,
    echo_text,
    format_option,
    join_arguments,
    lang,
    lang_option,
)
from cribcount.messages import Message
from cribcount.render import TEXT_WIDTH, render_json
from cribcount.render.show import (
    claim_fields,
    count_to_dict,
    heels_fields,
    render_claim,
    render_count,
    say_count,
)
from cribcount.show import count_show


class ClaimedCount(click.ParamType[int]):
    """A claimed count as a batch line writes it after '=': a whole number up to 999."""

    name = "claim"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The claim as a number; one usage line saying what a claim is when it is not one."""
        if isinstance(value, int):
            return value
        from cribcount.batch.lines import read_claim
        from cribcount.errors import CribcountError, Token

        text = str(value).strip()
        try:
            return read_claim(text, Token(text, 1))
        except CribcountError as error:
            hint = Message("{reason}: give the points claimed, as --claim 12", reason=error.said)
            self.fail(lang().text(hint), param, ctx)


@click.command()
@click.argument("cards", nargs=-1)
@click.option("--crib", is_flag=True, help="Count as the crib: only a five-card flush scores.")
@click.option(
    "--claim",
    type=ClaimedCount(),
    metavar="N",
    help="Check a claimed count (muggins): exit 1 when it differs from the true count.",
)
@click.option("--say", is_flag=True, help="Say the count in one line, as spoken aloud.")
@format_option("text", "json")
@lang_option()
def score(cards: tuple[str, ...], crib: bool, claim: int | None, say: bool, fmt: str) -> None:
    """Count four cards and the starter, the way a player says it.

    CARDS are four hand cards then the starter, after a '/' or as the fifth
    card: one quoted argument or several, or '-' to read one line of them
    from standard input. The JSON gives "heels" too: 2 to the dealer when the
    starter is a jack, outside the total.

    \b
    Examples:
      cribcount score 5h 5d 5c Js / 5s
      cribcount score "10h, Jh, Qh, Kh / 5h" --crib
      cribcount score 7h 7s 8d 8c 9h --claim 20 -f json
      cribcount score 8c 7k 7p 6t / Ac --say --lang fr
      echo "5h 5d 5c Js / 5s" | cribcount score -
    """
    if say and fmt == "json":
        raise BadInput(lang().say("--say writes text: it does not go with --format json"))
    count = count_show(parse_hand(join_arguments(cards), notation=lang().notation), crib=crib)
    if fmt == "json":
        fields = count_to_dict(count) | heels_fields(count) | claim_fields(claim, count.total)
        click.echo(render_json(fields))
    else:
        if say:
            # One line said aloud, which goes on, indented, past 60 columns.
            import textwrap  # only --say wraps a sentence

            said = textwrap.fill(say_count(count, lang=lang()), TEXT_WIDTH, subsequent_indent="  ")
        else:
            said = render_count(count, lang=lang())
        if claim is not None:
            said += "\n" + render_claim(claim, count.total, lang=lang())
        echo_text(said)
    if claim is not None and claim != count.total:
        sys.exit(EXIT_CLAIM_DIFFERS)
