"""The value of a deal to a seat: choices valued as ``discard`` ranks them, the shipped averages."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from conftest import outcome

from cribcount.deal_values import (
    VALUES_DATA,
    average,
    choice_values,
    estimate,
    seat_role,
    table_rows,
)
from cribcount.discard import Role, parse_deal


def test_the_seat_whose_side_the_crib_scores_for_is_the_dealers() -> None:
    # Two players: pone, dealer. Four: partners opposite, seats 2 and 4 with the dealer.
    assert [seat_role(2, s) for s in (1, 2)] == [Role.PONE, Role.DEALER]
    assert [seat_role(4, s) for s in (1, 2, 3, 4)] == [Role.PONE, Role.DEALER] * 2
    # Six: seat 3 is the dealer's partner only when six play as partners.
    assert seat_role(6, 3) is Role.PONE and seat_role(6, 3, partners=True) is Role.DEALER


@pytest.mark.parametrize(
    ("cards", "options"),
    [
        ("5h 5d 6c 7s Jh Kd", ("--pone",)),
        ("Ah 2h 3h 4h 5h 6h", ("--dealer",)),
    ],
)
def test_two_player_values_are_discards_totals(cards: str, options: tuple[str, ...]) -> None:
    _, out, _ = outcome("discard", cards, *options, "-f", "json")
    listed = [(tuple(o["discard"]), o["total"]) for o in json.loads(out)["options"]]
    role = 1 if options == ("--pone",) else 2
    found = [
        (tuple(map(str, v.discard)), v.value)
        for v in choice_values(parse_deal(cards), players=2, seat=role)
    ]
    # discard's JSON writes totals to 4 decimals; the order is its order.
    assert [d for d, _ in found] == [d for d, _ in listed]
    assert [v for _, v in found] == pytest.approx([t for _, t in listed], abs=5e-5)
    assert len(found) == len(list(combinations(range(6), 2)))


def test_three_to_six_players_value_by_net_alone() -> None:
    _, out, _ = outcome(
        "discard", "5h 5d 6c 7s Jh", "--players", "5", "--seat", "2", "--pone", "-f", "json"
    )
    nets = {tuple(o["discard"]): o["net"] for o in json.loads(out)["options"]}
    found = choice_values(parse_deal("5h 5d 6c 7s Jh", players=5), players=5, seat=2)
    assert {tuple(map(str, v.discard)): v.value for v in found} == nets
    assert all(v.error == 0 for v in found)


def test_the_table_has_every_seat_that_lays_away() -> None:
    # 2 + 3 + 4 + 4 (the dealer of five lays nothing) + 4 + 4 (six alone, and as partners).
    assert len(table_rows()) == 21
    for players, partners, seat in table_rows():
        assert average(players, seat, partners=partners).deals > 0
    with pytest.raises(KeyError):
        average(5, 5)


def test_seats_in_the_same_place_have_the_same_average_within_the_error() -> None:
    # At three to six players every seat that lays one card away against the crib faces the
    # same deal (three unseen crib cards), and so does every seat that shares it: their
    # averages, estimated apart, agree within their errors.
    for dealer in (False, True):
        found = [
            average(p, s, partners=partners)
            for p, partners, s in table_rows()
            if p > 2 and (seat_role(p, s, partners=partners) is Role.DEALER) == dealer
        ]
        low = min(found, key=lambda a: a.mean)
        high = max(found, key=lambda a: a.mean)
        assert high.mean - low.mean < 4.5 * (high.se**2 + low.se**2) ** 0.5
    # The dealer's side gains the crib and the pone's loses it: far apart.
    assert average(2, 2).mean - average(2, 1).mean > 8


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seat", "partners"), [(2, 1, False), (6, 3, True)])
def test_a_shipped_row_is_made_again_alone(players: int, seat: int, partners: bool) -> None:
    stored = average(players, seat, partners=partners)
    again = estimate(players, seat, partners=partners, deals=stored.deals)
    assert round(again.mean, 4) == stored.mean
    assert round(again.se, 4) == stored.se
    assert VALUES_DATA.endswith("deal_values.csv")
