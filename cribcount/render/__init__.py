"""Rendering results as text, JSON and CSV: pure functions from results to strings.

One module a topic: ``show`` (a counted hand), ``play`` (the pegging),
``discard`` (the advice) and ``stats`` (the distributions); the JSON and CSV
helpers that they share are here.

>>> render_json({"total": 29, "hand": ["5h", "5d"]})
'{"total": 29, "hand": ["5h", "5d"]}'
>>> csv_line(["a,b", 3, ""])
'"a,b",3,\\n'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["csv_line", "render_json"]


def render_json(data: Any) -> str:
    """Compact JSON on one line, non-ASCII kept as is."""
    import json  # only the JSON formats pay for it

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def csv_line(fields: Iterable[object]) -> str:
    """One CSV row, quoted as RFC 4180 asks, ending in a newline."""
    import csv  # only the CSV formats pay for it
    import io

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(fields)
    return out.getvalue()
