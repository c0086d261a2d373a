"""Why numpy: a tight pure-Python loop doing what ``batch --format csv`` does for canonical lines.

Reads canonical lines by slicing, takes fifteens, pairs and runs from
``rules.rank_points`` (a table keyed by sorted ranks), works out flush and
nobs, and writes the same CSV rows to /dev/null; prints hands per second.
Run as ``python benchmarks/bench_batch_pure.py [FILE]`` (default: the
million-line file of ``bench_batch.py``, which must exist).
"""

from __future__ import annotations

import sys
from pathlib import Path

from timing import measure

from cribcount.rules import rank_points

RANKS = {symbol: i + 1 for i, symbol in enumerate("A23456789TJQK")}
JACK = 11


def score_csv(path: Path) -> int:
    """Write the CSV rows of ``path`` to /dev/null; return the number of hands."""
    count = 0
    rows: list[str] = []
    with path.open(encoding="ascii") as lines, open("/dev/null", "w") as out:
        for count, line in enumerate(lines, start=1):
            ranks = [RANKS[line[i]] for i in (0, 3, 6, 9, 14)]
            suits = [line[i] for i in (1, 4, 7, 10, 15)]
            crib = line[16:21] == " crib"
            points = rank_points(ranks)
            one_suit = suits[0] == suits[1] == suits[2] == suits[3]
            flush = 5 if one_suit and suits[4] == suits[0] else 4 if one_suit and not crib else 0
            nobs = int(any(ranks[i] == JACK and suits[i] == suits[4] for i in range(4)))
            total = points.total + flush + nobs
            rows.append(
                f"{count},{line[:11]},{line[14:16]},{'true' if crib else 'false'},"
                f"{points.fifteens},{points.pairs},{points.runs},{flush},{nobs},{total},,,\n"
            )
            if len(rows) >= 50_000:
                out.write("".join(rows))
                rows.clear()
        out.write("".join(rows))
    return count


def main() -> None:
    """Time one run and print hands per second."""
    default = Path(__file__).resolve().parent / "data" / "hands-1m.txt"
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    hands, elapsed = measure(lambda: score_csv(path))
    print(f"pure Python, in process: {hands:,} hands in {elapsed:.2f} s = {hands / elapsed:,.0f}/s")


if __name__ == "__main__":
    main()
