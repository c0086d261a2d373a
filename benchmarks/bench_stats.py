"""How long ``cribcount stats`` takes: the computation alone and the whole command.

Run by hand: ``python benchmarks/bench_stats.py [runs]``. Timings on a shared
machine are noisy, so each figure is the best and the median of several runs,
next to a baseline measured in the same run (starting Python and importing
click, which every command pays). For the whole command the CPU time (user +
system) is printed too: other work on the machine stretches the wall clock
more than it does the CPU time.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from timing import best_and_median, cribcount_command, run_command, time_command, timed

# Run in a fresh process: times the import and the count with the shared timer,
# prints the seconds.
COLD_COMPUTE = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from timing import timed

def compute() -> None:
    from cribcount.stats import deal_stats
    deal_stats()

print(timed(compute))
"""


def cpu(command: Sequence[str]) -> float:
    """CPU seconds (user + system) that one run of ``command`` takes."""
    return run_command(command).cpu_seconds


def reported(command: Sequence[str]) -> float:
    """The seconds that ``command`` prints as its last line."""
    done = subprocess.run(
        command, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir()
    )
    return float(done.stdout.split()[-1])


def show(label: str, runs: int, measure: Callable[[], float]) -> None:
    """Measure ``runs`` times and print the best and the median."""
    best, median = best_and_median([measure() for _ in range(runs)])
    print(f"{label:<46} best {best:6.3f} s   median {median:6.3f} s   ({runs} runs)")


def main(argv: Sequence[str]) -> None:
    """Print the figures."""
    runs = int(argv[0]) if argv else 5
    python = sys.executable
    cribcount = cribcount_command()
    print("cribcount stats: both distributions over all 12,994,800 deals")
    print(f"command: {' '.join(cribcount)}")
    click = [python, "-c", "import click"]
    show("baseline: python -c 'import click'", runs, lambda: time_command(click))
    show(
        "baseline: cribcount 5h 5d 5c Js 5s",
        runs,
        lambda: time_command([*cribcount, "5h", "5d", "5c", "Js", "5s"]),
    )
    show(
        "compute, fresh process (import + deal_stats())",
        runs,
        lambda: reported([python, "-c", COLD_COMPUTE]),
    )

    from cribcount.stats import deal_stats

    deal_stats()

    show("compute, warm (rank points already cached)", runs, lambda: timed(deal_stats))
    command = [*cribcount, "stats"]
    show("whole command: cribcount stats", runs, lambda: time_command(command))
    show("whole command: cribcount stats, CPU time", runs, lambda: cpu(command))
    show("baseline: python -c 'import click', CPU time", runs, lambda: cpu(click))
    show(
        "whole command: cribcount stats --format json",
        runs,
        lambda: time_command([*command, "--format", "json"]),
    )


if __name__ == "__main__":
    main(sys.argv[1:])
