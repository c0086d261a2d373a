"""How fast ``discard --from`` and ``peg --from`` go, against one process a deal or play.

Run by hand: ``python benchmarks/bench_from.py [--old PATH] [--deals N] [--plays N] [--only
peg|discard]``; ``--only`` times one command's ``--from`` alone, without the start-up rows.
``--old`` names the ``cribcount`` of another install (such as the main branch's)
to time in the same run: it has no ``--from``, so it is timed the only way it
can do the work, one process a deal or play, on a sample, and its rate is
the sample's. Figures are wall-clock and CPU seconds of whole commands on
files of random deals and random legal plays (fixed seeds; the plays with
their gos written, two players, and the same plays as ``PLAY ; HANDS`` with
the gos left to the hands); the machine's load moves the wall clock, so the
CPU seconds are printed beside it.
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


def write_plays(path: Path, with_hands: Path, count: int) -> list[str]:
    """``count`` random legal two-player plays with their gos written, one a line; and in
    ``with_hands`` the same plays as ``PLAY ; HANDS``, without the gos."""
    rng = random.Random(SEED)
    deals = [random_play(rng, 2) for _ in range(count)]
    plays = [with_gos(*deal) for deal in deals]
    path.write_text("".join(play + "\n" for play in plays), encoding="utf-8")
    lines = "".join(f"{play} ; {hands}\n" for play, hands in deals)
    with_hands.write_text(lines, encoding="utf-8")
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
    parser.add_argument("--only", choices=("discard", "peg"), help="time this command alone")
    args = parser.parse_args()
    # Bytecode as an install leaves it, so that no run pays for compiling the package.
    compileall.compile_dir(os.path.dirname(cribcount.__file__), quiet=1)
    new = cribcount_command()
    old = [args.old] if args.old else None
    with tempfile.TemporaryDirectory() as folder:
        if args.only != "peg":
            deals = time_discard(new, old, Path(folder, "deals.txt"), args.deals)
        if args.only != "discard":
            time_peg(new, old, Path(folder), args.plays)
    if args.only is None:
        time_starts(new, old, deals[0])


def time_discard(new: list[str], old: list[str] | None, deals_file: Path, count: int) -> list[str]:
    """The rows of ``discard --from``, on ``count`` random deals; the deals."""
    deals = write_deals(deals_file, count)
    print(f"discard: {count} random deals (seed {SEED}), --dealer")
    for fmt in ("text", "jsonl", "csv"):
        command = [*new, "discard", "--from", str(deals_file), "--dealer", "--format", fmt]
        rate(f"new: discard --from FILE --format {fmt}", count, run_command(command), "deals")
    if old:
        run = one_each([*old, "discard"], deals, ["--dealer", "--format", "json"])
        rate(f"old: one discard process a deal ({SAMPLE})", SAMPLE, run, "deals")
        run = one_each([*new, "discard"], deals, ["--dealer", "--format", "json"])
        rate(f"new: one discard process a deal ({SAMPLE})", SAMPLE, run, "deals")
    return deals


def time_peg(new: list[str], old: list[str] | None, folder: Path, count: int) -> None:
    """The rows of ``peg --from``, on ``count`` random legal plays, gos written and with hands."""
    plays_file, hands_file = folder / "plays.txt", folder / "hands.txt"
    plays = write_plays(plays_file, hands_file, count)
    print(f"peg: {count} random legal plays (seed {SEED}), two players, gos written")
    for fmt in ("text", "jsonl", "csv"):
        command = [*new, "peg", "--from", str(plays_file), "--format", fmt]
        rate(f"new: peg --from FILE --format {fmt}", count, run_command(command), "plays")
    print("peg: the same plays as PLAY ; HANDS, gos left to the hands")
    for fmt in ("text", "jsonl", "csv"):
        command = [*new, "peg", "--from", str(hands_file), "--format", fmt]
        rate(f"new: peg --from HANDS_FILE --format {fmt}", count, run_command(command), "plays")
    if old:
        run = one_each([*old, "peg"], plays, ["--format", "json"])
        rate(f"old: one peg process a play ({SAMPLE})", SAMPLE, run, "plays")


def time_starts(new: list[str], old: list[str] | None, deal: str) -> None:
    """Start-up: one deal, whole command, against ``python -c 'import click'``."""
    print(f"one deal, whole command, median of {STARTS} runs each, interleaved")
    commands = {"python -c 'import click'": [sys.executable, "-c", "import click"]}
    commands["new: discard DEAL --dealer"] = [*new, "discard", deal, "--dealer"]
    if old:
        commands["old: discard DEAL --dealer"] = [*old, "discard", deal, "--dealer"]
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
