"""``discard --from`` writes each record straight from a block's numbers (``render_lines``):
here every record is checked against the plain path, one deal at a time through
``advise_discard`` (exact Fractions), ``with_play`` and the JSON module, byte for byte."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount import discard_file
from cribcount.cards import DECK, format_cards
from cribcount.discard import Role, advise_discard, discard_seat, parse_deal
from cribcount.discard_file import (
    Rendered,
    _read_deals,
    advise_many,
    render_deal_record,
    render_lines,
    render_played_record,
    render_record,
)
from cribcount.discard_play import with_play
from cribcount.errors import CribcountError, TableError
from cribcount.failed import Failed
from cribcount.from_lines import Done
from cribcount.language import Language, language
from cribcount.render import render_json
from cribcount.render.discard import discard_to_dict, played_to_dict
from cribcount.seats import DEAL_SIZES

BAD_LINES = [
    "5h 5d 6c 7s Jh",  # one card short with two players
    "5h 5h 6c 7s Jh Kd",  # a card twice
    "Xx 5d 6c 7s Jh Kd",  # not a card
    "5h 5d / 6c 7s Jh",
]


def deal_lines(rng: random.Random, dealt: int, count: int, lang: Language) -> list[str]:
    """Random deals of ``dealt`` cards in ``lang``'s notation, some spelt unusually, some bad
    lines, a comment and a blank line among them."""
    lines = []
    for i in range(count):
        cards = rng.sample(DECK, dealt)
        text = lang.notation.cards(cards)
        if i % 7 == 3:
            text = text.replace(" ", ", ", 1).lower()  # a comma, lower case: the careful path
        if i % 11 == 5:
            text = "  " + text.replace(" ", "\t", 1)
        lines.append(text)
    for bad in BAD_LINES:
        lines.insert(rng.randrange(len(lines)), bad)
    lines.insert(rng.randrange(len(lines)), "# a comment")
    lines.insert(rng.randrange(len(lines)), "")
    return lines


def plain_records(
    lines: list[str], fmt: str, lang: Language, *, role: Role, players: int, play: bool
) -> list[str]:
    """Each line's record by the plain path: ``parse_deal`` and ``advise_discard`` a deal."""
    records = []
    for number, text in enumerate(lines, start=1):
        if not text.strip() or text.startswith("#"):
            continue
        try:
            seat = discard_seat(players, role=role)
            deal = parse_deal(text, players=players, seat=seat, notation=lang.notation)
        except CribcountError as error:
            failed = Failed(number, text, error.reason, max(error.column, 1), said=error.said)
            render = render_played_record if play else render_deal_record
            records.append(render(failed, fmt, lang=lang))
            continue
        advice = advise_discard(deal, role=role, players=players)
        if fmt == "jsonl":
            data = played_to_dict(with_play(advice)) if play else discard_to_dict(advice)
            records.append(render_json({"line": number, **data}) + "\n")
        elif play:
            records.append(render_played_record(Done(number, advice), fmt, lang=lang))
        else:
            records.append(render_deal_record(Done(number, advice), fmt, lang=lang))
    return records


def fast_records(
    lines: list[str], fmt: str, lang: Language, *, role: Role, players: int, play: bool
) -> list[str]:
    stream = io.BytesIO("".join(line + "\n" for line in lines).encode())
    records = render_lines(
        stream, fmt, lang=lang, play=play, role=role, players=players, notation=lang.notation
    )
    return [render_record(record, fmt, lang=lang, play=play) for record in records]


def _lays_away(players: int, role: Role) -> bool:
    try:
        discard_seat(players, role=role)
    except TableError:
        return False  # no seat of that side lays away (the dealer of five, without partners)
    return True


CASES = [
    (players, role, play)
    for players in range(2, 7)
    for role in Role
    for play in ((False, True) if players == 2 else (False,))
    if _lays_away(players, role)
]


@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
@pytest.mark.parametrize(("players", "role", "play"), CASES)
def test_every_record_is_the_plain_one(players: int, role: Role, play: bool, fmt: str) -> None:
    lang = language("fr" if players % 2 and fmt == "text" else "en")
    dealt = DEAL_SIZES[players][discard_seat(players, role=role) - 1][0]
    lines = deal_lines(random.Random(f"{players}{role}{play}{fmt}"), dealt, 4, lang)
    got = fast_records(lines, fmt, lang, role=role, players=players, play=play)
    assert got == plain_records(lines, fmt, lang, role=role, players=players, play=play)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
@pytest.mark.parametrize(("players", "role", "play"), CASES)
def test_every_record_of_many_deals_is_the_plain_one(
    players: int, role: Role, play: bool, fmt: str
) -> None:
    lang = language("fr" if players % 2 and fmt == "text" else "en")
    dealt = DEAL_SIZES[players][discard_seat(players, role=role) - 1][0]
    lines = deal_lines(random.Random(f"many {players}{role}{play}{fmt}"), dealt, 150, lang)
    got = fast_records(lines, fmt, lang, role=role, players=players, play=play)
    assert got == plain_records(lines, fmt, lang, role=role, players=players, play=play)


def test_blocks_and_the_rank_sets_seen_before_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small blocks, so that a deal's crib comes from a rank set worked out in an earlier
    # block; the same ranks dealt in other suits, so that rank sets repeat.
    monkeypatch.setattr(discard_file, "BLOCK", 4)
    rng = random.Random(11)
    lines = []
    for _ in range(5):
        cards = rng.sample(DECK, 6)
        lines.append(format_cards(cards))
        ranks = sorted({card.rank for card in cards})
        lines.append(format_cards(rng.sample([c for c in DECK if c.rank in ranks], 6)))
    en = language("en")
    for fmt, play in (("text", True), ("jsonl", False)):
        got = fast_records(lines, fmt, en, role=Role.DEALER, players=2, play=play)
        assert got == plain_records(lines, fmt, en, role=Role.DEALER, players=2, play=play)


@pytest.mark.parametrize(
    "text",
    [
        "5h 5d 6c 7s Jh Kd",
        "10h 5d 6c 7s Jh Kd",
        "th 5D 6c 7s jh kd",
        "5♥ 5♦️ 6♣ 7♠ J♥ K♦",
        "5h 5d 6c 7s Jh Kd ",
        "5h  5d 6c 7s Jh Kd",
        "5h,5d 6c 7s Jh Kd",
        "5h 5d 6c 7s Jh Jh",
        "5h 5d 6c 7s Jh",
        "5h 5d 6c 7s Jh Kd Qd",
        "5h 5d 6c / 7s Jh Kd",
        "5h 5d 6c 7s Jh 1d",
    ],
)
def test_a_deal_is_read_as_parse_deal_reads_it(text: str) -> None:
    (read,) = _read_deals([(3, text)], players=2, seat=1, notation=language("en").notation)
    try:
        expected: object = (3, parse_deal(text))
    except CribcountError as error:
        failed = Failed(3, text, error.reason, max(error.column, 1), said=error.said)
        assert isinstance(read, Failed)
        assert (read.line, read.message, read.column) == (3, failed.message, failed.column)
    else:
        assert read == expected


def test_a_block_of_bad_lines_alone() -> None:
    lines = ["5h 5d", "Xx"]
    got = fast_records(lines, "csv", language("en"), role=Role.PONE, players=2, play=False)
    assert got == plain_records(lines, "csv", language("en"), role=Role.PONE, players=2, play=False)
    stream = io.BytesIO(b"5h 5d 6c 7s Jh Kd\n")
    (record,) = render_lines(stream, "csv", lang=language("en"), play=False, role=Role.PONE)
    assert isinstance(record, Done)
    rendered: Rendered = record
    assert rendered.line == 1 and rendered.result.startswith("1,5h 5d 6c 7s Jh Kd,")


# --- two players, many deals in one block, against the records of advise_many's advice ----------

# Random deals, and some that put the writers' edges to the test: four jacks held (heels 0.0),
# tens (written with two digits in French), the same ranks in other suits (figures repeated).
_TWO_PLAYER_DEALS = [
    "Jh Jd Jc Js 5h 5d",
    "10h 10d 10c 10s 5h 5d",
    "5h 5d 5c Js 10h Kd",
    "5s 5c 5h Jd 10c Kh",
    "Ah 2c 3d 4s 6h 7c",
    *(format_cards(random.Random(f"two {i}").sample(DECK, 6)) for i in range(80)),
]


@pytest.mark.parametrize(
    ("fmt", "code"), [("text", "en"), ("text", "fr"), ("jsonl", "en"), ("csv", "en")]
)
@pytest.mark.parametrize("play", [True, False])
@pytest.mark.parametrize("role", list(Role))
def test_a_block_of_two_player_deals_is_written_as_each_deal_alone(
    fmt: str, code: str, play: bool, role: Role
) -> None:
    lang = language(code)
    lines = [lang.notation.cards(parse_deal(text)) for text in _TWO_PLAYER_DEALS]
    got = fast_records(lines, fmt, lang, role=role, players=2, play=play)
    advice = advise_many([parse_deal(text) for text in _TWO_PLAYER_DEALS], role=role)
    expected = []
    for line, one in enumerate(advice, start=1):
        if fmt == "jsonl":
            data = played_to_dict(with_play(one)) if play else discard_to_dict(one)
            expected.append(render_json({"line": line, **data}) + "\n")
        else:
            render = render_played_record if play else render_deal_record
            expected.append(render(Done(line, one), fmt, lang=lang))
    assert got == expected


# --- the pieces of the writers ----------------------------------------------------------------

_ROUNDING_EDGES = [
    0.0,
    -0.0,
    2.0,
    -2.0,
    1.03125,  # 10312.5 ten-thousandths exactly: half to even, 1.0312
    1.03135,
    -1.03125,
    0.00005,  # nearest double just above or below half a ten-thousandth
    0.00015,
    -0.00001,  # rounds to -0.0
    0.0001,
    9.99995,
    29.99999,
    123456.78905,
    1e-20,
    99999999999.99995,  # just below the bound of the written path
    -99999999999.9,
    1e11,  # beyond it: round and repr themselves
    999999999999999.9,
    1e17,
    -3.5e20,
]


@pytest.mark.parametrize("figure", _ROUNDING_EDGES)
def test_a_figure_to_4_places_is_written_as_repr_of_round(figure: float) -> None:
    (written,) = discard_file._rounded(np.array([figure]))
    assert written == repr(round(figure, 4))


_BELOW_BOUND = st.floats(min_value=-99999999999.0, max_value=99999999999.0)
# Halves of a ten-thousandth, to the nearest float: the ties and near-ties of rounding.
_NEAR_TIES = st.integers(-(10**9), 10**9).map(lambda k: (k + 0.5) / 10_000)


@given(st.lists(_BELOW_BOUND | _NEAR_TIES, min_size=1, max_size=40))
def test_figures_to_4_places_are_written_as_repr_of_round(figures: list[float]) -> None:
    expected = [repr(round(figure, 4)) for figure in figures]
    assert discard_file._rounded(np.array(figures)) == expected


def test_each_distinct_figure_is_written_once_and_0_apart_from_minus_0() -> None:
    figures = np.array([[0.5, -0.0, 0.0], [0.0, 0.5, 1 / 3]])
    calls = []

    def write(distinct: np.ndarray) -> list[str]:
        calls.append(len(distinct))
        return [repr(figure) for figure in distinct.tolist()]

    written, lengths = discard_file._written_once(figures, write)
    assert written.tolist() == [["0.5", "-0.0", "0.0"], ["0.0", "0.5", "0.3333333333333333"]]
    assert lengths.tolist() == [[3, 4, 3], [3, 3, 18]]
    assert calls == [4]


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_cards_are_written_together_as_one_join_writes_them(count: int) -> None:
    written = language("fr").notation.written
    rows = np.array([random.Random(count * 10 + i).sample(range(52), count) for i in range(6)])
    texts, lengths = discard_file._cards_written(rows.reshape(2, 3, count), written, ", ")
    expected = [", ".join(written[i] for i in row) for row in rows.tolist()]
    assert texts.ravel().tolist() == expected
    assert lengths.ravel().tolist() == [len(text) for text in expected]
