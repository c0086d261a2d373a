"""``--help`` in French: the command descriptions, the list of commands, the headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import outcome
from test_docs import HELP_EXAMPLES, run_command

from cribcount.cli import cli
from cribcount.cli.base import help_messages

COMMANDS = ["batch", "discard", "game", "help", "peg", "practice", "score", "stats"]


def help_text(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), env=env, prog_name="cribcount")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_group_help_in_french() -> None:
    out = help_text("--lang", "fr", "--help")
    lines = out.splitlines()
    assert lines[:2] == ["Usage : cribcount [OPTIONS] COMMAND [ARGS]...", ""]
    assert " ".join(line.strip() for line in lines[2:4]) == (
        "Le cribbage compté juste : compter une main, vérifier une annonce, compter des"
        " feuilles entières."
    )
    # The examples in French notation: 5h 5d 5c Js / 5s is 5c 5k 5t Vp / 5p.
    assert lines[5:8] == [
        "  Exemples :",
        "    cribcount 5c 5k 5t Vp / 5p",
        '    cribcount score "2c 4c 6c 8c / Rt" --crib',
    ]
    assert "Options :" in lines
    assert "Commandes :" in lines
    commands = lines[lines.index("Commandes :") + 1 :]
    assert "  help      Afficher l'aide de cribcount, ou de la commande COMMAND." in commands
    assert "  score     Compter la main et la carte de départ, comme un joueur le dit." in commands
    # A description too long for its line is cut after a word, as Click cuts the English.
    batch = next(line for line in commands if line.startswith("  batch"))
    assert batch.startswith("  batch     Compter une main par ligne de FILES (ou '-', l'entrée")
    assert batch.endswith(",...") or batch.endswith("entrée...")


def starts(lines: list[str]) -> list[str]:
    """The first word of each example, its continued lines left out."""
    return [line.split()[0] for i, line in enumerate(lines) if not i or lines[i - 1][-1] != "\\"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_description_is_french_examples_too(command: str) -> None:
    english = help_text(command, "--help").split("\nOptions:")[0]
    french = help_text("--lang", "fr", command, "--help").split("\nOptions :")[0]
    # The examples are the same commands in both languages, in the language's notation.
    examples = [
        line
        for paragraph in english.split("\n\n")
        if paragraph.startswith("  Examples:")
        for line in paragraph.splitlines()[1:]
    ]
    french_examples = [
        line
        for paragraph in french.split("\n\n")
        if paragraph.startswith("  Exemples :")
        for line in paragraph.splitlines()[1:]
    ]
    assert examples
    assert starts(french_examples) == starts(examples)
    # Each paragraph of the description but the examples is said in French: none of its
    # English lines is left (but the usage line and the examples).
    described = {line.strip() for line in english.splitlines()[1:] if line not in examples}
    assert not [line for line in french.splitlines() if line.strip() in described - {""}]
    # No line starts with the punctuation mark French puts after a blank.
    assert not [line for line in french.splitlines() if line.strip()[:1] in (";", ":", "?", "!")]


def test_the_environment_and_the_help_command_say_it_in_french_too() -> None:
    by_option = help_text("--lang", "fr", "game", "--help")
    assert help_text("game", "--help", env={"CRIBCOUNT_LANG": "fr"}) == by_option
    assert help_text("help", "game", "--lang", "fr") == by_option
    # The group's own --help comes before the language is read: the environment is known first.
    assert help_text("--help", env={"CRIBCOUNT_LANG": "fr"}) == help_text("--lang", "fr", "--help")
    # --lang en wins over the environment, and the next run is English again.
    english = help_text("game", "--help")
    assert help_text("--lang", "en", "game", "--help", env={"CRIBCOUNT_LANG": "fr"}) == english
    assert "Options:" in english and "Check a game record deal by deal" in english


def test_the_game_record_table_in_french_keywords() -> None:
    out = help_text("--lang", "fr", "game", "--help")
    assert "  La feuille, d'abord :" in out
    for statement in ("partie 121", "joueurs NOM", "donne NOM", "main NOM", "départ CARTE"):
        assert f"    {statement}" in out


def test_a_paragraph_is_a_message_and_the_examples_stay_out_of_the_catalog() -> None:
    text = "Count it.\n\nMore, and more.\n\n\b\nExamples:\n  cribcount 5h 5d 5c Js 5s"
    assert list(help_messages(text)) == [
        ("", "Count it.", ""),
        ("", "More, and more.", ""),
        ("\b\n", "Examples:", "\n  cribcount 5h 5d 5c Js 5s"),
    ]


def test_click_own_messages_in_french() -> None:
    said = {
        ("game",): "argument manquant 'FILE'.",
        ("score", "--bogus"): "option inconnue '--bogus'.",
        ("score", "--crib=yes", "5c"): "l'option '--crib' ne prend pas de valeur.",
        ("peg", "--players", "2.5"): (
            "valeur invalide pour '--players' : '2.5' n'est pas un nombre valide (integer range)."
        ),
        ("batch", "no-such-file.txt"): (
            "valeur invalide pour '[FILES]...' : Fichier 'no-such-file.txt' introuvable."
        ),
    }
    for args, message in said.items():
        assert outcome("--lang", "fr", *args) == (2, "", f"cribcount: {message}\n")
    # The file is named in each run's language, English again after French.
    assert outcome("batch", "no-such-file.txt")[2] == (
        "cribcount: Invalid value for '[FILES]...': File 'no-such-file.txt' does not exist.\n"
    )


def french_examples() -> list[tuple[str, str]]:
    """(command, example) for every example of the French help, continued lines joined."""
    found = []
    for command in ["", *COMMANDS]:
        text = help_text("--lang", "fr", *([command] if command else []), "--help")
        for block in text.split("\n\n"):
            lines = block.splitlines()
            if not lines or lines[0].strip() != "Exemples :":
                continue
            example = ""
            for line in lines[1:]:
                example += line.strip()
                if example.endswith("\\"):
                    example = example[:-1].rstrip() + " "
                    continue
                found.append((command or "cribcount", example))
                example = ""
    return found


FRENCH_EXAMPLES = french_examples()


def test_the_french_examples_are_french_where_they_hold_cards() -> None:
    # Every command has examples, and those with English cards were turned into French.
    assert {name for name, _ in FRENCH_EXAMPLES} == {"cribcount", *COMMANDS}
    assert ("score", "cribcount score 5c 5k 5t Vp / 5p") in FRENCH_EXAMPLES
    assert ("stats", 'cribcount stats --hand-cards "5c 5k 5t Vp"') in FRENCH_EXAMPLES


@pytest.mark.parametrize(
    ("name", "example"),
    # Those the same in English (no cards, no keywords) run in test_docs already.
    [(name, example) for name, example in FRENCH_EXAMPLES if (name, example) not in HELP_EXAMPLES],
)
def test_the_french_examples_run_as_printed_in_french(
    name: str, example: str, tmp_path: Path
) -> None:
    # As a French user runs them, CRIBCOUNT_LANG=fr set, in an empty folder.
    command = example.replace("cribcount ", "CRIBCOUNT_LANG=fr cribcount ", 1)
    status, _, err = run_command(command, tmp_path)
    assert "Traceback" not in err, example
    # 1 only where a claim is checked (the documented status of a wrong claim).
    claimed = re.search(r"--claim|= ?\d|\bgame\b", example)
    assert status == 0 or status == 1 and claimed, (example, status, err)
