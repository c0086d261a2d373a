"""The JSON of a play, put together turn by turn, is the JSON of its plain data."""

from __future__ import annotations

import json
import random

import pytest
from conftest import random_play

from cribcount.play import peg
from cribcount.render import render_json
from cribcount.render.play import pegging_to_dict, render_pegging_json


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
