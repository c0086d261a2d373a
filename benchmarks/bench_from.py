"""How fast ``discard --from`` and ``peg --from`` go, against one process a deal or play.

Run by hand: ``python benchmarks/bench_from.py [--old PATH] [--deals N] [--plays N]``.
``--old`` names the ``cribcount`` of another install (such as the main branch's)
to time in the same run: it has no ``--from``, so it is timed the only way it
can do the work, one process a deal or play, on a sample, and its rate is
the sample's. Figures are wall-clock and CPU seconds of whole commands on
files of random deals and random legal plays (fixed seeds; the plays with
their gos written, two players); the machine's load moves the wall clock,
so the CPU seconds are printed beside it.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

from bench_peg import with_gos
from conftest import random_play  # bench_peg puts the tests folder on the path
from timing import Run, cribcount_command, run_command

import cribcount
from cribcount.cards import DECK, format_cards

SEED = 20261130
SAMPLE = 30
"""Deals or plays timed one process each, for a command without ``--from``."""
STARTS = 15


def write_deals(path: Path, count: int) -> list[str]:
    """``count`` random six-card deals, one a line."""
    rng = random.Random(SEED)
    deals = [format_cards(rng.sample(DECK, 6)) for _ in range(count)]
    path.write_text("".join(deal + "\n" for deal in deals), encoding="utf-8")
    return deals


def write_plays(path: Path, count: int) -> list[str]:
    """``count`` random legal two-player plays with their gos written, one a line."""
    rng = random.Random(SEED)
    plays = [with_gos(*random_play(rng, 2)) for _ in range(count)]
    path.write_text("".join(play + "\n" for play in plays), encoding="utf-8")
    return plays


def rate(label: str, items: int, run: Run, what: str) -> None:
    """One line of figures: items a second by the wall clock and by CPU time."""
    print(
        f"  {label:<44} {run.seconds:7.2f} s wall {items / run.seconds:9.0f} {what}/s"
        f"   {run.cpu_seconds:7.2f} s CPU {items / run.cpu_seconds:9.0f} {what}/s"
    )


def one_each(command: list[str], inputs: list[str], options: list[str]) -> Run:
    """One process per input, over the sample: the summed wall and CPU seconds."""
    runs = [run_command([*command, text, *options]) for text in inputs[:SAMPLE]]
    return Run(
        sum(r.seconds for r in runs),
        sum(r.cpu_seconds for r in runs),
        max(r.peak_rss_kib for r in runs),
    )


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", help="another install's cribcount, timed one process an input")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--plays", type=int, default=100_000)
    args = parser.parse_args()
    # Bytecode as an install leaves it, so that no run pays for compiling the package.
    compileall.compile_dir(os.path.dirname(cribcount.__file__), quiet=1)
    new = cribcount_command()
    old = [args.old] if args.old else None
    with tempfile.TemporaryDirectory() as folder:
        deals_file, plays_file = Path(folder, "deals.txt"), Path(folder, "plays.txt")
        deals = write_deals(deals_file, args.deals)
        plays = write_plays(plays_file, args.plays)

        print(f"discard: {args.deals} random deals (seed {SEED}), --dealer")
        for fmt in ("text", "jsonl", "csv"):
            command = [*new, "discard", "--from", str(deals_file), "--dealer", "--format", fmt]
            rate(
                f"new: discard --from FILE --format {fmt}",
                args.deals,
                run_command(command),
                "deals",
            )
        if old:
            run = one_each([*old, "discard"], deals, ["--dealer", "--format", "json"])
            rate(f"old: one discard process a deal ({SAMPLE})", SAMPLE, run, "deals")
            run = one_each([*new, "discard"], deals, ["--dealer", "--format", "json"])
            rate(f"new: one discard process a deal ({SAMPLE})", SAMPLE, run, "deals")

        print(f"peg: {args.plays} random legal plays (seed {SEED}), two players, gos written")
        for fmt in ("text", "jsonl", "csv"):
            command = [*new, "peg", "--from", str(plays_file), "--format", fmt]
            rate(f"new: peg --from FILE --format {fmt}", args.plays, run_command(command), "plays")
        if old:
            run = one_each([*old, "peg"], plays, ["--format", "json"])
            rate(f"old: one peg process a play ({SAMPLE})", SAMPLE, run, "plays")

    print(f"one deal, whole command, median of {STARTS} runs each, interleaved")
    commands = {"python -c 'import click'": [sys.executable, "-c", "import click"]}
    commands["new: discard DEAL --dealer"] = [*new, "discard", deals[0], "--dealer"]
    if old:
        commands["old: discard DEAL --dealer"] = [*old, "discard", deals[0], "--dealer"]
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(STARTS):
        for name, command in commands.items():
            times[name].append(run_command(command).seconds)
    base = statistics.median(times["python -c 'import click'"])
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:<44} {median * 1000:7.1f} ms  ({median / base:.2f}x import click)")


if __name__ == "__main__":
    main()
