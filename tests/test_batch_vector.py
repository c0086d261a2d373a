"""Tests for cribcount.fastbatch: the table, the sorting network and the fast path as a whole.

The fast path must give exactly what the plain path gives (``parse_line`` and
``count_show``), on every kind of line: that is checked on random files in all
three formats, with chunks small enough to cut lines anywhere.
"""

from __future__ import annotations

import io
import random
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.batch import jsonl
from cribcount.batch.engine import score_stream
from cribcount.batch.vector import (
    SORT_NETWORK,
    rank_key,
    rank_tables,
    sort_columns,
    split_chunk,
)
from cribcount.batch.writers import render_chunk
from cribcount.cards import DECK
from cribcount.rules import rank_multisets, rank_points


def test_sort_network_sorts_every_order_of_five() -> None:
    rows = np.array(list(permutations([1, 2, 2, 3, 5])) + list(permutations(range(5))))
    columns = sort_columns([rows[:, i].astype(np.uint8) for i in range(5)])
    assert (np.stack(columns, axis=1) == np.sort(rows, axis=1)).all()
    assert len(SORT_NETWORK) == 9


def test_rank_table_agrees_with_show_for_every_multiset_of_ranks() -> None:
    tables = rank_tables()
    for ranks in rank_multisets():
        key = rank_key([np.array([r]) for r in ranks])
        index = int(tables.multiset[key][0])
        expected = rank_points(ranks)
        got = (int(tables.fifteens[index]), int(tables.pairs[index]), int(tables.runs[index]))
        assert got == (expected.fifteens, expected.pairs, expected.runs), ranks


@pytest.mark.parametrize(
    ("line", "points"),
    [
        # Worked by hand from RULES.md: (fifteens, pairs, runs, flush, nobs).
        # Jack with each of four fives (8), four sets of three fives (8); 6 pairs; nob.
        ("5h 5d 5c Js / 5s", (16, 12, 0, 0, 1)),
        ("7h 7s 8d 8c / 9h", (8, 4, 12, 0, 0)),
        # All values even: no fifteen. Four hearts in the hand score 4, in the crib nothing.
        ("2h 4h 6h 8h / Kc", (0, 0, 0, 4, 0)),
        ("2h 4h 6h 8h / Kc crib", (0, 0, 0, 0, 0)),
        ("2h 4h 6h 8h / Kh crib", (0, 0, 0, 5, 0)),
        # A+2+3+4+5 = 15, a run of five, five hearts.
        ("Ah 2h 3h 4h / 5h", (2, 0, 5, 5, 0)),
        # 9+6 and J+2+3; the jack of hearts with a heart starter.
        ("Jh 2c 3d 9s / 6h", (4, 0, 0, 0, 1)),
        # Double run of four (8), a pair, 4+5+6 twice.
        ("3c 4d 5h 5s / 6c", (4, 2, 8, 0, 0)),
        ("2c 4d 6h 8s / Tc", (0, 0, 0, 0, 0)),
    ],
)
def test_fast_rows_score_worked_examples(line: str, points: tuple[int, ...]) -> None:
    rows, others = split_chunk((line + "\n").encode(), 1)
    assert others == []
    assert [
        int(a[0]) for a in (rows.fifteens, rows.pairs, rows.runs, rows.flush, rows.nobs)
    ] == list(points)
    assert int(rows.total[0]) == sum(points)


@pytest.mark.parametrize(
    "line",
    [
        "5h 5d 5c Js / 5S",  # uppercase suit
        "th 5d 5c Js / 5s",  # lowercase ten
        "5h  5d 5c Js/ 5s",  # odd spacing
        "5h 5d 5c Js / 5s = 29",  # a claim
        "5h 5d 5c 5h / 5s",  # a card twice
        "5h 5d 5c Js / 5s Crib",  # the word not in canonical form
        "5h 5d 5c Js / 5s xcrib",
        "5h 5d 5c Js , 5s",
    ],
)
def test_other_lines_are_left_to_the_plain_path(line: str) -> None:
    rows, others = split_chunk(f"Ah 2c 3d 4s / 6h\n{line}\n".encode(), 10)
    assert len(rows) == 1
    assert others == [(1, 11, line.encode())]


def _render(data: bytes, fmt: str, *, fast: bool, size: int, crib: bool = False) -> bytes:
    chunks = score_stream(io.BytesIO(data), crib=crib, fast=fast, size=size)
    return b"".join(render_chunk(chunk, fmt, "f.txt" if size % 2 else None) for chunk in chunks)


_NAMES = [str(card) for card in DECK]


def _canonical(rng: random.Random) -> str:
    five = rng.sample(_NAMES, 5)
    return f"{' '.join(five[:4])} / {five[4]}"


def _any_line(rng: random.Random) -> bytes:
    """A line of any kind: canonical or not, cribs, claims, comments, errors, odd bytes,
    labels, trailing comments (in Latin-1 too) and white space other than spaces."""
    line = _canonical(rng)
    kind = rng.randrange(15)
    if kind == 0:
        line += " crib"
    elif kind == 1:
        line += f" = {rng.randrange(30)}" + rng.choice(["", " crib"])
    elif kind == 2:
        line = line.replace("T", "10").replace("h", "H").replace(" / ", ",")
    elif kind == 3:
        line = rng.choice(["", "   ", "# comment", "\t"])
    elif kind == 4:
        line = line[: rng.randrange(len(line))] + rng.choice(["x", "/", "=", "5h", ""])
    elif kind == 5:
        line += rng.choice(["\r", " \t", "  "])
    elif kind == 6:
        return line.encode()[:5] + rng.choice([b"\xff", b"\xc3", b"\x00"]) + line.encode()[5:]
    elif kind == 7:
        five = rng.sample(_NAMES, 4)
        line = f"{' '.join(five)} / {five[0]}"
    elif kind == 8:
        line = rng.choice(["Bob: ", "deal 3, Ann :", " : ", "x:"]) + line
    elif kind == 9:
        return (line + rng.choice([" # ", "\t#"])).encode() + rng.choice([b"ok", b"caf\xe9"])
    elif kind == 10:
        line = line.replace(" ", rng.choice(["\u00a0", "\u2009", "\u3000", "\t"]))
    return line.encode()


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=1, max_value=200),
    st.sampled_from(["text", "csv", "jsonl"]),
    st.booleans(),
)
def test_fast_path_gives_the_plain_path_output_on_random_files(
    seed: int, size: int, fmt: str, crib: bool
) -> None:
    rng = random.Random(seed)
    lines = [_any_line(rng) for _ in range(rng.randrange(60))]
    data = b"\n".join(lines) + rng.choice([b"", b"\n", b"\r\n"])
    fast = _render(data, fmt, fast=True, size=size, crib=crib)
    plain = _render(data, fmt, fast=False, size=size, crib=crib)
    assert fast == plain


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_fast_path_agrees_on_a_seeded_file_of_canonical_deals(fmt: str) -> None:
    rng = random.Random(1130)
    lines = [_canonical(rng) + (" crib" if i % 3 == 2 else "") for i in range(1500)]
    data = "\n".join(lines).encode()
    assert _render(data, fmt, fast=True, size=1 << 14) == _render(
        data, fmt, fast=False, size=1 << 14
    )


def test_jsonl_templates_start_again_when_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    # With room for no template at all, every chunk starts afresh: the output must not change.
    templates: dict[tuple[int, int, int], str] = {}
    monkeypatch.setattr(jsonl, "_TEMPLATES", templates)
    monkeypatch.setattr(jsonl, "_CACHES", (templates,))
    monkeypatch.setattr(jsonl, "_MOST", 0)
    rng = random.Random(2611)
    data = "\n".join(_canonical(rng) for _ in range(800)).encode()
    fast = _render(data, "jsonl", fast=True, size=1 << 12)
    # A chunk of 4 KiB holds 4096 // 17 = 240 lines: only the last chunk's templates are left.
    assert 0 < len(templates) <= 240
    assert fast == _render(data, "jsonl", fast=False, size=1 << 12)


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_fast_path_writes_long_line_numbers_like_the_plain_path(fmt: str) -> None:
    # Hands at line numbers of 1 to 6 digits, among comments that the plain path skips fast.
    wanted = {1, 9, 10, 99, 100, 101, 999, 1000, 1001, 10_000, 10_010, 99_999, 100_000, 123_457}
    lines = [b"5h 5d 5c Js / 5s" if n in wanted else b"#" for n in range(1, 123_460)]
    data = b"\n".join(lines)
    fast = _render(data, fmt, fast=True, size=1 << 16)
    assert fast == _render(data, fmt, fast=False, size=1 << 16)
    # Text: two lines a record, the hand and its points, then the points by kind.
    assert fast.count(b"\n") == (2 if fmt == "text" else 1) * len(wanted)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=100))
def test_one_record_per_hand_line_in_input_order(seed: int, size: int) -> None:
    rng = random.Random(seed)
    lines = [_any_line(rng) for _ in range(rng.randrange(50))]
    data = b"\n".join(lines)
    # Plainly: every line that is neither blank nor a comment, by its 1-based number.
    expected = []
    for number, raw in enumerate(lines, start=1):
        text = raw.decode("utf-8", errors="replace").strip()
        if text and not text.startswith("#"):
            expected.append(number)
    for fast in (True, False):
        numbers: list[int] = []
        for chunk in score_stream(io.BytesIO(data), fast=fast, size=size):
            rows = chunk.rows.line.tolist() if chunk.rows is not None else []
            records = iter(chunk.records)
            pending = next(records, None)
            for i in range(len(rows) + 1):
                while pending is not None and pending[0] == i:
                    numbers.append(pending[1].line)
                    pending = next(records, None)
                if i < len(rows):
                    numbers.append(rows[i])
        assert numbers == expected
