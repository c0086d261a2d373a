"""Score sheets as people write them: labels, comments, any white space, encodings, CR line ends."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cribcount.batch.csvinput import score_csv
from cribcount.batch.engine import Scored, score_line, score_lines
from cribcount.batch.lines import parse_line, split_line
from cribcount.errors import CribcountError
from cribcount.failed import Failed


@pytest.mark.parametrize(
    ("line", "label", "hand", "claim"),
    [
        ("Bob: 5h 5d 5c Js / 5s", "Bob", "5h 5d 5c Js / 5s", None),
        ("  deal 3, Ann  :5h 5d 5c Js 5s = 29", "deal 3, Ann", "5h 5d 5c Js / 5s", 29),
        ("5h 5d 5c Js / 5s = 29 # checked by Bob", None, "5h 5d 5c Js / 5s", 29),
        # The comment is taken off first: its colon makes no label.
        ("5h 5d 5c Js / 5s # Bob: checked", None, "5h 5d 5c Js / 5s", None),
        ("Ann: 5h 5d 5c Js / 5s = 29\t# checked: twice", "Ann", "5h 5d 5c Js / 5s", 29),
        # An empty label is no label.
        (" : 7h 7s 8d 8c 9h", None, "7h 7s 8d 8c / 9h", None),
        # Every kind of white space separates cards: no-break, thin, ideographic space, tab.
        ("5h\u00a05d\u20095c\u3000Js\t/ 5s", None, "5h 5d 5c Js / 5s", None),
        ("deal\u00a01:\u00a05h 5d 5c Js 5s\u00a0=\u00a029", "deal\u00a01", "5h 5d 5c Js / 5s", 29),
    ],
)
def test_labels_comments_and_white_space(
    line: str, label: str | None, hand: str, claim: int | None
) -> None:
    entry = parse_line(line)
    assert (entry.label, str(entry.hand), entry.claim) == (label, hand, claim)


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        # Columns are columns of the whole line, label included.
        ("Bob: 5h 5x 5c Js 5s", 9, "unknown suit 'x'"),
        # A '#' that follows no white space is no comment.
        ("5h 5d 5c Js / 5s#x", 15, "unknown card '5s#x'"),
        # A '#' after white space starts a comment, in a label too: 'Hand' is left.
        ("Hand #3: 5h 5d 5c Js / 5s", 1, "unknown card 'Hand'"),
        ("Bob: Ann: 5h 5d 5c Js 5s", 6, "unknown card 'Ann:'"),
        ("Bob: # nothing but a label", 0, "no cards"),
    ],
)
def test_label_and_comment_errors(line: str, column: int, words: str) -> None:
    with pytest.raises(CribcountError) as caught:
        parse_line(line)
    assert caught.value.column == column
    assert words in caught.value.message


def test_split_line_keeps_the_columns() -> None:
    parts = split_line("Bob: 5h 5d # x")
    assert parts == ("Bob", "     5h 5d ")


def test_a_long_bad_token_is_quoted_short() -> None:
    record = score_line(b"5h 5d 5c Js " + b"x" * 1000, 1)
    assert isinstance(record, Failed)
    assert record.reason == (
        "unknown card '" + "x" * 37 + "...': expected a rank (A 2-10 T J Q K)"
        " then a suit (c d h s or ♣ ♦ ♥ ♠)"
    )
    assert record.column == 13


def test_the_label_is_kept_in_scored_and_failed_records() -> None:
    good = score_line(b"Ann: 5h 5d 5c Js 5s", 2)
    bad = score_line(b"Bob: 5h 5d 5c Js 5x", 3)
    assert isinstance(good, Scored) and isinstance(bad, Failed)
    assert (good.label, bad.label) == ("Ann", "Bob")


@pytest.mark.parametrize(
    "raw",
    [
        b"# caf\xe9 (Latin-1)",
        b"  # \xff\xfe stray bytes",
        b"\xc2\xa0# after a no-break space",
        b"\xe3\x80\x80",  # an ideographic space alone: a blank line
    ],
)
def test_blank_and_comment_lines_are_skipped_whatever_their_bytes(raw: bytes) -> None:
    assert score_line(raw, 1) is None


def test_stray_bytes_in_a_trailing_comment_fail_nothing() -> None:
    record = score_line(b"Ann: 5h 5d 5c Js / 5s = 29 # caf\xe9", 1)
    assert isinstance(record, Scored)
    assert (record.label, record.count.total, record.claim) == ("Ann", 29, 29)


@pytest.mark.parametrize(
    ("raw", "column"),
    [(b"5h 5d 5c Js / 5\xe9", 16), (b"Jos\xe9: 5h 5d 5c Js / 5s", 4)],
)
def test_stray_bytes_in_the_hand_or_label_fail_that_line(raw: bytes, column: int) -> None:
    record = score_line(raw, 1)
    assert isinstance(record, Failed)
    assert (record.reason, record.column) == ("invalid UTF-8 byte 0xe9", column)


SHEET = "Ann: 5h 5d 5c Js / 5s = 29\n# a comment, café\nBob: 7h 7s 8d 8c / 9h = 20 # ok?\n"
"""Two hands: 29 (claimed right), 24 (claimed 20, 4 missed)."""


def _records(data: bytes) -> list[tuple[int, str | None, int]]:
    out = []
    for record in score_lines(io.BytesIO(data)):
        assert isinstance(record, Scored), record
        out.append((record.line, record.label, record.count.total))
    return out


EXPECTED = [(1, "Ann", 29), (3, "Bob", 24)]


@pytest.mark.parametrize(
    "data",
    [
        SHEET.encode(),
        b"\xef\xbb\xbf" + SHEET.encode(),
        SHEET.encode("utf-16"),  # with the machine's byte order mark
        b"\xff\xfe" + SHEET.encode("utf-16-le"),
        b"\xfe\xff" + SHEET.encode("utf-16-be"),
        SHEET.replace("\n", "\r\n").encode(),
        SHEET.replace("\n", "\r").encode(),  # old Mac files
        b"\xff\xfe" + SHEET.replace("\n", "\r").encode("utf-16-le"),
    ],
    ids=["utf8", "utf8-bom", "utf16", "utf16le", "utf16be", "crlf", "cr", "utf16le-cr"],
)
def test_every_encoding_and_line_end_reads_the_same(data: bytes) -> None:
    assert _records(data) == EXPECTED


def test_utf16_read_in_small_pieces_still_reads_the_same() -> None:
    from cribcount.batch.engine import score_stream

    data = b"\xfe\xff" + SHEET.replace("\n", "\r\n").encode("utf-16-be")
    records = [
        (record.line, record.label, record.count.total)
        for chunk in score_stream(io.BytesIO(data), vectorised=False, size=3)
        for _, record in chunk.records
        if isinstance(record, Scored)
    ]
    assert records == EXPECTED


def test_utf16_that_is_not_text_fails_only_its_line() -> None:
    # A lone high surrogate (D800) in the second hand line, and half a character at the end.
    data = (
        b"\xff\xfe"
        + "5h 5d 5c Js 5s\n".encode("utf-16-le")
        + "7h ".encode("utf-16-le")
        + b"\x00\xd8"
        + " 7s 8d 8c 9h\n2c 4d 6h 8s Tc\n".encode("utf-16-le")
        + b"5"
    )
    records = list(score_lines(io.BytesIO(data)))
    assert [type(r).__name__ for r in records] == ["Scored", "Failed", "Scored", "Failed"]
    assert [r.line for r in records] == [1, 2, 3, 4]
    failed = records[1]
    assert isinstance(failed, Failed) and failed.column == 4
    assert "invalid UTF-8 byte" in failed.reason


EXAMPLES = Path(__file__).parent.parent / "examples"


def test_the_example_sheets_in_every_form_agree() -> None:
    # The UTF-16 example is what a spreadsheet saves as "Unicode text": LE, with its BOM.
    raw = (EXAMPLES / "sheet-utf16.txt").read_bytes()
    assert raw.startswith(b"\xff\xfe") and "\r\n" in raw[2:].decode("utf-16-le")
    utf16 = _records(raw)
    # Zoë's hands, read through no-break spaces: 29 (fifteens 16, pairs 12, nob) and 24.
    assert utf16 == [(2, "Zoë, deal 1", 29), (3, "Zoë, deal 2", 24)]
    lines = _records((EXAMPLES / "sheet.txt").read_bytes())
    with (EXAMPLES / "sheet.csv").open("rb") as stream:
        sheet = [(r.line, r.count.total) for r in score_csv(stream) if isinstance(r, Scored)]
    # The same four shows, as lines and as CSV rows: 29, 24, a crib flush of five, and 12.
    assert [total for _, _, total in lines] == [total for _, total in sheet] == [29, 24, 5, 12]
    assert [label for _, label, _ in lines] == [
        "Ann, deal 1",
        "Bob, deal 1",
        "Bob, crib 1",
        "Ann, deal 2",
    ]
