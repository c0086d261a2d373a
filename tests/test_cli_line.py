"""The command line as the tools around it behave: typos, help, -f, '-', hints, colour, --open."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import outcome, run

from cribcount.cli import base as cli_base
from cribcount.cli import cli


@pytest.mark.parametrize(
    ("word", "meant"),
    [("scroe", "score"), ("pge", "peg"), ("discrad", "discard"), ("Batch", "batch")],
)
def test_a_mistyped_command_gets_a_suggestion(word: str, meant: str) -> None:
    code, out, err = outcome(word, "5h 5d 5c Js / 5s")
    assert (code, out) == (2, "")
    assert err == f"cribcount: no such command '{word}' (did you mean '{meant}'?)\n"


@pytest.mark.parametrize("args", [["5h", "5d", "5c", "Js", "5s"], ["5h,5d,5c,Js/5s"], ["-"]])
def test_cards_as_the_first_word_are_still_scored(args: list[str]) -> None:
    code, out, _ = outcome(*args, stdin="5h 5d 5c Js 5s\n")
    assert code == 0
    assert out.splitlines()[-1] == "total 29"


def test_a_word_close_to_no_command_is_read_as_cards() -> None:
    code, _, err = outcome("zzzz", "5d", "5c", "Js", "5s")
    assert code == 2
    assert err.startswith("cribcount: column 1: unknown card 'zzzz'")


def test_help_command() -> None:
    code, out, _ = outcome("help")
    assert code == 0 and "Commands:" in out
    code, out, _ = outcome("help", "peg")
    assert code == 0
    assert out.startswith("Usage: ") and "peg [OPTIONS] [CARDS]..." in out.splitlines()[0]
    assert out == run("peg", "--help").stdout
    code, _, err = outcome("help", "pge")
    assert (code, err) == (2, "cribcount: no such command 'pge' (did you mean 'peg'?)\n")
    code, _, err = outcome("help", "xyzzy")
    assert (code, err) == (2, "cribcount: no such command 'xyzzy': see 'cribcount help'\n")


@pytest.mark.parametrize(
    "args",
    [
        ["score", "5h 5d 5c Js / 5s"],
        ["peg", "7c 8d 8h"],
        ["discard", "5h 5d 6c 7s Jh Kd", "--dealer"],
        ["stats", "--hand", "--starter", "5s", "--hand-cards", "5h 5d 5c Js"],
        ["game", "examples/game-121.txt"],
    ],
)
def test_short_f_and_json_mean_the_same_everywhere(args: list[str]) -> None:
    long = run(*args, "--format", "json")
    short = run(*args, "-f", "json")
    assert long.stdout == short.stdout
    json.loads(short.stdout)


def test_batch_json_is_json_lines() -> None:
    stdin = b"5h 5d 5c Js / 5s\nAnn: 7h 7s 8d 8c 9h = 24\n"
    json_out = outcome("batch", "-f", "json", stdin=stdin)
    assert json_out == outcome("batch", "--format", "jsonl", stdin=stdin)
    records = [json.loads(line) for line in json_out[1].splitlines()]
    assert [(r["line"], r.get("label"), r["total"]) for r in records] == [
        (1, None, 29),
        (2, "Ann", 24),
    ]
    assert "json: JSON lines" in run("batch", "--help").stdout


@pytest.mark.parametrize("command", ["score", "peg", "discard"])
def test_a_dash_reads_the_cards_from_standard_input(command: str) -> None:
    cards = {"score": "5h 5d 5c Js / 5s", "peg": "7c 8d 8h", "discard": "5h 5d 6c 7s Jh Kd"}
    extra = ["--dealer"] if command == "discard" else []
    from_stdin = outcome(command, "-", *extra, stdin=cards[command] + "\n")
    assert from_stdin == outcome(command, cards[command], *extra)
    assert from_stdin[0] == 0
    code, _, err = outcome(command, "-", *extra, stdin="")
    assert (code, err) == (
        2,
        "cribcount: no cards on standard input: expected one line of cards after '-'\n",
    )


def test_heels_in_score_json() -> None:
    # Four fives and a jack turned: 28 in the show (fifteens 16, pair royal double 12),
    # and the jack is his heels, 2 to the dealer, not in the total.
    data = json.loads(run("score", "5h 5d 5c 5s / Jh", "-f", "json").stdout)
    assert (data["total"], data["heels"]) == (28, 2)
    data = json.loads(run("score", "5h 5d 5c Js / 5s", "-f", "json").stdout)
    assert (data["total"], data["heels"]) == (29, 0)


@pytest.mark.parametrize("fast", ["--fast", "--no-fast"])
def test_heels_in_batch_csv_and_jsonl(fast: str) -> None:
    stdin = b"5h 5d 5c 5s / Jh\n5h 5d 5c Js / 5s\n"
    _, out, _ = outcome("batch", "-f", "csv", fast, stdin=stdin)
    rows = [line.split(",") for line in out.splitlines()]
    heels = rows[0].index("heels")
    assert [(row[rows[0].index("total")], row[heels]) for row in rows[1:]] == [
        ("28", "2"),
        ("29", "0"),
    ]
    _, out, _ = outcome("batch", "-f", "jsonl", fast, stdin=stdin)
    assert [json.loads(line)["heels"] for line in out.splitlines()] == [2, 0]


def test_batch_text_labels_and_counts_that_are_not_claims() -> None:
    stdin = "Ann: 5h 5d 5c Js / 5s = 29 # checked by Bob\n7h\u00a07s 8d 8c / 9h\n".encode()
    code, out, _ = outcome("batch", stdin=stdin)
    assert code == 0
    assert out.splitlines() == [
        "1 [Ann]: 5h 5d 5c Js / 5s: 29 points",
        "    fifteens 16, pairs 12, nobs 1",
        "    claim 29 is right",
        "2: 7h 7s 8d 8c / 9h: 24 points",
        "    fifteens 8, pairs 4, runs 12",
    ]


def test_peg_open_scores_a_play_still_going_on() -> None:
    # 7c; 8d makes fifteen (2); 8h pairs it (2); no card is the last one yet.
    code, out, _ = outcome("peg", "7c 8d 8h", "--open")
    assert code == 0
    assert out.splitlines() == [
        "pone    7c   7",
        "dealer  8d  15  fifteen for 2",
        "pone    8h  23  pair for 2",
        "totals so far: pone 2, dealer 2 (play going on)",
    ]
    finished = outcome("peg", "7c 8d 8h")[1].splitlines()
    assert finished[2] == "pone    8h  23  pair for 2, last card for 1"
    data = json.loads(run("peg", "7c 8d 8h", "--open", "-f", "json").stdout)
    assert (data["totals"], data["unfinished"]) == ({"pone": 2, "dealer": 2}, True)


def test_peg_open_lets_the_hands_keep_cards_not_laid() -> None:
    hands = ["--pone", "7c 8h 2s 3s", "--dealer", "8d 9c Ks Qs"]
    code, _, err = outcome("peg", "7c 8d 8h", *hands)
    assert code == 2
    assert "still in hand" in err
    code, out, _ = outcome("peg", "7c 8d 8h", *hands, "--open")
    assert code == 0
    assert out.splitlines()[-1] == "totals so far: pone 2, dealer 2 (play going on)"


def test_an_unquoted_hand_gets_a_hint() -> None:
    code, _, err = outcome(
        "peg", "Kc", "9d", "Th", "2s", "--pone", "Kc", "Th", "2s", "6s", "--dealer", "9d 7c Qh Jh"
    )
    assert code == 2
    assert err == 'cribcount: --pone holds 1 of 4 cards: quote the hand: --pone "Kc Th 2s 6s"\n'


@pytest.mark.parametrize(
    ("cards", "players", "hint"),
    [
        ("5h 5d 6c 7s Jh", [], "with five cards, try --players 3 (or 4, 5, 6)"),
        ("5h 5d 6c 7s Jh Kd", ["--players", "3"], "with six cards, try --players 2"),
    ],
)
def test_a_card_count_for_another_table_gets_a_hint(
    cards: str, players: list[str], hint: str
) -> None:
    code, _, err = outcome("discard", cards, "--pone", *players)
    assert code == 2
    assert err.rstrip("\n").endswith("; " + hint)


def _coloured(
    monkeypatch: pytest.MonkeyPatch, *args: str, env: dict[str, str] | None = None
) -> str:
    monkeypatch.setattr(cli_base, "stdout_is_terminal", lambda: True)
    return CliRunner().invoke(cli, list(args), color=True, env=env).stdout


RED_5H = "\x1b[31m5h\x1b[0m"


def test_red_suits_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _coloured(monkeypatch, "score", "5h 5d 5c Js / 5s")
    assert out.startswith(f"hand {RED_5H} \x1b[31m5d\x1b[0m 5c Js, starter 5s\n")


def test_red_suits_in_french_are_hearts_and_diamonds_of_the_french_notation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Coeur (c) and carreau (k) are red in French; trefle (t) and pique (p) are not.
    out = _coloured(monkeypatch, "--lang", "fr", "score", "5c 5k 5t Vp / 5p")
    assert out.startswith("main \x1b[31m5c\x1b[0m \x1b[31m5k\x1b[0m 5t Vp, carte de départ 5p\n")


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["score", "5h 5d 5c Js / 5s", "--no-color"], None),
        (["--no-color", "score", "5h 5d 5c Js / 5s"], None),
        (["score", "5h 5d 5c Js / 5s"], {"NO_COLOR": "1"}),
    ],
)
def test_no_colour_when_asked(
    monkeypatch: pytest.MonkeyPatch, args: list[str], env: dict[str, str] | None
) -> None:
    out = _coloured(monkeypatch, *args, env=env)
    assert "\x1b[" not in out
    assert out.startswith("hand 5h 5d 5c Js, starter 5s\n")


def test_no_colour_through_a_pipe() -> None:
    assert "\x1b[" not in CliRunner().invoke(cli, ["5h", "5d", "5c", "Js", "5s"], color=True).stdout


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u3000", "\t", "\u202f"])
def test_any_white_space_separates_the_cards_of_every_command(space: str) -> None:
    assert outcome("score", space.join("5h 5d 5c Js 5s".split())) == outcome(
        "score", "5h 5d 5c Js 5s"
    )
    assert outcome("peg", space.join("7c 8d 8h".split())) == outcome("peg", "7c 8d 8h")
    hand = space.join("5h 5d 6c 7s Jh Kd".split())
    assert outcome("discard", hand, "--dealer") == outcome(
        "discard", "5h 5d 6c 7s Jh Kd", "--dealer"
    )


@pytest.mark.parametrize(
    ("args", "red", "plain"),
    [
        (["peg", "7c 8d 8h"], "8d", "7c"),
        (["discard", "5h 5d 6c 7s Jh Kd", "--dealer"], "Kd", "7s"),
        (["practice", "--seed", "20", "--rounds", "1"], "Kh", "Js"),
    ],
)
def test_every_text_command_paints_red_suits_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, args: list[str], red: str, plain: str
) -> None:
    monkeypatch.setattr(cli_base, "stdout_is_terminal", lambda: True)
    out = CliRunner().invoke(cli, args, color=True, input="q\n").stdout
    assert f"\x1b[31m{red}\x1b[0m" in out
    assert plain in out and f"\x1b[31m{plain}" not in out


@pytest.mark.parametrize("fast", ["--fast", "--no-fast"])
def test_heels_in_batch_text(fast: str) -> None:
    # Four fives and a jack turned: 28, and 2 for his heels to the dealer, apart.
    _, out, _ = outcome("batch", fast, stdin=b"5h 5d 5c 5s / Jh\n")
    assert out.splitlines() == [
        "1: 5h 5d 5c 5s / Jh: 28 points",
        "    fifteens 16, pairs 12",
        "    his heels: 2 to the dealer, not in the count",
    ]
