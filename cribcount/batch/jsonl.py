"""JSON lines for the vectorised rows: one template per way of scoring, the cards filled in.

The items of a show depend on three things that the rows give as numbers:
which sets of positions total fifteen (a bit a set), the pattern of the ranks
by position (pairs and runs see only which ranks are equal or next to each
other), and the suits (flush and nobs). On the first row of each, its part
of the items is counted by ``cribcount.show`` from that row's own cards and
rendered through ``count_to_dict``, with the five cards as placeholders;
later rows with the same numbers reuse the text. Nothing here scores.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from cribcount import rules
from cribcount.batch.vector import NO_CLAIM, FastRows, fifteen_sets, sort_columns
from cribcount.cards import DECK, Hand
from cribcount.render import render_json
from cribcount.render.show import claim_fields, count_to_dict
from cribcount.show import (
    Count,
    Item,
    Kind,
    Scoring,
    fifteen_positions,
    rank_positions,
    suit_positions,
)

__all__ = ["jsonl_rows"]

_NAMES = np.array([str(card) for card in DECK], dtype=object)
_SAMPLE = DECK[:5]
"""Five different cards to render templates with, later replaced by ``{0}``..``{4}``."""
_SAMPLE_HAND = Hand((_SAMPLE[0], _SAMPLE[1], _SAMPLE[2], _SAMPLE[3]), _SAMPLE[4])
_MOST = 1 << 14
"""Templates kept at most; past that the cache starts again, so memory stays flat."""
_PATTERN_BASE = 9  # compressed ranks by position are 0..8


def jsonl_rows(rows: FastRows, lead: str) -> list[str]:
    """One JSON line per row, newline included; ``lead`` opens the object (``{`` or the file)."""
    fifteen_keys, pattern_keys, suit_keys = (key.tolist() for key in _keys(rows))
    cards = (rows.ranks.astype(np.intp) - 1) * 4 + rows.suits
    names = [_NAMES[column].tolist() for column in cards]
    ranks = rows.ranks.T.tolist()
    suits = rows.suits.T.tolist()
    cribs = rows.crib.tolist()
    for cache in _CACHES:
        if len(cache) > _MOST:
            cache.clear()
    lines = []
    numbers = rows.line.tolist()
    heels = np.where(rows.heels, rules.heels_points(rules.JACK), 0).tolist()
    for i, key in enumerate(zip(fifteen_keys, pattern_keys, suit_keys, strict=True)):
        template = _TEMPLATES.get(key)
        if template is None:
            # The first row of its kind: count each part not seen yet from its own cards.
            f, p, s = key
            template = _TEMPLATES[key] = _template(
                _FIFTEENS.get(f) or _part(_FIFTEENS, f, fifteen_positions(_values(ranks[i]))),
                _PAIRS_AND_RUNS[p],
                _SUITS.get(s)
                or _part(_SUITS, s, suit_positions(ranks[i], suits[i], crib=cribs[i])),
                crib=cribs[i],
            )
        lines.append(template.format(*(column[i] for column in names), lead, numbers[i], heels[i]))
    if (rows.claim != NO_CLAIM).any():
        totals = rows.total.tolist()
        for i, claim in enumerate(rows.claim.tolist()):
            if claim != NO_CLAIM:
                # The claim's fields come last in the object, after the total and the heels.
                lines[i] = lines[i][: -len(_CLOSE)] + _claim_json(claim, totals[i]) + _CLOSE
    return lines


_CLOSE = "}\n"


@functools.cache
def _claim_json(claim: int, total: int) -> str:
    """The claim's fields of a JSON line, after a comma: ``, "claim": 18, "difference": -6``."""
    return ", " + render_json(claim_fields(claim, total))[1:-1]


_TEMPLATES: dict[tuple[int, int, int], str] = {}
_FIFTEENS: dict[int, tuple[str, int]] = {}
_PAIRS_AND_RUNS: dict[int, tuple[str, int]] = {}
_STRUCTURE_OF: dict[int, int] = {}
_STRUCTURES: dict[tuple[tuple[Kind, tuple[int, ...], int], ...], int] = {}
_SUITS: dict[int, tuple[str, int]] = {}
_STRUCTURE_BY_PATTERN = np.full(_PATTERN_BASE**5, -1, dtype=np.int64)
"""``_structure`` of each pattern number met so far, -1 for the others."""
# The pattern tables stay small (at most 9**5 patterns, far fewer scorings), so only the
# templates and the fifteens, which vary with the values, are ever cleared.
_CACHES = (_TEMPLATES, _FIFTEENS, _SUITS)


def _values(ranks: list[int]) -> tuple[int, ...]:
    return tuple(rules.counting_value(rank) for rank in ranks)


def _keys(rows: FastRows) -> tuple[Any, Any, Any]:
    """Per row: the fifteens as bits, the pattern of its ranks, and its suits and crib flag."""
    powers = 2.0 ** np.arange(len(rules.SUBSETS))
    fifteens = (fifteen_sets(rows.ranks.T).astype(np.float64) @ powers).astype(np.int64)
    # The ranks with every gap wider than one closed to two keep which ranks are equal and
    # which are next to each other, so they fix the pairs and runs by position.
    ranks = [column.astype(np.int64) for column in rows.ranks]
    low_to_high = sort_columns(ranks)
    pattern = np.zeros(len(rows), dtype=np.int64)
    for rank in reversed(ranks):
        place = np.zeros(len(rows), dtype=np.int64)
        for below, above in zip(low_to_high, low_to_high[1:], strict=False):
            place += np.minimum(above - below, 2) * (above <= rank)
        pattern = pattern * _PATTERN_BASE + place
    # Suits: four of one suit, the starter's too, which card is a jack of the starter's suit.
    suits = rows.suits
    one_suit = (suits[0] == suits[1]) & (suits[1] == suits[2]) & (suits[2] == suits[3])
    nob = np.zeros(len(rows), dtype=np.int64)
    for i in range(4):
        nob[(rows.ranks[i] == rules.JACK) & (suits[i] == suits[4])] = i + 1
    suit_key = ((one_suit * 2 + (suits[4] == suits[0])) * 5 + nob) * 2 + rows.crib
    # Many patterns score their pairs and runs at the same positions: one key for those.
    # Patterns met before are looked up all at once; only new ones are worked out.
    for code in np.unique(pattern[_STRUCTURE_BY_PATTERN[pattern] < 0]).tolist():
        _STRUCTURE_BY_PATTERN[code] = _structure(code)
    return fifteens, _STRUCTURE_BY_PATTERN[pattern], suit_key


def _pattern_ranks(code: int) -> list[int]:
    """The ranks (1 to 9) of a pattern by position, read back from its number."""
    return [code // _PATTERN_BASE**i % _PATTERN_BASE + 1 for i in range(5)]


def _structure(code: int) -> int:
    """A number for the pairs and runs of a pattern, the same for patterns that score alike."""
    found = _STRUCTURE_OF.get(code)
    if found is None:
        scoring = tuple(rank_positions(_pattern_ranks(code)))
        found = _STRUCTURE_OF[code] = _STRUCTURES.setdefault(scoring, len(_STRUCTURES))
        if found not in _PAIRS_AND_RUNS:
            _part(_PAIRS_AND_RUNS, found, list(scoring))
    return found


def _part(cache: dict[int, tuple[str, int]], key: int, scoring: Scoring) -> tuple[str, int]:
    """The items of one part as they stand in the JSON list, and their points; remembered."""
    items = [Item(kind, tuple(_SAMPLE[i] for i in at), points) for kind, at, points in scoring]
    listed = count_to_dict(Count(_SAMPLE_HAND, False, tuple(items)))["items"]
    text = _placeholders(render_json(listed)[1:-1])
    cache[key] = (text, sum(points for _, _, points in scoring))
    return cache[key]


def _template(*parts: tuple[str, int], crib: bool) -> str:
    """The JSON line of a show: ``{0}``..``{4}`` the cards, ``{5}`` the lead, ``{6}`` the line,
    ``{7}`` the heels."""
    items = ", ".join(text for text, _ in parts if text)
    before, between, after = _frame(crib)
    total = str(sum(points for _, points in parts))
    return '{5}"line": {6}, ' + before + items + between + total + ', "heels": {7}' + after


def _placeholders(json_text: str) -> str:
    """Escape braces for ``str.format`` and put ``{0}``..``{4}`` for the sample cards."""
    text = json_text.replace("{", "{{").replace("}", "}}")
    for i, card in enumerate(_SAMPLE):
        text = text.replace(f'"{card}"', f'"{{{i}}}"')
    return text


@functools.cache
def _frame(crib: bool) -> tuple[str, str, str]:
    """The JSON of a count around its items and total: before, between and after them."""
    data = count_to_dict(Count(_SAMPLE_HAND, crib, ()))
    data["items"] = "@items@"
    data["total"] = "@total@"
    text = _placeholders(render_json(data)[1:] + "\n")
    before, rest = text.split('"@items@"')
    between, after = rest.split('"@total@"')
    return before + "[", "]" + between, after
