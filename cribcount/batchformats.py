"""Rendering ``cribcount batch`` results as text, CSV and JSON lines: pure functions.

Only ``cribcount batch`` imports this module (and so numpy), inside the command.

Plain records (``batch.Scored`` and ``batch.Failed``) are rendered one at a
time; the rows of the fast path are rendered a chunk at a time (CSV with
numpy, byte for byte the same as the plain rendering), and a chunk's plain
records are put back among its rows in input order.

>>> from cribcount.batch import score_line
>>> record = score_line(b"7h 7s 8d 8c / 9h = 24 crib", 3)
>>> print(render_record(record, "text"), end="")
3: 7h 7s 8d 8c / 9h crib = 24 (fifteens 8, pairs 4, runs 12); claim 24 is right
>>> print(render_record(record, "csv"), end="")
3,7h 7s 8d 8c,9h,true,8,4,12,0,0,24,24,0,
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Sequence
from itertools import product
from typing import Any

import numpy as np

from cribcount.batch import Chunk, Failed, Record, Summary
from cribcount.cards import DECK, Hand, format_cards
from cribcount.fastbatch import (
    LINE_WIDTH,
    SUBSETS,
    FastRows,
    fifteen_sets,
    rank_tables,
    shape_count,
    shape_of,
)
from cribcount.formats import count_to_dict, render_claim, render_json
from cribcount.show import Count, Item, Kind

__all__ = [
    "CSV_COLUMNS",
    "STDIN_NAME",
    "csv_header",
    "render_chunk",
    "render_error",
    "render_record",
    "render_summary",
]

STDIN_NAME = "<stdin>"
"""How standard input is named in messages and records."""

CSV_COLUMNS = (
    "line",
    "hand",
    "starter",
    "crib",
    "fifteens",
    "pairs",
    "runs",
    "flush",
    "nobs",
    "total",
    "claim",
    "difference",
    "error",
)
_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
_KIND_NAMES = ("fifteens", "pairs", "runs", "flush", "nobs")
_CRIB_FLAG = {True: "true", False: "false"}


def _csv_line(fields: Sequence[object]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(fields)
    return out.getvalue()


def csv_header(*, with_file: bool = False) -> str:
    """The header row; a ``file`` column comes first when several files are read."""
    return _csv_line((["file"] if with_file else []) + list(CSV_COLUMNS))


def _points_by_kind(count: Count) -> tuple[int, int, int, int, int]:
    sums = {kind: 0 for kind in _KINDS}
    for item in count.items:
        sums[item.kind] += item.points
    return (sums[Kind.FIFTEEN], sums[Kind.PAIR], sums[Kind.RUN], sums[Kind.FLUSH], sums[Kind.NOBS])


def _breakdown(points: tuple[int, ...]) -> str:
    parts = [f"{name} {p}" for name, p in zip(_KIND_NAMES, points, strict=True) if p]
    return ", ".join(parts) if parts else "no points"


def _text_tail(crib: bool, points: tuple[int, ...], claim: int | None) -> str:
    """What follows the hand: `` = 24 (fifteens 8, pairs 4, runs 12)``, the claim verdict."""
    total = sum(points)
    tail = f"{' crib' if crib else ''} = {total} ({_breakdown(points)})"
    if claim is not None:
        tail += "; " + render_claim(claim, total)
    return tail + "\n"


def _csv_tail(crib: bool, points: tuple[int, ...], claim: int | None) -> str:
    """The CSV fields from the crib flag on, with a leading comma."""
    difference = "" if claim is None else claim - sum(points)
    claimed = "" if claim is None else claim
    return "," + _csv_line([_CRIB_FLAG[crib], *points, sum(points), claimed, difference, ""])


def _where(file: str | None, line: int) -> str:
    return f"{file}:{line}:" if file is not None else f"{line}:"


def _record_dict(record: Record, file: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {"file": file} if file is not None else {}
    data["line"] = record.line
    if isinstance(record, Failed):
        data["input"] = record.text
        data["error"] = record.message
        return data
    data.update(count_to_dict(record.count))
    if record.claim is not None:
        data["claim"] = record.claim
        data["difference"] = record.difference
    return data


def render_record(record: Record, fmt: str, file: str | None = None) -> str:
    """One record as a line of ``fmt`` (text, csv or jsonl), newline included.

    ``file`` is given when several files are read, and then named in the record.
    """
    if fmt == "jsonl":
        return render_json(_record_dict(record, file)) + "\n"
    lead = [file] if file is not None else []
    if isinstance(record, Failed):
        if fmt == "csv":
            return _csv_line([*lead, record.line, record.text, *[""] * 10, record.message])
        return f"{_where(file, record.line)} error: {record.message}\n"
    count = record.count
    points = _points_by_kind(count)
    if fmt == "csv":
        hand = count.hand
        head = _csv_line([*lead, record.line, format_cards(hand.cards), str(hand.starter)])
        return head[:-1] + _csv_tail(count.crib, points, record.claim)
    where = _where(file, record.line)
    return f"{where} {count.hand}" + _text_tail(count.crib, points, record.claim)


def render_error(record: Failed, file: str) -> str:
    """The stderr line for a bad line: ``FILE:LINE:COLUMN: message``."""
    return f"{file}:{record.line}:{record.column}: {record.message}"


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def render_summary(summary: Summary) -> str:
    """The one-line summary at the end of a run."""
    return (
        f"{_plural(summary.hands, 'hand')} scored, {_plural(summary.failed, 'line')} failed, "
        f"{_plural(summary.claims, 'claim')} checked, {summary.claims_wrong} wrong "
        f"({_plural(summary.points_missed, 'point')} missed)"
    )


def render_chunk(chunk: Chunk, fmt: str, file: str | None = None) -> bytes:
    """All the records of a chunk in input order, as UTF-8 bytes."""
    rows = chunk.rows
    if rows is None or len(rows) == 0:
        return "".join(render_record(r, fmt, file) for _, r in chunk.records).encode()
    if fmt == "jsonl":
        lines = _jsonl_rows(rows, file)
        for place, record in reversed(chunk.records):
            lines.insert(place, render_record(record, fmt, file))
        return "".join(lines).encode()
    matrix = _csv_rows(rows, file) if fmt == "csv" else _text_rows(rows, file)
    # The rows are padded with NUL bytes, which no field holds: dropping them joins the fields.
    data: bytes = matrix.tobytes().translate(None, b"\0")
    if not chunk.records:
        return data
    ends = [0, *np.cumsum(np.count_nonzero(matrix, axis=1)).tolist()]
    pieces: list[bytes] = []
    done = 0
    for place, record in chunk.records:
        pieces += [data[done : ends[place]], render_record(record, fmt, file).encode()]
        done = ends[place]
    pieces.append(data[done:])
    return b"".join(pieces)


# --- fast-path rows ----------------------------------------------------------------------------


@functools.cache
def _tails(fmt: str) -> Any:
    """What follows the hand in each format, for every ``FastRows.shape``: one bytes item each.

    The items are as long as the longest tail; numpy pads the others with NUL bytes.
    """
    tail = _csv_tail if fmt == "csv" else _text_tail
    texts = [tail(*shape_of(shape), None).encode() for shape in range(shape_count())]
    return np.array(texts, dtype=f"V{max(len(text) for text in texts)}")


def _assemble(rows: FastRows, lead: str, after_line: str, tails: Any) -> Any:
    """Rows of bytes: ``lead``, the line number, ``after_line``, the 16 bytes of the hand, the tail.

    Each part is a field of a structured array, so that numpy copies a whole
    field per row; NUL bytes pad the line number and the tails, and stand for
    the leading zeros of line numbers.
    """
    n = len(rows)
    pairs = (len(str(int(rows.line.max()))) + 1) // 2
    fields: list[tuple[str, Any]] = [("lead", f"V{len(lead.encode())}")] if lead else []
    fields += [(f"digits{i}", "V2") for i in range(pairs)]
    fields += [("after", f"V{len(after_line)}"), ("hand", "V16"), ("tail", f"V{tails.itemsize}")]
    out = np.empty(n, dtype=np.dtype(fields))
    if lead:
        out["lead"] = lead.encode()
    rest = rows.line.astype(np.int32)
    digit_pairs = _digit_pairs()
    for i in range(pairs - 1, -1, -1):
        rest, pair = np.divmod(rest, 100)
        # Two digits at a time; the leading ones without their zeros.
        out[f"digits{i}"] = digit_pairs[pair + 100 * (rest > 0)]
    out["after"] = after_line.encode()
    out["hand"] = np.ascontiguousarray(rows.text).view("V16").reshape(n)
    out["tail"] = tails[rows.shape]
    return out.view(np.uint8).reshape(n, -1)


@functools.cache
def _digit_pairs() -> Any:
    """Two-digit numbers as two bytes: 0..99 with leading zeros as NUL bytes, then 00..99.

    The leading pair is never 0 (line numbers start at 1), so 0 there is two NUL bytes.
    """
    lead = ["\0\0"] + [str(n).rjust(2, "\0") for n in range(1, 100)]
    texts = lead + [f"{n:02d}" for n in range(100)]
    return np.array([text.encode() for text in texts], dtype="V2")


def _csv_rows(rows: FastRows, file: str | None) -> Any:
    """CSV rows as a byte matrix, NUL-padded."""
    lead = _csv_line([file])[:-1] + "," if file is not None else ""
    matrix = _assemble(rows, lead, ",", _tails("csv"))
    # "5h 5d 5c Js / 5s" becomes "5h 5d 5c Js,5s": a comma, then two NUL bytes.
    hand = matrix.shape[1] - _tails("csv").itemsize - LINE_WIDTH
    matrix[:, hand + 11] = ord(",")
    matrix[:, hand + 12 : hand + 14] = 0
    return matrix


def _text_rows(rows: FastRows, file: str | None) -> Any:
    """Text lines as a byte matrix, NUL-padded."""
    return _assemble(rows, f"{file}:" if file is not None else "", ": ", _tails("text"))


_NAMES = np.array([str(card) for card in DECK], dtype=object)
_SAMPLE = DECK[:5]
"""Five different cards to render templates with, later replaced by ``{0}``..``{4}``."""
_SAMPLE_HAND = Hand((_SAMPLE[0], _SAMPLE[1], _SAMPLE[2], _SAMPLE[3]), _SAMPLE[4])


def _jsonl_rows(rows: FastRows, file: str | None) -> list[str]:
    """JSON lines from templates: one per way of scoring, with the five cards filled in.

    The items of a show depend on which positions score together (fifteens,
    pairs, runs), on the flush and on which jack is the nob: ``_item_keys``
    packs these into one number, and each number's template is rendered once
    through ``count_to_dict``, as the plain path renders.
    """
    keys = _item_keys(rows).tolist()
    cards = (rows.ranks.astype(np.intp) - 1) * 4 + rows.suits
    names = [_NAMES[column].tolist() for column in cards]
    lead = render_json({"file": file})[:-1] + ", " if file is not None else "{"
    lines = []
    templates = _TEMPLATES
    if len(templates) > _TEMPLATES_MOST:
        # Start again rather than grow: memory stays flat however varied the input.
        templates.clear()
    for key, line, *five in zip(keys, rows.line.tolist(), *names, strict=True):
        template = templates.get(key)
        if template is None:
            template = templates[key] = _template(key)
        lines.append(template.format(*five, lead, line))
    return lines


_TEMPLATES: dict[int, str] = {}
_TEMPLATES_MOST = 1 << 16
_PAIR_BASE = 3
_RUN_BASE = 6


def _item_keys(rows: FastRows) -> Any:
    """A number per row that fixes the items of its show, up to the cards themselves."""
    ranks = [column.astype(np.int64) for column in rows.ranks]
    powers = 2.0 ** np.arange(len(SUBSETS))
    fifteen_key = (fifteen_sets(rows.ranks.T).astype(np.float64) @ powers).astype(np.int64)
    # Pairs: each position's rank numbered 1 or 2 among the paired ranks, from low to high.
    paired = [sum((a == b).astype(np.int64) for b in ranks) >= 2 for a in ranks]
    pair_key = np.zeros(len(rows), dtype=np.int64)
    for i in reversed(range(5)):
        lower = np.zeros(len(rows), dtype=np.bool_)
        for j in range(5):
            lower |= paired[j] & (ranks[j] < ranks[i])
        pair_key = pair_key * _PAIR_BASE + paired[i] * (1 + lower)
    # Runs: each position's place in the run (1 for its lowest rank), 0 when out of it.
    tables = rank_tables()
    low = tables.run_low[rows.multiset].astype(np.int64)
    length = tables.run_length[rows.multiset].astype(np.int64)
    run_key = np.zeros(len(rows), dtype=np.int64)
    for i in reversed(range(5)):
        offset = ranks[i] - low
        in_run = (offset >= 0) & (offset < length)
        run_key = run_key * _RUN_BASE + np.where(in_run, offset + 1, 0)
    nob_code = np.zeros(len(rows), dtype=np.int64)
    for i in range(4):
        nob_code[(rows.ranks[i] == 11) & (rows.suits[i] == rows.suits[4])] = i + 1
    flush_code = (rows.flush == 4) + 2 * (rows.flush == 5)
    packed = fifteen_key
    for part, size in (
        (pair_key, _PAIR_BASE**5),
        (run_key, _RUN_BASE**5),
        (flush_code, 3),
        (nob_code, 5),
        (rows.crib, 2),
    ):
        packed = packed * size + part
    return packed


def _template(key: int) -> str:
    """The JSON line of a show of ``key``: ``{0}``..``{4}`` for the cards, ``{6}`` the line."""
    key, crib = divmod(key, 2)
    key, nob_code = divmod(key, 5)
    key, flush_code = divmod(key, 3)
    key, run_key = divmod(key, _RUN_BASE**5)
    fifteen_key, pair_key = divmod(key, _PAIR_BASE**5)
    parts = [
        _fifteen_items(fifteen_key),
        _pair_items(pair_key),
        _run_items(run_key),
        _flush_and_nobs_items(flush_code, nob_code),
    ]
    items = ", ".join(text for text, _ in parts if text)
    before, between, after = _frame(bool(crib))
    total = str(sum(points for _, points in parts))
    # {5} is what comes before the line number: "{" or the file's entry.
    return '{5}"line": {6}, ' + before + items + between + total + after


def _placeholders(json_text: str) -> str:
    """Escape braces for ``str.format`` and put ``{0}``..``{4}`` for the sample cards."""
    text = json_text.replace("{", "{{").replace("}", "}}")
    for i, card in enumerate(_SAMPLE):
        text = text.replace(f'"{card}"', f'"{{{i}}}"')
    return text


def _items_json(items: list[Item]) -> tuple[str, int]:
    """Items as they stand inside the JSON list of ``count_to_dict``, and their points."""
    listed = count_to_dict(Count(_SAMPLE_HAND, False, tuple(items)))["items"]
    return _placeholders(render_json(listed)[1:-1]), sum(item.points for item in items)


@functools.cache
def _frame(crib: bool) -> tuple[str, str, str]:
    """The JSON of a count around its items and total: before, between and after them."""
    data = count_to_dict(Count(_SAMPLE_HAND, crib, ()))
    data["items"] = "@items@"
    data["total"] = "@total@"
    text = _placeholders(render_json(data)[1:] + "\n")
    before, rest = text.split('"@items@"')
    between, after = rest.split('"@total@"')
    return before + "[", "]" + between, after


@functools.cache
def _fifteen_items(fifteen_key: int) -> tuple[str, int]:
    return _items_json(
        [
            Item(Kind.FIFTEEN, tuple(_SAMPLE[i] for i in subset), 2)
            for bit, subset in enumerate(SUBSETS)
            if fifteen_key >> bit & 1
        ]
    )


@functools.cache
def _pair_items(pair_key: int) -> tuple[str, int]:
    code = [pair_key // _PAIR_BASE**i % _PAIR_BASE for i in range(5)]
    items = []
    for group in (1, 2):
        same = tuple(card for card, c in zip(_SAMPLE, code, strict=True) if c == group)
        if same:
            items.append(Item(Kind.PAIR, same, len(same) * (len(same) - 1)))
    return _items_json(items)


@functools.cache
def _run_items(run_key: int) -> tuple[str, int]:
    code = [run_key // _RUN_BASE**i % _RUN_BASE for i in range(5)]
    length = max(code)
    choices = [
        [card for card, c in zip(_SAMPLE, code, strict=True) if c == place]
        for place in range(1, length + 1)
    ]
    return _items_json([Item(Kind.RUN, run, length) for run in product(*choices)] if length else [])


@functools.cache
def _flush_and_nobs_items(flush_code: int, nob_code: int) -> tuple[str, int]:
    flush = (0, 4, 5)[flush_code]
    items = [Item(Kind.FLUSH, _SAMPLE[:flush], flush)] if flush else []
    if nob_code:
        items.append(Item(Kind.NOBS, (_SAMPLE[nob_code - 1],), 1))
    return _items_json(items)
