"""The practice library: seeded deals, answers, muggins, figures, the log and its report.

Counts are worked by hand from RULES.md. The cards of a seed are what
``random.Random(seed)`` deals, pinned here; what they score is worked out
beside them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from itertools import islice

import pytest
from conftest import simulate

from cribcount.cards import DECK, Card, Hand, Rank, parse_cards
from cribcount.play import peg
from cribcount.practice import (
    AnswerKind,
    Drill,
    PegDeal,
    Practice,
    PracticeRecord,
    ShowDeal,
    deals,
    last_card_items,
    random_play,
    read_answer,
    show_kinds,
)
from cribcount.practice_log import LogError, log_line, read_log, report, summarise
from cribcount.show import count_show

# random.Random(20) deals these three hands first.
# 1. Qh Js Kh Kd / 3d: the pair of kings 2, runs J-Q-K twice 6, no fifteen: 8 (a double run).
# 2. 5c Js Jc 2h / 6c: fifteens 5+J twice 4, the pair of jacks 2, Jc of the starter's suit 1: 7.
# 3. Tc 3h Ad 7h / 2c: one fifteen T+3+2 2, the run A-2-3 3: 5.
SEED_20 = [("Qh Js Kh Kd / 3d", 8), ("5c Js Jc 2h / 6c", 7), ("Tc 3h Ad 7h / 2c", 5)]

WHEN = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def ticking(*steps: float) -> Callable[[], float]:
    """A clock that reads 0 at the first deal, then moves on by each step in turn."""
    now = 0.0
    readings = [0.0]
    for step in steps:
        now += step
        readings.append(now)
    times = iter(readings)
    return lambda: next(times)


def shows(seed: int, n: int, *, drill: Drill = Drill.HAND, hard: bool = False) -> list[ShowDeal]:
    """The first ``n`` deals of a seed, each checked to be a hand or crib to count."""
    dealt = list(islice(deals(seed, drill=drill, hard=hard), n))
    assert all(isinstance(deal, ShowDeal) for deal in dealt)
    return [deal for deal in dealt if isinstance(deal, ShowDeal)]


def plays(seed: int, n: int) -> list[PegDeal]:
    """The first ``n`` pegging drills of a seed."""
    dealt = list(islice(deals(seed, drill=Drill.PLAY), n))
    assert all(isinstance(deal, PegDeal) for deal in dealt)
    return [deal for deal in dealt if isinstance(deal, PegDeal)]


def hand(text: str) -> Hand:
    cards = [card for card, _ in parse_cards(text.replace("/", " "))]
    return Hand((cards[0], cards[1], cards[2], cards[3]), cards[4])


# --- deals ------------------------------------------------------------------------------------


def test_a_seed_deals_the_hands_pinned_above() -> None:
    got = [(str(deal.hand), deal.points) for deal in shows(20, 3)]
    assert got == SEED_20


def test_the_same_seed_deals_the_same_whatever_the_answers() -> None:
    def dealt(answers: list[int | None]) -> list[str]:
        session = Practice(20, clock=lambda: 0.0)
        shown = []
        for answer in answers:
            deal = session.deal()
            assert isinstance(deal, ShowDeal)
            shown.append(str(deal.hand))
            session.answer(answer)
        return shown

    assert dealt([8, 7, 5, 0]) == dealt([None, 0, 29, 4]) == dealt([1, None, None, None])
    assert dealt([0])[0] == SEED_20[0][0]


def test_deals_are_five_different_cards_and_seeds_differ() -> None:
    first = [str(deal.hand) for deal in shows(1, 50)]
    second = [str(deal.hand) for deal in shows(2, 50)]
    assert first != second
    for deal in shows(3, 200):
        assert len({*deal.hand.cards, deal.hand.starter}) == 5


def test_crib_and_mix() -> None:
    assert all(deal.crib for deal in shows(5, 50, drill=Drill.CRIB))
    assert not any(deal.crib for deal in shows(5, 50))
    mixed = [deal.crib for deal in shows(5, 100, drill=Drill.MIX)]
    assert 20 < sum(mixed) < 80


def test_rounds_are_numbered_from_1() -> None:
    assert [deal.round for deal in islice(deals(9), 4)] == [1, 2, 3, 4]


def holds_double_run(cards: list[Card]) -> bool:
    """A run of three or more distinct ranks with one of its ranks held twice or more."""
    ranks = sorted({card.rank for card in cards})
    held = [card.rank for card in cards]
    stretch: list[int] = []
    for rank in ranks:
        stretch = [*stretch, rank] if stretch and rank == stretch[-1] + 1 else [rank]
        if len(stretch) >= 3 and any(held.count(Rank(r)) >= 2 for r in stretch):
            return True
    return False


def is_hard_by_hand(deal: ShowDeal) -> bool:
    """The --hard condition, from the cards themselves (the total only from count_show)."""
    cards = [*deal.hand.cards, deal.hand.starter]
    suits = {card.suit for card in deal.hand.cards}
    flush = len(suits) == 1 and (not deal.crib or deal.hand.starter.suit in suits)
    nobs = any(
        card.rank == Rank.JACK and card.suit == deal.hand.starter.suit for card in deal.hand.cards
    )
    total = count_show(deal.hand, crib=deal.crib).total
    return total >= 12 or holds_double_run(cards) or flush or nobs


def five(text: str) -> list[Card]:
    return [*hand(text).cards, hand(text).starter]


def test_the_independent_double_run_check() -> None:
    assert holds_double_run(five("6c 7d 7h 8s / Kd"))
    assert holds_double_run(five("2c 3d 4h 4s / 5d"))
    assert holds_double_run(five("6c 7d 8h 9s / 9d"))
    assert not holds_double_run(five("6c 7d 8h Ts / Td"))
    assert not holds_double_run(five("6c 6d 8h 9s / Kd"))
    assert holds_double_run(five("6c 6d 7h 8s / 8d"))  # a double double run
    assert not holds_double_run(five("Ac Ad 3h 4s / 5d"))  # the aces are outside the run


@pytest.mark.parametrize("drill", [Drill.HAND, Drill.CRIB, Drill.MIX])
def test_hard_deals_meet_their_condition_on_many_seeds(drill: Drill) -> None:
    for seed in range(15):
        for deal in shows(seed, 10, drill=drill, hard=True):
            assert is_hard_by_hand(deal), (seed, str(deal.hand), deal.crib)


def test_hard_leaves_out_deals_that_plain_practice_gives() -> None:
    plain = shows(0, 200)
    assert sum(not is_hard_by_hand(deal) for deal in plain) > 100


# --- kinds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "crib", "kinds"),
    [
        ("6c 7d 7h 8s / Kd", False, ("double run",)),
        ("5h 5d 5c Js / 5s", False, ("five or more fifteens", "pair royal", "nobs")),
        ("2h 4h 6h 8h / Kh", True, ("crib flush",)),
        ("2h 4h 6h 8h / Kc", False, ("flush",)),
        ("2h 4h 6h 8h / Kc", True, ("nineteen",)),
        ("2c 4d 6h 8s / Jc", False, ("nineteen",)),
        ("Ac 2d 3h 8s / 8d", False, ("other",)),
    ],
)
def test_kinds_of_hand(cards: str, crib: bool, kinds: tuple[str, ...]) -> None:
    assert show_kinds(count_show(hand(cards), crib=crib)) == kinds


# --- answers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind", "value"),
    [
        ("24\n", AnswerKind.COUNT, 24),
        ("  0 ", AnswerKind.COUNT, 0),
        ("?\n", AnswerKind.SHOW, None),
        ("q\n", AnswerKind.QUIT, None),
        ("Q", AnswerKind.QUIT, None),
        (None, AnswerKind.QUIT, None),
        ("", AnswerKind.UNCLEAR, None),
        ("\n", AnswerKind.UNCLEAR, None),
        ("-2", AnswerKind.UNCLEAR, None),
        ("2.5", AnswerKind.UNCLEAR, None),
        ("twelve", AnswerKind.UNCLEAR, None),
        ("١٢", AnswerKind.UNCLEAR, None),  # digits, but not ASCII
        ("1" * 5000, AnswerKind.UNCLEAR, None),
    ],
)
def test_read_answer(line: str | None, kind: AnswerKind, value: int | None) -> None:
    answer = read_answer(line)
    assert (answer.kind, answer.value) == (kind, value)


# --- a session --------------------------------------------------------------------------------


def test_a_session_times_each_answer_with_the_clock_it_is_given() -> None:
    session = Practice(20, clock=ticking(4.0, 1.0, 2.5, 6.0), now=lambda: WHEN)
    session.deal()
    right = session.answer(8)
    session.deal()
    wrong = session.answer(5)
    assert (right.right, right.seconds, right.missed, right.over) == (True, 4.0, 0, 0)
    assert (wrong.right, wrong.seconds, wrong.missed, wrong.over) == (False, 2.5, 2, 0)
    assert right.muggins is None and session.match is None


def test_muggins_and_the_match_score() -> None:
    # 8 answered 6: 2 missed go to the table, you peg 6. 7 answered 9: over-claimed,
    # corrected to 7. 5 answered ?: a pass, nobody pegs. Match: you 13, the table 2.
    session = Practice(20, muggins=True, clock=lambda: 0.0, now=lambda: WHEN)
    taken = []
    for answer in (6, 9, None):
        session.deal()
        taken.append(session.answer(answer).muggins)
    assert taken == [2, 0, 0]
    assert session.match == (13, 2)


def test_rounds_end_the_deals() -> None:
    session = Practice(20, rounds=2, clock=lambda: 0.0)
    for _ in range(2):
        assert session.deal() is not None
        session.answer(0)
    assert session.deal() is None


def test_a_session_keeps_no_record_of_its_answers() -> None:
    # A session fed answers without end (``yes 5 | cribcount practice``) must not grow: it
    # counts its answers and hands each record back, keeping none.
    session = Practice(20, muggins=True, clock=lambda: 0.0)
    for _ in range(60):
        assert session.deal() is not None
        session.answer(5)
    assert session.answered == 60
    held = [value for value in vars(session).values() if isinstance(value, list | tuple | dict)]
    assert all(len(value) < 60 for value in held)


def test_a_deal_is_dealt_once_until_it_is_answered() -> None:
    session = Practice(20, clock=lambda: 0.0)
    assert session.deal() == session.deal()
    with pytest.raises(ValueError, match="no deal"):
        Practice(20).answer(3)


def record(
    cards: str,
    answer: int | None,
    seconds: float = 1.0,
    *,
    crib: bool = False,
    when: datetime = WHEN,
) -> PracticeRecord:
    return PracticeRecord(when, 1, ShowDeal(1, hand(cards), crib), answer, seconds)


def test_summary_figures_worked_by_hand() -> None:
    records = [
        # 6-7-7-8: fifteens 7+8 twice 4, the pair 2, two runs of three 6: 12 (a double run).
        record("6c 7d 7h 8s / Kd", 12, 3.0),  # right
        record("5h 5d 5c Js / 5s", 29, 5.0),  # right
        record("6c 7d 7h 8s / Kd", 10, 2.0),  # 2 missed
        # All even values: no fifteen; the five-card flush 5. Answered 4: 1 missed.
        record("2h 4h 6h 8h / Kh", 4, 9.0, crib=True),
        # The pair of eights 2, the run A-2-3 3, no fifteen (8 needs a 7): 5.
        record("Ac 2d 3h 8s / 8d", None, 7.0),  # ?: not right, no points
        record("Ac 2d 3h 8s / 8d", 5, 1.0),  # right
        record("Ac 2d 3h 8s / 8d", 5, 4.0),  # right
        record("2c 4d 6h 8s / Jc", 2, 1.5),  # a nineteen: over-claimed by 2
    ]
    summary = summarise(records)
    assert (summary.hands, summary.right, summary.accuracy) == (8, 4, 0.5)
    # right counts took 3, 5, 1 and 4 seconds: the median is (3 + 4) / 2.
    assert summary.median_seconds == 3.5
    assert (summary.missed, summary.over, summary.streak) == (3, 2, 2)
    # 4 misses: a double run, a crib flush, the "other" ?, the nineteen.
    shares = {share.kind: (share.misses, share.of_misses, share.hands) for share in summary.kinds}
    assert shares == {
        "double run": (1, 4, 2),
        "crib flush": (1, 4, 1),
        "other": (1, 4, 3),
        "nineteen": (1, 4, 1),
    }
    assert [share.share for share in summary.kinds] == [0.25] * 4


def test_an_empty_summary() -> None:
    summary = summarise([])
    assert (summary.hands, summary.accuracy, summary.median_seconds, summary.streak) == (
        0,
        None,
        None,
        0,
    )


# --- the pegging drill ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("7c 8d", [("fifteen", 2)]),
        ("7c 8d 8h", [("pair", 2)]),  # 3 cards of 8 laid: no last card point yet
        ("4c 6d 5h", [("fifteen", 2), ("run", 3)]),
        ("Kc 9d Th go 2s", [("thirty-one", 2)]),
        ("3c 5d 4h 2s", [("run", 4)]),
        ("4c 2d 9h 3s", []),
        ("Kc 9d Th 2s 7c 6s Qh Jh", [("last-card", 1)]),  # the eighth card: pone is out of cards
        ("5c 5d 5h 5s", [("pair", 12)]),
    ],
)
def test_what_the_last_card_pegs(text: str, items: list[tuple[str, int]]) -> None:
    assert [(item.kind.value, item.points) for item in last_card_items(text)] == items


def test_random_plays_are_legal_and_each_card_pegs_what_the_whole_play_says() -> None:
    rng = random.Random(15)
    for _ in range(300):
        cards = [Card.from_index(i) for i in rng.sample(range(52), 8)]
        pone, dealer = cards[:4], cards[4:]
        moves = random_play(rng, (pone, dealer))
        text = " ".join("go" if card is None else str(card) for card in moves)
        # With both hands, peg checks every card and every go against the rules.
        whole = peg(text, pone=" ".join(map(str, pone)), dealer=" ".join(map(str, dealer)))
        laid = [play for play in whole.plays if play.card is not None]
        assert len(laid) == 8
        for k, play in enumerate(laid):
            at = [i for i, card in enumerate(moves) if card is not None][k]
            prefix = " ".join("go" if c is None else str(c) for c in moves[: at + 1])
            assert last_card_items(prefix) == play.items, (text, k)


@pytest.mark.parametrize(
    ("text", "players", "items"),
    [
        # Three players: K Q 9 is 29, two gos and the dealer's go point, then 5 5 5: the third
        # five makes 15 and a pair royal, and with 8 of 12 cards laid it is not the last card.
        ("Kc Qd 9h go go 5c 5d 5h", 3, [("fifteen", 2), ("pair", 6)]),
        # Four players lay 16 cards: A to 6 is a run of six at 21, and not the last card.
        ("Ac 2d 3h 4s 5c 6d", 4, [("run", 6)]),
        # Two players lay 8: the same eighth card is the last card of all.
        ("Kc 9d Th go 2s 7c 6s Qh Jh", 2, [("last-card", 1)]),
    ],
)
def test_what_the_last_card_pegs_at_a_larger_table(
    text: str, players: int, items: list[tuple[str, int]]
) -> None:
    got = last_card_items(text, players=players)
    assert [(item.kind.value, item.points) for item in got] == items


@pytest.mark.parametrize("players", range(2, 7))
def test_each_card_of_a_play_pegs_what_the_simulation_says_at_every_table_size(
    players: int,
) -> None:
    rng = random.Random(players)
    for _ in range(30):
        cards = rng.sample(DECK, 4 * players)
        words, expected = simulate([cards[i : i + 4] for i in range(0, len(cards), 4)], rng)
        laid = [row for row in expected if row[1] is not None]
        at = [i for i, (word, _) in enumerate(words) if word != "go"]
        for row, end in zip(laid, at, strict=True):
            prefix = " ".join(word for word, _ in words[: end + 1])
            got = last_card_items(prefix, players=players)
            # The simulation gives the last card point to the last card of the whole play only.
            assert {item.kind.value: item.points for item in got} == row[3], prefix


@pytest.mark.parametrize("players", range(2, 7))
def test_the_pegging_drill_deals_plays_at_every_table_size(players: int) -> None:
    dealt = list(islice(deals(3, drill=Drill.PLAY, players=players), 120))
    assert all(isinstance(deal, PegDeal) and deal.players == players for deal in dealt)
    ends = 0
    for deal in dealt:
        assert isinstance(deal, PegDeal)
        laid = [card for card in deal.moves if card is not None]
        assert deal.moves[-1] is not None and 1 <= len(laid) <= 4 * players
        assert len(set(laid)) == len(laid)
        # A legal play: peg reads it at this table without an error.
        plays = peg(deal.text, players=players).plays
        assert [play.card for play in plays if play.card is not None] == laid
        kinds = [item.kind.value for item in deal.items]
        # The last card of all pegs 1, unless it made 31 (2 for the 31 alone).
        last_card = "last-card" in kinds
        assert last_card == (len(laid) == 4 * players and "thirty-one" not in kinds)
        ends += last_card
    assert 0 < ends < len(dealt)  # some drills stop at the last card of all, most before


def test_play_deals_end_with_a_card_and_are_replayable() -> None:
    first = plays(4, 30)
    assert [deal.text for deal in first] == [deal.text for deal in plays(4, 30)]
    for deal in first:
        assert deal.moves[-1] is not None
        assert 1 <= deal.running <= 31


def test_a_play_deal_pinned() -> None:
    # random.Random(10) first deals a play of Tc 8d 8h Ac: count 27, and the ace
    # after the second eight is no pair, no run, no 15 or 31: nothing.
    deal = plays(10, 1)[0]
    assert (deal.text, deal.running, deal.points, deal.kinds) == (
        "Tc 8d 8h Ac",
        27,
        0,
        ("play: nothing",),
    )


def test_hard_is_for_the_show() -> None:
    with pytest.raises(ValueError, match="hard"):
        next(deals(1, drill=Drill.PLAY, hard=True))


# --- the log and the report -------------------------------------------------------------------


def test_log_line() -> None:
    when = datetime(2026, 11, 30, 9, 5, 7, tzinfo=timezone(timedelta(hours=1)))
    session = Practice(20, muggins=True, clock=ticking(4.25), now=lambda: when)
    session.deal()
    line = log_line(session.answer(6))
    assert json.loads(line) == {
        "time": "2026-11-30T09:05:07+01:00",
        "seed": 20,
        "round": 1,
        "hand": ["Qh", "Js", "Kh", "Kd"],
        "starter": "3d",
        "crib": False,
        "answer": 6,
        "count": 8,
        "seconds": 4.25,
        "muggins": 2,
    }
    assert "\n" not in line


def test_log_line_of_a_pass_and_of_the_play() -> None:
    session = Practice(10, drill=Drill.PLAY, clock=lambda: 0.0, now=lambda: WHEN)
    session.deal()
    data = json.loads(log_line(session.answer(None)))
    assert data["hand"] == ["Tc", "8d", "8h", "Ac"]
    assert (data["starter"], data["play"], data["answer"], data["count"]) == (None, True, None, 0)
    assert data["muggins"] is None


# A log written by hand: Sunday 22 November 2026 is in ISO week 47, Monday 23 and
# Sunday 29 in week 48, Monday 30 in week 49.
LOG = """\
{"time": "2026-11-22T20:00:00+00:00", "seed": 3, "round": 1, "hand": ["6c", "7d", "7h", "8s"], "starter": "Kd", "crib": false, "answer": 10, "count": 12, "seconds": 9.0, "muggins": 2}
{"time": "2026-11-22T20:01:00+00:00", "seed": 3, "round": 2, "hand": ["5h", "5d", "5c", "Js"], "starter": "5s", "crib": false, "answer": 29, "count": 29, "seconds": 6.0, "muggins": 0}

{"time": "2026-11-23T08:00:00+00:00", "seed": 4, "round": 1, "hand": ["2h", "4h", "6h", "8h"], "starter": "Kh", "crib": true, "answer": 5, "count": 5, "seconds": 4.0, "muggins": null}
{"time": "2026-11-29T08:00:00+00:00", "seed": 5, "round": 1, "hand": ["6c", "7d", "7h", "8s"], "starter": "Kd", "crib": false, "answer": 12, "count": 12, "seconds": 3.0, "muggins": null}
{"time": "2026-11-29T08:01:00+00:00", "seed": 5, "round": 2, "hand": ["2c", "4d", "6h", "8s"], "starter": "Jc", "crib": false, "answer": null, "count": 0, "seconds": 2.0, "muggins": null}
{"time": "2026-11-30T07:00:00+00:00", "seed": 6, "round": 1, "hand": ["7c", "8d", "8h"], "starter": null, "crib": false, "play": true, "answer": 3, "count": 2, "seconds": 1.5, "muggins": null}
"""


def test_reading_a_log_written_by_hand() -> None:
    records = read_log(LOG.splitlines())
    assert len(records) == 6
    assert [r.answer for r in records] == [10, 29, 5, 12, None, 3]
    assert records[2].deal == ShowDeal(1, hand("2h 4h 6h 8h / Kh"), True)
    assert records[5].deal == PegDeal(1, tuple(c for c, _ in parse_cards("7c 8d 8h")))
    assert records[0].muggins == 2 and records[2].muggins is None


def test_the_report_of_a_log_worked_by_hand() -> None:
    result = report(read_log(LOG.splitlines()))
    weeks = {week.week: week.summary for week in result.weeks}
    assert list(weeks) == ["2026-W47", "2026-W48", "2026-W49"]
    # W47: the double run's 12 answered 10 (2 missed), 29 right in 6 s.
    w47 = weeks["2026-W47"]
    assert (w47.hands, w47.right, w47.median_seconds, w47.missed, w47.over) == (2, 1, 6.0, 2, 0)
    # W48: the crib's 5 right in 4 s, 12 right in 3 s, a ? on a nineteen.
    w48 = weeks["2026-W48"]
    assert (w48.hands, w48.right, w48.median_seconds, w48.missed, w48.over) == (3, 2, 3.5, 0, 0)
    # W49: 7c 8d 8h pegs a pair, 2, answered 3: over-claimed by 1.
    w49 = weeks["2026-W49"]
    assert (w49.hands, w49.right, w49.median_seconds, w49.missed, w49.over) == (1, 0, None, 0, 1)
    overall = result.overall
    assert (overall.hands, overall.right, overall.streak) == (6, 3, 3)
    assert overall.median_seconds == 4.0  # 6, 4, 3
    assert (result.first, result.last) == (
        datetime(2026, 11, 22, 20, 0, tzinfo=UTC),
        datetime(2026, 11, 30, 7, 0, tzinfo=UTC),
    )
    # Misses: the double run (1 of 2 such hands), the nineteen, the pair in the play.
    shares = {s.kind: (s.misses, s.of_misses, s.hands) for s in overall.kinds}
    assert shares == {"double run": (1, 3, 2), "nineteen": (1, 3, 1), "play: pair": (1, 3, 1)}


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("not json", "line 1: not a JSON object"),
        ("[1, 2]", "line 1: not a JSON object"),
        ('{"seed": 1}', "line 1: 'time' is missing"),
        ('{"time": "yesterday"}', "line 1: 'time' is not an ISO-8601 time"),
        (
            '{"time": "2026-11-30T07:00:00", "seed": 1, "round": 1, "hand": ["5h", "5d", "5c", "Js"],'
            ' "starter": "5s", "crib": false, "answer": 3, "count": 28, "seconds": 1}',
            "line 1: count 28 is not the count of its cards (29)",
        ),
        (
            '{"time": "2026-11-30T07:00:00", "seed": 1, "round": 1, "hand": ["5h", "5d", "5x", "Js"],'
            ' "starter": "5s", "crib": false, "answer": 3, "count": 29, "seconds": 1}',
            "line 1: column 1: unknown suit 'x' in '5x'",
        ),
        (
            '{"time": "2026-11-30T07:00:00", "seed": 1, "round": 1, "hand": ["5h", "5d", "Js"],'
            ' "starter": "5s", "crib": false, "answer": 3, "count": 29, "seconds": 1}',
            "line 1: 'hand' needs 4 cards, got 3",
        ),
        (
            '{"time": "2026-11-30T07:00:00", "seed": true, "round": 1, "hand": ["5h", "5d", "5c", "Js"],'
            ' "starter": "5s", "crib": false, "answer": 3, "count": 29, "seconds": 1}',
            "line 1: 'seed' is missing or not valid",
        ),
        (
            '{"time": "2026-11-30T07:00:00", "seed": 1, "round": 1, "hand": ["7c", "go"],'
            ' "starter": null, "crib": false, "play": true, "answer": 3, "count": 0, "seconds": 1}',
            "line 1: a play in progress ends with a card",
        ),
    ],
)
def test_a_bad_log_line_is_named(line: str, words: str) -> None:
    with pytest.raises(LogError) as caught:
        read_log([line])
    assert caught.value.message.startswith(words)


def test_a_log_round_trips() -> None:
    session = Practice(20, muggins=True, clock=ticking(1.0, 2.0, 3.0, 4.0), now=lambda: WHEN)
    records = []
    for answer in (8, None):
        session.deal()
        records.append(session.answer(answer))
    lines = [log_line(r) for r in records]
    assert read_log(lines) == records
