"""batch --by: each label's or player's totals after the records; labels that say crib."""

from __future__ import annotations

import io
import json
import re

import pytest
from conftest import outcome
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch.engine import Scored, score_lines, score_stream
from cribcount.batch.tally import crib_labels

# By hand, from the rules:
# 5h 5d 5c Js / 5s: 29 (eight fifteens 16, four of a kind 12, his nob 1).
# 2h 6h 9h Kh / 3c as a hand: fifteens 6+9 and 2+3+K (4), a four-card flush (4): 8.
# 7h 7s 8d 8c / 9h: the double double run 16 and four fifteens 8: 24.
SHEET = (
    "Bob, crib 1: 2h 6h 9h Kh / 3c = 8\n"
    "Bob, deal 2: 5h 5d 5c Js / 5s = 28\n"
    "Ann: 5h 5d 5c Js / 5x\n"
    "Ann, 3: 7h 7s 8d 8c / 9h = 20\n"
    "5h 5d 5c Js / 5s\n"
)
# Bob: 2 hands, 8 + 29 = 37 points, 2 claims, 1 wrong (28 for 29: 1 missed).
# Ann: line 3 fails; 1 hand, 24 points, 1 claim wrong by 4 missed.
# No label: 1 hand, 29 points, no claim.
BY_PLAYER = [("Bob", 2, 37, 2, 1, 1), ("Ann", 1, 24, 1, 1, 4), (None, 1, 29, 0, 0, 0)]


@pytest.mark.parametrize("fast", ["--fast", "--no-fast"])
def test_totals_by_player_in_text(fast: str) -> None:
    status, out, err = outcome("batch", "--by", "player", fast, stdin=SHEET)
    assert status == 2  # line 3 failed
    table = out.split("\n\n")[-1].splitlines()
    assert table[0] == "totals by player:"
    assert table[1].split() == ["player", "hands", "points", "claims", "wrong", "missed"]
    assert [row.rsplit(maxsplit=5) for row in table[2:]] == [
        ["Bob", "2", "37", "2", "1", "1"],
        ["Ann", "1", "24", "1", "1", "4"],
        ["(no label)", "1", "29", "0", "0", "0"],
    ]
    # The summary is the totals' sum.
    assert err.splitlines()[-1] == (
        "cribcount: 4 hands scored, 1 line failed, 3 claims checked, 2 wrong (5 points missed)"
    )


def test_totals_by_label_in_csv_and_json_lines() -> None:
    _, out, _ = outcome("batch", "--by", "label", "-f", "csv", stdin=SHEET)
    records, totals = out.split("\n\n")
    assert len(records.splitlines()) == 6  # the header and five lines
    assert totals.splitlines() == [
        "label,hands,points,claims,claims_wrong,points_missed",
        '"Bob, crib 1",1,8,1,0,0',
        '"Bob, deal 2",1,29,1,1,1',
        '"Ann, 3",1,24,1,1,4',
        ",1,29,0,0,0",
    ]
    _, out, _ = outcome("batch", "--by", "player", "-f", "jsonl", stdin=SHEET)
    rows = [json.loads(line) for line in out.splitlines()]
    keys = ("player", "hands", "points", "claims", "claims_wrong", "points_missed")
    assert [tuple(row[key] for key in keys) for row in rows[5:]] == BY_PLAYER


def test_totals_in_french() -> None:
    sheet = "Ann, 1: 5c 5k 5t Vp / 5p = 28\nAnn, 2: 5c 5k 5t Vp / 5p berceau\n"
    _, out, _ = outcome("--lang", "fr", "batch", "--by", "player", stdin=sheet)
    assert out.split("\n\n")[-1].splitlines() == [
        "totaux par joueur :",
        "joueur  mains  points  annonces  fausses  manqués",
        "Ann         2      58         1        1        1",
    ]


def test_a_label_that_says_crib_warns_and_the_count_stays_a_hand() -> None:
    for fast in ("--fast", "--no-fast"):
        status, out, err = outcome("batch", fast, stdin=SHEET)
        assert "1 [Bob, crib 1]: 2h 6h 9h Kh / 3c: 8 points" in out
        assert err.splitlines()[0] == (
            "<stdin>:1: warning: the label 'Bob, crib 1' says crib, but the line has no word"
            " crib: counted as a hand (write crib after the hand to count a crib)"
        )
    # With the word, a crib: no four-card flush, 4; and no warning.
    status, out, err = outcome("batch", stdin="Bob, crib 1: 2h 6h 9h Kh / 3c crib = 4\n")
    assert status == 0 and "warning" not in err
    # 'Cribbage night' is no crib.
    _, _, err = outcome("batch", stdin="Cribbage night: 2h 6h 9h Kh / 3c\n")
    assert "warning" not in err


def test_a_bad_by_is_usage() -> None:
    status, _, err = outcome("batch", "--by", "table", stdin="")
    assert status == 2 and "--by" in err


# Labels from words that say crib or nearly do, in any case, next to letters, digits, '_',
# punctuation and bytes that are not ASCII.
_LABEL_WORDS = ["crib", "CRIB", "Crib", "berceau", "Berceau", "cribbage", "2", "_", "é", "Bob"]
_JOINS = [" ", ", ", "", "-", "(", ")", "\t", "ñ"]


@given(
    st.lists(
        st.tuples(
            st.lists(st.tuples(st.sampled_from(_LABEL_WORDS), st.sampled_from(_JOINS)), max_size=4),
            st.booleans(),  # the body says crib
            st.sampled_from(["", "  # crib", " # berceau"]),  # a comment that says it too
        ),
        max_size=12,
    )
)
def test_the_labels_that_say_crib_are_those_a_word_search_finds(
    lines: list[tuple[list[tuple[str, str]], bool, str]],
) -> None:
    texts = []
    for words, body_crib, comment in lines:
        label = "".join(word + join for word, join in words)
        body = "5h 5d 5c Js / 5s" + (" crib" if body_crib else "")
        texts.append((f"{label}: " if label.strip() else "") + body + comment)
    data = "\n".join(texts).encode() + b"\n"
    # The expected warnings, by a regular expression on each label the careful reader reads.
    says_crib = re.compile(r"\b(?:crib|berceau)\b", re.IGNORECASE | re.ASCII)
    expected = [
        (record.line, record.label)
        for record in score_lines(io.BytesIO(data))
        if isinstance(record, Scored) and record.label and not record.count.crib
        if says_crib.search(record.label)
    ]
    for vectorised in (True, False):
        chunks = score_stream(io.BytesIO(data), vectorised=vectorised)
        assert [found for chunk in chunks for found in crib_labels(chunk)] == expected
