"""The rules of counting, each checked against the values the rules of the game give."""

from __future__ import annotations

import pickle

import pytest

from cribcount import rules


def test_the_shipped_rank_table_is_what_the_rules_count() -> None:
    # The data file is generated: counting every multiset again must give the same bytes.
    assert rules.rank_data() == rules.compute_rank_data()
    assert len(rules.rank_table()) == 6175


@pytest.mark.parametrize(
    ("rank", "value"), [(1, 1), (5, 5), (10, 10), (11, 10), (12, 10), (13, 10)]
)
def test_counting_values(rank: int, value: int) -> None:
    assert rules.counting_value(rank) == value


@pytest.mark.parametrize(("cards", "points"), [(1, 0), (2, 2), (3, 6), (4, 12)])
def test_pair_points_pair_royal_and_double_pair_royal(cards: int, points: int) -> None:
    assert rules.pair_points(cards) == points


@pytest.mark.parametrize(
    ("hand_suited", "starter_suited", "crib", "points"),
    [
        (False, False, False, 0),
        (True, False, False, 4),  # four in the hand
        (True, True, False, 5),  # and the starter
        (True, False, True, 0),  # four in the crib score nothing
        (True, True, True, 5),  # five in the crib
    ],
)
def test_flush(hand_suited: bool, starter_suited: bool, crib: bool, points: int) -> None:
    got = rules.flush_points(hand_suited=hand_suited, starter_suited=starter_suited, crib=crib)
    assert got == points


def test_nobs_and_heels() -> None:
    assert rules.is_nob(11, "h", "h") and not rules.is_nob(11, "h", "s")
    assert not rules.is_nob(12, "h", "h")
    assert rules.heels_points(11) == 2 and rules.heels_points(5) == 0


def test_fifteens_pairs_and_runs_by_position() -> None:
    # 7 7 8 8 9: four fifteens (7+8 four ways), two pairs, four runs of three.
    ranks = [7, 7, 8, 8, 9]
    assert rules.fifteen_sets(tuple(ranks)) == ((0, 2), (0, 3), (1, 2), (1, 3))
    assert rules.pair_sets(ranks) == [(0, 1), (2, 3)]
    assert rules.run_sets(ranks) == [(0, 2, 4), (0, 3, 4), (1, 2, 4), (1, 3, 4)]
    # A run of four is never also counted as runs of three; Q K A is no run.
    assert rules.run_sets([3, 4, 5, 6, 13]) == [(0, 1, 2, 3)]
    assert rules.run_sets([12, 13, 1, 9, 5]) == []


def test_rank_totals_are_the_rank_table_totals_by_rank_key() -> None:
    table = rules.rank_table()
    totals = rules.rank_totals()
    assert len(totals) == len(table) == 6175
    for ranks, points in table.items():
        assert totals[rules.rank_key(ranks)] == points.total


def test_rank_keys_tell_multisets_apart_and_add() -> None:
    keys = {rules.rank_key(ranks) for ranks in rules.rank_multisets()}
    assert len(keys) == 6175
    # The order of the ranks does not matter, and keys of parts add up to the key of the whole.
    assert rules.rank_key([13, 1, 5]) == rules.rank_key([1, 5, 13]) == 1 + 5**4 + 5**12
    assert rules.rank_key([5, 5]) + rules.rank_key([5, 11, 5]) == rules.rank_key([5] * 4 + [11])


def test_play_items_are_values_equal_by_kind_and_points() -> None:
    pair = rules.PegItem(rules.PegKind.PAIR, 2)
    assert pair == rules.PegItem(rules.PegKind.PAIR, 2)
    assert len({pair, rules.PegItem(rules.PegKind.PAIR, 2)}) == 1
    assert pair != rules.PegItem(rules.PegKind.PAIR, 6)
    assert pair != rules.PegItem(rules.PegKind.RUN, 2)
    assert repr(rules.PegItem(rules.PegKind.GO, 1)) == "PegItem(kind=<PegKind.GO: 'go'>, points=1)"
    assert pickle.loads(pickle.dumps(pair)) == pair
    with pytest.raises(AttributeError):
        pair.points = 6  # type: ignore[misc]
