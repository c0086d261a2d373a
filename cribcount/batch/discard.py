"""The discard advice of many deals at once, with numpy: exactly ``advise_discard``, faster.

The rank part of every show is looked up in ``rules.rank_totals`` by rank key
(the key of cards together is the sum of their keys). A crib's rank part is
a table, built once a process, of the points of the ranks laid away with
every multiset of ranks drawn from the unseen cards; each deal weights it by
how many ways its unseen cards give each multiset. Flush, nobs and heels are
counted by suit as ``discard`` counts them. The values are whole numbers
until the end, so the advice is exactly that of ``advise_discard``:

>>> from cribcount.discard import Role, advise_discard, parse_deal
>>> (advice,) = advise_many([parse_deal("5h 5d 6c 7s Jh Kd")], role=Role.DEALER)
>>> advice == advise_discard(parse_deal("5h 5d 6c 7s Jh Kd"), role=Role.DEALER)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, factorial
from operator import itemgetter
from typing import Any

import numpy as np

from cribcount import rules
from cribcount.cards import Card, Rank, Suit
from cribcount.discard import Advice, Choice, Role, check_deal, discard_seat
from cribcount.seats import CRIB_SIZE, DEAL_SIZES

__all__ = ["BLOCK", "advise_many"]

BLOCK = 2048
"""Deals computed together: large enough for numpy to pay, small enough for memory."""

_SUITS = tuple(Suit)
_RANK_OF = np.array([card_rank for card_rank in range(1, 14) for _ in _SUITS])  # by Card.index
_SUIT_OF = np.array([s for _ in range(13) for s in range(len(_SUITS))])


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


@functools.cache
def _crib_ranks(laid: int) -> tuple[dict[int, int], Any]:
    """The rank points of every crib: by the ranks laid away (row) and the ranks drawn (column).

    Returns the row of each rank key laid away, and the table as floats (whole
    numbers, small enough to stay exact through a matrix product).
    """
    drawn_keys, _, _ = _drawn(CRIB_SIZE + 1 - laid)
    laid_keys = [rules.rank_key(r) for r in combinations_with_replacement(range(1, 14), laid)]
    table = _lookup(np.array(laid_keys, dtype=np.int64)[:, None] + drawn_keys[None, :])
    return {key: row for row, key in enumerate(laid_keys)}, table.astype(np.float64).T


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
    for start in range(0, len(deals), BLOCK):
        block = deals[start : start + BLOCK]
        advice += _advise_block(block, role=role, players=players, seat=seat, laid=laid)
    return advice


def _advise_block(
    deals: Sequence[Sequence[Card]], *, role: Role, players: int, seat: int, laid: int
) -> list[Advice]:
    dealt = len(deals[0])
    n = 52 - dealt  # unseen cards
    drawn = CRIB_SIZE + 1 - laid  # the rest of the crib and the starter, all unseen
    others = drawn - 1
    cribs = comb(n, others) * (n - others)
    index = np.array([[card.index for card in cards] for cards in deals], dtype=np.int64)
    count = len(deals)
    seen = np.zeros((count, 52), dtype=bool)
    seen[np.arange(count)[:, None], index] = True
    unseen = ~seen
    ranks, suits = _RANK_OF[index], _SUIT_OF[index]
    by_rank = np.zeros((count, 14), dtype=np.int64)  # column 0 for padding: never drawn
    by_rank[:, 1:] = unseen.reshape(count, 13, 4).sum(axis=2)
    by_suit = unseen.reshape(count, 13, 4).sum(axis=1)
    unseen_jacks = unseen[:, (Rank.JACK - 1) * 4 : Rank.JACK * 4]
    heels = rules.heels_points(Rank.JACK) * unseen_jacks.sum(axis=1)
    powers = rules.RANK_KEY_BASE ** (ranks - 1)

    ways_keep = list(combinations(range(dealt), laid))
    discards = np.array(ways_keep)
    keeps = np.array([[i for i in range(dealt) if i not in d] for d in ways_keep])

    # Hands: each kept four with every starter (all 52, the seen ones masked out).
    kept_keys = powers[:, keeps].sum(axis=2)  # (deals, choices)
    by_starter_rank = _lookup(kept_keys[:, :, None] + rules.RANK_KEY_BASE ** np.arange(13))
    bonus = _suit_bonus(suits[:, keeps], ranks[:, keeps])  # flush and nobs, by suit
    shows = by_starter_rank[:, :, _RANK_OF - 1] + bonus[:, :, _SUIT_OF]
    mask = unseen[:, None, :]
    hand_sum = np.where(mask, shows, 0).sum(axis=2)
    hand_min = np.where(mask, shows, 99).min(axis=2)
    hand_max = np.where(mask, shows, -1).max(axis=2)

    # Cribs, rank part: the ways each deal's unseen cards give each multiset of drawn ranks.
    _, slot_ranks, slot_times = _drawn(drawn)
    ways = np.ones((count, len(slot_ranks)), dtype=np.int64)
    for slot in range(drawn):
        ways *= _COMBS[by_rank[:, slot_ranks[:, slot]], slot_times[:, slot]]
    rows, table = _crib_ranks(laid)
    by_laid = np.rint(ways.astype(np.float64) @ table).astype(np.int64)  # (deals, laid keys)
    laid_keys = powers[:, discards].sum(axis=2)
    laid_rows = np.vectorize(rows.__getitem__, otypes=[np.int64])(laid_keys)
    crib = np.take_along_axis(by_laid, laid_rows, axis=1) * drawn
    # Crib flush: the cards laid away of one suit, and every drawn card of it too.
    laid_suits = suits[:, discards]
    suited = (laid_suits == laid_suits[:, :, :1]).all(axis=2)
    in_suit = np.take_along_axis(by_suit, laid_suits[:, :, 0], axis=1)
    flush = rules.flush_points(hand_suited=True, starter_suited=True, crib=True)
    crib += np.where(suited, flush * _comb(in_suit, drawn) * drawn, 0)
    # Nobs: a jack laid away and a starter of its suit; an unseen jack in the crib likewise.
    laid_jacks = ranks[:, discards] == Rank.JACK
    jack_suits = np.take_along_axis(by_suit, laid_suits.reshape(count, -1), axis=1)
    jack_suits = jack_suits.reshape(laid_suits.shape)
    nobs = np.where(laid_jacks, jack_suits, 0).sum(axis=2) * comb(n - 1, others)
    their_jacks = np.where(unseen_jacks, by_suit - 1, 0).sum(axis=1) * comb(n - 2, others - 1)
    crib += rules.NOBS_POINTS * (nobs + their_jacks[:, None])

    # Net over the common denominator n * cribs, to rank the choices exactly.
    sign = 1 if role is Role.DEALER else -1
    net = hand_sum * cribs + sign * (crib * n + heels[:, None] * cribs)
    order = np.lexsort((-hand_sum, -net), axis=1)

    advice = []
    columns = (hand_sum, hand_min, hand_max, crib, net)
    take = [
        (itemgetter(*keep), tuple(laid_away))
        for keep, laid_away in zip(keeps.tolist(), ways_keep, strict=True)
    ]
    for d, cards in enumerate(deals):
        sums, least, most, cribbed, nets = (column[d].tolist() for column in columns)
        choices = []
        for c in order[d].tolist():
            keep, laid_away = take[c]
            choices.append(
                Choice(
                    keep(cards),
                    tuple([cards[i] for i in laid_away]),
                    Fraction(sums[c], n),
                    least[c],
                    most[c],
                    Fraction(cribbed[c], cribs),
                    Fraction(nets[c], n * cribs),
                )
            )
        heel = Fraction(int(heels[d]), n)
        advice.append(Advice(tuple(cards), role, players, heel, tuple(choices), seat))
    return advice


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
    starter = np.arange(len(_SUITS))
    suited = (suits == suits[:, :, :1]).all(axis=2)[:, :, None]
    with_starter = suits[:, :, :1] == starter
    flush = np.where(
        suited,
        np.where(
            with_starter,
            rules.flush_points(hand_suited=True, starter_suited=True, crib=False),
            rules.flush_points(hand_suited=True, starter_suited=False, crib=False),
        ),
        0,
    )
    jacks = (ranks == rules.JACK)[:, :, :, None] & (suits[:, :, :, None] == starter)
    return flush + rules.NOBS_POINTS * jacks.sum(axis=2)
