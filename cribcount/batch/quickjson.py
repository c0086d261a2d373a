"""The items of a quick record as JSON, from templates: what ``count_show`` and
``count_to_dict`` give, without building the count.

The items of a show come in three parts: the fifteens (which depend on the
counting values by position), the pairs and runs (on the ranks) and the flush
and his nob (on the suits). The first hand of each kind is counted by
``cribcount.show`` and its part rendered through ``count_to_dict``, its cards
turned into ``%s`` placeholders with the positions that fill them; later hands
of that kind fill in their own cards with one ``%``.
Pairs and runs are looked up by the multiset of ranks: counted on the cards
sorted by rank (ties in their order), they are the same items with the same cards.

>>> from cribcount.batch.quick import quick_cards, points_by_kind, read_quick
>>> read = read_quick(b"5h 5d Kc 2s / 9c", False, quick_cards())
>>> print(items_json(read[0], False, points_by_kind(read[0], False)))
{"kind": "fifteen", "cards": ["5h", "Kc"], "points": 2}, {"kind": "fifteen", "cards": \
["5d", "Kc"], "points": 2}, {"kind": "pair", "cards": ["5h", "5d"], "points": 2}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from itertools import pairwise
from operator import itemgetter

from cribcount import rules
from cribcount.batch.quick import CARD_NAMES, Cards, Points, nob_cards
from cribcount.cards import DECK, Hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict
from cribcount.show import (
    Count,
    Item,
    Kind,
    Scoring,
    fifteen_positions,
    rank_positions,
    suit_positions,
)

__all__ = [
    "BETWEEN",
    "SAMPLE",
    "SAMPLE_HAND",
    "Template",
    "fill_items",
    "item_json",
    "items_json",
    "placeholders",
]

Template = tuple[str, Callable[[tuple[object, ...]], tuple[object, ...]]]
"""Text with ``%s`` for cards, and what picks the cards that fill it from five (a tuple)."""


# The counting values by position as one number, a digit a position: (value - 1) * 10 ** i.
_LEAST_VALUE = min(card.value for card in DECK)
_VALUE_DIGITS = max(card.value for card in DECK) - _LEAST_VALUE + 1
_VALUE_KEYS = tuple(
    tuple((card.value - _LEAST_VALUE) * _VALUE_DIGITS**i for card in DECK) for i in range(5)
)
_FIFTEENS: list[Template | None] = [None] * _VALUE_DIGITS**5
"""Fifteens by the values by position: at most 10 ** 5, each holding a shared template."""
_FIFTEEN_SETS: dict[frozenset[int], Template] = {}
"""Fifteens by the positions that make them (as bits): a few thousand at most."""
_SORTED_FIFTEENS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The fifteens of values sorted, as sets of positions (bits): at most 2,002 multisets."""
# Sorted, a card's key gives the values in order, ties by position; ``& 7`` is the position.
_VALUE_ORDER = tuple(tuple(card.value * 8 + i for card in DECK) for i in range(5))

# Sorted, a card's key gives the ranks in order, ties by position; ``& 63`` is the card.
_ORDER_KEYS = tuple(tuple((card.rank * 8 + i) * 64 + card.index for card in DECK) for i in range(5))
_ORDER_NAMES = {key: CARD_NAMES[key & 63] for keys in _ORDER_KEYS for key in keys}
_RANK_KEYS = tuple(rules.rank_key([card.rank]) for card in DECK)
_PAIRS_AND_RUNS: dict[int, Template] = {}
"""Pairs and runs by ``rules.rank_key``: at most 6,175 multisets of ranks."""
_STEPS: dict[tuple[int, ...], Template] = {}
"""By the steps between the sorted ranks (0, 1, or 2 for more): at most 81."""
_SUITS: dict[tuple[int, int], Template] = {}
_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def placeholders(text: str, quoted: list[str], bare: tuple[str, ...] = ()) -> Template:
    """``text`` (JSON) with ``%`` doubled, each of ``quoted`` (as a JSON string) made ``"%s"``
    and each of ``bare`` (also a JSON string) a bare ``%s``; and what picks, from a tuple of
    the things for ``quoted`` then ``bare``, those that fill it in order.

    The names are distinct, and stand nowhere else in ``text`` as a JSON string whole.
    """
    text, found = _marked(text, quoted, bare)
    return text, _picker(found)


def _marked(text: str, quoted: list[str], bare: tuple[str, ...] = ()) -> tuple[str, list[int]]:
    """``placeholders``, with the places in order of what fills them."""
    names = {name: at for at, name in enumerate([*quoted, *bare])}
    found: list[int] = []

    def mark(match: re.Match[str]) -> str:
        at = names.get(match[1])
        if at is None:
            return match[0]
        found.append(at)
        return '"%s"' if at < len(quoted) else "%s"

    return _JSON_STRING.sub(mark, text.replace("%", "%%")), found


def _picker(found: list[int]) -> Callable[[tuple[object, ...]], tuple[object, ...]]:
    """What picks the things at ``found``, in that order, from a tuple: as a tuple."""
    if len(found) == 1:
        return lambda given: (given[found[0]],)
    return itemgetter(*found) if found else lambda given: ()


SAMPLE = DECK[:5]
"""Five different cards that templates are rendered with, then replaced by the row's own."""
SAMPLE_HAND = Hand((SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3]), SAMPLE[4])
_SAMPLE_NAMES = [str(card) for card in SAMPLE]
_ITEMS: dict[tuple[Kind, tuple[int, ...], int], tuple[str, list[int]]] = {}
"""Each item of a show as JSON, by its kind, its cards' positions and its points."""
BETWEEN = render_json([0, 0])[2:-2]
"""What stands between two things in a JSON list."""


def item_json(item: Item) -> str:
    """One item as it stands in the JSON list of a count's items (``count_to_dict``)."""
    listed = count_to_dict(Count(SAMPLE_HAND, False, (item,)))["items"]
    return render_json(listed)[1:-1]


def _template(scoring: Scoring) -> Template:
    """The items of ``scoring`` as JSON, placeholders for the cards at their positions."""
    texts: list[str] = []
    found: list[int] = []
    for kind, at, points in scoring:
        one = _ITEMS.get((kind, at, points))
        if one is None:
            item = Item(kind, tuple(SAMPLE[i] for i in at), points)
            one = _ITEMS[kind, at, points] = _marked(item_json(item), _SAMPLE_NAMES)
        texts.append(one[0])
        found += one[1]
    return BETWEEN.join(texts), _picker(found)


def _fifteens(cards: Cards, key: int) -> Template:
    """The fifteens' template of the values of ``cards``, kept under ``key``."""
    a, b, c, d, e = cards
    o = _VALUE_ORDER
    p, q, r, s, t = sorted((o[0][a], o[1][b], o[2][c], o[3][d], o[4][e]))
    # The fifteens of the values sorted, as sets of positions (bits), moved back to
    # where those values stand; the values sorted are at most 2,002 multisets.
    values = (p >> 3, q >> 3, r >> 3, s >> 3, t >> 3)
    sets = _SORTED_FIFTEENS.get(values)
    if sets is None:
        sets = _SORTED_FIFTEENS[values] = tuple(
            sum(1 << i for i in at) for at in rules.fifteen_sets(values)
        )
    moved = _moved(p & 7, q & 7, r & 7, s & 7, t & 7)
    # Many values make fifteen with the same cards: one template for those.
    made = frozenset([moved[bits] for bits in sets])
    template = _FIFTEEN_SETS.get(made)
    if template is None:
        hand = [DECK[i] for i in cards]
        scoring = fifteen_positions(tuple(card.value for card in hand))
        template = _FIFTEEN_SETS[made] = _template(scoring)
    _FIFTEENS[key] = template
    return template


@functools.cache
def _moved(*order: int) -> tuple[int, ...]:
    """Sets of positions (bits) among five cards sorted in ``order`` (the places they came
    from), by the places they came from."""
    return tuple(sum(1 << at for i, at in enumerate(order) if bits >> i & 1) for bits in range(32))


def _pairs_and_runs(in_order: list[int], key: int) -> Template:
    """The template of the pairs and runs of the cards ``in_order`` (sorted by rank), kept
    under ``key``, their ranks' ``rank_key``."""
    hand = [DECK[i & 63] for i in in_order]
    ranks = tuple(card.rank for card in hand)
    # Ranks that are equal or next to each other alike make their pairs and runs
    # with the same cards: one template for those.
    steps = tuple(min(high - low, 2) for low, high in pairwise(ranks))
    template = _STEPS.get(steps)
    if template is None:
        template = _STEPS[steps] = _template(rank_positions(ranks))
    _PAIRS_AND_RUNS[key] = template
    return template


def items_json(cards: Cards, crib: bool, points: Points) -> str:
    """The items of a show as they stand in its JSON list, from its cards (four and the
    starter, by index) and its points by kind (``quick.points_by_kind``)."""
    n = CARD_NAMES
    return fill_items(tuple(n[i] for i in cards), cards, crib, points)


def fill_items(names: tuple[str, ...], cards: Cards, crib: bool, points: Points) -> str:
    """``items_json`` given also the cards' ``names`` (``CARD_NAMES``), in their order."""
    a, b, c, d, e = cards
    items = ""
    if points[0]:
        v = _VALUE_KEYS
        key = v[0][a] + v[1][b] + v[2][c] + v[3][d] + v[4][e]
        text, pick = _FIFTEENS[key] or _fifteens(cards, key)
        items = text % pick(names)
    if points[1] or points[2]:
        o = _ORDER_KEYS
        in_order = sorted((o[0][a], o[1][b], o[2][c], o[3][d], o[4][e]))
        r = _RANK_KEYS
        key = r[a] + r[b] + r[c] + r[d] + r[e]
        text, pick = _PAIRS_AND_RUNS.get(key) or _pairs_and_runs(in_order, key)
        p, q, s, t, u = in_order
        on = _ORDER_NAMES
        text %= pick((on[p], on[q], on[s], on[t], on[u]))
        items = items + BETWEEN + text if items else text
    if points[3] or points[4]:
        nobs = nob_cards()[e]
        suit_key = (points[3], (a in nobs) + 2 * (b in nobs) + 4 * (c in nobs) + 8 * (d in nobs))
        suited = _SUITS.get(suit_key)
        if suited is None:
            # The flush's points say whether the starter is in it; the nob, which card is.
            hand = [DECK[i] for i in cards]
            suits = [card.suit for card in hand]
            scoring = suit_positions([card.rank for card in hand], suits, crib=crib)
            suited = _SUITS[suit_key] = _template(scoring)
        text = suited[0] % suited[1](names)
        items = items + BETWEEN + text if items else text
    return items
