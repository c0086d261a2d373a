"""``cribcount discard --from FILE``: one record a deal, the same as one ``discard`` each."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
from conftest import outcome as run

from cribcount.cards import DECK, format_cards
from cribcount.cli import base as cli_base

DEALS = ["5h 5d 6c 7s Jh Kd", "Jc Jd Jh Js 5c 5d", "Ah 2h 3h 4h 5h 6h", "10h,jH,QH KH 9h 5s"]


def write(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "deals.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def random_deals(size: int, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [format_cards(rng.sample(DECK, size)) for _ in range(count)]


@pytest.mark.parametrize(
    ("size", "options"),
    [
        (6, ["--dealer"]),
        (6, ["--pone"]),
        (5, ["--pone", "--players", "3", "--seat", "2"]),
        (5, ["--dealer", "--players", "4"]),
        (5, ["--dealer", "--players", "6", "--partners"]),
    ],
)
def test_jsonl_is_one_discard_json_per_deal_with_its_line(
    tmp_path: Path, size: int, options: list[str]
) -> None:
    deals = random_deals(size, 6, seed=size + len(options))
    path = write(tmp_path, ["# a comment", *deals[:3], "", *deals[3:]])
    code, out, err = run("discard", "--from", path, *options, "--format", "jsonl")
    assert (code, err) == (0, "cribcount: 6 deals advised, 0 lines failed\n")
    lines = [2, 3, 4, 6, 7, 8]
    records = [json.loads(line) for line in out.splitlines()]
    for line, deal, record in zip(lines, deals, records, strict=True):
        _, single, _ = run("discard", deal, *options, "--format", "json")
        assert record == {"line": line, **json.loads(single)}
        assert list(record)[0] == "line"


def test_text_is_the_discard_table_under_a_line_header(tmp_path: Path) -> None:
    path = write(tmp_path, DEALS)
    code, out, _ = run("discard", "--from", path, "--pone")
    assert code == 0
    expected = "".join(
        f"line {i}:\n" + run("discard", deal, "--pone")[1] for i, deal in enumerate(DEALS, 1)
    )
    assert out == expected


def test_csv_is_the_best_choice_of_each_deal(tmp_path: Path) -> None:
    path = write(tmp_path, DEALS)
    code, out, _ = run("discard", "--from", path, "--dealer", "--format", "csv", "--show-only")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["line", "cards", "keep", "discard", "hand", "crib", "net", "error"]
    for i, (deal, row) in enumerate(zip(DEALS, rows, strict=True), 1):
        best = json.loads(run("discard", deal, "--dealer", "--format", "json", "--show-only")[1])[
            "options"
        ][0]
        assert row["line"] == str(i)
        assert row["keep"].split() == best["keep"]
        assert row["discard"].split() == best["discard"]
        assert [float(row[k]) for k in ("hand", "crib", "net")] == [
            best["hand"],
            best["crib"],
            best["net"],
        ]
        assert row["error"] == ""
    assert rows[3]["cards"] == "Th Jh Qh Kh 9h 5s"


def test_bad_lines_keep_their_line_numbers_and_the_run_goes_on(tmp_path: Path) -> None:
    path = write(tmp_path, ["5h 5d 6c 7s Jh Kd", "# note", "5h 5d 6c 7x Jh Kd", "", "5h 5d 6c"])
    code, out, err = run("discard", "--from", path, "--dealer", "--format", "jsonl")
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 3, 5]
    assert records[1] == {
        "line": 3,
        "input": "5h 5d 6c 7x Jh Kd",
        "error": "column 10: unknown suit 'x' in '7x': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
    }
    assert records[2]["error"] == "column 9: expected 6 cards to choose from, got 3 cards"
    assert err.splitlines() == [
        f"{path}:3:10: unknown suit 'x' in '7x': expected a suit (c d h s or ♣ ♦ ♥ ♠)",
        f"{path}:5:9: expected 6 cards to choose from, got 3 cards",
        "cribcount: 1 deal advised, 2 lines failed",
    ]


def test_text_and_csv_error_records(tmp_path: Path) -> None:
    path = write(tmp_path, ["5h 5h 6c 7s Jh Kd"])
    code, out, _ = run("discard", "--from", path, "--dealer", "--show-only")
    # As batch writes a bad line: the column, then the reason indented, within 60 columns.
    assert (code, out) == (
        2,
        "line 1: error at column 4:\n    5h appears twice (first at column 1)\n",
    )
    code, out, _ = run("discard", "--from", path, "--dealer", "--format", "csv", "--show-only")
    assert (
        out.splitlines()[1]
        == "1,5h 5h 6c 7s Jh Kd,,,,,,column 4: 5h appears twice (first at column 1)"
    )


def test_standard_input_and_bytes_that_are_not_utf8() -> None:
    code, out, err = run(
        "discard",
        "--from",
        "-",
        "--pone",
        "--format",
        "jsonl",
        stdin=b"5h 5d\xff\n5h 5d 6c 7s Jh Kd\n",
    )
    assert code == 2
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["line"] == 1 and first["error"] == "column 6: invalid UTF-8 byte 0xff"
    assert second["line"] == 2 and second["role"] == "pone"
    assert err.splitlines()[0] == "<stdin>:1:6: invalid UTF-8 byte 0xff"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5h 5d 6c 7s Jh Kd", "--from", "-"], "give the cards or --from FILE, not both"),
        (
            ["5h 5d 6c 7s Jh Kd", "--format", "jsonl"],
            "--format jsonl is for --from FILE: one deal gives --format json",
        ),
        (
            ["5h 5d 6c 7s Jh Kd", "--format", "csv"],
            "--format csv is for --from FILE: one deal gives --format json",
        ),
        (
            ["--from", "no-such-file.txt"],
            "Invalid value for '--from': File 'no-such-file.txt' does not exist.",
        ),
        (
            ["--from", "-", "--players", "5", "--seat", "5"],
            "seat 5 of 5 lays away nothing: it is dealt 4 cards and keeps them (seats 1 to 4 lay away one each)",
        ),
    ],
)
def test_misuse_is_one_line_and_status_2(args: list[str], message: str) -> None:
    code, out, err = run(
        "discard", *args, "--dealer" if "--seat" not in args else "--pone", stdin=""
    )
    assert (code, out, err) == (2, "", f"cribcount: {message}\n")


def test_a_file_that_cannot_be_read_is_one_line_and_status_74_as_in_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, ["5h 5d 6c 7s Jh Kd"])

    def refuse(file: str, mode: str) -> None:
        raise PermissionError(13, "Permission denied", file)

    # The command's own open, so that the test runner's files open as usual.
    monkeypatch.setattr(cli_base, "open", refuse, raising=False)
    said = (74, "", f"cribcount: {path}: [Errno 13] Permission denied\n")
    assert run("batch", path) == said
    assert run("discard", "--from", path, "--dealer") == said
    assert run("peg", "--from", path) == said


def test_a_missing_file_is_a_usage_error_status_2(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.txt")
    for args in (["discard", "--from", missing, "--dealer"], ["peg", "--from", missing]):
        code, out, err = run(*args)
        assert (code, out) == (2, "")
        assert err.startswith("cribcount: ") and "does not exist" in err


def test_from_in_french_reads_french_notation_and_writes_french_text() -> None:
    deal = "Rc Dc Vc 10c 5c 5k"
    code, out, err = run(
        "--lang", "fr", "discard", "--from", "-", "--dealer", stdin=deal + "\n5x\n"
    )
    one = run("--lang", "fr", "discard", deal, "--dealer")[1]
    assert code == 2
    assert out.startswith("ligne 1 :\n" + one)
    assert out.endswith(
        "ligne 2 : erreur à la colonne 1 :\n"
        "    couleur inconnue 'x' dans '5x' : il faut une couleur\n"
        "    (t k c p ou ♣ ♦ ♥ ♠)\n"
    )
    assert err.splitlines()[-1] == "cribcount: 1 donne conseillée, 1 ligne en erreur"


def test_from_jsonl_and_csv_stay_english_in_french() -> None:
    french_deal = "5c 5k 6t 7p Vc Rk"  # the first deal, in French notation
    for fmt in ("jsonl", "csv"):
        args = ("discard", "--from", "-", "--dealer", "--format", fmt)
        english = run(*args, stdin=DEALS[0] + "\n")
        french = run("--lang", "fr", *args, stdin=french_deal + "\n")
        # CSV repeats the cards as given; everything else is the same.
        assert french[0] == english[0]
        assert french[1].replace(french_deal, DEALS[0]) == english[1]


def test_from_usage_errors_in_french() -> None:
    code, out, err = run("--lang", "fr", "discard", "--dealer", "--format", "csv")
    assert (code, out) == (2, "")
    assert err == (
        "cribcount: --format csv est pour --from FICHIER : une seule donne donne --format json\n"
    )


def test_json_with_from_means_json_lines() -> None:
    deals = "5h 5d 6c 7s Jh Kd\n"
    jsonl = run("discard", "--from", "-", "--dealer", "--format", "jsonl", stdin=deals)
    assert run("discard", "--from", "-", "--dealer", "-f", "json", stdin=deals) == jsonl
