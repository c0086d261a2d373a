"""Games played out from positions, against the odds table's chance from the same positions.

Run: ``nice python benchmarks/check_odds_direct.py [GAMES] [SEED]`` (150 games a
position and seed 7 by default, as the slow test plays them). Each position's
games are played deal by deal with the engine's self-play (``odds.play_from``,
other seeds than the table's deals); the script prints the table's chance to
win, the games' win rate with its 95% and 99% intervals, and the time taken.
"""

from __future__ import annotations

import sys
import time

from cribcount.odds import chances, play_from

POSITIONS = [(115, 110, False), (108, 112, True), (100, 95, True)]
"""(me, opponent, whether I deal next): near the end, where a game lasts a deal or two."""


def main() -> None:
    """Play each position's games and print the comparison."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    for me, opponent, dealer in POSITIONS:
        start = time.perf_counter()
        played = play_from(me, opponent, dealer=dealer, games=games, seed=seed)
        seconds = time.perf_counter() - start
        table = chances(me, opponent, dealer=dealer).mine.win
        low95, high95 = played.interval()
        low99, high99 = played.interval(z=2.576)
        who = "dealer" if dealer else "pone"
        print(
            f"{me}-{opponent} as {who}: table {100 * table:.1f}%,"
            f" {games} games {100 * played.mine.win:.1f}%"
            f" (95%: {100 * low95:.1f}-{100 * high95:.1f},"
            f" 99%: {100 * low99:.1f}-{100 * high99:.1f})"
            f" in {seconds:.0f} s"
        )


if __name__ == "__main__":
    main()
