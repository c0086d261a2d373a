"""Tests for cribcount.discard: exact hand and crib averages for every way to lay away.

Expected values come from the rules worked by hand, or from plain enumeration
of every starter and every crib with ``count_show`` (or, where that is too slow
for the default run, with ``rank_points`` plus flush and nobs written out here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount import discard
from cribcount.cards import DECK, Card, Hand, Rank, Suit, format_cards
from cribcount.discard import (
    Advice,
    Role,
    advise_discard,
    crib_points_total,
    discard_seat,
    hand_points,
    parse_deal,
)
from cribcount.errors import CribcountError, TableError
from cribcount.rules import rank_multisets, rank_points
from cribcount.show import count_show


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation, for writing tests briefly."""
    return tuple(Card.parse(token) for token in text.split())


def choice_for(advice: Advice, keep: str) -> discard.Choice:
    """The choice of ``advice`` that keeps exactly the cards ``keep``."""
    wanted = set(cards(keep))
    (found,) = [c for c in advice.choices if set(c.keep) == wanted]
    return found


def unseen_cards(seen: Sequence[Card]) -> list[Card]:
    return [card for card in DECK if card not in seen]


def plain_hand(keep: Sequence[Card], seen: Sequence[Card]) -> tuple[Fraction, int, int]:
    """Average, least and most show of ``keep`` over every unseen starter, by count_show."""
    shows = [
        count_show(Hand((keep[0], keep[1], keep[2], keep[3]), starter)).total
        for starter in unseen_cards(seen)
    ]
    return Fraction(sum(shows), len(shows)), min(shows), max(shows)


def plain_crib_by_count_show(laid: Sequence[Card], seen: Sequence[Card]) -> Fraction:
    """Average crib over every opponent discard and every starter left, by count_show."""
    unseen = unseen_cards(seen)
    total = cribs = 0
    for theirs in combinations(unseen, 2):
        crib = (laid[0], laid[1], theirs[0], theirs[1])
        for starter in unseen:
            if starter not in theirs:
                total += count_show(Hand(crib, starter), crib=True).total
                cribs += 1
    return Fraction(total, cribs)


def plain_crib_fast(laid: Sequence[Card], seen: Sequence[Card]) -> tuple[int, int]:
    """The same enumeration, with ranks scored by rank_points and flush and nobs written out."""
    unseen = unseen_cards(seen)
    total = cribs = 0
    for theirs in combinations(unseen, 4 - len(laid)):
        crib = [*laid, *theirs]
        ranks = [card.rank for card in crib]
        for starter in unseen:
            if starter in theirs:
                continue
            points = rank_points([*ranks, starter.rank]).total
            if all(card.suit == starter.suit for card in crib):
                points += 5
            points += sum(1 for c in crib if c.rank == Rank.JACK and c.suit == starter.suit)
            total += points
            cribs += 1
    return total, cribs


# ---- reading the deal ----


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5h 5d 6c 7s Jh Kd", "5h 5d 6c 7s Jh Kd"),
        ("5h,5d,6c,7s,10h,kD", "5h 5d 6c 7s Th Kd"),
        ("  A♠ 2♥ 3♦ 4♣ 5s 6s ", "As 2h 3d 4c 5s 6s"),
    ],
)
def test_parse_deal_reads_six_cards(text: str, expected: str) -> None:
    assert format_cards(parse_deal(text)) == expected


@pytest.mark.parametrize(
    ("text", "message", "token", "column"),
    [
        ("5h 5d 6c 7s Jh", "column 15: expected 6 cards to choose from, got 5 cards", "", 15),
        ("", "column 1: expected 6 cards to choose from, got 0 cards", "", 1),
        (
            "5h 5d 6c 7s Jh Kd Qs",
            "column 19: expected 6 cards to choose from, got 7 cards ('Qs' is one too many)",
            "Qs",
            19,
        ),
        (
            "5h 5d 6c 7s Jh Kd Qs 2c",
            "column 19: expected 6 cards to choose from, got 8 cards ('Qs' is one too many)",
            "Qs",
            19,
        ),
        ("5h 5d 6c 7s 5h Kd", "column 13: 5h appears twice (first at column 1)", "5h", 13),
        ("5h 5d 6c 7x Jh Kd", "column 10: unknown suit 'x' in '7x'", "7x", 10),
        ("5h 5d / 6c 7s Jh Kd", "column 7: unexpected '/' in the deal", "/", 7),
    ],
)
def test_parse_deal_errors_name_the_token_and_column(
    text: str, message: str, token: str, column: int
) -> None:
    with pytest.raises(CribcountError) as caught:
        parse_deal(text)
    assert caught.value.message.startswith(message)
    assert caught.value.token == token
    assert caught.value.column == column
    assert caught.value.text == text


def test_parse_deal_with_more_players_wants_five_cards() -> None:
    assert len(parse_deal("5h 5d 6c 7s Jh", players=3)) == 5
    with pytest.raises(CribcountError, match="expected 5 cards to choose from, got 6 cards"):
        parse_deal("5h 5d 6c 7s Jh Kd", players=4)


def test_advise_refuses_a_card_twice() -> None:
    with pytest.raises(CribcountError):
        advise_discard(cards("5h 5h 6c 7s Jh Kd"), role=Role.DEALER)


# ---- the table of rank points ----


def test_hand_points_equal_count_show_for_every_five_ranks() -> None:
    for ranks in rank_multisets():
        # Repeated ranks take suits in turn so that they are different cards.
        five = [DECK[(r - 1) * 4 + ranks[:i].count(r)] for i, r in enumerate(ranks)]
        hand = Hand((five[0], five[1], five[2], five[3]), five[4])
        assert hand_points(five[:4], five[4]) == count_show(hand).total


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@given(five_cards, st.booleans())
def test_hand_points_equal_count_show(five: list[Card], crib: bool) -> None:
    hand = Hand((five[0], five[1], five[2], five[3]), five[4])
    assert hand_points(five[:4], five[4], crib=crib) == count_show(hand, crib=crib).total


@pytest.mark.parametrize(
    ("keep", "starter", "points"),
    [
        ("2h 4h 6h 8h", "Kc", 0),  # in the crib only a five-card flush counts
        ("2h 4h 6h 8h", "Kh", 5),
        ("Jh 2h 4h 6h", "9h", 10),  # 6-9 and 2-4-9 fifteens, his nob, five of a suit
        ("Jh 2h 4h 6h", "9c", 4),  # the four hearts score nothing in the crib
    ],
)
def test_hand_points_of_a_crib(keep: str, starter: str, points: int) -> None:
    assert hand_points(cards(keep), Card.parse(starter), crib=True) == points


@pytest.mark.parametrize(
    ("keep", "starter", "points"),
    [
        ("5h 5d 5c Js", "5s", 29),  # the highest hand
        ("2h 4h 6h 8h", "Kc", 4),  # a four-card flush counts in the hand
        ("2h 4h 6h 8h", "Kh", 5),
        ("2h 4h 6h 8c", "Kh", 0),  # nineteen
        ("Jh 2c 4d 6s", "9h", 5),  # fifteens 6-9 and 2-4-9, one for his nob
    ],
)
def test_hand_points_by_hand(keep: str, starter: str, points: int) -> None:
    assert hand_points(cards(keep), Card.parse(starter)) == points


# ---- hand averages ----


def test_hand_average_worked_by_hand() -> None:
    # Keep 5h 5d 5c Js, lay away 5s Kd; 46 starters unseen.
    # 32 starters A-4, 6-9 show 14 (four fifteens 8, pair royal 6); 11 tens and
    # court cards (Kd gone) show 20 (seven fifteens 14, pair royal 6); 3 jacks
    # (Js gone) 22 (seven fifteens, pair royal, a pair); the 11 unseen spades
    # add one for his nob. 448 + 220 + 66 + 11 = 745.
    advice = advise_discard(cards("5h 5d 5c Js 5s Kd"), role=Role.DEALER)
    choice = choice_for(advice, "5h 5d 5c Js")
    assert choice.hand == Fraction(745, 46)
    assert (choice.hand_min, choice.hand_max) == (14, 22)
    assert advice.heels == Fraction(2 * 3, 46)


@pytest.mark.parametrize(
    "deal", ["5h 5d 6c 7s Jh Kd", "2h 4h 6h 8h Jh Qs", "Ac 2d 3h 4s Jc Jd", "9c Tc Jc Qc Kc Ac"]
)
def test_hand_averages_equal_plain_enumeration(deal: str) -> None:
    six = cards(deal)
    advice = advise_discard(six, role=Role.PONE)
    assert len(advice.choices) == 15
    for choice in advice.choices:
        assert (choice.hand, choice.hand_min, choice.hand_max) == plain_hand(choice.keep, six)


# ---- crib averages ----


@pytest.mark.parametrize(
    ("deal", "laid"),
    [
        ("5h 5d 6c Js Jh Kh", "Jh Kh"),  # one suit and a jack: crib flush and nobs
        ("5h 5d 6c Js Jh Kh", "Js Jh"),  # two jacks laid away
        ("5h 5d 6c Js Jh Kh", "5h 5d"),
        ("Ah 2h 3h 4h 5h 6h", "5h 6h"),  # few hearts left unseen
    ],
)
def test_crib_totals_equal_plain_enumeration(deal: str, laid: str) -> None:
    total, cribs = crib_points_total(cards(laid), cards(deal))
    assert cribs == 1035 * 44 == 45_540
    assert (total, cribs) == plain_crib_fast(cards(laid), cards(deal))


@pytest.mark.slow
@pytest.mark.parametrize("deal", ["5h 5d 6c Js Jh Kh", "2c 3c 7c 8c Jd Qh"])
def test_every_crib_average_equals_count_show_enumeration(deal: str) -> None:
    six = cards(deal)
    advice = advise_discard(six, role=Role.DEALER)
    for choice in advice.choices:
        assert choice.crib == plain_crib_by_count_show(choice.discard, six)


# ---- net, ranking, roles ----


def test_net_adds_crib_and_heels_for_dealer_and_subtracts_them_for_pone() -> None:
    six = cards("5h 5d 6c 7s Jh Kd")
    dealer = advise_discard(six, role=Role.DEALER)
    pone = advise_discard(six, role=Role.PONE)
    assert dealer.heels == pone.heels == Fraction(2 * 3, 46)
    for choice in dealer.choices:
        other = choice_for(pone, format_cards(choice.keep))
        assert choice.net == choice.hand + choice.crib + dealer.heels
        assert other.net == other.hand - other.crib - pone.heels
    for advice in (dealer, pone):
        nets = [c.net for c in advice.choices]
        assert nets == sorted(nets, reverse=True)
        assert advice.best == advice.choices[0]


def test_best_choices_differ_for_dealer_and_pone() -> None:
    # The deal: dealer throws 6-7 into his own crib and keeps the fives
    # with the court cards; pone keeps 5-5-6-7 and gives the dealer Jh Kd.
    six = cards("5h 5d 6c 7s Jh Kd")
    dealer = advise_discard(six, role=Role.DEALER).best
    pone = advise_discard(six, role=Role.PONE).best
    assert set(dealer.keep) == set(cards("5h 5d Jh Kd"))
    assert set(pone.keep) == set(cards("5h 5d 6c 7s"))
    # The same verdicts from plain enumeration of both choices.
    keep_courts, _, _ = plain_hand(cards("5h 5d Jh Kd"), six)
    keep_run, _, _ = plain_hand(cards("5h 5d 6c 7s"), six)
    crib_67 = Fraction(*plain_crib_fast(cards("6c 7s"), six))
    crib_jk = Fraction(*plain_crib_fast(cards("Jh Kd"), six))
    assert keep_courts + crib_67 > keep_run + crib_jk
    assert keep_run - crib_jk > keep_courts - crib_67


def test_ties_keep_the_order_of_the_cards_given() -> None:
    # 5h and 5d are alike but for suit, and no flush or nobs tells them apart here.
    advice = advise_discard(cards("5h 5d 6c 7s 9c Kd"), role=Role.DEALER)
    pairs = [
        (a, b)
        for a, b in zip(advice.choices, advice.choices[1:], strict=False)
        if (a.net, a.hand) == (b.net, b.hand)
    ]
    assert pairs
    order: list[tuple[Card, ...]] = list(combinations(cards("5h 5d 6c 7s 9c Kd"), 2))
    for a, b in pairs:
        assert order.index(a.discard) < order.index(b.discard)


six_cards = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)
suit_orders = st.permutations(list(Suit))


@settings(max_examples=20, deadline=None)
@given(six_cards, suit_orders, st.sampled_from(Role))
def test_relabelling_suits_changes_no_value(six: list[Card], order: list[Suit], role: Role) -> None:
    relabel = dict(zip(Suit, order, strict=True))
    moved = [Card(card.rank, relabel[card.suit]) for card in six]
    before = advise_discard(six, role=role)
    after = advise_discard(moved, role=role)
    assert before.heels == after.heels

    def values(advice: Advice, keep: Sequence[Card]) -> tuple[Fraction, int, int, Fraction]:
        (c,) = [c for c in advice.choices if set(c.keep) == set(keep)]
        return c.hand, c.hand_min, c.hand_max, c.crib

    for choice in before.choices:
        keep_moved = [Card(card.rank, relabel[card.suit]) for card in choice.keep]
        assert values(before, choice.keep) == values(after, keep_moved)


@settings(max_examples=20, deadline=None)
@given(six_cards)
def test_card_order_changes_no_value(six: list[Card]) -> None:
    a = advise_discard(six, role=Role.DEALER)
    b = advise_discard(six[::-1], role=Role.DEALER)
    key = {frozenset(c.keep): (c.hand, c.hand_min, c.hand_max, c.crib, c.net) for c in a.choices}
    assert key == {
        frozenset(c.keep): (c.hand, c.hand_min, c.hand_max, c.crib, c.net) for c in b.choices
    }


@settings(max_examples=20, deadline=None)
@given(six_cards)
def test_averages_lie_within_what_a_show_can_score(six: list[Card]) -> None:
    for choice in advise_discard(six, role=Role.DEALER).choices:
        assert 0 <= choice.hand_min <= choice.hand <= choice.hand_max <= 29
        assert choice.hand_max not in (19, 25, 26, 27)
        assert 0 < choice.crib < 29


# ---- three and four players: five cards, lay away one ----


@pytest.mark.parametrize("players", [3, 4])
def test_five_card_deals_lay_away_one(players: int) -> None:
    five = cards("5h 5d 6c 7s Jh")
    advice = advise_discard(five, role=Role.PONE, players=players)
    assert [len(c.discard) for c in advice.choices] == [1] * 5
    # 47 cards unseen, three of them jacks.
    assert advice.heels == Fraction(2 * 3, 47)
    for choice in advice.choices:
        assert (choice.hand, choice.hand_min, choice.hand_max) == plain_hand(choice.keep, five)


def test_one_card_crib_is_the_two_card_crib_averaged_over_the_second_card() -> None:
    # Laying away X from five cards S, the crib is X, three of the 47 unseen
    # cards and a starter. Laying away X and Y from S + Y, it is X, Y, two of
    # the other 46 and a starter: summed over every unseen Y, each crib of the
    # first kind is met three times, once for each of its three unseen cards.
    five = cards("5h 5d 6c 7s Jh")
    laid = Card.parse("Jh")
    total, cribs = crib_points_total([laid], five)
    assert cribs == comb(47, 3) * 44
    pair_totals = [crib_points_total([laid, y], [*five, y]) for y in unseen_cards(five)]
    assert 3 * total == sum(t for t, _ in pair_totals)
    assert 3 * cribs == sum(n for _, n in pair_totals)


@pytest.mark.slow
def test_one_card_crib_equals_plain_enumeration() -> None:
    five = cards("2h 3h Jh 7s Kd")
    for laid in ("Jh", "2h"):
        assert crib_points_total(cards(laid), five) == plain_crib_fast(cards(laid), five)


# ---- five and six players: seats 1-4 lay away one of five --------------------------------


def plain_advice(
    five: Sequence[Card], *, dealer: bool
) -> dict[frozenset[Card], tuple[Fraction, Fraction, Fraction]]:
    """For each card laid away: hand, crib and net by plain enumeration of every starter and crib."""
    unseen = unseen_cards(five)
    heels = Fraction(2 * sum(1 for card in unseen if card.rank == Rank.JACK), len(unseen))
    result = {}
    for laid in five:
        keep = [card for card in five if card != laid]
        hand, _, _ = plain_hand(keep, five)
        crib = Fraction(*plain_crib_fast([laid], five))
        net = hand + crib + heels if dealer else hand - crib - heels
        result[frozenset(keep)] = (hand, crib, net)
    return result


@pytest.mark.slow
@pytest.mark.parametrize(
    ("deal", "players", "seat", "partners", "role"),
    [
        ("5h 5d 6c 7s Jh", 5, 1, False, Role.PONE),
        ("2c 3c 7c 8c Jc", 5, 4, False, Role.PONE),
        ("5h 5d 6c 7s Jh", 6, 2, False, Role.PONE),
        ("Ah 2h Jd Qs Kd", 6, 3, True, Role.DEALER),
    ],
)
def test_five_and_six_players_equal_plain_enumeration(
    deal: str, players: int, seat: int, partners: bool, role: Role
) -> None:
    five = cards(deal)
    advice = advise_discard(five, role=role, players=players, seat=seat, partners=partners)
    assert (advice.players, advice.seat) == (players, seat)
    plain = plain_advice(five, dealer=role is Role.DEALER)
    got = {frozenset(c.keep): (c.hand, c.crib, c.net) for c in advice.choices}
    assert got == plain


@pytest.mark.parametrize(("players", "seat"), [(5, 1), (5, 4), (6, 2), (6, 4)])
def test_five_and_six_player_hands_equal_plain_enumeration(players: int, seat: int) -> None:
    # As with three or four players: five cards, one laid away, 47 unseen (three jacks).
    five = cards("5h 5d 6c 7s Jh")
    advice = advise_discard(five, role=Role.PONE, players=players, seat=seat)
    assert advice.heels == Fraction(2 * 3, 47)
    assert [len(c.discard) for c in advice.choices] == [1] * 5
    for choice in advice.choices:
        assert (choice.hand, choice.hand_min, choice.hand_max) == plain_hand(choice.keep, five)


def test_the_seat_that_lays_away_by_default() -> None:
    # Pone's side: seat 1.  The crib's side: the dealer, or at six in partnerships the
    # dealer's partner, seat 3, since the dealer lays away nothing there.
    assert discard_seat(2, role=Role.PONE) == 1
    assert discard_seat(2, role=Role.DEALER) == 2
    assert discard_seat(4, role=Role.DEALER) == 4
    assert discard_seat(5, role=Role.PONE) == 1
    assert discard_seat(6, role=Role.DEALER, partners=True) == 3
    assert discard_seat(4, role=Role.PONE, seat=3) == 3


@pytest.mark.parametrize(
    ("players", "role", "seat", "partners", "message"),
    [
        (5, Role.DEALER, None, False, "with 5 players no seat that lays away shares the crib"),
        (6, Role.DEALER, None, False, "with 6 players no seat that lays away shares the crib"),
        (5, Role.PONE, 5, False, "seat 5 of 5 lays away nothing: it is dealt 4 cards"),
        (6, Role.PONE, 5, False, "seat 5 of 6 lays away nothing"),
        (6, Role.DEALER, 6, True, "seat 6 of 6 lays away nothing"),
        (6, Role.PONE, 7, False, "seat 7: a table of 6 players has seats 1 to 6"),
        (4, Role.DEALER, 1, False, "seat 1 of 4 does not share the crib"),
        (4, Role.PONE, 2, False, "seat 2 of 4 shares the crib: it is the dealer's (seat 4) and"),
        (2, Role.PONE, 2, False, "seat 2 of 2 shares the crib: it is the dealer's (seat 2)"),
        (6, Role.PONE, 3, True, "seat 3 of 6 shares the crib"),
        (5, Role.PONE, 1, True, "partnerships need four or six players, not 5"),
    ],
)
def test_seats_that_cannot_lay_away_for_that_side(
    players: int, role: Role, seat: int | None, partners: bool, message: str
) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        discard_seat(players, role=role, seat=seat, partners=partners)
    five = cards("5h 5d 6c 7s Jh")
    with pytest.raises(TableError, match=re.escape(message)):
        advise_discard(five, role=role, players=players, seat=seat, partners=partners)


@pytest.mark.parametrize("role", list(Role))
def test_a_choice_keeps_its_values_exactly_and_its_floats_are_theirs(role: Role) -> None:
    # The values are kept as whole numbers over their denominators; the fractions and the
    # floats the output shows must be the exact ones.
    advice = advise_discard(parse_deal("5h 5d 6c 7s Jh Kd"), role=role)
    sign = 1 if role is Role.DEALER else -1
    for choice in advice.choices:
        assert choice.hand == Fraction(choice.hand_sum, 46)
        assert choice.crib == Fraction(choice.crib_sum, comb(46, 2) * 44)
        assert choice.net == choice.hand + sign * (choice.crib + advice.heels)
        assert choice.hand_float == float(choice.hand)
        assert choice.crib_float == float(choice.crib)
        assert choice.net_float == float(choice.net)
