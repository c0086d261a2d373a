"""Tests for cribcount.batch.quick: the quick reader and counter against the careful ones."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cribcount.batch.engine import (
    Scored,
    parse_line,
    score_careful,
    score_line,
    score_lines,
)
from cribcount.batch.quick import points_by_kind, quick_cards, read_quick
from cribcount.batch.records import render_record
from cribcount.cards import DECK, ENGLISH, Card, Hand, Notation, card_indices, parse_card
from cribcount.errors import CribcountError
from cribcount.language import language
from cribcount.show import Kind, count_show

FRENCH = language("fr")

# Tokens a hand may be typed with, good and bad, and what may separate them.
_CARDS = ["5h", "5H", "10♥", "Td", "tD", "Js", "jS", "Qc", "K♠", "A♦️", "2c", "9s", "5h", "Vp", "Rk"]
_ODD = ["5x", "11h", "h", "5", "X", "/", "=", "= 18", "=7", "18", "1000", "-3", "٣", "crib"]
_ODD += ["CRIB", "Crib", "#", "# x", "a:", ":", "5h#", "\udcff"]
_SPACES = [" ", "  ", ",", ", ", "\t", "\u00a0", "\u3000", "\x1c", " / ", "/", "\r"]

_TAILS = ["crib", "CRIB", "= 18", "=7", "= 0", "= 999", "=", "= x", "crib crib"]


def _joined(parts: list[tuple[str, str]]) -> str:
    return "".join(token + space for token, space in parts)


# Mostly ASCII: other white space is read carefully, and the test wants both readers.
_SEPARATORS = [" ", " ", " ", " ", "  ", ",", ", ", "\t", "\r", "\u00a0", "\x1c"]


def _spellings(notation: Notation, card: Card) -> list[str]:
    """Ways to type ``card`` in ``notation``: each rank and suit as read, in either case."""
    ranks = [text for text, rank in notation.ranks.items() if rank == card.rank]
    suits = [text for text, suit in notation.suits.items() if suit == card.suit]
    ranks += [text.lower() for text in ranks]
    suits += [text.upper() for text in suits] + [suits[-1] + "\ufe0f"]
    return [rank + suit for rank in ranks for suit in suits]


def _handlike(notation: Notation) -> st.SearchStrategy[str]:
    """Five cards of ``notation`` (some perhaps the same card), a slash or not, claims and
    crib words after them."""
    cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5).flatmap(
        lambda five: st.tuples(*(st.sampled_from(_spellings(notation, card)) for card in five))
    )
    return st.tuples(
        cards,
        st.lists(st.sampled_from(_SEPARATORS), min_size=5, max_size=5),
        st.sampled_from(["", "/", " / "]),
        st.lists(st.tuples(st.sampled_from(_TAILS), st.sampled_from(_SEPARATORS)), max_size=3),
    ).map(
        lambda parts: (
            "".join(c + s for c, s in zip(parts[0][:4], parts[1][:4], strict=True))
            + parts[2]
            + parts[0][4]
            + parts[1][4]
            + _joined(parts[3])
        )
    )


# Any tokens at all, or what looks like a hand, in either notation.
soup = st.lists(st.tuples(st.sampled_from(_CARDS + _ODD), st.sampled_from(_SPACES)), max_size=10)
notations = st.sampled_from([ENGLISH, FRENCH.notation])
lines = notations.flatmap(
    lambda notation: st.tuples(
        st.one_of(soup.map(_joined), _handlike(notation), _handlike(notation)), st.just(notation)
    )
)
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


def _regular(hand: list[int], claim: str, word: str, separator: str) -> str:
    cards = [str(DECK[i]) for i in hand]
    return separator.join(cards[:4]) + " / " + cards[4] + claim + word


@settings(max_examples=800)
@given(lines, st.booleans())
@example(("7H, 7s, 8d, 8c / 9h = 24 crib", ENGLISH), False)
@example(("7h 7s 8d 8c 9h crib =0", ENGLISH), True)
@example(("7h 7s 8d 8c 9h crib crib", ENGLISH), False)
@example(("7h 7s 8d 8c / 9h = 1 = 2", ENGLISH), False)
@example(("7h 7s 8d 8c / 9h = 1000", ENGLISH), False)
@example(("7h 7s 8d 8c / 7h", ENGLISH), False)
@example(("7h 7s 8d / 8c 9h", ENGLISH), False)
@example(("7h 7s 8d 8c 9h Kd", ENGLISH), False)
@example(("7t 7p 8k 8c / 9t", FRENCH.notation), False)
def test_quick_reads_what_careful_reads_the_same(line: tuple[str, Notation], crib: bool) -> None:
    text, notation = line
    raw = text.encode("utf-8", errors="surrogateescape")
    read = read_quick(raw, crib, quick_cards(notation))
    careful = score_careful(raw, 7, crib=crib, notation=notation)
    if read is None:
        return
    # Read quickly: the careful reader reads the same hand, crib and claim.
    entry = parse_line(text, crib=crib, notation=notation)
    cards, is_crib, claim = read
    assert [DECK[i] for i in cards] == [*entry.hand.cards, entry.hand.starter]
    assert (is_crib, claim, entry.label) == (entry.crib, entry.claim, None)
    record = score_line(raw, 7, crib=crib, notation=notation)
    assert isinstance(record, Scored) and isinstance(careful, Scored)
    assert record == careful and hash(record) == hash(careful) and repr(record) == repr(careful)
    lang = FRENCH if notation is FRENCH.notation else language("en")
    for fmt in ("text", "csv", "jsonl"):
        for file in (None, "a,b.txt"):
            expected = render_record(careful, fmt, file, lang=lang)
            assert render_record(record, fmt, file, lang=lang) == expected


@given(hands, st.sampled_from(["", " = 0", "=29", " = 999"]), st.sampled_from(["", " crib"]))
def test_quick_reads_every_regular_line(hand: list[Card], claim: str, word: str) -> None:
    cards = [card.index for card in hand]
    read = read_quick(_regular(cards, claim, word, " ").encode(), False, quick_cards())
    expected_claim = int(claim.strip(" =")) if claim else None
    assert read == ((cards[0], cards[1], cards[2], cards[3], cards[4]), bool(word), expected_claim)


@settings(max_examples=500)
@given(hands, st.booleans())
def test_points_by_kind_add_up_the_items_of_count_show(hand: list[Card], crib: bool) -> None:
    cards = [card.index for card in hand]
    count = count_show(
        Hand((DECK[cards[0]], DECK[cards[1]], DECK[cards[2]], DECK[cards[3]]), DECK[cards[4]]),
        crib=crib,
    )
    kinds = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
    expected = tuple(
        sum(item.points for item in count.items if item.kind is kind) for kind in kinds
    )
    assert points_by_kind((cards[0], cards[1], cards[2], cards[3], cards[4]), crib) == expected


@pytest.mark.parametrize(
    ("hand", "crib", "points"),
    [
        # Worked out by hand: four J-5 and four 5-5-5 fifteens, four fives, his nob.
        ("5h 5d 5c Js / 5s", False, (16, 12, 0, 0, 1)),
        ("7h 7s 8d 8c / 9h", False, (8, 4, 12, 0, 0)),
        # 2-3-K and 2-4-6-3 make fifteen, 2-3-4 a run, four hearts a flush but not in a crib.
        ("2h 4h 6h 3h / Kc", False, (4, 0, 3, 4, 0)),
        ("2h 4h 6h 3h / Kc", True, (4, 0, 3, 0, 0)),
        ("2h 4h 6h 3h / Kh", True, (4, 0, 3, 5, 0)),
        # All even: no fifteen; the jack of the starter's suit.
        ("Jd 4h 6c 8s / Kd", False, (0, 0, 0, 0, 1)),
    ],
)
def test_points_by_kind_of_known_hands(hand: str, crib: bool, points: tuple[int, ...]) -> None:
    read = read_quick(hand.encode(), crib, quick_cards())
    assert read is not None
    assert points_by_kind(read[0], crib) == points


@given(st.text(alphabet="aAtT10jJqQkK2359cCdDhHsSxX♥♡♠️ vVpPrR", max_size=4))
@example("10♥️")
def test_card_tables_hold_exactly_the_tokens_parse_card_reads(token: str) -> None:
    for notation in (ENGLISH, FRENCH.notation):
        try:
            index: int | None = parse_card(token, notation=notation).index
        except CribcountError:
            index = None
        assert card_indices(notation).get(token) == index
        assert quick_cards(notation).get(token.encode()) == index


def test_a_quick_record_is_a_scored_record_with_its_count() -> None:
    (record,) = score_lines(io.BytesIO(b"7h 7s 8d 8c / 9h = 18 crib\n"))
    assert isinstance(record, Scored)
    assert (record.line, record.claim, record.label) == (1, 18, None)
    assert record.count.total == 24 and record.difference == -6
    assert record.count.crib is True
    # The count of four fifteens, two pairs and four runs of three: ten items.
    assert len(record.count.items) == 10
    with pytest.raises(AttributeError):
        record.line = 2  # type: ignore[misc]


@settings(max_examples=600)
@given(
    hands,
    st.booleans(),
    st.sampled_from([None, 0, 29, 999]),
    # Names that a template might mistake for its own: a card, a placeholder, a format.
    st.sampled_from([None, "a.txt", 'odd "{name}" \\.txt', "Ac", "2c", "@line@", "50%s %%{0}"]),
)
def test_a_quick_record_renders_as_the_careful_one(
    hand: list[Card], crib: bool, claim: int | None, file: str | None
) -> None:
    # Templates made by earlier hands are filled in with this hand's cards.
    raw = (" ".join(map(str, hand[:4])) + " / " + str(hand[4])).encode()
    raw += b"" if claim is None else b" = %d" % claim
    quick = score_line(raw, 12, crib=crib)
    careful = score_careful(raw, 12, crib=crib)
    assert isinstance(quick, Scored) and quick.quick_parts is not None
    assert isinstance(careful, Scored) and careful.quick_parts is None
    for fmt in ("jsonl", "csv", "text"):
        assert render_record(quick, fmt, file) == render_record(careful, fmt, file)
