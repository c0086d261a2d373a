"""The quick reading of a deal written out in full the usual way, its statements in one block.

Most deals of a long record are written alike: ``deal``, each seat's ``hand``
from the dealer's left, ``starter``, ``play`` (without ``go``), each seat's
``show``, ``crib``, one space between words, cards in English notation. Such a
block is read here at once: its cards looked up by their text (each card has one
plain spelling, so no text twice is no card twice), the play replayed by
``play_out`` on plain numbers, the shows counted from the rank table. Whatever is
not so written, or is wrong in any way, gives None: the careful reader then
reads the block statement by statement and says what is wrong, so every
message and every output is the same either way (a test checks).

>>> deal = read_block(
...     ["deal Ann", "hand Ben 5h 5d 5c Js | 2c 3d", "hand Ann 7h 7s 8d 8c | Kc Qs",
...      "starter 5s", "play 5h 7h 5d 7s 5c 8d Js 8c", "show Ben 29", "show Ann 12", "crib 8"],
...     ("Ben", "Ann"), number=1, line=3)
>>> str(deal.starter), deal.totals, [(p.player, p.points) for p in deal.plays if p.items]
('5s', (29, 12, 8), [('Ben', 1), ('Ann', 1)])
>>> read_block(["deal Ann", "hand Ben 5h 5d 5c Js | 2c 3d"], ("Ben", "Ann"), number=1, line=3)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import DECK, ENGLISH, Card
from cribcount.discard import hand_points
from cribcount.hand_lists import HAND_SEPARATOR
from cribcount.seats import DEAL_SIZES, HAND_SIZE, crib_from_deck
from cribcount.turns import Play, play_out

__all__ = ["QuickDeal", "read_block"]

_CARDS = dict(zip(ENGLISH.written, DECK, strict=True))
"""Each card by its canonical English notation (``5h``, ``Td``): the only spelling read here."""
_CLAIMS = {
    str(points): points for points in range(rules.HIGHEST_SHOW + 1) if rules.show_possible(points)
}
"""Each count a show or crib may make, by its digits as written plainly (no leading zero)."""


class QuickDeal(NamedTuple):
    """A deal read whole from its block: where it is in the record, its cards and the play.

    ``seats`` holds the players in seat order, the dealer last; ``kept`` each
    seat's four cards; ``claims`` and ``totals`` each seat's show, then the crib.
    """

    number: int
    line: int
    last_line: int
    dealer: str
    seats: tuple[str, ...]
    kept: tuple[tuple[Card, ...], ...]
    starter: Card
    plays: tuple[Play, ...]
    claims: tuple[int, ...]
    totals: tuple[int, ...]


def read_block(
    lines: Sequence[str], seats: tuple[str, ...], *, number: int, line: int
) -> QuickDeal | None:
    """The deal written in ``lines`` (its ``deal`` statement first, at record line ``line``)
    at a table of ``seats`` (seat order, the dealer last), the ``number``-th of the record;
    None for a block not written the usual way, or with anything wrong in it."""
    players = len(seats)
    if crib_from_deck(players) or len(lines) != 2 * players + 4:
        return None  # three players also cut a card to the crib: the careful reader reads them
    shape = _shape(seats)
    found = shape.pattern.fullmatch("\n".join(lines))
    if found is None:
        return None
    words = found.groups()
    dealt = words[: shape.cards]  # each hand's cards kept and laid away, then the starter
    played = words[shape.cards].split(" ")
    # Each card has one plain spelling: cards written differently are different cards.
    if len(set(dealt)) != len(dealt) or sorted(played) != sorted(shape.kept_words(dealt)):
        return None
    try:
        cards = list(map(_CARDS.__getitem__, dealt))
        laid = list(map(_CARDS.__getitem__, played))
        claims = tuple(map(_CLAIMS.__getitem__, words[shape.cards + 1 :]))
    except KeyError:
        return None  # a card or a claim not written plainly, or not a card at all
    kept = [held(cards) for held in shape.kept]
    plays = play_out(laid, kept, seats)
    if plays is None:
        return None
    starter = cards[-1]
    totals = [hand_points(four, starter) for four in kept]
    totals.append(hand_points(shape.crib(cards), starter, crib=True))
    return QuickDeal(
        number,
        line,
        line + len(lines) - 1,
        seats[-1],
        seats,
        tuple(kept),
        starter,
        plays,
        claims,
        tuple(totals),
    )


class _Shape(NamedTuple):
    """How a deal at one table is written the usual way: the pattern of its block, whose
    groups are each hand's cards (kept, then laid away), the starter, the play and the
    claims; and where in the cards each hand's four kept and the crib are."""

    pattern: re.Pattern[str]
    cards: int
    kept: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    kept_words: Callable[[Sequence[str]], tuple[str, ...]]
    crib: Callable[[Sequence[Card]], tuple[Card, ...]]


@functools.cache
def _shape(seats: tuple[str, ...]) -> _Shape:
    word = r"(\S+)"
    lines = ["deal " + re.escape(seats[-1])]
    kept: list[int] = []
    crib: list[int] = []
    at = 0
    for name, (_, laying) in zip(seats, DEAL_SIZES[len(seats)], strict=True):
        laid = (" " + re.escape(HAND_SEPARATOR) + f" {word}" * laying) if laying else ""
        lines.append(f"hand {re.escape(name)}" + f" {word}" * HAND_SIZE + laid)
        kept += range(at, at + HAND_SIZE)
        crib += range(at + HAND_SIZE, at + HAND_SIZE + laying)
        at += HAND_SIZE + laying
    lines += [f"starter {word}", "play (" + " ".join([r"\S+"] * len(kept)) + ")"]
    lines += [f"show {re.escape(name)} {word}" for name in seats]
    lines.append(f"crib {word}")
    hands = [itemgetter(*kept[i : i + HAND_SIZE]) for i in range(0, len(kept), HAND_SIZE)]
    return _Shape(
        re.compile("\n".join(lines)), at + 1, tuple(hands), itemgetter(*kept), itemgetter(*crib)
    )
