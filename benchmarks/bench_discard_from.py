"""``discard --from`` at every table size and in every format: deals a second, memory, sameness.

Run: ``python benchmarks/bench_discard_from.py [--deals N] [--old PYTHON] [--players 2,3]
[--formats text,jsonl,csv] [--repeat R] [--show-only]``. For each table size it writes a file of
random deals for seat 1 (fixed seed) and runs ``cribcount discard --from FILE --pone
--players P --format F`` as a whole process, output kept in a file; it prints deals a
second by the CPU time and by the wall clock (the median of ``--repeat`` runs) and
the peak resident memory. ``--old PYTHON`` runs the ``cribcount`` of another
environment (an older checkout installed there) on the same files in the same
rounds and says whether its output is byte for byte the same. Last, two players in
CSV on a file four times as long shows whether memory stays flat. With two players
the choices are ranked with the play, unless ``--show-only`` (by hand and crib alone).
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

from timing import Run, cribcount_command, run_command

from cribcount.cards import DECK, format_cards
from cribcount.seats import DEAL_SIZES

SEED = 20261201


def write_deals(path: Path, players: int, count: int) -> None:
    """``count`` random deals for seat 1 of a table of ``players``, one a line."""
    rng = random.Random(f"{SEED}-{players}")
    dealt = DEAL_SIZES[players][0][0]
    lines = (format_cards(rng.sample(DECK, dealt)) + "\n" for _ in range(count))
    path.write_text("".join(lines), encoding="utf-8")


def runs(argv: list[str], out: Path, repeat: int) -> list[Run]:
    """``repeat`` runs of ``argv``, the output of the last kept in ``out``."""
    return [run_command(argv, out=out) for _ in range(repeat)]


def summary(label: str, deals: int, done: list[Run]) -> str:
    """Deals a second by CPU and wall clock (medians), and the largest peak memory."""
    cpu = statistics.median(run.cpu_seconds for run in done)
    wall = statistics.median(run.seconds for run in done)
    peak = max(run.peak_rss_kib for run in done) / 1024
    return (
        f"  {label:<30} {deals / cpu:8,.0f} deals/s CPU  {deals / wall:8,.0f} wall"
        f"  peak {peak:5.1f} MiB"
    )


def main() -> None:
    """Print the figures of every table size and format."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--old", help="the Python of an environment with an older cribcount")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--formats", default="text,jsonl,csv")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--show-only", action="store_true", help="rank without the play")
    args = parser.parse_args()
    ranking = ["--show-only"] if args.show_only else []
    tools = {"new": cribcount_command()}
    if args.old:
        old = shutil.which("cribcount", path=os.path.dirname(args.old))
        tools["old"] = [old] if old else [args.old, "-m", "cribcount"]
    folder = Path(tempfile.mkdtemp(prefix="bench-discard-"))
    print(
        f"discard --from --pone {' '.join(ranking)}, {args.deals} random deals for seat 1"
        f" (seed {SEED}):"
    )
    for players in map(int, args.players.split(",")):
        deals_file = folder / f"deals-{players}.txt"
        write_deals(deals_file, players, args.deals)
        for fmt in args.formats.split(","):
            print(f"{players} players, --format {fmt}:")
            outputs = {}
            for name, tool in tools.items():
                outputs[name] = folder / f"{name}-{players}.{fmt}"
                argv = [*tool, "discard", "--from", str(deals_file), "--pone", *ranking]
                argv += ["--players", str(players), "--format", fmt]
                print(summary(name, args.deals, runs(argv, outputs[name], args.repeat)))
            if args.old:
                same = filecmp.cmp(outputs["new"], outputs["old"], shallow=False)
                print(f"  output byte for byte the same as old: {'yes' if same else 'NO'}")
    longer = folder / "deals-2-long.txt"
    write_deals(longer, 2, 4 * args.deals)
    print(f"memory: 2 players, csv, {args.deals} and {4 * args.deals} deals:")
    for count, path in ((args.deals, folder / "deals-2.txt"), (4 * args.deals, longer)):
        if not path.exists():
            write_deals(path, 2, count)
        for name, tool in tools.items():
            argv = [*tool, "discard", "--from", str(path), "--pone", "--format", "csv", *ranking]
            print(summary(f"{name}, {count} deals", count, runs(argv, folder / "out", 1)))
    shutil.rmtree(folder)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
