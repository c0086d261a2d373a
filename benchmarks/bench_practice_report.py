"""How fast ``cribcount practice --report`` reads a long log, and the most memory it takes.

Run as ``python benchmarks/bench_practice_report.py [LINES] [--against DIR]``. It
writes a log of LINES lines (default 1,000,000) from practice sessions, and
times ``cribcount practice --report`` on it, printing the wall-clock and CPU
seconds, lines a second by each, and the peak resident memory. With
``--against DIR`` (a source tree of another version) the same log is timed with
that version too, in the same run, as the baseline, and the two reports are
compared byte for byte. Wall-clock times stretch with whatever else the machine
is doing, CPU times much less: compare the rows of one run.

The log repeats a thousand deals, as a player's log repeats the kinds of hand;
with ``--new-deals`` every line is a deal of its own, a minute after the last
(writing such a log takes minutes for a million lines).
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from timing import run_versions

from cribcount.practice import Drill, Practice
from cribcount.practice_log import log_line

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
    """``lines`` log lines, each a new deal: sessions of a thousand hands, cribs or plays in
    turn, each session of its own seed (and dropped when done: it keeps its answers),
    answered 6."""
    clock = itertools.count(0.0, 2.5).__next__
    minutes = itertools.count()
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)

    def now() -> datetime:
        return start + timedelta(minutes=next(minutes))

    def new_lines() -> Iterator[str]:
        drills = (Drill.HAND, Drill.CRIB, Drill.PLAY)
        for seed in itertools.count():
            session = Practice(seed, drill=drills[seed % 3], clock=clock, now=now)
            for _ in range(SESSION):
                assert session.deal() is not None
                yield log_line(session.answer(6))

    with path.open("w", encoding="utf-8") as out:
        for line in itertools.islice(new_lines(), lines):
            out.write(line + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int, nargs="?", default=1_000_000)
    parser.add_argument("--against", type=Path, help="a source tree of cribcount to compare")
    parser.add_argument("--new-deals", action="store_true", help="every line a deal of its own")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log.jsonl"
        (write_new_deals if args.new_deals else write_log)(log, args.lines)
        print(f"a log of {args.lines:,} lines ({log.stat().st_size / 1e6:.0f} MB)")
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
