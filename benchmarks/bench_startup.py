"""Whole ``cribcount`` processes that do little (one ``score``, ``stats``) beside ``import click``.

Run: ``python benchmarks/bench_startup.py [RUNS] [--old PYTHON] [--instructions]``.
The commands run in turn, interleaved, so that load on the machine hits them
alike; the figures are the median and the fastest wall-clock time of each,
and the ratio of the medians to that of ``python -c "import click"``.
``--old PYTHON`` times the ``cribcount`` of another environment (an older
checkout installed there) too, in the same rounds. ``--instructions`` counts
each command's instructions once under ``valgrind --tool=callgrind``: unlike a
time, that count does not move with the load on the machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from timing import best_and_median, cribcount_command, time_command

WORK = {
    "score": ["5h 5d 5c Js / 5s"],
    "stats": ["stats"],
    "stats --hand-cards '5h 5d'": ["stats", "--hand-cards", "5h 5d"],
}
"""What each environment's cribcount is asked to do, by name."""


def instructions(argv: list[str]) -> int:
    """Instructions one run of ``argv`` executes, counted by callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind said no count for {argv}")
    return int(found.group(1))


def main() -> None:
    """Print the median and fastest time of each command, and the ratio of the medians."""
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=40)
    parser.add_argument("--old", help="the Python of an environment with an older cribcount")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind too")
    args = parser.parse_args()
    # Start-up as a user meets it, from bytecode caches (written by the first, warming run):
    # without them each process would compile every module it imports, and count that too.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {"python -c 'import click'": [sys.executable, "-c", "import click"]}
    tools = {"": cribcount_command()}
    if args.old:
        old = shutil.which("cribcount", path=os.path.dirname(args.old))
        tools["before: "] = [old] if old else [args.old, "-m", "cribcount"]
    for label, tool in tools.items():
        for name, argv in WORK.items():
            commands[f"{label}cribcount {name}"] = [*tool, *argv]
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        time_command(command)  # warm the file cache
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(time_command(command))
    _, base = best_and_median(times["python -c 'import click'"])
    counts = (
        {name: instructions(command) for name, command in commands.items()}
        if (args.instructions)
        else {}
    )
    for name, samples in times.items():
        fastest, median = best_and_median(samples)
        line = (
            f"{name:<48} median {median * 1000:6.1f} ms  fastest {fastest * 1000:6.1f} ms"
            f"  ({median / base:.2f}x import click)"
        )
        if counts:
            ratio = counts[name] / counts["python -c 'import click'"]
            line += f"  {counts[name] / 1e6:7.1f} M instructions ({ratio:.2f}x)"
        print(line)


if __name__ == "__main__":
    main()
