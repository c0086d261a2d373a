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
from typing import Any, BinaryIO, NamedTuple

import numpy as np

from cribcount import rules
from cribcount.batch.engine import Failed
from cribcount.cards import DECK, ENGLISH, SUIT_ORDER, Card, Notation, card_indices, format_cards
from cribcount.discard import Advice, Choice, Role, check_deal, discard_seat, parse_deal
from cribcount.errors import CribcountError
from cribcount.from_lines import Done, Line, read_lines, render_failed
from cribcount.language import DEFAULT, Language, language
from cribcount.messages import N_
from cribcount.render import csv_line
from cribcount.render.discard import PlayedRow, Row, choice_rows, discard_json, discard_text
from cribcount.seats import CRIB_SIZE, DEAL_SIZES, HAND_SIZE

__all__ = [
    "BLOCK",
    "DEAL_CSV_COLUMNS",
    "PLAYED_CSV_COLUMNS",
    "Advised",
    "DealRecord",
    "Rendered",
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


def advise_lines(
    stream: BinaryIO,
    *,
    role: Role,
    players: int = 2,
    seat: int | None = None,
    partners: bool = False,
    notation: Notation = ENGLISH,
) -> Iterator[DealRecord]:
    """One record for each line of ``stream`` that holds something: its advice, or what is wrong.

    Every line is a deal for the same table, role and seat (checked once, by
    ``discard_seat``), written in ``notation``; the deals are advised together
    by ``advise_many``.
    """
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    laid = DEAL_SIZES[players][seat - 1][1]
    for lines in _blocks(stream, laid):
        read = _read_deals(lines, players=players, seat=seat, notation=notation)
        deals = [entry[1] for entry in read if isinstance(entry, tuple)]
        advice = iter(_advise_block(deals, role=role, players=players, seat=seat, laid=laid))
        for entry in read:
            # Done itself: calling through the alias Advised costs a generic alias's dispatch.
            yield Done(entry[0], next(advice)) if isinstance(entry, tuple) else entry


def _blocks(stream: BinaryIO, laid: int) -> Iterator[list[Line]]:
    """The lines of ``stream`` a block at a time, so that only one block's advice is held."""
    block = _block_size(laid)
    for chunk in read_lines(stream):
        for start in range(0, len(chunk), block):
            yield chunk[start : start + block]


def _read_deals(
    lines: Sequence[Line], *, players: int, seat: int, notation: Notation
) -> list[Failed | tuple[int, tuple[Card, ...]]]:
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
    play); ``written``, if known, the cards of each row as the language writes them."""

    role: Role
    players: int
    seat: int
    cards: tuple[Card, ...]
    heels: float
    rows: Sequence[Any]
    written: tuple[list[str], list[str]] | None = None


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
    table = played_text(lang, deal.role, deal.cards, rows, deal.written)
    return f"{_line_label(lang, line)}\n{table}\n"


Rendered = Done[str]
"""A line advised and written: its line number and, as its ``result``, its record's text."""


def render_lines(
    stream: BinaryIO,
    fmt: str,
    *,
    lang: Language,
    play: bool,
    role: Role,
    players: int = 2,
    seat: int | None = None,
    partners: bool = False,
    notation: Notation = ENGLISH,
) -> Iterator[Rendered | Failed]:
    """``advise_lines`` with each deal's record written as ``render_deal_record`` writes it (or
    ``render_played_record``, with ``play``), straight from a block's numbers: the same text,
    without a Fraction or a Choice made (a test checks). A failed line stays Failed, for
    ``render_record`` to write."""
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    laid = DEAL_SIZES[players][seat - 1][1]
    if play and players != 2:
        raise ValueError("the pegging table is for two players")
    for lines in _blocks(stream, laid):
        read = _read_deals(lines, players=players, seat=seat, notation=notation)
        deals = [entry[1] for entry in read if isinstance(entry, tuple)]
        if not deals:
            yield from (entry for entry in read if isinstance(entry, Failed))
            continue
        values = _block_values(deals, role=role, laid=laid)
        blocks = _render_block(
            values, deals, fmt, lang, role=role, players=players, seat=seat, play=play
        )
        texts = iter(blocks)
        for entry in read:
            if isinstance(entry, tuple):
                yield Done(entry[0], next(texts)(entry[0]))
            else:
                yield entry


def render_record(record: Rendered | Failed, fmt: str, *, lang: Language, play: bool) -> str:
    """The text of a record of ``render_lines``: as it came, or the failed line written."""
    if isinstance(record, Failed):
        return _render_failed(record, fmt, lang, play=play)
    return record.result


def _floats(values: _Values) -> tuple[list[Any], list[Any], list[Any], list[float]]:
    """Hand, crib and net of each choice as floats, and each deal's heels: a whole number over
    its denominator, divided once as ``Choice.hand_float`` divides it."""
    ranked, n, cribs = values.ranked, values.starters, values.cribs
    return (
        (ranked[:, :, 1] / n).tolist(),
        (ranked[:, :, 4] / cribs).tolist(),
        (ranked[:, :, 5] / (n * cribs)).tolist(),
        (np.array(values.heels) / n).tolist(),
    )


def _render_block(
    values: _Values,
    deals: Sequence[tuple[Card, ...]],
    fmt: str,
    lang: Language,
    *,
    role: Role,
    players: int,
    seat: int,
    play: bool,
) -> Iterator[Callable[[int], str]]:
    """Each deal's record as a function of its line number. With the play, the choices are
    ranked by total as ``with_play`` ranks them: a stable sort of the ranking by hand and crib,
    by net (the float of ``Choice.net``) plus the table's net pegging."""
    hands, cribs, nets, heels = _floats(values)
    ranked = values.ranked.tolist()
    if play:
        net_by_row, error_by_row = _pegs(role)
        peg = net_by_row[values.kept_rows]
        # float(net) + peg, as PlayChoice.total adds them: the same two floats, added once.
        total = np.array(nets) + peg
        orders = np.argsort(-total, axis=1, kind="stable").tolist()
        pegs, errors = peg.tolist(), error_by_row[values.kept_rows].tolist()
        totals = total.tolist()
    else:
        orders = [list(range(values.ranked.shape[1]))] * len(deals)
    takes, one = values.takes, values.laid == 1
    text = _played_text if play else _deal_text
    for d, cards in enumerate(deals):
        ranking = orders[d][:1] if fmt == "csv" else orders[d]  # csv writes the best alone
        choices, hand, crib, net = ranked[d], hands[d], cribs[d], nets[d]
        rows: list[Row | PlayedRow] = []
        for i in ranking:
            c, _, least, most, _, _ = choices[i]
            keep, lay = takes[c]
            away = (lay(cards),) if one else lay(cards)
            row: Row = (keep(cards), away, hand[i], least, most, crib[i], net[i])
            rows.append((*row, pegs[d][i], errors[d][i], totals[d][i]) if play else row)
        written = _written(cards, [choices[i][0] for i in ranking], takes, lang, one, fmt)
        deal = _Deal(role, players, seat, cards, heels[d], rows, written)
        yield functools.partial(text, fmt=fmt, lang=lang, deal=deal)


def _written(
    cards: tuple[Card, ...],
    ranked: list[int],
    takes: list[tuple[itemgetter[Any], itemgetter[Any]]],
    lang: Language,
    one: bool,
    fmt: str,
) -> tuple[list[str], list[str]] | None:
    """For text, the cards kept and laid away of each choice in ``ranked`` as ``lang`` writes
    them: each of the deal's cards written once, then taken by place."""
    if fmt != "text":
        return None
    written = lang.notation.written
    texts = [written[card.index] for card in cards]
    keeps, discards = [], []
    for c in ranked:
        keep, lay = takes[c]
        keeps.append(" ".join(keep(texts)))
        discards.append(lay(texts) if one else " ".join(lay(texts)))
    return keeps, discards


@functools.cache
def _pegs(role: Role) -> tuple[Any, Any]:
    """The net pegging of each kept rank set and its standard error, by the rows of
    ``_hand_ranks(4)``: the table's figures, as ``discard_play.with_play`` takes them."""
    from cribcount.pegging_table import kept_rank_sets, pegging

    known, _ = _hand_ranks(HAND_SIZE)
    net = np.zeros(len(known))
    error = np.zeros(len(known))
    for keep in kept_rank_sets():
        entry = pegging(keep=keep, role=role.value)
        row = np.searchsorted(known, rules.rank_key(keep))
        net[row], error[row] = entry.net, entry.net_se
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
    return _Values(ranked, kept_rows, heels.tolist(), n, cribs, takes, laid)


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
