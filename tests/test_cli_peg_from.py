"""``cribcount peg --from FILE``: one record a line, the same as one ``peg`` each."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import outcome as run
from conftest import random_play

FOUR_HANDS = "5c Kc 2c 9c | 5d Qd 3d 9d | 5h 7h Ah Jh | 6s 8s 4s Ts"
FOUR_PLAY = "5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts"


def write(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "plays.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, []),
        (3, ["--players", "3"]),
        (4, ["--players", "4"]),
        (6, ["--players", "6", "--partners"]),
    ],
)
def test_jsonl_is_one_peg_json_per_line_with_its_line(
    tmp_path: Path, players: int, options: list[str]
) -> None:
    rng = random.Random(players)
    plays = [random_play(rng, players) for _ in range(4)]
    lines = [f"{text} ; {hands}" for text, hands in plays] + ["# done", ""]
    path = write(tmp_path, ["", *lines])
    code, out, err = run("peg", "--from", path, *options, "--format", "jsonl")
    assert (code, err) == (0, "cribcount: 4 plays pegged, 0 lines failed\n")
    records = [json.loads(line) for line in out.splitlines()]
    for line, (text, hands), record in zip([2, 3, 4, 5], plays, records, strict=True):
        single = run("peg", text, "--hands", hands, *options, "--format", "json")[1]
        assert record == {"line": line, **json.loads(single)}
        assert list(record)[0] == "line"


def test_text_is_the_peg_lines_under_a_line_header(tmp_path: Path) -> None:
    plays = [
        "7c 8d 8h",
        "4c, 6d, 5h",
        "Kc 9d Th go 2s 7c 6s",
        "Kc 9d Th 2s 7c 6s Qh Jh ; Kc Th 2s 6s | 9d 7c Qh Jh",
    ]
    path = write(tmp_path, plays)
    code, out, _ = run("peg", "--from", path)
    assert code == 0
    singles = [run("peg", *plays[:3][i : i + 1])[1] for i in range(3)]
    singles.append(run("peg", plays[3].split(";")[0], "--hands", plays[3].split(";")[1])[1])
    assert out == "".join(f"line {i}:\n{single}" for i, single in enumerate(singles, 1))


def test_csv_is_each_players_total(tmp_path: Path) -> None:
    path = write(tmp_path, [FOUR_PLAY + " ; " + FOUR_HANDS, "Kc Qd 9h go go go 5c 5d 5h"])
    code, out, _ = run("peg", "--from", path, "--players", "4", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["line", "first", "second", "third", "dealer", "error"]
    # As in docs/peg.md: first 2, second 5, third 13, dealer 1.
    assert rows[1] == ["1", "2", "5", "13", "1", ""]
    # Kc Qd 9h make 29; dealer, first and second say go, and 5c cannot follow: third, who
    # laid the 9h, takes the go (1) and the dealer leads 5c. First pairs it (2); second's 5h
    # makes 15 (2) and a pair royal (6) and is the last card (1): 9.
    assert code == 0
    assert rows[2] == ["2", "2", "9", "1", "0", ""]


def test_bad_lines_keep_their_line_numbers_and_columns_in_the_whole_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        [
            "7c 8d 8h",
            "# note",
            "Kc 9d Th 5s",
            "Kc 9d ; Kc Th 2s 6s | 9d 7c Qh",
            "7c 8x",
            "7c 8d ; 7c 2s 3s 4s",
        ],
    )
    code, out, err = run("peg", "--from", path, "--format", "jsonl")
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 3, 4, 5, 6]
    assert records[1]["error"].startswith("column 10: 5s would take the count from 29 to 34")
    assert records[2] == {
        "line": 4,
        "input": "Kc 9d ; Kc Th 2s 6s | 9d 7c Qh",
        "error": "column 31: dealer's hand needs 4 cards, got 3",
    }
    assert (
        records[3]["error"]
        == "column 4: unknown suit 'x' in '8x': expected a suit (c d h s or ♣ ♦ ♥ ♠)"
    )
    assert (
        records[4]["error"]
        == "column 20: expected 2 hands separated by '|', one for each player in seat order, got 1"
    )
    assert err.splitlines()[1] == f"{path}:4:31: dealer's hand needs 4 cards, got 3"
    assert err.splitlines()[-1] == "cribcount: 1 play pegged, 4 lines failed"


def test_players_hold_for_every_line(tmp_path: Path) -> None:
    path = write(tmp_path, ["5c 5d ; " + FOUR_HANDS])
    code, out, err = run("peg", "--from", path, "--format", "csv")
    assert code == 2
    message = (
        "expected 2 hands separated by '|', one for each player in seat order,"
        " got 4 (the '|' is one too many)"
    )
    # The '|' after the second hand, in the whole line.
    column = len("5c 5d ; 5c Kc 2c 9c | 5d Qd 3d 9d ") + 1
    assert out.splitlines() == ["line,pone,dealer,error", f'1,,,"column {column}: {message}"']
    assert err.splitlines()[0] == f"{path}:1:{column}: {message}"
    code, out, _ = run("peg", "--from", path, "--players", "4", "--format", "csv")
    assert out.splitlines()[1].startswith("1,,,,,column ")  # the play stops early


def test_standard_input() -> None:
    code, out, err = run("peg", "--from", "-", "--format", "csv", stdin="7c 8d 8h\r\n4c 6d 5h\n")
    assert (code, out) == (0, "line,pone,dealer,error\n1,3,2,\n2,6,0,\n")
    assert err == "cribcount: 2 plays pegged, 0 lines failed\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["7c 8d", "--from", "-"], "give the cards or --from FILE, not both"),
        (
            ["7c 8d", "--format", "csv"],
            "--format csv is for --from FILE: one play gives --format json",
        ),
        (
            ["--from", "-", "--hands", "7c 2s 3s 4s | 8d 9d Td Jd"],
            "with --from the hands go in the file: PLAY ; HANDS on each line",
        ),
        (
            ["--from", "-", "--players", "3", "--partners"],
            "partnerships need four or six players, not 3",
        ),
    ],
)
def test_misuse_is_one_line_and_status_2(args: list[str], message: str) -> None:
    assert run("peg", *args, stdin="") == (2, "", f"cribcount: {message}\n")


def test_from_in_french_reads_french_notation_and_writes_french_text() -> None:
    code, out, err = run("--lang", "fr", "peg", "--from", "-", stdin="7t 8k 8c\n7t 7t\n")
    assert code == 2
    assert out == (
        "ligne 1 :\n"
        + run("--lang", "fr", "peg", "7t 8k 8c")[1]
        + "ligne 2 : erreur à la colonne 4 :\n"
        + "    7t apparaît deux fois (d'abord en colonne 1)\n"
    )
    assert err.splitlines() == [
        "<stdin>:2:4: 7t apparaît deux fois (d'abord en colonne 1)",
        "cribcount: 1 jeu marqué, 1 ligne en erreur",
    ]


def test_from_jsonl_stays_english_in_french() -> None:
    french = run("--lang", "fr", "peg", "--from", "-", "--format", "jsonl", stdin="7t 8k 8c\n")
    english = run("peg", "--from", "-", "--format", "jsonl", stdin="7c 8d 8h\n")
    assert french[:2] == english[:2]


def test_from_hands_in_the_file_in_french() -> None:
    code, out, err = run(
        "--lang", "fr", "peg", "--from", "-", "--hands", "7t 2p 3p 4p | 8k 9k 10k Vk", stdin=""
    )
    assert (code, out) == (2, "")
    assert err == (
        "cribcount: avec --from les mains sont dans le fichier : JEU ; MAINS sur chaque ligne\n"
    )


def test_json_and_f_with_from_mean_json_lines() -> None:
    # "json" means one thing everywhere: for a stream of records, JSON lines, as jsonl.
    lines = "7c 8d 8h\n4c 6d 5h\n"
    jsonl = run("peg", "--from", "-", "--format", "jsonl", stdin=lines)
    assert run("peg", "--from", "-", "-f", "json", stdin=lines) == jsonl
    assert jsonl[0] == 0 and len(jsonl[1].splitlines()) == 2


def test_open_holds_for_every_line_of_from() -> None:
    # 7 8 8: no last card for the open play, so the dealer has 2 (the pair), pone 0.
    code, out, _ = run("peg", "--from", "-", "--open", "--format", "jsonl", stdin="7c 8d 8h\n")
    assert code == 0
    record = json.loads(out)
    assert record["unfinished"] is True
    assert record == {"line": 1, **json.loads(run("peg", "7c 8d 8h", "--open", "-f", "json")[1])}


def test_peg_from_does_not_load_numpy() -> None:
    # Records of plays are written one by one: numpy is only for batch's vectorised rows.
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from cribcount.cli import cli\n"
        "CliRunner().invoke(cli, ['peg', '--from', '-'], input='Kc 9d Th go 2s 7c 6s\\n')\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
