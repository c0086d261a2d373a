"""The discard advice of many deals (``discard --from``) is exactly the one-deal advice.

``advise_discard``, the definition, is checked against ``count_show``
enumeration in test_discard; here ``advise_many``, its numpy form, is checked
against it, every Fraction and every order, over random deals and deals rich
in jacks and suits, for every table size, role, seat and partnership.
"""

from __future__ import annotations

import io
import itertools
import random

import pytest

from cribcount import discard_file
from cribcount.cards import DECK, Card, parse_cards
from cribcount.discard import Role, advise_discard, discard_seat
from cribcount.discard_file import advise_many
from cribcount.errors import CribcountError, TableError
from cribcount.failed import Failed
from cribcount.from_lines import Done
from cribcount.seats import DEAL_SIZES, seats_laying_away


def tables() -> list[tuple[int, bool, Role, int]]:
    """Every (players, partners, role, seat) that can lay away."""
    found = []
    for players in range(2, 7):
        for partners in (False, True) if players == 6 else (False,):
            for role in Role:
                for seat in seats_laying_away(players):
                    try:
                        discard_seat(players, role=role, seat=seat, partners=partners)
                    except TableError:
                        continue
                    found.append((players, partners, role, seat))
    return found


def random_deals(rng: random.Random, size: int, count: int) -> list[tuple[Card, ...]]:
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


def special_deals(size: int) -> list[tuple[Card, ...]]:
    """Deals rich in what suits score: jacks, one suit, four of a rank."""
    texts = [
        "Jc Jd Jh Js 5c 5d",
        "Ah 2h 3h 4h 5h 6h",
        "5c 5d 5h 5s Jc Kd",
        "Jh Qh Kh 9h Th 5s",
        "Kc Kd Kh Ks Qc Qd",
    ]
    return [tuple(card for card, _ in parse_cards(text))[:size] for text in texts]


@pytest.mark.parametrize(("players", "partners", "role", "seat"), tables())
def test_advise_many_is_advise_discard_exactly(
    players: int, partners: bool, role: Role, seat: int
) -> None:
    size = DEAL_SIZES[players][seat - 1][0]
    rng = random.Random(f"{players}{partners}{role}{seat}")
    deals = special_deals(size) + random_deals(rng, size, 5)  # 400 a table under -m slow
    got = advise_many(deals, role=role, players=players, seat=seat, partners=partners)
    assert got == [
        advise_discard(deal, role=role, players=players, seat=seat, partners=partners)
        for deal in deals
    ]


def test_blocks_keep_the_order_of_the_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discard_file, "BLOCK", 3)
    deals = random_deals(random.Random(7), 6, 10)
    got = advise_many(deals, role=Role.PONE)
    assert [advice.cards for advice in got] == deals
    assert got == [advise_discard(deal, role=Role.PONE) for deal in deals]


@pytest.mark.parametrize(
    "deal",
    [
        tuple(card for card, _ in parse_cards("5h 5d 6c 7s Jh")),
        (*(card for card, _ in parse_cards("5h 5d 6c 7s Jh")), DECK[0], DECK[1]),
    ],
)
def test_a_bad_deal_raises_what_advise_discard_raises(deal: tuple[Card, ...]) -> None:
    with pytest.raises(CribcountError) as plain:
        advise_discard(deal, role=Role.DEALER)
    with pytest.raises(CribcountError) as fast:
        advise_many([deal], role=Role.DEALER)
    assert (type(fast.value), fast.value.message) == (type(plain.value), plain.value.message)


def test_a_card_twice_is_a_deal_error() -> None:
    twice = tuple(card for card, _ in parse_cards("5h 5d 6c 7s Jh")) + (DECK[17],)
    twice = (*twice[:5], twice[0])
    with pytest.raises(CribcountError, match="5h appears twice"):
        advise_many([twice], role=Role.DEALER)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "partners", "role", "seat"), tables())
def test_advise_many_is_advise_discard_over_many_deals(
    players: int, partners: bool, role: Role, seat: int
) -> None:
    size = DEAL_SIZES[players][seat - 1][0]
    deals = random_deals(random.Random(f"slow{players}{partners}{role}{seat}"), size, 400)
    got = advise_many(deals, role=role, players=players, seat=seat, partners=partners)
    assert got == [
        advise_discard(deal, role=role, players=players, seat=seat, partners=partners)
        for deal in deals
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "role", "ranks"),
    [(2, Role.DEALER, "J J 5 4 K 6"), (2, Role.PONE, "J J 5 4 K 6"), (3, Role.PONE, "J 5 4 K J")],
)
def test_advise_many_is_advise_discard_for_every_way_to_suit_a_deal(
    players: int, role: Role, ranks: str
) -> None:
    # Flush, nobs and heels depend on the suits alone: every suiting of these ranks (two
    # jacks, so a jack laid away and one kept, and a five, a four, a six for a flush).
    deals = []
    for suits in itertools.product("cdhs", repeat=len(ranks.split())):
        tokens = [rank + suit for rank, suit in zip(ranks.split(), suits, strict=True)]
        if len(set(tokens)) == len(tokens):  # the two jacks of two suits
            deals.append(tuple(Card.parse(token) for token in tokens))
    got = advise_many(deals, role=role, players=players)
    assert got == [advise_discard(deal, role=role, players=players) for deal in deals]


@pytest.mark.parametrize("players", [2, 3])
def test_lines_in_blocks_give_one_record_each_in_order(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    # A file is advised a block at a time (to hold one block's advice at once): with blocks
    # of three, good and bad lines must still come out one record each, in order.
    monkeypatch.setattr(discard_file, "BLOCK", 3 if players == 2 else 12)
    assert discard_file._block_size(DEAL_SIZES[players][0][1]) == 3
    deals = random_deals(random.Random(11), DEAL_SIZES[players][0][0], 8)
    lines = [" ".join(map(str, deal)) for deal in deals]
    lines[2:2] = ["# a comment", "5h 5h 6c 7s Jh Kd", ""]
    lines.insert(7, "xx")
    stream = io.BytesIO("".join(line + "\n" for line in lines).encode())
    records = list(discard_file.advise_lines(stream, role=Role.PONE, players=players))
    # Line 3 is a comment and line 5 blank: skipped, but counted.
    assert [record.line for record in records] == [1, 2, 4, 6, 7, 8, 9, 10, 11, 12]
    failed = [record.line for record in records if isinstance(record, Failed)]
    assert failed == [4, 8]
    advised = [record.result for record in records if isinstance(record, Done)]
    assert advised == [advise_discard(deal, role=Role.PONE, players=players) for deal in deals]
