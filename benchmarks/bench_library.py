"""The library in process: ``parse_hand`` + ``count_show`` against the peer cribbage-scorer.

Run: ``python benchmarks/bench_library.py [--hands N] [--rounds R] [--old PYTHON]``.
The peer (``pip install cribbage-scorer``, never a dependency of cribcount)
is timed in the same process on the same random hands, rounds interleaved so
that load on the machine hits both alike; it is skipped when it is not
installed. ``--old PYTHON`` runs this script again with another environment's
Python (one with an older cribcount installed) and prints its figures below,
for a before-and-after in the same run. Figures are hands a second of CPU time
(the time spent waiting for a core on a loaded machine is left out), the
median and the best of the rounds.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Callable

from timing import best_and_median, cpu_timed

from cribcount.cards import DECK, parse_hand
from cribcount.show import count_show

SEED = 20261201
_PEER_SUIT = {"c": "C", "d": "D", "h": "H", "s": "S"}


def main() -> None:
    """Print hands a second of each way of counting, and the ratio to the peer."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--old", help="another Python whose cribcount is timed too")
    args = parser.parse_args()
    rng = random.Random(SEED)
    deals = [rng.sample(DECK, 5) for _ in range(args.hands)]
    texts = [" ".join(map(str, cards[:4])) + " / " + str(cards[4]) for cards in deals]
    hands = [parse_hand(text) for text in texts]
    work: dict[str, Callable[[], object]] = {
        "parse_hand + count_show": lambda: [count_show(parse_hand(text)) for text in texts],
        "count_show (parsed hands)": lambda: [count_show(hand) for hand in hands],
        "parse_hand": lambda: [parse_hand(text) for text in texts],
    }
    try:
        from cribbage_scorer import cribbage_scorer as peer  # type: ignore[import-not-found]
    except ImportError:
        print("(cribbage-scorer is not installed here: the peer is not timed)")
    else:
        tuples = [
            [(int(card.rank), _PEER_SUIT[card.suit.value]) for card in cards] for cards in deals
        ]
        work["cribbage-scorer show_calc_score"] = lambda: [
            peer.show_calc_score(cards[4], cards[:4]) for cards in tuples
        ]
    for run in work.values():
        run()  # warm every cache and table once
    times: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(args.rounds):
        for name, run in work.items():
            times[name].append(cpu_timed(run))
    print(f"{args.hands} random hands (seed {SEED}), {args.rounds} rounds, {sys.executable}:")
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
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
