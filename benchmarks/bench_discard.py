"""How fast ``cribcount discard`` advises: deals per second, and one whole command.

Run by hand: ``python benchmarks/bench_discard.py``. Timings on a shared machine
are noisy, so each figure is the best and the median of several rounds, and the
whole command is set beside ``python -c "import click"`` timed in the same run.
"""

from __future__ import annotations

import random
import sys

from timing import best_and_median, cribcount_command, time_command, timed

from cribcount.cards import DECK
from cribcount.discard import Role, advise_discard
from cribcount.discard_file import advise_many

SEED = 20261130
DEALS = 100
MANY = 4000
"""Deals advised together by ``advise_many``, the path of ``discard --from``."""
ROUNDS = 3
COMMAND_RUNS = 7


def advise_all(deals: list[list[int]]) -> None:
    """Advise every deal, alternately as dealer and as pone."""
    for i, deal in enumerate(deals):
        role = Role.DEALER if i % 2 == 0 else Role.PONE
        advise_discard([DECK[index] for index in deal], role=role)


def main() -> None:
    """Print deals per second and whole-command times."""
    rng = random.Random(SEED)
    deals = [rng.sample(range(52), 6) for _ in range(DEALS)]
    # The first deal of a process also builds the rank table; time it on its own.
    first = timed(lambda: advise_discard([DECK[index] for index in deals[0]], role=Role.DEALER))
    best, median = best_and_median([timed(lambda: advise_all(deals)) for _ in range(ROUNDS)])
    print(f"{DEALS} random deals (seed {SEED}), {ROUNDS} rounds:")
    per_deal = 1000 * best / DEALS
    print(f"  best   {best:.3f} s  = {DEALS / best:7.1f} deals/s  ({per_deal:.1f} ms a deal)")
    print(f"  median {median:.3f} s  = {DEALS / median:7.1f} deals/s")
    print(f"  first deal of a fresh process: {1000 * first:.1f} ms")
    many = [tuple(DECK[index] for index in rng.sample(range(52), 6)) for _ in range(MANY)]
    advise_many(many[:10], role=Role.DEALER)  # the tables, once a process
    best, median = best_and_median(
        [timed(lambda: advise_many(many, role=Role.DEALER)) for _ in range(ROUNDS)]
    )
    print(f"{MANY} random deals together (advise_many, numpy), {ROUNDS} rounds:")
    print(
        f"  best   {best:.3f} s  = {MANY / best:7.1f} deals/s  ({1000 * best / MANY:.3f} ms a deal)"
    )
    print(f"  median {median:.3f} s  = {MANY / median:7.1f} deals/s")

    command = [*cribcount_command(), "discard", "5h 5d 6c 7s Jh Kd", "--dealer"]
    baseline = [sys.executable, "-c", "import click"]
    runs: dict[str, list[float]] = {"discard": [], "import click": []}
    for _ in range(COMMAND_RUNS):
        runs["discard"].append(time_command(command))
        runs["import click"].append(time_command(baseline))
    print(f"whole command, {COMMAND_RUNS} runs each (best / median):")
    for name, times in runs.items():
        fastest, middle = best_and_median(times)
        print(f"  {name:<14} {fastest:.3f} s / {middle:.3f} s")


if __name__ == "__main__":
    main()
