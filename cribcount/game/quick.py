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

from collections.abc import Sequence
from typing import NamedTuple

from cribcount import rules
from cribcount.cards import DECK, Card
from cribcount.discard import hand_points
from cribcount.hand_lists import HAND_SEPARATOR
from cribcount.seats import DEAL_SIZES, HAND_SIZE, crib_from_deck
from cribcount.turns import Play, play_out

__all__ = ["QuickDeal", "read_block"]

_CARDS = {str(card): card for card in DECK}
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
    dealer = seats[-1]
    if lines[0] != "deal " + dealer:
        return None
    tokens: list[str] = []  # every card of the deal as written: kept, then laid away
    crib: list[str] = []
    for name, text, (_, laying) in zip(seats, lines[1:], DEAL_SIZES[players], strict=False):
        words = text.split(" ")
        # hand NAME, the cards kept, then '|' and the cards laid away if any
        if len(words) != 2 + HAND_SIZE + (laying and 1 + laying):
            return None
        if words[0] != "hand" or words[1] != name:
            return None
        if laying:
            if words[2 + HAND_SIZE] != HAND_SEPARATOR:
                return None
            crib += words[3 + HAND_SIZE :]
        tokens += words[2 : 2 + HAND_SIZE]
    starter_words = lines[1 + players].split(" ")
    play_words = lines[2 + players].split(" ")
    if len(starter_words) != 2 or starter_words[0] != "starter" or play_words[0] != "play":
        return None
    dealt = [*tokens, *crib, starter_words[1]]
    # Each card has one plain spelling: cards written differently are different cards.
    if len(set(dealt)) != len(dealt) or sorted(play_words[1:]) != sorted(tokens):
        return None
    claimed = []
    for name, text in zip(seats, lines[3 + players :], strict=False):
        words = text.split(" ")
        if len(words) != 3 or words[0] != "show" or words[1] != name:
            return None
        claimed.append(words[2])
    words = lines[-1].split(" ")
    if len(words) != 2 or words[0] != "crib":
        return None
    claimed.append(words[1])
    try:
        cards = [_CARDS[token] for token in dealt]
        laid = [_CARDS[token] for token in play_words[1:]]
        claims = [_CLAIMS[token] for token in claimed]
    except KeyError:
        return None  # a card or a claim not written plainly, or not a card at all
    kept = [tuple(cards[at : at + HAND_SIZE]) for at in range(0, HAND_SIZE * players, HAND_SIZE)]
    plays = play_out(laid, kept, seats)
    if plays is None:
        return None
    starter = cards[-1]
    totals = [hand_points(four, starter) for four in kept]
    totals.append(hand_points(cards[HAND_SIZE * players : -1], starter, crib=True))
    return QuickDeal(
        number,
        line,
        line + len(lines) - 1,
        dealer,
        seats,
        tuple(kept),
        starter,
        plays,
        tuple(claims),
        tuple(totals),
    )
