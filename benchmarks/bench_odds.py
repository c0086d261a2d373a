"""One ``cribcount odds`` as a whole command, beside ``python -c "import click"``.

Run: ``python benchmarks/bench_odds.py [RUNS]`` (20 by default). The commands run
in turn, interleaved, so that load on the machine hits them alike; each line
gives the median wall-clock time, the median CPU time (what the load on a
shared machine stretches least) and both over those of ``import click``. The
aim: one ``odds`` under 0.2 s, a look-up in the shipped table; ``discard
--score`` beside it for scale.
"""

from __future__ import annotations

import statistics
import sys

from timing import cribcount_command, run_command, time_command


def main() -> None:
    """Print each command's median wall-clock and CPU time, and their ratios to import click."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    tool = cribcount_command()
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "cribcount odds 115 110 --pone": [*tool, "odds", "115", "110", "--pone"],
        "cribcount odds 0 0 --dealer -f json": [*tool, "odds", "0", "0", "--dealer", "-f", "json"],
        "cribcount discard ... --score 110-115": [
            *tool,
            "discard",
            "5h 5d 6c 7s Jh Kd",
            "--dealer",
            "--score",
            "110-115",
        ],
    }
    for command in commands.values():
        time_command(command)  # warm the file cache
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            done = run_command(command)
            wall[name].append(done.seconds)
            cpu[name].append(done.cpu_seconds)
    base_wall = statistics.median(wall["python -c 'import click'"])
    base_cpu = statistics.median(cpu["python -c 'import click'"])
    for name in commands:
        median_wall, median_cpu = statistics.median(wall[name]), statistics.median(cpu[name])
        print(
            f"{name:<38} wall {median_wall * 1000:7.1f} ms ({median_wall / base_wall:.2f}x)"
            f"  cpu {median_cpu * 1000:7.1f} ms ({median_cpu / base_cpu:.2f}x)"
        )


if __name__ == "__main__":
    main()
