"""CSV score sheets: a header in any case and order, RFC 4180 quoting, line numbers, errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import outcome
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch.csvinput import score_csv
from cribcount.batch.engine import Record, Scored
from cribcount.failed import Failed
from cribcount.render import csv_line


def _read(text: str | bytes, *, crib: bool = False) -> list[Record]:
    data = text.encode() if isinstance(text, str) else text
    return list(score_csv(io.BytesIO(data), crib=crib))


def _summary(records: list[Record]) -> list[tuple[object, ...]]:
    return [
        (r.line, r.label, r.count.total, r.count.crib, r.claim)
        if isinstance(r, Scored)
        else (r.line, r.label, r.reason)
        for r in records
    ]


def test_header_in_any_case_and_order_and_other_columns_ignored() -> None:
    sheet = (
        "Notes,CLAIM,Hand,label,Starter,Crib,Extra\n"
        '"said ""29"", right",29,"5h, 5d, 5c, Js",Ann,5s,no,x\n'
        ",20,7h 7s 8d 8c 9h,,,,\n"  # five cards, the starter last; no label
        ",,2h 4h 6h 8h / Kh,Bob,,YES,\n"  # the starter after '/'; a crib: the flush of five
    )
    assert _summary(_read(sheet)) == [
        (2, "Ann", 29, False, 29),
        (3, None, 24, False, 20),
        (4, "Bob", 5, True, None),
    ]


def test_a_record_over_several_lines_is_numbered_by_its_first_line() -> None:
    sheet = (
        "label,hand,claim\n"
        '"two\nlines",5h 5d 5c Js 5s,29\n'
        "\n"  # a blank row
        "# a comment row,,\n"
        'after,"7h 7s\n8d 8c 9h",24\n'  # a newline in the hand is white space
        "last,2c 4d 6h 8s Tc,0\n"
    )
    assert _summary(_read(sheet)) == [
        (2, "two\nlines", 29, False, 29),
        (6, "after", 24, False, 24),
        (8, "last", 0, False, 0),
    ]


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (
            "a,5h 5d 5c Jx,5s,,",
            "hand: unknown suit 'x' in 'Jx': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        ),
        (
            "b,5h 5d 5c Js,5x,,",
            "starter: unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        ),
        (
            "c,5h 5d 5c Js 5s,9h,,",
            "hand: expected 4 hand cards before '/', got 5 cards ('5s' is one too many)",
        ),
        (
            "d,5h 5d 5c Js,5s,maybe,",
            "crib: 'maybe' is not one of true, yes, y, x, ✓, 1 (a crib)"
            " or false, no, n, 0, empty (a hand)",
        ),
        ("e,5h 5d 5c Js,5s,,1000", "claim: claimed count of 4 digits is too large: at most 999"),
        ("f,5h 5d 5c Js,5s,,-2", "claim: claimed count '-2' is not a whole number"),
        ("g,,,,", "hand: no cards: a hand needs 4 cards and a starter"),
    ],
)
def test_bad_fields_fail_their_row_only(row: str, reason: str) -> None:
    sheet = f"label,hand,starter,crib,claim\n{row}\nok,5h 5d 5c Js,5s,,\n"
    records = _read(sheet)
    assert _summary(records) == [(2, row[0], reason), (3, "ok", 29, False, None)]


def test_a_sheet_without_a_header_is_one_error_naming_the_fix() -> None:
    records = _read("5h,5d,5c,Js,5s,29\n7h,7s,8d,8c,9h,24\n")
    assert len(records) == 1
    failed = records[0]
    assert isinstance(failed, Failed) and failed.line == 1
    assert "add one, such as hand,starter,crib,claim,label" in failed.reason


def test_encodings_and_stray_bytes() -> None:
    sheet = "hand,label,notes\n5h 5d 5c Js 5s,Zoë,café\n"
    expected = [(2, "Zoë", 29, False, None)]
    assert _summary(_read(b"\xff\xfe" + sheet.encode("utf-16-le"))) == expected
    assert _summary(_read(b"\xfe\xff" + sheet.encode("utf-16-be"))) == expected
    # Latin-1 in a column that is not read fails nothing; in the hand it fails its row.
    assert _summary(_read(b"hand,notes\n5h 5d 5c Js 5s,caf\xe9\n")) == [(2, None, 29, False, None)]
    bad = _read(b"hand,notes\n5h 5d 5c Js 5\xe9,ok\n")
    assert _summary(bad) == [(2, None, "hand: invalid UTF-8 byte 0xe9")]


def test_a_quote_in_an_unquoted_field_is_an_error_record_and_reading_goes_on() -> None:
    records = _read('hand,label\n5h 5d 5c Js 5s,"Ann"x\n7h 7s 8d 8c 9h,Bob\n')
    assert [r.line for r in records] == [2, 3]
    assert isinstance(records[0], Failed) and records[0].reason.startswith("not CSV: ")
    assert _summary(records[1:]) == [(3, "Bob", 24, False, None)]


def test_the_crib_option_makes_every_row_a_crib() -> None:
    # Four hearts and a club turned: 4 in the hand, nothing in the crib.
    assert _summary(_read("hand\n2h 4h 6h 8h Kc\n", crib=True)) == [(2, None, 0, True, None)]
    assert _summary(_read("hand\n2h 4h 6h 8h Kc\n")) == [(2, None, 4, False, None)]


def test_batch_reads_csv_by_the_file_name_or_by_input(tmp_path: Path) -> None:
    sheet = tmp_path / "night.CSV"
    sheet.write_text("hand,claim,label\n5h 5d 5c Js 5s,29,Ann\n")
    code, out, _ = outcome("batch", str(sheet))
    assert (code, out.splitlines()) == (
        0,
        [
            "2 [Ann]: 5h 5d 5c Js / 5s: 29 points",
            "    fifteens 16, pairs 12, nobs 1",
            "    claim 29 is right",
        ],
    )
    code, out, _ = outcome("batch", "--input", "csv", stdin=sheet.read_bytes())
    assert code == 0 and out.startswith("2 [Ann]: ")
    # Read as lines, the header is a bad line.
    code, out, _ = outcome("batch", "--input", "lines", str(sheet))
    assert code == 2 and out.startswith("1: error at column 1:\n")
    code, _, err = outcome("batch", "--input", "csv", stdin=b"5h,5d,5c,Js,5s,29\n")
    assert code == 2
    assert err.splitlines()[0].startswith("<stdin>:1:1: no 'hand' column in the first row")


_CELLS = st.sampled_from(
    ["5h 5d 5c Js 5s", "7h 7s 8d 8c / 9h", "5x", "", "a,b", 'say "29"', "two\nlines", "Zoë"]
)


@given(st.lists(st.tuples(_CELLS, _CELLS), max_size=15), st.booleans())
def test_every_row_is_one_record_at_the_line_where_it_starts(
    rows: list[tuple[str, str]], crlf: bool
) -> None:
    text = csv_line(["hand", "label"]) + "".join(csv_line(row) for row in rows)
    if crlf:
        text = text.replace("\n", "\r\n")
    expected = []
    line = 2
    for hand, label in rows:
        if hand.strip() or label.strip():  # a row of blank cells is a blank row
            expected.append(line)
        line += (hand + label).count("\n") + 1
    records = _read(text)
    assert [record.line for record in records] == expected
    assert [record.label for record in records] == [
        label.strip() or None for hand, label in rows if hand.strip() or label.strip()
    ]


def test_chunks_of_a_sheet_cover_every_byte_for_the_progress_bar() -> None:
    from cribcount.batch.csvinput import score_csv_stream

    data = ("hand\n" + "5h 5d 5c Js 5s\n" * 600).encode()
    chunks = list(score_csv_stream(io.BytesIO(data)))
    assert sum(len(chunk.records) for chunk in chunks) == 600
    assert sum(chunk.size for chunk in chunks) == len(data)


@pytest.mark.parametrize(
    ("row", "column"),
    [
        ("Bob,5h 5x 5c Js 5s", 8),
        ('"Bob, deal 1","5h 5x 5c Js 5s"', 19),
        ('"say ""hi""",5h 5d 5c Js 5x', 26),
    ],
)
def test_an_error_gives_the_column_of_the_physical_line(row: str, column: int) -> None:
    (record,) = _read(f"label,hand\n{row}\n")
    assert isinstance(record, Failed)
    assert record.column == column
    assert row[column - 1 : column + 1] == "5x"


def test_a_header_of_common_names_reads_as_its_columns() -> None:
    # The club's sheet: the player and the deal make the label, 'Crib?' a check box.
    # 2d 3d 4d 5d / 6c: a run of five (5), a four-card flush (4), fifteens 4+5+6 and
    # 2+3+4+6 (4): 13. The crib 2h 6h 9h Kh / 3c: fifteens 6+9 and 2+3+K (4), and a crib
    # scores no four-card flush: 4. With 3h turned: a five-card flush too, 9.
    rows = ["Frank,3,2d 3d 4d 5d,6c,,11", "Ann,4,2h 6h 9h Kh,3c,Y,4", "Ann,5,2h 6h 9h Kh,3h,x,9"]
    sheet = "\n".join(["Player,Deal,Cards,Cut,Crib?,Claimed", *rows, ""])
    assert _summary(_read(sheet)) == [
        (2, "Frank, deal 3", 13, False, 11),
        (3, "Ann, deal 4", 4, True, 4),
        (4, "Ann, deal 5", 9, True, 9),
    ]


@pytest.mark.parametrize(
    ("word", "crib"),
    [("Y", True), ("x", True), ("✓", True), ("yes", True), ("N", False), ("", False)],
)
def test_the_crib_column_takes_what_spreadsheets_write(word: str, crib: bool) -> None:
    # 2h 4h 6h 8h / Kc: every value is even, so no fifteen, and no pair or run; the
    # four-card flush counts 4 in a hand and nothing in a crib.
    records = _read(f"hand,crib\n2h 4h 6h 8h / Kc,{word}\n")
    assert _summary(records) == [(2, None, 0 if crib else 4, crib, None)]


def test_a_header_with_no_hand_names_the_names_known() -> None:
    records = _read("Nom,Jeu\nAnn,5h 5d 5c Js / 5s\n")
    assert len(records) == 1 and isinstance(records[0], Failed)
    assert records[0].reason == (
        "the header 'Nom,Jeu' names no hand column: call it hand/cards"
        " (the others: starter/cut, crib/is crib, claim/claimed, label/player, deal/round)"
    )
