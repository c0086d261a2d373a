"""How fast ``cribcount discard`` goes with the play: one deal as a whole command, and
``discard --from`` in deals per second, each against the same without the play (--show-only).

Run: ``python benchmarks/bench_discard_play.py [RUNS] [DEALS]``. The one-deal commands run
in turn with ``python -c "import click"``, interleaved; the file of random deals (seeded) is
advised whole, with and without the play, in text.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from timing import compare_commands, cribcount_command, run_command

from cribcount.cards import DECK

SEED = 20261201


def main() -> None:
    """Print the one-deal times and the deals per second of ``--from``."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    cribcount = cribcount_command()
    deal = [*cribcount, "discard", "5h 5d 6c 7s Jh Kd", "--dealer"]
    compare_commands(
        {
            "python -c 'import click'": [sys.executable, "-c", "import click"],
            "discard --show-only": [*deal, "--show-only"],
            "discard (with the play)": deal,
        },
        runs,
        base="python -c 'import click'",
    )
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as folder:
        deals = Path(folder, "deals.txt")
        lines = (" ".join(str(card) for card in rng.sample(DECK, 6)) for _ in range(count))
        deals.write_text("\n".join(lines) + "\n", encoding="utf-8")
        for name, extra in (("--show-only", ["--show-only"]), ("with the play", [])):
            command = [*cribcount, "discard", "--from", str(deals), "--dealer", *extra]
            seconds = run_command(command).seconds
            print(f"discard --from, {count} deals, {name:<13} {count / seconds:8.0f} deals/s")


if __name__ == "__main__":
    main()
