"""The items of a quick record as JSON, from templates: what ``count_show`` and
``count_to_dict`` give, without building the count.

The items of a show come in three parts: the fifteens (which depend on the
counting values by position), the pairs and runs (on the ranks) and the flush
and his nob (on the suits). The first hand of each kind is counted by
``cribcount.show`` and its part rendered through ``count_to_dict``, its cards
turned into placeholders; later hands of that kind fill in their own cards.
Pairs and runs are looked up by the sorted ranks: counted on the cards sorted
by rank (ties in their order), they are the same items with the same cards.

>>> from cribcount.batch.quick import quick_cards, points_by_kind, read_quick
>>> read = read_quick(b"5h 5d Kc 2s / 9c", False, quick_cards())
>>> print(items_json(read[0], False, points_by_kind(read[0], False)))
{"kind": "fifteen", "cards": ["5h", "Kc"], "points": 2}, {"kind": "fifteen", "cards": \
["5d", "Kc"], "points": 2}, {"kind": "pair", "cards": ["5h", "5d"], "points": 2}
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from cribcount import rules
from cribcount.batch.quick import CARD_NAMES, nob_cards
from cribcount.cards import DECK, Card, Hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict
from cribcount.show import (
    Count,
    Item,
    Scoring,
    fifteen_positions,
    rank_positions,
    suit_positions,
)

__all__ = ["items_json"]

_VALUES = tuple(card.value for card in DECK)
_RANKS8 = tuple(card.rank * 8 for card in DECK)
"""Each card's rank times 8, to sort cards by rank and then by their place among five."""
_SAMPLE_HAND = Hand((DECK[0], DECK[1], DECK[2], DECK[3]), DECK[4])
_MOST = 1 << 16
"""Templates kept at most in a cache; past that it starts again, so memory stays flat."""

_FIFTEENS: dict[tuple[int, ...], str] = {}
_FIFTEEN_SETS: dict[tuple[tuple[int, ...], ...], str] = {}
_PAIRS_AND_RUNS: dict[tuple[int, ...], str] = {}
_STEPS: dict[tuple[int, ...], str] = {}
"""By the steps between the sorted ranks (0, 1, or 2 for more): at most 81."""
_SUITS: dict[tuple[int, int], str] = {}


def _template(scoring: Scoring, cards: list[Card]) -> str:
    """The items of ``scoring`` (positions in ``cards``) as JSON, ``{i}`` for ``cards[i]``."""
    items = tuple(Item(kind, tuple(cards[i] for i in at), points) for kind, at, points in scoring)
    listed = count_to_dict(Count(_SAMPLE_HAND, False, items))["items"]
    text = render_json(listed)[1:-1].replace("{", "{{").replace("}", "}}")
    for i, card in enumerate(cards):
        text = text.replace(f'"{card}"', f'"{{{i}}}"')
    return text


def _kept(cache: dict[Any, str], key: tuple[Any, ...], text: str) -> str:
    if len(cache) >= _MOST:
        cache.clear()
    cache[key] = text
    return text


def items_json(cards: tuple[int, int, int, int, int], crib: bool, points: tuple[int, ...]) -> str:
    """The items of a show as they stand in its JSON list, from its cards (four and the
    starter, by index) and its points by kind (``quick.points_by_kind``)."""
    a, b, c, d, e = cards
    names = CARD_NAMES
    parts = []
    if points[0]:
        values = (_VALUES[a], _VALUES[b], _VALUES[c], _VALUES[d], _VALUES[e])
        text = _FIFTEENS.get(values)
        if text is None:
            # Many values make fifteen with the same cards: one template for those.
            sets = rules.fifteen_sets(values)
            text = _FIFTEEN_SETS.get(sets)
            if text is None:
                scoring = fifteen_positions(values)
                text = _kept(_FIFTEEN_SETS, sets, _template(scoring, [DECK[i] for i in cards]))
            _kept(_FIFTEENS, values, text)
        parts.append(text.format(names[a], names[b], names[c], names[d], names[e]))
    if points[1] or points[2]:
        ranked = sorted(
            (_RANKS8[a], _RANKS8[b] + 1, _RANKS8[c] + 2, _RANKS8[d] + 3, _RANKS8[e] + 4)
        )
        in_order = [cards[key & 7] for key in ranked]
        ranks = tuple(key >> 3 for key in ranked)
        text = _PAIRS_AND_RUNS.get(ranks)
        if text is None:
            # Ranks that are equal or next to each other alike make their pairs and runs
            # with the same cards: one template for those.
            steps = tuple(min(high - low, 2) for low, high in pairwise(ranks))
            text = _STEPS.get(steps)
            if text is None:
                hand = [DECK[i] for i in in_order]
                text = _STEPS[steps] = _template(rank_positions(ranks), hand)
            _kept(_PAIRS_AND_RUNS, ranks, text)
        parts.append(text.format(*[names[i] for i in in_order]))
    if points[3] or points[4]:
        nobs = nob_cards()[e]
        key = (points[3], (a in nobs) + 2 * (b in nobs) + 4 * (c in nobs) + 8 * (d in nobs))
        text = _SUITS.get(key)
        if text is None:
            # The flush's points say whether the starter is in it; the nob, which card is.
            hand = [DECK[i] for i in cards]
            suits = [card.suit for card in hand]
            scoring = suit_positions([card.rank for card in hand], suits, crib=crib)
            text = _SUITS[key] = _template(scoring, hand)
        parts.append(text.format(names[a], names[b], names[c], names[d], names[e]))
    return ", ".join(parts)
