"""Time the whole ``cribcount`` process scoring one hand against ``python -c "import click"``.

Run: ``python benchmarks/bench_startup.py [RUNS]``. Both commands run in turn,
interleaved, so that load on the machine hits them alike; the figures are the
median and the fastest wall-clock time of each.
"""

from __future__ import annotations

import sys

from timing import compare_commands, cribcount_command


def main() -> None:
    """Print the median and fastest time of each command, and the ratio of the medians."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "cribcount 5h 5d 5c Js / 5s": [*cribcount_command(), "5h 5d 5c Js / 5s"],
    }
    compare_commands(commands, runs, base="python -c 'import click'")


if __name__ == "__main__":
    main()
