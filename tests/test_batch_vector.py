"""Tests for the vectorised reader and scoring (``batch.reader``, ``batch.vector``): the table,
the sorting network and the vectorised path as a whole.

The vectorised path must give exactly what the careful path gives (``parse_line``
and ``count_show``), on every kind of line, labelled and commented too: that is
checked on random files in all three formats, with chunks small enough to cut
lines anywhere.
"""

from __future__ import annotations

import io
import random
from itertools import permutations, product

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch import jsonl, slots, vector, writers
from cribcount.batch import tokens as token_reader
from cribcount.batch.engine import Summary, score_stream
from cribcount.batch.lines import MAX_CLAIM_DIGITS, parse_line
from cribcount.batch.reader import WINDOW, read_canonical
from cribcount.batch.reader import read_chunk as split_chunk
from cribcount.batch.vector import (
    NO_CLAIM,
    SORT_NETWORK,
    multiset_key,
    rank_tables,
    shape_of,
    sort_columns,
)
from cribcount.batch.writers import render_chunk
from cribcount.cards import DECK, SUIT_ORDER, parse_card
from cribcount.rules import rank_multisets, rank_points
from cribcount.stats import deal_stats


def test_sort_network_sorts_every_order_of_five() -> None:
    rows = np.array(list(permutations([1, 2, 2, 3, 5])) + list(permutations(range(5))))
    columns = sort_columns([rows[:, i].astype(np.uint8) for i in range(5)])
    assert (np.stack(columns, axis=1) == np.sort(rows, axis=1)).all()
    assert len(SORT_NETWORK) == 9


def test_rank_table_agrees_with_show_for_every_multiset_of_ranks() -> None:
    tables = rank_tables()
    for ranks in rank_multisets():
        key = multiset_key([np.array([r]) for r in ranks])
        index = int(tables.multiset[key][0])
        expected = rank_points(ranks)
        got = tables.points[tables.points_id[index]]
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
def test_vectorised_rows_score_worked_examples(line: str, points: tuple[int, ...]) -> None:
    rows, others = split_chunk((line + "\n").encode(), 1)
    assert others == []
    assert shape_of(int(rows.shape[0]))[2] == points
    assert int(rows.total[0]) == sum(points)


@pytest.mark.parametrize(
    "line",
    [
        "5h 5d 5c Js / 5S",  # uppercase suit
        "th 5d 5c Js / 5s",  # lowercase ten
        "10h 5d 5c Js / 5s",  # a ten as 10
        "5♥ 5♦️ 5♧ J♤ / 5♠",  # suit symbols, one with U+FE0F
        "5h\ufe0f 5d 5c Js / 5s",  # U+FE0F after a letter, as parse_card allows
        "10\u2665\ufe0f 5d 5c Js / 5s",  # the longest card: eight bytes
        "5h  5d 5c Js/ 5s",  # odd spacing
        "  5h,5d,5c,Js,5s  ",  # commas, no slash, spaces around
        "5h 5d 5c Js / 5s = 29",  # a claim
        "5h 5d 5c Js / 5s=029 Crib",  # the word in any case, after the claim
        "5h 5d 5c Js / 5s crib =7",  # or before it
        "5h,5d,5c,Js/5s CRIB=7",  # nine tokens, no space between them
        "5h 5d 5c Js 5s = 12 crib",  # no slash: eight tokens
        "5h 5d 5c Js / 5s\t\r",  # a tab, and a CR before the newline
    ],
)
def test_every_notation_is_read_by_the_vectorised_path(line: str) -> None:
    rows, others = split_chunk(f"Ah 2c 3d 4s / 6h\n{line}\n".encode(), 10)
    assert others == []
    assert rows.text[1].tobytes().decode() == str(parse_line(line).hand)
    assert rows.line.tolist() == [10, 11]


@pytest.mark.parametrize(
    "line",
    [
        "5h 5d 5c 5h / 5s",  # a card twice
        "5h 5d 5c Js / 5s xcrib",
        "5h 5d 5c Js / 5s crib crib",
        "5h 5d 5c Js / 5s = 1000",  # a claim of four digits
        "5h 5d 5c Js / 5s = = 3",
        "5h 5d 5c Js / 5s = 3 = 4",
        "5h 5d 5c Js / 5s crib = 7 7",  # ten tokens
        "5h 5d 5c / Js 5s",  # the slash in the wrong place
        "5h 5d 5c Js / / 5s",
        "5h 5d 5c Js 5s 6s",
        "5h\ufe0f\ufe0f 5d 5c Js / 5s",
        "10\u2665\ufe0fx 5d 5c Js / 5s",  # nine bytes, whose first eight are a card
        "10\u2665\ufe0f\u2665 5d 5c Js / 5s",
        "5" + "h" * 300 + " 5d 5c Js / 5s",  # a token far longer than any card
        "5\ufe0fh 5d 5c Js / 5s",
        "5h 5d 5c Js / 5s crib\ufe0f",
        "5h 5d 5c Js / 5s = ١٢",  # digits, but not ASCII ones
        "5h\u00a05d 5c Js / 5s",  # a space tokenize does not split at
        "5h 5d 5c Js / 5s \x00",
        "5h 5d 5c Js / 5s\x00",  # a NUL byte where a shorter token would end
        "9s\x00 5d 5c Js / 5s",
        "Ann: 5h 5d 5c Js / 5s#x",  # a '#' that starts no comment
        "Ann: 5h 5d 5c Js / 5s\u00a0# x",  # after white space the reader does not know
        "Ann: 5h 5d 5c Js: 5s",  # a second colon
        "Ann #1: 5h 5d 5c Js 5s",  # the comment starts before the colon
        "Ann: # 5h 5d 5c Js 5s",
        b"\xff: 5h 5d 5c Js 5s".decode("latin-1"),  # as Latin-1: a label not UTF-8
    ],
)
def test_other_lines_are_left_to_the_careful_reader(line: str) -> None:
    raw = line.encode("latin-1" if "\xff" in line else "utf-8")
    rows, others = split_chunk(b"Ah 2c 3d 4s / 6h\n" + raw + b"\n", 10)
    assert len(rows) == 1
    assert others == [(1, 11, raw)]


@pytest.mark.parametrize("line", ["", "# 5h 5d 5c Js / 5s", "  # x", "#", " \t#:"])
def test_blank_and_comment_lines_are_skipped(line: str) -> None:
    rows, others = split_chunk(f"Ah 2c 3d 4s / 6h\n{line}\n".encode(), 10)
    assert len(rows) == 1
    assert others == []


@pytest.mark.parametrize(
    ("line", "label", "comma"),
    [
        # Worked from the careful reader's rule: up to the first colon, trimmed.
        ("Ann, deal 3: 5h 5d 5c Js / 5s = 29  # checked", b"Ann, deal 3", True),
        ("  Bob  :5h 5d 5c Js 5s", b"Bob", False),
        ("x:y: # no", None, False),
        ("Cleo:\t5h 5d 5c Js / 5s crib # a, b: c", b"Cleo", False),
        (": 5h 5d 5c Js / 5s", b"", False),
    ],
)
def test_labels_are_read_where_they_stand(line: str, label: bytes | None, comma: bool) -> None:
    rows, others = split_chunk(f"{line}\n".encode(), 1)
    if label is None:
        assert len(rows) == 0
        return
    assert others == []
    labels = rows.labels
    if not label:  # an empty label is none
        assert labels is None
        return
    assert labels is not None
    at, size = int(labels.at[0]), int(labels.size[0])
    assert labels.source[at : at + size].tobytes() == label
    assert bool(labels.comma[0]) == comma
    assert rows.text[0].tobytes() == b"5h 5d 5c Js / 5s"


def test_labels_to_escape_are_kept_as_text() -> None:
    lines = ['q"x": 5h 5d 5c Js 5s', "Zoë : 5h 5d 5c Js 5s", "\u00a0a\tb\u00a0: 5h 5d 5c Js 5s"]
    rows, others = split_chunk("".join(line + "\n" for line in lines).encode(), 1)
    assert others == []
    assert rows.labels is not None
    assert rows.labels.odd == {0: 'q"x"', 1: "Zoë", 2: "a\tb"}
    assert rows.labels.size.tolist() == [0, 0, 0]


def test_a_byte_that_is_never_utf8_inside_a_card_is_not_taken_for_a_suit() -> None:
    # 0xF8 is never UTF-8: the line is an error, even beside a suit symbol that is read.
    data = "5♥ 5d 5c Js / 5s\n".encode() + b"5\xf8 5d 5c Js / 5s\n"
    rows, others = split_chunk(data, 1)
    assert rows.line.tolist() == [1]
    assert others == [(1, 2, b"5\xf8 5d 5c Js / 5s")]


def test_bytes_not_utf8_beside_suit_symbols_leave_the_other_lines_in_place() -> None:
    # Tokens are looked up as the bytes they are: the bad line alone is left out.
    data = (
        "5♥ 5d 5c Js / 5s\n".encode()
        + b"5\xff\xff 5d 5c Js / 5s\n"
        + "Q♠,JH,jc,kS / JS = 12\n".encode()
        + b"\xff\n"
        + "4♣, 3s, 2c, 4♦/6h CRIB\n".encode()
    )
    rows, others = split_chunk(data, 1)
    assert rows.line.tolist() == [1, 3, 5]
    assert [text.tobytes() for text in rows.text] == [
        b"5h 5d 5c Js / 5s",
        b"Qs Jh Jc Ks / Js",
        b"4c 3s 2c 4d / 6h",
    ]
    assert rows.claim.tolist() == [-1, 12, -1]
    assert rows.crib.tolist() == [False, False, True]
    assert others == [(1, 2, b"5\xff\xff 5d 5c Js / 5s"), (2, 4, b"\xff")]


def test_text_of_rows_read_in_both_ways_is_in_line_order_in_every_part() -> None:
    # Canonical lines and others, a line with a card twice among them (left out).
    lines = [
        "5♥ 5D 5c Js 5s",
        "Ah 2c 3d 4s / 6h",
        "7h 7s 8d 8c / 9h = 24",
        "10c,Jd,Qh,Ks/Ac crib",
        "5h 5d 5c 5h / 5s",
        "2c 4d 6h 8s / Tc crib",
        "kc qd\tjh th / 9S",
    ]
    rows, others = split_chunk("".join(line + "\n" for line in lines).encode(), 1)
    assert others == [(4, 5, b"5h 5d 5c 5h / 5s")]
    expected = [str(parse_line(line).hand).encode() for line in lines[:4] + lines[5:]]
    assert [text.tobytes() for text in rows.text] == expected
    assert rows.line.tolist() == [1, 2, 3, 4, 6, 7]
    for start, stop in [(0, 6), (1, 4), (2, 3), (3, 6), (5, 5)]:
        # Parts of rows whose text was not yet asked for, and of rows whose text was.
        fresh = split_chunk("".join(line + "\n" for line in lines).encode(), 1)[0]
        for part in (fresh.part(start, stop), rows.part(start, stop)):
            assert [text.tobytes() for text in part.text] == expected[start:stop]


@pytest.mark.parametrize(
    ("end", "crib", "claim"),
    [
        # Worked by hand: what follows the hand, with the word and the claim it makes.
        ("", False, None),
        (" crib", True, None),
        (" = 7", False, 7),
        (" = 29", False, 29),
        (" = 029", False, 29),
        (" = 0 crib", True, 0),
        (" = 999 crib", True, 999),
        (" crib = 5", True, 5),
        (" crib = 12", True, 12),
        (" crib = 100", True, 100),
    ],
)
def test_canonical_hands_with_a_claim_are_read_at_fixed_columns(
    end: str, crib: bool, claim: int | None
) -> None:
    line = "5h 5d 5c Js / 5s" + end
    data = f"Ah 2c 3d 4s / 6h\n{line}\n".encode()
    buffer = np.frombuffer(data + bytes(WINDOW), dtype=np.uint8)
    read = read_canonical(buffer, np.array([0, 17]), np.array([16, len(line)]))
    assert read.lines.tolist() == [0, 1]
    assert read.crib.tolist() == [False, crib]
    assert read.claim.tolist() == [NO_CLAIM, NO_CLAIM if claim is None else claim]
    assert read.cards[:, 1].tolist() == [
        parse_card(card).index for card in "5h 5d 5c Js 5s".split()
    ]
    # The careful path reads the line the same way.
    entry = parse_line(line)
    assert (entry.crib, entry.claim) == (crib, claim)


def test_claims_at_fixed_columns_stop_at_their_last_digit_whatever_follows() -> None:
    # The bytes after a short claim, read with it, are digits of the next line here.
    lines = [
        "5h 5d 5c Js / 5s = 7",
        "123",
        "7h 7s 8d 8c / 9h crib = 12",
        "999 4",
        "Ah 2c 3d 4s / 6h = 5",
    ]
    rows, others = split_chunk("".join(line + "\n" for line in lines).encode(), 1)
    assert [place for place, _, _ in others] == [1, 2]
    assert rows.claim.tolist() == [parse_line(line).claim for line in lines[::2]] == [7, 12, 5]


@pytest.mark.parametrize(
    "end",
    [
        " = 1000",
        "  = 7",
        " =7",
        "= 7",
        " = 7 ",
        " = 7 crib crib",
        " Crib",
        " crib crib",
        " = x",
        " = -1",
        " = 1 2",
        " crib = ",
        " = 7\x00",
        " = ١",
        " cribs",
        " = 12 = 13",
    ],
)
def test_other_ends_of_canonical_hands_are_not_read_at_fixed_columns(end: str) -> None:
    line = "5h 5d 5c Js / 5s" + end
    data = f"{line}\n".encode()
    buffer = np.frombuffer(data + bytes(WINDOW), dtype=np.uint8)
    read = read_canonical(buffer, np.array([0]), np.array([len(line.encode())]))
    assert read.lines.tolist() == []
    # Whoever reads them, the output is the careful path's.
    for fmt in ("text", "csv", "jsonl"):
        assert _render(data, fmt, vectorised=True, size=64) == _render(
            data, fmt, vectorised=False, size=64
        )


def _render(data: bytes, fmt: str, *, vectorised: bool, size: int, crib: bool = False) -> bytes:
    chunks = score_stream(io.BytesIO(data), crib=crib, vectorised=vectorised, size=size)
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
        claim = rng.choice([str(rng.randrange(30)), f"{rng.randrange(30):03d}", "1000"])
        line += rng.choice([f" = {claim}", f" = {claim} crib", f" crib = {claim}"])
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


@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=1, max_value=200),
    st.sampled_from(["text", "csv", "jsonl"]),
    st.booleans(),
)
def test_vectorised_path_gives_the_careful_path_output_on_random_files(
    seed: int, size: int, fmt: str, crib: bool
) -> None:
    rng = random.Random(seed)
    lines = [_any_line(rng) for _ in range(rng.randrange(60))]
    data = b"\n".join(lines) + rng.choice([b"", b"\n", b"\r\n"])
    fast = _render(data, fmt, vectorised=True, size=size, crib=crib)
    plain = _render(data, fmt, vectorised=False, size=size, crib=crib)
    assert fast == plain


_RANK_FORMS = {"T": ["T", "t", "10"]}
_SUIT_FORMS = {
    "c": ["c", "C", "♣", "♧"],
    "d": ["d", "D", "♦", "♢"],
    "h": ["h", "H", "♥", "♡"],
    "s": ["s", "S", "♠", "♤"],
}


@st.composite
def _regular_line(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A line in any notation the vectorised path reads, and whether it should be read there."""
    five = draw(st.permutations(_NAMES).map(lambda names: names[:5]))
    cards = []
    for name in five:
        rank = draw(st.sampled_from(_RANK_FORMS.get(name[0], [name[0], name[0].lower()])))
        suit = draw(st.sampled_from(_SUIT_FORMS[name[1]]))
        selector = draw(st.sampled_from(["", "", "\ufe0f"]))
        cards.append(rank + suit + selector)
    # No CR inside a line: a CR alone ends a line, as LF does.
    separators = st.sampled_from([" ", ",", ", ", "  ", "\t", " ,", "\t "])
    text = "".join(card + draw(separators) for card in cards[:3]) + cards[3]
    if draw(st.booleans()):
        text += draw(st.sampled_from(["/", " / ", "/ ", " /", ",/,"]))
    else:
        text += draw(separators)
    text += cards[4]
    word = " " + draw(st.sampled_from(["crib", "Crib", "CRIB", "cRiB"]))
    claim = draw(st.sampled_from([" = ", "=", " =", "= "])) + draw(
        st.sampled_from([str(draw(st.integers(0, 999))), "0", "07", "029", "1000", "x"])
    )
    tail = draw(st.sampled_from(["", word, claim, word + claim, claim + word, word + word]))
    lead = draw(st.sampled_from(["", " ", "\t", "  "]))
    trail = draw(st.sampled_from(["", " ", " \t", "   "]))
    regular = "1000" not in tail and "x" not in tail and tail != word + word
    # A label (none, usual ones, or any text without a colon or a hash) and a comment.
    label = draw(
        st.one_of(
            st.sampled_from(["", "", "Ann:", "Bob, deal 3:", " deal 4 :", ":", '"q" \\ :']),
            st.text(st.characters(blacklist_characters="#:\n\r", blacklist_categories=["Cs"]))
            .filter(lambda text: len(text) < 24)
            .map(lambda text: text + ":"),
        )
    )
    comment = draw(st.sampled_from(["", "", " # checked", "\t#a: b # c", " #", "  # café ♥"]))
    end = draw(st.sampled_from(["", "", "\r"]))  # a CR before the newline
    return (label + lead + text + tail + trail + comment + end).encode(), regular


@given(
    st.lists(_regular_line(), max_size=40),
    st.lists(st.integers(min_value=0, max_value=2**32), max_size=10),
    st.integers(min_value=1, max_value=400),
    st.sampled_from(["text", "csv", "jsonl"]),
    st.booleans(),
    st.sampled_from([b"\n", b"\r\n"]),
)
def test_vectorised_and_careful_paths_agree_on_labelled_commented_lines_in_every_notation(
    lines: list[tuple[bytes, bool]],
    odd: list[int],
    size: int,
    fmt: str,
    crib: bool,
    newline: bytes,
) -> None:
    # Regular lines in random notations, labels and comments, with a few lines of any kind
    # among them.
    texts = [text for text, _ in lines] + [_any_line(random.Random(seed)) for seed in odd]
    random.Random(len(texts)).shuffle(texts)
    data = newline.join(texts) + newline
    fast = _render(data, fmt, vectorised=True, size=size, crib=crib)
    assert fast == _render(data, fmt, vectorised=False, size=size, crib=crib)
    fast_summary, plain_summary = Summary(), Summary()
    for chunk in score_stream(io.BytesIO(data), crib=crib, vectorised=True):
        fast_summary.add_chunk(chunk)
    for chunk in score_stream(io.BytesIO(data), crib=crib, vectorised=False):
        plain_summary.add_chunk(chunk)
    assert fast_summary == plain_summary
    # Every regular line is scored by the vectorised reader: none is left to the careful one.
    regular = b"".join(text + newline for text, is_regular in lines if is_regular)
    for chunk in score_stream(io.BytesIO(regular), crib=crib, vectorised=True):
        assert chunk.records == []


def test_claims_on_the_vectorised_path_are_rendered_and_summed_like_the_careful_path() -> None:
    data = b"5h 5d 5c Js / 5s = 28\n7h 7s 8d 8c / 9h = 24 crib\n2c 4d 6h 8s / Tc = 3\n"
    for fmt in ("text", "csv", "jsonl"):
        chunks = list(score_stream(io.BytesIO(data), vectorised=True))
        assert all(chunk.records == [] for chunk in chunks)
        assert _render(data, fmt, vectorised=True, size=7) == _render(
            data, fmt, vectorised=False, size=7
        )
    summary = Summary()
    for chunk in score_stream(io.BytesIO(data), vectorised=True):
        summary.add_chunk(chunk)
    # 29, 24 (the double double run and four fifteens) and 0 (only even values): 53 points.
    assert summary == Summary(hands=3, claims=3, claims_wrong=2, points_missed=1, points=53)


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_vectorised_path_agrees_on_a_seeded_file_of_canonical_deals(fmt: str) -> None:
    # 600 lines of 16 or 21 bytes and a newline: about three chunks of 4 KiB.
    rng = random.Random(1130)
    lines = [_canonical(rng) + (" crib" if i % 3 == 2 else "") for i in range(600)]
    data = "\n".join(lines).encode()
    assert _render(data, fmt, vectorised=True, size=1 << 12) == _render(
        data, fmt, vectorised=False, size=1 << 12
    )


def test_jsonl_parts_start_again_when_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    # With room for no part at all, every slice of rows starts afresh: the output must not change.
    monkeypatch.setattr(jsonl, "_PARTS", jsonl.Parts())
    monkeypatch.setattr(jsonl, "_MOST", 0)
    rng = random.Random(2611)
    data = "\n".join(_canonical(rng) for _ in range(800)).encode()
    fast = _render(data, "jsonl", vectorised=True, size=1 << 12)
    # A chunk of 4 KiB holds 4096 // 17 = 240 lines, each of three parts at most: only the
    # last chunk's parts are left.
    assert 0 < len(jsonl._PARTS) <= 3 * 240
    assert fast == _render(data, "jsonl", vectorised=False, size=1 << 12)


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_vectorised_path_writes_long_line_numbers_like_the_careful_path(fmt: str) -> None:
    # Hands at line numbers of 1 to 6 digits, among comments that the careful path skips fast.
    wanted = {1, 9, 10, 99, 100, 101, 999, 1000, 1001, 10_000, 10_010, 99_999, 100_000, 123_457}
    lines = [b"5h 5d 5c Js / 5s" if n in wanted else b"#" for n in range(1, 123_460)]
    data = b"\n".join(lines)
    fast = _render(data, fmt, vectorised=True, size=1 << 16)
    assert fast == _render(data, fmt, vectorised=False, size=1 << 16)
    # Text: two lines a record, the hand and its points, then the points by kind.
    assert fast.count(b"\n") == (2 if fmt == "text" else 1) * len(wanted)


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
        for chunk in score_stream(io.BytesIO(data), vectorised=fast, size=size):
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


_TOKEN_CHARS = "0123456789aAtTjJqQkKcCdDhHsSrRiIbBxX/=.♣♦♥♠♧♢♡♤\ufe0f"


def _expected_kind(token: str) -> tuple[str, int, int, int]:
    """What parse_line makes of a token, from the careful path's own functions."""
    if token == "/" or token == "=":
        return (token, 0, 0, 0)
    if token.lower() == "crib":
        return ("crib", 0, 0, 0)
    if token.isascii() and token.isdigit() and len(token) <= MAX_CLAIM_DIGITS:
        return ("number", 0, 0, int(token))
    try:
        card = parse_card(token)
    except ValueError:
        return ("other", 0, 0, 0)
    return ("card", int(card.rank), SUIT_ORDER[card.suit], 0)


def _kinds_read(tokens: list[str]) -> list[tuple[str, int, int, int]]:
    names = {
        token_reader._CARD: "card",
        token_reader._CRIB: "crib",
        token_reader._NUMBER: "number",
        token_reader._SLASH_TOKEN: "/",
        token_reader._EQUALS_TOKEN: "=",
        token_reader._OTHER: "other",
    }
    data = "\n".join(tokens).encode() + b"\n"
    raw = np.frombuffer(data, dtype=np.uint8)
    buffer = np.concatenate([raw, np.zeros(token_reader._LONGEST_TOKEN, dtype=np.uint8)])
    ends = np.flatnonzero(raw == ord("\n"))
    first = np.concatenate([[0], ends[:-1] + 1])
    kind, payload = token_reader._token_kinds(buffer, first, ends - 1)
    out = []
    for k, p in zip(kind.tolist(), payload.tolist(), strict=True):
        name = names[k]
        # A card's number counts four a rank, from the ace, then the suit.
        rank, suit = divmod(p, 4)
        out.append(
            (name, rank + 1, suit, 0)
            if name == "card"
            else (name, 0, 0, p if name == "number" else 0)
        )
    return out


def _short_tokens(lengths: tuple[int, ...]) -> list[str]:
    """Every token of these numbers of ``_TOKEN_CHARS``, and four-character ones around cards."""
    tokens = ["".join(t) for n in lengths for t in product(_TOKEN_CHARS, repeat=n)]
    tokens = [t for t in tokens if t in ("/", "=") or ("/" not in t and "=" not in t)]
    tokens += ["".join(t) for t in product("1tT", "0", "hH♥", ["\ufe0f", "", "x"])]
    return tokens + [
        "crib",
        "CRIB",
        "cRiB",
        "cribs",
        "crib\ufe0f",
        "1000",
        "0999",
        "10h\ufe0f\ufe0f",
    ]


def test_token_table_reads_short_tokens_as_the_careful_path_does() -> None:
    # Every token of one or two characters, and a sample of those of three.
    tokens = _short_tokens((1, 2)) + random.Random(22).sample(_short_tokens((3,)), 3000)
    assert _kinds_read(tokens) == [_expected_kind(token) for token in tokens]


@pytest.mark.slow
def test_token_table_reads_every_short_token_as_the_careful_path_does() -> None:
    tokens = _short_tokens((1, 2, 3))
    assert _kinds_read(tokens) == [_expected_kind(token) for token in tokens]


def test_token_table_search_starts_where_a_search_from_the_step_ends() -> None:
    # Searched again from the first odd multiple of the step, slot by slot in plain Python.
    words = [int.from_bytes(data, "little") for data in token_reader._regular_tokens()]
    shift = 64 - token_reader._HASH_BITS
    multiplier = slots.STEP
    while len({(word * multiplier) % (1 << 64) >> shift for word in words}) < len(words):
        multiplier = (multiplier + 2 * slots.STEP) % (1 << 64)
    assert multiplier == token_reader._FIRST_TRIED == token_reader._MULTIPLIER


def test_jsonl_rows_rendered_a_slice_at_a_time_keep_records_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Slices of 3 rows, with careful records before, between and after them.
    monkeypatch.setattr(writers, "_JSONL_ROWS", 3)
    rng = random.Random(3011)
    lines = [_any_line(rng) for _ in range(300)]
    data = b"\n".join(lines) + b"\n"
    for size in (1 << 6, 1 << 12):
        fast = _render(data, "jsonl", vectorised=True, size=size)
        assert fast == _render(data, "jsonl", vectorised=False, size=size)


def test_every_show_total_is_below_the_key_of_totals() -> None:
    # The totals any deal scores, counted over every deal, hand and crib alike.
    counts = deal_stats()
    highest = max(
        total
        for side in (counts.hand, counts.crib)
        for total, deals in enumerate(side.counts)
        if deals
    )
    assert highest == 29  # the rules' best hand: three fives and a jack, the fourth five turned
    assert highest < vector.TOTAL_KEYS
