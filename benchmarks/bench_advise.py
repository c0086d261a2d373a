"""Time ``cribcount peg --advise`` for one position, as a whole command, against
``python -c "import click"`` and ``cribcount peg`` scoring a play.

Run: ``python benchmarks/bench_advise.py [RUNS]``. The commands run in turn,
interleaved, so that load on the machine hits them alike; the figures are the
median and the fastest wall-clock time of each. The positions: the lead of a
play (every card of the dealer unseen: 64 hands drawn), and a late one (the
pone's last card unseen, every one taken).
"""

from __future__ import annotations

import sys

from timing import compare_commands, cribcount_command


def main() -> None:
    """Print the median and fastest time of each command, and the ratio of the medians."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    cribcount = cribcount_command()
    advise = [*cribcount, "peg", "--advise", "--hand", "5c 5d Td Kh", "--starter", "2s"]
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "peg 7c 8d 8h": [*cribcount, "peg", "7c", "8d", "8h"],
        "peg --advise (the lead)": [*advise, "--seat", "pone", "--away", "3c 4c"],
        "peg --advise (late)": [*advise, "--seat", "dealer", "3h", "5c", "4h", "Kh", "2h"],
    }
    compare_commands(commands, runs, base="python -c 'import click'")


if __name__ == "__main__":
    main()
