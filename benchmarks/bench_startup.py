"""Time the whole ``cribcount`` process scoring one hand against ``python -c "import click"``.

Run: ``python benchmarks/bench_startup.py [RUNS]``. Both commands run in turn,
interleaved, so that load on the machine hits them alike; the figures are the
median and the fastest wall-clock time of each.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    # The cribcount installed beside this Python, else the first on PATH.
    here = os.path.dirname(sys.executable)
    cribcount = shutil.which("cribcount", path=here) or shutil.which("cribcount") or "cribcount"
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "cribcount 5h 5d 5c Js / 5s": [cribcount, "5h 5d 5c Js / 5s"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        timed(command)  # warm the file cache
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    base = statistics.median(times["python -c 'import click'"])
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"{name:<30} median {median * 1000:6.1f} ms  fastest {min(samples) * 1000:6.1f} ms"
            f"  ({median / base:.2f}x import click)"
        )


if __name__ == "__main__":
    main()
