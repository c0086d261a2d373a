"""The batch command's allocator tuning: memory freed by one chunk is met again without faults."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

_FAULTS = """
import resource, sys
import numpy as np
from cribcount.cli.memory import keep_freed_memory
if sys.argv[1] == "tuned":
    assert keep_freed_memory()
def chunk():
    # Ten arrays of 320 KiB, all made and touched, then freed: a chunk's arrays, much as they are.
    arrays = [np.ones(40 << 10) for _ in range(10)]
    return sum(array.sum() for array in arrays)
chunk()  # the first chunk meets its memory anew, tuned or not
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    chunk()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _FAULTS, mode], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="tunes the GNU C library only")
def test_memory_freed_is_kept_for_the_next_chunk() -> None:
    # A chunk's arrays are 3,200 KiB: 800 pages of 4 KiB. Untuned, the C library hands most of
    # them back and meets them anew in the next chunk: a fault for half of them or more, each time.
    assert _faults("untuned") >= 20 * 400
    # Tuned, the heap keeps what the first chunk freed: in all 20, fewer faults than one's pages.
    assert _faults("tuned") < 800
