"""The one timer every benchmark uses: calls, whole commands, and their summaries.

The scripts beside this file import it as ``from timing import ...`` (a script's
own folder is on ``sys.path``). Commands run with their output thrown away and
from the temporary directory, so that a checkout's ``cribcount/`` folder never
shadows the installed package that is meant to be timed.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def measure(work: Callable[[], T]) -> tuple[T, float]:
    """What one call of ``work`` returns, and the wall-clock seconds it took."""
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def timed(work: Callable[[], object]) -> float:
    """Wall-clock seconds of one call of ``work``."""
    return measure(work)[1]


def cpu_timed(work: Callable[[], object]) -> float:
    """CPU seconds of this process in one call of ``work``: what the load on a shared machine
    stretches least (the time spent waiting for a core is not counted)."""
    start = time.process_time()
    work()
    return time.process_time() - start


def best_and_median(times: Sequence[float]) -> tuple[float, float]:
    """The fastest and the median of ``times``."""
    return min(times), statistics.median(times)


@dataclass(frozen=True)
class Run:
    """One finished command: wall-clock and CPU seconds, peak resident memory."""

    seconds: float
    cpu_seconds: float
    peak_rss_kib: int


def run_command(
    argv: Sequence[str],
    *,
    cwd: str | Path | None = None,
    ok: Sequence[int] = (0,),
    out: Path | None = None,
    env: dict[str, str] | None = None,
) -> Run:
    """Run ``argv``, stdout and stderr thrown away; SystemExit unless its status is in ``ok``.

    ``out`` names a file to keep stdout in instead, to compare outputs; ``env`` replaces the
    environment.

    The CPU time and peak memory are the child's own (``wait4``), not those of
    every child this process has had.
    """
    with tempfile.TemporaryFile() as errors, open(out or os.devnull, "wb") as stdout:
        start = time.perf_counter()
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=errors,
            cwd=tempfile.gettempdir() if cwd is None else cwd,
            env=env,
        )
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in ok:
            errors.seek(0)
            said = errors.read().decode(errors="replace").strip()
            raise SystemExit(f"{' '.join(argv)} exited {process.returncode}: {said}")
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def time_command(argv: Sequence[str], *, cwd: str | Path | None = None) -> float:
    """Wall-clock seconds of one run of ``argv``, its stdout sent to /dev/null."""
    return run_command(argv, cwd=cwd).seconds


def cribcount_command() -> list[str]:
    """The ``cribcount`` installed beside this Python, as the start of a command line.

    Falls back to ``python -m cribcount`` with this Python, never to another
    ``cribcount`` on PATH, so the figures are always those of this environment.
    """
    found = shutil.which("cribcount", path=os.path.dirname(sys.executable))
    return [found] if found else [sys.executable, "-m", "cribcount"]


def run_versions(
    args: Sequence[str], against: Path | None, *, ok: Sequence[int] = (0,), keep: Path | None = None
) -> Iterator[tuple[str, Run]]:
    """``cribcount ARGS`` run by this environment's cribcount and, with ``against``, by the
    source tree ``against`` (put on PYTHONPATH for its run): each run with its label. With
    ``keep`` (a folder), each run's stdout is kept there, as ``1.out`` and ``2.out``."""
    outs = [None, None] if keep is None else [keep / "1.out", keep / "2.out"]
    yield "this version", run_command([*cribcount_command(), *args], ok=ok, out=outs[0])
    if against is not None:
        os.environ["PYTHONPATH"] = str(against.resolve())
        try:
            command = [sys.executable, "-m", "cribcount", *args]
            yield str(against), run_command(command, ok=ok, out=outs[1])
        finally:
            os.environ.pop("PYTHONPATH", None)


def compare_commands(commands: dict[str, list[str]], runs: int, *, base: str) -> None:
    """Run ``commands`` in turn, interleaved ``runs`` times so that load on the machine hits them
    alike, and print each one's median and fastest wall-clock time, and its median over that
    of the command named ``base``."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        time_command(command)  # warm the file cache
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(time_command(command))
    _, base_median = best_and_median(times[base])
    for name, samples in times.items():
        fastest, median = best_and_median(samples)
        print(
            f"{name:<30} median {median * 1000:6.1f} ms  fastest {fastest * 1000:6.1f} ms"
            f"  ({median / base_median:.2f}x {base.removeprefix('python -c ').strip(chr(39))})"
        )
