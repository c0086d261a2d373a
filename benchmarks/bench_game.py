"""How fast ``cribcount game`` checks a long record, and the most memory it takes.

Run as ``python benchmarks/bench_game.py [DEALS] [--players 2|4] [--games GAMES]
[--against DIR]``. It writes a record of DEALS deals (default 100,000) for two
players (or four), every hand, starter and play given with the claims of the
shows, and times ``cribcount game`` on it, printing deals a second (by
wall-clock and by CPU time) and the peak resident memory. The game is won
within a dozen deals: most deals of such a record are read, checked and listed
as not counted. With ``--games GAMES`` it also writes GAMES records of one whole
game each (deals written until a side reaches 121, so every deal is counted)
and checks them all, one after another, in one process of each version: deals
counted a second, start-up included once. With ``--against DIR`` (a source
tree of another version of cribcount) the same records are timed with that
version too, in the same run, as the baseline. Wall-clock times stretch with
whatever else the machine is doing, CPU times much less: compare the rows of
one run.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

# The tests' own generator of random legal plays, so that benchmark and tests play alike.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import SEAT_NAMES, simulate  # noqa: E402
from timing import run_command, run_versions

from cribcount import rules
from cribcount.cards import DECK, Card, Hand, format_cards
from cribcount.seats import DEAL_SIZES
from cribcount.show import count_show

SEED = 23


def _count(four: list[Card], starter: Card, *, crib: bool = False) -> int:
    return count_show(Hand((four[0], four[1], four[2], four[3]), starter), crib=crib).total


PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def _deals(rng: random.Random, players: int) -> Iterator[tuple[list[str], list[int]]]:
    """Deals of a game between two or four players, Ann dealing first, every claim right: each
    hand kept and laid away, the starter, the play, the shows and the crib; with each the
    points each player scores in it (the heels, the play, the show, the crib)."""
    names = PLAYERS[:players]
    laid = DEAL_SIZES[players][0][1]
    number = 0
    while True:
        dealer = number % players
        # Seat order: the dealer's left first, the dealer last.
        order = [(dealer + step) % players for step in range(1, players + 1)]
        seats = [names[at] for at in order]
        cards = rng.sample(DECK, players * (4 + laid) + 1)
        dealt = [cards[i * (4 + laid) : (i + 1) * (4 + laid)] for i in range(players)]
        starter = cards[-1]
        words, turns = simulate([hand[:4] for hand in dealt], rng)
        play = " ".join(word for word, _ in words if word != "go")
        crib = [card for hand in dealt for card in hand[4:]]
        shows = [_count(hand[:4], starter) for hand in dealt]
        crib_count = _count(crib, starter, crib=True)
        lines = [f"deal {seats[-1]}"]
        lines += [
            f"hand {name} {format_cards(hand[:4])} | {format_cards(hand[4:])}"
            for name, hand in zip(seats, dealt, strict=True)
        ]
        lines += [f"starter {starter}", f"play {play}"]
        lines += [f"show {name} {points}" for name, points in zip(seats, shows, strict=True)]
        lines.append(f"crib {crib_count}")
        points = [0] * players
        for at, shown in zip(order, shows, strict=True):
            points[at] += shown
        points[dealer] += crib_count + rules.heels_points(starter.rank)
        seat_names = SEAT_NAMES[players]
        for player, _, _, pegged in turns:
            points[order[seat_names.index(player)]] += sum(pegged.values())
        yield lines, points
        number += 1


def write_record(path: Path, deals: int, seed: int = SEED, *, players: int = 2) -> None:
    """A game of ``deals`` deals between two or four players (``_deals``)."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write(f"players {' '.join(PLAYERS[:players])}\n")
        for _, (lines, _) in zip(range(deals), _deals(rng, players), strict=False):
            out.write("\n".join(lines) + "\n")


def write_game(path: Path, seed: int, *, players: int = 2) -> int:
    """A whole game to 121 between two or four players (``_deals``), its last deal the one in
    which a side reaches 121: how many deals."""
    rng = random.Random(seed)
    sides = [0] * (2 if players == 4 else players)  # four players play in partnerships
    with path.open("w", encoding="utf-8") as out:
        out.write(f"players {' '.join(PLAYERS[:players])}\n")
        for number, (lines, points) in enumerate(_deals(rng, players), 1):
            out.write("\n".join(lines) + "\n")
            for player, scored in enumerate(points):
                sides[player % len(sides)] += scored
            if max(sides) >= GAME:
                return number
    raise AssertionError("a game always ends")


GAME = rules.GAMES[0]
"""The game the records are played to (the default of ``cribcount game``)."""
CHECK_ALL = """
import sys
from cribcount.cli import cli
for path in sys.argv[1:]:
    try:
        cli(["game", path])
    except SystemExit as done:
        if done.code:
            raise
"""
"""A script that runs ``cribcount game`` on each record named, one after another, in process."""


def time_games(folder: Path, games: int, players: int, against: Path | None) -> None:
    """Write ``games`` whole games in ``folder``, check them all in one process of this version
    (and of ``against``), and print deals counted a second."""
    records = [folder / f"game{number}.txt" for number in range(games)]
    deals = sum(write_game(path, SEED + n, players=players) for n, path in enumerate(records))
    print(f"{games:,} whole {players}-player games of {deals:,} deals, every deal counted")
    versions: list[tuple[str, Path | None]] = [("this version", None)]
    if against is not None:
        versions.append((str(against), against))
    for label, tree in versions:
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if tree is not None:
            environment["PYTHONPATH"] = str(tree.resolve())
        argv = [sys.executable, "-c", CHECK_ALL, *map(str, records)]
        run = run_command(argv, env=environment)
        print(
            f"{label:>24}: {run.seconds:7.2f} s, {deals / run.seconds:9,.0f} deals/s;"
            f" CPU {run.cpu_seconds:7.2f} s, {deals / run.cpu_seconds:9,.0f} deals/s;"
            f" max RSS {run.peak_rss_kib / 1024:6.1f} MB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=100_000)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2, help="two or four")
    parser.add_argument("--games", type=int, default=0, help="also time so many whole games")
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
        if args.games:
            time_games(Path(folder), args.games, args.players, args.against)


if __name__ == "__main__":
    main()
