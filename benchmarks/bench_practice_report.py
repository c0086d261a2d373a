"""How fast ``cribcount practice --report`` reads a long log, and the most memory it takes.

Run as ``python benchmarks/bench_practice_report.py [LINES] [--against DIR]``. It
writes a log of LINES lines (default 1,000,000) from practice sessions, and
times ``cribcount practice --report`` on it, printing the wall-clock and CPU
seconds, lines a second by each, and the peak resident memory. With
``--against DIR`` (a source tree of another version) the same log is timed with
that version too, in the same run, as the baseline. Wall-clock times stretch
with whatever else the machine is doing, CPU times much less: compare the rows
of one run.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int, nargs="?", default=1_000_000)
    parser.add_argument("--against", type=Path, help="a source tree of cribcount to compare")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log.jsonl"
        write_log(log, args.lines)
        print(f"a log of {args.lines:,} lines ({log.stat().st_size / 1e6:.0f} MB)")
        for label, run in run_versions(["practice", "--report", str(log)], args.against, ok=(0, 2)):
            print(
                f"{label:>24}: {run.seconds:7.1f} s, {args.lines / run.seconds:9,.0f} lines/s;"
                f" CPU {run.cpu_seconds:7.1f} s, {args.lines / run.cpu_seconds:9,.0f} lines/s;"
                f" max RSS {run.peak_rss_kib / 1024:6.1f} MB"
            )


if __name__ == "__main__":
    main()
