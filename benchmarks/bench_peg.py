"""How fast ``cribcount peg`` scores a play, and how fast the command starts.

Run as ``python benchmarks/bench_peg.py``. Figures are wall-clock times on
whatever else the machine is doing: compare the rows of one run, not runs on
different days.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from timing import best_and_median, cribcount_command, time_command, timed

# The tests' own generator of random legal plays, so that benchmark and tests play alike.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import random_play  # noqa: E402

from cribcount.cards import parse_card, tokenize
from cribcount.play import peg

PLAYS = 2000
REPEATS = 5
STARTS = 7


def with_gos(text: str, hands: str) -> str:
    """The same play with the gos written that are needed when no hands are given."""
    words = []
    for play in peg(text, hands=hands).plays:
        if play.card is not None:
            words.append(str(play.card))
        elif not play.items:
            words.append("go")
    return " ".join(words)


def best_of(work: Callable[[], object]) -> float:
    """The fastest of REPEATS runs, in seconds."""
    return min(timed(work) for _ in range(REPEATS))


def peg_without_hands(texts: list[str], players: int) -> None:
    """Peg every play from its cards and written gos."""
    for text in texts:
        peg(text, players=players)


def peg_with_hands(plays: list[tuple[str, str]]) -> None:
    """Peg every play against its hands, the gos inferred."""
    for text, hands in plays:
        peg(text, hands=hands)


def parse_only(texts: list[str]) -> None:
    """The baseline: reading every card token, without pegging."""
    for text in texts:
        for token in tokenize(text):
            if token.text.lower() != "go":
                parse_card(token.text, text=text, column=token.column)


def startup(command: list[str]) -> float:
    """Median wall time of a fresh process running ``command``, in milliseconds."""
    _, median = best_and_median([time_command(command) for _ in range(STARTS)])
    return median * 1000


def main() -> None:
    rng = random.Random(2026)
    deals = [random_play(rng, 2) for _ in range(PLAYS)]
    written = [with_gos(*deal) for deal in deals]
    gos = sum(text.split().count("go") for text in written)
    print(f"{PLAYS} random legal plays of random deals, {gos} written gos; best of {REPEATS}")

    baseline = best_of(lambda: parse_only(written))
    bare = best_of(lambda: [peg(text) for text in written])
    hands = best_of(lambda: [peg(text, hands=seats) for text, seats in deals])
    for name, seconds in (
        ("parse the cards only (baseline)", baseline),
        ("peg, gos written, no hands", bare),
        ("peg with --hands, gos inferred", hands),
    ):
        print(f"  {name:<40} {seconds * 1000:8.1f} ms  {seconds / PLAYS * 1e6:7.1f} us/play")

    print(f"per card laid, two and six players ({PLAYS} plays each); best of {REPEATS}")
    for players in (2, 6):
        table = [random_play(rng, players) for _ in range(PLAYS)]
        texts = [with_gos(*deal) for deal in table]
        cards = 4 * players * PLAYS
        for name, seconds in (
            ("gos written, no hands", best_of(partial(peg_without_hands, texts, players))),
            ("--hands, gos inferred", best_of(partial(peg_with_hands, table))),
        ):
            label = f"{players} players, {name}"
            print(f"  {label:<40} {seconds / cards * 1e6:8.2f} us/card")

    cribcount = cribcount_command()
    print(f"start-up, median of {STARTS} fresh interpreters")
    for name, command in (
        ('python -c "import click"', [sys.executable, "-c", "import click"]),
        ("cribcount 5h 5d 5c Js 5s", [*cribcount, "5h", "5d", "5c", "Js", "5s"]),
        ('cribcount peg "Kc 9d Th go 2s 7c 6s"', [*cribcount, "peg", "Kc 9d Th go 2s 7c 6s"]),
    ):
        print(f"  {name:<40} {startup(command):8.1f} ms")


if __name__ == "__main__":
    main()
