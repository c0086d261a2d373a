"""``cribcount batch``: score one hand per line from files or a pipe, streaming."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator

import click

from cribcount.cli.base import (
    EXIT_BAD_INPUT,
    EXIT_CLAIM_DIFFERS,
    STDIN_NAME,
    STDOUT_NAME,
    display_name,
    format_option,
    input_file,
    lang,
    lang_option,
    naming,
    open_input,
    say,
    stdout_bytes,
)

_PROGRESS_MIN_BYTES = 1 << 20


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


@contextlib.contextmanager
def _progress(length: int, *, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when ``show``; yields the function that advances it."""
    if not show:
        yield lambda done: None
        return
    with click.progressbar(length=length, label="scoring", file=sys.stderr) as bar:
        yield bar.update


@click.command()
@click.argument("files", nargs=-1, type=input_file())
@click.option("--crib", is_flag=True, help="Count every line as a crib.")
@click.option(
    "--fast/--no-fast",
    default=True,
    hidden=True,
    help="Read lines with the vectorised reader (--no-fast: every line carefully, for comparison).",
)
@click.option(
    "--input",
    "form",
    type=click.Choice(["lines", "csv"], case_sensitive=False),
    help="How FILES are written: one hand a line, or CSV with a header row.  [default: csv"
    " for files named *.csv, else lines]",
)
@click.option(
    "--by",
    type=click.Choice(["label", "player"], case_sensitive=False),
    help="After the records, each label's totals (player: the label's first field, before"
    " its first comma): hands, points, claims, claims wrong, points missed.",
)
@format_option("text", "csv", "jsonl", stream=True)
@lang_option()
def batch(
    files: tuple[str, ...], crib: bool, fast: bool, form: str | None, by: str | None, fmt: str
) -> None:
    """Score one hand per line from FILES (or '-', standard input, the default).

    Each line is an optional label ending in ':', a hand as for 'score', then
    optionally the word 'crib' and/or a claimed count '= N', in either order,
    and a comment from a '#' after white space. Blank lines and '#' comment
    lines are skipped. CSV sheets (--input csv) have a header row naming
    hand, starter, crib, claim and label columns. Files are UTF-8 (with or
    without a BOM) or UTF-16 with a BOM. A bad line gives an error record in
    its place and a FILE:LINE:COLUMN line on stderr, and the run goes on; a
    summary ends it. Exit status: 2 if any line failed, else 1 if any claim
    was wrong, else 0.

    \b
    Examples:
      printf '5h 5d 5c Js / 5s\\n2h 4h 6h 8h Kc crib\\n' | cribcount batch
      printf 'Ann, deal 1: 5h 5d 5c Js / 5s = 29  # checked\\n' | cribcount batch
      printf '7h 7s 8d 8c / 9h = 18\\n' | cribcount batch -f json
      printf 'hand,claim\\n"5h,5d,5c,Js,5s",29\\n' | cribcount batch --input csv
      printf '5h 5d 5c Js 5s\\n7h 7s 8d 8c 9h\\n' | cribcount batch -f csv > counts.csv
      printf 'Ann, deal 1: 5h 5d 5c Js 5s = 28\\nBob, deal 1: 7h 7s 8d 8c 9h\\n' \\
        | cribcount batch --by player
    """
    from cribcount.batch import Summary, write_stream
    from cribcount.batch.records import (
        csv_header,
        render_crib_label,
        render_summary,
        render_tallies,
    )
    from cribcount.batch.tally import Tallies, crib_labels
    from cribcount.cli.memory import keep_freed_memory
    from cribcount.failed import render_error

    keep_freed_memory()
    paths = files or ("-",)
    named = len(paths) > 1
    out = stdout_bytes()
    summary = Summary()
    tallies = Tallies(by.lower()) if by else None
    sizes = [0 if path == "-" else os.path.getsize(path) for path in paths]
    show_progress = "-" not in paths and sum(sizes) >= _PROGRESS_MIN_BYTES and _stderr_is_terminal()
    if fmt == "csv":
        with naming(STDOUT_NAME):
            out.write(csv_header(with_file=named).encode())
    with _progress(sum(sizes), show=show_progress) as advance:
        for path in paths:
            name = STDIN_NAME if path == "-" else display_name(path)
            # A fault in reading is named after the file; writes name themselves first.
            with naming(name), open_input(path) as stream:
                file = name if named else None
                as_csv = form == "csv" or (form is None and path.lower().endswith(".csv"))
                written_records = write_stream(
                    stream,
                    fmt,
                    summary,
                    crib=crib,
                    vectorised=fast,
                    file=file,
                    form="csv" if as_csv else "lines",
                    lang=lang(),
                )
                for written in written_records:
                    with naming(STDOUT_NAME):
                        out.write(written.data)
                        if written.failed:
                            # On a terminal, the records come before the messages about them.
                            out.flush()
                    told = [
                        (record.line, render_error(record, name, lang=lang()))
                        for record in written.failed
                    ]
                    told += [
                        (line, render_crib_label(name, line, label, lang=lang()))
                        for line, label in crib_labels(written.chunk)
                    ]
                    if tallies is not None:
                        tallies.add_chunk(written.chunk)
                    # The errors and warnings in the order of their lines.
                    for _, message in sorted(told, key=lambda said: said[0]):
                        say(message)
                    advance(written.size)
    with naming(STDOUT_NAME):
        if tallies is not None:
            out.write(render_tallies(tallies, fmt, lang=lang()).encode())
        out.flush()
    say(f"cribcount: {render_summary(summary, lang=lang())}")
    if summary.failed:
        sys.exit(EXIT_BAD_INPUT)
    if summary.claims_wrong:
        sys.exit(EXIT_CLAIM_DIFFERS)
