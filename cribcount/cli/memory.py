"""Memory freed by one chunk of a batch, kept for the next (GNU C library only).

Each chunk of the vectorised batch path makes numpy arrays of a few hundred
kilobytes, and frees them. The GNU C library serves blocks that large
from fresh mappings, and gives memory at the top of its heap back to the
system as soon as a few hundred kilobytes are free there. Memory met anew
costs a page fault for every 4 KiB of it, which on a million lines of mixed
notation came to about 20,000 faults. Raising both thresholds lets the
next chunk reuse what the last one freed: at most the memory of one chunk
(tens of megabytes) stays with the process, as it would at the peak anyway.
"""

from __future__ import annotations

__all__ = ["keep_freed_memory"]

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
"""``mallopt`` parameters, as ``<malloc.h>`` numbers them."""
TRIM_THRESHOLD = 64 << 20
"""Free memory at the top of the heap kept rather than given back (64 MiB)."""
MMAP_THRESHOLD = 16 << 20
"""Blocks at least this large (16 MiB) are mapped on their own, the others come from the heap."""


def keep_freed_memory() -> bool:
    """Tune the GNU C library's ``malloc`` as above; False where there is no ``mallopt``."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, TypeError, AttributeError):
        # No C library to load by that name (Windows), or one without mallopt (macOS).
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )
