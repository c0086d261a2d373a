"""Win chances: the dynamic program on small boards worked by hand, the shipped table's
properties, game points, the discard's model pieces, and the agreement with direct play."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cribcount import odds
from cribcount.cards import DECK, Hand, parse_cards
from cribcount.discard import Role, advise_discard
from cribcount.discard_play import PlayChoice, PlayedAdvice, with_play
from cribcount.odds import (
    DEALER,
    PONE,
    Chances,
    Ends,
    OddsError,
    chances,
    deal_chances,
    load_deals,
    parse_convention,
    parse_score,
    read_deals,
    solve_board,
    weighed,
    write_deals,
)
from cribcount.pegging_table import pegging
from cribcount.rules import BOARDS, GAMES, Board, heels_points
from cribcount.show import count_show

# A tiny board: game to 5, skunked at 2 or fewer, double-skunked at 1 or fewer.
SMALL = Board(target=5, skunk=2, double_skunk=1, step=1)
# Game to 3: skunked at 1 or fewer, double-skunked at 0.
TINY = Board(target=3, skunk=1, double_skunk=0, step=1)


def test_one_sure_deal_worked_by_hand() -> None:
    # Every deal: the pone pegs 1 and shows 2, the dealer shows 2. From 0-0 the first
    # dealer has 2 and the pone 3 after deal 1; in deal 2 the first dealer is the pone:
    # pegs 1 (3), shows 2 (5) and wins before the other's show, who stays at 3 (no skunk).
    deal = ((PONE, 1), (PONE, 2), (DEALER, 2))
    table = solve_board([(1.0, deal)], SMALL)
    assert table[0, 0].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def test_two_deals_half_and_half_worked_by_hand() -> None:
    # Deal X (1/2): the pone pegs 1, the dealer shows 2. Deal Y (1/2): the dealer pegs 1,
    # the pone shows 3. From 0-0:
    # - Y: the pone reaches 3 with the dealer at 1: the pone wins with a skunk (1/2).
    # - X: 2-1, then the pone of deal 1 deals at 1 against 2. X again: the old dealer
    #   pegs to 3 with the other at 1: a skunk (1/4). Y: the new dealer pegs to 2, the
    #   old dealer shows to 5 with the other at 2: a plain win (1/4).
    deal_x = ((PONE, 1), (DEALER, 2))
    deal_y = ((DEALER, 1), (PONE, 3))
    table = solve_board([(0.5, deal_x), (0.5, deal_y)], TINY)
    assert table[0, 0] == pytest.approx([0.25, 0.25, 0.0, 0.0, 0.5, 0.0])


def test_a_double_skunk_and_the_order_of_a_deal() -> None:
    # The pone shows 3 first: from 0-0 the dealer is left at 0, a double skunk; from 2-0
    # the dealer's own 3 (the crib) comes too late, and 2 is no skunk.
    deal = ((PONE, 3), (DEALER, 3))
    table = solve_board([(1.0, deal)], TINY)
    assert table[0, 0].tolist() == [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    assert table[2, 0].tolist() == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]


def test_heels_come_first_certainty_one_point_short() -> None:
    # Deal A (1/4): the dealer's heels, then the pone scores 4. Deal B (3/4): the pone
    # pegs 1, then the dealer 1. One point short against a pone who cannot reach 5 with
    # one point, the dealer wins for sure (heels, or the 1 after the pone's 1). Both one
    # point short: the dealer wins by the heels (A), the pone by its first peg (B).
    deals = [(0.25, ((DEALER, 2), (PONE, 4))), (0.75, ((PONE, 1), (DEALER, 1)))]
    table = solve_board(deals, SMALL)
    for pone in range(SMALL.target - 1):
        assert table[SMALL.target - 1, pone, :3].sum() == pytest.approx(1.0)
    assert table[SMALL.target - 1, SMALL.target - 1, 3:].sum() == pytest.approx(0.75)


def random_deals(rng: random.Random, n: int) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    deals = []
    for _ in range(n):
        steps = [(rng.randrange(2), rng.randint(1, 3)) for _ in range(rng.randint(1, 4))]
        deals.append((1 / n, tuple(steps)))
    return deals


@pytest.mark.parametrize("seed", range(3))
def test_small_boards_sum_to_one_and_are_monotone(seed: int) -> None:
    board = Board(target=15, skunk=7, double_skunk=3, step=1)
    table = solve_board(random_deals(random.Random(seed), 12), board)
    assert np.allclose(table.sum(axis=2), 1.0)
    dealer_wins = table[:, :, :3].sum(axis=2)
    assert (np.diff(dealer_wins, axis=0) >= -1e-12).all()  # more for the dealer
    assert (np.diff(dealer_wins, axis=1) <= 1e-12).all()  # more for the pone


def test_one_score_pair_is_the_table_entry_of_the_same_deals() -> None:
    # deal_chances reads later deals from the shipped table: with the shipped deals it
    # gives the shipped entry back.
    deals = weighed(load_deals())
    for game in GAMES:
        table = np.frombuffer(bytes(odds.dealer_table(game)), dtype=np.float32).reshape(
            game, game, 6
        )
        for dealer, pone in ((0, 0), (game - 10, game - 6), (game // 2, game - 3)):
            found = deal_chances(deals, dealer, pone, game=game)
            assert found == pytest.approx(table[dealer, pone].tolist(), abs=1e-5)


# --- the shipped table ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_table_sums_to_one_and_is_monotone(game: int) -> None:
    table = np.frombuffer(bytes(odds.dealer_table(game)), dtype=np.float32).reshape(game, game, 6)
    assert np.allclose(table.sum(axis=2), 1.0, atol=1e-5)
    assert (table >= 0).all()
    dealer_wins = table[:, :, :3].sum(axis=2, dtype=np.float64)
    assert (np.diff(dealer_wins, axis=0) >= -1e-5).all()
    assert (np.diff(dealer_wins, axis=1) <= 1e-5).all()
    if BOARDS[game].double_skunk is None:
        assert (table[:, :, [2, 5]] == 0).all()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("dealer", [True, False])
def test_chances_of_the_two_sides_sum_to_one_and_rise_with_the_score(
    game: int, dealer: bool
) -> None:
    for me, opponent in ((0, 0), (game - 30, game - 20), (game - 2, game - 1)):
        found = chances(me, opponent, dealer=dealer, game=game)
        assert found.mine.win + found.theirs.win == pytest.approx(1.0, abs=1e-5)
        assert found.mine.double <= found.mine.skunk <= found.mine.win
        more = chances(me + 1, opponent, dealer=dealer, game=game)
        assert more.mine.win >= found.mine.win - 1e-6
        behind = chances(me, opponent + 1, dealer=dealer, game=game)
        assert behind.mine.win <= found.mine.win + 1e-6


def test_a_game_already_won_is_certain() -> None:
    assert chances(121, 95, dealer=True).mine == Ends(1.0, 0.0, 0.0)
    assert chances(121, 90, dealer=False).mine == Ends(1.0, 1.0, 0.0)
    assert chances(60, 121, dealer=True).theirs == Ends(1.0, 1.0, 1.0)
    assert chances(60, 121, dealer=True).mine == Ends(0.0, 0.0, 0.0)
    assert chances(31, 61, dealer=True, game=61).theirs == Ends(1.0, 0.0, 0.0)
    assert chances(30, 61, dealer=True, game=61).theirs == Ends(1.0, 1.0, 0.0)


def test_positions_that_are_not_positions() -> None:
    with pytest.raises(OddsError, match="both sides cannot reach 121"):
        chances(121, 125, dealer=True)
    with pytest.raises(OddsError, match="negative"):
        chances(-1, 5, dealer=True)
    with pytest.raises(OddsError, match="no game to 100"):
        chances(1, 5, dealer=True, game=100)


def test_the_first_dealer_is_ahead() -> None:
    # Published: the first dealer wins about 55.5% to 56% of games. The shipped table is an
    # estimate from its deals (docs/odds.md gives its standard error): well within 50-62%.
    first = chances(0, 0, dealer=True).mine.win
    assert 0.5 < first < 0.62


# --- game points ------------------------------------------------------------------------------


def test_game_points_worked_by_hand() -> None:
    # Win 60% (of which skunks 20%, double skunks 5%), lose 40% (skunked 10%).
    found = Chances(0, 0, True, 121, Ends(0.6, 0.2, 0.05), Ends(0.4, 0.1, 0.0))
    acc = parse_convention("acc")
    # Mine: plain 0.4 x 2 + skunk 0.15 x 3 + double 0.05 x 3 = 1.4; theirs: 0.3 x 2 + 0.1 x 3.
    assert found.game_points(acc) == pytest.approx((1.4, 0.9))
    casual = parse_convention("casual")
    assert found.game_points(casual) == pytest.approx((0.4 + 0.3 + 0.2, 0.3 + 0.2))
    assert found.game_points(parse_convention("3,5,8")) == pytest.approx(
        (0.4 * 3 + 0.15 * 5 + 0.05 * 8, 0.3 * 3 + 0.1 * 5)
    )


@pytest.mark.parametrize("text", ["", "acc2", "1,2", "1,2,x", "-1,2,3"])
def test_a_bad_convention(text: str) -> None:
    with pytest.raises(OddsError, match="unknown game points"):
        parse_convention(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [("110", "bad score"), ("a-b", "bad score"), ("1-2-3", "bad score"), ("121-3", "over")],
)
def test_a_bad_score(text: str, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        parse_score(text)


# --- the deals and the discard's model --------------------------------------------------------


def test_the_shipped_deals_read_back_as_written() -> None:
    deals = load_deals()
    assert len(deals) == odds.DEALS
    assert read_deals(write_deals(deals[:20], header="again")) == deals[:20]
    for deal in deals:
        # Every deal scores: the play's last card pegs at least one.
        assert sum(points for _, points in deal.pegs) >= 1


def shifted(pegs: list[tuple[int, int]], side: int, by: int) -> tuple[list[list[int]], int]:
    """``odds._shifted`` on one deal's pegs: the pegs after, and the side's own peg at the end
    of the play (0: none)."""
    seat = np.array([[s for s, _ in pegs]], dtype=np.int64)
    points = np.array([[p for _, p in pegs]], dtype=np.int64)
    empty = np.zeros((1, 2), dtype=np.int64)
    shipped = odds._Shipped(seat, points, empty, empty[:, 0], (0.0, 0.0), 0.0)
    appended = odds._shifted(shipped, points, side, np.array([by]))
    return [[s, p] for s, p in zip(seat[0].tolist(), points[0].tolist(), strict=True)], int(
        appended[0]
    )


def test_a_shift_moves_a_sides_pegging_by_whole_points() -> None:
    start = [(PONE, 2), (DEALER, 1), (PONE, 1)]
    assert shifted(start, PONE, 2) == ([[PONE, 4], [DEALER, 1], [PONE, 1]], 0)
    # Taken from the last pegs first.
    assert shifted(start, PONE, -2) == ([[PONE, 1], [DEALER, 1], [PONE, 0]], 0)
    assert shifted(start, PONE, -1) == ([[PONE, 2], [DEALER, 1], [PONE, 0]], 0)
    assert shifted(start, DEALER, -5) == ([[PONE, 2], [DEALER, 0], [PONE, 1]], 0)  # not below
    assert shifted(start, DEALER, 0) == ([[PONE, 2], [DEALER, 1], [PONE, 1]], 0)
    # A side with no peg gets one of its own at the end.
    assert shifted([(PONE, 1)], DEALER, 2) == ([[PONE, 1]], 2)
    assert shifted([(PONE, 1)], DEALER, -2) == ([[PONE, 1]], 0)


@pytest.mark.parametrize("shift", [-1.25, 0.0, 0.4, 2.9])
def test_whole_shifts_average_the_shift(shift: float) -> None:
    shifts = odds._wholes(shift, np.arange(2000)).tolist()
    assert set(shifts) <= {math.floor(shift), math.floor(shift) + 1}
    assert sum(shifts) / len(shifts) == pytest.approx(shift, abs=0.01)


def one_deal_at_a_time(
    played: PlayedAdvice, entry: PlayChoice, me: int, opponent: int
) -> tuple[float, ...]:
    """The six ends of a way to lay away, its deals made one at a time as ``keep_chances``
    says (each shipped deal with its starter, shifts and shows), solved by ``deal_chances``."""
    deals = load_deals()
    dealer = played.advice.role is Role.DEALER
    seat = DEALER if dealer else PONE
    starters = [card for card in DECK if card not in played.advice.cards]
    uses = [
        sum(1 for i in range(len(deals)) if i % len(starters) == s) for s in range(len(starters))
    ]
    mean_pegs = [sum(deal.pegging[side] for deal in deals) / len(deals) for side in (0, 1)]
    mean_crib = sum(deal.crib for deal in deals) / len(deals)
    keep = entry.choice.keep
    figures = pegging(keep=[card.rank.value for card in keep], role="dealer" if dealer else "pone")
    wanted = {seat: figures.keeper, 1 - seat: figures.opponent}

    def whole(shift: float, place: int) -> int:
        low = math.floor(shift)
        return low + int((place * odds._SPREAD) % 1 < shift - low)

    outcomes = []
    for index, deal in enumerate(deals):
        starter = starters[index % len(starters)]
        pegs = [list(peg) for peg in deal.pegs]
        for side in (PONE, DEALER):
            by = whole(wanted[side] - mean_pegs[side], 3 * index + side)
            mine = [peg for peg in pegs if peg[0] == side]
            if by > 0 and mine:
                mine[0][1] += by
            elif by > 0:
                pegs.append([side, by])
            for peg in reversed(mine if by < 0 else []):
                taken = min(peg[1], -by)
                peg[1], by = peg[1] - taken, by + taken
        hands = list(deal.hand)
        hands[seat] = count_show(Hand((keep[0], keep[1], keep[2], keep[3]), starter)).total
        crib = max(0, deal.crib + whole(float(entry.choice.crib) - mean_crib, 3 * index + 2))
        steps = [(DEALER, heels_points(starter.rank)), *pegs, (PONE, hands[PONE])]
        steps += [(DEALER, hands[DEALER]), (DEALER, crib)]
        weight = 1 / (len(starters) * uses[index % len(starters)])
        outcomes.append((weight, tuple((s, p) for s, p in steps if p)))
    scores = (me, opponent) if dealer else (opponent, me)
    return deal_chances(outcomes, *scores)


@pytest.mark.parametrize(
    ("cards", "role", "me", "opponent"),
    [("7c Js 4d 7s Qh Ad", Role.PONE, 115, 110), ("9c 6h Tc Kh 8d 5d", Role.DEALER, 90, 104)],
)
def test_a_ways_chances_are_those_of_its_deals_one_at_a_time(
    cards: str, role: Role, me: int, opponent: int
) -> None:
    played = with_play(advise_discard([card for card, _ in parse_cards(cards)], role=role))
    found = {kept.entry.choice.keep: kept for kept in odds.keep_chances(played, me, opponent)}
    for entry in played.choices[:3]:
        ends = one_deal_at_a_time(played, entry, me, opponent)
        # Each side's ends alone (plain, skunk, double): a win is any of them.
        dealers, pones = [
            (plain + skunk + double, skunk + double, double)
            for plain, skunk, double in (ends[:3], ends[3:])
        ]
        mine, theirs = (dealers, pones) if role is Role.DEALER else (pones, dealers)
        kept = found[entry.choice.keep]
        assert kept.mine == pytest.approx(mine, abs=1e-12)
        assert kept.theirs == pytest.approx(theirs, abs=1e-12)


# --- made again, and played out -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_table_is_solved_from_the_shipped_deals(game: int) -> None:
    table = solve_board(weighed(load_deals()), BOARDS[game])
    shipped = np.frombuffer(bytes(odds.dealer_table(game)), dtype=np.float32)
    assert np.allclose(table.reshape(-1), shipped, atol=1e-6)


@pytest.mark.slow
def test_shipped_deals_play_again_from_their_seeds() -> None:
    shipped = load_deals()
    for index in (0, 1, len(shipped) - 1):
        assert odds.play_deals(index, index + 1) == [shipped[index]]


# Positions sampled near the end of a game, where a game lasts a deal or two.
SAMPLED = [(115, 110, False), (108, 112, True)]


@pytest.mark.slow
@pytest.mark.parametrize(("me", "opponent", "dealer"), SAMPLED)
def test_direct_play_from_a_position_agrees_with_the_table(
    me: int, opponent: int, dealer: bool
) -> None:
    # Games played out with self-play from the position (other seeds than the shipped
    # deals'): the table's chance lies within the 99% interval of the direct estimate.
    played = odds.play_from(me, opponent, dealer=dealer, games=150, seed=7)
    low, high = played.interval(z=2.576)
    assert low <= chances(me, opponent, dealer=dealer).mine.win <= high


def test_the_seats_are_numbered_as_self_play_numbers_them() -> None:
    from cribcount import selfplay

    assert (PONE, DEALER) == (selfplay.PONE, selfplay.DEALER)
