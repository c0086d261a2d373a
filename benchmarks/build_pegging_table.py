"""Build the table of expected pegging of every kept hand, and print how long it took.

Run: ``python benchmarks/build_pegging_table.py [PROCESSES] [DEALS] [SEED]`` (by
default both cores, ``pegging_table.DEALS`` deals an entry and
``pegging_table.SEED``). It writes ``cribcount/pegging_table.csv`` (to read) and
``cribcount/pegging_table.bin`` (what is loaded): the 1,820 kept rank sets, as
dealer and as pone. Each entry has its own seed, so the
table is the same whatever the number of processes.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

from cribcount.pegging_engine import SEATS
from cribcount.pegging_table import (
    DEALS,
    SEED,
    Pegging,
    estimate,
    kept_rank_sets,
    table_binary,
    table_text,
)
from cribcount.shipped import PEGGING_BINARY, PEGGING_TABLE


def _entry(job: tuple[tuple[int, ...], str, int, int]) -> tuple[tuple[int, ...], str, Pegging]:
    keep, role, deals, seed = job
    return keep, role, estimate(keep, role, deals=deals, seed=seed)


def main() -> None:
    """Estimate every entry on ``PROCESSES`` processes and write the table."""
    processes = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else DEALS
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else SEED
    jobs = [(keep, role, deals, seed) for keep in kept_rank_sets() for role in SEATS]
    start = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        entries = []
        for entry in pool.imap(_entry, jobs, chunksize=8):
            entries.append(entry)
            if len(entries) % 200 == 0:
                elapsed = time.perf_counter() - start
                print(f"{len(entries)} of {len(jobs)} in {elapsed:.0f} s", file=sys.stderr)
    seconds = time.perf_counter() - start
    Path(PEGGING_TABLE).write_text(table_text(entries, seed=seed), encoding="utf-8")
    Path(PEGGING_BINARY).write_bytes(table_binary(entries))
    errors = sorted(entry.net_se for _, _, entry in entries)
    print(f"{len(entries)} entries of {deals} deals on {processes} processes: {seconds:.0f} s")
    print(
        f"standard error of the net: median {errors[len(errors) // 2]:.3f},"
        f" largest {errors[-1]:.3f}"
    )


if __name__ == "__main__":
    main()
