"""The README and the manual in docs/ are real: every ``$ command`` of a console block is run.

Each console block is one test case, so one wrong block hides no other. A
command must print what the page shows (``$ echo $?`` checks the exit status
before it). A command that is ``cribcount`` alone, perhaps fed by ``echo``,
``printf`` or ``cat`` and read by ``head``, ``tail`` or ``od``, runs in this
process through Click's test runner (the same group and entry point, without
the start-up of a process each); any other shell runs in ``bash`` with this
environment's ``cribcount``. Every command has a page, every page is linked,
and every example of ``--help`` runs as printed in an empty folder.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cribcount.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = [README, *sorted(DOCS.glob("*.md"))]

README_LINES = 250
"""The README is a front page; the manual is in docs/."""
TEXT_WIDTH = 60
"""Columns the text output of every command fits in (JSON, CSV and help aside)."""


@dataclass(frozen=True)
class Step:
    """One ``$ command`` of a transcript and the lines shown after it."""

    command: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    """A console block of a page: where it starts, and its steps."""

    page: Path
    line: int
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def console_blocks(page: Path) -> list[Block]:
    """The console blocks of a page, each with its ``$ `` commands and their output lines."""
    blocks: list[Block] = []
    steps: list[tuple[str, list[str]]] | None = None
    start = 0
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            if steps is not None:
                made = tuple(Step(command, tuple(lines)) for command, lines in steps)
                blocks.append(Block(page, start, made))
                steps = None
            elif line.strip() == "```console":
                steps, start = [], number
            continue
        if steps is None:
            continue
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
    return blocks


BLOCKS = [block for page in PAGES for block in console_blocks(page)]


# -- running a command -------------------------------------------------------------

_MACHINE_FORMAT = re.compile(r"(-f|--format)[ =](json|jsonl|csv)\b")
_PRODUCERS = {"echo", "printf", "cat"}
_FILTERS = {"head", "tail", "od"}
_ASSIGNMENT = re.compile(r"[A-Z_]+=\S*")
_QUIET = " 2>/dev/null"


def is_text_output(command: str) -> bool:
    """A cribcount command whose standard output is text for people to read."""
    return (
        "cribcount" in command
        and not _MACHINE_FORMAT.search(command)
        and "--help" not in command
        and "cribcount help" not in command
    )


def pipeline(command: str) -> list[str] | None:
    """The parts of ``command`` between its pipes, or None if it holds any other shell syntax."""
    parts, part, quote = [], "", ""
    for char in command:
        if quote == '"' and char in "$`\\":
            return None  # expanded by the shell even between double quotes
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "|":
            parts.append(part.strip())
            part = ""
            continue
        elif char in "<>;&$`\\(){}*?~#":
            return None
        part += char
    return None if quote else [*parts, part.strip()]


@dataclass(frozen=True)
class Plan:
    """``[PRODUCER |] [NAME=VALUE ...] cribcount ARGS [2>/dev/null] [| FILTER]``, taken apart."""

    producer: str | None
    env: dict[str, str]
    args: list[str]
    quiet: bool
    filter: str | None


def plan(command: str) -> Plan | None:
    """How to run ``command`` in this process, or None if it needs a shell."""
    quiet = _QUIET in command
    bare = command
    if quiet:
        before, after = command.split(_QUIET, 1)
        # It must quiet cribcount itself: no pipe between cribcount and it.
        if _QUIET in after or "|" in before.rpartition("cribcount")[2]:
            return None
        bare = before + after
    parts = pipeline(bare)
    if parts is None or not 1 <= len(parts) <= 3:
        return None
    words = [shlex.split(part) for part in parts]
    ours = [i for i, part in enumerate(words) if "cribcount" in part]
    if len(ours) != 1 or any(not part for part in words):
        return None
    at = ours[0]
    fed, read = words[:at], words[at + 1 :]
    if len(fed) > 1 or len(read) > 1:
        return None
    if fed and fed[0][0] not in _PRODUCERS or read and read[0][0] not in _FILTERS:
        return None
    ahead = words[at]
    env = {}
    while ahead and _ASSIGNMENT.fullmatch(ahead[0]):
        name, value = ahead.pop(0).split("=", 1)
        env[name] = value
    if not ahead or ahead[0] != "cribcount":
        return None
    return Plan(
        producer=parts[0] if fed else None,
        env=env,
        args=ahead[1:],
        quiet=quiet,
        filter=parts[-1] if read else None,
    )


def shell_env() -> dict[str, str]:
    """This environment, with this Python's ``cribcount`` first on the path and no language set."""
    env = {key: value for key, value in os.environ.items() if key != "CRIBCOUNT_LANG"}
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env["PATH"]
    return env


def shell(command: str, cwd: Path, stdin: bytes = b"") -> tuple[int, bytes, bytes]:
    """Run ``command`` in ``bash``: its exit status, stdout and stderr."""
    done = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=shell_env(), input=stdin, capture_output=True
    )
    return done.returncode, done.stdout, done.stderr


def run_command(command: str, cwd: Path) -> tuple[int, str, str]:
    """Run a transcript's command from ``cwd``, as a shell would: status, stdout, stderr."""
    how = plan(command)
    if how is None:
        status, out, err = shell(command, cwd)
        return status, out.decode(), err.decode()
    stdin = b""
    if how.producer is not None:
        made, stdin, _ = shell(how.producer, cwd)
        assert made == 0, how.producer
    env: dict[str, str | None] = {"CRIBCOUNT_LANG": None, "NO_COLOR": None}
    env.update(how.env)
    with contextlib.chdir(cwd):
        result = CliRunner().invoke(cli, how.args, input=stdin, env=env, prog_name="cribcount")
    # A command ends by returning or by its exit status, never by another exception.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    status, out, err = result.exit_code, result.stdout_bytes, result.stderr_bytes
    if how.quiet:
        err = b""
    if how.filter is not None:
        status, out, more = shell(how.filter, cwd, stdin=out)
        err += more
    return status, out.decode(), err.decode()


def test_plans_tell_the_shell_apart() -> None:
    simple = plan("printf '5h 5d 5c Js 5s\\n' | cribcount batch -f csv 2>/dev/null | head -1")
    assert simple == Plan("printf '5h 5d 5c Js 5s\\n'", {}, ["batch", "-f", "csv"], True, "head -1")
    french = plan('CRIBCOUNT_LANG=fr cribcount peg "Kc 9d | x"')
    assert french == Plan(None, {"CRIBCOUNT_LANG": "fr"}, ["peg", "Kc 9d | x"], False, None)
    for command in [
        "cribcount 5h 5d 5c Js 5s > /dev/full",
        "cribcount stats $'5h\\n5d'",
        "cribcount practice --log a && cribcount practice --report a",
        "cat a | cat | cribcount batch",
        "echo hi | head -1",
        'cribcount peg "$PLAY"',
        "cribcount 5h 5d 5c Js 5s  # the big one",
    ]:
        assert plan(command) is None, command


def test_machine_formats_are_told_apart() -> None:
    assert is_text_output("cribcount batch examples/hands.txt")
    assert not is_text_output("cribcount batch -f csv examples/hands.txt 2>/dev/null")
    assert not is_text_output("cribcount score 5h 5d 5c Js 5s --format json")


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(line in it for line in part)


# -- the transcripts ---------------------------------------------------------------


def test_every_page_has_transcripts() -> None:
    shown = {block.page for block in BLOCKS}
    assert README in shown
    commands = [step.command for block in BLOCKS for step in block.steps]
    assert any(command.startswith("cribcount ") for command in commands)


@pytest.mark.parametrize("block", BLOCKS, ids=str)
def test_transcripts_are_real_output(block: Block) -> None:
    status = 0
    for step in block.steps:
        if step.command == "echo $?":
            assert list(step.expected) == [str(status)], f"exit status shown after {step.command!r}"
            continue
        status, out_text, err_text = run_command(step.command, ROOT)
        out, err, expected = out_text.splitlines(), err_text.splitlines(), list(step.expected)
        # stdout and stderr share the terminal, so only their own orders are fixed.
        assert sorted(out + err) == sorted(expected), step.command
        assert is_subsequence(out, expected), step.command
        if is_text_output(step.command):
            wide = [line for line in out if len(line) > TEXT_WIDTH]
            assert not wide, f"{step.command}: wider than {TEXT_WIDTH} columns: {wide}"


# -- every command has a page, every page is linked --------------------------------

_LINK = re.compile(r"\]\(([^)\s]+)\)")


def links(page: Path) -> list[tuple[Path, str]]:
    """The local links of a page: (the page linked, its anchor or '')."""
    found = []
    for target in _LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        found.append(((page.parent / path).resolve() if path else page, anchor))
    return found


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    made = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            made.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return made


def commands() -> dict[str, click.Command]:
    """Every command of the group, by name (each module loads on first use)."""
    assert isinstance(cli, click.Group)
    with click.Context(cli) as ctx:
        found = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


def test_every_command_has_a_page() -> None:
    missing = [name for name in commands() if name != "help" and not (DOCS / f"{name}.md").exists()]
    assert not missing, f"commands without a page in docs/: {missing}"
    # help has no page: the README shows it.
    assert "$ cribcount help" in README.read_text(encoding="utf-8")


def test_every_command_page_shows_its_command() -> None:
    for name in commands():
        page = README if name == "help" else DOCS / f"{name}.md"
        run = [step.command for block in console_blocks(page) for step in block.steps]
        assert any(re.search(rf"(^|\| )cribcount {name}\b", command) for command in run), name


def test_every_page_is_linked() -> None:
    linked = {target for page in PAGES for target, _ in links(page) if target != page}
    unlinked = [page.name for page in PAGES[1:] if page.resolve() not in linked]
    assert not unlinked, f"pages linked from no other page: {unlinked}"


def test_every_link_leads_somewhere() -> None:
    for page in PAGES:
        for target, anchor in links(page):
            assert target.exists(), f"{page.name}: no {target}"
            if anchor and target.suffix == ".md":
                assert anchor in anchors(target), f"{page.name}: no #{anchor} in {target.name}"


def test_readme_is_a_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    assert text.index("## Install and run") < text.index("completion")
    for page in sorted(DOCS.glob("*.md")):
        assert f"(docs/{page.name}" in text, f"the README does not link {page.name}"


@pytest.mark.parametrize("command", ["pip install . && cribcount 5h 5d 5c Js / 5s"])
def test_readme_shows_the_set_up_commands(command: str) -> None:
    text = README.read_text(encoding="utf-8")
    assert command in text
    assert "pip install '.[test]' && pytest" in text


# -- the examples of --help --------------------------------------------------------


def help_examples() -> list[tuple[str, str]]:
    """(command, example) for every line under ``Examples:`` in the help of every command."""
    found = []
    for name, command in [("cribcount", cli), *sorted(commands().items())]:
        lines = (command.help or "").splitlines()
        at = next(i for i, line in enumerate(lines) if line.strip() == "Examples:")
        example = ""
        for line in lines[at + 1 :]:
            if not line.strip():
                break
            example += line.strip()
            if example.endswith("\\"):
                example = example[:-1].rstrip() + " "
                continue
            found.append((name, example))
            example = ""
    return found


HELP_EXAMPLES = help_examples()
_CLAIMED = re.compile(r"--claim|= ?\d|\bgame\b")


def test_every_command_has_examples() -> None:
    assert {name for name, _ in HELP_EXAMPLES} == {"cribcount", *commands()}


@pytest.mark.parametrize(("name", "example"), HELP_EXAMPLES)
def test_help_examples_run_in_an_empty_folder(name: str, example: str, tmp_path: Path) -> None:
    assert example.startswith("cribcount ") or "| cribcount " in example, example
    status, out, err = run_command(example, tmp_path)
    assert "Traceback" not in err, example
    # 1 only where a claim is checked (the documented status of a wrong claim).
    assert status == 0 or status == 1 and _CLAIMED.search(example), (example, status, err)
