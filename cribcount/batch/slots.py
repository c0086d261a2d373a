"""Whole numbers looked up by multiplying: a key's slot is the top bits of its product with an
odd multiplier (one-to-one on 64 bits), chosen so that no two known keys share a slot.

Lookups are a multiplication, a shift and a ``take``, at the same speed whatever the keys:
unlike a binary search (``searchsorted``), no branch depends on them. A key that is not
known lands in some slot too, so callers check what they find against the key.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["STEP", "Slots", "first_multiplier"]

U64 = npt.NDArray[np.uint64]

STEP = 0x9E3779B97F4A7C15
"""The step between the odd multipliers tried (large, to move the top bits): the first is the
step itself, then three times it, five times..."""


def first_multiplier(keys: U64, bits: int, start: int = STEP) -> int:
    """The first odd multiplier from ``start``, by twice ``STEP``, that gives each of ``keys``
    (distinct) a slot of its own among ``2 ** bits``."""
    multiplier = start
    shift = np.uint64(64 - bits)
    while len(set((keys * np.uint64(multiplier) >> shift).tolist())) < len(keys):
        multiplier = (multiplier + 2 * STEP) % (1 << 64)
    return multiplier


class Slots:
    """A few keys, each with a value, in a table of ``2 ** bits`` slots; 0 elsewhere."""

    def __init__(self, keys: U64, values: npt.NDArray[np.intp], bits: int):
        self.multiplier = np.uint64(first_multiplier(keys, bits))
        self.shift = np.uint64(64 - bits)
        self.values = np.zeros(1 << bits, dtype=values.dtype)
        self.values[self.slot(keys)] = values

    def slot(self, keys: npt.NDArray[Any]) -> U64:
        """The slot of each key (unsigned 64-bit numbers)."""
        slots: U64 = (keys * self.multiplier) >> self.shift
        return slots

    def get(self, keys: npt.NDArray[Any]) -> npt.NDArray[np.intp]:
        """The value of each key's slot: its own value if it is a known key."""
        return self.values.take(self.slot(keys))
