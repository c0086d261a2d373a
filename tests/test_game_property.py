"""Random legal games, written by a plain generator of their own: right claims change nothing.

The generator deals from a shuffled deck by the deal table, lays away at
random, and plays out each play with the tests' plain simulation of the play
(conftest's ``simulate``, writing the gos or none), then writes the record with or
without claims. A claim equal to the true count must score exactly what no
claim scores, with muggins on or off.
"""

from __future__ import annotations

import random

import pytest
from conftest import simulate
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import DECK, Card, Hand, format_cards
from cribcount.game import Game, read_record, score_game
from cribcount.show import count_show

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
# (cards dealt, laid away) by table size, seat 1 first: as a player reads the deal table.
DEALT = {
    2: [(6, 2)] * 2,
    3: [(5, 1)] * 3,
    4: [(5, 1)] * 4,
    5: [(5, 1)] * 4 + [(4, 0)],
    6: [(5, 1)] * 4 + [(4, 0)] * 2,
}


def random_record(seed: int, players: int, *, game: int, partners: bool) -> list[list[str]]:
    """The statements of a random game, deal by deal; show and crib lines end ``CLAIM n``."""
    rng = random.Random(seed)
    names = NAMES[:players]
    header = [f"game {game}", "players " + " ".join(names)] + (["partners"] if partners else [])
    deals = [header]
    dealer = rng.randrange(players)
    for _ in range(16):
        seats = [names[(dealer + k) % players] for k in range(1, players + 1)]
        deck = list(DECK)
        rng.shuffle(deck)
        lines = [f"deal {names[dealer]}"]
        kept_by_seat = []
        crib: list[Card] = []
        for name, (dealt, away) in zip(seats, DEALT[players], strict=True):
            cards = [deck.pop() for _ in range(dealt)]
            rng.shuffle(cards)
            kept, laid = cards[:4], cards[4 : 4 + away]
            kept_by_seat.append(kept)
            crib += laid
            lines.append(f"hand {name} {format_cards(kept)} | {format_cards(laid)}")
        if len(crib) < 4:
            extra = deck.pop()
            crib.append(extra)
            lines.append(f"extra {extra}")
        starter = deck.pop()
        lines.append(f"starter {starter}")
        gos = rng.random() < 0.5
        words, _ = simulate(kept_by_seat, rng)
        lines.append("play " + " ".join(word for word, _ in words if gos or word != "go"))
        for name, kept in zip(seats, kept_by_seat, strict=True):
            total = count_show(Hand((kept[0], kept[1], kept[2], kept[3]), starter)).total
            lines.append(f"show {name} CLAIM {total}")
        crib_hand = Hand((crib[0], crib[1], crib[2], crib[3]), starter)
        lines.append(f"crib CLAIM {count_show(crib_hand, crib=True).total}")
        rng.shuffle(lines[1:])  # the statements of a deal come in any order
        deals.append(lines)
        dealer = (dealer + 1) % players
    return deals


def write(deals: list[list[str]], *, claims: bool, muggins: bool) -> str:
    lines = [f"muggins {'on' if muggins else 'off'}"]
    for deal in deals:
        for line in deal:
            if "CLAIM" not in line:
                lines.append(line)
            elif claims:
                lines.append(line.replace("CLAIM ", ""))
    return "\n".join(lines) + "\n"


def scored(text: str) -> Game:
    return score_game(read_record(text))


TABLES = st.sampled_from([(2, False), (3, False), (4, False), (5, False), (6, False), (6, True)])


@pytest.mark.parametrize("games", [12, pytest.param(400, marks=pytest.mark.slow)])
def test_right_claims_score_as_no_claims(games: int) -> None:
    # A dozen random games in the default run; many more under -m slow.
    @settings(max_examples=games)
    @given(seed=st.integers(0, 2**32), table=TABLES, game=st.sampled_from([121, 61]))
    def check(seed: int, table: tuple[int, bool], game: int) -> None:
        players, partners = table
        deals = random_record(seed, players, game=game, partners=partners)
        plain = scored(write(deals, claims=False, muggins=False))
        for muggins in (False, True):
            claimed = scored(write(deals, claims=True, muggins=muggins))
            assert claimed.scores == plain.scores
            assert claimed.winner == plain.winner
            assert claimed.wrong_claims == ()
            assert [len(d.events) for d in claimed.deals] == [len(d.events) for d in plain.deals]
        # Nothing counts after the one event that reaches the game, and the score of every
        # side but the winner's is the sum of its points.
        counted = [event for deal in plain.deals for event in deal.events]
        reaching = [i for i, event in enumerate(counted) if max(event.scores) >= game]
        assert reaching in ([], [len(counted) - 1])
        for side, final in plain.scores.items():
            if side != plain.winner:
                assert final == sum(e.points for e in counted if plain.side_of(e.player) == side)

    check()
