"""Named combinations: runs with the pairs inside them called as one, totals unchanged."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import hand
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, Hand
from cribcount.named_combinations import Combination, call_items
from cribcount.show import Kind, count_show

# (hand, the combination, its cards in the order called, its points, the hand's total),
# worked out by hand from the rules.
COMBINATIONS = [
    # 6-7-7-8: two runs of three (6) and the pair of sevens (2) = 8; the king adds nothing,
    # 7+8 twice is 4 more: 12.
    ("6h 7h 7d 8c / Ks", Combination.DOUBLE_RUN_OF_THREE, "6h 7h 7d 8c", 8, 12),
    # 6-7-7-8-9: two runs of four (8) and the pair (2) = 10; 6+9, 7h+8, 7d+8: 6 more, 16.
    ("6h 7h 7d 8c / 9s", Combination.DOUBLE_RUN_OF_FOUR, "6h 7h 7d 8c 9s", 10, 16),
    # J-Q-Q-Q-K: three runs of three (9) and a pair royal (6) = 15; no fifteen among tens;
    # the jack of the starter's suit: 16.
    ("Jh Qd Qc Qs / Kh", Combination.TRIPLE_RUN, "Jh Qd Qc Qs Kh", 15, 16),
    # 7-7-8-8-9: four runs of three (12) and two pairs (4) = 16; four times 7+8: 24.
    ("7h 7s 8d 8c / 9h", Combination.DOUBLE_DOUBLE_RUN, "7h 7s 8d 8c 9h", 16, 24),
    # 3-3-4-4-5: the same shape lower down; 3+3+4+5 twice: 20.
    ("3c 3d 4h 4s / 5c", Combination.DOUBLE_DOUBLE_RUN, "3c 3d 4h 4s 5c", 16, 20),
    # The French worked example 8 7 7 6 A: a double run of three; 8+7 twice, 7+7+A, 6+8+A: 16.
    ("8c 7d 7s 6h / Ac", Combination.DOUBLE_RUN_OF_THREE, "6h 7d 7s 8c", 8, 16),
]


@pytest.mark.parametrize(("text", "combination", "cards", "points", "total"), COMBINATIONS)
def test_a_run_and_its_pairs_are_one_call(
    text: str, combination: Combination, cards: str, points: int, total: int
) -> None:
    count = count_show(hand(text))
    calls = call_items(count.items)
    named = [call for call in calls if call.combination is not None]
    assert len(named) == 1
    assert named[0].combination is combination
    assert " ".join(str(card) for card in named[0].cards) == cards
    assert named[0].points == points
    assert sum(call.points for call in calls) == count.total == total
    # Nothing else in the count is a run or a pair.
    assert [
        c.kind for c in calls if c.combination is None and c.kind in (Kind.RUN, Kind.PAIR)
    ] == []


def test_a_pair_outside_the_run_stays_its_own_call() -> None:
    # K-K and 6-7-8: the pair is not inside the run, so both are called apart.
    calls = call_items(count_show(hand("Kc Kd 6h 7s / 8c")).items)
    assert [(call.kind, call.combination, call.points) for call in calls] == [
        (Kind.FIFTEEN, None, 2),
        (Kind.PAIR, None, 2),
        (Kind.RUN, None, 3),
    ]


def test_runs_without_pairs_and_pairs_without_runs_are_unchanged() -> None:
    for text in ("Ah 2h 3h 4h / 5h", "5h 5d 5c Js / 5s", "Kc Kd Th Ts / 2c"):
        items = count_show(hand(text)).items
        assert [call.items for call in call_items(items)] == [(item,) for item in items]


def test_the_combination_comes_where_the_runs_were() -> None:
    calls = call_items(count_show(hand("Jh Qd Qc Qs / Kh")).items)
    assert [(call.combination, call.kind) for call in calls] == [
        (Combination.TRIPLE_RUN, Kind.RUN),
        (None, Kind.NOBS),
    ]


deals = st.permutations(DECK).map(lambda d: Hand((d[0], d[1], d[2], d[3]), d[4]))


@given(deals, st.booleans())
def test_calling_never_changes_the_total_or_drops_an_item(deal: Hand, crib: bool) -> None:
    count = count_show(deal, crib=crib)
    calls = call_items(count.items)
    assert sum(call.points for call in calls) == count.total
    called = [item for call in calls for item in call.items]
    assert Counter(called) == Counter(count.items)
    for call in calls:
        if call.combination is not None:
            run_ranks = {c.rank for i in call.items if i.kind is Kind.RUN for c in i.cards}
            assert {c.rank for c in call.cards} == run_ranks
