"""`cribcount practice` on a full disk, damaged logs and failing streams."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import damaged, outcome
from hypothesis import given
from hypothesis import strategies as st
from test_cli_faults import CRIBCOUNT, run_measured, sh_all

from cribcount.practice import CardRecord, Practice
from cribcount.practice_log import LogError, log_line, read_log, read_log_file


def good_log(lines: int, seed: int = 4) -> list[str]:
    """``lines`` log lines of a session of ``seed``, each answer 5, a second apart."""
    session = Practice(seed, clock=iter(float(i) for i in range(2 * lines + 2)).__next__)
    out = []
    for _ in range(lines):
        assert session.deal() is not None
        out.append(log_line(session.answer(5)))
    return out


def test_a_full_disk_leaves_no_torn_line_prints_the_summary_and_exits_74(tmp_path: Path) -> None:
    def small_files() -> None:
        # A disk that fills after 1,500 bytes: the file size limit fails the write there.
        resource.setrlimit(resource.RLIMIT_FSIZE, (1500, 1500))

    fed = subprocess.Popen(["yes", "5"], stdout=subprocess.PIPE)
    assert fed.stdout is not None
    with fed.stdout:
        done = subprocess.run(
            [*CRIBCOUNT, "practice", "--seed", "4", "--log", "p.jsonl"],
            stdin=fed.stdout,
            capture_output=True,
            cwd=tmp_path,
            preexec_fn=small_files,
            timeout=60,
        )
    fed.kill()
    assert done.returncode == 74
    assert done.stderr == b"cribcount: p.jsonl: [Errno 27] File too large\n"
    assert b"hands counted " in done.stdout
    data = (tmp_path / "p.jsonl").read_bytes()
    assert data.endswith(b"\n") and 0 < len(data) <= 1500
    records = read_log(data.decode().splitlines())
    # Every deal answered before the fault is in the log, whole.
    dealt = sum(line.startswith(b"hand ") for line in done.stdout.splitlines())
    assert len(records) == dealt - 1


def test_a_torn_last_line_is_mended_before_appending(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    first = good_log(1)[0]
    log.write_text(first + "\n" + first[:30], encoding="utf-8")  # torn by an earlier fault
    code, _, err = outcome("practice", "--seed", "4", "--log", str(log), stdin="5\nq\n")
    assert (code, err) == (0, "")
    lines = log.read_text(encoding="utf-8").split("\n")
    assert lines[1] == first[:30] and lines[-1] == ""
    assert json.loads(lines[2])["round"] == 1
    code, out, err = outcome("practice", "--report", str(log))
    assert code == 2
    assert err == f"{log}:2: not a JSON object\n"
    assert ["all", "2"] == next(r for r in map(str.split, out.splitlines()) if r[:1] == ["all"])[:2]


def test_report_names_each_bad_line_and_reports_the_rest() -> None:
    good = good_log(3)
    first = json.loads(good[0])
    naive = json.dumps({**first, "time": "2026-11-30T10:00:00"})
    tampered = {
        "negative answer": json.dumps({**first, "answer": -3}),
        "nan seconds": json.dumps({**first, "seconds": "S"}).replace('"S"', "NaN"),
        "huge seconds": json.dumps({**first, "seconds": "S"}).replace('"S"', "1" + "0" * 400),
        "brackets": "[" * 60_000,  # deeper than json can recurse, within a line's 64 KiB
    }
    assert all(text != good[0] for text in tampered.values())
    text = "\ufeff" + "\n".join([good[0], naive, *tampered.values(), good[1], good[2]]) + "\n"
    code, out, err = outcome("practice", "--report", "-", stdin=text.encode())
    assert code == 2
    assert err.splitlines() == [
        "<stdin>:3: 'answer' is missing or not valid",
        "<stdin>:4: not a JSON object",
        "<stdin>:5: 'seconds' is missing or not valid",
        "<stdin>:6: not a JSON object",
    ]
    assert ["all", "4"] == next(r for r in map(str.split, out.splitlines()) if r[:1] == ["all"])[:2]


def test_a_line_too_deep_or_too_long_is_one_bad_line() -> None:
    with pytest.raises(LogError) as deep:
        read_log(["[" * 100_000])
    assert deep.value.message == "line 1: not a JSON object"
    results = list(read_log_file(io.BytesIO(b"[" * 100_000 + b"\n")))
    assert [str(r) for r in results] == ["line 1: line too long: more than 65536 bytes"]


def test_closed_and_failing_streams_are_one_line_and_74(tmp_path: Path) -> None:
    (tmp_path / "log.jsonl").write_text("\n".join(good_log(2)) + "\n")
    closed, closed_report, full = sh_all(
        [
            "cribcount practice <&-",
            "cribcount practice --report - <&-",
            "cribcount practice --report log.jsonl >/dev/full",
        ],
        cwd=tmp_path,
    )
    stdin_closed = b"cribcount: <stdin>: [Errno 9] Bad file descriptor\n"
    assert (closed.returncode, closed.stderr) == (74, stdin_closed)
    assert (closed_report.returncode, closed_report.stderr) == (74, stdin_closed)
    assert (full.returncode, full.stderr) == (
        74,
        b"cribcount: <stdout>: [Errno 28] No space left on device\n",
    )


def test_an_answer_not_understood_is_echoed_cut_short() -> None:
    code, out, _ = outcome("practice", "--seed", "4", stdin="x" * 10_000_000 + "\nq\n")
    assert code == 0
    said = next(line for line in out.splitlines() if line.startswith("not understood"))
    assert "..." in said and len(said) < 200


@pytest.mark.slow
def test_report_memory_stays_flat_on_a_long_log(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    lines = good_log(50)
    with log.open("w", encoding="utf-8") as out:
        for _ in range(1000):
            out.write("\n".join(lines) + "\n")
    with log.open("rb") as stream:
        code, out_bytes, err, peak = run_measured(
            [*CRIBCOUNT, "practice", "--report", str(log)], stream.fileno()
        )
    assert (code, err) == (0, b"")
    assert b"50000" in out_bytes.replace(b",", b"")
    assert 0 < peak < 100 << 10


@pytest.mark.slow
def test_report_memory_stays_flat_on_a_log_of_blank_lines(tmp_path: Path) -> None:
    # Millions of short lines in a chunk: taken a piece at a time, never all at once.
    log = tmp_path / "log.jsonl"
    lines = good_log(50)
    log.write_bytes(("\n".join(lines) + "\n").encode() + b"\n" * 3_000_000 + lines[0].encode())
    with log.open("rb") as stream:
        code, out_bytes, err, peak = run_measured(
            [*CRIBCOUNT, "practice", "--report", str(log)], stream.fileno()
        )
    assert (code, err) == (0, b"")
    assert out_bytes.startswith(b"51 hands")  # the 50 lines and the first again, past the blanks
    assert 0 < peak < 100 << 10


_DAMAGE = st.lists(
    st.tuples(st.integers(0, 10_000), st.sampled_from(["delete", "flip", "insert", "cut"])),
    max_size=6,
)


def _not_blank(line: bytes) -> bool:
    """A line that is some text, or not text at all: one result."""
    try:
        return bool(line.decode("utf-8").strip())
    except UnicodeDecodeError:
        return True


@given(damage=_DAMAGE, junk=st.binary(min_size=1, max_size=3))
def test_a_damaged_log_never_raises_and_gives_one_result_a_line(
    damage: list[tuple[int, str]], junk: bytes
) -> None:
    data = damaged(("\n".join(good_log(4)) + "\n").encode(), damage, junk)
    results = list(read_log_file(io.BytesIO(data)))
    text_lines = (
        data.removeprefix(b"\xef\xbb\xbf")
        .replace(b"\r\n", b"\n")
        .replace(b"\r", b"\n")
        .split(b"\n")
    )
    if not data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16, as batch reads it
        expected = sum(1 for line in text_lines if _not_blank(line))
        assert len(results) == expected
    for result in results:
        if isinstance(result, LogError):
            assert result.line >= 1
        else:
            # The referee: what a record holds is a possible deal, answer and time.
            assert result.seconds >= 0
            if isinstance(result, CardRecord):
                assert result.loss >= 0 and (result.answer in result.best) == result.right
                continue
            assert result.answer is None or result.answer >= 0
            assert result.count == result.deal.points


def test_report_of_standard_input_of_a_real_pipe_exits_cleanly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribcount", "practice", "--report", "-"],
        input=b"{oops\n",
        capture_output=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (2, b"<stdin>:1: not a JSON object\n")


def test_a_big_output_into_a_closed_pipe_is_141_not_a_silent_success(tmp_path: Path) -> None:
    # A report of 3,000 weeks is one write of about 170 KB, more than a pipe holds: the reader
    # goes away after one line, and the rest can be written nowhere.
    first = json.loads(good_log(1)[0])
    first["answer"] = first["count"]  # every count right: no misses to list at the end
    start = datetime(1990, 1, 1, tzinfo=UTC)
    with (tmp_path / "log.jsonl").open("w", encoding="utf-8") as out:
        for week in range(3000):
            when = (start + timedelta(weeks=week)).isoformat(timespec="seconds")
            out.write(json.dumps({**first, "time": when}) + "\n")
    lines = [
        "cribcount practice --report log.jsonl | head -1; exit ${PIPESTATUS[0]}",
        "PYTHONUNBUFFERED=1 cribcount practice --report log.jsonl | head -1; exit ${PIPESTATUS[0]}",
        "PYTHONUNBUFFERED=1 cribcount practice --report log.jsonl | (sleep 0.5; wc -l)",
    ]
    closed, unbuffered, slow = sh_all(lines, cwd=tmp_path)
    assert (closed.returncode, closed.stderr) == (141, b"")
    assert closed.stdout == b"3000 hands from 1990-01-01 to 2047-06-24\n"
    assert (unbuffered.returncode, unbuffered.stderr) == (141, b"")
    # A reader that is slow but reads it all gets every line: a title, the labels, a row
    # a week, the whole log, and the streak.
    assert (slow.returncode, slow.stdout.strip()) == (0, b"3004")
