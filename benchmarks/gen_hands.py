"""Write N random deals in canonical notation, one a line, with a fixed seed.

Every third line is a crib (``... crib``), as in a real show: pone's hand,
the dealer's hand, the dealer's crib. Run as
``python benchmarks/gen_hands.py 1000000 benchmarks/data/hands-1m.txt``.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from cribcount.cards import DECK

SEED = 20261130


def write_hands(path: Path, count: int, *, seed: int = SEED) -> None:
    """Write ``count`` random deals (four cards / starter) to ``path``."""
    rng = random.Random(seed)
    names = [str(card) for card in DECK]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="ascii", newline="\n") as out:
        for i in range(count):
            five = [names[k] for k in rng.sample(range(52), 5)]
            crib = " crib" if i % 3 == 2 else ""
            out.write(f"{' '.join(five[:4])} / {five[4]}{crib}\n")


def main() -> None:
    """Parse the command line and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("path", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    write_hands(args.path, args.count, seed=args.seed)


if __name__ == "__main__":
    main()
