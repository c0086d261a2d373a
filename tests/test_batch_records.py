"""Tests for cribcount.batch.records: the text, CSV and JSON lines of ``cribcount batch``."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch.engine import Scored, Summary, score_line
from cribcount.batch.records import (
    CSV_COLUMNS,
    csv_header,
    render_record,
    render_summary,
)
from cribcount.failed import Failed, render_error
from cribcount.render import csv_line


def _scored(raw: bytes, line: int = 1) -> Scored:
    record = score_line(raw, line)
    assert isinstance(record, Scored)
    return record


def _failed(raw: bytes, line: int = 1) -> Failed:
    record = score_line(raw, line)
    assert isinstance(record, Failed)
    return record


def test_csv_header_names_the_columns() -> None:
    assert csv_header() == (
        "line,label,hand,starter,crib,fifteens,pairs,runs,flush,nobs,total,heels,claim,difference,error\n"
    )
    assert csv_header(with_file=True).startswith("file,line,label,hand,")


def test_csv_row_of_a_hand_without_a_claim() -> None:
    row = render_record(_scored(b"5h 5d 5c Js / 5s", 2), "csv")
    assert row == "2,,5h 5d 5c Js,5s,false,16,12,0,0,1,29,0,,,\n"


def test_csv_row_has_the_label_and_the_heels() -> None:
    # The jack turned is his heels: 2 to the dealer, not in the total of 28 (four fives:
    # four fives make 8 in fifteens, each five with the jack 4 more: 16; pairs 12).
    row = render_record(_scored(b"  Bob, deal 3 : 5h 5d 5c 5s / Jh # by hand", 4), "csv")
    assert row == '4,"Bob, deal 3",5h 5d 5c 5s,Jh,false,16,12,0,0,0,28,2,,,\n'


def test_csv_row_of_a_crib_with_a_claim_and_a_file() -> None:
    row = render_record(_scored(b"2h 4h 6h 8h / Kh = 4 crib", 9), "csv", "night 1.txt")
    fields = next(csv.reader(io.StringIO(row)))
    assert fields == ["night 1.txt", "9", "", "2h 4h 6h 8h", "Kh", "true"] + [
        "0",
        "0",
        "0",
        "5",
        "0",
        "5",
        "0",
        "4",
        "-1",
        "",
    ]


def test_csv_error_row_keeps_the_input_and_quotes_it() -> None:
    row = render_record(_failed(b'5h, 5d 5c "Js" / 5s', 3), "csv")
    fields = next(csv.reader(io.StringIO(row)))
    assert len(fields) == len(CSV_COLUMNS)
    assert fields[:3] == ["3", "", '5h, 5d 5c "Js" / 5s']
    assert fields[3:14] == [""] * 11
    assert "unknown card" in fields[14]


def test_csv_error_row_quotes_a_bare_cr_in_the_input() -> None:
    row = render_record(_failed(b"5h 5d 5c Js / 5x\r# tail", 3), "csv")
    assert row.startswith('3,,"5h 5d 5c Js / 5x\r# tail",')
    assert list(csv.reader(io.StringIO(row, newline="")))[0][:3] == [
        "3",
        "",
        "5h 5d 5c Js / 5x\r# tail",
    ]


@given(st.lists(st.one_of(st.text(), st.integers()), min_size=1, max_size=6))
def test_csv_line_reads_back_as_its_fields(fields: list[str | int]) -> None:
    line = csv_line(fields)
    assert line.endswith("\n")
    assert list(csv.reader(io.StringIO(line, newline=""))) == [[str(f) for f in fields]]


def test_jsonl_record_is_the_score_json_plus_line_and_claim() -> None:
    data = json.loads(render_record(_scored(b"7h 7s 8d 8c / 9h = 18", 5), "jsonl"))
    assert list(data) == [
        "line",
        "hand",
        "starter",
        "crib",
        "items",
        "total",
        "heels",
        "claim",
        "difference",
    ]
    assert (data["line"], data["total"], data["claim"], data["difference"]) == (5, 24, 18, -6)
    assert data["heels"] == 0
    assert [item["kind"] for item in data["items"]].count("run") == 4


def test_jsonl_record_has_the_label_and_the_heels() -> None:
    data = json.loads(render_record(_scored(b"deal 2: 5h 5d 5c 5s Jh", 6), "jsonl"))
    assert list(data)[:2] == ["line", "label"]
    assert (data["label"], data["total"], data["heels"]) == ("deal 2", 28, 2)
    failed = json.loads(render_record(_failed(b"deal 3: 5h 5d 5c 5s Jx", 7), "jsonl"))
    assert list(failed) == ["line", "label", "input", "error"]
    assert failed["label"] == "deal 3"


def test_jsonl_error_record() -> None:
    line = render_record(_failed(b"5h 5d 5c Js / 5x", 8), "jsonl", "a.txt")
    data = json.loads(line)
    assert list(data) == ["file", "line", "input", "error"]
    assert (data["file"], data["line"], data["input"]) == ("a.txt", 8, "5h 5d 5c Js / 5x")


def test_text_lines() -> None:
    assert render_record(_scored(b"5h 5d 5c Js / 5s", 1), "text") == (
        "1: 5h 5d 5c Js / 5s: 29 points\n    fifteens 16, pairs 12, nobs 1\n"
    )
    assert render_record(_scored(b"2c 4d 6h 8s / Tc crib", 2), "text", "x") == (
        "x:2: 2c 4d 6h 8s / Tc crib: 0 points\n"
    )
    assert render_record(_scored(b"Ah 2h 3h 4h / 5h = 12", 3), "text") == (
        "3: Ah 2h 3h 4h / 5h: 12 points\n    fifteens 2, runs 5, flush 5\n    claim 12 is right\n"
    )
    assert render_record(_scored(b"Bob: Jh 2c 4d 8s / Kh # odd", 5), "text", "x") == (
        "x:5 [Bob]: Jh 2c 4d 8s / Kh: 1 point\n    nobs 1\n"
    )
    assert render_record(_failed(b"5h", 4), "text") == (
        "4: error at column 3:\n    expected 4 cards and a starter, got 1 card\n"
    )
    # A reason too long for 60 columns goes on, indented, never inside its parentheses.
    assert render_record(_failed(b"5h 5d 5c Js / 5x", 9), "text") == (
        "9: error at column 15:\n"
        "    unknown suit 'x' in '5x': expected a suit\n"
        "    (c d h s or ♣ ♦ ♥ ♠)\n"
    )


def test_error_line_for_stderr() -> None:
    assert render_error(_failed(b"5h 5d 5c Js / 5x", 12), "<stdin>") == (
        "<stdin>:12:15: unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)"
    )


def test_summary_line() -> None:
    summary = Summary(hands=1, failed=0, claims=1, claims_wrong=1, points_missed=1)
    assert render_summary(summary) == (
        "1 hand scored, 0 lines failed, 1 claim checked, 1 wrong (1 point missed)"
    )
