"""The ``cribcount`` console script and ``python -m cribcount``: Ctrl-C is caught from the start.

This module imports nothing heavy (nor does the ``cribcount`` package, whose
names load when first used), so the handling is in place before Click,
numpy and the commands load, which is most of the start-up.
"""

from __future__ import annotations

import contextlib
import os
import signal
from typing import NoReturn

__all__ = ["EXIT_INTERRUPTED", "main"]

EXIT_INTERRUPTED = 128 + signal.SIGINT
"""Exit status after Ctrl-C (SIGINT), as a shell reports a process it ended: 130."""


def main() -> None:
    """Run the command line (it exits); Ctrl-C at any moment ends it with one line, status 130."""
    try:
        from cribcount.cli import cli

        cli()
    except KeyboardInterrupt:
        _interrupted()


def _interrupted() -> NoReturn:
    """Say so on stderr and exit 130 at once."""
    # A second Ctrl-C ends the process outright, should stderr block; the status is 130 either way.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    with contextlib.suppress(OSError):
        os.write(2, b"cribcount: interrupted\n")
    # No flush at exit: it could block on a full pipe, or fail and change the status.
    os._exit(EXIT_INTERRUPTED)
