"""How long ``cribcount stats`` takes: the computation alone and the whole command.

Run by hand: ``python benchmarks/bench_stats.py [runs]``. Timings on a shared
machine are noisy, so each figure is the best and the median of several runs,
next to a baseline measured in the same run (starting Python and importing
click, which every command pays). For the whole command the CPU time (user +
system) is printed too: other work on the machine stretches the wall clock
more than it does the CPU time.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

COLD_COMPUTE = """
import time
start = time.perf_counter()
from cribcount.stats import deal_stats
stats = deal_stats()
print(time.perf_counter() - start)
"""


def wall(command: Sequence[str]) -> float:
    """Seconds for one run of ``command``, its output thrown away."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def cpu(command: Sequence[str]) -> float:
    """CPU seconds (user + system) that one run of ``command`` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def reported(command: Sequence[str]) -> float:
    """The seconds that ``command`` prints as its last line."""
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def show(label: str, runs: int, measure: Callable[[], float]) -> None:
    """Measure ``runs`` times and print the best and the median."""
    times = [measure() for _ in range(runs)]
    best, median = min(times), statistics.median(times)
    print(f"{label:<46} best {best:6.3f} s   median {median:6.3f} s   ({runs} runs)")


def main(argv: Sequence[str]) -> None:
    """Print the figures."""
    runs = int(argv[0]) if argv else 5
    python = sys.executable
    print("cribcount stats: both distributions over all 12,994,800 deals")
    show("baseline: python -c 'import click'", runs, lambda: wall([python, "-c", "import click"]))
    show(
        "baseline: cribcount 5h 5d 5c Js 5s",
        runs,
        lambda: wall([python, "-m", "cribcount", "5h", "5d", "5c", "Js", "5s"]),
    )
    show(
        "compute, fresh process (import + deal_stats())",
        runs,
        lambda: reported([python, "-c", COLD_COMPUTE]),
    )

    from cribcount.stats import deal_stats

    deal_stats()

    def warm() -> float:
        start = time.perf_counter()
        deal_stats()
        return time.perf_counter() - start

    show("compute, warm (rank points already cached)", runs, warm)
    command = [python, "-m", "cribcount", "stats"]
    show("whole command: cribcount stats", runs, lambda: wall(command))
    show("whole command: cribcount stats, CPU time", runs, lambda: cpu(command))
    show(
        "baseline: python -c 'import click', CPU time",
        runs,
        lambda: cpu([python, "-c", "import click"]),
    )
    show(
        "whole command: cribcount stats --format json",
        runs,
        lambda: wall([python, "-m", "cribcount", "stats", "--format", "json"]),
    )


if __name__ == "__main__":
    main(sys.argv[1:])
