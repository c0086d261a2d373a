"""The rules of counting, each checked against the values the rules of the game give."""

from __future__ import annotations

import ast
import itertools
import pickle
import random
import re
from pathlib import Path

import numpy as np
import pytest
from conftest import plain_points

from cribcount import rules
from cribcount.cards import DECK, Card


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


# --- the derived forms: every case against the rule, scalar and numpy alike -------------------


SUITS = ("c", "d", "h", "s")


def test_four_suited_is_all_four_of_one_suit_for_every_suit_combination() -> None:
    combos = list(itertools.product(range(4), repeat=4))
    for combo in combos:
        assert rules.four_suited(*combo) == (len(set(combo)) == 1)
        assert rules.four_suited(*(SUITS[s] for s in combo)) == (len(set(combo)) == 1)
    columns = np.array(combos, dtype=np.uint8).T
    assert rules.four_suited(*columns).tolist() == [len(set(c)) == 1 for c in combos]


@pytest.mark.parametrize(
    ("hand_suited", "starter_suited", "crib", "points"),
    [
        (False, False, False, 0),
        (False, True, False, 0),  # the starter alone makes no flush
        (False, False, True, 0),
        (False, True, True, 0),
        (True, False, False, 4),
        (True, True, False, 5),
        (True, False, True, 0),
        (True, True, True, 5),
    ],
)
def test_the_flush_table_by_key_is_the_flush_rule(
    hand_suited: bool, starter_suited: bool, crib: bool, points: int
) -> None:
    key = rules.flush_key(hand_suited, starter_suited, crib)
    assert rules.FLUSH_TABLE[key] == points
    assert sorted(
        rules.flush_key(h, s, c) for h, s, c in itertools.product((False, True), repeat=3)
    ) == list(range(len(rules.FLUSH_TABLE)))
    # The key of numpy columns (0 and 1) is the key of the bools.
    column = np.array([hand_suited], dtype=np.uint8)
    assert rules.flush_key(column, np.array([starter_suited]), np.array([crib])).tolist() == [key]


def test_the_flush_table_for_every_suit_combination_is_counted_by_hand() -> None:
    # Five suits, the starter last: a hand scores 4 for four of one suit, 5 with the
    # starter's; a crib only 5, for all five.
    for suits in itertools.product(range(4), repeat=5):
        four = len(set(suits[:4])) == 1
        five = four and suits[4] == suits[0]
        key = rules.flush_key(rules.four_suited(*suits[:4]), suits[4] == suits[0], False)
        assert rules.FLUSH_TABLE[key] == (5 if five else 4 if four else 0)
        key = rules.flush_key(rules.four_suited(*suits[:4]), suits[4] == suits[0], True)
        assert rules.FLUSH_TABLE[key] == (5 if five else 0)


def test_his_nob_and_his_heels_for_every_rank_and_suit() -> None:
    ranks = np.repeat(np.arange(1, 14), 16)
    suits = np.tile(np.repeat(np.arange(4), 4), 13)
    starters = np.tile(np.arange(4), 52)
    nobs = rules.is_nob(ranks, suits, starters)
    heels = rules.heels_points(np.arange(1, 14))
    for rank in range(1, 14):
        # His heels: 2 for a jack turned (rank 11), nothing for any other rank.
        assert rules.heels_points(rank) == (2 if rank == 11 else 0) == heels[rank - 1]
        for suit, starter in itertools.product(range(4), repeat=2):
            nob = rank == 11 and suit == starter
            assert rules.is_nob(rank, SUITS[suit], SUITS[starter]) is nob
            assert rules.is_nob(rank, suit, starter) is nob
            assert nobs[(rank - 1) * 16 + suit * 4 + starter] == nob


@pytest.mark.parametrize(
    ("count", "value", "fits"),
    [(0, 10, True), (21, 10, True), (22, 10, False), (30, 1, True), (31, 1, False), (27, 4, True)],
)
def test_a_card_fits_while_the_count_stays_at_31_or_under(
    count: int, value: int, fits: bool
) -> None:
    assert rules.fits_count(count, value) is fits


def test_fits_count_for_every_count_and_value() -> None:
    for count in range(32):
        for value in range(1, 11):
            assert rules.fits_count(count, value) is (count + value <= 31)


@pytest.mark.parametrize(
    ("target", "loser", "skunk", "double"),
    [
        (121, 91, False, False),
        (121, 90, True, False),  # 90 or fewer: skunked
        (121, 61, True, False),
        (121, 60, True, True),  # 60 or fewer: double-skunked
        (61, 31, False, False),
        (61, 30, True, False),  # the lurch, and no double skunk on the short board
        (61, 0, True, False),
    ],
)
def test_the_boards_skunk_lines(target: int, loser: int, skunk: bool, double: bool) -> None:
    board = rules.BOARDS[target]
    assert (loser <= board.skunk) is skunk
    assert (board.double_skunk is not None and loser <= board.double_skunk) is double


def test_the_games_are_121_and_61_the_long_board_first() -> None:
    assert rules.GAMES == (121, 61)
    assert rules.BOARDS[121].skunk_lines == (90, 60)
    assert rules.BOARDS[61].skunk_lines == (30,)
    # A board of 121 in cells of 3 and of 61 in cells of 2: forty-one and thirty-one cells.
    assert [-(-board.target // board.step) for board in rules.BOARDS.values()] == [41, 31]


# --- one home: the numbers of the rules are written nowhere else -----------------------------

PACKAGE = Path(rules.__file__).parent
RULE_NUMBERS = {52: "the deck", 31: "the count of the play", 121: "the game", 61: "the short game"}
HOME = {"rules.py"}
"""Where the numbers of the rules are defined."""
EXEMPT = {
    ("batch/vector.py", "(packed >> 5) & 31"): "five bits of a packed number, not the count",
    ("render/play.py", '"31 for {points}"'): "a message that says the rule",
    ("practice.py", '"play: 31"'): "a message that says the rule",
}
"""Lines that may hold one of the numbers, by module and a piece of the line, and why."""


def rule_numbers_in(path: Path) -> list[tuple[int, str]]:
    """Each number of the rules written in ``path`` as code (an int, or in a string that is
    not a docstring), with its line."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in prose:
            continue
        value = node.value
        if type(value) is int and value in RULE_NUMBERS:
            found.append((node.lineno, lines[node.lineno - 1]))
        elif isinstance(value, str) and re.search(r"\b(52|31|121|61)\b", value):
            found.append((node.lineno, lines[node.lineno - 1]))
    return found


def test_the_numbers_of_the_rules_are_written_only_in_their_home() -> None:
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in HOME:
            continue
        for line, text in rule_numbers_in(path):
            if not any(name == where and piece in text for where, piece in EXEMPT):
                stray.append(f"{name}:{line}: {text.strip()}")
    assert stray == []


def test_the_check_of_the_numbers_finds_them(tmp_path: Path) -> None:
    # The check itself: an int and a string are found, prose and other numbers are not.
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Game to 121."""\n'
        "DECK = 52\n"
        "x = 30 + 1\n"
        'say = f"a game is to 61, not {x}"\n'
        "y = 310\n"
        '"""At 31 the count ends."""\n',
        encoding="utf-8",
    )
    assert [line for line, _ in rule_numbers_in(sample)] == [2, 4]


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


def _sets_by_brute_force(
    ranks: tuple[int, ...],
) -> tuple[list[tuple[int, ...]], set[tuple[int, ...]]]:
    """Pairs and runs of five ranks from every subset of positions, as the rules define them."""
    pairs = [
        tuple(i for i in range(5) if ranks[i] == rank)
        for rank in sorted(set(ranks))
        if ranks.count(rank) >= 2
    ]
    runs: set[tuple[int, ...]] = set()
    for size in (5, 4, 3):
        for at in itertools.combinations(range(5), size):
            chosen = sorted(ranks[i] for i in at)
            if chosen == list(range(chosen[0], chosen[0] + size)):
                runs.add(tuple(sorted(at, key=lambda i: ranks[i])))
        if runs:
            break
    return pairs, runs


def _check_sets(order: tuple[int, ...]) -> None:
    pairs, runs = rules.rank_sets(order)
    want_pairs, want_runs = _sets_by_brute_force(order)
    assert pairs == want_pairs == rules.pair_sets(order)
    assert set(runs) == want_runs and len(runs) == len(want_runs)
    assert runs == rules.run_sets(order)


def test_pairs_and_runs_of_random_multisets_of_ranks() -> None:
    rng = random.Random(28)
    for ranks in rng.sample(list(rules.rank_multisets()), 300):
        _check_sets(tuple(rng.sample(ranks, 5)))


@pytest.mark.slow
def test_pairs_and_runs_of_every_multiset_of_ranks_in_two_orders() -> None:
    for ranks in rules.rank_multisets():
        for order in (ranks, ranks[::-1][2:] + ranks[::-1][:2]):
            _check_sets(order)


# --- the play's pairs and runs, one count at a time and many at once ----------------------------


def _one_of_each(ranks: list[int]) -> list[Card]:
    """A card of each rank (its suit is never read by the play's scoring)."""
    return [next(card for card in DECK if card.rank == rank) for rank in ranks]


def _check_tails(counts: list[list[int]], *, referee: bool) -> None:
    """``count_tails`` of ``counts`` at once, each count's items then said by ``card_pegs``: as
    ``score_card`` scores the count, and (with ``referee``) as the tests' own scorer does."""
    width = max(map(len, counts))
    rng = random.Random(len(counts))
    # Past each count, ranks that must not be read.
    grid = np.array([count + rng.choices(range(14), k=width - len(count)) for count in counts])
    same, run = rules.count_tails(grid, np.array([len(count) for count in counts]))
    for ranks, alike, tail in zip(counts, same.tolist(), run.tolist(), strict=True):
        total = sum(map(rules.counting_value, ranks))
        items = rules.card_pegs(total, alike, tail)
        assert items == rules.score_card(ranks, total), ranks
        if referee:
            want = plain_points(_one_of_each(ranks))
            assert {item.kind.value: item.points for item in items} == want, ranks


def test_count_tails_of_every_count_of_up_to_four_cards() -> None:
    counts = [
        list(ranks)
        for size in range(1, 5)
        for ranks in itertools.product(range(1, 14), repeat=size)
    ]
    _check_tails(counts, referee=False)


def test_count_tails_of_random_long_counts_as_the_tests_score_them() -> None:
    # Counts of up to 13 cards, their ranks often near each other (runs and pairs are many).
    rng = random.Random(34)
    counts = []
    for _ in range(3000):
        low = rng.randint(1, 9)
        counts.append([rng.randint(low, low + 4) for _ in range(rng.randint(1, 13))])
    _check_tails(counts, referee=True)


@pytest.mark.slow
def test_count_tails_of_every_count_of_five_cards() -> None:
    counts = [list(ranks) for ranks in itertools.product(range(1, 14), repeat=5)]
    _check_tails(counts, referee=False)


def test_card_pegs_says_each_item_in_order() -> None:
    def said(count: int, same: int, run: int) -> list[tuple[str, int]]:
        return [(item.kind.value, item.points) for item in rules.card_pegs(count, same, run)]

    assert said(15, 2, 0) == [("fifteen", 2), ("pair", 2)]
    assert said(31, 4, 0) == [("thirty-one", 2), ("pair", 12)]
    assert said(31, 1, 5) == [("thirty-one", 2), ("run", 5)]
    assert said(12, 1, 0) == said(30, 1, 0) == []
    assert rules.EVERY_CARD_FITS == 21  # a ten or a face card on 21 makes 31
