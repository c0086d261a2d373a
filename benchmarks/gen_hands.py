"""Write N random deals, one a line, with a fixed seed: canonical, or in mixed notation.

Every third line is a crib (``... crib``), as in a real show: pone's hand,
the dealer's hand, the dealer's crib. Run as
``python benchmarks/gen_hands.py 1000000 benchmarks/data/hands-1m.txt``;
with ``--mixed`` the same deals are written as people type them: a third
canonical, a third by hand (tens as ``10``, upper case, suit symbols,
commas, no ``/``), a third with a claim ``= N`` and the word ``crib`` in
either order; with ``--labelled`` as a score sheet: every line with a label
(``Ann, deal 3:``) and every other one with a trailing comment.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

from cribcount.cards import DECK

SEED = 20261130


def write_hands(
    path: Path,
    count: int,
    *,
    seed: int = SEED,
    line: Callable[[list[str], bool, int], str] | None = None,
) -> None:
    """Write ``count`` random deals (four cards / starter) to ``path``, every third a crib;
    ``line`` writes deal ``i`` (canonically by default)."""
    rng = random.Random(seed)
    names = [str(card) for card in DECK]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="ascii", newline="\n") as out:
        for i in range(count):
            five = [names[k] for k in rng.sample(range(52), 5)]
            crib = i % 3 == 2
            text = line(five, crib, i) if line else f"{' '.join(five[:4])} / {five[4]}"
            out.write(text + (" crib" if crib and not line else "") + "\n")


_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _typed(card: str, rng: random.Random) -> str:
    """A card as someone might type it: any case, ``10`` for a ten, sometimes a suit symbol."""
    rank, suit = card[0], card[1]
    rank = (
        "10" if rank == "T" and rng.random() < 0.7 else rank.lower() if rng.random() < 0.3 else rank
    )
    choice = rng.random()
    suit = suit.upper() if choice < 0.4 else _SYMBOLS[suit] if choice < 0.6 else suit
    return rank + suit


def mixed_line(five: list[str], crib: bool, kind: int, rng: random.Random) -> str:
    """One deal as a line of the mixed file: ``kind`` 0 canonical, 1 hand-typed, 2 with a claim."""
    word = " crib" if crib else ""
    if kind == 0:
        return f"{' '.join(five[:4])} / {five[4]}{word}"
    if kind == 1:
        cards = [_typed(card, rng) for card in five]
        separator = rng.choice([" ", ", ", ","])
        slash = rng.choice([" / ", "/", separator])
        return separator.join(cards[:4]) + slash + cards[4] + word.upper() + rng.choice(["", " "])
    claim = f" = {rng.randrange(30)}"
    tail = word + claim if rng.random() < 0.5 else claim + word
    return f"{' '.join(five[:4])} / {five[4]}{tail}"


def write_mixed(path: Path, count: int, *, seed: int = SEED) -> None:
    """Write the deals of ``write_hands`` (same seed, same deals) in the mixed notation."""
    rng = random.Random(seed)
    typing = random.Random(seed + 1)  # a second stream, so the deals stay those of write_hands
    names = [str(card) for card in DECK]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(count):
            five = [names[k] for k in rng.sample(range(52), 5)]
            out.write(mixed_line(five, i % 3 == 2, typing.randrange(3), typing) + "\n")


_PLAYERS = ("Ann", "Bob", "Cleo", "Dev")
_COMMENTS = ("# checked", "# counted twice", "# muggins?")


def labelled_line(five: list[str], crib: bool, i: int) -> str:
    """Line ``i`` of a labelled sheet: a label naming a player and the deal, the hand
    canonical, a comment on every other line."""
    label = f"{_PLAYERS[i % len(_PLAYERS)]}, deal {i // 3 + 1}"
    comment = f"  {_COMMENTS[i // 2 % len(_COMMENTS)]}" if i % 2 else ""
    word = " crib" if crib else ""
    return f"{label}: {' '.join(five[:4])} / {five[4]}{word}{comment}"


def write_labelled(path: Path, count: int, *, seed: int = SEED) -> None:
    """Write the deals of ``write_hands`` (same seed, same deals) as a labelled sheet."""
    write_hands(path, count, seed=seed, line=labelled_line)


def main() -> None:
    """Parse the command line and write the file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("path", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--mixed", action="store_true", help="mixed notation, claims and crib")
    parser.add_argument("--labelled", action="store_true", help="labels, and comments")
    args = parser.parse_args()
    write = write_mixed if args.mixed else write_labelled if args.labelled else write_hands
    write(args.path, args.count, seed=args.seed)


if __name__ == "__main__":
    main()
