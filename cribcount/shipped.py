"""The data files shipped inside the package, read at run time: where each one is.

Each is made from the rules by a script of ``benchmarks/`` (``build_odds_table.py``,
``build_pegging_table.py``) or by ``stats`` itself (``all_deals_text``), and a test
makes it again, or a part of it, and compares.
"""

from __future__ import annotations

import os

__all__ = ["ALL_DEALS_STATS", "ODDS_DEALS", "ODDS_TABLE", "PEGGING_BINARY", "PEGGING_TABLE"]


def _shipped(name: str) -> str:
    return os.path.join(os.path.dirname(__file__), name)


ODDS_TABLE = _shipped("odds_table.bin")
"""``odds``: for each game of ``GAMES`` in turn, every (dealer, pone) score pair."""
ODDS_DEALS = _shipped("odds_deals.txt")
"""``odds``: the deals the table was made from, one deal's points by phase a line."""
PEGGING_TABLE = _shipped("pegging_table.csv")
"""``pegging_table``: one entry a line, ``keep,role,deals,keeper,opponent,...``, to read."""
PEGGING_BINARY = _shipped("pegging_table.bin")
"""``pegging_table``: the same entries as loaded, in whole numbers (``table_binary``)."""
ALL_DEALS_STATS = _shipped("all_deals.txt")
"""``stats``: ``count_deal_stats()`` of every deal (``all_deals_text``)."""
