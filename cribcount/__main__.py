"""``python -m cribcount``: the same as the ``cribcount`` command."""

import sys

from cribcount.cli import main

sys.exit(main())
