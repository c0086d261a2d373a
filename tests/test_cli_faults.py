"""Every fault ends cleanly (issue 16): no traceback, no lost record, bounded memory.

Faults of the process itself (a full disk, closed descriptors, Ctrl-C) are
run as real subprocesses, since only there can a traceback or a status show.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import click
import pytest
from conftest import outcome, status

from cribcount.cli import cli

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


def closed_after_one_line(*commands: list[str]) -> list[int]:
    """Run ``commands`` side by side, read one line of each output, close the pipe.

    Their statuses, each stderr empty. Each output must take several writes, each well
    over a pipe's capacity (64 KiB), so that the pipe closes before the last write.
    """
    children = [
        subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for args in commands
    ]
    for child in children:
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline()
        child.stdout.close()
        assert child.stderr.read() == b""
    return [child.wait(timeout=60) for child in children]


def run_measured(args: list[str], stdin: int) -> tuple[int, bytes, bytes, int]:
    """Run ``args`` reading ``stdin``: exit status, stdout, stderr and peak memory in KiB.

    The peak is the process's own high-water mark, read from /proc while it runs: the
    rusage of a child also holds the memory of the test process it was forked from.
    """
    child = subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = 0
    status = Path(f"/proc/{child.pid}/status")
    deadline = time.monotonic() + 60  # a run that hangs ends the test, not the suite
    while child.poll() is None:
        if time.monotonic() > deadline:
            child.kill()
            raise AssertionError(f"{args} did not end within 60 s")
        with contextlib.suppress(OSError):
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        time.sleep(0.005)
    assert child.stdout is not None and child.stderr is not None
    # The outputs are small: the pipes held them until the child was gone.
    with child.stdout, child.stderr:
        return child.returncode, child.stdout.read(), child.stderr.read(), peak


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
    assert 0 < peak < 128 << 10


@pytest.mark.parametrize("fast", ["--fast", "--no-fast"])
def test_csv_is_valid_with_quotes_a_cr_line_end_and_odd_file_names(
    tmp_path: Path, fast: str
) -> None:
    # A CR alone ends a line (old Mac files): the comment after it is a line of its own.
    stdin = b'5h, 5d 5c "Js" / 5x\r# tail\r5h 5d 5c Js / 5s'
    code, out, _ = outcome("batch", "--format", "csv", fast, stdin=stdin)
    assert code == 2
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [row[:4] for row in rows] == [
        ["line", "label", "hand", "starter"],
        ["1", "", '5h, 5d 5c "Js" / 5x', ""],
        ["3", "", "5h 5d 5c Js", "5s"],
    ]
    # Names with a comma and a quote, on canonical lines (the fast path) and a bad one.
    first, second = tmp_path / 'a,"b.txt', tmp_path / "c.txt"
    first.write_bytes(b"5h 5d 5c Js / 5s\n5h 5d 5c Js / 5s crib\n")
    second.write_bytes(b"5h 5d\n")
    code, out, _ = outcome("batch", "--format", "csv", fast, str(first), str(second))
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [row[:5] for row in rows[1:]] == [
        [str(first), "1", "", "5h 5d 5c Js", "5s"],
        [str(first), "2", "", "5h 5d 5c Js", "5s"],
        [str(second), "1", "", "5h 5d", ""],
    ]
    assert {len(row) for row in rows} == {16}


def sh_all(
    commands: Sequence[str], cwd: Path | None = None
) -> list[subprocess.CompletedProcess[bytes]]:
    """Run bash command lines side by side, the installed ``cribcount`` first on the PATH."""
    path = str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]
    children = [
        subprocess.Popen(
            ["bash", "-c", command],
            cwd=cwd,
            env={**os.environ, "PATH": path},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for command in commands
    ]
    done = []
    try:
        for child in children:
            out, err = child.communicate(timeout=60)
            done.append(subprocess.CompletedProcess(child.args, child.returncode, out, err))
    finally:
        for child in children:
            child.kill()  # a run that hangs ends the test, not the suite
    return done


def sh(command: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run a bash command line with the installed ``cribcount`` first on the PATH."""
    return sh_all([command], cwd)[0]


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    (tmp_path / "ok.txt").write_bytes(b"5h 5d 5c Js / 5s\n")
    (tmp_path / os.fsdecode(b"bad\xff.txt")).write_bytes(b"5h 5d 5c Js / 5x\n")
    done, jsonl = sh_all(
        [
            "cribcount batch $'bad\\xff.txt' ok.txt",
            "cribcount batch --format jsonl $'bad\\xff.txt' ok.txt",
        ],
        cwd=tmp_path,
    )
    assert done.stdout.decode().splitlines() == [
        "bad\\xff.txt:1: error at column 15:",
        "    unknown suit 'x' in '5x': expected a suit",
        "    (c d h s or ♣ ♦ ♥ ♠)",
        "ok.txt:1: 5h 5d 5c Js / 5s: 29 points",
        "    fifteens 16, pairs 12, nobs 1",
    ]
    assert done.stderr.decode().splitlines()[0] == (
        "bad\\xff.txt:1:15: unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)"
    )
    assert done.returncode == 2
    assert [json.loads(line)["file"] for line in jsonl.stdout.splitlines()] == [
        "bad\\xff.txt",
        "ok.txt",
    ]


DISK_FULL = b"cribcount: <stdout>: [Errno 28] No space left on device\n"
CLOSED_OUT = b"cribcount: <stdout>: [Errno 9] Bad file descriptor\n"


@pytest.mark.parametrize(
    "command",
    [
        "cribcount 5h 5d 5c Js 5s",
        "cribcount score 7h 7s 8d 8c 9h --claim 20",
        "cribcount peg 7c 8d 8h",
        "cribcount discard '5h 5d 6c 7s Jh Kd' --dealer",
        "cribcount stats --hand --format csv",
        "echo '5h 5d 5c Js / 5s' | cribcount batch",
        "cribcount --help",
        "cribcount batch --help",
        "cribcount",
        "cribcount --version",
    ],
)
def test_a_full_disk_or_a_closed_stdout_is_one_line_and_status_74(command: str) -> None:
    full, closed = sh_all([f"{command} >/dev/full", f"{command} >&-"])
    assert (full.returncode, full.stderr) == (74, DISK_FULL)
    assert (closed.returncode, closed.stderr) == (74, CLOSED_OUT)


def test_bad_input_with_stdout_closed_is_still_bad_input() -> None:
    done = sh("cribcount 5h 5d 5c Js 5x >&-")
    assert done.returncode == 2
    assert done.stderr.startswith(b"cribcount: column 13: unknown suit 'x'")


def test_a_closed_stdin_is_one_line_and_status_74() -> None:
    for done in sh_all(["cribcount batch <&-", "cribcount batch - <&-"]):
        assert (done.returncode, done.stdout) == (74, b"")
        assert done.stderr == b"cribcount: <stdin>: [Errno 9] Bad file descriptor\n"


def test_a_read_error_mid_run_names_the_file_and_keeps_the_records_before_it(
    tmp_path: Path,
) -> None:
    (tmp_path / "ok.txt").write_bytes(b"5h 5d 5c Js / 5s\n")
    done = sh("cribcount batch ok.txt /proc/self/mem", cwd=tmp_path)
    assert (
        done.stdout == b"ok.txt:1: 5h 5d 5c Js / 5s: 29 points\n    fifteens 16, pairs 12, nobs 1\n"
    )
    assert done.stderr == b"cribcount: /proc/self/mem: [Errno 5] Input/output error\n"
    assert done.returncode == 74


def test_a_closed_pipe_ends_quietly_with_status_141(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    # Many reads of input, and as many writes: the pipe closes before the last.
    path.write_bytes(b"5h 5d 5c Js / 5s\n" * 200_000)
    commands = [
        [*CRIBCOUNT, "batch", "--format", fmt, str(path)] for fmt in ("csv", "text", "jsonl")
    ]
    assert closed_after_one_line(*commands) == [141, 141, 141]


def test_a_full_stderr_keeps_the_status() -> None:
    done, batch = sh_all(
        [
            "cribcount 5h 5d 5c Js 5x 2>/dev/full",
            "printf '5h 5d 5c Js / 5s\\n5x\\n' | cribcount batch --format csv 2>/dev/full",
        ]
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert batch.returncode == 2
    assert batch.stdout.decode().splitlines()[1:] == [
        "1,,5h 5d 5c Js,5s,false,16,12,0,0,1,29,0,,,",
        "2,,5x,,,,,,,,,,,,column 1: unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
    ]


def test_every_error_message_is_one_line() -> None:
    for args in (["stats", "a\nb"], ["stats", "--starter", "5\nh"], ["batch", "no\nfile"]):
        code, _, err = outcome(*args)
        assert code == 2
        assert err.count("\n") == 1, err
    assert outcome("stats", "a\nb")[2] == "cribcount: Got unexpected extra argument (a\\nb)\n"


def test_the_entry_point_imports_nothing_heavy() -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, cribcount.entry; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('cribcount', 'click', 'numpy')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout == "['cribcount', 'cribcount.entry']\n"


def ctrl_c_heard() -> None:
    """In a child about to start: Ctrl-C as a terminal gives it (a background run ignores it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def started(args: list[str], **env: str) -> subprocess.Popen[bytes]:
    """Start ``args``, every standard stream a pipe, with ``env`` added to the environment."""
    return subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
        preexec_fn=ctrl_c_heard,
    )


def interrupted(child: subprocess.Popen[bytes]) -> tuple[int, bytes, bytes]:
    """Press Ctrl-C (send SIGINT) in ``child``: its exit status, stdout and stderr."""
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    return child.returncode, out, err


def waiting_to_read(child: subprocess.Popen[bytes]) -> None:
    """Return once ``child`` waits to read a pipe, as Linux shows it in /proc, or after 10 s.

    No sleep of a guessed length: a slow start is waited for, a quick one is not.
    Where /proc does not name the wait, Ctrl-C comes after the 10 s all the same.
    """
    wchan = Path(f"/proc/{child.pid}/wchan")
    deadline = time.monotonic() + 10
    while child.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if "pipe" in wchan.read_text():
                return
        time.sleep(0.005)


def test_ctrl_c_while_the_modules_load_is_one_line_and_status_130() -> None:
    # With PYTHONPROFILEIMPORTTIME each import is reported on stderr as it ends: the signal
    # is sent when Click is loaded, while the command line module is still loading.
    child = started([*CRIBCOUNT, "batch"], PYTHONPROFILEIMPORTTIME="1")
    assert child.stderr is not None
    for line in child.stderr:
        if line.split(b"|")[-1].strip() == b"click":
            break
    code, out, err = interrupted(child)
    assert b"Traceback" not in err
    assert err.splitlines()[-1] == b"cribcount: interrupted"
    assert (code, out) == (130, b"")


def test_ctrl_c_while_running_is_one_line_and_status_130() -> None:
    child = started([*CRIBCOUNT, "batch"])
    waiting_to_read(child)  # started, and waiting for input that never comes
    assert interrupted(child) == (130, b"", b"cribcount: interrupted\n")


def _prompt_that_ends(monkeypatch: pytest.MonkeyPatch, how: type[BaseException]) -> None:
    """Add a command that asks a question, and make its answer end with ``how``."""

    @click.command()
    def ask() -> None:
        click.prompt("go")

    def answer(_: str) -> str:
        raise how

    monkeypatch.setitem(cli.commands, "ask", ask)
    monkeypatch.setattr(click.termui, "visible_prompt_func", answer)


def test_ctrl_c_at_a_prompt_is_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    # Click turns it into Abort; it reaches the entry point as Ctrl-C, which exits 130.
    _prompt_that_ends(monkeypatch, KeyboardInterrupt)
    with pytest.raises(KeyboardInterrupt):
        cli(["ask"])


def test_end_of_input_at_a_prompt_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _prompt_that_ends(monkeypatch, EOFError)
    assert status("ask") == 1
    assert capsys.readouterr().err.endswith("cribcount: aborted\n")


@pytest.mark.parametrize(
    ("name", "data", "first"),
    [
        ("sheet.txt", "Ann: 5h 5d 5c Js / 5s = 29 # ok\n" * 50_000, 1),
        ("sheet.csv", "label,hand,claim\n" + "Ann,5h 5d 5c Js 5s,29\n" * 50_000, 2),
        ("utf16.txt", "\ufeff" + "Ann: 5h 5d 5c Js / 5s\r\n" * 50_000, 1),
    ],
)
def test_head_ends_a_batch_of_every_input_form_with_status_141(
    tmp_path: Path, name: str, data: str, first: int
) -> None:
    # Output of several writes: the pipe closes before the last, written whole or in part.
    path = tmp_path / name
    path.write_bytes(data.encode("utf-16-le") if name.startswith("utf16") else data.encode())
    done = sh(f"cribcount batch {name} | head -1; exit ${{PIPESTATUS[0]}}", cwd=tmp_path)
    assert done.stdout == f"{first} [Ann]: 5h 5d 5c Js / 5s: 29 points\n".encode()
    assert (done.returncode, done.stderr) == (141, b"")


def test_ctrl_c_while_reading_a_csv_sheet_is_status_130() -> None:
    child = started([*CRIBCOUNT, "batch", "--input", "csv"])
    assert child.stdin is not None
    child.stdin.write(b"hand,label\n5h 5d 5c Js 5s,Ann\n")
    child.stdin.flush()
    waiting_to_read(child)  # reading, with more of the sheet still to come
    code, _, err = interrupted(child)
    assert (code, err) == (130, b"cribcount: interrupted\n")


@pytest.mark.parametrize(
    "command",
    [
        "cribcount discard --from examples/deals.txt --dealer",
        "cribcount peg --from examples/plays.txt --format csv",
        "cribcount --lang fr peg --from examples/plays.txt",
    ],
)
def test_from_a_full_disk_or_a_closed_stdout_is_one_line_and_status_74(command: str) -> None:
    root = Path(__file__).resolve().parent.parent
    full, closed = sh_all([f"{command} >/dev/full", f"{command} >&-"], cwd=root)
    assert (full.returncode, full.stderr) == (74, DISK_FULL)
    assert (closed.returncode, closed.stderr) == (74, CLOSED_OUT)


def test_from_a_closed_pipe_ends_quietly_with_status_141(tmp_path: Path) -> None:
    # Records of 2.6 kB (the advice on a deal) and 165 bytes (a play): 1.3 MB each, in
    # writes of 64 KiB.
    deals, plays = tmp_path / "deals.txt", tmp_path / "plays.txt"
    deals.write_bytes(b"5h 5d 6c 7s Jh Kd\n" * 500)
    plays.write_bytes(b"Kc 9d Th go 2s 7c 6s\n" * 8_000)
    assert closed_after_one_line(
        [*CRIBCOUNT, "discard", "--from", str(deals), "--dealer", "--format", "jsonl"],
        [*CRIBCOUNT, "peg", "--from", str(plays), "--format", "text"],
    ) == [141, 141]


def test_from_a_read_error_names_the_file_status_74() -> None:
    done = sh("cribcount peg --from /proc/self/mem")
    assert (done.returncode, done.stdout) == (74, b"")
    assert done.stderr == b"cribcount: /proc/self/mem: [Errno 5] Input/output error\n"


@pytest.mark.parametrize(
    "args", [["batch", "a\0b"], ["game", "\0"], ["discard", "--from", "\0", "--dealer"]]
)
def test_a_file_name_with_a_nul_byte_is_one_usage_line(args: list[str]) -> None:
    # Only a library caller can pass one (argv cannot hold NUL): bad usage, status 2.
    code, out, err = outcome(*args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.endswith("a file name cannot hold a NUL byte\n")
