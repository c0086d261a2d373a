"""The discard with the play: the exact choices, each with the table's pegging, ranked by total."""

from __future__ import annotations

import pytest

from cribcount.cards import parse_cards
from cribcount.discard import Role, advise_discard
from cribcount.discard_play import with_play
from cribcount.pegging_table import pegging


def deal(text: str) -> list:  # type: ignore[type-arg]
    return [card for card, _ in parse_cards(text)]


@pytest.mark.parametrize("role", [Role.DEALER, Role.PONE])
def test_each_choice_gains_its_keeps_net_pegging(role: Role) -> None:
    advice = advise_discard(deal("5h 5d 6c 7s Jh Kd"), role=role)
    played = with_play(advice)
    assert sorted(map(id, (p.choice for p in played.choices))) == sorted(map(id, advice.choices))
    seat = role.value
    for entry in played.choices:
        table = pegging(keep=[card.rank.value for card in entry.choice.keep], role=seat)
        assert entry.peg == table.keeper - table.opponent
        assert entry.peg_error == table.net_se
        assert entry.total == float(entry.choice.net) + entry.peg
    totals = [entry.total for entry in played.choices]
    assert totals == sorted(totals, reverse=True)


def test_hand_and_crib_are_unchanged() -> None:
    advice = advise_discard(deal("Ah 2h 3h 4h 5h 6h"), role=Role.PONE)
    played = with_play(advice)
    assert {p.choice for p in played.choices} == set(advice.choices)


def test_the_play_is_for_two_players() -> None:
    advice = advise_discard(deal("5h 5d 6c 7s Jh"), role=Role.PONE, players=3)
    with pytest.raises(ValueError, match="two players"):
        with_play(advice)
