"""What ``peg`` prints as the play reads back as ``peg`` input, with the same result."""

from __future__ import annotations

import random

from conftest import outcome, random_play, rows
from hypothesis import given
from hypothesis import strategies as st

from cribcount.play import peg
from cribcount.render.play import render_pegging


def printed_play(text: str) -> str:
    """The play as ``peg`` prints it: the second word of each turn's row, a card or ``go``."""
    turns = [line.split() for line in text.splitlines() if line and not line[0].isspace()]
    return " ".join(words[1] for words in turns if not words[0].endswith(":"))


def test_the_go_peg_infers_reads_back() -> None:
    hands = "Ts Qc Kc Jd | 9d 4s 5d 5c"
    code, out, _ = outcome("peg", "Kc 9d Jd 5d Qc 5c Ts 4s", "--hands", hands)
    assert code == 0
    play = printed_play(out)
    # Pone pegs the go at 29 and at 30; the dealer says go each time, and lays the last card.
    assert play == "Kc 9d Jd go go 5d Qc 5c Ts go go 4s"
    for given_hands in (("--hands", hands), ()):
        code, again, _ = outcome("peg", play, *given_hands)
        assert (code, again) == (0, out)


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_the_printed_play_reads_back_the_same(seed: int, players: int) -> None:
    text, hands = random_play(random.Random(seed), players)
    first = peg(text, hands=hands)
    play = printed_play(render_pegging(first))
    assert rows(peg(play, hands=hands)) == rows(first)
    assert rows(peg(play, players=players)) == rows(first)
