"""Every fault ends cleanly (issue 16): no traceback, no lost record, bounded memory.

Faults of the process itself (a full disk, closed descriptors, Ctrl-C) are
run as real subprocesses, since only there can a traceback or a status show.
"""

from __future__ import annotations

import json

from conftest import outcome


def test_a_huge_claim_fails_its_own_line_only() -> None:
    claim = "9" * 4301
    stdin = f"5h 5d 5c Js / 5s\n2c 4d 6h 8s / Jc = {claim}\n5h 5d 5c Js / 5s\n".encode()
    code, out, err = outcome("batch", "--format", "jsonl", stdin=stdin)
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r.get("total"), r.get("error")) for r in records] == [
        (1, 29, None),
        (2, None, "column 20: claimed count of 4301 digits is too large: at most 999"),
        (3, 29, None),
    ]
    assert (
        err.splitlines()[0]
        == "<stdin>:2:20: claimed count of 4301 digits is too large: at most 999"
    )
