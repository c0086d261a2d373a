"""``cribcount discard --from FILE``: one deal a line, advised a block at a time with numpy.

Each line holds the cards dealt to one seat, in the notation of ``discard``;
blank lines and ``#`` comments are skipped but counted, as in ``batch``. A
line that is not a deal gives a ``Failed`` record in its place.

>>> import io
>>> from cribcount.discard import Role
>>> stream = io.BytesIO(b"# two deals\\n5h 5d 6c 7s Jh Kd\\n5h 5d 6c 7s Jh\\n")
>>> for record in advise_lines(stream, role=Role.DEALER):
...     print(render_deal_record(record, "text").splitlines()[-1].strip())
best: keep 5h 5d Jh Kd, lay away 6c 7s (net 17.861)
expected 6 cards to choose from, got 5 cards

The deals are advised together by ``advise_many``: exactly ``advise_discard``
(the definition, in ``cribcount.discard``), faster. The rank part of every
show is looked up in ``rules.rank_totals`` by rank key (the key of cards
together is the sum of their keys). A crib's rank part is a table, built
once a process, of the points of the ranks laid away with every multiset of
ranks drawn from the unseen cards; each deal weights it by how many ways its
unseen cards give each multiset. Flush, nobs and heels are counted by suit
with the rules' own predicates, as ``discard`` counts them. The values are
whole numbers until the end, so the advice is exactly that of
``advise_discard``:

>>> from cribcount.discard import advise_discard, parse_deal
>>> (advice,) = advise_many([parse_deal("5h 5d 6c 7s Jh Kd")], role=Role.DEALER)
>>> advice == advise_discard(parse_deal("5h 5d 6c 7s Jh Kd"), role=Role.DEALER)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, factorial
from operator import itemgetter
from typing import Any, BinaryIO, NamedTuple, Required, TypedDict, Unpack

import numpy as np

from cribcount import rules
from cribcount.cards import DECK, ENGLISH, SUIT_ORDER, Card, Notation, card_indices, format_cards
from cribcount.discard import Advice, Choice, Role, check_deal, discard_seat, parse_deal
from cribcount.errors import CribcountError
from cribcount.failed import Failed
from cribcount.from_lines import Done, Line, read_lines, render_failed
from cribcount.language import DEFAULT, Language, language
from cribcount.messages import N_
from cribcount.render import csv_line
from cribcount.render.discard import (
    QUOTED,
    advice_json,
    choice_rows,
    discard_json,
    discard_text,
    numbers,
    option_json,
    peg_texts,
    table_pattern,
    words,
)
from cribcount.seats import CRIB_SIZE, DEAL_SIZES, HAND_SIZE

__all__ = [
    "BLOCK",
    "DEAL_CSV_COLUMNS",
    "PLAYED_CSV_COLUMNS",
    "Advised",
    "DealRecord",
    "Rendered",
    "Table",
    "advise_lines",
    "advise_many",
    "deal_csv_header",
    "played_csv_header",
    "render_deal_record",
    "render_lines",
    "render_played_record",
    "render_record",
]

DEAL_CSV_COLUMNS = ("line", "cards", "keep", "discard", "hand", "crib", "net", "error")
"""The columns of ``discard --from --format csv``: the best choice of each deal."""


Advised = Done[Advice]
"""A line advised: its line number and, as its ``result``, the advice for its deal."""
DealRecord = Advised | Failed


class Table(TypedDict, total=False):
    """Who the deals of a file are for: the role (required) and, as ``discard`` takes them,
    the number of players (2), the seat (None: the table's own), partnerships (False) and
    the notation the cards are written in (English)."""

    role: Required[Role]
    players: int
    seat: int | None
    partners: bool
    notation: Notation


def advise_lines(stream: BinaryIO, **table: Unpack[Table]) -> Iterator[DealRecord]:
    """One record for each line of ``stream`` that holds something: its advice, or what is wrong.

    Every line is a deal for the same table, role and seat (checked once, by
    ``discard_seat``), written in ``notation``; the deals are advised together
    by ``advise_many``.
    """
    role, players, seat, laid, blocks = _read_blocks(stream, table)
    for read, deals in blocks:
        advice = iter(_advise_block(deals, role=role, players=players, seat=seat, laid=laid))
        for entry in read:
            # Done itself: calling through the alias Advised costs a generic alias's dispatch.
            yield Done(entry[0], next(advice)) if isinstance(entry, tuple) else entry


_Read = list[Failed | tuple[int, tuple[Card, ...]]]
"""A block's lines, each read as a deal (its number and cards) or Failed, in order."""


def _read_blocks(
    stream: BinaryIO, table: Table
) -> tuple[Role, int, int, int, Iterator[tuple[_Read, list[tuple[Card, ...]]]]]:
    """The role, players, seat (checked once, by ``discard_seat``) and cards laid away of
    ``table``; and the lines of ``stream`` a block at a time, so that only one block's advice
    is held: each block read, and the deals in it."""
    role, players = table["role"], table.get("players", 2)
    seat = discard_seat(
        players, role=role, seat=table.get("seat"), partners=table.get("partners", False)
    )
    laid = DEAL_SIZES[players][seat - 1][1]
    notation = table.get("notation", ENGLISH)

    def blocks() -> Iterator[tuple[_Read, list[tuple[Card, ...]]]]:
        block = _block_size(laid)
        for chunk in read_lines(stream):
            for start in range(0, len(chunk), block):
                lines = chunk[start : start + block]
                read = _read_deals(lines, players=players, seat=seat, notation=notation)
                yield read, [entry[1] for entry in read if isinstance(entry, tuple)]

    return role, players, seat, laid, blocks()


def _read_deals(lines: Sequence[Line], *, players: int, seat: int, notation: Notation) -> _Read:
    """Each line read as a deal (its number and cards), or Failed, in order.

    A line of cards in the usual spellings, separated by single spaces, is read
    by one look-up a card; any other goes to ``parse_deal``, which reads every
    line the same (a test checks) and says what is wrong with a bad one.
    """
    wanted = DEAL_SIZES[players][seat - 1][0]
    indices = card_indices(notation)
    read: list[Failed | tuple[int, tuple[Card, ...]]] = []
    for line_read in lines:
        if isinstance(line_read, Failed):
            read.append(line_read)
            continue
        line, text = line_read
        found = [indices.get(token, -1) for token in text.split(" ")]
        if len(found) == wanted and -1 not in found and len(set(found)) == wanted:
            read.append((line, tuple([DECK[i] for i in found])))
            continue
        try:
            read.append((line, parse_deal(text, players=players, seat=seat, notation=notation)))
        except CribcountError as error:
            read.append(Failed(line, text, error.reason, max(error.column, 1), said=error.said))
    return read


def deal_csv_header() -> str:
    """The header row of the CSV records."""
    return csv_line(DEAL_CSV_COLUMNS)


def render_deal_record(record: DealRecord, fmt: str, *, lang: Language | None = None) -> str:
    """One record in ``fmt`` (text, jsonl or csv), newline included; text in ``lang``.

    jsonl: the object of ``discard --format json`` with ``"line"`` first; text:
    ``line N:`` then the table of ``discard``; csv: one row
    with the best choice. A failed line: ``{"line", "input", "error"}``, a row
    with the input as its cards and the error, or ``line N: error: ...``.
    """
    lang = language(DEFAULT) if lang is None else lang
    if isinstance(record, Failed):
        return _render_failed(record, fmt, lang, play=False)
    advice = record.result
    heels = advice.heels_float
    deal = _Deal(advice.role, advice.players, advice.seat, advice.cards, heels, choice_rows(advice))
    return _deal_text(record.line, fmt, lang, deal)


def _render_failed(record: Failed, fmt: str, lang: Language, *, play: bool) -> str:
    """A line that failed, its CSV row as long as the records' (longer with the play)."""
    columns = PLAYED_CSV_COLUMNS if play else DEAL_CSV_COLUMNS
    return render_failed(record, fmt, [record.text, *[""] * (len(columns) - 3)], lang=lang)


class _Deal(NamedTuple):
    """A deal advised, as its record writes it: ``rows`` are ``Row`` (``PlayedRow`` with the
    play)."""

    role: Role
    players: int
    seat: int
    cards: tuple[Card, ...]
    heels: float
    rows: Sequence[Any]


def _deal_text(line: int, fmt: str, lang: Language, deal: _Deal) -> str:
    """The record of a deal advised (``render_deal_record``)."""
    rows = deal.rows
    if fmt == "jsonl":
        return discard_json(line, deal.role, deal.players, deal.seat, deal.heels, rows) + "\n"
    if fmt == "csv":
        keep, discard, hand, _, _, crib, net = rows[0]
        said = (format_cards(deal.cards), format_cards(keep), format_cards(discard))
        return csv_line([line, *said, hand, crib, net, ""])
    return f"{_line_label(lang, line)}\n{discard_text(lang, *deal)}\n"


def _line_label(lang: Language, line: int) -> str:
    """``line N:`` in ``lang``: its template translated once."""
    label = _LINE_LABELS.get(lang)
    if label is None:
        label = _LINE_LABELS[lang] = lang.catalog.gettext(N_("line {line}:"))
    return label.format(line=line)


_LINE_LABELS: dict[Language, str] = {}


PLAYED_CSV_COLUMNS = (*DEAL_CSV_COLUMNS[:-1], "peg", "peg_error", "total", "error")
"""The columns of ``discard --from --format csv`` with the play: the best choice by total."""


def played_csv_header() -> str:
    """The header row of the CSV records with the play."""
    return csv_line(PLAYED_CSV_COLUMNS)


def render_played_record(record: DealRecord, fmt: str, *, lang: Language | None = None) -> str:
    """``render_deal_record`` with the play (two players): the choices ranked by hand + crib +
    peg; csv gains the best choice's ``peg``, ``peg_error`` and ``total``."""
    from cribcount.discard_play import with_play
    from cribcount.render.discard import played_rows

    lang = language(DEFAULT) if lang is None else lang
    if isinstance(record, Failed):
        return _render_failed(record, fmt, lang, play=True)
    advice = record.result
    rows = played_rows(with_play(advice))
    deal = _Deal(advice.role, advice.players, advice.seat, advice.cards, advice.heels_float, rows)
    return _played_text(record.line, fmt, lang, deal)


def _played_text(line: int, fmt: str, lang: Language, deal: _Deal) -> str:
    """The record of a deal advised with the play (``render_played_record``)."""
    from cribcount.render.discard import played_json, played_text

    rows = deal.rows
    if fmt == "jsonl":
        return played_json(line, deal.role, deal.heels, rows) + "\n"
    if fmt == "csv":
        keep, discard, hand, _, _, crib, net, peg, peg_error, total = rows[0]
        said = (format_cards(deal.cards), format_cards(keep), format_cards(discard))
        figures = (round(peg, 4), round(peg_error, 4), round(total, 4))
        return csv_line([line, *said, hand, crib, net, *figures, ""])
    table = played_text(lang, deal.role, deal.cards, rows)
    return f"{_line_label(lang, line)}\n{table}\n"


Rendered = Done[str]
"""A line advised and written: its line number and, as its ``result``, its record's text."""


def render_lines(
    stream: BinaryIO,
    fmt: str,
    *,
    lang: Language,
    play: bool,
    **table: Unpack[Table],
) -> Iterator[Rendered | Failed]:
    """``advise_lines`` with each deal's record written as ``render_deal_record`` writes it (or
    ``render_played_record``, with ``play``), straight from a block's numbers: the same text,
    without a Fraction or a Choice made (a test checks). A failed line stays Failed, for
    ``render_record`` to write."""
    role, players, seat, laid, blocks = _read_blocks(stream, table)
    if play and players != 2:
        raise ValueError("the pegging table is for two players")
    with_line = _with_line(fmt, lang)
    for read, deals in blocks:
        if not deals:
            yield from (entry for entry in read if isinstance(entry, Failed))
            continue
        values = _block_values(deals, role=role, laid=laid)
        bodies = iter(
            _bodies(values, deals, fmt, lang, role=role, players=players, seat=seat, play=play)
        )
        del values  # each block's numbers and texts let go before the next is made
        for entry in read:
            if isinstance(entry, tuple):
                yield Done(entry[0], with_line(entry[0], next(bodies)))
            else:
                yield entry
        del bodies


def render_record(record: Rendered | Failed, fmt: str, *, lang: Language, play: bool) -> str:
    """The text of a record of ``render_lines``: as it came, or the failed line written."""
    if isinstance(record, Failed):
        return _render_failed(record, fmt, lang, play=play)
    return record.result


# --- each deal's record written straight from a block's numbers --------------------------------


class _Columns(NamedTuple):
    """A block's choices in the order its records write them, best first: each deal's cards
    as ``Card.index`` (deals, cards); each choice's cards kept and laid away, likewise (deals,
    choices, cards); hand, least, most, crib and net (deals, choices), the floats as
    ``Choice.hand_float`` and its kin give them; each choice's row of kept ranks in
    ``_hand_ranks``; with the play, the total (``PlayChoice.total``), else None; and each
    deal's heels, a float."""

    dealt: Any
    kept: Any
    laid: Any
    hand: Any
    least: Any
    most: Any
    crib: Any
    net: Any
    rows: Any
    total: Any
    heels: Any


def _columns(values: _Values, *, role: Role, play: bool) -> _Columns:
    """The columns of a block's records: with the play, the choices ranked by total as
    ``with_play`` ranks them, a stable sort of the ranking by hand and crib."""
    ranked, n, cribs = values.ranked, values.starters, values.cribs
    # Each float a whole number over its denominator, divided once, as Choice divides it.
    columns = [
        ranked[:, :, 0],
        ranked[:, :, 1] / n,
        ranked[:, :, 2],
        ranked[:, :, 3],
        ranked[:, :, 4] / cribs,
        ranked[:, :, 5] / (n * cribs),
        values.kept_rows,
    ]
    total = None
    if play:
        # float(net) + peg, as PlayChoice.total adds them: the same two floats, added once.
        total = columns[5] + _pegs(role)[0][values.kept_rows]
        order = np.argsort(-total, axis=1, kind="stable")
        columns = [np.take_along_axis(column, order, axis=1) for column in columns]
        total = np.take_along_axis(total, order, axis=1)
    choice, hand, least, most, crib, net, rows = columns
    deal = np.arange(len(choice))[:, None, None]
    kept = values.index[deal, values.keeps[choice]]
    laid = values.index[deal, values.discards[choice]]
    heels = np.array(values.heels) / n
    return _Columns(values.index, kept, laid, hand, least, most, crib, net, rows, total, heels)


def _bodies(
    values: _Values,
    deals: Sequence[tuple[Card, ...]],
    fmt: str,
    lang: Language,
    *,
    role: Role,
    players: int,
    seat: int,
    play: bool,
) -> list[str]:
    """Each deal's record in ``fmt`` without its line number (``_with_line`` puts it in)."""
    columns = _columns(values, role=role, play=play)
    if fmt == "csv":
        return _csv_bodies(columns, role=role, play=play)
    if fmt == "jsonl":
        return _jsonl_bodies(columns, role=role, players=players, seat=seat, play=play)
    said, write = words(lang), lang.notation.cards
    titles = [said.title(role, players, seat, write(cards)) for cards in deals]
    return _text_bodies(columns, titles, lang, role=role, play=play)


def _with_line(fmt: str, lang: Language) -> Callable[[int, str], str]:
    """How a record is made from its line number and the rest (``_bodies``)."""
    if fmt == "csv":
        return lambda line, body: f"{line},{body}"
    if fmt == "jsonl":
        return lambda line, body: f'{{"line": {line}, {body}'
    return lambda line, body: f"{_line_label(lang, line)}\n{body}"


_CANONICAL = [str(card) for card in DECK]


def _csv_bodies(columns: _Columns, *, role: Role, play: bool) -> list[str]:
    """Each deal's CSV row after its line number: the cards dealt, and the best choice."""
    best = [
        columns.kept[:, 0].tolist(),
        columns.laid[:, 0].tolist(),
        columns.hand[:, 0].tolist(),
        columns.crib[:, 0].tolist(),
        columns.net[:, 0].tolist(),
    ]
    canonical = _CANONICAL
    if play:
        pegs, errors = _peg_reprs(role)
        rows = columns.rows[:, 0]
        best += [pegs[rows].tolist(), errors[rows].tolist()]
        best.append(_rounded(columns.total[:, 0]))
    return [
        csv_line(
            [
                " ".join([canonical[i] for i in cards]),
                " ".join([canonical[i] for i in keep]),
                " ".join([canonical[i] for i in lay]),
                *figures,
                "",
            ]
        )
        for cards, keep, lay, *figures in zip(columns.dealt.tolist(), *best, strict=True)
    ]


def _jsonl_bodies(
    columns: _Columns, *, role: Role, players: int, seat: int, play: bool
) -> list[str]:
    """Each deal's JSON record after ``{"line": N, ``: one ``%`` a deal, of a template of
    every option, with the cells of the block made column by column."""
    deals, choices, _ = columns.kept.shape
    start, end = advice_json(role, players, seat, play=play)
    template = start + ", ".join([option_json(play=play)] * choices) + end + "\n"
    figures = [
        _cards_written(columns.kept, QUOTED, ", ")[0],
        _cards_written(columns.laid, QUOTED, ", ")[0],
        _written_once(columns.hand, _reprs)[0],
        columns.least,
        columns.most,
        _written_once(columns.crib, _reprs)[0],
        _written_once(columns.net, _reprs)[0],
    ]
    if play:
        pegs, errors = _peg_reprs(role)
        totals, _ = _written_once(columns.total, _rounded)
        figures += [pegs[columns.rows], errors[columns.rows], totals]
    cells = np.stack(figures, axis=2, dtype=object)  # (deals, choices, cells)
    heels = _written_once(columns.heels, _reprs)[0].tolist()
    return [
        template % (heel, *row)
        for heel, row in zip(heels, cells.reshape(deals, -1).tolist(), strict=True)
    ]


def _written_once(figures: Any, write: Callable[[Any], list[str]]) -> tuple[Any, Any]:
    """``write`` of each of ``figures`` (floats) and the length of each text, as arrays of
    their shape: each distinct float written once (told apart by its bits, so that 0.0 and
    -0.0 stay apart)."""
    distinct, where = np.unique(figures.ravel().view(np.int64), return_inverse=True)
    texts = write(distinct.view(np.float64))
    lengths = np.fromiter(map(len, texts), np.int64, len(texts))
    where = where.ravel()
    written = np.array(texts, dtype=object)[where].reshape(figures.shape)
    return written, lengths[where].reshape(figures.shape)


def _reprs(figures: Any) -> list[str]:
    """Each float as JSON writes it: its ``repr``."""
    return [repr(figure) for figure in figures.tolist()]


def _rounded(figures: Any) -> list[str]:
    """Each float rounded to 4 places as JSON writes it, ``repr(round(figure, 4))``: the
    figure written to 4 places by ``%.4f`` (which rounds as ``round`` does, half to even on
    the exact value), less the zeros that end it, one digit kept after the point. Below
    10**11 in size, the figure to 4 places has at most 15 digits, so it is the shortest text
    of its float, which ``repr`` writes; a larger one is left to ``repr`` (a test checks)."""
    if not np.all(np.abs(figures) < 1e11):
        return [repr(round(figure, 4)) for figure in figures.tolist()]
    text = ("%.4f\n" * len(figures)) % tuple(figures.tolist())
    for _ in range(3):
        text = text.replace("0\n", "\n")
    return text.split("\n")[:-1]


@functools.cache
def _peg_reprs(role: Role) -> tuple[Any, Any]:
    """``_pegs(role)`` rounded to 4 places as JSON writes them, by row."""
    net, error = (np.array(_rounded(figures), dtype=object) for figures in _pegs(role))
    return net, error


@functools.cache
def _card_pairs(written: tuple[str, ...], between: str) -> tuple[Any, Any]:
    """Every card (``written``, by ``Card.index``) and every two cards written together,
    ``between`` them: (52,) and (52, 52) arrays of text."""
    cards = np.array(written, dtype=object)
    pairs = np.array([[f"{a}{between}{b}" for b in written] for a in written], dtype=object)
    return cards, pairs


def _cards_written(cards: Any, written: tuple[str, ...], between: str) -> tuple[Any, Any]:
    """The cards of each row of ``cards`` (``Card.index``, the last axis a row's cards) as
    ``written`` writes them, ``between`` each two, and the length of each text."""
    singles, pairs = _card_pairs(written, between)
    count = cards.shape[-1]
    parts = [pairs[cards[..., i], cards[..., i + 1]] for i in range(0, count - 1, 2)]
    if count % 2:
        parts.append(singles[cards[..., -1]])
    text = parts[0]
    for part in parts[1:]:
        text = text + between + part
    lengths = np.array([len(card) for card in written])[cards].sum(axis=-1)
    return text, lengths + (count - 1) * len(between)


# Each range of a show, least to most, as the text writes it ("4-17"), and its length.
_SHOWS = range(rules.HIGHEST_SHOW + 1)
_RANGES = np.array([[f"{least}-{most}" for most in _SHOWS] for least in _SHOWS], dtype=object)
_RANGE_LENGTHS = np.vectorize(len)(_RANGES)


@functools.cache
def _peg_column(lang: Language, role: Role) -> tuple[Any, Any]:
    """The ``peg`` column of the text of each row of kept ranks (``_hand_ranks``), and the
    length of each."""
    pegs, errors = _pegs(role)
    texts = peg_texts(lang, pegs.tolist(), errors.tolist())
    return np.array(texts, dtype=object), np.array([len(text) for text in texts])


def _text_bodies(
    columns: _Columns, titles: list[str], lang: Language, *, role: Role, play: bool
) -> list[str]:
    """Each deal's table after ``line N:``, under its title: the cells of the block made column
    by column, the columns as wide as ``discard_text`` (``played_text``) makes them, and one
    ``%`` a deal, of a template made once for each set of column widths."""
    said = words(lang)
    count, choices, _ = columns.kept.shape

    def three_places(figures: Any) -> list[str]:
        return numbers(lang, figures.tolist(), [(".3f", len(figures))])

    written = lang.notation.written
    table = [
        _cards_written(columns.kept, written, " "),
        _cards_written(columns.laid, written, " "),
        _written_once(columns.hand, three_places),
    ]
    if play:
        pegs, peg_lengths = _peg_column(lang, role)
        table += [
            _written_once(columns.crib, three_places),
            (pegs[columns.rows], peg_lengths[columns.rows]),
            _written_once(columns.total, three_places),
        ]
        labels = said.play_labels
    else:
        ranges = (columns.least, columns.most)
        table += [
            (_RANGES[ranges], _RANGE_LENGTHS[ranges]),
            _written_once(columns.crib, three_places),
            _written_once(columns.net, three_places),
        ]
        heels = _written_once(columns.heels, three_places)[0].tolist()
        labels = said.labels
    cells = np.stack([texts for texts, _ in table], axis=2)  # (deals, choices, columns)
    rows = cells.reshape(count, -1).tolist()
    # Each column as wide as its widest entry or its label.
    widest = np.stack([lengths.max(axis=1) for _, lengths in table], axis=1)
    widths = np.maximum(widest, [len(label) for label in labels]).tolist()
    best = cells[:, 0, [0, 1, -1]].tolist()  # keep, lay away, and net or total
    head = f"%s\n{_escape(said.ways_line(choices, columns.laid.shape[2], play=play))}\n"
    if play:
        foot = f"{_escape(said.play_how[role])}\n{_escape(said.peg_note)}\n%s\n"
    else:
        foot = f"%s\n{_escape(said.how[role])}\n%s\n"
    templates: dict[tuple[int, ...], str] = {}
    bodies = []
    for d, title in enumerate(titles):
        width = tuple(widths[d])
        template = templates.get(width)
        if template is None:
            pattern = table_pattern(width, 2)
            lines = [_escape(pattern % (" ", *labels))]
            lines += [("*" if i == 0 else " ") + pattern[2:] for i in range(choices)]
            template = templates[width] = head + "\n".join(lines) + "\n" + foot
        last = said.best(*best[d], play=play)
        if play:
            bodies.append(template % (title, *rows[d], last))
        else:
            bodies.append(template % (title, *rows[d], said.heels_line(heels[d]), last))
    return bodies


def _escape(text: str) -> str:
    """``text`` as it stands in a ``%`` template."""
    return text.replace("%", "%%")


@functools.cache
def _pegs(role: Role) -> tuple[Any, Any]:
    """The net pegging of each kept rank set and its standard error, by the rows of
    ``_hand_ranks(4)``: the table's figures, as ``discard_play.with_play`` takes them."""
    from cribcount.pegging_table import kept_rank_sets, pegging

    known, _ = _hand_ranks(HAND_SIZE)
    net = np.zeros(len(known))
    error = np.zeros(len(known))
    keeps = list(kept_rank_sets())
    entries = [pegging(keep=keep, role=role.value) for keep in keeps]
    rows = np.searchsorted(known, [rules.rank_key(keep) for keep in keeps])
    net[rows] = [entry.net for entry in entries]
    error[rows] = [entry.net_se for entry in entries]
    return net, error


# --- the advice of many deals at once ----------------------------------------------------------

BLOCK = 2048
"""Deals computed together when two cards are laid away: large enough for numpy to pay,
small enough for memory (``_block_size`` gives the size for one)."""

_SUITS = len(SUIT_ORDER)
# Each card's rank and suit by ``Card.index``, which runs by rank, then suit; and whether it
# is his nob with a starter of each suit.
_RANK_OF = np.array([card.rank for card in DECK])
_SUIT_OF = np.array([SUIT_ORDER[card.suit] for card in DECK])
_NOB_OF = rules.is_nob(_RANK_OF[:, None], _SUIT_OF[:, None], np.arange(_SUITS))
# For each card, the starters of its own suit that would make it his nob (none, or one suit):
# such a starter is never the card itself.
_NOB_OWN_SUIT = (_NOB_OF & (_SUIT_OF[:, None] == np.arange(_SUITS))).sum(axis=1)
_HEELS_OF = rules.heels_points(_RANK_OF)
_FLUSH = np.array(rules.FLUSH_TABLE)


@functools.cache
def _totals() -> tuple[Any, Any]:
    """Every rank key and the points of its multiset, sorted by key, for ``_lookup``."""
    items = sorted(rules.rank_totals().items())
    return np.array([k for k, _ in items], dtype=np.int64), np.array([v for _, v in items])


def _lookup(keys: Any) -> Any:
    """``rank_totals()[key]`` for an array of keys; 0 where no deck holds the ranks."""
    known, points = _totals()
    at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
    return np.where(known[at] == keys, points[at], 0)


@functools.cache
def _drawn(drawn: int) -> tuple[Any, Any, Any]:
    """Each multiset of ``drawn`` ranks: its rank key, and each rank in it with how many times.

    The ranks come as ``drawn`` slots of (rank, times), padded with (0, 0).
    """
    keys, slot_ranks, slot_times = [], [], []
    for ranks in combinations_with_replacement(range(1, 14), drawn):
        distinct = sorted(set(ranks))
        pad = [0] * (drawn - len(distinct))
        keys.append(rules.rank_key(ranks))
        slot_ranks.append(distinct + pad)
        slot_times.append([ranks.count(r) for r in distinct] + pad)
    return np.array(keys, dtype=np.int64), np.array(slot_ranks), np.array(slot_times)


def _multisets(size: int) -> Any:
    """The rank key of every multiset of ``size`` ranks, sorted (for ``np.searchsorted``)."""
    keys = {rules.rank_key(r) for r in combinations_with_replacement(range(1, 14), size)}
    return np.array(sorted(keys), dtype=np.int64)


@functools.cache
def _crib_ranks(laid: int) -> tuple[Any, Any]:
    """The rank points of every crib: by the ranks laid away (row) and the ranks drawn (column).

    Returns the rank keys laid away, sorted (a row each), and the table as
    floats (whole numbers, small enough to stay exact through a matrix product).
    """
    drawn_keys, _, _ = _drawn(CRIB_SIZE + 1 - laid)
    laid_keys = _multisets(laid)
    table = _lookup(laid_keys[:, None] + drawn_keys[None, :])
    return laid_keys, table.astype(np.float64).T


@functools.cache
def _hand_ranks(kept: int) -> tuple[Any, Any]:
    """The rank points of every hand: by the ranks kept (row) and the starter's rank (column).

    Returns the rank keys kept, sorted (a row each), and the table.
    """
    kept_keys = _multisets(kept)
    return kept_keys, _lookup(kept_keys[:, None] + rules.RANK_KEY_BASE ** np.arange(13))


_COMBS = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)


def advise_many(
    deals: Sequence[Sequence[Card]],
    *,
    role: Role,
    players: int = 2,
    seat: int | None = None,
    partners: bool = False,
) -> list[Advice]:
    """``advise_discard`` of every deal (each checked as it checks it), a block at a time."""
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    dealt, laid = DEAL_SIZES[players][seat - 1]
    for cards in deals:
        check_deal(cards, dealt)
    advice: list[Advice] = []
    block = _block_size(laid)
    for start in range(0, len(deals), block):
        some = deals[start : start + block]
        advice += _advise_block(some, role=role, players=players, seat=seat, laid=laid)
    return advice


def _block_size(laid: int) -> int:
    """Deals advised together: ``BLOCK`` when two are laid away, fewer when the cribs drawn
    have more multisets of ranks, so that a block's tables stay about as large."""
    drawn_keys, _, _ = _drawn(CRIB_SIZE + 1 - laid)
    return max(1, BLOCK * len(_drawn(CRIB_SIZE - 1)[0]) // len(drawn_keys))


class _Values(NamedTuple):
    """A block's advice as numbers: for each deal, its choices best first (by hand and crib) as
    (choice, hand_sum, hand_min, hand_max, crib_sum, net_sum), ``choice`` a place in
    ``takes``; with ``kept_rows`` (each choice's row of the kept ranks in ``_hand_ranks``)."""

    ranked: Any  # (deals, choices, 6) whole numbers
    kept_rows: Any  # (deals, choices), in the order of ``ranked``
    heels: list[int]
    starters: int
    cribs: int
    takes: list[tuple[itemgetter[Any], itemgetter[Any]]]
    """Each choice's kept cards and cards laid away, taken from a deal's cards."""
    laid: int
    index: Any  # (deals, cards dealt): each deal's cards as ``Card.index``
    keeps: Any  # (choices, cards kept): the places in a deal of each choice's cards kept
    discards: Any  # (choices, cards laid away): and of its cards laid away


def _advise_block(
    deals: Sequence[Sequence[Card]], *, role: Role, players: int, seat: int, laid: int
) -> list[Advice]:
    values = _block_values(deals, role=role, laid=laid)
    n, cribs, takes = values.starters, values.cribs, values.takes
    advice = []
    for cards, heel, ranked in zip(deals, values.heels, values.ranked.tolist(), strict=True):
        choices = []
        for c, sums, least, most, cribbed, nets in ranked:
            keep, lay = takes[c]
            laid_away = lay(cards)  # one card alone, or a tuple of them
            choices.append(
                _new_choice(
                    (
                        keep(cards),
                        laid_away if laid > 1 else (laid_away,),
                        sums,
                        least,
                        most,
                        cribbed,
                        nets,
                        n,
                        cribs,
                    )
                )
            )
        advice.append(Advice(tuple(cards), role, players, heel, n, tuple(choices), seat))
    return advice


def _block_values(deals: Sequence[Sequence[Card]], *, role: Role, laid: int) -> _Values:
    """The numbers of ``advise_discard`` for a block of deals of one size."""
    dealt = len(deals[0])
    n = len(DECK) - dealt  # unseen cards
    drawn = CRIB_SIZE + 1 - laid  # the rest of the crib and the starter, all unseen
    others = drawn - 1
    cribs = comb(n, others) * (n - others)
    index = np.array([[card.index for card in cards] for cards in deals], dtype=np.int64)
    count = len(deals)
    seen = np.zeros((count, len(DECK)), dtype=bool)
    seen[np.arange(count)[:, None], index] = True
    unseen = ~seen
    unseen_count = unseen.astype(np.int64)
    ranks, suits = _RANK_OF[index], _SUIT_OF[index]
    by_rank = np.zeros((count, 14), dtype=np.int64)  # column 0 for padding: never drawn
    by_rank[:, 1:] = unseen_count.reshape(count, -1, _SUITS).sum(axis=2)
    by_suit = unseen_count.reshape(count, -1, _SUITS).sum(axis=1)
    heels = unseen_count @ _HEELS_OF
    powers = rules.RANK_KEY_BASE ** (ranks - 1)

    ways_keep = list(combinations(range(dealt), laid))
    discards = np.array(ways_keep)
    keeps = np.array([[i for i in range(dealt) if i not in d] for d in ways_keep])

    # Hands: each kept four with every starter (the whole deck, the seen cards masked out).
    known, by_kept = _hand_ranks(dealt - laid)
    kept_keys = powers[:, keeps].sum(axis=2)  # (deals, choices)
    by_starter_rank = by_kept[np.searchsorted(known, kept_keys)]  # (deals, choices, ranks)
    bonus = _suit_bonus(suits[:, keeps], ranks[:, keeps])  # flush and nobs, by suit
    # A show is its rank part plus its suit part, so the sum over the unseen starters is
    # each rank part times the unseen cards of that rank, and each suit part likewise.
    hand_sum = np.einsum("dcr,dr->dc", by_starter_rank, by_rank[:, 1:]) + np.einsum(
        "dcs,ds->dc", bonus, by_suit
    )
    # The least and most over the unseen starters, in small numbers (a show is at most 29).
    shows = (
        by_starter_rank.astype(np.int8)[:, :, _RANK_OF - 1] + bonus.astype(np.int8)[:, :, _SUIT_OF]
    )
    mask = unseen[:, None, :]
    hand_min = np.where(mask, shows, 99).min(axis=2).astype(np.int64)
    hand_max = np.where(mask, shows, -1).max(axis=2).astype(np.int64)

    # Cribs, rank part: by the ranks laid away, for each deal's ranks (``_crib_by_ranks``).
    laid_known, _ = _crib_ranks(laid)
    by_laid = _crib_by_ranks(powers.sum(axis=1), by_rank, drawn, laid)  # (deals, laid keys)
    laid_rows = np.searchsorted(laid_known, powers[:, discards].sum(axis=2))
    crib = np.take_along_axis(by_laid, laid_rows, axis=1) * drawn
    # Crib flush: the cards laid away of one suit, and every drawn card of it too.
    laid_suits = suits[:, discards]
    suited = (laid_suits == laid_suits[:, :, :1]).all(axis=2)
    in_suit = np.take_along_axis(by_suit, laid_suits[:, :, 0], axis=1)
    flush = rules.flush_points(hand_suited=True, starter_suited=True, crib=True)
    crib += np.where(suited, flush * _comb(in_suit, drawn) * drawn, 0)
    # Nobs, for a card laid away: any starter that makes it his nob, the other crib cards
    # from the rest; for an unseen card in the crib: such a starter, the rest from the others.
    laid_nobs = (_NOB_OF[index[:, discards]] * by_suit[:, None, None, :]).sum(axis=(2, 3))
    # (The starters of each suit left, over the unseen cards that are his nob with them.)
    nob_starters = (by_suit * (unseen_count @ _NOB_OF)).sum(axis=1) - unseen_count @ _NOB_OWN_SUIT
    their_nobs = nob_starters * comb(n - 2, others - 1)
    crib += rules.NOBS_POINTS * (laid_nobs * comb(n - 1, others) + their_nobs[:, None])

    # Net over the common denominator n * cribs, to rank the choices exactly.
    sign = 1 if role is Role.DEALER else -1
    net = hand_sum * cribs + sign * (crib * n + heels[:, None] * cribs)
    order = np.lexsort((-hand_sum, -net), axis=1)

    # Each deal's choices, best first, as rows of (choice, hand_sum, hand_min, hand_max, crib,
    # net): whole numbers, made fractions only when asked for.
    columns = np.stack(
        [
            np.broadcast_to(np.arange(len(ways_keep)), net.shape),
            hand_sum,
            hand_min,
            hand_max,
            crib,
            net,
        ],
        axis=2,
    )
    ranked = np.take_along_axis(columns, order[:, :, None], axis=1)
    kept_rows = np.take_along_axis(np.searchsorted(known, kept_keys), order, axis=1)
    takes = [
        (itemgetter(*keep), itemgetter(*laid_away))
        for keep, laid_away in zip(keeps.tolist(), ways_keep, strict=True)
    ]
    heels_list = heels.tolist()
    return _Values(ranked, kept_rows, heels_list, n, cribs, takes, laid, index, keeps, discards)


# Choice(...) without the Python-level __new__ of a named tuple: a deal makes several.
_new_choice = functools.partial(tuple.__new__, Choice)


class _Known:
    """Rows worked out once a process, by a whole-number key: ``rows[places[key]]``."""

    def __init__(self) -> None:
        self.places: dict[int, int] = {}
        self.rows: Any = None


_CRIBS_BY_RANKS: dict[int, _Known] = {}
"""The crib's rank part by the ranks laid away, for each rank set dealt seen so far (at most
18,564 rank sets of six cards, 6,175 of five), by the number of cards laid away."""


def _crib_by_ranks(dealt_keys: Any, by_rank: Any, drawn: int, laid: int) -> Any:
    """The rank points of the cribs of each deal summed over every drawn multiset of ranks, by
    the ranks laid away (a column each, as ``_crib_ranks`` orders them): (deals, laid keys).

    They depend on the deal's ranks alone (``dealt_keys``, their rank keys), not its suits:
    each rank set is worked out the first time it is dealt, from the ways its unseen cards
    (``by_rank``) give each multiset of drawn ranks, and looked up after that.
    """
    known = _CRIBS_BY_RANKS.setdefault(laid, _Known())
    keys = dealt_keys.tolist()
    places = known.places
    new = {key: i for i, key in enumerate(keys) if key not in places}
    if new:
        firsts = np.array(list(new.values()))
        _, slot_ranks, slot_times = _drawn(drawn)
        ways = np.ones((len(firsts), len(slot_ranks)), dtype=np.int64)
        for slot in range(drawn):
            ways *= _COMBS[by_rank[firsts][:, slot_ranks[:, slot]], slot_times[:, slot]]
        _, table = _crib_ranks(laid)
        rows = np.rint(ways.astype(np.float64) @ table).astype(np.int64)
        known.rows = rows if known.rows is None else np.concatenate([known.rows, rows])
        for key in new:
            places[key] = len(places)
    return known.rows[[places[key] for key in keys]]


def _comb(n: Any, k: int) -> Any:
    """``math.comb(n, k)`` for an array of whole numbers ``n`` (0 where ``n < k``)."""
    out = np.ones_like(n)
    for i in range(k):
        out = out * np.maximum(n - i, 0)
    return out // factorial(k)


def _suit_bonus(suits: Any, ranks: Any) -> Any:
    """``suit_points`` of kept fours with a starter of each suit: (deals, choices, suits).

    ``suits`` and ``ranks`` are those of the kept cards: (deals, choices, 4).
    """
    starter = np.arange(_SUITS)
    suited = rules.four_suited(*np.moveaxis(suits, -1, 0))[:, :, None]
    with_starter = suits[:, :, :1] == starter
    flush = _FLUSH.take(rules.flush_key(suited, with_starter, False))
    nobs = rules.is_nob(ranks[:, :, :, None], suits[:, :, :, None], starter)
    return flush + rules.NOBS_POINTS * nobs.sum(axis=2)
