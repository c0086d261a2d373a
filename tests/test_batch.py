"""Tests for cribcount.batch: reading lines, claims, chunks and the summary."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch import reader
from cribcount.batch.engine import Scored, Summary, score_line, score_stream
from cribcount.batch.lines import parse_line
from cribcount.errors import CribcountError
from cribcount.failed import Failed
from cribcount.reading import MAX_LINE, count_lines, read_chunks


@pytest.mark.parametrize(
    ("line", "hand", "crib", "claim"),
    [
        ("5h 5d 5c Js / 5s", "5h 5d 5c Js / 5s", False, None),
        ("2h 4h 6h 8h / Kc crib", "2h 4h 6h 8h / Kc", True, None),
        ("7h 7s 8d 8c / 9h = 18", "7h 7s 8d 8c / 9h", False, 18),
        ("7h 7s 8d 8c / 9h = 18 crib", "7h 7s 8d 8c / 9h", True, 18),
        ("7h 7s 8d 8c / 9h crib = 18", "7h 7s 8d 8c / 9h", True, 18),
        ("7h 7s 8d 8c / 9h =18", "7h 7s 8d 8c / 9h", False, 18),
        ("7h 7s 8d 8c / 9h=0", "7h 7s 8d 8c / 9h", False, 0),
        ("7h 7s 8d 8c / 9h = 999", "7h 7s 8d 8c / 9h", False, 999),
        ("7H, 7S, 8D, 8C, 9H CRIB", "7h 7s 8d 8c / 9h", True, None),
        ("10h Jh Qh Kh / 5h\t \r", "Th Jh Qh Kh / 5h", False, None),
    ],
)
def test_parse_line_reads_hand_crib_and_claim(
    line: str, hand: str, crib: bool, claim: int | None
) -> None:
    entry = parse_line(line)
    assert str(entry.hand) == hand
    assert entry.crib is crib
    assert entry.claim == claim


def test_parse_line_crib_option_makes_every_line_a_crib() -> None:
    assert parse_line("5h 5d 5c Js / 5s", crib=True).crib is True


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("5h 5d 5c Js / 5s =", 18, "missing claimed count"),
        ("5h 5d 5c Js / 5s = x", 20, "not a whole number"),
        ("5h 5d 5c Js / 5s = -3", 20, "not a whole number"),
        ("5h 5d 5c Js / 5s = 1000", 20, "claimed count of 4 digits is too large: at most 999"),
        ("5h 5d 5c Js / 5s = " + "9" * 4301, 20, "claimed count of 4301 digits is too large"),
        ("5h = 5d 5c Js / 5s", 4, "'=' in the hand"),
        ("5h 5d 5c Js / 5x", 15, "unknown suit 'x'"),
        ("5h 5d 5c Js / 5s crib crib", 18, "unknown card 'crib'"),
        ("5h 5d 5c / 5s = 12", 10, "expected 4 hand cards"),
        ("5h 5d 5c 5h / 5s", 10, "5h appears twice"),
    ],
)
def test_parse_line_errors_name_the_column(line: str, column: int, words: str) -> None:
    with pytest.raises(CribcountError) as caught:
        parse_line(line)
    assert caught.value.column == column
    assert words in caught.value.message


@pytest.mark.parametrize("raw", [b"", b"   ", b"\t\r", b"# a comment", b"  # indented comment"])
def test_blank_and_comment_lines_are_skipped(raw: bytes) -> None:
    assert score_line(raw, 1) is None


def test_score_line_counts_and_keeps_the_claim() -> None:
    record = score_line(b"7h 7s 8d 8c / 9h = 18\r", 4)
    assert isinstance(record, Scored)
    # RULES.md: 7-7-8-8-9 is four runs of three (12), two pairs (4), four fifteens (8).
    assert (record.line, record.count.total, record.claim, record.difference) == (4, 24, 18, -6)


def test_bad_bytes_make_an_error_record_with_the_column() -> None:
    record = score_line(b"5h 5d \xff5c Js / 5s", 7)
    assert isinstance(record, Failed)
    assert (record.line, record.column) == (7, 7)
    assert "0xff" in record.message
    assert record.text == "5h 5d \ufffd5c Js / 5s"


def test_bad_bytes_column_counts_characters_not_bytes() -> None:
    record = score_line("5♥ 5d ".encode() + b"\xc3(", 1)
    assert isinstance(record, Failed)
    assert record.column == 7


def test_summary_counts_hands_failures_and_missed_points() -> None:
    summary = Summary()
    for raw in [b"7h 7s 8d 8c / 9h = 18", b"7h 7s 8d 8c / 9h = 30", b"5h 5d 5c Js / 5s = 29"]:
        record = score_line(raw, 1)
        assert record is not None
        summary.add(record)
    bad = score_line(b"5z", 2)
    assert bad is not None
    summary.add(bad)
    # 24 claimed as 18 misses 6; claimed as 30 over-claims, which misses nothing.
    assert (summary.hands, summary.failed, summary.claims, summary.claims_wrong) == (3, 1, 3, 2)
    assert summary.points_missed == 6


def _lines(chunks: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
    return [
        (first + i, line) for first, data in chunks for i, line in enumerate(data.split(b"\n")[:-1])
    ]


def test_read_chunks_drops_a_bom_and_ends_the_last_line() -> None:
    chunks = list(read_chunks(io.BytesIO(b"\xef\xbb\xbfa\nb\n\nc"), size=2))
    assert _lines(chunks) == [(1, b"a"), (2, b"b"), (3, b""), (4, b"c")]


@given(
    st.lists(st.binary(max_size=12).map(lambda b: b.replace(b"\n", b"")), max_size=20),
    st.integers(min_value=1, max_value=40),
    st.booleans(),
    st.sampled_from([count_lines, reader.count_newlines]),
)
def test_read_chunks_gives_every_line_once_in_order(
    lines: list[bytes], size: int, final_newline: bool, count: Callable[[bytes], int]
) -> None:
    data = b"\n".join(lines) + (b"\n" if final_newline and lines else b"")
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return  # byte order marks: tested on their own
    # LF, CR LF and a CR alone each end a line.
    expected = re.split(b"\r\n|\r|\n", data)
    if expected[-1] == b"":
        expected.pop()
    chunks = list(read_chunks(io.BytesIO(data), size=size, count=count))
    assert all(chunk.endswith(b"\n") for _, chunk in chunks)
    assert _lines(chunks) == list(enumerate(expected, start=1))


def too_long(line: bytes, longest: int) -> bool:
    """Longer than ``longest`` bytes, a CR at the end not counted, as ``score_line`` sees it."""
    return len(line.removesuffix(b"\r")) > longest


@given(
    st.lists(
        st.lists(st.sampled_from([b"a", b"\t", b"\xff"]), max_size=30).map(b"".join),
        max_size=20,
    ),
    st.integers(min_value=1, max_value=40),
    st.integers(min_value=1, max_value=12),
)
def test_read_chunks_cuts_every_line_longer_than_the_limit(
    lines: list[bytes], size: int, longest: int
) -> None:
    data = b"\n".join(lines)
    if data.startswith(b"\xef\xbb\xbf"):
        return
    if lines and lines[-1] == b"":
        lines.pop()  # a file ending in a newline has no line after it
    chunks = list(read_chunks(io.BytesIO(data), size=size, longest=longest))
    got = _lines(chunks)
    assert [number for number, _ in got] == list(range(1, len(lines) + 1))
    for (_, line), whole in zip(got, lines, strict=True):
        # Whole, or, when it is longer than the limit, cut past it: still too long.
        assert line == whole or (len(whole) > longest + 1 and line == whole[: longest + 2])
        assert too_long(line, longest) == too_long(whole, longest)
    # Memory: a chunk holds at most a block read and the allowance of one line.
    assert all(len(chunk) <= size + longest + 2 for _, chunk in chunks)


_TOKENS = ["5h", "5d", "5c", "Js", "5s", "10♥", "/", "=", "crib", "#", "x", "\r", "\t"]


@given(
    st.one_of(
        st.binary(max_size=60),
        st.tuples(
            st.lists(st.sampled_from(_TOKENS), max_size=9),
            st.sampled_from(["", " = 18", "=" + "9" * 5000, " crib = 1000"]),
        ).map(lambda made: (" ".join(made[0]) + made[1]).encode()),
    )
)
def test_score_line_gives_a_record_or_none_and_raises_nothing(raw: bytes) -> None:
    # Whatever a line holds, it costs no other line its record: nothing escapes it.
    record = score_line(raw.replace(b"\n", b""), 3)
    assert record is None or record.line == 3


def test_a_line_too_long_is_one_error_record() -> None:
    record = score_line(b"#" * (MAX_LINE + 1), 7)
    assert record == Failed(7, "#" * 40 + "...", "line too long: more than 65536 bytes", 1)
    assert score_line(b"#" * MAX_LINE, 7) is None


def test_endless_input_without_newlines_is_read_in_blocks_and_dropped() -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            self.reads = getattr(self, "reads", 0) + 1
            if self.reads > 1000:  # 64 MiB of zeros, then one good line
                tail = b"\n5h 5d 5c Js / 5s\n"[: len(buffer)] if self.reads == 1001 else b""
                buffer[: len(tail)] = tail
                return len(tail)
            buffer[:] = bytes(len(buffer))
            return len(buffer)

    stream = io.BufferedReader(Endless(), buffer_size=1 << 16)
    records = [r for chunk in score_stream(stream, vectorised=False) for _, r in chunk.records]
    assert [(type(r).__name__, r.line) for r in records] == [("Failed", 1), ("Scored", 2)]


def test_score_stream_careful_path_keeps_line_numbers() -> None:
    data = b"# deals\n\n5h 5d 5c Js / 5s\n5q\n"
    records = [
        r for chunk in score_stream(io.BytesIO(data), vectorised=False) for _, r in chunk.records
    ]
    assert [(type(r).__name__, r.line) for r in records] == [("Scored", 3), ("Failed", 4)]


@given(st.binary(max_size=300))
def test_both_ways_of_counting_lines_count_every_newline(data: bytes) -> None:
    newlines = sum(1 for byte in data if byte == ord("\n"))
    assert count_lines(data) == reader.count_newlines(data) == newlines


def test_read_chunks_reads_long_lines_more_bytes_at_a_time() -> None:
    # Lines of 99 bytes and a newline. The first read is the 1,000 bytes asked for: 10 whole
    # lines. For 25 lines a chunk, the next reads are 25 * 100 = 2,500 bytes (at most four
    # times 1,000), the last what is left; each ends on a line's end, so no line is cut.
    data = b"".join(b"%099d\n" % n for n in range(200))
    chunks = list(read_chunks(io.BytesIO(data), size=1000, lines=25))
    assert [chunk.count(b"\n") for _, chunk in chunks] == [10, 25, 25, 25, 25, 25, 25, 25, 15]
    assert [first for first, _ in chunks] == [1, 11, 36, 61, 86, 111, 136, 161, 186]
    assert b"".join(chunk for _, chunk in chunks) == data
