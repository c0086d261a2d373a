"""How fast ``cribcount practice --report`` reads a long log, and the most memory it takes.

Run as ``python benchmarks/bench_practice_report.py [LINES] [--new-deals | --log FILE]
[--against DIR]``. It writes a log of LINES lines (default 1,000,000), and times
``cribcount practice --report`` on it, printing the wall-clock and CPU seconds,
lines a second by each, and the peak resident memory. With ``--against DIR`` (a
source tree of another version) the same log is timed with that version too, in
the same run, as the baseline, and the two reports are compared byte for byte.
Wall-clock times stretch with whatever else the machine is doing, CPU times much
less: compare the rows of one run.

The log repeats a thousand deals from practice sessions, as a player's log
repeats the kinds of hand; with ``--new-deals`` every line is a deal of its own,
as in a real log, a minute after the last (a million lines are written in well
under a minute); with ``--log FILE`` the log is FILE, as it is (LINES is then
its number of lines, for the rates).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import numpy.typing as npt
from timing import measure, run_versions

from cribcount.batch.vector import NO_CLAIM, score_rows
from cribcount.cards import DECK, Hand, parse_card
from cribcount.play_columns import GO as GO_RANK
from cribcount.play_columns import PAST, items_of_key, replay
from cribcount.practice import (
    Drill,
    PegDeal,
    Practice,
    PracticeRecord,
    ShowDeal,
)
from cribcount.practice_log import log_line
from cribcount.rules import MAX_COUNT

SESSION = 1000
"""Distinct deals written; the log repeats them (each line is still read and checked)."""


def write_log(path: Path, lines: int) -> None:
    """``lines`` log lines: sessions of hands, cribs and plays, answered 6."""
    clock = itertools.count(0.0, 2.5).__next__
    session_lines = []
    for seed, drill in zip(range(3), (Drill.HAND, Drill.CRIB, Drill.PLAY), strict=True):
        session = Practice(seed, drill=drill, clock=clock)
        for _ in range(SESSION // 3 + 1):
            assert session.deal() is not None
            session_lines.append(log_line(session.answer(6)))
    block = "\n".join(session_lines) + "\n"
    with path.open("w", encoding="utf-8") as out:
        for _ in range(lines // len(session_lines)):
            out.write(block)
        out.write("\n".join(session_lines[: lines % len(session_lines)]) + "\n")


def write_new_deals(path: Path, lines: int) -> None:
    """``lines`` log lines, each a new deal drawn at random, a minute after the last: a hand, a
    crib and a play in turn, answered as a player would (mostly right, else a little off, now
    and then ``?``), in a few seconds each to the millisecond.

    The lines are made directly rather than by practice sessions, so that a million take
    seconds: each show counted by the batch's vectorised counter (``score_rows``), each play
    a random legal play of two hands (``random_hands_play``) cut after a random card, its
    last card scored with the others of the block by ``play_columns.replay``. Every hundredth
    line is checked to be the line ``log_line`` writes for its record, which counts its deal
    by the plain scorers.
    """
    rng = random.Random(23)
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)
    with path.open("w", encoding="utf-8") as out:
        for first in range(0, lines, BLOCK):
            out.write("".join(new_lines(rng, first, min(BLOCK, lines - first), start)))


BLOCK = 10_000
"""Lines made at a time."""


def new_lines(rng: random.Random, first: int, n: int, start: datetime) -> list[str]:
    """Lines ``first`` to ``first + n`` of a log of new deals (hand, crib, play in turn)."""
    draw = np.random.default_rng(rng.getrandbits(64))
    at_show = [at for at in range(first, first + n) if at % 3 != 2]
    # Five different cards a hand: the first five of a random order of the deck.
    dealt = np.argsort(draw.random((len(at_show), len(DECK))), axis=1)[:, :5].astype(np.uint8)
    counts = show_counts(dealt, np.array([at % 3 == 1 for at in at_show]))
    deals: dict[int, tuple[list[int], int]] = {}
    for at, cards, count in zip(at_show, dealt.tolist(), counts, strict=True):
        deals[at] = (cards, count)
    plays = {}
    for at in range(first + (2 - first) % 3, first + n, 3):
        moves = random_hands_play(rng)
        cut = rng.choice([i for i, card in enumerate(moves) if card != GO])
        plays[at] = moves[: cut + 1]
    if plays:
        ranks = np.full((len(plays), max(map(len, plays.values()))), PAST)
        for row, moves in zip(ranks, plays.values(), strict=True):
            row[: len(moves)] = [RANKS[card] for card in moves]
        keys = replay(ranks, players=2).keys().tolist()
        for (at, moves), key in zip(plays.items(), keys, strict=True):
            items = items_of_key(key)
            assert items is not None, moves
            deals[at] = (moves, sum(item.points for item in items))
    # Mostly right, else a point or two off (never below 0), now and then "?".
    offsets = draw.choice([0, 0, 0, -2, -1, 1, 2], size=n).tolist()
    unsure = (draw.random(n) < 0.05).tolist()
    seconds = np.round(draw.uniform(0.5, 20.0, size=n), 3).tolist()
    out = []
    for at, off, no_answer, taken in zip(
        range(first, first + n), offsets, unsure, seconds, strict=True
    ):
        cards, count = deals[at]
        said = "null" if no_answer else max(0, count + off)
        time = (start + timedelta(minutes=at)).isoformat()
        names = ", ".join(map(NAMES.__getitem__, cards))
        deal = (
            f'"hand": [{names}], "starter": null, "crib": false, "play": true'
            if at % 3 == 2
            else f'"hand": [{names[:22]}], "starter": {names[24:]}, '
            f'"crib": {"true" if at % 3 == 1 else "false"}'
        )
        line = (
            f'{{"time": "{time}", "seed": {at // 1000}, "round": {at}, {deal}, '
            f'"answer": {said}, "count": {count}, "seconds": {taken}, "muggins": null}}\n'
        )
        if at % 100 == 0:
            assert line == log_line(record_of(line)) + "\n", line
        out.append(line)
    return out


def record_of(line: str) -> PracticeRecord:
    """The record of a line, its deal counted afresh by the plain scorers."""
    data = json.loads(line)
    cards = [None if token == "go" else parse_card(token) for token in data["hand"]]
    if data.get("play"):
        deal: ShowDeal | PegDeal = PegDeal(data["round"], tuple(cards))
    else:
        starter = parse_card(data["starter"])
        deal = ShowDeal(data["round"], Hand(tuple(cards), starter), data["crib"])  # type: ignore[arg-type]
    when = datetime.fromisoformat(data["time"])
    return PracticeRecord(when, data["seed"], deal, data["answer"], data["seconds"])


def show_counts(cards: npt.NDArray[np.uint8], crib: npt.NDArray[np.bool_]) -> list[int]:
    """The count of each hand of five cards (``Card.index``, a row a hand, the starter last) by
    the batch's counter."""
    rows = score_rows(
        line=np.arange(len(cards)),
        cards=np.ascontiguousarray(cards.T),
        crib=crib,
        claim=np.full(len(cards), NO_CLAIM, dtype=np.int16),
    )
    return rows.total.tolist()  # type: ignore[no-any-return]


GO = len(DECK)
"""A go among a play's cards (``Card.index``)."""
NAMES = [*(f'"{card}"' for card in DECK), '"go"']
"""Each card as the log writes it, by its index, and a go."""
RANKS = [*(int(card.rank) for card in DECK), GO_RANK]
"""Each card's rank by its index, and a go as ``replay`` reads it."""
VALUES = [card.value for card in DECK]


def random_hands_play(rng: random.Random) -> list[int]:
    """A whole play of two random hands (``Card.index``, ``GO`` for a go), as ``peg`` reads
    it without them: on each turn a random card that fits, else a go; when neither player
    can lay, a new count after the last card."""
    dealt = rng.sample(range(len(DECK)), 8)
    hands = [dealt[:4], dealt[4:]]
    moves: list[int] = []
    count = turn = last = 0
    out = [False, False]
    random = rng.random
    while hands[0] or hands[1]:
        fits = [card for card in hands[turn] if count + VALUES[card] <= MAX_COUNT]
        if fits:
            card = fits[int(random() * len(fits))]
            hands[turn].remove(card)
            moves.append(card)
            count += VALUES[card]
            last = turn
            if count == MAX_COUNT:
                count, out = 0, [False, False]
        else:
            moves.append(GO)
            out[turn] = True
        other = 1 - turn
        if hands[other] and not out[other]:
            turn = other
        elif not hands[turn] or out[turn]:
            count, out = 0, [False, False]
            turn = 1 - last if hands[1 - last] else last
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int, nargs="?", default=1_000_000)
    parser.add_argument("--against", type=Path, help="a source tree of cribcount to compare")
    parser.add_argument("--new-deals", action="store_true", help="every line a deal of its own")
    parser.add_argument("--log", type=Path, help="time this log instead of writing one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log.jsonl"
        if args.log is not None:
            log = args.log.resolve()
            with log.open("rb") as lines:
                args.lines = sum(
                    block.count(b"\n") for block in iter(lambda: lines.read(1 << 20), b"")
                )
            print(f"a log of {args.lines:,} lines ({log.stat().st_size / 1e6:.0f} MB)")
        else:
            write = write_new_deals if args.new_deals else write_log
            _, seconds = measure(lambda: write(log, args.lines))
            size = log.stat().st_size / 1e6
            print(f"a log of {args.lines:,} lines ({size:.0f} MB), written in {seconds:.1f} s")
        command = ["practice", "--report", str(log)]
        for label, run in run_versions(command, args.against, ok=(0, 2), keep=Path(folder)):
            print(
                f"{label:>24}: {run.seconds:7.1f} s, {args.lines / run.seconds:9,.0f} lines/s;"
                f" CPU {run.cpu_seconds:7.1f} s, {args.lines / run.cpu_seconds:9,.0f} lines/s;"
                f" max RSS {run.peak_rss_kib / 1024:6.1f} MB"
            )
        if args.against is not None:
            same = (Path(folder) / "1.out").read_bytes() == (Path(folder) / "2.out").read_bytes()
            print(f"the two reports: {'the same, byte for byte' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
