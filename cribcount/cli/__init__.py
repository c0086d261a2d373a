"""The ``cribcount`` command: Click commands over the library, nothing more.

Exit status: 0 all well, 1 a claim differs from the count, 2 bad input,
74 an input or output fault, 141 a closed output pipe (130, Ctrl-C, is
``cribcount.entry``'s; ``practice`` prints its summary first).

One module a command, named as the command and imported when it runs;
``base`` holds what the commands share and ``group`` the group itself and
its handling of errors and faults; the console script is ``cribcount.entry``'s
``main``, which runs ``cli``.
"""

from __future__ import annotations

from cribcount.cli.group import cli

__all__ = ["cli"]
