"""`practice --report`'s fast reader: the same report and the same bad lines as the careful one.

The careful reader (``read_log_file``, then ``report``) is the referee: every
log here is read both ways and the results compared whole.
"""

from __future__ import annotations

import io
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone

import numpy as np
import numpy.typing as npt
import pytest
from conftest import damaged, simulate
from hypothesis import given
from hypothesis import strategies as st

import cribcount.practice_log
from cribcount.cards import DECK, Card, CribcountError, Hand, Suit, parse_card
from cribcount.play_columns import GO, PAST, items_of_key, replay
from cribcount.practice import (
    Drill,
    PegDeal,
    PracticeRecord,
    ShowDeal,
    deals,
    last_card_items,
)
from cribcount.practice_log import (
    LogError,
    Report,
    log_line,
    read_log_file,
    report,
    report_log_file,
)
from cribcount.render.practice import render_report

START = datetime(2026, 11, 20, 9, 30, tzinfo=timezone(timedelta(hours=-5)))


SMALL_CHUNK = 512
"""Bytes a chunk in the fast reader's runs when a log must span many chunks: two or three lines."""


def both_ways(
    data: bytes, sizes: tuple[int | None, ...] = (None, SMALL_CHUNK)
) -> tuple[tuple[Report, list[str]], tuple[Report, list[str]]]:
    """(report, bad lines) of ``data`` by the fast reader, and by the careful one.

    The fast reader reads the log in each of ``sizes`` of chunk (None: its own large
    chunks; by default also chunks of a few lines), and must say the same each time; each report is also rendered, and
    the texts compared (the first and last times as written, offsets included).
    """
    fast_runs = []
    for size in sizes:
        errors: list[LogError] = []
        chunks = {} if size is None else {"chunk_size": size}
        figures = report_log_file(io.BytesIO(data), errors.append, **chunks)
        fast_bad = [str(error) for error in errors]
        fast_runs.append((figures, fast_bad, render_report(figures), stamps(figures)))
    careful_bad: list[str] = []
    records = []
    for result in read_log_file(io.BytesIO(data)):
        if isinstance(result, LogError):
            careful_bad.append(str(result))
        else:
            records.append(result)
    careful = report(records)
    for figures, fast_bad, text, times in fast_runs:
        assert (text, times) == (render_report(careful), stamps(careful))
        assert (figures, fast_bad) == fast_runs[0][:2]
    return fast_runs[0][:2], (careful, careful_bad)


def stamps(figures: Report) -> tuple[str | None, str | None]:
    """The first and last times of a report as written, with their offsets."""
    return tuple(None if when is None else when.isoformat() for when in figures[2:])  # type: ignore[return-value]


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
        *written_otherwise(good[0]),
    ]
    for line in variants:
        data = ("\n".join([good[2], line, good[3]]) + "\n").encode()
        (fast, fast_bad), (careful, careful_bad) = both_ways(data)
        assert (fast, fast_bad) == (careful, careful_bad), line


def written_otherwise(line: str) -> list[str]:
    """``line`` with one value written as JSON does not write it (some not JSON at all), or a
    time that is not one: the careful reader decides each."""
    count = json.loads(line)["count"]
    at = line.index('"time": "') + len('"time": "')
    stamp = line[at : at + 25]  # 2026-11-20T10:30:00-05:00

    def timed(new: str) -> str:
        return line.replace(stamp, new)

    return [
        line.replace(f'"count": {count}', f'"count": 0{count}'),  # not JSON
        line.replace(f'"count": {count}', f'"count": {count}.0'),  # a float count
        line.replace('"seed": 2', '"seed": 02'),
        line.replace('"seconds": ', '"seconds": 0'),
        line.replace('"seconds": ', '"seconds": -'),
        re.sub(r'"seconds": ([0-9.]+)', r'"seconds": \g<1>000', line),  # more places, same
        re.sub(r'"seconds": ([0-9.]+)', r'"seconds": \g<1>e0', line),
        line.replace('"answer": ', '"answer": 0'),
        line.replace('"muggins": ', '"muggins": 0'),
        timed(stamp[:11] + "24:00:00" + stamp[19:]),
        timed(stamp[:11] + "23:59:60" + stamp[19:]),
        timed(stamp[:11] + "23:60:00" + stamp[19:]),
        timed(stamp[:19] + "+24:00"),
        timed(stamp[:19] + "+23:59"),
        timed(stamp[:19] + "-00:00"),
        timed(stamp[:19] + "+05:60"),
        timed("2026-02-29" + stamp[10:]),
        timed("2028-02-29" + stamp[10:]),
        timed("0000-01-01" + stamp[10:]),
        timed("9999-12-31T23:59:59-23:59"),
        timed(stamp[:10] + " " + stamp[11:]),
        timed(stamp + "Z"),
        line.replace(", ", ","),
        line + " ",
        line.replace("}", "}\r"),
    ]


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


def test_times_in_many_offsets_report_the_same_both_ways() -> None:
    # The same instants written in offsets from -12:00 to +14:00, changing within a run of
    # lines: the week is that of each time's own date, and of two lines at the earliest (or
    # the latest) instant the report keeps the first, as written.
    rng = random.Random(11)
    lines = []
    for text in mixed_log(4, 90):
        data = json.loads(text)
        when = datetime.fromisoformat(data["time"])
        if rng.random() < 0.7:
            hours = rng.randint(-12, 14)
            when = when.astimezone(timezone(timedelta(hours=hours, minutes=rng.choice((0, 30)))))
        lines.append(json.dumps({**data, "time": when.isoformat()}))
    earliest = min(lines, key=lambda text: datetime.fromisoformat(json.loads(text)["time"]))
    latest = max(lines, key=lambda text: datetime.fromisoformat(json.loads(text)["time"]))
    for twin in (earliest, latest):
        data = json.loads(twin)
        moved = datetime.fromisoformat(data["time"]).astimezone(timezone(timedelta(hours=9)))
        lines.insert(rng.randrange(len(lines)), json.dumps({**data, "time": moved.isoformat()}))
    data = ("\n".join(lines) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data)
    assert fast_bad == careful_bad == []
    assert fast == careful


def test_odd_lines_among_many_chunks_are_read_in_their_places() -> None:
    # A byte order mark, CR LF and CR line ends, blank lines, bad lines in the fast shape and
    # out of it, and a torn last line, among good lines that span many chunks.
    good = mixed_log(6, 60)
    lines = ["\ufeff" + good[0], *good[1:]]
    lines[5] += "\r"  # CR LF
    lines[9] = lines[9] + "\r" + lines[10]  # a CR alone ends line 10
    lines[10] = ""
    lines[14] = "   "
    lines[20] = lines[20].replace('"count": ', '"count": 1')  # the fast shape, a wrong count
    lines[21] = lines[21].replace('"hand": ["', '"hand": ["Xx", "')
    lines[33] = lines[33][:40]  # torn
    lines[34] = json.dumps({**json.loads(lines[34]), "time": "2026-12-01T08:00:00"})
    data = ("\n".join(lines) + "\n").encode() + good[0][:70].encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data)
    assert fast_bad == careful_bad
    assert [error.split(":")[0] for error in fast_bad] == [
        "line 22",  # lines[20]: a CR alone made line 10 two, and lines[10] is blank
        "line 23",
        "line 35",
        "line 62",  # torn
    ]
    assert fast == careful
    assert fast.overall.hands == 56  # 60, less a blank line and three bad ones


def test_the_first_and_last_times_are_instants_not_text() -> None:
    # As text, 23:00 at -05:00 on the 20th sorts before 01:00 at +09:00 on the 21st; as an
    # instant it is 12 hours after it. Equal instants: the first line of them is kept.
    line = mixed_log(8, 1)[0]
    stamp = json.loads(line)["time"]
    times = [
        "2026-11-20T23:00:00-05:00",  # 04:00 UTC on the 21st: the last
        "2026-11-21T01:00:00+09:00",  # 16:00 UTC on the 20th: the first
        "2026-11-20T16:00:00+00:00",  # the first again, written otherwise: not kept
        "2026-11-21T04:00:00+00:00",  # the last again: not kept
    ]
    data = "".join(line.replace(stamp, when) + "\n" for when in times).encode()
    (fast, _), (careful, _) = both_ways(data)
    assert stamps(fast) == stamps(careful) == (times[1], times[0])


def test_a_log_as_log_line_writes_it_is_read_whole_by_the_fast_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # New deals of every count drill, answered at random: no line needs the careful reader.
    data = ("\n".join(mixed_log(12, 300)) + "\n").encode()
    careful: list[int] = []
    plain = cribcount.practice_log._careful_records

    def careful_records(number: int, raw: bytes) -> Iterator[object]:
        careful.append(number)
        return plain(number, raw)

    monkeypatch.setattr(cribcount.practice_log, "_careful_records", careful_records)
    for size in (None, SMALL_CHUNK, 5000):
        bad: list[LogError] = []
        chunks = {} if size is None else {"chunk_size": size}
        figures = report_log_file(io.BytesIO(data), bad.append, **chunks)
        assert figures.overall.hands == 300 and bad == []
    assert careful == []


ODD_LINES: list[Callable[[str], str]] = [
    lambda line: line[:57],  # torn
    lambda line: "\ufeff" + line,  # a byte order mark past the first line
    lambda line: line.replace('-05:00"', '+09:30"'),  # another offset: still a record
    lambda line: line.replace('-05:00"', '"'),  # no offset: the local time
    lambda line: re.sub(r'"answer": (null|[0-9]+)', '"answer": -3', line),
    lambda line: re.sub(r'"seconds": [0-9.]+', '"seconds": NaN', line),
    lambda line: re.sub(r'"count": [0-9]+', '"count": 27', line),
    lambda line: re.sub(r'"hand": \["(..)", "..",', r'"hand": ["\1", "\1",', line),  # twice
    lambda line: line.replace('"hand": ["', '"hand": ["go", "'),
    lambda line: "",
    lambda line: line + "\r",
    lambda line: line + "\r" + line,  # a CR alone: two lines
    lambda line: line.replace(", ", ",", 1),
]


@pytest.mark.parametrize(("seed", "few"), [(0, None), (1, None), (2, None), (3, 1)])
def test_odd_lines_among_new_deals_across_chunks_report_the_same_both_ways(
    seed: int, few: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every line a new deal (hands, cribs and plays); an odd line every few, of every kind
    # above, wherever the chunks of each size happen to end. The runs of lines between odd
    # ones are short: added a line at a time, or (``few``) as many lines are.
    if few is not None:
        monkeypatch.setattr(cribcount.practice_log, "_FEW_LINES", few)
    rng = random.Random(seed)
    lines = mixed_log(20 + seed, 400)
    for at in range(rng.randrange(5), len(lines), 7):
        lines[at] = rng.choice(ODD_LINES)(lines[at])
    data = ("\n".join(lines) + "\n").encode() + lines[-1][:30].encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data, (None, 300, 1000, 4096))
    assert fast_bad == careful_bad
    assert fast == careful
    assert len(careful_bad) > 20 and fast.overall.hands > 300


def test_a_chunk_of_many_lines_is_read_a_piece_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pieces of at most three lines: blank lines, odd lines and lines of the fast shape (long
    # and short) split anywhere, each piece in its place.
    monkeypatch.setattr(cribcount.practice_log, "_MOST_LINES", 3)
    rng = random.Random(13)
    lines = mixed_log(30, 120)
    odd: list[Callable[[str], str]] = [*ODD_LINES, lambda line: "\n\n\n" + line]
    for at in range(0, len(lines), 5):
        lines[at] = rng.choice(odd)(lines[at])
    data = ("\n".join(lines) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data, (None, 2000))
    assert fast_bad == careful_bad
    assert fast == careful
    pieces = list(cribcount.practice_log._pieces(data, 0, len(data)))
    assert pieces[0][0] == 0 and pieces[-1][1] == len(data)
    for (_, end), (start, _) in itertools.pairwise(pieces):
        assert end == start and data[end - 1 : end] == b"\n"
    assert max(data.count(b"\n", start, end) for start, end in pieces) <= 3


def new_deals_log(players: int, lines: int) -> list[str]:
    """``lines`` log lines of new deals, a hand, a crib and a play in progress at a table of
    ``players`` in turn, answered mostly right and timed to the millisecond, minutes to days
    apart."""
    rng = random.Random(players)
    sources = [
        deals(players, drill=Drill.HAND),
        deals(players, drill=Drill.CRIB),
        deals(players, drill=Drill.PLAY, players=players),
    ]
    when = START
    out = []
    for at in range(lines):
        deal = next(sources[at % 3])
        assert isinstance(deal, ShowDeal | PegDeal)
        when += timedelta(minutes=rng.choice((1, 7, 600, 3000)))
        answer = rng.choice(
            (None, deal.points, deal.points, max(0, deal.points + rng.randint(-2, 2)))
        )
        seconds = round(rng.uniform(0.5, 20.0), rng.randint(0, 3))
        record = PracticeRecord(when, players, deal, answer, seconds, rng.choice((None, 0, 3)))
        out.append(log_line(record))
    return out


@pytest.mark.parametrize("players", range(2, 7))
def test_new_deals_of_every_drill_at_each_table_report_the_same_both_ways(players: int) -> None:
    # The log says no table: its plays are read as two players' (at a larger table many
    # are refused, by both readers alike). An odd line every few, of each kind above,
    # wherever the chunks of each size happen to end.
    rng = random.Random(players)
    lines = new_deals_log(players, 150)
    for at in range(rng.randrange(4), len(lines), 9):
        lines[at] = rng.choice(ODD_LINES)(lines[at])
    data = ("\n".join(lines) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data, (None, 300, 4096))
    assert fast_bad == careful_bad
    assert fast == careful
    assert fast.overall.hands > 60


def test_plays_longer_than_the_fast_shape_and_gos_past_the_last_card_agree() -> None:
    # Plays of more moves than the fast shape holds take the careful reader, in their place.
    stamp = START.isoformat()
    lines = [
        play_line(stamp, ["go"] * 40 + ["5c"], 0),
        play_line(stamp, ["Kc", "Qc", "9c"] + ["go"] * 30 + ["5c"], 0),
        play_line(stamp, ["5c", "5d", "5h"], 8),  # fifteen and a pair royal
        play_line(stamp, ["Kc", "Qc", "9c", "go", "go", "5c"], 0),
        play_line(stamp, ["Kc", "Qc", "9c", "go", "5c"], 0),
        play_line(stamp, ["Kc", "Qc", "9c", "go", "go", "go", "5c"], 0),
        play_line(stamp, ["7c", "8c", "7d", "8d", "Ac", "Ad", "2c", "2d", "go"], 0),
        play_line(stamp, ["Ac", "2c", "3c", "4c", "Ad", "2d", "3d", "4d", "Ah"], 0),
    ]
    data = ("\n".join(lines * 3) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data, (None, 200, 700))
    assert fast_bad == careful_bad
    assert fast == careful
    assert len(fast_bad) > 6 and fast.overall.hands > 3


def written(
    texts: list[bytes],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``texts`` written one after another, a comma after each: the bytes, where each begins
    and where each ends."""
    text = np.frombuffer(b"".join(t + b"," for t in texts), dtype=np.uint8)
    ends = np.flatnonzero(text == ord(","))
    return text, np.concatenate(([0], ends[:-1] + 1)), ends


def test_numbers_read_where_they_stand_are_those_json_reads() -> None:
    # Seconds of up to nine digits and three places, and whole numbers of up to nine digits.
    rng = random.Random(9)
    texts = [b"0", b"0.5", b"999999999.999", b"0.001", b"1.10"]
    for _ in range(3000):
        text = str(rng.randrange(10 ** rng.randint(1, 9))).encode()
        if rng.random() < 0.8:
            text += b"." + str(rng.randrange(1000)).zfill(3)[: rng.randint(1, 3)].encode()
        texts.append(text)
    decimals = cribcount.practice_log._decimals(*written(texts)).tolist()
    assert [repr(value) for value in decimals] == [repr(float(json.loads(t))) for t in texts]
    whole = [t.split(b".")[0] for t in texts]
    numbers = cribcount.practice_log._whole_numbers(*written(whole)).tolist()
    assert numbers == [int(t) for t in whole]


def plain_last_card(moves: list[Card | None], players: int) -> object:
    """What ``last_card_items`` says the last card pegs, or None if it refuses the play."""
    try:
        return last_card_items(
            " ".join("go" if c is None else str(c) for c in moves), players=players
        )
    except CribcountError:
        return None


def plays_and_their_mistakes(seed: int, n: int) -> list[tuple[list[Card | None], int]]:
    """Plays of the pegging drill at tables of 2 to 6, each also with a go or two put in, a
    move taken out, two moves swapped or a card changed, and cards in a random order: legal
    and not."""
    rng = random.Random(seed)
    out = []
    for players in range(2, 7):
        for deal in itertools.islice(deals(seed, drill=Drill.PLAY, players=players), n):
            assert isinstance(deal, PegDeal)
            moves = list(deal.moves)
            out.append((moves, players))
            changed = list(moves)
            at = rng.randrange(len(changed))
            how = rng.choice(["go", "goes", "drop", "swap", "card"])
            if how in ("go", "goes"):
                changed[at:at] = [None] * (1 + (how == "goes"))
            elif how == "drop":
                del changed[at]
            elif how == "swap":
                other = rng.randrange(len(changed))
                changed[at], changed[other] = changed[other], changed[at]
            else:
                changed[at] = rng.choice([card for card in DECK if card not in changed])
            while changed and changed[-1] is None:
                changed.pop()
            if changed:
                out.append((changed, players))
            out.append((list(rng.sample(DECK, rng.randint(1, 4 * players))), players))
    return out


def replayed(plays: list[tuple[list[Card | None], int]]) -> list[object]:
    """What ``play_columns.replay`` says the last card of each play pegs (None where it refuses
    the play), the plays of each table replayed together."""
    by_table: dict[int, list[int]] = {}
    for at, (_, players) in enumerate(plays):
        by_table.setdefault(players, []).append(at)
    said: list[object] = [None] * len(plays)
    for players, ats in by_table.items():
        width = max(len(plays[at][0]) for at in ats)
        grid = np.full((len(ats), width), PAST)
        for row, at in zip(grid, ats, strict=True):
            moves = plays[at][0]
            row[: len(moves)] = [GO if card is None else int(card.rank) for card in moves]
        for at, key in zip(ats, replay(grid, players=players).keys().tolist(), strict=True):
            said[at] = items_of_key(key)
    return said


def check_replay(plays: list[tuple[list[Card | None], int]]) -> int:
    """Each play's last card pegs by ``replay`` as ``peg`` says; how many plays are refused."""
    refused = 0
    for (moves, players), items in zip(plays, replayed(plays), strict=True):
        want = plain_last_card(moves, players)
        assert items == want, (moves, players)
        refused += want is None
    return refused


def test_plays_replayed_together_peg_as_the_play_scorer() -> None:
    plays = plays_and_their_mistakes(0, 150)
    assert check_replay(plays) > 150  # many plays are refused: both ways refuse the same


@pytest.mark.slow
def test_plays_replayed_together_peg_as_the_play_scorer_over_many_plays() -> None:
    plays = plays_and_their_mistakes(1, 3000)
    assert check_replay(plays) > 3000


def whole_plays(seed: int, n: int) -> list[tuple[list[Card | None], int]]:
    """Random legal plays of 2 to 6 players by the tests' own simulator, cut after a random card:
    each with every go written, and with only the gos that must be written."""
    rng = random.Random(seed)
    out: list[tuple[list[Card | None], int]] = []
    for players in range(2, 7):
        for _ in range(n):
            deal = rng.sample(DECK, 4 * players)
            words, _ = simulate([deal[4 * i : 4 * i + 4] for i in range(players)], rng)
            cards = [at for at, (word, _) in enumerate(words) if word != "go"]
            words = words[: rng.choice(cards) + 1]
            for written in (lambda must: True, lambda must: must):
                out.append(
                    (
                        [
                            None if word == "go" else parse_card(word)
                            for word, must in words
                            if word != "go" or written(must)
                        ],
                        players,
                    )
                )
    return out


def test_whole_plays_replayed_together_with_their_gos_written_or_not() -> None:
    # Legal plays: none refused, whether a go that follows from the next card is written or not.
    assert check_replay(whole_plays(3, 100)) == 0


@given(
    players=st.integers(2, 6),
    moves=st.lists(st.one_of(st.none(), st.sampled_from(DECK)), max_size=30, unique=True),
    gos=st.lists(st.integers(0, 30), max_size=6),
)
def test_any_moves_are_replayed_as_the_play_scorer_reads_them(
    players: int, moves: list[Card | None], gos: list[int]
) -> None:
    # Any cards in any order, gos anywhere (one at a time or several together).
    for at in gos:
        moves.insert(min(at, len(moves)), None)
    assert check_replay([(moves, players)]) in (0, 1)


def test_a_play_of_no_move_or_no_card_is_refused() -> None:
    grid = np.array([[PAST, PAST], [GO, PAST], [5, PAST]])
    keys = replay(grid, players=2).keys().tolist()
    assert [items_of_key(key) for key in keys[:2]] == [None, None]
    assert items_of_key(keys[2]) == ()


@pytest.mark.slow
def test_a_long_log_of_new_deals_reports_the_same_both_ways() -> None:
    data = ("\n".join(mixed_log(99, 20_000)) + "\n").encode()
    (fast, fast_bad), (careful, careful_bad) = both_ways(data, (None, 100_000))
    assert fast_bad == careful_bad == []
    assert fast == careful


def test_seconds_packed_are_counted_as_a_dict_counts_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # A week's right counts are kept in a dict until it grows, then packed in arrays: the
    # values and counts must be those of a plain dict, a zero the first one met (0.0 or -0.0).
    monkeypatch.setattr(cribcount.practice_log, "_PACKED_AFTER", 8)
    rng = random.Random(5)
    for _ in range(20):
        seconds = cribcount.practice_log._Multiset()
        plain: dict[float, int] = {}
        for _ in range(rng.randrange(200)):
            value = rng.choice((0.0, -0.0, rng.randrange(40) / 8, rng.randrange(10**6) / 1000))
            times = rng.randint(1, 3)
            seconds.update([(value, times)])
            plain[value] = plain.get(value, 0) + times
        packed = list(seconds.items())
        assert packed == sorted(plain.items())
        assert [str(value) for value, _ in packed] == [str(value) for value in sorted(plain)]
