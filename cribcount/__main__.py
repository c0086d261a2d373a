"""``python -m cribcount``: the same as the ``cribcount`` command."""

from cribcount.entry import main

main()
