"""Time ``cribcount batch`` as whole processes on a million random canonical deals.

Generates ``benchmarks/data/hands-1m.txt`` (fixed seed, git-ignored) when it
is missing, then runs ``cribcount batch --format csv`` and ``--format jsonl``
on it several times, output to /dev/null, and prints hands per second (best
and median run) and the peak resident memory of the process. For comparison
it times the plain path (``--no-fast``) and the fast path on the first lines
of the same file: the plain path is too slow for the whole million.

Run as ``python benchmarks/bench_batch.py [--repeat 3] [--formats csv,jsonl,text]
[--plain-lines 10000] [--file FILE]``; ``--plain-lines 0`` skips the small comparisons.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from gen_hands import write_hands
from timing import best_and_median, cribcount_command, run_command

DATA = Path(__file__).resolve().parent / "data"
LINES = 1_000_000


def report(label: str, args: list[str], path: Path, lines: int, repeat: int) -> None:
    """Print hands/s (best, median) and peak RSS for ``repeat`` runs."""
    command = [*cribcount_command(), *args, str(path)]
    runs = [run_command(command) for _ in range(repeat)]
    best, median = best_and_median([run.seconds for run in runs])
    peak = max(run.peak_rss_kib for run in runs)
    if not lines:
        print(f"{label:<28} start-up and exit: best {best:.2f} s", flush=True)
        return
    print(
        f"{label:<28} {lines:>9,} hands  best {best:6.2f} s = {lines / best:>10,.0f}"
        f" hands/s  median {median:6.2f} s  peak RSS {peak / 1024:6.1f} MiB",
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


def main() -> None:
    """Generate the data if needed and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--formats", default="csv,jsonl,text", help="comma-separated")
    parser.add_argument("--plain-lines", type=int, default=10_000)
    parser.add_argument("--file", type=Path, default=DATA / "hands-1m.txt")
    args = parser.parse_args()
    big = args.file.resolve()
    if not big.exists():
        write_hands(big, LINES)
    with big.open("rb") as lines:
        total = sum(1 for _ in lines)
    command = " ".join(cribcount_command())
    print(f"{big.name}: {total:,} lines, {big.stat().st_size:,} bytes; cores: {os.cpu_count()}")
    print(f"command: {command}", flush=True)
    for fmt in args.formats.split(","):
        report(f"batch --format {fmt}", ["batch", "--format", fmt], big, total, args.repeat)
    if args.plain_lines <= 0:
        return
    small = head(big, args.plain_lines)
    n = args.plain_lines
    report("batch --format csv (fast)", ["batch", "--format", "csv"], small, n, args.repeat)
    plain = ["batch", "--no-fast", "--format", "csv"]
    report("batch --format csv --no-fast", plain, small, n, args.repeat)
    report("batch on an empty file", ["batch", "--format", "csv"], Path(os.devnull), 0, args.repeat)


if __name__ == "__main__":
    main()
