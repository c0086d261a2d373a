"""The README's shell transcripts are real: every ``$ command`` in a console block is run
and must print what the README shows (``$ echo $?`` checks the exit status before it)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def transcripts() -> list[tuple[str, list[str]]]:
    """(command, expected output lines) for each ``$ `` line of the README's console blocks."""
    steps: list[tuple[str, list[str]]] = []
    in_block = False
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_block = line.strip() == "```console"
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return steps


TEXT_WIDTH = 60
"""Columns the text output of every command fits in (JSON, CSV and help aside)."""
_MACHINE_FORMAT = re.compile(r"(-f|--format)[ =](json|jsonl|csv)\b")


def is_text_output(command: str) -> bool:
    """A cribcount command whose standard output is text for people to read."""
    return (
        "cribcount" in command
        and not _MACHINE_FORMAT.search(command)
        and "--help" not in command
        and "cribcount help" not in command
    )


def test_machine_formats_are_told_apart() -> None:
    assert is_text_output("cribcount batch examples/hands.txt")
    assert not is_text_output("cribcount batch -f csv examples/hands.txt 2>/dev/null")
    assert not is_text_output("cribcount score 5h 5d 5c Js 5s --format json")


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(line in it for line in part)


def test_readme_has_transcripts() -> None:
    commands = [command for command, _ in transcripts()]
    assert any(command.startswith("cribcount ") for command in commands)


def test_readme_transcripts_are_real_output() -> None:
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    status = 0
    for command, expected in transcripts():
        if command == "echo $?":
            assert expected == [str(status)], f"exit status before {command!r}"
            continue
        done = subprocess.run(
            ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, check=False
        )
        status = done.returncode
        out, err = done.stdout.splitlines(), done.stderr.splitlines()
        # stdout and stderr share the terminal, so only their own orders are fixed.
        assert sorted(out + err) == sorted(expected), command
        assert is_subsequence(out, expected), command
        if is_text_output(command):
            wide = [line for line in out if len(line) > TEXT_WIDTH]
            assert not wide, f"{command}: wider than {TEXT_WIDTH} columns: {wide}"


@pytest.mark.parametrize("command", ["pip install . && cribcount 5h 5d 5c Js / 5s"])
def test_readme_shows_the_set_up_commands(command: str) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert command in text
    assert "pip install '.[test]' && pytest" in text
