"""How fast ``cribcount discard`` goes with the play: one deal as a whole command, and
``discard --from`` in deals per second, each against the same without the play (--show-only).

Run: ``python benchmarks/bench_discard_play.py [RUNS] [DEALS] [--old PYTHON] [--repeat R]
[--instructions]``. The one-deal commands run in turn with ``python -c "import click"``,
interleaved, ``RUNS`` times (median and fastest wall clock); ``--instructions`` counts each
one's instructions once under ``valgrind --tool=callgrind``, which the load on the machine
does not move. The file of random deals (seeded) is advised whole in text, with and without
the play, ``R`` times (median CPU time, as deals a second, and the peak memory).
``--old PYTHON`` runs the ``cribcount`` of another environment (an older checkout installed
there) in the same rounds, and says whether its output is the same byte for byte.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

from bench_discard_from import summary
from bench_startup import instructions
from timing import compare_commands, cribcount_command, run_command

from cribcount.cards import DECK

SEED = 20261201
DEAL = ["discard", "5h 5d 6c 7s Jh Kd", "--dealer"]
MODES = {"--show-only": ["--show-only"], "with the play": []}


def main() -> None:
    """Print the one-deal times and the deals per second of ``--from``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=10)
    parser.add_argument("deals", nargs="?", type=int, default=20_000)
    parser.add_argument("--old", help="the Python of an environment with an older cribcount")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="count with callgrind too")
    args = parser.parse_args()
    tools = {"": cribcount_command()}
    if args.old:
        old = shutil.which("cribcount", path=os.path.dirname(args.old))
        tools["before: "] = [old] if old else [args.old, "-m", "cribcount"]

    base = "python -c 'import click'"
    commands = {base: [sys.executable, "-c", "import click"]}
    for label, tool in tools.items():
        for mode, extra in MODES.items():
            commands[f"{label}discard {mode}"] = [*tool, *DEAL, *extra]
    print(f"one deal as a whole command, {args.runs} runs each, interleaved:")
    compare_commands(commands, args.runs, base=base)
    if args.instructions:
        click_count = instructions(commands[base])
        print("instructions (callgrind):")
        for name, command in commands.items():
            count = instructions(command)
            print(f"  {name:<32} {count / 1e6:7.1f} M ({count / click_count:.2f}x import click)")

    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as folder:
        deals = Path(folder, "deals.txt")
        lines = (" ".join(str(card) for card in rng.sample(DECK, 6)) for _ in range(args.deals))
        deals.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"discard --from, {args.deals} random deals, --dealer, text, {args.repeat} runs:")
        for mode, extra in MODES.items():
            outputs: dict[str, Path] = {}
            for label, tool in tools.items():
                outputs[label] = Path(folder, f"out-{len(outputs)}")
                command = [*tool, "discard", "--from", str(deals), "--dealer", *extra]
                done = [run_command(command, out=outputs[label]) for _ in range(args.repeat)]
                print(summary(f"{label}{mode}", args.deals, done))
            if args.old:
                same = filecmp.cmp(outputs[""], outputs["before: "], shallow=False)
                print(
                    f"  {mode}: output byte for byte the same as before: {'yes' if same else 'NO'}"
                )


if __name__ == "__main__":
    main()
