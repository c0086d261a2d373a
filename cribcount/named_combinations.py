"""Named combinations: a run and the pairs inside it called as one, as players call them.

The items of a count stay as they are (every run and pair apart); ``call_items``
groups them for the spoken count. A run with a doubled rank is a double run, a
tripled rank a triple run, two doubled ranks a double double run; the points of
a call are the sum of its items, so grouping never changes a total.

>>> from cribcount.cards import parse_hand
>>> from cribcount.show import count_show
>>> calls = call_items(count_show(parse_hand("7h 7s 8d 8c / 9h")).items)
>>> [(call.combination, call.points) for call in calls][-1]
(<Combination.DOUBLE_DOUBLE_RUN: 'a double double run'>, 16)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from cribcount.cards import Card
from cribcount.messages import N_
from cribcount.show import Item, Kind

__all__ = ["Call", "Combination", "call_items"]


class Combination(enum.Enum):
    """A run called together with the pairs inside it; the value is its English name."""

    DOUBLE_RUN_OF_THREE = N_("a double run of three")
    DOUBLE_RUN_OF_FOUR = N_("a double run of four")
    TRIPLE_RUN = N_("a triple run")
    DOUBLE_DOUBLE_RUN = N_("a double double run")


# Keyed by the run's length and how many cards each repeated rank in it has.
_COMBINATIONS = {
    (3, (2,)): Combination.DOUBLE_RUN_OF_THREE,
    (4, (2,)): Combination.DOUBLE_RUN_OF_FOUR,
    (3, (3,)): Combination.TRIPLE_RUN,
    (3, (2, 2)): Combination.DOUBLE_DOUBLE_RUN,
}


class Call(NamedTuple):
    """What a player calls at once: one item, or a combination of runs and pairs."""

    items: tuple[Item, ...]
    combination: Combination | None = None

    @property
    def kind(self) -> Kind:
        """The kind of the call's items; a combination is a run."""
        return Kind.RUN if self.combination else self.items[0].kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The call's cards: a combination's each once, by rank, as the hand holds them."""
        if self.combination is None:
            return self.items[0].cards
        # The pairs come first and hold their cards in the hand's order; dict keeps that order.
        cards = dict.fromkeys(card for item in self.items for card in item.cards)
        return tuple(sorted(cards, key=lambda card: card.rank))

    @property
    def points(self) -> int:
        """The sum of the items' points."""
        return sum(item.points for item in self.items)


def call_items(items: Iterable[Item]) -> list[Call]:
    """The items of a count as players call them, in their order.

    Runs and the pairs whose rank lies in them become one call where the runs
    are; pairs outside the runs, fifteens, flush and nobs are calls of their own.
    """
    items = list(items)
    runs = [item for item in items if item.kind is Kind.RUN]
    run_ranks = {card.rank for item in runs for card in item.cards}
    inside = [item for item in items if item.kind is Kind.PAIR and item.cards[0].rank in run_ranks]
    combination = None
    if inside:
        # Every run has the same length: only the longest length counts.
        length = len(runs[0].cards)
        repeats = tuple(sorted(len(pair.cards) for pair in inside))
        combination = _COMBINATIONS[length, repeats]
    calls: list[Call] = []
    for item in items:
        if combination is not None and item in inside:
            continue
        if combination is not None and item.kind is Kind.RUN:
            if item is runs[0]:
                calls.append(Call((*inside, *runs), combination))
            continue
        calls.append(Call((item,)))
    return calls
