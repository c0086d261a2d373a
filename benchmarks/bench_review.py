"""Time ``cribcount review`` of a ten-deal two-player game, as a whole command, against
``cribcount game`` checking the same record and ``python -c "import click"``.

Run: ``python benchmarks/bench_review.py [RUNS]``. The record is the first ten
deals of ``examples/game-121.txt`` (every hand, starter and play given: 20
discards and the cards laid with a choice of rank rated, 64 hands drawn a
position). ``review`` runs on one process (``--jobs 1``) and on one a core
(the default), and without the discards' chances to win (``--no-odds``).
The commands run in turn, interleaved, so that load on the machine hits them
alike; the figures are the median and the fastest
wall-clock time of each, then the CPU time of the one process of ``game`` and
of ``review --jobs 1`` (user and system), which load on the machine changes less.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from timing import best_and_median, compare_commands, cribcount_command, run_command

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "game-121.txt"
DEALS = 10


def ten_deals() -> str:
    """The example record up to the end of its tenth deal."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    starts = [at for at, line in enumerate(lines) if line.startswith("deal ")]
    return "\n".join(lines[: starts[DEALS]]) + "\n"


def main() -> None:
    """Print the median and fastest time of each command, and the ratio of the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=int, nargs="?", default=5, help="runs of each command")
    runs = parser.parse_args().runs
    cribcount = cribcount_command()
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "ten-deals.txt"
        record.write_text(ten_deals(), encoding="utf-8")
        commands = {
            "python -c 'import click'": [sys.executable, "-c", "import click"],
            "game (ten deals)": [*cribcount, "game", str(record)],
            "review --jobs 1": [*cribcount, "review", str(record), "--jobs", "1"],
            "review (one job a core)": [*cribcount, "review", str(record)],
            "review --no-odds": [*cribcount, "review", str(record), "--no-odds"],
        }
        compare_commands(commands, runs, base="python -c 'import click'")
        # CPU seconds say less of the load on the machine: those of the one process of
        # --jobs 1 (the time the review costs, whatever else runs).
        for name in ("game (ten deals)", "review --jobs 1"):
            cpu = [run_command(commands[name]).cpu_seconds for _ in range(runs)]
            fastest, median = best_and_median(cpu)
            print(f"{name:<30} CPU median {median:6.2f} s  fastest {fastest:6.2f} s")


if __name__ == "__main__":
    main()
