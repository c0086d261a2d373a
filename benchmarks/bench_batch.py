"""Time ``cribcount batch`` as whole processes on a million random canonical deals.

Generates ``benchmarks/data/hands-1m.txt`` (fixed seed, git-ignored) when it
is missing, then runs ``cribcount batch --format csv`` and ``--format jsonl``
on it several times, output to /dev/null, and prints hands per second (best
and median run) and the peak resident memory of the process. For comparison
it times the plain path (``--no-fast``) and the fast path on the first lines
of the same file: the plain path is too slow for the whole million.

Run as ``python benchmarks/bench_batch.py [--repeat 3] [--plain-lines 10000]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from gen_hands import write_hands  # noqa: E402

DATA = HERE / "data"
LINES = 1_000_000


def run_once(args: list[str], path: Path) -> tuple[float, int]:
    """Run ``cribcount`` on ``path``: wall seconds and peak RSS in KiB."""
    command = [sys.executable, "-m", "cribcount", *args, str(path)]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}")
    return elapsed, usage.ru_maxrss


def report(label: str, args: list[str], path: Path, lines: int, repeat: int) -> None:
    """Print hands/s (best, median) and peak RSS for ``repeat`` runs."""
    runs = [run_once(args, path) for _ in range(repeat)]
    times = [t for t, _ in runs]
    peak = max(rss for _, rss in runs)
    if not lines:
        print(f"{label:<28} start-up and exit: best {min(times):.2f} s", flush=True)
        return
    print(
        f"{label:<28} {lines:>9,} hands  best {min(times):6.2f} s = {lines / min(times):>10,.0f}"
        f" hands/s  median {statistics.median(times):6.2f} s  peak RSS {peak / 1024:6.1f} MiB",
        flush=True,
    )


def head(source: Path, lines: int) -> Path:
    """The first ``lines`` lines of ``source`` in a file of their own."""
    target = DATA / f"hands-{lines}.txt"
    if not target.exists():
        with source.open("rb") as src, target.open("wb") as out:
            for _, line in zip(range(lines), src, strict=False):
                out.write(line)
    return target


def main() -> None:
    """Generate the data if needed and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain-lines", type=int, default=10_000)
    args = parser.parse_args()
    big = DATA / "hands-1m.txt"
    if not big.exists():
        write_hands(big, LINES)
    print(f"{big.name}: {big.stat().st_size:,} bytes; cores: {os.cpu_count()}", flush=True)
    for fmt in ("csv", "jsonl", "text"):
        report(f"batch --format {fmt}", ["batch", "--format", fmt], big, LINES, args.repeat)
    small = head(big, args.plain_lines)
    n = args.plain_lines
    report("batch --format csv (fast)", ["batch", "--format", "csv"], small, n, args.repeat)
    plain = ["batch", "--no-fast", "--format", "csv"]
    report("batch --format csv --no-fast", plain, small, n, args.repeat)
    report("batch on an empty file", ["batch", "--format", "csv"], Path(os.devnull), 0, args.repeat)


if __name__ == "__main__":
    main()
