"""Counting the show, checked against counts worked out by hand from the rules."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, Card, Hand, parse_hand
from cribcount.rules import rank_multisets, rank_points
from cribcount.show import Kind, count_show, show_scoring

# (hand, crib?, total, {kind: points}) each worked out by hand from RULES.md.
TOTALS = [
    # The highest hand: 8 fifteens (16), double pair royal (12), his nob (1).
    ("5h 5d 5c Js / 5s", False, 29, {"fifteen": 16, "pair": 12, "nobs": 1}),
    # Four fives with a jack starter: no nob (the starter is the jack), 28.
    ("5h 5d 5c 5s / Jh", False, 28, {"fifteen": 16, "pair": 12}),
    # 6-7-7-8: a double run of three (two runs 6, pair 2) plus 7-8 twice; K adds nothing.
    ("6h 7h 7d 8c / Ks", False, 12, {"fifteen": 4, "pair": 2, "run": 6}),
    # 7-7-8-8-9: four runs of three (12), two pairs (4), four fifteens (8).
    ("7h 7s 8d 8c / 9h", False, 24, {"fifteen": 8, "pair": 4, "run": 12}),
    # Triple run 3-3-3-4-5: three runs (9), pair royal (6), 3+3+4+5 three ways (6).
    ("3c 3d 3h 4s / 5c", False, 21, {"fifteen": 6, "pair": 6, "run": 9}),
    # Double double run 3-3-4-4-5: four runs (12), two pairs (4), 3+3+4+5 two ways (4).
    ("3c 3d 4h 4s / 5c", False, 20, {"fifteen": 4, "pair": 4, "run": 12}),
    # A run of four is never also runs of three; 9-T-J-Q with a 2 has no fifteen.
    ("9c Td Jh Qs / 2c", False, 4, {"run": 4}),
    ("9c Td Jc Qs / 2c", False, 5, {"run": 4, "nobs": 1}),
    # Run of five, all hearts: A+2+3+4+5 = 15 is the only fifteen.
    ("Ah 2h 3h 4h / 5h", False, 12, {"fifteen": 2, "run": 5, "flush": 5}),
    ("Ah 2h 3h 4h / 5h", True, 12, {"fifteen": 2, "run": 5, "flush": 5}),
    # Four hearts in the hand score 4; in the crib they score nothing.
    ("2h 4h 6h 8h / Kc", False, 4, {"flush": 4}),
    ("2h 4h 6h 8h / Kc", True, 0, {}),
    # Five of a suit score 5 in hand and crib alike.
    ("2h 4h 6h 8h / Kh", False, 5, {"flush": 5}),
    ("2h 4h 6h 8h / Kh", True, 5, {"flush": 5}),
    # Three of a suit plus a matching starter is no flush.
    ("2h 4h 6h 8c / Kh", False, 0, {}),
    # His heels: a jack starter is not his nob and is outside the count.
    ("2c 4d 6h 8s / Jc", False, 0, {}),
    # His nob in the crib counts too; 6+9 and 2+4+9 are the fifteens.
    ("Jd 2c 4h 6s / 9d", True, 5, {"fifteen": 4, "nobs": 1}),
    # A jack of another suit than the starter is no nob.
    ("Jd 2c 4h 6s / 9c", False, 4, {"fifteen": 4}),
    # Each 5 with each of J, Q, K (six fifteens), a pair, the run J-Q-K and his nob.
    ("Jh Qd 5c 5s / Kh", False, 18, {"fifteen": 12, "pair": 2, "run": 3, "nobs": 1}),
    # RULES.md's spoken example "... a pair is 8, a run of three is 11, his nob 12":
    # J+5 twice and 4+5+6 (fifteen six), the pair of jacks, the run 4-5-6, the jack of hearts.
    ("Jh Jc 4h 6s / 5h", False, 12, {"fifteen": 6, "pair": 2, "run": 3, "nobs": 1}),
    # Pair of kings, two tens, no fifteens, no runs.
    ("Kc Kd Th Ts / 2c", False, 4, {"pair": 4}),
    # 4-5-6 with two face cards: 5+J, 5+Q, 4+5+6 -> 6, run 3.
    ("4c 5d 6h Js / Qc", False, 9, {"fifteen": 6, "run": 3}),
    # Three 5s and a 10 with a 10 starter: 5+10 (3x2 = 6 fifteens = 12), 5+5+5 (2), pair royal 6,
    # pair of tens 2: 22.
    ("5c 5d 5h Ts / Td", False, 22, {"fifteen": 14, "pair": 8}),
    # 4-4-7-7 with an 8... 7+4+4=15 twice, 7+8=15 twice, pairs 4: 12.
    ("4c 4d 7h 7s / 8c", False, 12, {"fifteen": 8, "pair": 4}),
]


@pytest.mark.parametrize(("text", "crib", "total", "by_kind"), TOTALS)
def test_count_worked_by_hand(text: str, crib: bool, total: int, by_kind: dict[str, int]) -> None:
    count = count_show(parse_hand(text), crib=crib)
    assert count.total == total
    points: Counter[str] = Counter()
    for item in count.items:
        points[item.kind.value] += item.points
    assert dict(points) == by_kind


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def test_29_items_in_spoken_order() -> None:
    count = count_show(parse_hand("5h 5d 5c Js / 5s"))
    said = [
        (item.kind.value, tuple(str(c) for c in item.cards), item.points) for item in count.items
    ]
    fifteens = [
        _cards("5h Js"),
        _cards("5d Js"),
        _cards("5c Js"),
        _cards("Js 5s"),
        _cards("5h 5d 5c"),
        _cards("5h 5d 5s"),
        _cards("5h 5c 5s"),
        _cards("5d 5c 5s"),
    ]
    assert said == [
        *[("fifteen", cards, 2) for cards in fifteens],
        ("pair", _cards("5h 5d 5c 5s"), 12),
        ("nobs", ("Js",), 1),
    ]


def test_double_run_items() -> None:
    count = count_show(parse_hand("6h 7h 7d 8c / Ks"))
    runs = sorted(
        tuple(str(c) for c in item.cards) for item in count.items if item.kind is Kind.RUN
    )
    assert runs == [_cards("6h 7d 8c"), _cards("6h 7h 8c")]
    assert all(item.points == 3 for item in count.items if item.kind is Kind.RUN)


def test_flush_items_name_their_cards() -> None:
    hand_flush = count_show(parse_hand("2h 4h 6h 8h / Kc")).items
    assert [(i.kind, [str(c) for c in i.cards]) for i in hand_flush] == [
        (Kind.FLUSH, ["2h", "4h", "6h", "8h"])
    ]


# An independent scorer, written differently: every subset of the five cards is looked at once.
def plain_total(hand: Hand, *, crib: bool) -> int:
    five = [*hand.cards, hand.starter]
    total = 0
    longest_run = 0
    runs = 0
    for mask in range(1, 32):
        chosen = [five[i] for i in range(5) if mask >> i & 1]
        if sum(min(int(c.rank), 10) for c in chosen) == 15:
            total += 2
        if len(chosen) == 2 and chosen[0].rank == chosen[1].rank:
            total += 2
        ranks = sorted(int(c.rank) for c in chosen)
        if len(chosen) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(ranks)):
            if len(chosen) > longest_run:
                longest_run, runs = len(chosen), 1
            elif len(chosen) == longest_run:
                runs += 1
    total += longest_run * runs
    suits = {c.suit for c in hand.cards}
    if len(suits) == 1:
        if hand.starter.suit in suits:
            total += 5
        elif not crib:
            total += 4
    total += sum(1 for c in hand.cards if int(c.rank) == 11 and c.suit == hand.starter.suit)
    return total


deals = st.permutations(DECK).map(lambda d: Hand((d[0], d[1], d[2], d[3]), d[4]))


@given(deals, st.booleans())
def test_count_agrees_with_plain_scorer(hand: Hand, crib: bool) -> None:
    assert count_show(hand, crib=crib).total == plain_total(hand, crib=crib)


@given(deals, st.booleans(), st.randoms())
def test_order_of_hand_cards_does_not_matter(hand: Hand, crib: bool, rnd: object) -> None:
    shuffled = list(hand.cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    other = Hand((shuffled[0], shuffled[1], shuffled[2], shuffled[3]), hand.starter)
    a, b = count_show(hand, crib=crib), count_show(other, crib=crib)
    assert a.total == b.total
    assert sorted((i.kind.value, i.points) for i in a.items) == sorted(
        (i.kind.value, i.points) for i in b.items
    )


@given(deals, st.booleans())
def test_never_19_25_26_27(hand: Hand, crib: bool) -> None:
    assert count_show(hand, crib=crib).total not in {19, 25, 26, 27}


@given(deals)
def test_rank_points_matches_count(hand: Hand) -> None:
    count = count_show(hand)
    by_ranks = rank_points([int(c.rank) for c in (*hand.cards, hand.starter)])
    points = Counter[Kind]()
    for item in count.items:
        points[item.kind] += item.points
    assert (by_ranks.fifteens, by_ranks.pairs, by_ranks.runs) == (
        points[Kind.FIFTEEN],
        points[Kind.PAIR],
        points[Kind.RUN],
    )


def test_rank_points_rejects_five_of_a_rank() -> None:
    with pytest.raises(ValueError, match="at most 4 times"):
        rank_points([5, 5, 5, 5, 5])


@pytest.mark.slow
def test_every_deal() -> None:
    """All 12,994,800 deals: 4 score 29, 76 score 28, none 19, 25, 26 or 27."""
    totals: Counter[int] = Counter()
    for hand in itertools.combinations(DECK, 4):
        ranks = [int(c.rank) for c in hand]
        suits = {c.suit for c in hand}
        flush_suit = next(iter(suits)) if len(suits) == 1 else None
        jack_suits = {c.suit for c in hand if int(c.rank) == 11}
        for starter in DECK:
            if starter in hand:
                continue
            total = rank_points([*ranks, int(starter.rank)]).total
            if flush_suit is not None:
                total += 5 if starter.suit == flush_suit else 4
            if starter.suit in jack_suits:
                total += 1
            totals[total] += 1
    assert sum(totals.values()) == 12_994_800
    assert totals[29] == 4
    assert totals[28] == 76
    assert all(totals[t] == 0 for t in (19, 25, 26, 27))
    assert max(totals) == 29


def test_every_five_ranks_once() -> None:
    multisets = list(rank_multisets())
    # Five ranks from 13 with repetition, C(17, 5) = 6188, less the 13 five-of-a-kinds.
    assert len(multisets) == 6188 - 13
    assert len(set(multisets)) == len(multisets)
    assert all(list(m) == sorted(m) and max(m.count(r) for r in m) <= 4 for m in multisets)


# --- count_show's tables against the plain count, rule by rule ---------------------------------


def plain_count(hand: Hand, *, crib: bool) -> list[tuple[Kind, tuple[Card, ...], int]]:
    """The items as ``show_scoring`` counts them from the rules, one function a rule."""
    cards = (*hand.cards, hand.starter)
    return [
        (kind, tuple(cards[i] for i in at), points)
        for kind, at, points in show_scoring(cards, crib=crib)
    ]


def hand_of(ranks: tuple[int, ...], shift: int) -> Hand:
    """A hand of these ranks in this order, a rank's cards in suits from ``shift`` on."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(DECK[(rank - 1) * 4 + (shift + rank + seen[rank]) % 4])
        seen[rank] += 1
    return Hand((cards[0], cards[1], cards[2], cards[3]), cards[4])


@given(deals, st.booleans())
def test_count_gives_the_plain_items_in_their_order(hand: Hand, crib: bool) -> None:
    assert [tuple(item) for item in count_show(hand, crib=crib).items] == plain_count(
        hand, crib=crib
    )


def test_every_suit_pattern_and_jack_gives_the_plain_flush_and_nobs() -> None:
    # Every way five cards fall into suits, each hand card a jack or a five and the starter
    # a five or a jack, with both flush rules: the flush and his nob against the plain count.
    compared = 0
    for suits in itertools.product(range(4), repeat=5):
        for jacks in itertools.product((False, True), repeat=4):
            for starter_rank in (5, 11):
                ranks = [11 if jack else 5 for jack in jacks] + [starter_rank]
                indices = [(rank - 1) * 4 + suit for rank, suit in zip(ranks, suits, strict=True)]
                if len(set(indices)) < 5:
                    continue  # the same card twice
                cards = [DECK[i] for i in indices]
                hand = Hand((cards[0], cards[1], cards[2], cards[3]), cards[4])
                for crib in (False, True):
                    items = [tuple(item) for item in count_show(hand, crib=crib).items]
                    assert items == plain_count(hand, crib=crib), hand
                    compared += 1
    # The fives in different suits and the jacks too: with j jacks among the hand cards and
    # a five turned, C(4, j) * 4!/(j-1)! * 4!/(4-j)! hands (4 * 24 * 4 + 6 * 24 * 12 + 4 * 12 * 24
    # + 1 * 4 * 24 = 3,360 for j = 1..4), as many with a jack turned; each counted twice.
    assert compared == 2 * 2 * 3360


@pytest.mark.slow
def test_every_order_of_five_ranks_gives_the_plain_items() -> None:
    # Every five ranks in every order (13 ** 5 less the 13 of one rank five times): the
    # tables of count_show, kept by the set of ranks and put back in the hand's order, give
    # the items of the plain count in the same order, with a rank's cards in varied suits.
    compared = 0
    for ranks in itertools.product(range(1, 14), repeat=5):
        if ranks.count(ranks[0]) == 5:
            continue
        hand = hand_of(ranks, compared)
        crib = compared % 2 == 1
        assert [tuple(item) for item in count_show(hand, crib=crib).items] == plain_count(
            hand, crib=crib
        ), hand
        compared += 1
    assert compared == 13**5 - 13
