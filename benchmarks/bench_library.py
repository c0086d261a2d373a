"""The library in process: ``parse_hand`` + ``count_show`` against the peer cribbage-scorer.

Run: ``python benchmarks/bench_library.py [--hands N] [--rounds R] [--old PYTHON] [--keep]``.
The peer (``pip install cribbage-scorer``, never a dependency of cribcount)
is timed in the same process on the same random hands, rounds interleaved so
that load on the machine hits both alike; it is skipped when it is not
installed. ``--old PYTHON`` runs this script again with another environment's
Python (one with an older cribcount installed) and prints its figures below,
for a before-and-after in the same run. Each round counts random hands of its
own, never counted before in the process (each way its own, from one
seeded stream). Figures are hands a second of CPU time (the time spent waiting for a
core on a loaded machine is left out), the median and the best of the rounds.
Each result is dropped once made, as a program counting hand after hand
drops it; ``--keep`` keeps them all in a list instead.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Callable
from typing import TypeVar

from timing import best_and_median, cpu_timed

from cribcount.cards import DECK, Card, parse_hand
from cribcount.show import count_show

SEED = 20261201
T = TypeVar("T")
_PEER_SUIT = {"c": "C", "d": "D", "h": "H", "s": "S"}


def write(cards: list[Card]) -> str:
    """Five cards as a hand is usually written: ``5h 5d 5c Js / 5s``."""
    return " ".join(map(str, cards[:4])) + " / " + str(cards[4])


def each(inputs: list[T], work: Callable[[T], object], keep: bool) -> Callable[[], object]:
    """A round: ``work`` on every input, each result kept in a list or dropped once made.

    Kept, 20,000 counts of many small objects make Python's cyclic garbage collector
    walk them again and again as they pile up; a program that counts hand after hand
    and moves on (the usual use) pays none of that.
    """
    if keep:
        return lambda: [work(one) for one in inputs]

    def drop() -> None:
        for one in inputs:
            work(one)

    return drop


def main() -> None:
    """Print hands a second of each way of counting, and the ratio to the peer."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--old", help="another Python whose cribcount is timed too")
    parser.add_argument("--keep", action="store_true", help="keep every result in a list")
    args = parser.parse_args()
    keep = args.keep
    try:
        from cribbage_scorer import cribbage_scorer as peer  # type: ignore[import-not-found]
    except ImportError:
        print("(cribbage-scorer is not installed here: the peer is not timed)")
        peer = None
    rng = random.Random(SEED)
    ways: dict[str, Callable[[list[list[Card]]], Callable[[], object]]] = {
        "parse_hand + count_show": lambda deals: each(
            [write(cards) for cards in deals], lambda text: count_show(parse_hand(text)), keep
        ),
        "count_show (parsed hands)": lambda deals: each(
            [parse_hand(write(cards)) for cards in deals], count_show, keep
        ),
        "parse_hand": lambda deals: each([write(cards) for cards in deals], parse_hand, keep),
    }
    if peer is not None:
        ways["cribbage-scorer show_calc_score"] = lambda deals: each(
            [[(int(c.rank), _PEER_SUIT[c.suit.value]) for c in cards] for cards in deals],
            lambda cards: peer.show_calc_score(cards[4], cards[:4]),
            keep,
        )
    times: dict[str, list[float]] = {name: [] for name in ways}
    # Every round gives each way random hands of its own, never counted before, as a program
    # reading hand after hand meets them: a cache that only the same hands again would fill
    # counts for nothing here. The first round warms the tables and is not timed.
    for round_ in range(args.rounds + 1):
        for name, way in ways.items():
            run = way([rng.sample(DECK, 5) for _ in range(args.hands)])
            spent = cpu_timed(run)
            if round_:
                times[name].append(spent)
    kept = "every result kept" if keep else "each result dropped once made"
    print(f"{args.hands} random hands a round (seed {SEED}), {args.rounds} rounds, {kept},")
    print(f"{sys.executable}:")
    rates = {}
    for name, samples in times.items():
        fastest, median = best_and_median(samples)
        rates[name] = args.hands / median
        print(
            f"  {name:<34} median {rates[name]:9,.0f} hands/s CPU"
            f"  best {args.hands / fastest:9,.0f}  ({1e6 * median / args.hands:5.1f} µs a hand)"
        )
    peer_rate = rates.get("cribbage-scorer show_calc_score")
    if peer_rate:
        ratio = rates["parse_hand + count_show"] / peer_rate
        print(f"  parse_hand + count_show over cribbage-scorer: {ratio:.2f}x")
    if args.old:
        print("before:", flush=True)
        command = [args.old, __file__, "--hands", str(args.hands), "--rounds", str(args.rounds)]
        command += ["--keep"] if keep else []
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
