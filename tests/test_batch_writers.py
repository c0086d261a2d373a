"""Tests for cribcount.batch.writers: text and CSV rows placed at their offsets in one buffer.

Every row must come out as the one-record rendering of ``batch.records`` gives
the same hand counted by ``count_show``, whichever rows have claims, however
many digits their line numbers have, with or without a file named, and with
careful records put back among them in order.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch import placed
from cribcount.batch.engine import Chunk, Record, Scored
from cribcount.batch.records import render_record
from cribcount.batch.vector import NO_CLAIM, Rows, score_rows
from cribcount.batch.writers import render_chunk
from cribcount.cards import DECK, Hand, parse_hand
from cribcount.failed import Failed
from cribcount.show import count_show

Deal = tuple[str, bool, int | None]
"""A hand as written, the crib flag, the claim."""

_NOTHING = "Kc 3c Td As / 6d"
"""No points at all: the shortest of all rows."""
_MOST = "5h 5d 5c Js / 5s"
"""29 points, every kind but runs and flushes."""
_HEELS = "4h 5h 6h 7h / Jh"
"""Runs, fifteens and a flush, and his heels: one of the longest rows of text."""

_DEAL = st.permutations(range(len(DECK))).map(lambda order: order[:5])
_ROW = st.tuples(
    _DEAL.map(lambda five: f"{' '.join(str(DECK[i]) for i in five[:4])} / {DECK[five[4]]}"),
    st.booleans(),
    st.none() | st.integers(min_value=0, max_value=999),
)


def _hand(text: str) -> Hand:
    return parse_hand(text)


def _rows(deals: list[Deal], lines: list[int]) -> Rows:
    cards = []
    for text, _, _ in deals:
        hand = _hand(text)
        cards.append([card.index for card in (*hand.cards, hand.starter)])
    return score_rows(
        line=np.array(lines, dtype=np.int64),
        cards=np.array(cards, dtype=np.uint8).reshape(-1, 5).T.copy(),
        crib=np.array([crib for _, crib, _ in deals], dtype=np.bool_),
        claim=np.array([NO_CLAIM if c is None else c for _, _, c in deals], dtype=np.int16),
    )


def _record(deal: Deal, line: int) -> Scored:
    text, crib, claim = deal
    return Scored(line, count_show(_hand(text), crib=crib), claim)


def _expected(records: list[Record], fmt: str, file: str | None) -> bytes:
    """The records as the careful path writes them, one at a time."""
    return "".join(render_record(record, fmt, file) for record in records).encode()


def _written(deals: list[Deal], lines: list[int], fmt: str, file: str | None = None) -> bytes:
    return render_chunk(Chunk(_rows(deals, lines)), fmt, file)


def _plainly(deals: list[Deal], lines: list[int], fmt: str, file: str | None = None) -> bytes:
    records: list[Record] = [_record(deal, line) for deal, line in zip(deals, lines, strict=True)]
    return _expected(records, fmt, file)


@given(
    st.lists(_ROW, min_size=1, max_size=30),
    st.lists(st.integers(min_value=1, max_value=10**12), min_size=30, max_size=30, unique=True),
    st.none() | st.text(max_size=8),
    st.sampled_from(["text", "csv"]),
)
def test_rows_are_written_as_one_record_each(
    deals: list[Deal], numbers: list[int], file: str | None, fmt: str
) -> None:
    # Line numbers rise within a chunk; here they may gain several digits from row to row.
    lines = sorted(numbers)[: len(deals)]
    assert _written(deals, lines, fmt, file) == _plainly(deals, lines, fmt, file)


@pytest.mark.parametrize("fmt", ["text", "csv"])
@pytest.mark.parametrize("file", [None, "f", "a, b.txt"])
def test_a_claim_on_the_first_row_or_only_the_last_costs_no_other_row(
    fmt: str, file: str | None
) -> None:
    hands = [_NOTHING, _MOST, _HEELS, _NOTHING, _MOST]
    lines = [1, 2, 3, 4, 5]
    first = [(text, i % 2 == 1, 110 if i == 0 else None) for i, text in enumerate(hands)]
    last = [(text, False, 7 if i == len(hands) - 1 else None) for i, text in enumerate(hands)]
    for deals in (first, last):
        assert _written(deals, lines, fmt, file) == _plainly(deals, lines, fmt, file)


@pytest.mark.parametrize("fmt", ["text", "csv"])
@pytest.mark.parametrize("power", [1, 2, 3, 6, 7])
def test_line_numbers_crossing_a_power_of_ten_inside_a_chunk(fmt: str, power: int) -> None:
    lines = list(range(10**power - 3, 10**power + 3))
    hands = [_NOTHING, _HEELS, _MOST]
    deals = [(hands[i % 3], i % 4 == 0, [None, 28, None, 999][i % 4]) for i in range(len(lines))]
    assert _written(deals, lines, fmt) == _plainly(deals, lines, fmt)
    assert _written(deals, lines, fmt, "g.txt") == _plainly(deals, lines, fmt, "g.txt")


@pytest.mark.parametrize("fmt", ["text", "csv"])
def test_claims_of_very_different_lengths_next_to_the_shortest_heads(fmt: str) -> None:
    # Line numbers of one digit and no file: the shortest heads. A claim found right (22
    # bytes of text) padded to the longest (52) would spill past the next head, into its points.
    verdicts = [110, 0, None, 999, 29, None, 300]
    hands = [_MOST, _NOTHING, _NOTHING, _NOTHING, _MOST, _NOTHING, _HEELS]
    deals = [(text, False, claim) for text, claim in zip(hands, verdicts, strict=True)]
    lines = list(range(1, len(deals) + 1))
    assert _written(deals, lines, fmt) == _plainly(deals, lines, fmt)


@pytest.mark.parametrize("fmt", ["text", "csv"])
@pytest.mark.parametrize("claim", [None, 0, 29, 999])
@pytest.mark.parametrize("last", [_NOTHING, _HEELS])
def test_padding_past_the_last_row_stays_inside_the_buffer(
    monkeypatch: pytest.MonkeyPatch, fmt: str, claim: int | None, last: str
) -> None:
    # A buffer made anew, as long as asked for: the last row's points and claim, padded to
    # the longest, run on past where the rows end.
    monkeypatch.setattr(placed, "_ROOM", [np.empty(0, dtype=np.uint8)])
    deals = [(_HEELS, True, 999), (last, False, claim)]
    assert _written(deals, [8, 9], fmt) == _plainly(deals, [8, 9], fmt)


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_plain_records_are_put_back_among_the_rows_in_order(fmt: str) -> None:
    deals = [(_MOST, False, 29), (_NOTHING, True, None), (_HEELS, False, None), (_MOST, True, 3)]
    lines = [2, 4, 9, 10]
    rows = _rows(deals, lines)
    failed = [
        Failed(1, "5x", "unknown suit", 2),
        Failed(3, "Ah", "too few cards", 1, label="Bob"),
        Failed(11, "5h 5h", "the same card twice", 4),
    ]
    chunk = Chunk(rows, [(0, failed[0]), (1, failed[1]), (4, failed[2])])
    scored: list[Record] = [_record(deal, line) for deal, line in zip(deals, lines, strict=True)]
    records = [failed[0], scored[0], failed[1], *scored[1:], failed[2]]
    for file in (None, "f.txt"):
        assert render_chunk(chunk, fmt, file) == _expected(records, fmt, file)


def test_an_empty_file_name_is_an_empty_field_in_csv() -> None:
    # Alone, an empty field is written "" (not a blank line); among others, as nothing.
    deals: list[Deal] = [(_MOST, False, None)]
    assert _written(deals, [1], "csv", "") == _plainly(deals, [1], "csv", "")
    assert _written(deals, [1], "csv", "").startswith(b",1,,")
