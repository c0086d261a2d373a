"""Time the whole ``cribcount`` process scoring one hand against ``python -c "import click"``.

Run: ``python benchmarks/bench_startup.py [RUNS]``. Both commands run in turn,
interleaved, so that load on the machine hits them alike; the figures are the
median and the fastest wall-clock time of each.
"""

from __future__ import annotations

import sys

from timing import best_and_median, cribcount_command, time_command


def main() -> None:
    """Print the median and fastest time of each command, and the ratio of the medians."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "cribcount 5h 5d 5c Js / 5s": [*cribcount_command(), "5h 5d 5c Js / 5s"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        time_command(command)  # warm the file cache
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(time_command(command))
    _, base = best_and_median(times["python -c 'import click'"])
    for name, samples in times.items():
        fastest, median = best_and_median(samples)
        print(
            f"{name:<30} median {median * 1000:6.1f} ms  fastest {fastest * 1000:6.1f} ms"
            f"  ({median / base:.2f}x import click)"
        )


if __name__ == "__main__":
    main()
