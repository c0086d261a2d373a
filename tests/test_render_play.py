"""The play as text and as JSON: the JSON put together turn by turn is the JSON of its plain data."""

from __future__ import annotations

import json
import random
import textwrap

import pytest
from conftest import random_play
from hypothesis import given
from hypothesis import strategies as st

from cribcount.language import language
from cribcount.play import peg
from cribcount.render import render_json
from cribcount.render.play import (
    WIDTH,
    pegging_to_dict,
    render_pegging,
    render_pegging_json,
    wrap_at_commas,
)


@pytest.mark.parametrize(
    ("players", "partners"), [(2, False), (3, False), (4, False), (5, False), (6, False), (6, True)]
)
def test_render_pegging_json_is_the_json_of_pegging_to_dict(players: int, partners: bool) -> None:
    rng = random.Random(players * 10 + partners)
    for _ in range(60):
        text, hands = random_play(rng, players)
        pegging = peg(text, hands=hands, partners=partners)
        expected = render_json(pegging_to_dict(pegging))
        assert render_pegging_json(pegging) == expected
        with_line = render_pegging_json(pegging, line=7)
        assert with_line == render_json({"line": 7, **pegging_to_dict(pegging)})
        assert json.loads(with_line)["line"] == 7


def test_a_turn_that_scores_much_goes_on_below_its_score() -> None:
    # Worked by hand: Kc 3d Qc 7d Ac make 31 for pone; the dealer leads the next count,
    # and the three fives make a pair, then fifteen and a pair royal with the last card.
    # "dealer  5h  15  " takes 16 columns; with what it scored the line would take 64,
    # more than 60, so it breaks after a comma and goes on under the score.
    assert render_pegging(peg("Kc 3d Qc 7d Ac 5d 5c 5h")) == (
        "pone    Kc  10\n"
        "dealer  3d  13\n"
        "pone    Qc  23\n"
        "dealer  7d  30\n"
        "pone    Ac  31  31 for 2\n"
        "dealer  5d   5\n"
        "pone    5c  10  pair for 2\n"
        "dealer  5h  15  fifteen for 2, pair royal for 6,\n"
        "                last card for 1\n"
        "totals: pone 4, dealer 9"
    )


def test_cards_of_three_characters_widen_the_card_column_for_every_turn() -> None:
    # French writes the ten with two characters: "10t" is 3 columns, and "5k" is padded to 3.
    french = language("fr")
    pegging = peg("10t 5k", notation=french.notation)
    assert render_pegging(pegging, lang=french) == (
        "non-donneur  10t  10\n"
        "donneur      5k   15  quinze pour 2, dernière carte pour 1\n"
        "totaux : non-donneur 0, donneur 3"
    )


SAID = ["fifteen for 2", "pair royal for 6", "run of 4 for 4", "last card for 1", "go for 1"]


@given(
    said=st.lists(st.sampled_from(SAID), min_size=1, max_size=6),
    first=st.integers(min_value=0, max_value=40),
    then=st.integers(min_value=0, max_value=40),
)
def test_text_wrapped_once_for_its_widths_is_textwrap_at_its_commas(
    said: list[str], first: int, then: int
) -> None:
    # The independent method: textwrap itself, with no-break spaces inside each item.
    text = ", ".join(said)
    kept = ", ".join(item.replace(" ", "\u00a0") for item in said)
    lead, indent = "x" * first, " " * then
    expected = [
        line.replace("\u00a0", " ")
        for line in textwrap.wrap(kept, WIDTH, initial_indent=lead, subsequent_indent=indent)
    ]
    assert wrap_at_commas(text, first=lead, then=indent) == expected
