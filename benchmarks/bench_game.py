"""How fast ``cribcount game`` checks a long record, and the most memory it takes.

Run as ``python benchmarks/bench_game.py [DEALS] [--against DIR]``. It writes a
two-player record of DEALS deals (default 100,000), every hand, starter and play
given with the claims of the shows, and times ``cribcount game`` on it, printing
deals a second and the peak resident memory. With ``--against DIR`` (a source
tree of another version of cribcount) the same record is timed with that
version too, in the same run, as the baseline. Figures are wall-clock times on
whatever else the machine is doing: compare the rows of one run.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

# The tests' own generator of random legal plays, so that benchmark and tests play alike.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import simulate  # noqa: E402
from timing import run_versions

from cribcount.cards import DECK, Card, Hand, format_cards
from cribcount.show import count_show

SEED = 23


def _count(four: list[Card], starter: Card, *, crib: bool = False) -> int:
    return count_show(Hand((four[0], four[1], four[2], four[3]), starter), crib=crib).total


def write_record(path: Path, deals: int, seed: int = SEED) -> None:
    """A two-player game of ``deals`` deals, Ann dealing first, every claim right."""
    rng = random.Random(seed)
    players = ("Ann", "Ben")
    with path.open("w", encoding="utf-8") as out:
        out.write("players Ann Ben\n")
        for number in range(deals):
            dealer = players[number % 2]
            pone = players[1 - number % 2]
            cards = rng.sample(DECK, 13)
            pone_cards, dealer_cards, starter = cards[:6], cards[6:12], cards[12]
            words, _ = simulate([pone_cards[:4], dealer_cards[:4]], rng)
            play = " ".join(word for word, _ in words if word != "go")
            crib = [*pone_cards[4:], *dealer_cards[4:]]
            pone_show = _count(pone_cards[:4], starter)
            dealer_show = _count(dealer_cards[:4], starter)
            crib_show = _count(crib, starter, crib=True)
            out.write(
                f"deal {dealer}\n"
                f"hand {pone} {format_cards(pone_cards[:4])} | {format_cards(pone_cards[4:])}\n"
                f"hand {dealer} {format_cards(dealer_cards[:4])}"
                f" | {format_cards(dealer_cards[4:])}\n"
                f"starter {starter}\nplay {play}\n"
                f"show {pone} {pone_show}\nshow {dealer} {dealer_show}\ncrib {crib_show}\n"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=100_000)
    parser.add_argument("--against", type=Path, help="a source tree of cribcount to compare")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.txt"
        write_record(record, args.deals)
        size = record.stat().st_size / 1e6
        print(f"a two-player record of {args.deals:,} deals ({size:.1f} MB), seed {SEED}")
        for label, run in run_versions(["game", str(record)], args.against, ok=(0, 1)):
            rate = args.deals / run.seconds
            print(
                f"{label:>24}: {run.seconds:7.2f} s, {rate:9,.0f} deals/s;"
                f" CPU {run.cpu_seconds:7.2f} s, {args.deals / run.cpu_seconds:9,.0f} deals/s;"
                f" max RSS {run.peak_rss_kib / 1024:6.1f} MB"
            )


if __name__ == "__main__":
    main()
