"""Time ``cribcount batch`` as whole processes on a million random deals: canonical, mixed
and labelled.

Generates ``benchmarks/data/hands-1m.txt`` (canonical), ``hands-1m-mixed.txt``
(the same deals: a third canonical, a third typed by hand, a third with claims
and ``crib``) and ``hands-1m-labelled.txt`` (the same deals as a score sheet:
every line with a label such as ``Ann, deal 3:``, every other one with a
trailing comment); fixed seed, git-ignored; when they are missing. For each
format it runs ``cribcount batch --format FMT`` on the canonical file (the
baseline) and on each other file in turn, output to /dev/null, and prints
lines per second (best and median run), the peak resident memory of the
process, and the time of the other file over that of the canonical one: best
over best, and the median over the runs in turn (each run against the
canonical run just before it, which a shared machine's changing load touches
least). Then it times the careful path (``--no-fast``) on the first lines of
each file. Run it under ``taskset -c 1`` for one core.

Run as ``python benchmarks/bench_batch.py [--repeat 3] [--formats csv,jsonl,text]
[--sheets mixed,labelled] [--careful-lines 100000] [--against OLD_TREE]``; ``--careful-lines
0`` skips the careful path; ``--against`` also times an older source tree (a checkout of an
earlier commit, put on PYTHONPATH) in the same turns.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from gen_hands import write_hands, write_labelled, write_mixed
from timing import Run, best_and_median, cribcount_command, run_command

DATA = Path(__file__).resolve().parent / "data"
LINES = 1_000_000


def runs_of(args: list[str], path: Path, repeat: int, against: Path | None = None) -> list[Run]:
    """``repeat`` runs of ``cribcount ARGS PATH``, by the source tree ``against`` if given."""
    start = cribcount_command() if against is None else [sys.executable, "-m", "cribcount"]
    env = None if against is None else {**os.environ, "PYTHONPATH": str(against.resolve())}
    return [run_command([*start, *args, str(path)], ok=(0, 1, 2), env=env) for _ in range(repeat)]


def show(label: str, runs: list[Run], lines: int) -> float:
    """Print lines/s (best, median), the median CPU time (user and system, which a shared
    machine's load stretches least) and peak RSS of ``runs``; return the best time."""
    best, median = best_and_median([run.seconds for run in runs])
    cpu = statistics.median(run.cpu_seconds for run in runs)
    peak = max(run.peak_rss_kib for run in runs)
    if not lines:
        print(f"{label:<40} start-up and exit: best {best:.2f} s", flush=True)
        return best
    print(
        f"{label:<40} {lines:>9,} lines  best {best:6.2f} s = {lines / best:>10,.0f}"
        f" lines/s  median {median:6.2f} s  CPU {cpu:5.2f} s  peak RSS {peak / 1024:6.1f} MiB",
        flush=True,
    )
    return best


def report(label: str, args: list[str], path: Path, lines: int, repeat: int) -> float:
    """Print lines/s (best, median) and peak RSS for ``repeat`` runs; return the best time."""
    return show(label, runs_of(args, path, repeat), lines)


def paired(
    fmt: str, canonical: Path, other: Path, name: str, lines: int, repeat: int, against: Path | None
) -> None:
    """Time the canonical and the ``other`` file in turn, ``repeat`` times each (and then by
    the source tree ``against``, if given, in the same turns), and print both and the ratio of
    their times: best over best, and the median of each other run over the canonical run just
    before it (the same moment of a shared, noisy machine)."""
    args = ["batch", "--format", fmt]
    versions = [None] if against is None else [None, against]
    turns = [
        [
            (runs_of(args, canonical, 1, tree)[0], runs_of(args, other, 1, tree)[0])
            for tree in versions
        ]
        for _ in range(repeat)
    ]
    for i, tree in enumerate(versions):
        pairs = [turn[i] for turn in turns]
        by = "" if tree is None else f" [{tree}]"
        base = show(f"batch --format {fmt} (canonical){by}", [c for c, _ in pairs], lines)
        typed = show(f"batch --format {fmt} ({name}){by}", [m for _, m in pairs], lines)
        ratios = [m.seconds / c.seconds for c, m in pairs]
        cpu = [m.cpu_seconds / c.cpu_seconds for c, m in pairs]
        print(
            f"{'':<40} {name} / canonical: {typed / base:.2f} times the time (best over best),"
            f" {statistics.median(ratios):.2f} (median of {len(ratios)} runs in turn),"
            f" {statistics.median(cpu):.2f} in CPU time",
            flush=True,
        )


def head(source: Path, lines: int) -> Path:
    """The first ``lines`` lines of ``source`` in a file of their own."""
    target = source.with_name(f"{source.stem}-head-{lines}.txt")
    if not target.exists():
        with source.open("rb") as src, target.open("wb") as out:
            for _, line in zip(range(lines), src, strict=False):
                out.write(line)
    return target


def count_lines(path: Path) -> int:
    """Lines in ``path``."""
    with path.open("rb") as lines:
        return sum(1 for _ in lines)


def main() -> None:
    """Generate the data if needed and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--formats", default="csv,jsonl,text", help="comma-separated")
    parser.add_argument("--sheets", default="mixed,labelled", help="comma-separated")
    parser.add_argument("--careful-lines", type=int, default=100_000)
    parser.add_argument("--against", type=Path, help="an older source tree, run in turn")
    args = parser.parse_args()
    big = DATA / "hands-1m.txt"
    writers = {"mixed": write_mixed, "labelled": write_labelled}
    sheets = {name: DATA / f"hands-1m-{name}.txt" for name in args.sheets.split(",") if name}
    if not big.exists():
        write_hands(big, LINES)
    for name, path in sheets.items():
        if not path.exists():
            writers[name](path, LINES)
    total = count_lines(big)
    command = " ".join(cribcount_command())
    for path in (big, *sheets.values()):
        print(f"{path.name}: {count_lines(path):,} lines, {path.stat().st_size:,} bytes")
    print(f"cores: {os.cpu_count()}; command: {command}", flush=True)
    for fmt in args.formats.split(","):
        for name, path in sheets.items():
            paired(fmt, big, path, name, total, args.repeat, args.against)
    if args.careful_lines > 0:
        n = args.careful_lines
        for fmt in args.formats.split(","):
            careful = ["batch", "--no-fast", "--format", fmt]
            for name, path in (("canonical", big), *sheets.items()):
                label = f"batch --no-fast --format {fmt} ({name})"
                report(label, careful, head(path, n), n, args.repeat)
    report("batch on an empty file", ["batch", "--format", "csv"], Path(os.devnull), 0, args.repeat)


if __name__ == "__main__":
    main()
