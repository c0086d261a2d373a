"""The discard with the play: each way to lay away gains the expected net pegging of its keep.

``discard.advise_discard`` ranks the choices by hand and crib, exactly. Here
each choice also gets ``peg``: what the kept cards are expected to peg less
what the opponent pegs, from the table of every kept hand
(``pegging_table``), with that estimate's standard error; the choices are
ranked by ``net + peg``. Hand and crib stay exact and unchanged. Two players
only: the table is for the play of two.
"""

from __future__ import annotations

from cribcount.cards import FrozenValue
from cribcount.discard import Advice, Choice, Role
from cribcount.pegging_table import pegging

__all__ = ["PlayChoice", "PlayedAdvice", "with_play"]


class PlayChoice(FrozenValue):
    """A way to lay away (``choice``, exact), its expected net pegging and that figure's standard
    error, and ``total``: the choice's net with the pegging added."""

    __slots__ = ("choice", "peg", "peg_error")
    __match_args__ = ("choice", "peg", "peg_error")

    choice: Choice
    peg: float
    peg_error: float

    def __init__(self, choice: Choice, peg: float, peg_error: float) -> None:
        self._set_fields(choice, peg, peg_error)

    @property
    def total(self) -> float:
        """Hand and crib (and heels) as ``choice.net`` counts them, plus the net pegging."""
        return self.choice.net_float + self.peg


class PlayedAdvice(FrozenValue):
    """A deal's advice with the play: every choice, best total first."""

    __slots__ = ("advice", "choices")
    __match_args__ = ("advice", "choices")

    advice: Advice
    choices: tuple[PlayChoice, ...]

    def __init__(self, advice: Advice, choices: tuple[PlayChoice, ...]) -> None:
        self._set_fields(advice, choices)

    @property
    def best(self) -> PlayChoice:
        """The choice with the highest total."""
        return self.choices[0]


def with_play(advice: Advice) -> PlayedAdvice:
    """Add to each choice of a two-player ``advice`` the net pegging of its keep, and rank by
    the total; choices of equal total keep their order by hand and crib.

    Raises ValueError for more than two players.
    """
    if advice.players != 2:
        raise ValueError("the pegging table is for two players")
    role = "dealer" if advice.role is Role.DEALER else "pone"
    choices = []
    for choice in advice.choices:
        entry = pegging(keep=[card.rank.value for card in choice.keep], role=role)
        choices.append(PlayChoice(choice, entry.net, entry.net_se))
    ranked = sorted(choices, key=lambda played: -played.total)
    return PlayedAdvice(advice, tuple(ranked))
