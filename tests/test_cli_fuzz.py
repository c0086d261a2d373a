"""Random input for every command: it always ends with a documented status, never an exception.

Through CliRunner for speed: an exception that escaped a command would be
``result.exception`` (``conftest.run`` fails on it); statuses 74, 130 and
141 need a real process and are in test_cli_faults.py.
"""

from __future__ import annotations

import csv
import io
import json
import re

from conftest import outcome
from hypothesis import assume, given
from hypothesis import strategies as st

from cribcount.reading import MAX_LINE

STATUSES = {0, 1, 2}
"""The statuses a run in-process can end with; the documented set adds 74, 130 and 141."""

_PIECES = [
    "5h 5d 5c Js / 5s",
    "7h 7s 8d 8c / 9h = 24",
    "2h 4h 6h 8h / Kc crib",
    "Th Jh Qh Kh 5h",
    "5h 5d 5c Js / 5x",
    "5h 5h 5c Js / 5s",
    "# a comment",
    "   ",
    "= 18",
    "crib",
    "10♣ J♦ q♥ K♠ / A♤",
    "5h 5d 5c Js / 5s = " + "9" * 40,
    "Bob, deal 3: 5h 5d 5c Js / 5s = 29 # checked",
    "deal 4:\u00a07h\u20097s\u30008d\t8c 9h",
    "no hand: # only a label",
    "5h 5d 5c Js / 5s #caf\xe9",
]

_LINE = st.one_of(
    st.sampled_from(_PIECES).map(str.encode),
    st.just(b"# caf\xe9 \xff"),  # Latin-1 and stray bytes in a comment line
    st.binary(max_size=30),
    st.text(max_size=20).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
_FILE = st.tuples(
    st.lists(st.tuples(_LINE, st.sampled_from([b"\n", b"\r\n", b"\r", b""])), max_size=12),
    st.booleans(),
).map(lambda made: (b"\xef\xbb\xbf" if made[1] else b"") + b"".join(a + b for a, b in made[0]))


def holds_hand(raw: bytes) -> bool:
    """The rule of the batch manual (docs/batch.md): a line gives a record unless blank or a comment,
    whatever bytes the comment holds."""
    if len(raw) > MAX_LINE:
        return True
    stripped = raw.decode("utf-8", errors="replace").strip()
    return bool(stripped) and not stripped.startswith("#")


def record_lines(data: bytes) -> list[int]:
    """The numbers of the lines of ``data`` that give a record, in order (LF, CR LF, CR end one)."""
    lines = re.split(b"\r\n|\r|\n", data.removeprefix(b"\xef\xbb\xbf"))
    if lines[-1] == b"":
        lines.pop()
    return [number for number, raw in enumerate(lines, start=1) if holds_hand(raw)]


@given(
    _FILE,
    st.sampled_from(["text", "csv", "jsonl"]),
    st.lists(st.sampled_from(["--crib", "--no-fast"]), unique=True),
)
def test_batch_gives_one_record_per_hand_line_in_order(
    data: bytes, fmt: str, options: list[str]
) -> None:
    assume(not data.startswith((b"\xff\xfe", b"\xfe\xff")))  # UTF-16: tested on its own
    code, out, err = outcome("batch", "--format", fmt, *options, stdin=data)
    expected = record_lines(data)
    if fmt == "jsonl":
        # JSON lines end in LF only: a string may hold U+0085 or U+2028, which
        # str.splitlines would take for line ends.
        records = [json.loads(line) for line in out.split("\n")[:-1]]
        assert [record["line"] for record in records] == expected
        failed = sum("error" in record for record in records)
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(out, newline="")))[1:]
        assert [int(row[0]) for row in rows] == expected
        failed = sum(row[-1] != "" for row in rows)
    else:
        lines = [line for line in out.split("\n")[:-1] if not line.startswith(" ")]
        assert [int(re.match("[0-9]+", line)[0]) for line in lines] == expected  # type: ignore[index]
        failed = sum(": error at column " in line for line in lines)
    # One line on stderr per failed line, then the summary.
    assert len(err.splitlines()) == failed + 1
    assert err.count("\n") == failed + 1
    assert code in STATUSES
    assert (code == 2) == (failed > 0)


_WORDS = [
    "5h", "5d", "5c", "Js", "5s", "/", "7h", "8d", "9c", "go", "Kc", "=", "-", "crib",
    "--claim", "20", "--crib", "--format", "json", "csv", "jsonl", "text", "--dealer", "--pone",
    "--players", "3", "--starter", "--hand-cards", "--hand", "--help", "-h", "--version",
]  # fmt: skip


_VALID = [
    [],
    ["5h", "5d", "5c", "Js", "5s"],
    ["score", "7h 7s 8d 8c / 9h", "--claim", "20"],
    ["peg", "Kc", "9d", "Th", "go", "2s"],
    ["discard", "5h 5d 6c 7s Jh Kd", "--dealer"],
    ["stats", "--hand", "--starter", "5s"],
    ["batch", "-"],
]
"""A run of each command that works, for the random words to break or leave alone."""


@given(
    st.sampled_from(_VALID),
    st.lists(
        st.one_of(st.sampled_from(_WORDS), st.sampled_from(_WORDS), st.text(max_size=6)),
        max_size=4,
    ),
    st.integers(min_value=0, max_value=6),
)
def test_every_command_ends_with_a_status_and_at_most_one_line(
    valid: list[str], words: list[str], at: int
) -> None:
    args = [*valid[: at + 1], *words, *valid[at + 1 :]] if words else valid
    code, _, err = outcome(*args)
    assert code in STATUSES
    lines = err.count("\n")
    assert len(err.splitlines()) == lines
    if args[:1] == ["batch"]:
        # The summary, or the one error that stopped the run before it.
        assert lines <= 1 and (code != 2 or lines == 1)
    else:
        assert lines == (1 if code == 2 else 0)


def test_a_line_break_of_unicode_in_a_bad_line_stays_inside_its_json_line() -> None:
    # U+0085 (NEL) is white space between cards, and stays as it is in the record's input.
    code, out, _ = outcome("batch", "-f", "jsonl", stdin=b"\x00\xc2\x85\n")
    assert code == 2 and out.count("\n") == 1
    assert json.loads(out)["input"] == "\x00\x85"
