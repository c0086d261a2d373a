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
import statistics
import sys
import tempfile
from pathlib import Path

from bench_startup import instructions
from timing import best_and_median, cribcount_command, run_command, time_command

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
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        time_command(command)  # warm the file cache
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(time_command(command))
    _, base_median = best_and_median(times[base])
    print(f"one deal as a whole command, {args.runs} runs each, interleaved:")
    click_count = instructions(commands[base]) if args.instructions else 0
    for name, samples in times.items():
        fastest, median = best_and_median(samples)
        line = (
            f"  {name:<32} median {median * 1000:6.1f} ms  fastest {fastest * 1000:6.1f} ms"
            f"  ({median / base_median:.2f}x import click)"
        )
        if click_count:
            count = instructions(commands[name])
            line += f"  {count / 1e6:7.1f} M instructions ({count / click_count:.2f}x)"
        print(line)

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
                cpu = statistics.median(run.cpu_seconds for run in done)
                wall = statistics.median(run.seconds for run in done)
                peak = max(run.peak_rss_kib for run in done) / 1024
                print(
                    f"  {label}{mode:<24} {args.deals / cpu:8,.0f} deals/s CPU"
                    f"  {args.deals / wall:8,.0f} wall  peak {peak:5.1f} MiB"
                )
            if args.old:
                same = filecmp.cmp(outputs[""], outputs["before: "], shallow=False)
                print(
                    f"  {mode}: output byte for byte the same as before: {'yes' if same else 'NO'}"
                )


if __name__ == "__main__":
    main()
