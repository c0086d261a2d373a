"""Keys looked up by multiplying (``batch.slots``), against plain Python."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cribcount.batch.slots import STEP, Slots, first_multiplier

_KEYS = st.sets(st.integers(0, (1 << 64) - 1), min_size=1, max_size=12)
"""As many keys as the callers have (about ten), so that a multiplier is soon found."""


@given(_KEYS, st.integers(6, 10))
def test_each_key_gets_a_slot_of_its_own_from_the_first_multiplier_that_does(
    keys: set[int], bits: int
) -> None:
    words = np.array(sorted(keys), dtype=np.uint64)
    multiplier = first_multiplier(words, bits)
    slots_of = [(key * multiplier) % (1 << 64) >> (64 - bits) for key in sorted(keys)]
    assert len(set(slots_of)) == len(keys)
    # Every odd multiple of the step tried before it put two keys in one slot.
    tried = STEP
    while tried != multiplier:
        assert len({(key * tried) % (1 << 64) >> (64 - bits) for key in keys}) < len(keys)
        tried = (tried + 2 * STEP) % (1 << 64)


@given(_KEYS, st.lists(st.integers(0, (1 << 64) - 1), max_size=20))
def test_known_keys_find_their_own_values_and_others_the_value_of_some_slot(
    keys: set[int], others: list[int]
) -> None:
    ordered = sorted(keys)
    table = Slots(np.array(ordered, dtype=np.uint64), np.arange(len(ordered)) + 100, bits=8)
    assert table.get(np.array(ordered, dtype=np.uint64)).tolist() == [
        i + 100 for i in range(len(ordered))
    ]
    found = table.get(np.array(others, dtype=np.uint64)).tolist()
    # Another key finds a known key's value, or the fill where no key is (0 unless told).
    assert all(value in (0, *range(100, 100 + len(ordered))) for value in found)
