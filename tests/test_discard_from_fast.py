"""``discard --from`` writes each record straight from a block's numbers (``render_lines``):
here every record is checked against the plain path, one deal at a time through
``advise_discard`` (exact Fractions), ``with_play`` and the JSON module, byte for byte."""

from __future__ import annotations

import io
import random

import pytest

from cribcount import discard_file
from cribcount.batch.engine import Failed
from cribcount.cards import DECK, format_cards
from cribcount.discard import Role, advise_discard, discard_seat, parse_deal
from cribcount.discard_file import (
    Rendered,
    _read_deals,
    render_deal_record,
    render_lines,
    render_played_record,
    render_record,
)
from cribcount.discard_play import with_play
from cribcount.errors import CribcountError, TableError
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
