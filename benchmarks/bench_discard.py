"""How fast ``cribcount discard`` advises: deals per second, and one whole command.

Run by hand: ``python benchmarks/bench_discard.py``. Timings on a shared machine
are noisy, so each figure is the best and the median of several rounds, and the
whole command is set beside ``python -c "import click"`` timed in the same run.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

from cribcount.cards import DECK
from cribcount.discard import Role, advise_discard

SEED = 20261130
DEALS = 100
ROUNDS = 3
COMMAND_RUNS = 7


def time_deals(deals: list[list[int]]) -> float:
    """Seconds to advise every deal, alternately as dealer and as pone."""
    start = time.perf_counter()
    for i, deal in enumerate(deals):
        role = Role.DEALER if i % 2 == 0 else Role.PONE
        advise_discard([DECK[index] for index in deal], role=role)
    return time.perf_counter() - start


def time_command(args: list[str]) -> float:
    """Wall-clock seconds of one fresh Python process running ``args``."""
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    """Print deals per second and whole-command times."""
    rng = random.Random(SEED)
    deals = [rng.sample(range(52), 6) for _ in range(DEALS)]
    # The first deal of a process also builds the rank table; time it on its own.
    start = time.perf_counter()
    advise_discard([DECK[index] for index in deals[0]], role=Role.DEALER)
    first = time.perf_counter() - start
    rounds = [time_deals(deals) for _ in range(ROUNDS)]
    best, median = min(rounds), statistics.median(rounds)
    print(f"{DEALS} random deals (seed {SEED}), {ROUNDS} rounds:")
    per_deal = 1000 * best / DEALS
    print(f"  best   {best:.3f} s  = {DEALS / best:7.1f} deals/s  ({per_deal:.1f} ms a deal)")
    print(f"  median {median:.3f} s  = {DEALS / median:7.1f} deals/s")
    print(f"  first deal of a fresh process: {1000 * first:.1f} ms")

    command = ["-m", "cribcount", "discard", "5h 5d 6c 7s Jh Kd", "--dealer"]
    baseline = ["-c", "import click"]
    runs: dict[str, list[float]] = {"discard": [], "import click": []}
    for _ in range(COMMAND_RUNS):
        runs["discard"].append(time_command(command))
        runs["import click"].append(time_command(baseline))
    print(f"whole command, {COMMAND_RUNS} runs each (best / median):")
    for name, times in runs.items():
        print(f"  {name:<14} {min(times):.3f} s / {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
