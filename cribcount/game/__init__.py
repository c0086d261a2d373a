"""A whole game of cribbage: its record (``record``), the reader of that record (``reader``)
and the scoring of each deal in the order of the rules (``scoring``).

>>> game = score_game(read_record("players Ann Ben\\ndeal Ann\\npeg Ben 2\\n"))
>>> game.scores
{'Ann': 0, 'Ben': 2}
"""

from __future__ import annotations

from cribcount.game.reader import RecordReader, read_record, record_lines
from cribcount.game.scoring import (
    DealResult,
    Event,
    EventKind,
    Game,
    GameScorer,
    Skunk,
    score_game,
    sides_of,
    skunk_of,
)

__all__ = [
    "DealResult",
    "Event",
    "EventKind",
    "Game",
    "GameScorer",
    "RecordReader",
    "Skunk",
    "read_record",
    "record_lines",
    "score_game",
    "sides_of",
    "skunk_of",
]
