"""How fast ``cribcount game`` checks a long record, and the most memory it takes.

Run as ``python benchmarks/bench_game.py [DEALS] [--players 2|4] [--against DIR]``.
It writes a record of DEALS deals (default 100,000) for two players (or four),
every hand, starter and play given with the claims of the shows, and times
``cribcount game`` on it, printing deals a second (by wall-clock and by CPU
time) and the peak resident memory. With ``--against DIR`` (a source tree of
another version of cribcount) the same record is timed with that version too,
in the same run, as the baseline. Wall-clock times stretch with whatever else
the machine is doing, CPU times much less: compare the rows of one run.
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
from cribcount.seats import DEAL_SIZES
from cribcount.show import count_show

SEED = 23


def _count(four: list[Card], starter: Card, *, crib: bool = False) -> int:
    return count_show(Hand((four[0], four[1], four[2], four[3]), starter), crib=crib).total


PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def write_record(path: Path, deals: int, seed: int = SEED, *, players: int = 2) -> None:
    """A game of ``deals`` deals between two or four players, Ann dealing first, every claim
    right: each hand kept and laid away, the starter, the play, the shows and the crib."""
    rng = random.Random(seed)
    names = PLAYERS[:players]
    laid = DEAL_SIZES[players][0][1]
    with path.open("w", encoding="utf-8") as out:
        out.write(f"players {' '.join(names)}\n")
        for number in range(deals):
            dealer = number % players
            # Seat order: the dealer's left first, the dealer last.
            seats = [names[(dealer + step) % players] for step in range(1, players + 1)]
            cards = rng.sample(DECK, players * (4 + laid) + 1)
            dealt = [cards[i * (4 + laid) : (i + 1) * (4 + laid)] for i in range(players)]
            starter = cards[-1]
            words, _ = simulate([hand[:4] for hand in dealt], rng)
            play = " ".join(word for word, _ in words if word != "go")
            crib = [card for hand in dealt for card in hand[4:]]
            lines = [f"deal {seats[-1]}"]
            lines += [
                f"hand {name} {format_cards(hand[:4])} | {format_cards(hand[4:])}"
                for name, hand in zip(seats, dealt, strict=True)
            ]
            lines += [f"starter {starter}", f"play {play}"]
            lines += [
                f"show {name} {_count(hand[:4], starter)}"
                for name, hand in zip(seats, dealt, strict=True)
            ]
            lines.append(f"crib {_count(crib, starter, crib=True)}")
            out.write("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=100_000)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2, help="two or four")
    parser.add_argument("--against", type=Path, help="a source tree of cribcount to compare")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.txt"
        write_record(record, args.deals, players=args.players)
        size = record.stat().st_size / 1e6
        print(
            f"a {args.players}-player record of {args.deals:,} deals ({size:.1f} MB), seed {SEED}"
        )
        for label, run in run_versions(["game", str(record)], args.against, ok=(0, 1)):
            rate = args.deals / run.seconds
            print(
                f"{label:>24}: {run.seconds:7.2f} s, {rate:9,.0f} deals/s;"
                f" CPU {run.cpu_seconds:7.2f} s, {args.deals / run.cpu_seconds:9,.0f} deals/s;"
                f" max RSS {run.peak_rss_kib / 1024:6.1f} MB"
            )


if __name__ == "__main__":
    main()
