"""Mutated game records: never a traceback, a documented status, no impossible record accepted."""

from __future__ import annotations

import random
from functools import cache

from conftest import outcome, simulate
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, format_cards, parse_card, tokenize


def record(seed: int, deals: int = 3) -> list[str]:
    """A good two-player record of ``deals`` deals, cards, play and claims."""
    rng = random.Random(seed)
    lines = ["players Ann Ben", "muggins on"]
    for number in range(deals):
        dealer, pone = ("Ann", "Ben") if number % 2 == 0 else ("Ben", "Ann")
        cards = rng.sample(DECK, 13)
        words, _ = simulate([cards[:4], cards[6:10]], rng)
        lines += [
            f"deal {dealer}",
            f"hand {pone} {format_cards(cards[:4])} | {format_cards(cards[4:6])}",
            f"hand {dealer} {format_cards(cards[6:10])} | {format_cards(cards[10:12])}",
            f"starter {cards[12]}",
            "play " + " ".join(word for word, _ in words),
            f"show {pone} {rng.choice([0, 2, 4, 8, 12])}",
            f"crib {rng.choice([0, 2, 5])}",
        ]
    # Then a deal kept as a score sheet: only the points.
    dealer, pone = ("Ann", "Ben") if deals % 2 == 0 else ("Ben", "Ann")
    lines += [f"deal {dealer}", f"peg {pone} {rng.choice([0, 1, 30])}", f"peg {dealer} 31"]
    lines += [f"show {pone} 29", f"show {dealer} 24", "crib 28"]
    return lines


@cache
def possible_shows() -> frozenset[int]:
    """Every count some hand or crib scores, from the exact distributions over every deal."""
    from cribcount.stats import deal_stats

    stats = deal_stats()
    return frozenset(
        points
        for side in (stats.hand, stats.crib)
        for points, deals in enumerate(side.counts)
        if deals
    )


def referee(lines: list[str]) -> None:
    """Check a record the game accepted, without the game's reader: each deal's cards once,
    six a hand with two players, claims some hand scores, pegging no play reaches."""
    players: list[str] = []
    deal_cards: list[str] = []
    pegged: dict[str, int] = {}
    dealer = None
    for line in lines:
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        keyword = words[0].lower()
        if keyword == "players":
            players = words[1:]
        elif keyword == "deal":
            if dealer is not None:
                assert words[1] == players[(players.index(dealer) + 1) % len(players)]
            dealer, deal_cards, pegged = words[1], [], {}
        elif keyword == "hand":
            cards = [
                str(parse_card(t.text)) for t in tokenize(" ".join(words[2:])) if t.text != "|"
            ]
            assert len(cards) == 6
            deal_cards += cards
        elif keyword == "starter":
            deal_cards.append(str(parse_card(words[1])))
        elif keyword == "show":
            assert int(words[2]) in possible_shows()
        elif keyword == "crib":
            assert int(words[1]) in possible_shows()
        elif keyword == "peg":
            pegged[words[1]] = pegged.get(words[1], 0) + int(words[2])
            assert pegged[words[1]] <= 60
        assert len(deal_cards) == len(set(deal_cards))


MUTATIONS = st.lists(
    st.tuples(
        st.sampled_from(["delete", "duplicate", "swap", "flip"]),
        st.integers(0, 10_000),
        st.integers(0, 10_000),
    ),
    min_size=1,
    max_size=4,
)


@given(seed=st.integers(0, 2**32 - 1), mutations=MUTATIONS)
def test_a_mutated_record_is_checked_never_crashes_and_never_accepts_the_impossible(
    seed: int, mutations: list[tuple[str, int, int]]
) -> None:
    lines = record(seed)
    for how, at, other in mutations:
        at %= len(lines)
        if how == "delete":
            del lines[at]
        elif how == "duplicate":
            lines.insert(at, lines[at])
        elif how == "swap":
            other %= len(lines)
            lines[at], lines[other] = lines[other], lines[at]
        elif lines[at]:
            line = lines[at]
            i = other % len(line)
            lines[at] = line[:i] + chr((ord(line[i]) + 1 + other % 7) % 0x80) + line[i + 1 :]
        if not lines:
            lines = ["# empty"]
    code, out, err = outcome("game", "-", stdin="\n".join(lines) + "\n")
    assert "Traceback" not in err
    assert code in (0, 1, 2)
    if code == 2:
        assert out == "" and err and all(line.startswith("<stdin>:") for line in err.splitlines())
    else:
        assert err == ""
        referee(lines)


def test_the_good_records_are_accepted() -> None:
    for seed in range(5):
        code, _, err = outcome("game", "-", stdin="\n".join(record(seed)) + "\n")
        assert code in (0, 1) and err == ""
