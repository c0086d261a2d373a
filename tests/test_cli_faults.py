"""Every fault ends cleanly (issue 16): no traceback, no lost record, bounded memory.

Faults of the process itself (a full disk, closed descriptors, Ctrl-C) are
run as real subprocesses, since only there can a traceback or a status show.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import outcome

CRIBCOUNT = [str(Path(sys.executable).parent / "cribcount")]
"""The console script, as installed."""


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


def run_measured(args: list[str], stdin: int) -> tuple[int, bytes, bytes, int]:
    """Run ``args`` reading ``stdin``: exit status, stdout, stderr and peak memory in KiB.

    The peak covers the process and its children; ``timeout`` ends a run that hangs.
    """
    child = subprocess.Popen(
        ["timeout", "60", *args], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    # The outputs are small: the pipes hold them until the child is gone.
    _, wait_status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(wait_status)
    assert child.stdout is not None and child.stderr is not None
    with child.stdout, child.stderr:
        return child.returncode, child.stdout.read(), child.stderr.read(), usage.ru_maxrss


def test_endless_input_without_newlines_keeps_memory_flat() -> None:
    zeros = 256 << 20
    feed = subprocess.Popen(
        ["bash", "-c", f"head -c {zeros} /dev/zero; printf '\\n5h 5d 5c Js / 5s\\n'"],
        stdout=subprocess.PIPE,
    )
    assert feed.stdout is not None
    with feed.stdout:
        code, out, err, peak = run_measured(
            [*CRIBCOUNT, "batch", "--format", "jsonl"], feed.stdout.fileno()
        )
    feed.wait()
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r.get("total"), r.get("error")) for r in records] == [
        (1, None, "column 1: line too long: more than 65536 bytes"),
        (2, 29, None),
    ]
    assert err.splitlines()[0] == b"<stdin>:1:1: line too long: more than 65536 bytes"
    assert code == 2
    # 256 MiB went through; the process (Python and numpy included) stayed far below it.
    assert peak < 128 << 10


@pytest.mark.parametrize("fast", ["--fast", "--no-fast"])
def test_csv_is_valid_with_a_bare_cr_and_odd_file_names(tmp_path: Path, fast: str) -> None:
    code, out, _ = outcome("batch", "--format", "csv", fast, stdin=b"5h 5d 5c Js / 5x\r# tail\n")
    assert code == 2
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [row[:2] for row in rows] == [["line", "hand"], ["1", "5h 5d 5c Js / 5x\r# tail"]]
    # Names with a comma and a quote, on canonical lines (the fast path) and a bad one.
    first, second = tmp_path / 'a,"b.txt', tmp_path / "c.txt"
    first.write_bytes(b"5h 5d 5c Js / 5s\n5h 5d 5c Js / 5s crib\n")
    second.write_bytes(b"5h 5d\n")
    code, out, _ = outcome("batch", "--format", "csv", fast, str(first), str(second))
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [row[:4] for row in rows[1:]] == [
        [str(first), "1", "5h 5d 5c Js", "5s"],
        [str(first), "2", "5h 5d 5c Js", "5s"],
        [str(second), "1", "5h 5d", ""],
    ]
    assert {len(row) for row in rows} == {14}
