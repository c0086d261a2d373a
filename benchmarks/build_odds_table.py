"""Build the table of win chances: play the deals, solve the board, and print the figures.

Run: ``nice python benchmarks/build_odds_table.py [PROCESSES] [DEALS] [SEED]`` (by
default both cores, ``odds.DEALS`` deals and ``odds.SEED``). It plays the
deals engine against engine (``odds.play_deals``, each deal from its own seed,
so the deals are the same whatever the number of processes), writes them to
``cribcount/odds_deals.txt``, solves the board for each game of
``rules.GAMES`` and writes ``cribcount/odds_table.bin``. It prints how long
each step took, each phase's mean points with its standard error, and the
first dealer's chance to win with a standard error from resampling the deals.
``--solve-only`` solves again from the shipped deals without playing any;
``--resamples=N`` sets the resamplings (``_RESAMPLES`` by default).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from cribcount.odds import (
    DEALS,
    SEED,
    load_deals,
    play_deals,
    solve_board,
    table_bytes,
    weighed,
    write_deals,
)
from cribcount.rules import BOARDS, GAMES
from cribcount.selfplay import DEALER, PONE, DealPoints
from cribcount.shipped import ODDS_DEALS, ODDS_TABLE

_BLOCK = 25
"""Deals a task plays: small enough to share the work evenly between processes."""
_RESAMPLES = 20
"""Resamplings of the deals for the standard error of the first dealer's chance."""


def _block(job: tuple[int, int, int]) -> list[DealPoints]:
    start, stop, seed = job
    return play_deals(start, stop, seed=seed)


def _mean_and_error(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    spread = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(spread / n)


def _phases(deals: list[DealPoints]) -> None:
    """Each phase's mean points per deal, with its standard error."""
    for name, values in (
        ("dealer pegs", [deal.pegging[DEALER] for deal in deals]),
        ("pone pegs", [deal.pegging[PONE] for deal in deals]),
        ("dealer's hand", [deal.hand[DEALER] for deal in deals]),
        ("pone's hand", [deal.hand[PONE] for deal in deals]),
        ("crib", [deal.crib for deal in deals]),
        ("heels", [deal.heels for deal in deals]),
    ):
        mean, error = _mean_and_error(values)
        print(f"{name:>14}: {mean:6.3f} ± {error:.3f} a deal")


def _first_dealer(deals: list[DealPoints], seed: int, resamples: int) -> None:
    """The first dealer's chance to win each game, and its standard error by the bootstrap."""
    for game in GAMES:
        start = time.perf_counter()
        table = solve_board(weighed(deals), BOARDS[game])
        seconds = time.perf_counter() - start
        first = float(table[0, 0, :3].sum())
        rng = random.Random(seed)
        again = []
        for _ in range(resamples):
            sample = [deals[rng.randrange(len(deals))] for _ in deals]
            again.append(float(solve_board(weighed(sample), BOARDS[game])[0, 0, :3].sum()))
        mean = sum(again) / len(again)
        error = math.sqrt(sum((x - mean) ** 2 for x in again) / (len(again) - 1))
        print(
            f"game to {game}: the first dealer wins {100 * first:.2f}%"
            f" ± {100 * error:.2f}% (solved in {seconds:.1f} s;"
            f" error from {resamples} resamplings of the deals)"
        )


def main() -> None:
    """Play (unless ``--solve-only``), solve, write the data, print the figures."""
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    processes = int(args[0]) if args else 2
    count = int(args[1]) if len(args) > 1 else DEALS
    seed = int(args[2]) if len(args) > 2 else SEED
    if "--solve-only" in sys.argv:
        deals = load_deals()
    else:
        jobs = [(start, min(count, start + _BLOCK), seed) for start in range(0, count, _BLOCK)]
        start = time.perf_counter()
        deals = []
        header = f"deals of engine self-play for the table of win chances, seed {seed}"
        # The deals are written as they come, in order: a build stopped early keeps them, and
        # ``--solve-only`` solves the board from them.
        pool = multiprocessing.Pool(processes)
        with open(ODDS_DEALS, "w", encoding="utf-8") as out, pool:
            out.write(write_deals([], header=header))
            for block in pool.imap(_block, jobs):
                deals += block
                out.write(write_deals(block, header="").removeprefix("\n"))
                out.flush()
                if len(deals) % 100 == 0:
                    elapsed = time.perf_counter() - start
                    print(f"{len(deals)} of {count} deals in {elapsed:.0f} s", file=sys.stderr)
        seconds = time.perf_counter() - start
        print(f"{len(deals)} deals on {processes} processes: {seconds:.0f} s")
    start = time.perf_counter()
    tables = [solve_board(weighed(deals), BOARDS[game]) for game in GAMES]
    Path(ODDS_TABLE).write_bytes(table_bytes(tables))
    print(f"table of {', '.join(map(str, GAMES))} solved in {time.perf_counter() - start:.1f} s")
    _phases(deals)
    resamples = next(
        (int(arg.split("=")[1]) for arg in sys.argv if arg.startswith("--resamples=")),
        _RESAMPLES,
    )
    _first_dealer(deals, seed, resamples)


if __name__ == "__main__":
    main()
