"""Tests for cribcount.stats: the fast distributions against deal-by-deal brute force.

The brute force here walks every deal of a restriction one by one, which the
fast method never does. ``brute_force`` counts each deal with ``count_show``;
``brute_force_by_ranks`` (for the larger sets) takes fifteens, pairs and runs
from ``rank_points`` and checks flush and nobs on the cards themselves, and is
itself checked against ``brute_force``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import DECK, Card, Hand, Rank, Suit
from cribcount.errors import CribcountError, DealError
from cribcount.rules import rank_points
from cribcount.shipped import ALL_DEALS_STATS
from cribcount.show import count_show
from cribcount.stats import (
    Distribution,
    all_deals_text,
    count_deal_stats,
    deal_stats,
    parse_hand_cards,
    parse_starter,
)

ALL_DEALS = 12_994_800  # C(52, 4) four-card hands times 48 starters
SCORES = range(30)


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def deals_of(
    starter: Card | None, fixed: Sequence[Card]
) -> list[tuple[tuple[Card, Card, Card, Card], Card]]:
    """Every deal (four cards, starter) with that starter that holds the fixed cards."""
    found = []
    rest = [c for c in DECK if c not in fixed]
    for extra in combinations(rest, 4 - len(fixed)):
        four = (*fixed, *extra)
        starters = [starter] if starter is not None else [c for c in DECK if c not in four]
        for turned in starters:
            if turned not in four:
                found.append(((four[0], four[1], four[2], four[3]), turned))
    return found


def brute_force(starter: Card | None, fixed: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Hand and crib counts by score, counting every deal with count_show."""
    hand = [0] * 30
    crib = [0] * 30
    for four, turned in deals_of(starter, fixed):
        deal = Hand(four, turned)
        hand[count_show(deal).total] += 1
        crib[count_show(deal, crib=True).total] += 1
    return hand, crib


def brute_force_by_ranks(
    starter: Card | None, fixed: Sequence[Card]
) -> tuple[list[int], list[int]]:
    """Hand and crib counts by score, deal by deal, flush and nobs read off the cards."""
    hand = [0] * 30
    crib = [0] * 30
    rest = [c for c in DECK if c not in fixed]
    starters = [starter] if starter is not None else list(DECK)
    starter_ranks = sorted({int(c.rank) for c in starters})
    for extra in combinations(rest, 4 - len(fixed)):
        four = (*fixed, *extra)
        ranks = [int(c.rank) for c in four]
        # Ranks the four hold all of cannot be turned: no starter of them is left.
        by_starter_rank = {
            r: rank_points([*ranks, r]).total for r in starter_ranks if ranks.count(r) < 4
        }
        one_suit = len({c.suit for c in four}) == 1
        jack_suits = {c.suit for c in four if c.rank == Rank.JACK}
        for turned in starters:
            if turned in four:
                continue
            points = by_starter_rank[turned.rank]
            if turned.suit in jack_suits:
                points += 1
            if one_suit and turned.suit == four[0].suit:
                hand[points + 5] += 1
                crib[points + 5] += 1
            elif one_suit:
                hand[points + 4] += 1
                crib[points] += 1
            else:
                hand[points] += 1
                crib[points] += 1
    return hand, crib


def fast(starter: Card | None, fixed: Sequence[Card]) -> tuple[list[int], list[int]]:
    stats = deal_stats(starter=starter, hand_cards=fixed)
    return list(stats.hand.counts), list(stats.crib.counts)


# --- the whole deck: facts worked out by hand ---


@pytest.fixture(scope="module")
def everything() -> tuple[Distribution, Distribution]:
    stats = deal_stats()
    return stats.hand, stats.crib


def test_the_shipped_distributions_are_what_the_count_gives() -> None:
    # Without a restriction deal_stats reads the shipped file: it must be the count's own.
    counted = count_deal_stats()
    assert deal_stats() == counted
    with open(ALL_DEALS_STATS, encoding="ascii") as shipped:
        assert shipped.read() == all_deals_text(counted)


def test_every_deal_is_counted_once(everything: tuple[Distribution, Distribution]) -> None:
    for dist in everything:
        assert dist.deals == ALL_DEALS == comb(52, 4) * 48
        assert len(dist.counts) == 30


def test_twenty_nine_and_twenty_eight(everything: tuple[Distribution, Distribution]) -> None:
    # 29: three fives and the jack of the fourth suit, that suit's five turned: one per suit.
    # 28: four fives and any of the 16 ten-cards turned (16), or three fives and a ten-card
    # with the fourth five turned (4 x 16), less the 4 of those that are the 29.
    # No flush is possible with three fives, so hand and crib agree.
    for dist in everything:
        assert dist.counts[29] == 4
        assert dist.counts[28] == 16 + 4 * 16 - 4 == 76


def test_impossible_totals(everything: tuple[Distribution, Distribution]) -> None:
    for dist in everything:
        assert dist.missing == (19, 25, 26, 27)


def test_hand_mean(everything: tuple[Distribution, Distribution]) -> None:
    hand, _ = everything
    assert hand.mean == pytest.approx(4.77, abs=0.005)


def test_crib_loses_exactly_the_four_card_flushes(
    everything: tuple[Distribution, Distribution],
) -> None:
    # The crib differs from the hand only where four cards of one suit meet a starter of
    # another: 4 x C(13, 4) one-suit fours, 39 starters each, 4 points each.
    hand, crib = everything
    points_hand = sum(score * n for score, n in enumerate(hand.counts))
    points_crib = sum(score * n for score, n in enumerate(crib.counts))
    assert points_hand - points_crib == 4 * (4 * comb(13, 4) * 39)


def test_the_starters_add_up_to_the_whole(everything: tuple[Distribution, Distribution]) -> None:
    # Each starter on its own (no suit shortcut) and the sum over all 52 is the whole.
    hand = [0] * 30
    crib = [0] * 30
    for turned in DECK:
        stats = deal_stats(starter=turned)
        assert stats.hand.deals == stats.crib.deals == comb(51, 4)
        hand = [a + b for a, b in zip(hand, stats.hand.counts, strict=True)]
        crib = [a + b for a, b in zip(crib, stats.crib.counts, strict=True)]
    assert (hand, crib) == (list(everything[0].counts), list(everything[1].counts))


# --- four given cards over the 48 starters, worked out by hand ---


def test_three_fives_and_the_jack() -> None:
    # 5h 5d 5c Js: three fifteens of J+5, one of 5+5+5 and a pair royal make 14.
    # 5s: 29. A ten-card adds 3 fifteens (20), 21 with nobs (a spade).
    # Another jack: also a pair (22). Any other rank adds nothing; nobs when a spade.
    hand, crib = fast(None, cards("5h 5d 5c Js"))
    expected = [0] * 30
    expected[29] = 1
    expected[21] = 3  # Ts Qs Ks
    expected[20] = 9  # T Q K of clubs, diamonds, hearts
    expected[22] = 3  # Jc Jd Jh
    expected[15] = 8  # A 2 3 4 6 7 8 9 of spades
    expected[14] = 24  # those ranks in the other three suits
    assert hand == crib == expected
    stats = deal_stats(hand_cards=cards("5h 5d 5c Js"))
    assert f"{stats.hand.mean:.6f}" == f"{794 / 48:.6f}" == "16.541667"


def test_a_four_card_flush_in_hand_and_crib() -> None:
    # 2h 4h 6h 8h (even values: no fifteen without an odd starter). Per starter rank:
    # A 4, 3 7 (run 2-3-4), 5 7 (run 4-5-6), 7 7 (run 6-7-8), 9 4, 2 4 6 8 a pair (2),
    # ten-cards 0. The hand adds 4 for the flush, 5 with a heart starter (not for
    # 2 4 6 8, whose hearts are in the hand); the crib adds only the 5.
    hand, crib = fast(None, cards("2h 4h 6h 8h"))
    want_hand = {9: 2, 8: 6, 6: 12, 12: 3, 11: 9, 5: 4, 4: 12}
    want_crib = {9: 2, 4: 6, 2: 12, 12: 3, 7: 9, 5: 4, 0: 12}
    assert hand == [want_hand.get(s, 0) for s in SCORES]
    assert crib == [want_crib.get(s, 0) for s in SCORES]


def test_a_jack_turned_is_never_nobs() -> None:
    # Jc Jd Js 5h with Jh turned: four fifteens of J+5 (8) and four jacks (12) make 20.
    # No jack in the hand can be of the starter's suit: the jack of hearts is the starter.
    hand, crib = fast(card("Jh"), cards("Jc Jd Js 5h"))
    assert hand == crib == [1 if s == 20 else 0 for s in SCORES]


@pytest.mark.parametrize(
    ("starter", "fixed", "deals"),
    [
        ("5s", "", comb(51, 4)),
        (None, "5h", comb(51, 3) * 48),
        (None, "5h Jh", comb(50, 2) * 48),
        ("Jd", "Qd Kd", comb(49, 2)),
        (None, "Ah 2h 3h 4h", 48),
        ("9c", "Ah 2h 3h 4h", 1),
    ],
)
def test_how_many_deals(starter: str | None, fixed: str, deals: int) -> None:
    stats = deal_stats(starter=card(starter) if starter else None, hand_cards=cards(fixed))
    assert stats.hand.deals == stats.crib.deals == deals


# --- the fast method against brute force on restricted sets ---


@pytest.mark.parametrize(
    ("starter", "fixed"),
    [
        ("5s", "Js 5h"),  # nobs, the 29
        ("Jh", "5h Jc"),  # a jack turned: no nobs
        ("Ac", "Kc 2c"),  # flushes with and without the starter
    ],
)
def test_against_count_show_with_a_starter(starter: str, fixed: str) -> None:
    assert fast(card(starter), cards(fixed)) == brute_force(card(starter), cards(fixed))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("starter", "fixed"), [("5s", "Js"), ("Jh", "5h"), ("Ac", "Kc"), ("Th", "Tc")]
)
def test_against_count_show_with_a_starter_and_one_card(starter: str, fixed: str) -> None:
    assert fast(card(starter), cards(fixed)) == brute_force(card(starter), cards(fixed))


@pytest.mark.slow
def test_against_brute_force_with_a_starter() -> None:
    # Every deal with the five of spades turned: C(51, 4) = 249,900 of them, one by one.
    assert fast(card("5s"), ()) == brute_force_by_ranks(card("5s"), ())


@pytest.mark.slow
@pytest.mark.parametrize("starter", ["Ah", "7d", "Tc", "Jd", "Qs"])
def test_against_brute_force_with_more_starters(starter: str) -> None:
    assert fast(card(starter), ()) == brute_force_by_ranks(card(starter), ())


@st.composite
def restrictions(draw: st.DrawFn) -> tuple[Card | None, tuple[Card, ...]]:
    """A starter and 2 to 4 fixed cards, or 3 to 4 fixed cards and any starter."""
    with_starter = draw(st.booleans())
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=3, max_size=5, unique=True))
    if with_starter:
        return chosen[0], tuple(chosen[1:])
    return None, tuple(chosen[:4])


@settings(max_examples=20, deadline=None)
@given(restrictions())
def test_against_count_show_on_random_restrictions(
    restriction: tuple[Card | None, tuple[Card, ...]],
) -> None:
    starter, fixed = restriction
    by_show = brute_force(starter, fixed)
    assert fast(starter, fixed) == by_show
    # The quicker brute force used on the larger sets agrees with count_show too.
    assert brute_force_by_ranks(starter, fixed) == by_show


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True),
    st.permutations(list(Suit)),
)
def test_suits_are_alike(chosen: list[Card], relabel: list[Suit]) -> None:
    # Renaming the suits of the restriction does not change the distribution.
    rename = dict(zip(Suit, relabel, strict=True))

    def renamed(c: Card) -> Card:
        return Card(c.rank, rename[c.suit])

    starter, fixed = chosen[0], tuple(chosen[1:])
    original = deal_stats(starter=starter, hand_cards=fixed)
    moved = deal_stats(starter=renamed(starter), hand_cards=tuple(map(renamed, fixed)))
    assert (original.hand, original.crib) == (moved.hand, moved.crib)


@pytest.mark.slow
def test_every_deal_one_by_one(everything: tuple[Distribution, Distribution]) -> None:
    # The whole brute force: all 12,994,800 deals, count for count.
    hand, crib = brute_force_by_ranks(None, ())
    assert sum(hand) == sum(crib) == ALL_DEALS
    assert hand == list(everything[0].counts)
    assert crib == list(everything[1].counts)


# --- restrictions that cannot be dealt, and reading them ---


@pytest.mark.parametrize(
    ("starter", "fixed", "message"),
    [
        (None, "Ah 2h 3h 4h 5h", "at most 4 hand cards, got 5"),
        (None, "Ah Ah", "Ah appears twice"),
        ("5s", "5s", "5s is the starter and a hand card"),
    ],
)
def test_deal_stats_refuses_what_cannot_be_dealt(
    starter: str | None, fixed: str, message: str
) -> None:
    with pytest.raises(DealError) as caught:
        deal_stats(starter=card(starter) if starter else None, hand_cards=cards(fixed))
    assert caught.value.message == message


def test_parse_starter() -> None:
    assert parse_starter(" 10♥ ") == card("Th")


def test_parse_hand_cards() -> None:
    assert parse_hand_cards("5h, 5d 5c", starter=card("5s")) == cards("5h 5d 5c")


@pytest.mark.parametrize(
    ("read", "text", "token", "column", "message"),
    [
        ("starter", "5x", "5x", 1, "column 1: unknown suit 'x' in '5x'"),
        ("starter", "5h 6h", "6h", 4, "column 4: expected 1 starter, got 2 cards ('6h' is one"),
        ("starter", "  ", "", 3, "column 3: expected 1 starter, got 0 cards"),
        ("starter", "5h / ", "/", 4, "column 4: unexpected '/' in the starter"),
        ("hand", "5h 1s", "1s", 4, "column 4: unknown rank '1' in '1s'"),
        (
            "hand",
            "Ah 2h 3h 4h 5h",
            "5h",
            13,
            "column 13: expected 1 to 4 hand cards, got 5 cards ('5h'",
        ),
        ("hand", "", "", 1, "column 1: expected 1 to 4 hand cards, got none"),
        ("hand", "Ah 2h ah", "ah", 7, "column 7: Ah appears twice (first at column 1)"),
        ("hand", "Ah 5s", "5s", 4, "column 4: 5s is the starter: it cannot be a hand card too"),
    ],
)
def test_reading_errors(read: str, text: str, token: str, column: int, message: str) -> None:
    with pytest.raises(CribcountError) as caught:
        if read == "starter":
            parse_starter(text)
        else:
            parse_hand_cards(text, starter=card("5s"))
    assert (caught.value.token, caught.value.column) == (token, column)
    assert caught.value.message.startswith(message)
