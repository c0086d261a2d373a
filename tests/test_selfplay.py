"""Self-play: deals scored as the rules score them, games to their end, runs reproducible."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cribcount.cards import Card
from cribcount.selfplay import (
    DEALER,
    PHASES,
    PONE,
    Tally,
    choose_card,
    play_deal,
    play_game,
    play_games,
)
from cribcount.turns import PlayState
from tests.conftest import card, plain_points, value


def replay_pegs(laid: Sequence[tuple[int, Card]]) -> list[int]:
    """Each seat's points in a two-player play laid in this order, worked out from the rules
    afresh: a go when the next card does not fit, the go to the last to lay, the last card."""
    points = [0, 0]
    pile: list[Card] = []
    last = -1
    for seat, laid_card in laid:
        if sum(value(c) for c in pile) + value(laid_card) > 31:
            points[last] += 1  # nobody could play on: the go
            pile = []
        pile.append(laid_card)
        last = seat
        points[seat] += sum(plain_points(pile).values())
        if sum(value(c) for c in pile) == 31:
            pile = []
    if pile:
        points[last] += 1  # the last card, when it did not make 31
    return points


@pytest.mark.parametrize("strategies", [("show", "show"), ("engine", "show"), ("show", "engine")])
def test_a_deal_pegs_what_the_rules_give_its_cards(strategies: tuple[str, str]) -> None:
    rng = random.Random(11)
    for _ in range(4):
        points = play_deal(strategies, rng, samples=4)
        assert list(points.pegging) == replay_pegs(points.laid)
        # Every kept card is laid once, pone first.
        assert points.laid[0][0] == PONE
        for seat in (PONE, DEALER):
            assert sorted(c for s, c in points.laid if s == seat) == sorted(points.kept[seat])


def test_a_deal_counts_heels_and_the_crib_for_the_dealer_only() -> None:
    rng = random.Random(3)
    for _ in range(20):
        points = play_deal(("show", "show"), rng)
        assert points.heels == (2 if points.starter.rank == 11 else 0)
        assert points.phase("crib", PONE) == points.phase("heels", PONE) == 0
        assert points.total(DEALER) == (
            points.heels + points.pegging[DEALER] + points.hand[DEALER] + points.crib
        )


def test_the_greedy_pegger_takes_the_points_then_the_higher_rank() -> None:
    state = PlayState(("pone", "dealer"), "", [4, 4])
    state.lay(card("Kc"), None)  # type: ignore[arg-type]
    rng = random.Random(0)
    # At 10: the five makes 15 for 2; the king pairs for 2; the ace, nothing. Tie: the king.
    held = [card("5h"), card("Kd"), card("Ah"), card("2c")]
    assert choose_card("show", state, held, [], rng=rng) == card("Kd")
    # Without the king, the five's fifteen.
    assert choose_card("show", state, held[::2] + held[3:], [], rng=rng) == card("5h")
    # At the lead nothing scores: the highest rank.
    fresh = PlayState(("pone", "dealer"), "", [4, 4])
    assert choose_card("show", fresh, [card("2c"), card("9d"), card("4s")], [], rng=rng) == card(
        "9d"
    )


def test_the_engine_takes_a_sure_thirty_one() -> None:
    # Dealer to play at 21 with a ten, a nine and a two; pone may hold only face cards. The ten
    # makes 31 for 2; the nine (30) or the two (23) would leave pone a go or a pair.
    state = PlayState(("pone", "dealer"), "", [4, 4])
    for text in ("8c", "5d", "8h"):
        state.lay(card(text), None)  # type: ignore[arg-type]
    unseen = [card(text) for text in ("Qs", "Js", "Ks")]
    move = choose_card(
        "engine", state, [card("Td"), card("9d"), card("2d")], unseen, rng=random.Random(0)
    )
    assert move == card("Td")


def test_a_game_ends_at_its_target_with_the_skunk_of_its_board() -> None:
    for index in range(4):
        result = play_game(("show", "show"), seed=5, index=index, target=61)
        winner, loser = result.scores[result.winner], result.scores[1 - result.winner]
        assert winner == 61 and loser < 61
        assert result.skunk == (1 if loser <= 30 else 0)
        # The deal passes: the first dealer is A in even games, B in odd ones.
        dealers = [dealer for dealer, _ in result.deals]
        assert dealers == [(index + i) % 2 for i in range(len(dealers))]
        # Every deal before the last was counted whole.
        before = [0, 0]
        for dealer, deal in result.deals[:-1]:
            before[dealer] += deal.total(DEALER)
            before[1 - dealer] += deal.total(PONE)
        assert max(before) < 61
        assert all(before[p] <= result.scores[p] for p in (0, 1))


def test_a_run_is_the_same_for_a_seed_whatever_the_processes() -> None:
    one = play_games(("engine", "show"), 5, seed=9, target=61, samples=2)
    two = play_games(("engine", "show"), 5, seed=9, target=61, samples=2, jobs=2)
    assert one == two
    assert one.games == 5 and sum(one.wins) == 5
    assert play_games(("show", "show"), 5, seed=10, target=61) != play_games(
        ("show", "show"), 5, seed=9, target=61
    )


def test_a_tally_adds_every_deal_by_phase_and_seat() -> None:
    results = [play_game(("show", "engine"), seed=2, index=i, target=61, samples=4) for i in (0, 1)]
    tally = Tally()
    for index, result in enumerate(results):  # game 0 and game 1 of seed 2
        tally.add(result, index)
    for player in (0, 1):
        for seat in (PONE, DEALER):
            deals = [
                deal
                for result in results
                for dealer, deal in result.deals
                if (dealer == player) == (seat == DEALER)
            ]
            assert tally.dealt[player][seat] == len(deals)
            for name in PHASES:
                assert tally.points[player][seat][name] == sum(d.phase(name, seat) for d in deals)
    assert tally.wins == [sum(r.winner == p for r in results) for p in (0, 1)]
