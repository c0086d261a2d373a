"""Rendering results as text, JSON and CSV: pure functions from results to strings.

One module a topic: ``show`` (a counted hand), ``play`` (the pegging),
``discard`` (the advice) and ``stats`` (the distributions); the JSON and CSV
helpers that they share are here.

>>> render_json({"total": 29, "hand": ["5h", "5d"]})
'{"total": 29, "hand": ["5h", "5d"]}'
>>> csv_line(["a,b", 3, "", 'a"b', "5x\\r# tail"])
'"a,b",3,,"a""b","5x\\r# tail"\\n'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["TEXT_WIDTH", "csv_line", "render_json"]

TEXT_WIDTH = 60
"""Columns the text output of every command fits in (JSON, CSV and help aside)."""


def render_json(data: Any) -> str:
    """Compact JSON on one line, non-ASCII kept as is."""
    import json  # only the JSON formats pay for it

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


_CSV_SPECIAL = frozenset(',"\r\n')


def _csv_field(value: object) -> str:
    text = str(value)
    if _CSV_SPECIAL.isdisjoint(text):
        return text
    return '"' + text.replace('"', '""') + '"'


def csv_line(fields: Iterable[object]) -> str:
    """One CSV row, quoted as RFC 4180 asks, ending in a newline.

    A field holding a comma, a quote, a CR or a LF is quoted (the csv module
    leaves a bare CR unquoted when rows end in LF, which readers then split).
    """
    texts = [_csv_field(value) for value in fields]
    # A row of one empty field is written "" so that it is not a blank line.
    return ('""' if texts == [""] else ",".join(texts)) + "\n"
