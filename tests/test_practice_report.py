"""`practice --report`'s fast reader: the same report and the same bad lines as the careful one.

The careful reader (``read_log_file``, then ``report``) is the referee: every
log here is read both ways and the results compared whole.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from datetime import UTC, datetime, timedelta, timezone

from conftest import damaged
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, Hand, Suit
from cribcount.practice import Drill, PegDeal, PracticeRecord, ShowDeal, deals
from cribcount.practice_log import (
    LogError,
    Report,
    log_line,
    read_log_file,
    report,
    report_log_file,
)

START = datetime(2026, 11, 20, 9, 30, tzinfo=timezone(timedelta(hours=-5)))


def both_ways(data: bytes) -> tuple[tuple[Report, list[str]], tuple[Report, list[str]]]:
    """(report, bad lines) of ``data`` by the fast reader, and by the careful one."""
    fast_bad: list[str] = []
    fast = report_log_file(io.BytesIO(data), lambda error: fast_bad.append(str(error)))
    careful_bad: list[str] = []
    records = []
    for result in read_log_file(io.BytesIO(data)):
        if isinstance(result, LogError):
            careful_bad.append(str(result))
        else:
            records.append(result)
    return (fast, fast_bad), (report(records), careful_bad)


def mixed_log(seed: int, lines: int) -> list[str]:
    """``lines`` log lines of hands, cribs and plays, answered at random around the count, over
    several weeks, some with a ``?``, some under muggins; each show's hand also comes back with
    its suits changed (as often the same count, a flush or nobs lost or won)."""
    rng = random.Random(seed)
    sources = {drill: deals(seed, drill=drill) for drill in (Drill.HAND, Drill.CRIB, Drill.PLAY)}
    out: list[str] = []
    when = START
    while len(out) < lines:
        deal = next(sources[rng.choice(list(sources))])
        assert isinstance(deal, ShowDeal | PegDeal)  # the count drills deal no best-card turn
        twins: list[ShowDeal | PegDeal] = [deal]
        if isinstance(deal, ShowDeal):
            suits = list(Suit)
            rng.shuffle(suits)
            cards = (*deal.hand.cards, deal.hand.starter)
            # Each card's suit moved by one permutation: the same ranks, still five cards.
            moved = [
                next(
                    c
                    for c in DECK
                    if c.rank == card.rank and c.suit == suits[list(Suit).index(card.suit)]
                )
                for card in cards
            ]
            twins.append(ShowDeal(deal.round, Hand(tuple(moved[:4]), moved[4]), deal.crib))  # type: ignore[arg-type]
        for twin in twins:
            when += timedelta(hours=rng.choice((1, 20, 70)))
            answer = rng.choice((None, twin.points, twin.points, twin.points + rng.randint(-3, 3)))
            if answer is not None and answer < 0:
                answer = 0
            record = PracticeRecord(
                time=when,
                seed=seed,
                deal=twin,
                answer=answer,
                seconds=rng.choice((1.5, 2.0, 2.25, 7.125, 12.0)),
                muggins=rng.choice((None, 0, 2)),
            )
            out.append(log_line(record))
    return out[:lines]


def test_a_mixed_log_reports_the_same_both_ways() -> None:
    data = ("\n".join(mixed_log(1, 600)) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data)
    assert fast_bad == careful_bad == []
    assert fast == careful
    assert fast.overall.hands == 600 and len(fast.weeks) > 10


def test_lines_near_the_canonical_shape_take_the_careful_path_and_agree() -> None:
    good = mixed_log(2, 4)
    first = json.loads(good[0])
    variants = [
        json.dumps({**first, "seed": 10**9}),  # the largest allowed, past the fast pattern
        json.dumps({**first, "seed": 10**9 + 1}),
        json.dumps({**first, "time": "2026-13-01T00:00:00+00:00"}),
        json.dumps({**first, "time": "2026-11-30T10:00:00"}),  # no offset: local time
        json.dumps({**first, "count": first["count"] + 1}),
        json.dumps({**first, "hand": [first["hand"][0]] * 4}),
        json.dumps({**first, "hand": ["10h" if c == "Th" else c for c in first["hand"]]}),
        json.dumps({**first, "seconds": 1e300}),
        json.dumps({**first, "muggins": -1}),
        json.dumps({**first, "play": True}),
        json.dumps(first, indent=1).replace("\n", ""),
        "\ufeff" + good[1],
        json.dumps({**first, "starter": first["hand"][0]}),
        play_line(first["time"], ["7c", "7c"], 2),  # a card twice
        play_line(first["time"], ["Kc", "go", "9c"], 0),  # a go with 9c to lay
        play_line(first["time"], ["Kc", "Qc", "9c", "5c"], 0),  # past 31
        play_line(first["time"], ["Kc", "Qc", "9c"], 0),  # 29, rightly
    ]
    for line in variants:
        data = ("\n".join([good[2], line, good[3]]) + "\n").encode()
        (fast, fast_bad), (careful, careful_bad) = both_ways(data)
        assert (fast, fast_bad) == (careful, careful_bad), line


def play_line(time: str, moves: list[str], count: int) -> str:
    """A pegging drill's log line in the log's own shape, with any moves and count."""
    return json.dumps(
        {"time": time, "seed": 1, "round": 1, "hand": moves, "starter": None, "crib": False}
        | {"play": True, "answer": 0, "count": count, "seconds": 1.0, "muggins": None}
    )


_DAMAGE = st.lists(
    st.tuples(st.integers(0, 100_000), st.sampled_from(["delete", "flip", "insert", "cut"])),
    max_size=8,
)


@given(
    seed=st.integers(0, 1000),
    damage=_DAMAGE,
    junk=st.sampled_from([b"\n", b"\r", b"x", b'"', b"\xff", b"9", b"go", b"\xef\xbb\xbf"]),
)
def test_a_damaged_log_reports_the_same_both_ways(
    seed: int, damage: list[tuple[int, str]], junk: bytes
) -> None:
    data = damaged(("\n".join(mixed_log(seed, 12)) + "\n").encode(), damage, junk)
    (fast, fast_bad), (careful, careful_bad) = both_ways(data)
    assert fast_bad == careful_bad
    assert fast == careful


def test_hands_of_one_key_count_alike_and_hands_of_other_keys_are_not_mixed_up() -> None:
    # Every hand of one rank multiset with each flush and nobs pattern that fits it: the
    # fast reader meets them in one log, so a later hand always finds its key counted.
    rng = random.Random(7)
    lines = []
    when = datetime(2026, 1, 5, tzinfo=UTC)
    for _ in range(1200):
        cards = rng.sample(DECK, 5)
        if rng.random() < 0.3:  # flushes and nobs are rare at random: make more
            suit = rng.choice(list(Suit))
            cards = [
                next(c for c in DECK if c.rank == card.rank and c.suit == suit)
                for card in cards[:4]
            ] + [cards[4]]
            if len(set(cards)) < 5:
                continue
        deal = ShowDeal(
            1, Hand((cards[0], cards[1], cards[2], cards[3]), cards[4]), rng.random() < 0.5
        )
        record = PracticeRecord(when, 1, deal, deal.points + rng.choice((0, 1)), 2.0)
        lines.append(log_line(record))
        when += timedelta(days=1)
    (fast, fast_bad), (careful, careful_bad) = both_ways(("\n".join(lines) + "\n").encode())
    assert fast_bad == careful_bad == []
    assert fast == careful


def test_plays_of_the_same_ranks_peg_alike_whatever_their_suits() -> None:
    players = 2  # the log's plays are of two players
    rng = random.Random(3)
    lines = []
    when = datetime(2026, 2, 2, tzinfo=UTC)
    for deal in itertools.islice(deals(5, drill=Drill.PLAY, players=players), 400):
        assert isinstance(deal, PegDeal)
        suits = list(Suit)
        rng.shuffle(suits)
        by_suit = dict(zip(Suit, suits, strict=True))
        moved = tuple(
            None
            if card is None
            else next(c for c in DECK if c.rank == card.rank and c.suit == by_suit[card.suit])
            for card in deal.moves
        )
        for twin in (deal, PegDeal(deal.round, moved, players)):
            lines.append(log_line(PracticeRecord(when, 5, twin, rng.choice((None, 0, 2)), 1.0)))
            when += timedelta(hours=9)
    (fast, fast_bad), (careful, careful_bad) = both_ways(("\n".join(lines) + "\n").encode())
    assert fast_bad == careful_bad == []
    assert fast == careful
