"""Build the table of the average value of a deal to each seat, and print how long it took.

Run: ``python benchmarks/build_deal_values.py [PROCESSES] [DEALS] [SEED]`` (by
default both cores, ``deal_values.DEALS`` deals a row and ``deal_values.SEED``).
It writes ``cribcount/deal_values.csv``: one row for each seat that lays away
at each table. Each row has its own seed, so the table is the same whatever
the number of processes.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

from cribcount.deal_values import (
    DEALS,
    SEED,
    VALUES_DATA,
    Average,
    estimate,
    table_rows,
    table_text,
)


def _row(job: tuple[int, bool, int, int, int]) -> tuple[int, bool, int, Average]:
    players, partners, seat, deals, seed = job
    return (
        players,
        partners,
        seat,
        estimate(players, seat, partners=partners, deals=deals, seed=seed),
    )


def main() -> None:
    """Estimate every row on ``PROCESSES`` processes and write the table."""
    processes = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else DEALS
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else SEED
    jobs = [(players, partners, seat, deals, seed) for players, partners, seat in table_rows()]
    start = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        rows = pool.map(_row, jobs, chunksize=1)
    seconds = time.perf_counter() - start
    Path(VALUES_DATA).write_text(table_text(rows, seed=seed), encoding="utf-8")
    largest = max(found.se for *_, found in rows)
    print(f"{len(rows)} rows of {deals} deals on {processes} processes: {seconds:.0f} s")
    print(f"largest standard error of a mean: {largest:.3f}")


if __name__ == "__main__":
    main()
