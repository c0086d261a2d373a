r"""Runs of usual deals: many deals of a long record found at once in its bytes, to be read
together (``cribcount.game.columns``).

A long record writes most deals alike, each block as ``read_block`` reads one
(``deal``, each seat's ``hand``, ``starter``, ``play``, each ``show``, ``crib``;
blank lines and comments after it). A run of such blocks is found in the
record's bytes by one pattern a dealer, the blocks one after another; every
card is written in two bytes, so the cards stand at the same places in every
block of a dealer, and the cards of a whole run are taken from those places at
once. A run ends before the first block written otherwise: the careful reader
reads that one.

>>> shape = run_shape(("Ann", "Ben"))
>>> record = (b"deal Ann\nhand Ben 5h 5d 5c Js | 2c 3d\nhand Ann 7h 7s 8d 8c | Kc Qs\n"
...           b"starter 5s\nplay 5h 7h 5d 7s 5c 8d Js 8c\nshow Ben 29\nshow Ann 12\ncrib 8\n")
>>> run = find_run(shape, record, 0, 0, final=True)
>>> run.starts, run.ends == [len(record)], run.dealers, run.claims
([0], True, [0], [b'29', b'12', b'8'])
>>> record[shape.places[0][0] : shape.places[0][0] + 2]
b'5h'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from cribcount.cards import ENGLISH
from cribcount.hand_lists import HAND_SEPARATOR
from cribcount.seats import DEAL_SIZES, HAND_SIZE, crib_from_deck

__all__ = ["DealRun", "RunShape", "find_run", "run_shape"]

_CLAIM = rb"(0|[1-9][0-9]?)"
"""A show's claim written plainly (a show makes 29 at most)."""
_NOTHING = rb"(?:[ \t]*(?:#[ -~]{0,1000})?\n)*"
"""Lines holding no statement (blank, or an ASCII comment) after a deal's last statement."""
_NEXT = rb"(?=deal |\Z)"
"""What follows a whole deal: the next deal, or the end of the record."""


def _written_bytes(at: int) -> bytes:
    """The bytes a card's text may hold at ``at`` (0 the rank, 1 the suit), as a character
    class."""
    letters = sorted({text[at] for text in ENGLISH.written})
    return b"[" + re.escape("".join(letters)).encode() + b"]"


@dataclass(frozen=True)
class RunShape:
    """How the deals of one table are written the usual way: for each dealer (by place in the
    players' list) the pattern of a block and where its cards stand (bytes from its start),
    each hand's cards in seat order (kept, then laid away), the starter, then the play."""

    players: tuple[str, ...]
    patterns: tuple[re.Pattern[bytes], ...]
    places: tuple[tuple[int, ...], ...]
    """By dealer, the place of each card's first byte."""
    kept: tuple[int, ...]
    """Which cards of a block are the hands' kept cards, seat by seat."""
    crib: tuple[int, ...]
    """Which are laid away, in seat order: the crib."""
    dealt: int
    """How many cards are dealt and cut: each hand's, then the starter."""
    lines: int
    """The statements of a block."""


@functools.cache
def run_shape(players: tuple[str, ...]) -> RunShape | None:
    """The shape of the deals at a table of ``players`` (in the order of the record's list);
    None with three players, whose crib takes a card from the deck (``read_block`` reads no
    such deal)."""
    count = len(players)
    if crib_from_deck(count):
        return None
    patterns, places = [], []
    kept: list[int] = []
    crib: list[int] = []
    for dealer in range(count):
        seats = [players[(dealer + step) % count] for step in range(1, count + 1)]
        lines: list[list[str | None]] = [["deal", seats[-1]]]  # None: a card
        cards = 0
        for name, (_, laying) in zip(seats, DEAL_SIZES[count], strict=True):
            laid = [HAND_SEPARATOR, *[None] * laying] if laying else []
            lines.append(["hand", name, *[None] * HAND_SIZE, *laid])
            if dealer == 0:
                kept += range(cards, cards + HAND_SIZE)
                crib += range(cards + HAND_SIZE, cards + HAND_SIZE + laying)
            cards += HAND_SIZE + laying
        lines += [["starter", None], ["play", *[None] * HAND_SIZE * count]]
        pattern, at = _cards_pattern(lines)
        places.append(at)
        shows = [b"show " + re.escape(name.encode()) + b" " + _CLAIM + b"\n" for name in seats]
        pattern += b"".join(shows) + b"crib " + _CLAIM + b"\n" + _NOTHING + _NEXT
        patterns.append(re.compile(pattern))
    return RunShape(
        players,
        tuple(patterns),
        tuple(places),
        tuple(kept),
        tuple(crib),
        cards + 1,
        2 * count + 4,
    )


def _cards_pattern(lines: list[list[str | None]]) -> tuple[bytes, tuple[int, ...]]:
    """The pattern of ``lines`` of words one space apart (None: a card, in two bytes), and the
    place of each card's first byte from the first line's start."""
    card = _written_bytes(0) + _written_bytes(1)
    pattern, places, at = b"", [], 0
    for words in lines:
        for number, word in enumerate(words):
            if number:
                pattern += b" "
                at += 1
            if word is None:
                pattern += card
                places.append(at)
                at += 2
            else:
                text = word.encode()
                pattern += re.escape(text)
                at += len(text)
        pattern += b"\n"
        at += 1
    return pattern, tuple(places)


@dataclass(frozen=True)
class DealRun:
    """Blocks of usual deals one after another in a chunk of the record, as found: where each
    begins and ends (bytes of the chunk), its dealer (a place in the players' list) and its
    claims (each seat's show, then the crib)."""

    shape: RunShape
    starts: list[int]
    ends: list[int]
    dealers: list[int]
    claims: list[bytes]

    def __len__(self) -> int:
        return len(self.starts)


def find_run(shape: RunShape, data: bytes, start: int, dealer: int, *, final: bool) -> DealRun:
    """The blocks written the usual way from ``start`` of ``data`` on, the first dealt by
    ``dealer``. Unless ``final`` (``data`` holds the rest of the record), a
    block reaching the end of ``data`` may go on past it: it is not taken."""
    patterns = shape.patterns
    players = len(patterns)
    starts: list[int] = []
    ends: list[int] = []
    dealers: list[int] = []
    claims: list[bytes] = []
    end = len(data)
    at = start
    while True:
        found = patterns[dealer].match(data, at)
        if found is None:
            break
        stop = found.end()
        if stop == end and not final:
            break
        starts.append(at)
        ends.append(stop)
        dealers.append(dealer)
        claims += found.groups()
        at = stop
        dealer = dealer + 1 if dealer + 1 < players else 0
    return DealRun(shape, starts, ends, dealers, claims)
