"""Tests for the ``cribcount batch`` command, through CliRunner and ``main`` (its faults, a
closed pipe among them, are tested with the others in test_cli_faults.py; here, only a
standard output that takes part of a write)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import outcome, status

from cribcount.cli import batch as cli_batch
from cribcount.cli.base import WholeWrites

BIN = Path(sys.executable).parent
EXAMPLE = Path(__file__).parent.parent / "examples" / "hands.txt"


def test_all_good_lines_exit_0_with_a_summary() -> None:
    code, out, err = outcome("batch", stdin=b"5h 5d 5c Js / 5s\n7h 7s 8d 8c / 9h = 24\n")
    assert code == 0
    assert out.splitlines() == [
        "1: 5h 5d 5c Js / 5s: 29 points",
        "    fifteens 16, pairs 12, nobs 1",
        "2: 7h 7s 8d 8c / 9h: 24 points",
        "    fifteens 8, pairs 4, runs 12",
        "    claim 24 is right",
    ]
    assert (
        err
        == "cribcount: 2 hands scored, 0 lines failed, 1 claim checked, 0 wrong (0 points missed)\n"
    )


def test_a_wrong_claim_exits_1() -> None:
    code, _, err = outcome("batch", "-", stdin=b"7h 7s 8d 8c / 9h = 20\n")
    assert code == 1
    assert "1 claim checked, 1 wrong (4 points missed)" in err


def test_a_bad_line_exits_2_names_file_line_column_and_goes_on() -> None:
    code, out, err = outcome(
        "batch",
        "--format",
        "csv",
        stdin=b"5h 5d 5c Js / 5s = 1\n\n5h 5d 5q Js / 5s\nAh 2c 3d 4s / 6h\n",
    )
    assert code == 2
    assert out.splitlines()[1:] == [
        "1,,5h 5d 5c Js,5s,false,16,12,0,0,1,29,0,1,-28,",
        "3,,5h 5d 5q Js / 5s,,,,,,,,,,,,column 7: unknown suit 'q' in '5q': "
        "expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        # 2+3+4+6 = 15 (the only fifteen: the other card, the ace, counts 1 of 16), A-2-3-4.
        "4,,Ah 2c 3d 4s,6h,false,2,0,4,0,0,6,0,,,",
    ]
    assert err.splitlines()[0].startswith("<stdin>:3:7: unknown suit 'q'")
    assert err.splitlines()[1].startswith("cribcount: 2 hands scored, 1 line failed")


def test_crib_option_counts_every_line_as_a_crib() -> None:
    _, out, _ = outcome("batch", "--crib", "--format", "csv", stdin=b"2h 4h 6h 8h / Kc\n")
    # Four of a suit score nothing in the crib.
    assert out.splitlines()[1] == "1,,2h 4h 6h 8h,Kc,true,0,0,0,0,0,0,0,,,"


def test_several_files_put_the_file_in_every_record(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"\xef\xbb\xbf5h 5d 5c Js / 5s\r\n")
    second.write_bytes(b"# none\n5h 5d\n")
    code, out, err = outcome("batch", "--format", "jsonl", str(first), str(second))
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["file"], r["line"], r.get("total")) for r in records] == [
        (str(first), 1, 29),
        (str(second), 2, None),
    ]
    assert err.splitlines()[0].startswith(f"{second}:2:6: expected 4 cards and a starter")


def test_jsonl_of_a_hand_is_the_score_json_plus_the_line() -> None:
    _, batch_out, _ = outcome("batch", "--format", "jsonl", stdin=b"7h 7s 8d 8c / 9h = 18\n")
    _, score_out, _ = outcome("score", "7h 7s 8d 8c / 9h", "--claim", "18", "--format", "json")
    assert json.loads(batch_out) == {"line": 1, **json.loads(score_out)}


def test_undecodable_bytes_are_an_error_line_not_a_crash() -> None:
    code, out, err = outcome("batch", "--format", "jsonl", stdin=b"5h 5d \xff\n5h 5d 5c Js / 5s\n")
    assert code == 2
    assert json.loads(out.splitlines()[0])["error"] == "column 7: invalid UTF-8 byte 0xff"
    assert json.loads(out.splitlines()[1])["total"] == 29
    assert err.startswith("<stdin>:1:7: invalid UTF-8")


def test_the_example_file() -> None:
    code, out, err = outcome("batch", str(EXAMPLE))
    assert code == 2
    # One record a hand line: 7 hands and 1 error, each on a first line, not indented.
    assert len([line for line in out.splitlines() if not line.startswith(" ")]) == 8
    assert max(len(line) for line in out.splitlines()) <= 60
    assert err.splitlines()[-1] == (
        "cribcount: 7 hands scored, 1 line failed, 5 claims checked, 2 wrong (6 points missed)"
    )


def test_vectorised_and_careful_paths_agree_through_the_command() -> None:
    for fmt in ("text", "csv", "jsonl"):
        assert outcome("batch", "--format", fmt, str(EXAMPLE)) == outcome(
            "batch", "--no-fast", "--format", fmt, str(EXAMPLE)
        )


def test_main_missing_file_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("batch", "no-such-file.txt") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "no-such-file.txt" in captured.err


def test_main_bad_format_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert status("batch", "--format", "xml") == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_main_bad_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.txt"
    path.write_text("5h 5d 5c Js / 5s\n5h 5d 5c Js / 5s / 5c\n")
    assert status("batch", str(path)) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == (f"{path}:2:18: a second '/': only the starter follows one '/'")


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"5h 5d 5c Js / 5s\n" * 70_000)
    code, _, err = outcome("batch", "--format", "csv", str(path))
    assert code == 0
    assert err == (
        "cribcount: 70000 hands scored, 0 lines failed, 0 claims checked, 0 wrong"
        " (0 points missed)\n"
    )


def test_progress_bar_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"5h 5d 5c Js / 5s\n" * 70_000)
    monkeypatch.setattr(cli_batch, "_stderr_is_terminal", lambda: True)
    _, out, err = outcome("batch", "--format", "csv", str(path))
    assert "scoring" in err
    assert "scoring" not in out


def test_batch_has_help_with_an_example() -> None:
    code, out, _ = outcome("batch", "--help")
    assert code == 0
    assert "printf '5h 5d 5c Js / 5s\\n" in out  # an example that needs no file
    assert "--no-fast" not in out


class _Sip(io.BytesIO):
    """A stream that takes at most three bytes a write, as a pipe may."""

    def write(self, data: Any) -> int:
        return super().write(bytes(data)[:3])


def test_a_short_write_is_written_on_to_the_end() -> None:
    sink = _Sip()
    out = WholeWrites(sink)
    assert out.write(b"1: 5h 5d 5c Js / 5s: 29 points\n") == 31
    assert sink.getvalue() == b"1: 5h 5d 5c Js / 5s: 29 points\n"


def test_unbuffered_output_closed_mid_write_is_status_141(tmp_path: Path) -> None:
    # 5,000 labelled lines, one chunk: their records (about 300 kB) are one write,
    # the last, which the closed pipe cuts short.
    (tmp_path / "sheet.txt").write_bytes(b"Ann, deal 3: 5h 5d 5c Js / 5s = 29  # checked\n" * 5_000)
    done = subprocess.run(
        ["bash", "-c", "cribcount batch sheet.txt | head -1; exit ${PIPESTATUS[0]}"],
        cwd=tmp_path,
        capture_output=True,
        check=False,
        env={
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        },
    )
    assert done.stdout == b"1 [Ann, deal 3]: 5h 5d 5c Js / 5s: 29 points\n"
    assert (done.returncode, done.stderr) == (141, b"")
