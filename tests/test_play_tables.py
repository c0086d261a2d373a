"""Hand-worked plays for every table size, two to six players.

Each play below was worked out card by card from RULES.md ("The play" and
"Deal, crib and table sizes") before the engine ran it; the comments give the
reasoning. Each is checked four ways: without the hands, with every go
written and with only the gos that cannot be inferred; and with the hands,
with every go written and with none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from conftest import Row, rows

from cribcount.cards import CribcountError
from cribcount.play import Pegging, PlayError, peg
from cribcount.seats import TableError


@dataclass
class Worked:
    """A play worked by hand: the hands in seat order, the play written two ways, the result."""

    hands: list[str]
    every_go: str
    needed_gos: str
    rows: list[Row]
    totals: dict[str, int]
    partnerships: dict[str, int] = field(default_factory=dict)
    partners: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def no_gos(self) -> str:
        return " ".join(word for word in self.every_go.split() if word != "go")


# Two players.  Pone K (10), dealer 5 (15: fifteen 2), pone 5 (20: pair 2), dealer 9 (29).
# Pone holds 7 6 and the dealer 8 Q: none fits, and the dealer, who laid the 9, takes the
# go.  The lead after the go passes to the next seat, pone: 7, dealer 8 (15: fifteen 2),
# pone 6 (21: 7 8 6 is a run of three), dealer Q makes 31, the last card: 2, no last card.
TWO = Worked(
    hands=["Kd 5s 7c 6h", "5c 9d 8s Qh"],
    every_go="Kd 5c 5s 9d go go 7c 8s 6h Qh",
    needed_gos="Kd 5c 5s 9d go 7c 8s 6h Qh",
    rows=[
        ("pone", "Kd", 10, {}),
        ("dealer", "5c", 15, {"fifteen": 2}),
        ("pone", "5s", 20, {"pair": 2}),
        ("dealer", "9d", 29, {}),
        ("pone", None, 29, {}),
        ("dealer", None, 29, {"go": 1}),
        ("pone", "7c", 7, {}),
        ("dealer", "8s", 15, {"fifteen": 2}),
        ("pone", "6h", 21, {"run": 3}),
        ("dealer", "Qh", 31, {"thirty-one": 2}),
    ],
    totals={"pone": 5, "dealer": 7},
)

# Three players.  4 4 4 by first, second and the dealer: a pair (2) and a pair royal (6)
# across three players.  First 9 (21), second 10 makes 31 (2); the dealer, next after
# second, leads J (10), first K (20), second 6 (26), dealer 3 (29).  First (5) and second
# (3) say go; the dealer plays on, A (30), and is out of cards: nobody can play, and the
# go is the dealer's, who laid last.  The next seat after the dealer, first, leads 5;
# second's 3 (8) is the last card.
THREE = Worked(
    hands=["4c 9c Kh 5d", "4d Tc 6s 3h", "4h Js 3c Ad"],
    every_go="4c 4d 4h 9c Tc Js Kh 6s 3c go go Ad 5d 3h",
    needed_gos="4c 4d 4h 9c Tc Js Kh 6s 3c go go Ad 5d 3h",
    rows=[
        ("first", "4c", 4, {}),
        ("second", "4d", 8, {"pair": 2}),
        ("dealer", "4h", 12, {"pair": 6}),
        ("first", "9c", 21, {}),
        ("second", "Tc", 31, {"thirty-one": 2}),
        ("dealer", "Js", 10, {}),
        ("first", "Kh", 20, {}),
        ("second", "6s", 26, {}),
        ("dealer", "3c", 29, {}),
        ("first", None, 29, {}),
        ("second", None, 29, {}),
        ("dealer", "Ad", 30, {}),
        ("dealer", None, 30, {"go": 1}),
        ("first", "5d", 5, {}),
        ("second", "3h", 8, {"last-card": 1}),
    ],
    totals={"first": 0, "second": 5, "dealer": 7},
)

# Four players, partners first & third against second & dealer.
# 7 8 (15: 2) 6 (7 8 6, a run of three laid by three players: 3) 9 (30: run of four, 4).
# First, second and third cannot play (5 4 Q, 5 T J, 5 J Q): three gos, and the dealer
# plays on: A makes 31 (2, no go).  First leads: 5, 5 (pair 2), 5 (15: 2, pair royal 6),
# K (25), first 4 (29).  Second, third and the dealer say go, and so does first, who laid
# last and takes the go (1).  Second leads T, third J (20), dealer T (30); first, second,
# third say go and the dealer, out of cards, takes the go.  First, next after the dealer,
# still holds the Q and leads it; second J (20), third Q (30), the last card.
FOUR = Worked(
    hands=["7c 5c 4c Qc", "8d 5d Td Jd", "6h 5h Jh Qh", "9s Ac Ks Ts"],
    every_go=("7c 8d 6h 9s go go go Ac 5c 5d 5h Ks 4c go go go go Td Jh Ts go go go Qc Jd Qh"),
    needed_gos="7c 8d 6h 9s go go go Ac 5c 5d 5h Ks 4c go go go Td Jh Ts go go Qc Jd Qh",
    rows=[
        ("first", "7c", 7, {}),
        ("second", "8d", 15, {"fifteen": 2}),
        ("third", "6h", 21, {"run": 3}),
        ("dealer", "9s", 30, {"run": 4}),
        ("first", None, 30, {}),
        ("second", None, 30, {}),
        ("third", None, 30, {}),
        ("dealer", "Ac", 31, {"thirty-one": 2}),
        ("first", "5c", 5, {}),
        ("second", "5d", 10, {"pair": 2}),
        ("third", "5h", 15, {"fifteen": 2, "pair": 6}),
        ("dealer", "Ks", 25, {}),
        ("first", "4c", 29, {}),
        ("second", None, 29, {}),
        ("third", None, 29, {}),
        ("dealer", None, 29, {}),
        ("first", None, 29, {"go": 1}),
        ("second", "Td", 10, {}),
        ("third", "Jh", 20, {}),
        ("dealer", "Ts", 30, {}),
        ("first", None, 30, {}),
        ("second", None, 30, {}),
        ("third", None, 30, {}),
        ("dealer", None, 30, {"go": 1}),
        ("first", "Qc", 10, {}),
        ("second", "Jd", 20, {}),
        ("third", "Qh", 30, {"last-card": 1}),
    ],
    totals={"first": 1, "second": 4, "third": 12, "dealer": 7},
    partnerships={"first & third": 13, "second & dealer": 11},
)

# Five players.  A 2 3 (a run of three by three players: 3), 4 (run of 4), 5 (15 and a run
# of 5: 7), 6 (21, run of 6), second's K makes 31 (2).  Third leads 9, fourth 9 (pair 2),
# dealer 9 (27, pair royal 6).  First, second and third cannot play (7 Q, J Q, K T): go;
# fourth 3 (30); the dealer (8 4) says go; fourth plays on, A makes 31 (2).  The dealer
# leads 8, first 7 (15: 2), second J (25), third go, fourth has no cards, dealer 4 (29),
# first (Q) and second (Q) go, and the dealer, out of cards, takes the go.  First leads Q,
# second Q (pair 2), third K (30); nobody else has a card and third's T does not fit:
# third takes the go.  The lead passes over the four seats with no cards back to third:
# T, the last card.
FIVE = Worked(
    hands=["Ac 6h 7s Qh", "2c Kc Jc Qc", "3c 9c Kh Ts", "4d 9d 3s Ad", "5d 9h 8s 4h"],
    every_go="Ac 2c 3c 4d 5d 6h Kc 9c 9d 9h go go go 3s go Ad 8s 7s Jc go 4h go go Qh Qc Kh go Ts",
    needed_gos="Ac 2c 3c 4d 5d 6h Kc 9c 9d 9h go go go 3s go Ad 8s 7s Jc go 4h go Qh Qc Kh Ts",
    rows=[
        ("first", "Ac", 1, {}),
        ("second", "2c", 3, {}),
        ("third", "3c", 6, {"run": 3}),
        ("fourth", "4d", 10, {"run": 4}),
        ("dealer", "5d", 15, {"fifteen": 2, "run": 5}),
        ("first", "6h", 21, {"run": 6}),
        ("second", "Kc", 31, {"thirty-one": 2}),
        ("third", "9c", 9, {}),
        ("fourth", "9d", 18, {"pair": 2}),
        ("dealer", "9h", 27, {"pair": 6}),
        ("first", None, 27, {}),
        ("second", None, 27, {}),
        ("third", None, 27, {}),
        ("fourth", "3s", 30, {}),
        ("dealer", None, 30, {}),
        ("fourth", "Ad", 31, {"thirty-one": 2}),
        ("dealer", "8s", 8, {}),
        ("first", "7s", 15, {"fifteen": 2}),
        ("second", "Jc", 25, {}),
        ("third", None, 25, {}),
        ("dealer", "4h", 29, {}),
        ("first", None, 29, {}),
        ("second", None, 29, {}),
        ("dealer", None, 29, {"go": 1}),
        ("first", "Qh", 10, {}),
        ("second", "Qc", 20, {"pair": 2}),
        ("third", "Kh", 30, {}),
        ("third", None, 30, {"go": 1}),
        ("third", "Ts", 10, {"last-card": 1}),
    ],
    totals={"first": 8, "second": 4, "third": 5, "fourth": 8, "dealer": 14},
)

# Six players.  T, then 5 5 5 5 by second to fifth: 15 (2), pair (2), pair royal (6),
# double pair royal (12); the dealer's A makes 31 (2).  First leads 3, 4, 2 (run of three
# by three players, 3), A (run of four, 4), K (20), K (30, pair 2); nobody holds an ace or a
# deuce: six gos, the dealer's last, and the dealer laid last: go (1).  First leads 7, 8
# (15: 2), 9 (run of three, 3), 6 (30: run of four, 4); from fifth round to fourth, everyone
# says go and fourth takes the go.  Fifth leads Q, dealer Q (pair 2), first T (30); second
# to the dealer go, and first, out of cards, takes the go.  Second leads 9, 8, 7 (a run of
# three by three players, 3); fifth and the dealer go, fourth (out of cards) takes it.
# Fifth leads J, the dealer's J is a pair (2) and the last card (1).
# Partners (with --partners): first & fourth, second & fifth, third & dealer.
SIX = Worked(
    hands=[
        "Tc 3h 7c Th",
        "5c 4s 8c 9d",
        "5d 2h 9c 8d",
        "5h Ah 6d 7d",
        "5s Kc Qc Jd",
        "Ac Kd Qd Jh",
    ],
    every_go=(
        "Tc 5c 5d 5h 5s Ac 3h 4s 2h Ah Kc Kd go go go go go go 7c 8c 9c 6d go go go go go go"
        " Qc Qd Th go go go go go 9d 8d 7d go go Jd Jh"
    ),
    needed_gos=(
        "Tc 5c 5d 5h 5s Ac 3h 4s 2h Ah Kc Kd go go go go go 7c 8c 9c 6d go go go go go"
        " Qc Qd Th go go go go 9d 8d 7d go Jd Jh"
    ),
    rows=[
        ("first", "Tc", 10, {}),
        ("second", "5c", 15, {"fifteen": 2}),
        ("third", "5d", 20, {"pair": 2}),
        ("fourth", "5h", 25, {"pair": 6}),
        ("fifth", "5s", 30, {"pair": 12}),
        ("dealer", "Ac", 31, {"thirty-one": 2}),
        ("first", "3h", 3, {}),
        ("second", "4s", 7, {}),
        ("third", "2h", 9, {"run": 3}),
        ("fourth", "Ah", 10, {"run": 4}),
        ("fifth", "Kc", 20, {}),
        ("dealer", "Kd", 30, {"pair": 2}),
        ("first", None, 30, {}),
        ("second", None, 30, {}),
        ("third", None, 30, {}),
        ("fourth", None, 30, {}),
        ("fifth", None, 30, {}),
        ("dealer", None, 30, {"go": 1}),
        ("first", "7c", 7, {}),
        ("second", "8c", 15, {"fifteen": 2}),
        ("third", "9c", 24, {"run": 3}),
        ("fourth", "6d", 30, {"run": 4}),
        ("fifth", None, 30, {}),
        ("dealer", None, 30, {}),
        ("first", None, 30, {}),
        ("second", None, 30, {}),
        ("third", None, 30, {}),
        ("fourth", None, 30, {"go": 1}),
        ("fifth", "Qc", 10, {}),
        ("dealer", "Qd", 20, {"pair": 2}),
        ("first", "Th", 30, {}),
        ("second", None, 30, {}),
        ("third", None, 30, {}),
        ("fourth", None, 30, {}),
        ("fifth", None, 30, {}),
        ("dealer", None, 30, {}),
        ("first", None, 30, {"go": 1}),
        ("second", "9d", 9, {}),
        ("third", "8d", 17, {}),
        ("fourth", "7d", 24, {"run": 3}),
        ("fifth", None, 24, {}),
        ("dealer", None, 24, {}),
        ("fourth", None, 24, {"go": 1}),
        ("fifth", "Jd", 10, {}),
        ("dealer", "Jh", 20, {"pair": 2, "last-card": 1}),
    ],
    totals={"first": 1, "second": 4, "third": 8, "fourth": 19, "fifth": 12, "dealer": 10},
    partnerships={"first & fourth": 20, "second & fifth": 16, "third & dealer": 18},
    partners=True,
)

WORKED = {2: TWO, 3: THREE, 4: FOUR, 5: FIVE, 6: SIX}


@pytest.fixture(params=sorted(WORKED), ids=lambda n: f"{n} players")
def worked(request: pytest.FixtureRequest) -> Worked:
    result: Worked = WORKED[request.param]
    return result


def check(pegging: Pegging, worked: Worked) -> None:
    assert rows(pegging) == worked.rows
    assert pegging.totals == worked.totals
    assert pegging.partnership_totals == worked.partnerships


def test_every_go_written_without_hands(worked: Worked) -> None:
    check(peg(worked.every_go, players=worked.players, partners=worked.partners), worked)


def test_only_the_gos_that_cannot_be_inferred_without_hands(worked: Worked) -> None:
    check(peg(worked.needed_gos, players=worked.players, partners=worked.partners), worked)


@pytest.mark.parametrize("gos", ["every", "none"])
def test_with_the_hands_in_seat_order(worked: Worked, gos: str) -> None:
    text = worked.every_go if gos == "every" else worked.no_gos
    hands = " | ".join(worked.hands)
    # The number of players follows from the hands, or may be given and agree.
    check(peg(text, hands=hands, partners=worked.partners), worked)
    check(peg(text, hands=hands, players=worked.players, partners=worked.partners), worked)


def test_two_players_with_pone_and_dealer() -> None:
    pegging = peg(TWO.no_gos, pone=TWO.hands[0], dealer=TWO.hands[1])
    check(pegging, TWO)


def test_six_players_without_partners_play_alone() -> None:
    pegging = peg(SIX.every_go, players=6)
    assert pegging.totals == SIX.totals
    assert pegging.partnerships == ()
    assert pegging.partnership_totals == {}


def test_the_worked_rows_add_up_to_the_worked_totals(worked: Worked) -> None:
    # A check on the working above: the points of the rows make the totals, and the
    # partnerships share the same sum.
    assert sum(sum(points.values()) for *_, points in worked.rows) == sum(worked.totals.values())
    if worked.partnerships:
        assert sum(worked.partnerships.values()) == sum(worked.totals.values())


# --- errors with the hands of every seat: each names the token and its column ----------------

FOUR_HANDS = " | ".join(FOUR.hands)  # "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh Qh | 9s Ac Ks Ts"

HANDS_ERRORS: list[tuple[str, str, int | None, str, int]] = [
    # (play, hands, players, message, column)
    (
        "7c",
        "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh Qh",
        4,
        "expected 4 hands separated by '|', one for each player in seat order, got 3",
        40,
    ),
    (
        "7c",
        FOUR_HANDS + " | 2c",
        4,
        "expected 4 hands separated by '|', one for each player in seat order, got 5"
        " (the '|' is one too many)",
        55,
    ),
    ("7c", "7c 5c 4c Qc", None, "expected 2 to 6 hands separated by '|', got 1", 12),
    (
        "7c",
        "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh | 9s Ac Ks Ts",
        None,
        "third's hand needs 4 cards, got 3",
        38,
    ),
    (
        "7c",
        "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh Qh Kh | 9s Ac Ks Ts",
        None,
        "third's hand needs 4 cards, got 5",
        41,
    ),
    (
        "7c",
        "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh 5c | 9s Ac Ks Ts",
        None,
        "column 38: third's hand: 5c is in first's hand too",
        38,
    ),
    (
        "7c",
        "7c 5c 4c Qc | 8d 5d Td Jd | 6h 5h Jh 5x | 9s Ac Ks Ts",
        None,
        "column 38: third's hand: unknown suit 'x' in '5x'",
        38,
    ),
    ("3s", FOUR_HANDS, None, "column 1: 3s is in no player's hand", 1),
    (
        "8d",
        FOUR_HANDS,
        None,
        "column 1: 8d is second's, but it is first's turn and first can play 4c 5c 7c Qc",
        1,
    ),
    # After 30, first, second and third cannot play; the dealer can: the A.
    (
        "7c 8d 6h 9s go go go go",
        FOUR_HANDS,
        None,
        "column 22: go from dealer, who can play Ac",
        22,
    ),
    (
        "7c 8d 6h 9s 5c",
        FOUR_HANDS,
        None,
        "column 13: 5c is first's, but it is dealer's turn and dealer can play Ac",
        13,
    ),
    (
        "7c 8d 6h 9s Ac",
        FOUR_HANDS,
        None,
        "column 15: the play stops with 4c 5c 5d 5h Td Ts Jd Jh Qc Qh Ks still in hand",
        15,
    ),
    # Too few hands: the column is the end of the hands, 4 x 11 characters and 3 x " | ".
    ("7c 8d 6h 9s Ac", FOUR_HANDS, 5, "expected 5 hands separated by '|'", 54),
]


@pytest.mark.parametrize(("text", "hands", "players", "message", "column"), HANDS_ERRORS)
def test_errors_with_hands_name_the_token_and_column(
    text: str, hands: str, players: int | None, message: str, column: int
) -> None:
    with pytest.raises(CribcountError) as caught:
        peg(text, hands=hands, players=players)
    assert message in caught.value.message
    assert caught.value.column == column


@pytest.mark.parametrize(
    ("text", "players", "message", "column"),
    [
        # K Q 8 is 28; the dealer says go; first's 5 cannot fit while second and third are in.
        (
            "Kc Qd 8h go 5s",
            4,
            "column 13: 5s would take the count from 28 to 33, and second and third did not"
            " say go before it",
            13,
        ),
        ("Ac " * 24 + "Ac", 6, "column 4: Ac appears twice (first at column 1)", 4),
        (
            " ".join(["Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "Ad 2d 3d 4d"]),
            4,
            "column 49: more than 16 cards: 4d would be card 17 and each player lays 4",
            49,
        ),
    ],
)
def test_errors_without_hands_at_larger_tables(
    text: str, players: int, message: str, column: int
) -> None:
    with pytest.raises(CribcountError) as caught:
        peg(text, players=players)
    assert message in caught.value.message
    assert caught.value.column == column


def test_the_table_itself_must_be_right() -> None:
    with pytest.raises(TableError, match="partnerships need four or six players, not 5"):
        peg("Kc", players=5, partners=True)
    with pytest.raises(TableError, match="a table has 2 to 6 players, not 7"):
        peg("Kc", players=7)
    with pytest.raises(PlayError, match="pone's and the dealer's hands are for two players, not 3"):
        peg("Kc", pone="Kc Th 2s 6s", dealer="9d 7c Qh Jh", players=3)
    with pytest.raises(PlayError, match="give the hands once"):
        peg("Kc", pone="Kc Th 2s 6s", dealer="9d 7c Qh Jh", hands="Kc Th 2s 6s | 9d 7c Qh Jh")
