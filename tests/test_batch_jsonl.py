"""Tests for cribcount.batch.jsonl: JSON lines of the vectorised rows, piece by piece.

Every row must come out as the one-record rendering of ``batch.records`` gives
the same hand counted by ``count_show``: checked on random hands, claims, crib
flags, line numbers of any length and file names, with slices small and large.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount import rules
from cribcount.batch import jsonl
from cribcount.batch.engine import Scored
from cribcount.batch.placed import KnownTexts
from cribcount.batch.records import render_record
from cribcount.batch.vector import NO_CLAIM, Rows, score_rows
from cribcount.cards import DECK, Hand, parse_hand
from cribcount.show import count_show, rank_positions

_DEAL = st.permutations(range(len(DECK))).map(lambda order: order[:5])
Deal = tuple[list[int], bool, int | None]
"""Five cards by ``Card.index``, the crib flag, the claim."""
_ROW = st.tuples(_DEAL, st.booleans(), st.none() | st.integers(min_value=0, max_value=999))


def _rows(deals: list[Deal], lines: list[int]) -> Rows:
    cards = [[DECK[i].index for i in deal] for deal, _, _ in deals]
    return score_rows(
        line=np.array(lines, dtype=np.int64),
        cards=np.array(cards, dtype=np.uint8).reshape(-1, 5).T.copy(),
        crib=np.array([crib for _, crib, _ in deals], dtype=np.bool_),
        claim=np.array([NO_CLAIM if c is None else c for _, _, c in deals], dtype=np.int16),
    )


def _expected(deals: list[Deal], lines: list[int], file: str | None) -> list[bytes]:
    """Each row as the careful path writes it: counted by ``count_show``, one record at a time."""
    out = []
    for (deal, crib, claim), line in zip(deals, lines, strict=True):
        five = [DECK[i] for i in deal]
        hand = Hand((five[0], five[1], five[2], five[3]), five[4])
        record = Scored(line, count_show(hand, crib=crib), claim)
        out.append(render_record(record, "jsonl", file).encode())
    return out


@given(
    st.lists(_ROW, min_size=1, max_size=30),
    st.lists(st.integers(min_value=1, max_value=10**12), min_size=30, max_size=30, unique=True),
    st.none() | st.text(max_size=8),
)
def test_rows_are_written_as_one_record_each(
    deals: list[Deal],
    numbers: list[int],
    file: str | None,
) -> None:
    # Line numbers rise within a chunk; here they may gain several digits from row to row.
    lines = sorted(numbers)[: len(deals)]
    data, ends = jsonl.jsonl_rows(_rows(deals, lines), file)
    expected = _expected(deals, lines, file)
    assert bytes(data) == b"".join(expected)
    assert ends.tolist() == np.cumsum([len(line) for line in expected]).tolist()


def test_a_hand_of_every_kind_of_item_is_written_as_counted_by_hand() -> None:
    # 5h 5d 5c Js / 5s: fifteens of 5+J (four) and of three fives (four), a double pair
    # royal, his nob; a jack turned is not one: no heels. Worked from RULES.md.
    hands = ["5h 5d 5c Js / 5s", "4h 5h 6h 7h / 8h", "3c 3d 4h 5s / Jc"]
    deals: list[Deal] = []
    for text in hands:
        hand = parse_hand(text)
        deals.append(([card.index for card in (*hand.cards, hand.starter)], text[-1] == "h", 28))
    data, _ = jsonl.jsonl_rows(_rows(deals, [7, 80, 900]), None)
    objects = [json.loads(line) for line in bytes(data).decode().splitlines()]
    first = objects[0]
    assert first["line"] == 7
    assert first["total"] == 29
    assert first["claim"] == 28 and first["difference"] == -1
    kinds = [item["kind"] for item in first["items"]]
    assert kinds == ["fifteen"] * 8 + ["pair", "nobs"]
    assert first["items"][-1]["cards"] == ["Js"]
    assert first["items"][-2] == {"kind": "pair", "cards": ["5h", "5d", "5c", "5s"], "points": 12}
    # A run of five in one suit, counted as a crib (the line's last letter): a flush of five.
    second = objects[1]
    assert second["crib"] is True
    assert [(i["kind"], i["points"]) for i in second["items"]][-2:] == [("run", 5), ("flush", 5)]
    assert second["total"] == 2 * 2 + 5 + 5  # fifteens: 7+8 and 4+5+6
    # Two runs of three with the pair of threes, and 3+3+4+5 and the jack turned: heels 2.
    third = objects[2]
    assert third["heels"] == 2
    assert [i["kind"] for i in third["items"]] == ["fifteen", "fifteen", "pair", "run", "run"]


def test_parts_are_counted_once_and_kept_apart_by_kind() -> None:
    parts = jsonl.Parts()
    hand = parse_hand("5h 5d 5c Js / 5s")
    deal = [card.index for card in (*hand.cards, hand.starter)]
    rows = _rows([(deal, False, None)] * 3, [1, 2, 3])
    fifteens, pairs_and_runs, suits = parts.row_parts(rows)
    # The same three parts for the three rows. The pairs and runs of every multiset of
    # ranks are known at once; besides them, one part of fifteens and one of suits.
    assert len({*fifteens.tolist()}) == len({*pairs_and_runs.tolist()}) == 1
    assert len({*suits.tolist()}) == 1
    ranked = {tuple(rank_positions(ranks)) for ranks in rules.rank_multisets()}
    assert len(parts) == len(ranked) + 2
    first, counts = parts.tables()[:2]
    # Eight fifteens, one item of pairs (a double pair royal), his nob.
    assert [int(counts[p[0]]) for p in (fifteens, pairs_and_runs, suits)] == [8, 1, 1]


def test_values_share_a_set_of_fifteens_when_the_rules_find_the_same() -> None:
    # The counting values by position as a number, a digit each (value - 1), the first
    # position last; sampled. Each number's set holds the fifteens the rules find in its
    # values, as do the values of the set's first number; as many sets as fifteens found.
    by_values, first = jsonl._fifteen_sets()

    def values(code: int) -> tuple[int, ...]:
        return tuple(code // 10**i % 10 + 1 for i in range(5))

    codes = random.Random(4127).sample(range(10**5), 3000)
    for code in codes:
        assert rules.fifteen_sets(values(int(first[by_values[code]]))) == rules.fifteen_sets(
            values(code)
        )
    found = {rules.fifteen_sets(values(code)) for code in codes}
    assert len({int(by_values[code]) for code in codes}) == len(found)


def test_pairs_and_runs_of_every_multiset_are_counted_on_the_cards_sorted_by_rank() -> None:
    # Each multiset of ranks dealt in reverse order, the equal ranks in different suits:
    # the part's items are those of the sorted ranks, their cards in rank order.
    multisets = list(rules.rank_multisets())
    deals: list[Deal] = []
    for ranks in multisets:
        cards = [(rank - 1) * 4 + ranks[:i].count(rank) for i, rank in enumerate(ranks)]
        deals.append((cards[::-1], False, None))
    rows = _rows(deals, list(range(1, len(deals) + 1)))
    parts = jsonl.Parts()
    pairs_and_runs = parts.row_parts(rows)[1].tolist()
    first, counts, _, first_card, card_counts, types, _, _, position = parts.tables()
    order = np.array(jsonl.rank_order(rows)).T.tolist()
    for row, (ranks, part) in enumerate(zip(multisets, pairs_and_runs, strict=True)):
        dealt = [DECK[card] for card in deals[row][0]]
        # By rank, ties in position order; each card as (rank * 8 + position) * 4 + suit.
        ranked = sorted(range(5), key=lambda p: (dealt[p].rank, p))
        assert order[row] == [(dealt[p].rank * 8 + p) * 4 + dealt[p].index % 4 for p in ranked]
        items = [parts.types[t] for t in types[first[part] : first[part] + counts[part]]]
        at = position[first_card[part] : first_card[part] + card_counts[part]].tolist()
        expected = rank_positions(ranks)
        assert items == [(kind, len(cards), points) for kind, cards, points in expected]
        assert at == [jsonl.RANKED + i for _, cards, _ in expected for i in cards]


@given(
    st.lists(_ROW, min_size=1, max_size=12),
    st.lists(_ROW, min_size=1, max_size=12),
    st.integers(min_value=1, max_value=10**6),
    st.sampled_from([None, "f", "a much longer name"]),
)
def test_rows_written_after_others_keep_them(
    first: list[Deal], second: list[Deal], line: int, file: str | None
) -> None:
    # Two slices, the second written after the first's bytes: items padded to the widest
    # spill past their rows, and heads are kept from slice to slice, crib flags apart.
    lines = list(range(line, line + len(first) + len(second)))
    data, ends = jsonl.jsonl_rows(_rows(first, lines[: len(first)]), file)
    kept = int(ends[-1])
    data, more = jsonl.jsonl_rows(_rows(second, lines[len(first) :]), file, kept)
    expected = _expected(first + second, lines, file)
    assert bytes(data) == b"".join(expected)
    assert more.tolist() == np.cumsum([len(text) for text in expected])[len(first) :].tolist()


@pytest.mark.parametrize("claims", [[None, None], [5, 999], [None, 12]])
def test_tails_grow_as_longer_claims_come(claims: list[int | None]) -> None:
    hand = parse_hand("Ah 2c 3d Kh / Qs")
    deal = [card.index for card in (*hand.cards, hand.starter)]
    deals = [(deal, False, claim) for claim in claims]
    data, _ = jsonl.jsonl_rows(_rows(deals, [1, 2]), "f")
    assert bytes(data) == b"".join(_expected(deals, [1, 2], "f"))


def test_tails_padded_to_the_longest_spill_only_into_heads_written_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No claims: tails of one or two digits of total. Then claims of three digits, whose
    # tails are much longer: the padding of the others runs into the next line's head,
    # written after them. With crib flags, heads of two lengths, the shorter running on
    # into its items or, with none (the first hand scores nothing), its tail. Then no
    # claims again, padded to the longest tails met.
    monkeypatch.setattr(jsonl, "_TAILS", KnownTexts(jsonl._tail))
    hands = ["Kc 3c Td As / 6d", "5h 5d 5c Js / 5s", "2c 4d 6h 8s / Tc", "Jh 5c 5d 5s / 5h"]
    deals: list[Deal] = []
    for text in hands:
        hand = parse_hand(text)
        deals.append(([card.index for card in (*hand.cards, hand.starter)], False, None))
    claimed = [(deal, i % 2 == 0, 100 * i + 7) for i, (deal, _, _) in enumerate(deals)]
    lines = [8, 9, 10, 11]
    for rows, file in [(deals, None), (claimed + deals, None), (claimed + deals, "f" * 40)]:
        numbers = list(range(1, len(rows) + 1))
        data, _ = jsonl.jsonl_rows(_rows(rows, numbers), file)
        assert bytes(data) == b"".join(_expected(rows, numbers, file))
    data, _ = jsonl.jsonl_rows(_rows(deals, lines), None)
    assert bytes(data) == b"".join(_expected(deals, lines, None))


@pytest.mark.parametrize("jacks", [(0, 4), pytest.param(range(5), marks=pytest.mark.slow)])
def test_every_way_of_suiting_a_hand_is_written_as_counted(jacks: tuple[int, ...]) -> None:
    # Flushes and nobs hang on the suits: every suit of every card, a jack in the hand and
    # in the starter (in each place under -m slow), in the hand and in the crib.
    suits = "cdhs"
    deals: list[Deal] = []
    for jack in jacks:
        ranks = ["3", "5", "7", "9", "K"]
        ranks[jack] = "J"
        for pattern in range(4**5):
            cards = [ranks[i] + suits[pattern // 4**i % 4] for i in range(5)]
            hand = parse_hand(" ".join(cards[:4]) + " / " + cards[4])
            deal = [card.index for card in (*hand.cards, hand.starter)]
            deals += [(deal, False, None), (deal, True, None)]
    lines = list(range(1, len(deals) + 1))
    data, _ = jsonl.jsonl_rows(_rows(deals, lines), None)
    assert bytes(data) == b"".join(_expected(deals, lines, None))


def test_a_slice_of_many_rows_is_written_as_one_record_each() -> None:
    # Two thousand rows at once, some 480,000 bytes: more than 16-bit types hold positions for.
    rng = random.Random(1013)
    deals: list[Deal] = [
        (rng.sample(range(len(DECK)), 5), rng.random() < 0.3, None) for _ in range(2_000)
    ]
    lines = list(range(1, len(deals) + 1))
    data, _ = jsonl.jsonl_rows(_rows(deals, lines), None)
    assert bytes(data) == b"".join(_expected(deals, lines, None))


def test_no_rows_make_no_bytes() -> None:
    data, ends = jsonl.jsonl_rows(_rows([], []), "f")
    assert bytes(data) == b""
    assert ends.tolist() == []
