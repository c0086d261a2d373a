"""How many games a second ``cribcount simulate`` plays: engine against show on two processes,
beside one process and beside show against show (the same deals, no engine) in the same run.

Run: ``python benchmarks/bench_simulate.py [GAMES] [SAMPLES]`` (100 games to 121 and the
command's default draws by default). Each command runs whole, start-up included; the figures
are games a second of wall-clock time, and the CPU seconds a game (the command's processes
together), which the load of a shared machine changes less. Compare the rows of one run.
"""

from __future__ import annotations

import argparse

from timing import cribcount_command, run_command


def main() -> None:
    """Print games a second and CPU seconds a game of each command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=100)
    parser.add_argument("samples", type=int, nargs="?", help="the engine's draws a move")
    args = parser.parse_args()
    games = args.games
    samples = [] if args.samples is None else ["--samples", str(args.samples)]
    base = [*cribcount_command(), "simulate", "--games", str(games), "--seed", "1", *samples]
    commands = {
        "show against show, 2 processes": [*base, "show", "show", "--jobs", "2"],
        "engine against show, 1 process": [*base, "engine", "show", "--jobs", "1"],
        "engine against show, 2 processes": [*base, "engine", "show", "--jobs", "2"],
        "engine against engine, 2 processes": [*base, "engine", "engine", "--jobs", "2"],
    }
    print(f"{games} games to 121 each")
    for name, command in commands.items():
        run = run_command(command)
        print(
            f"{name:<36} {games / run.seconds:6.2f} games/s"
            f"  {run.cpu_seconds / games:6.3f} CPU s a game"
        )


if __name__ == "__main__":
    main()
