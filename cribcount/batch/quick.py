"""The plain path's quick way through a regular line: read in one go, counted by kind.

``read_quick`` reads a line that holds only a hand, ``crib`` and a claim,
well formed, with ``bytes.split`` and a table of every card token
(``quick_cards``: ``cards.card_indices`` as bytes). Any other line (a label,
a comment, an error, a card twice, anything odd) gives None and is read by
``lines.parse_line``, which alone says what is wrong. What it reads, it reads
as ``parse_line`` does.

``points_by_kind`` counts the five cards by kind from tables filled by
``cribcount.rules``: fifteens, pairs and runs by the multiset of ranks, the
flush and his nob by suit. The items are left to ``count_show``, for those who
ask for them.

>>> table = quick_cards()
>>> cards, crib, claim = read_quick(b"7H, 7s, 8d, 8c / 9h = 24 crib", False, table)
>>> [str(DECK[i]) for i in cards], crib, claim
(['7h', '7s', '8d', '8c', '9h'], True, 24)
>>> points_by_kind(cards, crib)
(8, 4, 12, 0, 0)
>>> read_quick(b"Bob: 7h 7s 8d 8c / 9h", False, table) is None
True
"""

from __future__ import annotations

import functools
from itertools import product

from cribcount import rules
from cribcount.batch.lines import CRIB_WORD, MAX_CLAIM_DIGITS
from cribcount.batch.reading import MAX_LINE
from cribcount.cards import DECK, ENGLISH, SUIT_ORDER, Notation, card_indices

__all__ = [
    "CARD_NAMES",
    "Cards",
    "Points",
    "QuickLine",
    "QuickParts",
    "nob_cards",
    "points_by_kind",
    "quick_cards",
    "read_quick",
]

Cards = tuple[int, int, int, int, int]
"""The indices of four cards and the starter."""
Points = tuple[int, int, int, int, int]
"""Points by kind: fifteens, pairs, runs, flush, nobs."""
QuickLine = tuple[Cards, bool, int | None]
"""A line read quickly: its cards, whether it is a crib, the claim."""
QuickParts = tuple[Cards, bool, Points]
"""A line counted quickly: its cards, whether it is a crib, its points by kind."""
_CRIB = CRIB_WORD.encode()
_COLON, _HASH = b":#"
CARD_NAMES = tuple(str(card) for card in DECK)
"""The cards by index as CSV and JSON write them: ``str(card)``."""


_QUICK_CARDS: dict[int, tuple[Notation, dict[bytes, int]]] = {}


def quick_cards(notation: Notation = ENGLISH) -> dict[bytes, int]:
    """``card_indices`` of ``notation`` by the tokens' UTF-8 bytes, for ``read_quick``."""
    kept = _QUICK_CARDS.get(id(notation))
    if kept is None:
        table = {text.encode(): index for text, index in card_indices(notation).items()}
        kept = _QUICK_CARDS[id(notation)] = (notation, table)
    return kept[1]


def read_quick(raw: bytes, crib: bool, cards: dict[bytes, int]) -> QuickLine | None:
    """A regular line of bytes read in one go, or None when it is anything else.

    ``cards`` is ``quick_cards`` of the notation; ``crib`` makes every line a crib.
    """
    # Bytes sought as numbers: much quicker than as bytes.
    if _COLON in raw or _HASH in raw or len(raw) > MAX_LINE:
        return None
    # The tokens of ``tokenize`` with each ``=`` split off, as bytes: ASCII white space
    # and commas separate. Other white space stays in a token, which then is no card, and
    # the line is left to the careful reader; so are bytes that are not UTF-8.
    tokens = raw.replace(b",", b" ").replace(b"/", b" / ").replace(b"=", b" = ").split()
    end = len(tokens)
    claim = None
    seen_word = False
    while end:
        last = tokens[end - 1]
        # In ASCII letters only: another spelling is no card either, and is read carefully.
        if not seen_word and last.lower() == _CRIB:
            crib = seen_word = True
            end -= 1
        elif claim is None and end >= 2 and tokens[end - 2] == b"=":
            if not (last.isdigit() and len(last) <= MAX_CLAIM_DIGITS):  # ASCII digits
                return None
            claim = int(last)
            end -= 2
        else:
            break
    get = cards.get
    if end == 6 and tokens[4] == b"/":
        starter = get(tokens[5])
    elif end == 5:
        starter = get(tokens[4])
    else:
        return None
    a, b, c, d = get(tokens[0]), get(tokens[1]), get(tokens[2]), get(tokens[3])
    if a is None or b is None or c is None or d is None or starter is None:
        return None
    if len({a, b, c, d, starter}) != 5:
        return None
    return (a, b, c, d, starter), crib, claim


@functools.cache
def _tables() -> tuple[
    tuple[int, ...],
    dict[int, tuple[int, int, int]],
    tuple[int, ...],
    dict[tuple[bool, bool, bool], int],
]:
    """By card index: its rank's ``rank_key`` and its suit; the rank points by ``rank_key``;
    the flush by (hand suited, starter suited, crib)."""
    keys = tuple(rules.rank_key([card.rank]) for card in DECK)
    suits = tuple(SUIT_ORDER[card.suit] for card in DECK)
    by_key = {rules.rank_key(ranks): points for ranks, points in rules.rank_table().items()}
    flushes: dict[tuple[bool, bool, bool], int] = {
        (hand, starter, crib): rules.flush_points(
            hand_suited=hand, starter_suited=starter, crib=crib
        )
        for hand, starter, crib in product((False, True), repeat=3)
    }
    return keys, {key: (p[0], p[1], p[2]) for key, p in by_key.items()}, suits, flushes


@functools.cache
def nob_cards() -> tuple[frozenset[int], ...]:
    """By the starter's index: the indices of the cards that are his nob with it."""
    return tuple(
        frozenset(
            card.index
            for card in DECK
            if card != starter and rules.is_nob(card.rank, card.suit, starter.suit)
        )
        for starter in DECK
    )


def points_by_kind(cards: Cards, crib: bool) -> Points:
    """The points of four cards and the starter (by index) by kind, as ``count_show`` adds them."""
    keys, by_key, suits, flushes = _tables()
    a, b, c, d, starter = cards
    fifteens, pairs, runs = by_key[keys[a] + keys[b] + keys[c] + keys[d] + keys[starter]]
    suit = suits[a]
    hand_suited = suits[b] == suit and suits[c] == suit and suits[d] == suit
    flush = flushes[hand_suited, hand_suited and suits[starter] == suit, crib]
    nob = nob_cards()[starter]
    nobs = rules.NOBS_POINTS * ((a in nob) + (b in nob) + (c in nob) + (d in nob))
    return fifteens, pairs, runs, flush, nobs
