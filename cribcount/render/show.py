"""Rendering a counted show: the spoken count as text or one line, and the count as plain data.

Text is in a ``Language`` (English by default), JSON always in English.

>>> from cribcount.cards import parse_hand
>>> from cribcount.show import count_show
>>> print(render_count(count_show(parse_hand("7h 7s 8d 8c / 9h"))))
hand 7h 7s 8d 8c, starter 9h
fifteen two                 7h 8d            2
fifteen four                7h 8c            4
fifteen six                 7s 8d            6
fifteen eight               7s 8c            8
a double double run for 16  7h 7s 8d 8c 9h  24
total 24
>>> print(say_count(count_show(parse_hand("7h 7s 8d 8c / 9h"))))
fifteen two, fifteen four, fifteen six, fifteen eight and a double double run is 24
>>> from cribcount.language import language
>>> print(say_count(count_show(parse_hand("8c 7d 7s 6h / Ac")), lang=language("fr")))
quinze deux, quinze quatre, quinze six, quinze huit et une double suite de trois, ça fait 16
"""

from __future__ import annotations

from typing import Any

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, Message
from cribcount.named_combinations import Call, call_items
from cribcount.rules import heels_points
from cribcount.show import Count, Item, Kind

__all__ = [
    "call_name",
    "claim_fields",
    "count_to_dict",
    "describe_call",
    "describe_item",
    "heels_fields",
    "render_claim",
    "render_count",
    "say_count",
]


# What players call, in English (the catalogs' keys). Fifteens by the points of the
# fifteens so far, pairs by the cards of the rank, runs and flushes by their cards.
_FIFTEENS = {
    2: N_("fifteen two"),
    4: N_("fifteen four"),
    6: N_("fifteen six"),
    8: N_("fifteen eight"),
    10: N_("fifteen ten"),
    12: N_("fifteen twelve"),
    14: N_("fifteen fourteen"),
    16: N_("fifteen sixteen"),
}
_PAIRS = {2: N_("a pair"), 3: N_("a pair royal"), 4: N_("a double pair royal")}
_RUNS = {3: N_("a run of three"), 4: N_("a run of four"), 5: N_("a run of five")}
_FLUSHES = {4: N_("a flush of four"), 5: N_("a flush of five")}
_NOBS = N_("one for his nob")


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


def call_name(call: Call, *, fifteens_so_far: int = 0) -> str:
    """What a player calls, in English: ``fifteen four``, ``a triple run``, ``one for his nob``."""
    if call.combination is not None:
        return call.combination.value
    cards = len(call.cards)
    names = {
        Kind.FIFTEEN: lambda: _FIFTEENS[fifteens_so_far + call.points],
        Kind.PAIR: lambda: _PAIRS[cards],
        Kind.RUN: lambda: _RUNS[cards],
        Kind.FLUSH: lambda: _FLUSHES[cards],
        Kind.NOBS: lambda: _NOBS,
    }
    return names[call.kind]()


def _has_points_in_name(call: Call) -> bool:
    # "fifteen four" and "one for his nob" say their points already.
    return call.combination is None and call.kind in (Kind.FIFTEEN, Kind.NOBS)


def describe_call(
    call: Call, *, fifteens_so_far: int = 0, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """How a player says a call on its line: ``fifteen four``, ``a triple run for 15``."""
    name = Message(call_name(call, fifteens_so_far=fifteens_so_far))
    if _has_points_in_name(call):
        return lang.text(name)
    return lang.say("{name} for {points}", name=name, points=call.points)


def describe_item(
    item: Item, *, fifteens_so_far: int = 0, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """How a player says one item: ``fifteen four``, ``a pair royal for 6``, ``one for his nob``."""
    return describe_call(Call((item,)), fifteens_so_far=fifteens_so_far, lang=lang)


def _spoken(count: Count, lang: Language) -> list[tuple[Call, str]]:
    """Each call with its words, the fifteens counted up as players count them."""
    said = []
    fifteens = 0
    for call in call_items(count.items):
        said.append((call, describe_call(call, fifteens_so_far=fifteens, lang=lang)))
        if call.kind is Kind.FIFTEEN:
            fifteens += call.points
    return said


def render_count(count: Count, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The spoken count: a line per call (a run with its pairs is one), cards, running total."""
    hand = count.hand
    head = (
        N_("crib {cards}, starter {starter}")
        if count.crib
        else N_("hand {cards}, starter {starter}")
    )
    lines = [lang.say(head, cards=hand.cards, starter=hand.starter)]
    if count.crib and len({card.suit for card in hand.cards}) == 1:
        # Said only where it matters: four of a suit that would score in a hand.
        lines.append(lang.say("(crib: only a five-card flush counts)"))
    said = _spoken(count, lang)
    cards = [lang.cards(call.cards) for call, _ in said]
    # Columns as wide as their longest entry as written, two spaces apart: within 60
    # columns, and no call runs into the total.
    said_width = max((len(words) for _, words in said), default=0)
    cards_width = max(map(len, cards), default=0)
    running = 0
    for (call, words), written in zip(said, cards, strict=True):
        running += call.points
        lines.append(f"{words:<{said_width}}  {written:<{cards_width}}  {running:>2}")
    if not count.items:
        lines.append(lang.say("nineteen: no points"))
    lines.append(lang.say("total {total}", total=count.total))
    heels = heels_points(hand.starter.rank)
    if heels:
        lines.append(
            lang.say(
                "(starter {card} is his heels: {points} to the dealer at the cut,\n"
                " not in this count)",
                card=hand.starter,
                points=heels,
            )
        )
    return "\n".join(lines)


def say_count(count: Count, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The count as one line said aloud: the fifteens, then each call with the running total.

    ``fifteen two, fifteen four and a pair is 6, a run of three is 9, and one for
    his nob is 10``: fifteens say their own total; "and" comes after the
    fifteens and before the last call. A count of nothing is "nineteen".
    """
    if not count.items:
        return lang.say("nineteen")
    fifteens: list[str] = []
    others: list[str] = []
    running = 0
    for call, words in _spoken(count, lang):
        running += call.points
        if call.kind is Kind.FIFTEEN:
            fifteens.append(words)
            continue
        name = Message(call_name(call))
        others.append(lang.say("{name} is {total}", name=name, total=running))
    line = ", ".join(fifteens)
    for i, said in enumerate(others):
        if not line:
            line = said
        elif i == 0:
            line = lang.say("{before} and {after}", before=line, after=said)
        elif i == len(others) - 1:
            line = lang.say("{before}, and {after}", before=line, after=said)
        else:
            line = f"{line}, {said}"
    return line


MUGGINS_NOTE = N_("(under muggins the opponent may take them)")
"""What follows a verdict of points missed, on a line of its own (English, the catalog's key)."""


def render_claim(
    claim: int, total: int, *, note: bool = True, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """The muggins verdict on a claimed count; points missed get ``MUGGINS_NOTE`` on a second
    line, unless ``note`` is false."""
    if claim == total:
        return lang.say("claim {claim} is right", claim=claim)
    if claim < total:
        missed = lang.plural(total - claim, "{n} point", "{n} points")
        verdict = lang.say(
            "claim {claim}, count {total}: {missed} missed",
            claim=claim,
            total=total,
            missed=missed,
        )
        return f"{verdict}\n{lang.say(MUGGINS_NOTE)}" if note else verdict
    over = lang.plural(claim - total, "{n} point", "{n} points")
    return lang.say(
        "claim {claim}, count {total}: over-claimed by {over}", claim=claim, total=total, over=over
    )
