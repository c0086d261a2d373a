"""The discard with the play: each way to lay away gains the expected net pegging of its keep.

``discard.advise_discard`` ranks the choices by hand and crib, exactly. Here
each choice also gets ``peg``: what the kept cards are expected to peg less
what the opponent pegs, from the table of every kept hand
(``pegging_table``), with that estimate's standard error; the choices are
ranked by ``net + peg``. Hand and crib stay exact and unchanged. Two players
only: the table is for the play of two.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.discard import Advice, Choice, Role
from cribcount.pegging_table import pegging

__all__ = ["PlayChoice", "PlayedAdvice", "with_play"]


@dataclass(frozen=True)
class PlayChoice:
    """A way to lay away (``choice``, exact), its expected net pegging and that figure's standard
    error, and ``total``: the choice's net with the pegging added."""

    choice: Choice
    peg: float
    peg_error: float

    @property
    def total(self) -> float:
        """Hand and crib (and heels) as ``choice.net`` counts them, plus the net pegging."""
        return self.choice.net_float + self.peg


@dataclass(frozen=True)
class PlayedAdvice:
    """A deal's advice with the play: every choice, best total first."""

    advice: Advice
    choices: tuple[PlayChoice, ...]

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
