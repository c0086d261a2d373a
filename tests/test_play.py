"""Tests of the pegging engine, ``cribcount.play``.

Every expected value below is worked out by hand from RULES.md ("The play"),
or by the plain simulation of conftest (``simulate``), never copied from the
engine's own output.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import SEAT_NAMES, Row, rows, simulate
from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, Card, CribcountError, DealError, NotationError, format_cards
from cribcount.play import Pegging, PlayError, peg, peg_seated, score_card, seating
from cribcount.seats import TableError


def peg_with(text: str, hands: dict[str, str]) -> Pegging:
    """Peg ``text``, with pone's and the dealer's hands when ``hands`` has them."""
    return peg(text, pone=hands.get("pone"), dealer=hands.get("dealer"))


# K 10, 9 19, 10 29 and the dealer's go, as in RULES.md example 3.
K_9_10_GO: list[Row] = [
    ("pone", "Kc", 10, {}),
    ("dealer", "9d", 19, {}),
    ("pone", "Th", 29, {}),
    ("dealer", None, 29, {}),
]
# K 10, Q 20, 9 29, the dealer's go and pone's: nobody can play, pone takes the go.
K_Q_9_GO_GO: list[Row] = [
    ("pone", "Kc", 10, {}),
    ("dealer", "Qd", 20, {}),
    ("pone", "9h", 29, {}),
    ("dealer", None, 29, {}),
    ("pone", None, 29, {"go": 1}),
]


# --- the three worked examples of RULES.md -----------------------------------------------------

WORKED_EXAMPLES: list[tuple[str, list[Row], dict[str, int]]] = [
    # 1. You 7, Rival 8 (15 for 2), You 8 (pair 2, and 1 for last card): You 3, Rival 2.
    (
        "7c 8d 8h",
        [
            ("pone", "7c", 7, {}),
            ("dealer", "8d", 15, {"fifteen": 2}),
            ("pone", "8h", 23, {"pair": 2, "last-card": 1}),
        ],
        {"pone": 3, "dealer": 2},
    ),
    # 2. You 4, Rival 6, You 5 (run of three 3 + fifteen 2 + last card 1 = 6).
    (
        "4c 6d 5h",
        [
            ("pone", "4c", 4, {}),
            ("dealer", "6d", 10, {}),
            ("pone", "5h", 15, {"fifteen": 2, "run": 3, "last-card": 1}),
        ],
        {"pone": 6, "dealer": 0},
    ),
    # 3. You K (10), Rival 9 (19), You 10 (29), Rival: go, You 2 (31 for 2; no go point),
    #    Rival 7 (7), You 6 (13, last card 1): You 3, Rival 0.  After 31 the player after
    #    the one who played last (You) leads: Rival's 7.
    (
        "Kc 9d Th go 2s 7c 6s",
        [
            *K_9_10_GO,
            ("pone", "2s", 31, {"thirty-one": 2}),
            ("dealer", "7c", 7, {}),
            ("pone", "6s", 13, {"last-card": 1}),
        ],
        {"pone": 3, "dealer": 0},
    ),
]


@pytest.mark.parametrize(("text", "expected_rows", "totals"), WORKED_EXAMPLES)
def test_worked_examples_of_the_rules(
    text: str, expected_rows: list[Row], totals: dict[str, int]
) -> None:
    pegging = peg(text)
    assert rows(pegging) == expected_rows
    assert pegging.totals == totals


# --- table of plays from the rules, worked by hand ---------------------------------------------

# (play, the last card's items, totals)
LAST_CARD_TABLE: list[tuple[str, dict[str, int], dict[str, int]]] = [
    # 4, 2, 3 is a run of three.
    ("4c 2d 3s", {"run": 3, "last-card": 1}, {"pone": 4, "dealer": 0}),
    # 4, 2, 9, 3 is not: the 9 breaks it (pone's 9 makes 15).
    ("4c 2d 9h 3s", {"last-card": 1}, {"pone": 2, "dealer": 1}),
    # 3, 5, 4, 2 is a run of four for the player of the 2 (the 4 made a run of three).
    ("3c 5d 4h 2s", {"run": 4, "last-card": 1}, {"pone": 3, "dealer": 5}),
    # A run of four is not also runs of three: 3 4 5 6, the 5 scored a run of three.
    ("3c 4d 5h 6s", {"run": 4, "last-card": 1}, {"pone": 3, "dealer": 5}),
    # The ace is low only: A 2 3 is a run, Q K A is not.
    ("Ac 2d 3h", {"run": 3, "last-card": 1}, {"pone": 4, "dealer": 0}),
    ("Qc Kd Ah", {"last-card": 1}, {"pone": 1, "dealer": 0}),
    # A run after a pair: 5 5 (pair) 4, then 6 makes 5 4 6 a run of three; 5 5 4 6 is not.
    ("5c 5d 4h 6s", {"run": 3, "last-card": 1}, {"pone": 0, "dealer": 6}),
    # Pair royal and double pair royal: 5 5 (pair 2) 5 (15, pair royal 6) 5 (12).
    ("5c 5d 5h 5s", {"pair": 12, "last-card": 1}, {"pone": 8, "dealer": 15}),
    # A pair royal broken by an interloper: 7 7 8 7, the last 7 pairs nothing.
    ("7c 7d 8h 7s", {"last-card": 1}, {"pone": 0, "dealer": 3}),
    # A run of seven: A to 7 makes 28; every card from the 3 on made a run, the 5 also 15.
    ("Ac 2d 3h 4s 5c 6d 7h", {"run": 7, "last-card": 1}, {"pone": 3 + 7 + 8, "dealer": 4 + 6}),
    # 31 with a run: 4 8 9 10 is 31, and 8 9 10 a run of three; on 31 no last card.
    ("4c 8d 9h Ts", {"thirty-one": 2, "run": 3}, {"pone": 0, "dealer": 5}),
    # Last card on 31: only the 2 for 31 (K 9 10, the dealer's 2).
    ("Kc 9d Th 2s", {"thirty-one": 2}, {"pone": 0, "dealer": 2}),
    # 15 and a pair together: 5 5 5 is 15 and a pair royal for the third 5.
    ("5c 5d 5h", {"fifteen": 2, "pair": 6, "last-card": 1}, {"pone": 9, "dealer": 2}),
]


@pytest.mark.parametrize(("text", "last_items", "totals"), LAST_CARD_TABLE)
def test_plays_from_the_rules(
    text: str, last_items: dict[str, int], totals: dict[str, int]
) -> None:
    pegging = peg(text)
    last_card = [row for row in rows(pegging) if row[1] is not None][-1]
    assert last_card[3] == last_items
    assert pegging.totals == totals


def test_pairs_do_not_count_across_a_reset_after_31() -> None:
    # K 9 10 2 is 31; the dealer's 2 leads a new count and pairs nothing.
    assert rows(peg("Kc 9d Th go 2s 2d")) == [
        *K_9_10_GO,
        ("pone", "2s", 31, {"thirty-one": 2}),
        ("dealer", "2d", 2, {"last-card": 1}),
    ]


def test_pairs_and_runs_do_not_count_across_a_reset_after_go() -> None:
    # K Q 9 is 29; both say go, pone takes the go; dealer's 9 leads and pairs nothing,
    # and pone's 8 after it is 17 with no run (the old count's 9 is gone).
    assert rows(peg("Kc Qd 9h go go 9c 8s")) == [
        *K_Q_9_GO_GO,
        ("dealer", "9c", 9, {}),
        ("pone", "8s", 17, {"last-card": 1}),
    ]


@pytest.mark.parametrize("text", ["Kc Qd 9h go go 8c 3s 4d", "Kc Qd 9h go 8c 3s 4d"])
def test_go_followed_by_a_fifteen_for_the_other_player(text: str) -> None:
    # 29 after K Q 9; dealer says go, pone cannot play either and takes the go.  The
    # dealer leads 8, pone 3 (11), dealer 4 makes 15.  Written or not, pone's go is the
    # same: the 8 cannot follow 29, so the count was over.
    pegging = peg(text)
    assert rows(pegging) == [
        *K_Q_9_GO_GO,
        ("dealer", "8c", 8, {}),
        ("pone", "3s", 11, {}),
        ("dealer", "4d", 15, {"fifteen": 2, "last-card": 1}),
    ]
    assert pegging.totals == {"pone": 1, "dealer": 3}


def test_after_a_go_the_other_player_keeps_playing() -> None:
    # 9 10 K is 29; the dealer says go and pone keeps playing: the A (30).  The 2 would
    # make 32, so pone could not play either: pone takes the go, and the 2 leads a new
    # count, laid by the player after pone, the dealer.
    pegging = peg("9c Td Kh go Ac 2s")
    assert rows(pegging) == [
        ("pone", "9c", 9, {}),
        ("dealer", "Td", 19, {}),
        ("pone", "Kh", 29, {}),
        ("dealer", None, 29, {}),
        ("pone", "Ac", 30, {}),
        ("pone", None, 30, {"go": 1}),
        ("dealer", "2s", 2, {"last-card": 1}),
    ]


def test_the_word_go_is_read_in_any_case() -> None:
    assert rows(peg("Kc 9d Th GO 2s")) == rows(peg("Kc 9d Th go 2s"))
    assert rows(peg("Kc 9d Th Go 2s")) == rows(peg("Kc,9d,Th,go,2s"))


def test_a_go_that_ends_the_play_pays_the_only_point_for_the_end() -> None:
    # The last count was closed by pone's go: no last card point on top of it.
    pegging = peg("Kc 9d Th go go")
    assert pegging.totals == {"pone": 1, "dealer": 0}


# --- with the hands given ------------------------------------------------------------------

HANDS = {"pone": "Kc Th 2s 6s", "dealer": "9d 7c Qh Jh"}
# Pone K (10), dealer 9 (19), pone 10 (29), dealer holds 7 Q J: go (written or not);
# pone 2 (31 for 2).  Dealer leads 7, pone 6 (13; pone is out of cards), dealer Q (23),
# the J would pass 31: dealer takes the go and leads the J, the last card.
HANDS_ROWS: list[Row] = [
    *K_9_10_GO,
    ("pone", "2s", 31, {"thirty-one": 2}),
    ("dealer", "7c", 7, {}),
    ("pone", "6s", 13, {}),
    ("dealer", "Qh", 23, {}),
    ("dealer", None, 23, {"go": 1}),
    ("dealer", "Jh", 10, {"last-card": 1}),
]


@pytest.mark.parametrize(
    "text",
    ["Kc 9d Th 2s 7c 6s Qh Jh", "Kc 9d Th go 2s 7c 6s Qh Jh", "Kc 9d Th go 2s 7c 6s Qh go Jh"],
)
def test_hands_let_the_gos_be_left_out(text: str) -> None:
    pegging = peg_with(text, HANDS)
    assert rows(pegging) == HANDS_ROWS
    assert pegging.totals == {"pone": 2, "dealer": 2}


def test_without_hands_the_same_play_needs_only_the_first_go() -> None:
    assert rows(peg("Kc 9d Th go 2s 7c 6s Qh Jh")) == HANDS_ROWS


OUT_OF_CARDS_ROWS: list[Row] = [
    ("pone", "Kc", 10, {}),
    ("dealer", "9d", 19, {}),
    ("pone", "Qc", 29, {}),
    ("dealer", None, 29, {}),
    ("pone", None, 29, {"go": 1}),
    ("dealer", "8d", 8, {}),
    ("pone", "Jc", 18, {}),
    ("dealer", "7d", 25, {}),
    ("pone", "5c", 30, {}),
    ("dealer", None, 30, {}),
    ("pone", None, 30, {"go": 1}),
    ("dealer", "6d", 6, {"last-card": 1}),
]


@pytest.mark.parametrize(
    ("text", "hands"),
    [
        ("Kc 9d Qc 8d Jc 7d 5c 6d", {"pone": "Kc Qc Jc 5c", "dealer": "9d 8d 7d 6d"}),
        ("Kc 9d Qc go 8d Jc 7d 5c 6d", {}),
    ],
)
def test_go_point_when_the_last_player_is_out_of_cards(text: str, hands: dict[str, str]) -> None:
    # K 9 Q is 29: the dealer (6 7 8 left) says go, pone (J 5) cannot play: go for 1 to
    # pone.  Dealer leads 8, pone J (18), dealer 7 (25), pone lays its last card, the
    # 5 (30).  The dealer's 6 would pass 31: the go point is pone's, though pone holds
    # nothing to say go with, and the dealer leads the 6, the last card.
    pegging = peg_with(text, hands)
    assert rows(pegging) == OUT_OF_CARDS_ROWS
    assert pegging.totals == {"pone": 2, "dealer": 1}


# --- score_card, the scoring of one card -------------------------------------------------------

SCORE_CARD_TABLE: list[tuple[list[int], int, dict[str, int]]] = [
    ([5], 5, {}),
    ([10, 5], 15, {"fifteen": 2}),
    ([10, 10, 10, 1], 31, {"thirty-one": 2}),
    ([7, 7], 14, {"pair": 2}),
    ([7, 7, 7], 21, {"pair": 6}),
    ([5, 5, 5], 15, {"fifteen": 2, "pair": 6}),
    ([2, 2, 2, 2], 8, {"pair": 12}),
    ([9, 7, 8], 24, {"run": 3}),
    ([3, 5, 4, 2], 14, {"run": 4}),
    ([3, 4, 2, 9, 3], 21, {}),
    ([6, 6, 5, 7], 24, {"run": 3}),
    ([13, 12, 1], 21, {}),
    ([11, 12, 13], 30, {"run": 3}),
]


@pytest.mark.parametrize(("ranks", "count", "expected"), SCORE_CARD_TABLE)
def test_score_card(ranks: list[int], count: int, expected: dict[str, int]) -> None:
    assert {item.kind.value: item.points for item in score_card(ranks, count)} == expected


# --- errors: each names the bad token and its column -------------------------------------------

NO_HANDS: dict[str, str] = {}

ERRORS: list[tuple[str, dict[str, str], str, int]] = [
    # A card played twice.
    ("Kc 9d Kc", NO_HANDS, "column 7: Kc appears twice (first at column 1)", 7),
    # A count that would pass 31 with no way to reset.
    ("Kc 9d Th 5s", NO_HANDS, "column 10: 5s would take the count from 29 to 34", 10),
    # More than 8 cards.
    ("Ac 2c 3c 4c 5c 6c 7c 8c 9c", NO_HANDS, "column 25: more than 8 cards: 9c", 25),
    # A go where any card fits (21 or less): the player could play.
    ("Kc 9d go", NO_HANDS, "column 7: go at count 19", 7),
    ("go Kc", NO_HANDS, "column 1: go at count 0", 1),
    # Bad notation keeps its own message and column.
    ("Kc 9x", NO_HANDS, "column 4: unknown suit 'x' in '9x'", 4),
    ("Kc / 9d", NO_HANDS, "column 4: unknown card '/'", 4),
    # A go from a player who could play, when the hands are known.
    ("Kc 9d go", HANDS, "column 7: go from pone, who can play 2s 6s Th at count 19", 7),
    # A card from the wrong hand, from neither hand, or one that does not fit.
    ("Kc 9d 7c", HANDS, "column 7: 7c is dealer's, but it is pone's turn", 7),
    ("Kc 9d 3h", HANDS, "column 7: 3h is in neither hand", 7),
    (
        "Kc 9d Th Qh",
        HANDS,
        "column 10: Qh is dealer's, but it is pone's turn and pone can play 2s",
        10,
    ),
    ("Kc 9d Th 2s 7c 6s Qh", HANDS, "column 21: the play stops with Jh still in hand", 21),
    ("Kc 9d Th 2s 7c 6s Qh Jh go", HANDS, "column 25: go after every card was laid", 25),
    # Bad hands.
    ("Kc", {"pone": "Kc Th 2s", "dealer": "9d 7c Qh Jh"}, "pone's hand needs 4 cards, got 3", 9),
    (
        "Kc",
        {"pone": "Kc Th 2s 6s", "dealer": "9d 7c Qh 6s"},
        "column 10: dealer's hand: 6s is in pone's hand too",
        10,
    ),
    ("Kc", {"pone": "Kc Th 2s 6x", "dealer": "9d 7c Qh Jh"}, "pone's hand: unknown suit", 10),
    ("Kc", {"pone": "Kc Th 2s 6s", "dealer": "9d 7c / Qh"}, "dealer's hand: unexpected '/'", 7),
    ("Kc", {"pone": "Kc Th 2s 2s", "dealer": "9d 7c Qh Jh"}, "2s appears twice", 10),
]


@pytest.mark.parametrize(("text", "hands", "message", "column"), ERRORS)
def test_errors_name_the_token_and_column(
    text: str, hands: dict[str, str], message: str, column: int
) -> None:
    with pytest.raises(CribcountError) as caught:
        peg_with(text, hands)
    assert message in caught.value.message
    assert caught.value.column == column
    assert isinstance(caught.value, ValueError)


def test_a_card_that_does_not_fit_with_hands_says_what_could_be_played() -> None:
    # After K 9 10 (29) the dealer has gone (7 Q J do not fit); pone holds 2 and 6.
    with pytest.raises(PlayError) as caught:
        peg_with("Kc 9d Th 6s", HANDS)
    assert caught.value.message == (
        "column 10: 6s would take the count from 29 to 35; pone can play 2s"
    )
    assert caught.value.column == 10


def test_notation_and_deal_errors_keep_their_kind() -> None:
    with pytest.raises(NotationError):
        peg("Kc 9x")
    with pytest.raises(DealError):
        peg("Kc Kc")


# --- property: an independent, plain simulation of random legal plays --------------------------


# Partnerships (as seats numbered from 0), as the rules give them: partners sit opposite.
PARTNERS = {4: [(0, 2), (1, 3)], 6: [(0, 3), (1, 4), (2, 5)]}


def scored_turns(pegging: Pegging) -> list[Row]:
    """The engine's turns that lay a card or take a go point."""
    return [row for row in rows(pegging) if row[1] is not None or row[3]]


def assert_agrees(
    pegging: Pegging, expected: list[Row], players: int, *, partners: bool = False
) -> None:
    """The engine's cards, go points, totals and partnership totals are the simulation's.

    Four players always play in partnerships, six with ``partners``.
    """
    assert scored_turns(pegging) == expected
    totals = dict.fromkeys(SEAT_NAMES[players], 0)
    for player, _, _, points in expected:
        totals[player] += sum(points.values())
    assert pegging.totals == totals
    teams = {
        f"{SEAT_NAMES[players][a]} & {SEAT_NAMES[players][b]}": totals[SEAT_NAMES[players][a]]
        + totals[SEAT_NAMES[players][b]]
        for a, b in PARTNERS.get(players, [])
        if players == 4 or partners
    }
    assert pegging.partnership_totals == teams


@given(
    deal=st.lists(st.sampled_from(DECK), min_size=24, max_size=24, unique=True),
    players=st.integers(min_value=2, max_value=6),
    six_in_partnerships=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_legal_plays_agree_with_a_plain_simulation(
    deal: list[Card], players: int, six_in_partnerships: bool, rng: random.Random
) -> None:
    dealt = [deal[4 * i : 4 * i + 4] for i in range(players)]
    words, expected = simulate(dealt, rng)
    partners = players == 6 and six_in_partnerships
    every = " ".join(word for word, _ in words)
    needed = " ".join(word for word, must in words if must)
    # Without hands: every go, the gos that cannot be inferred, and those plus some others.
    partly = " ".join(word for word, must in words if must or rng.random() < 0.5)
    for text in (every, needed, partly):
        pegging = peg(text, players=players, partners=partners)
        assert_agrees(pegging, expected, players, partners=partners)
    # With the hands, in seat order: any of the gos may be left out.
    hands = " | ".join(format_cards(hand) for hand in dealt)
    bare = " ".join(word for word, _ in words if word != "go")
    some = " ".join(word for word, _ in words if word != "go" or rng.random() < 0.5)
    for text in (every, bare, some):
        pegging = peg(text, hands=hands, partners=partners)
        assert_agrees(pegging, expected, players, partners=partners)
    # The path of a file: the table seated once, then each play pegged at it.
    seats = seating(players, partners)
    assert_agrees(peg_seated(needed, seats), expected, players, partners=partners)
    assert_agrees(peg_seated(bare, seats, hands=hands), expected, players, partners=partners)
    if players == 2:
        # The two-player spelling of the hands.
        two = {"pone": format_cards(dealt[0]), "dealer": format_cards(dealt[1])}
        assert_agrees(peg_with(bare, two), expected, players)


def test_the_plain_simulation_finds_the_worked_example() -> None:
    # The simulation itself, checked on a deal with one legal play: RULES.md example 3
    # extended to four cards each, as worked by hand in HANDS_ROWS above.
    class FirstChoice(random.Random):
        def choice(self, seq: Any) -> Any:
            return seq[0]

    pone = [Card.parse(c) for c in ("Kc", "Th", "2s", "6s")]
    dealer = [Card.parse(c) for c in ("9d", "7c", "Qh", "Jh")]
    words, expected = simulate([pone, dealer], FirstChoice())
    assert [word for word, must in words if must] == [
        *("Kc", "9d", "Th", "go", "2s", "7c", "6s", "Qh", "Jh")
    ]
    assert expected == [row for row in HANDS_ROWS if row[1] is not None or row[3]]


# --- three players ---------------------------------------------------------------------------


def test_three_players_the_go_passes_round_and_the_last_to_play_takes_it() -> None:
    # K Q 9 is 29: first and second say go, the dealer (who laid the 9) cannot play the
    # 5 either and takes the go; first leads the 5, second pairs it, the dealer's 5 is
    # 15 and a pair royal, and the last card.
    pegging = peg("Kc Qd 9h go go 5c 5d 5h", players=3)
    assert rows(pegging) == [
        ("first", "Kc", 10, {}),
        ("second", "Qd", 20, {}),
        ("dealer", "9h", 29, {}),
        ("first", None, 29, {}),
        ("second", None, 29, {}),
        ("dealer", None, 29, {"go": 1}),
        ("first", "5c", 5, {}),
        ("second", "5d", 10, {"pair": 2}),
        ("dealer", "5h", 15, {"fifteen": 2, "pair": 6, "last-card": 1}),
    ]
    assert pegging.totals == {"first": 0, "second": 2, "dealer": 10}


def test_three_players_after_one_go_the_other_two_play_on() -> None:
    # K Q 8 is 28; first says go, second 2 (30), dealer A makes 31; first leads the 3.
    assert rows(peg("Kc Qd 8h go 2s Ac 3c", players=3)) == [
        ("first", "Kc", 10, {}),
        ("second", "Qd", 20, {}),
        ("dealer", "8h", 28, {}),
        ("first", None, 28, {}),
        ("second", "2s", 30, {}),
        ("dealer", "Ac", 31, {"thirty-one": 2}),
        ("first", "3c", 3, {"last-card": 1}),
    ]


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        # After first's go the dealer is still in: the 5 cannot mean a new count.
        ("Kc Qd 8h go 5s", "column 13: 5s would take the count from 28 to 33, and dealer did", 13),
        ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "column 37: more than 12 cards: Kc", 37),
    ],
)
def test_three_player_errors(text: str, message: str, column: int) -> None:
    with pytest.raises(PlayError) as caught:
        peg(text, players=3)
    assert message in caught.value.message
    assert caught.value.column == column


def test_a_table_seated_once_names_its_players_and_partnerships() -> None:
    assert seating(2) == (("pone", "dealer"), ())
    assert seating(4) == (
        ("first", "second", "third", "dealer"),
        (("first", "third"), ("second", "dealer")),
    )
    assert seating(6, partners=True)[1] == (
        ("first", "fourth"),
        ("second", "fifth"),
        ("third", "dealer"),
    )
    with pytest.raises(TableError, match="a table has 2 to 6 players, not 7"):
        seating(7)
    with pytest.raises(TableError, match="partnerships need four or six players, not 5"):
        seating(5, partners=True)
