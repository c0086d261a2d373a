"""Rendering a counted show: the spoken count as text, and the count as plain data.

>>> from cribcount.cards import parse_hand
>>> from cribcount.show import count_show
>>> print(render_count(count_show(parse_hand("7h 7s 8d 8c / 9h"))))
hand 7h 7s 8d 8c, starter 9h
fifteen two           7h 8d      2
fifteen four          7h 8c      4
fifteen six           7s 8d      6
fifteen eight         7s 8c      8
a pair for 2          7h 7s     10
a pair for 2          8d 8c     12
a run of three for 3  7h 8d 9h  15
a run of three for 3  7h 8c 9h  18
a run of three for 3  7s 8d 9h  21
a run of three for 3  7s 8c 9h  24
total 24
"""

from __future__ import annotations

from typing import Any

from cribcount.cards import format_cards
from cribcount.render import plural
from cribcount.rules import heels_points
from cribcount.show import Count, Item, Kind

__all__ = [
    "PAIR_NAMES",
    "claim_fields",
    "count_to_dict",
    "describe_item",
    "heels_fields",
    "render_claim",
    "render_count",
]

_NUMBERS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    8: "eight",
    10: "ten",
    12: "twelve",
    14: "fourteen",
    16: "sixteen",
}
PAIR_NAMES = {2: "a pair for 2", 6: "pair royal for 6", 12: "double pair royal for 12"}
"""How the cards of one rank are called, by their points."""


def count_to_dict(count: Count) -> dict[str, Any]:
    """The count as plain data: hand, starter, crib, items (kind, cards, points), total."""
    return {
        "hand": [str(card) for card in count.hand.cards],
        "starter": str(count.hand.starter),
        "crib": count.crib,
        "items": [
            {"kind": item.kind.value, "cards": [str(c) for c in item.cards], "points": item.points}
            for item in count.items
        ],
        "total": count.total,
    }


def heels_fields(count: Count) -> dict[str, int]:
    """``heels``: what the starter gives the dealer at the cut (2 for a jack), outside the total."""
    return {"heels": heels_points(count.hand.starter.rank)}


def claim_fields(claim: int | None, total: int) -> dict[str, int]:
    """``claim`` and ``difference`` (claim minus count) for JSON and CSV; none without a claim."""
    return {} if claim is None else {"claim": claim, "difference": claim - total}


def describe_item(item: Item, *, fifteens_so_far: int = 0) -> str:
    """How a player says an item: ``fifteen four``, ``pair royal for 6``, ``one for his nob``."""
    if item.kind is Kind.FIFTEEN:
        return "fifteen " + _NUMBERS[fifteens_so_far + item.points]
    if item.kind is Kind.PAIR:
        return PAIR_NAMES[item.points]
    if item.kind is Kind.RUN:
        return f"a run of {_NUMBERS[item.points]} for {item.points}"
    if item.kind is Kind.FLUSH:
        return f"a flush of {_NUMBERS[item.points]} for {item.points}"
    return "one for his nob"


def render_count(count: Count) -> str:
    """The spoken count: one line per item with its cards and the running total, then the total."""
    hand = count.hand
    what = "crib" if count.crib else "hand"
    lines = [f"{what} {format_cards(hand.cards)}, starter {hand.starter}"]
    if count.crib and len({card.suit for card in hand.cards}) == 1:
        # Said only where it matters: four of a suit that would score in a hand.
        lines.append("(crib: only a five-card flush counts)")
    said: list[tuple[str, str, int]] = []
    running = 0
    fifteens = 0
    for item in count.items:
        words = describe_item(item, fifteens_so_far=fifteens)
        if item.kind is Kind.FIFTEEN:
            fifteens += item.points
        running += item.points
        said.append((words, format_cards(item.cards), running))
    # Columns as wide as their longest entry, two spaces apart: no item runs into the total.
    words_width = max((len(words) for words, _, _ in said), default=0)
    cards_width = max((len(cards) for _, cards, _ in said), default=0)
    for words, cards, total in said:
        lines.append(f"{words:<{words_width}}  {cards:<{cards_width}}  {total:>2}")
    if not count.items:
        lines.append("nineteen: no points")
    lines.append(f"total {count.total}")
    heels = heels_points(hand.starter.rank)
    if heels:
        lines.append(f"(starter {hand.starter} is his heels: {heels} to the dealer at the cut,")
        lines.append(" not in this count)")
    return "\n".join(lines)


MUGGINS_NOTE = "(under muggins the opponent may take them)"
"""What follows a verdict of points missed, on a line of its own."""


def render_claim(claim: int, total: int, *, note: bool = True) -> str:
    """The muggins verdict on a claimed count; points missed get ``MUGGINS_NOTE`` on a second
    line, unless ``note`` is false."""
    if claim == total:
        return f"claim {claim} is right"
    if claim < total:
        missed = plural(total - claim, "point")
        verdict = f"claim {claim}, count {total}: {missed} missed"
        return f"{verdict}\n{MUGGINS_NOTE}" if note else verdict
    return f"claim {claim}, count {total}: over-claimed by {plural(claim - total, 'point')}"
