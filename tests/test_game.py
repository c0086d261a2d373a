"""Whole games worked by hand: each record below was scored from the rules before the engine ran.

The comments give the working. Score-sheet deals (points only) bring a game
near its end so that the deal under test is short to work out.
"""

from __future__ import annotations

import pytest

from cribcount.game import EventKind, Game, Skunk, read_record, score_game, skunk_of

Row = tuple[str, str, int, tuple[int, ...]]


def scored(text: str) -> Game:
    return score_game(read_record(text))


def rows(game: Game, deal: int) -> list[Row]:
    """The counted events of deal ``deal`` (from 1) as (kind, who, points, scores after)."""
    return [(e.kind.value, e.player, e.points, e.scores) for e in game.deals[deal - 1].events]


def left(game: Game, deal: int) -> list[tuple[str, str, int]]:
    """The events of deal ``deal`` after the end of the game, as (kind, who, points)."""
    return [(e.kind.value, e.player, e.points) for e in game.deals[deal - 1].not_counted]


# Three score-sheet deals: Bob deals 1 and 3, Alice deals 2 (the deal passes to the left).
# Deal 1: Alice 6 + 29 = 35; Bob 4 + 24 + 20 = 48.   Deal 2: Bob 10 + 28 = 38, so 86;
# Alice 24 + 29 = 53, so 88.   Deal 3: Alice 2 + 29 = 31, so 119; Bob 6, so 92.
NEAR_THE_END = """\
players Alice Bob
deal Bob
peg Alice 6
peg Bob 4
show Alice 29
show Bob 24
crib 20
deal Alice
peg Bob 10
show Bob 28
show Alice 24
crib 29
deal Bob
peg Alice 2
show Alice 29
show Bob 6
"""

# Deal 4, Alice deals: Bob (pone) keeps 7c 9d Kh 2s, lays away Qc 4d; Alice keeps 8h 3s 6c Ad,
# lays away Jh Tc.
FOURTH_HANDS = """\
deal Alice
hand Bob 7c 9d Kh 2s | Qc 4d
hand Alice 8h 3s 6c Ad | Jh Tc
"""


def test_a_game_won_in_the_play() -> None:
    # Starter 5s: no heels.  Bob 7c (7), Alice 8h (15): fifteen 2, Alice 121, the game.
    # The rest of the play and the shows are not counted: Bob 9d (24) makes 7 8 9, a run
    # of three; Alice 3s (27); Bob 2s (29); Alice Ad (30) makes A 2 3, a run of three;
    # neither can play (Kh, 6c), Alice takes the go; Bob Kh, Alice 6c: last card 1.
    # Bob's 7c 9d Kh 2s / 5s: K+5 = 2.  Alice's 8h 3s 6c Ad / 5s: 8+6+A and 3+6+5+A = 4.
    # The crib Qc 4d Jh Tc / 5s: three tens with the 5 = 6, T J Q = 3: 9.
    game = scored(NEAR_THE_END + FOURTH_HANDS + "starter 5s\nplay 7c 8h 9d 3s 2s Ad Kh 6c\n")
    assert rows(game, 3)[-1] == ("show", "Bob", 6, (119, 92))
    assert rows(game, 4) == [("play", "Alice", 2, (121, 92))]
    assert game.deals[3].events[0].card is not None
    assert str(game.deals[3].events[0].card) == "8h"
    assert left(game, 4) == [
        ("play", "Bob", 3),
        ("play", "Alice", 3),
        ("play", "Alice", 1),
        ("play", "Alice", 1),
        ("show", "Bob", 2),
        ("show", "Alice", 4),
        ("crib", "Alice", 9),
    ]
    assert game.scores == {"Alice": 121, "Bob": 92}
    assert (game.winner, game.margin, game.skunk) == ("Alice", 29, None)


def test_a_game_won_on_heels() -> None:
    # The same deal with the jack of diamonds turned: 2 to Alice, the dealer, at the cut,
    # 121 before a card is played; nothing after it counts.
    game = scored(NEAR_THE_END + FOURTH_HANDS + "starter Jd\nplay 7c 8h 9d 3s 2s Ad Kh 6c\n")
    assert rows(game, 4) == [("heels", "Alice", 2, (121, 92))]
    kinds = [kind for kind, _, _ in left(game, 4)]
    assert kinds[0] == "play"
    assert kinds[-3:] == ["show", "show", "crib"]
    assert game.winner == "Alice"


# Alice deals 1 and 3, Bob 2.  Deal 1: Bob 8 + 24 = 32; Alice 20 + 10 = 30.  Deal 2: Alice
# 2 + 12 = 14, so 44; Bob 6 + 28 + 20 = 54, so 86.  Deal 3: Bob 2 + 20 = 22, so 108; Alice
# 29 + 24 = 53, so 97.
BOB_AT_108 = """\
players Alice Bob
deal Alice
peg Bob 8
show Bob 24
show Alice 20
crib 10
deal Bob
peg Alice 2
peg Bob 6
show Alice 12
show Bob 28
crib 20
deal Alice
peg Bob 2
show Bob 20
show Alice 29
crib 24
"""

# Bob deals.  Alice keeps Kc Qd 9h 4s (lays away Ah 2d), Bob 5h 5d 5c Js (lays away 7c 8c);
# starter 5s.  Play: Alice 4s (4), Bob 5h (9), Alice 9h (18), Bob 5d (23); Alice holds Kc Qd
# and says go; Bob 5c (28) pairs the 5d: 2; Bob cannot lay the Js: the go, 1.  Alice leads
# Kc (10), Bob Js (20), Alice Qd (30): K J Q is a run of three, and the last card: 4.
# Alice's Kc Qd 9h 4s / 5s: K+5, Q+5 = 4.  Bob's 5h 5d 5c Js / 5s: 29.
# The crib Ah 2d 7c 8c / 5s: 7+8, 2+8+5, A+2+7+5 = 6.
BOB_DEALS_29 = """\
deal Bob
hand Alice Kc Qd 9h 4s | Ah 2d
hand Bob 5h 5d 5c Js | 7c 8c
starter 5s
play 4s 5h 9h 5d 5c Kc Js Qd
"""


def test_a_game_won_on_the_dealers_hand_before_the_crib() -> None:
    game = scored(BOB_AT_108 + BOB_DEALS_29)
    assert rows(game, 3)[-1] == ("crib", "Alice", 24, (97, 108))
    assert rows(game, 4) == [
        ("play", "Bob", 2, (97, 110)),
        ("play", "Bob", 1, (97, 111)),
        ("play", "Alice", 4, (101, 111)),
        ("show", "Alice", 4, (105, 111)),
        # 111 + 29 passes the game hole: the board ends there.
        ("show", "Bob", 29, (105, 121)),
    ]
    assert left(game, 4) == [("crib", "Bob", 6)]
    assert (game.winner, game.margin, game.skunk) == ("Bob", 16, None)


SKUNK_SHEET = """\
players Alice Bob
deal Bob
peg Alice 5
peg Bob 7
show Alice 20
show Bob 16
crib 12
deal Alice
peg Bob 4
peg Alice 3
show Bob 14
show Alice 29
crib 20
deal Bob
peg Alice 6
peg Bob 8
show Alice 24
show Bob 10
crib 8
deal Alice
peg Bob 5
peg Alice 2
show Bob 4
show Alice 12
crib 10
"""
"""Four deals of a score sheet that end in a skunk (worked in ``test_a_skunk``)."""


def test_a_skunk() -> None:
    # Score sheets only.  Deal 1 (Bob): Alice 5 + 20 = 25, Bob 7 + 16 + 12 = 35.  Deal 2
    # (Alice): Bob 4 + 14 = 18, so 53; Alice 3 + 29 + 20 = 52, so 77.  Deal 3 (Bob): Alice
    # 6 + 24 = 30, so 107; Bob 8 + 10 + 8 = 26, so 79.  Deal 4 (Alice): Bob 5 (84), Alice 2
    # (109), Bob's show 4 (88), Alice's show 12: 121.  Bob has 88: 90 or less, skunked.
    game = scored(SKUNK_SHEET)
    assert [row[3] for row in rows(game, 4)] == [(107, 84), (109, 84), (109, 88), (121, 88)]
    assert left(game, 4) == [("crib", "Alice", 10)]
    assert game.scores == {"Alice": 121, "Bob": 88}
    assert (game.winner, game.margin, game.skunk) == ("Alice", 33, "skunk")
    assert game.wrong_claims == ()


def test_a_double_skunk() -> None:
    # Deal 1 (Bob): Alice 9 + 29 = 38, Bob 6 + 4 = 10.  Deal 2 (Alice): Bob 10, so 20; Alice
    # 4 + 24 + 28 = 56, so 94.  Deal 3 (Bob): Alice pegs 3 (97), Bob 2 (22), Alice shows 28:
    # 121.  Bob, at 22, is 60 or less: double-skunked.  The pegs come before the shows,
    # whatever order the sheet writes them in.
    game = scored(
        """\
players Alice Bob
deal Bob
peg Alice 9
show Alice 29
show Bob 6
crib 4
deal Alice
show Bob 10
peg Alice 4
show Alice 24
crib 28
deal Bob
peg Alice 3
peg Bob 2
show Alice 28
"""
    )
    assert rows(game, 2)[0] == ("peg", "Alice", 4, (42, 10))
    assert game.scores == {"Alice": 121, "Bob": 22}
    assert (game.winner, game.margin, game.skunk) == ("Alice", 99, "double")
    assert game.skunks() == {"Bob": Skunk.DOUBLE}


@pytest.mark.parametrize(
    ("target", "loser", "skunk"),
    [
        (121, 91, None),
        (121, 90, Skunk.SKUNK),
        (121, 61, Skunk.SKUNK),
        (121, 60, Skunk.DOUBLE),
        (121, 0, Skunk.DOUBLE),
        (61, 31, None),
        (61, 30, Skunk.SKUNK),
        (61, 0, Skunk.SKUNK),
    ],
)
def test_skunk_lines(target: int, loser: int, skunk: Skunk | None) -> None:
    assert skunk_of(target, loser) is skunk


def test_a_61_point_game() -> None:
    # Deal 1 (Alice deals): Bob 5 + 20 = 25, Alice 12 + 9 = 21.  Deal 2 (Bob): Alice 4 + 10 =
    # 14, so 35; Bob 7 + 10 = 17, so 42.  Deal 3 (Alice): Bob 3, so 45; Alice 2, so 37.
    # Deal 4 is BOB_DEALS_29: Bob pegs 2 and 1 (48), Alice 4 (41), Alice's show 4 (45),
    # Bob's 29: 61.  Alice's 45 is over 30: no lurch.
    game = scored(
        """\
game 61
players Alice Bob
deal Alice
peg Bob 5
show Bob 20
show Alice 12
crib 9
deal Bob
peg Alice 4
show Alice 10
show Bob 7
crib 10
deal Alice
peg Bob 3
peg Alice 2
"""
        + BOB_DEALS_29
    )
    assert rows(game, 3)[-1] == ("peg", "Alice", 2, (37, 45))
    assert [row[3] for row in rows(game, 4)] == [(37, 47), (37, 48), (41, 48), (45, 48), (45, 61)]
    assert left(game, 4) == [("crib", "Bob", 6)]
    assert (game.record.target, game.winner, game.margin, game.skunk) == (61, "Bob", 16, None)


# Three players, game 61, muggins.  Deal 1, Carol deals: Alice is seat 1, Bob seat 2.
# Alice keeps 5h 5d Th Jc (lays away Kd), Bob 4s 6s 7h 8c (9d), Carol Ac 2d 3h Qs (Qh);
# the deck's card to the crib is 9s; the starter 5c.
# Play: Alice Th (10), Bob 4s (14), Carol Ac (15: fifteen 2), Alice 5h (20), Bob 6s (26),
# Carol 2d (28); Alice (5d Jc) and Bob (7h 8c) cannot play; Carol 3h: 31 for 2, and the last
# six cards 4 A 5 6 2 3 are a run of six: 8.  Alice leads
# 5d (5), Bob 7h (12), Carol Qs (22); Alice cannot lay the Jc; Bob 8c (30), and nobody can
# play: Bob's go, 1.  Alice Jc: last card, 1.  Pegged: Alice 1, Bob 1, Carol 10.
# Alice's 5h 5d Th Jc / 5c: six fives with a ten-card (12), 5+5+5 (2), a pair royal (6),
# his nob (Jc, starter a club): 21.  Bob's 4s 6s 7h 8c / 5c: 7+8, 4+6+5 (4) and the run
# 4 5 6 7 8 (5): 9, claimed 7: 2 missed, which Carol, the next opponent, takes by muggins.
# Carol's Ac 2d 3h Qs / 5c: Q+5, Q+2+3 (4), A 2 3 (3): 7.  The crib Kd 9d Qh 9s / 5c: K+5,
# Q+5 (4), the pair of nines (2): 6.
THREE_PLAYERS = """\
game 61
players Alice Bob Carol
muggins on
deal Carol
hand Alice 5h 5d Th Jc | Kd
hand Bob 4s 6s 7h 8c | 9d
hand Carol Ac 2d 3h Qs | Qh
extra 9s
starter 5c
play Th 4s Ac 5h 6s 2d 3h 5d 7h Qs 8c Jc
show Alice 21
show Bob 7
crib 6
deal Alice
peg Bob 3
peg Alice 2
show Bob 12
show Carol 8
show Alice 16
crib 5
deal Bob
peg Alice 4
show Carol 10
show Alice 12
show Bob 8
crib 6
"""


def test_muggins_on_the_crib_goes_to_the_dealers_left() -> None:
    # Carol claims 4 for her crib of 6: Alice, seat 1, the next opponent in turn, takes 2.
    game = scored(THREE_PLAYERS.replace("crib 6\ndeal Alice", "crib 4\ndeal Alice"))
    assert rows(game, 1)[-2:] == [
        ("crib", "Carol", 4, (22, 8, 23)),
        ("muggins", "Alice", 2, (24, 8, 23)),
    ]


def test_a_three_player_game_with_the_extra_card_and_muggins() -> None:
    game = scored(THREE_PLAYERS)
    assert rows(game, 1) == [
        ("play", "Carol", 2, (0, 0, 2)),
        ("play", "Carol", 8, (0, 0, 10)),
        ("play", "Bob", 1, (0, 1, 10)),
        ("play", "Alice", 1, (1, 1, 10)),
        ("show", "Alice", 21, (22, 1, 10)),
        ("show", "Bob", 7, (22, 8, 10)),
        ("muggins", "Carol", 2, (22, 8, 12)),
        ("show", "Carol", 7, (22, 8, 19)),
        ("crib", "Carol", 6, (22, 8, 25)),
    ]
    assert game.deals[0].events[6].of == "Bob"
    # Deal 2 (Alice deals): Alice 2 + 16 + 5 = 23, so 45; Bob 3 + 12 = 15, so 23; Carol 8,
    # so 33.  Deal 3 (Bob deals, Carol is seat 1): Alice pegs 4 (49), Carol shows 10 (43),
    # Alice 12: 61.  Bob's show and crib are not counted.
    assert rows(game, 2)[-1][3] == (45, 23, 33)
    assert left(game, 3) == [("show", "Bob", 8), ("crib", "Bob", 6)]
    assert game.scores == {"Alice": 61, "Bob": 23, "Carol": 43}
    # Bob, with 23, is lurched; Carol, with 43, is not.
    assert game.skunks() == {"Bob": Skunk.SKUNK}
    assert (game.winner, game.margin, game.skunk) == ("Alice", 18, "skunk")
    assert [(e.player, e.claim, e.true_count) for e in game.wrong_claims] == [("Bob", 7, 9)]


# Four players, Dave deals: Alice is seat 1, Bob 2, Carol 3; Alice and Carol are partners
# against Bob and Dave.  Alice keeps 5c Kc 2c 9c (lays away Qc), Bob 5d Qd 3d 9d (Kd), Carol
# 5h 7h Ah Jh (8h), Dave 6s 8s 4s Ts (3s); starter 4d.
# Play: 5c, 5d (pair: Bob 2), 5h (15 and a pair royal: Carol 8), 6s (21), Kc (31: Alice 2);
# Bob leads Qd (10), 7h, 8s (25), 2c, 3d (30), Ah (31 and the run 2 3 A: Carol 5); Dave leads
# 4s, 9c (13), 9d (22, pair: Bob 2); Carol (Jh) and Dave (Ts) cannot play, Alice and Bob have
# no cards: Bob's go, 1; Carol Jh, Dave Ts (20): last card, 1.
# Alice & Carol peg 2 + 8 + 5 = 15; Bob & Dave 2 + 2 + 1 + 1 = 6.
# Alice's 5c Kc 2c 9c / 4d: K+5, 9+2+4 (4), a four-card flush (4): 8.  Bob's 5d Qd 3d 9d /
# 4d: Q+5 (2), 3 4 5 (3), a five-card flush (5): 10.  Carol's 5h 7h Ah Jh / 4d: J+5, J+4+A
# (4), a four-card flush (4): 8.  Dave's 6s 8s 4s Ts / 4d: the pair of fours (2), a four-card
# flush (4): 6.  The crib Qc Kd 8h 3s / 4d: 8+3+4: 2.
FOUR_PLAYERS = """\
game 61
players Alice Bob Carol Dave
deal Dave
hand Alice 5c Kc 2c 9c | Qc
hand Bob 5d Qd 3d 9d | Kd
hand Carol 5h 7h Ah Jh | 8h
hand Dave 6s 8s 4s Ts | 3s
starter 4d
play 5c 5d 5h 6s Kc Qd 7h 8s 2c 3d Ah 4s 9c 9d Jh Ts
deal Alice
peg Carol 4
peg Bob 2
show Bob 8
show Carol 12
show Dave 6
show Alice 14
crib 5
"""


def test_a_four_player_partnership_game() -> None:
    game = scored(FOUR_PLAYERS)
    assert game.sides == ("Alice & Carol", "Bob & Dave")
    pegged = [(who, points) for kind, who, points, _ in rows(game, 1) if kind == "play"]
    assert pegged == [
        ("Bob", 2),
        ("Carol", 8),
        ("Alice", 2),
        ("Carol", 5),
        ("Bob", 2),
        ("Bob", 1),
        ("Dave", 1),
    ]
    shows = [(kind, who, points, at) for kind, who, points, at in rows(game, 1) if kind != "play"]
    assert shows == [
        ("show", "Alice", 8, (23, 6)),
        ("show", "Bob", 10, (23, 16)),
        ("show", "Carol", 8, (31, 16)),
        ("show", "Dave", 6, (31, 22)),
        ("crib", "Dave", 2, (31, 24)),
    ]
    # Deal 2 (Alice deals; Bob is seat 1): Carol pegs 4 (35), Bob 2 (26); Bob shows 8 (34),
    # Carol 12 (47), Dave 6 (40), Alice 14: 61.  The crib is not counted.
    assert rows(game, 2)[-1] == ("show", "Alice", 14, (61, 40))
    assert left(game, 2) == [("crib", "Alice", 5)]
    assert game.scores == {"Alice & Carol": 61, "Bob & Dave": 40}
    assert (game.winner, game.margin, game.skunk) == ("Alice & Carol", 21, None)


# Bob deals BOB_DEALS_29 and claims 24 for his 29.  Play: Bob 2 and 1, Alice 4; Alice shows 4
# (8), Bob pegs 24 (27); under muggins Alice takes the 5 he missed (13); the crib 6 (33).
# Deal 2 (Alice): Alice 4 + 24 + 20, Bob 2 + 10.  Deal 3 (Bob): Bob 10, Alice 1 and 3, Bob 8.
MUGGINS_GAME = (
    "game 61\nplayers Alice Bob\n{muggins}\n"
    + BOB_DEALS_29
    + """\
show Bob 24
deal Alice
peg Alice 4
peg Bob 2
show Bob 10
show Alice 24
crib 20
deal Bob
peg Bob 10
peg Alice 1
show Alice 3
show Bob 8
"""
)


def test_muggins_on_gives_the_missed_points_to_the_opponent() -> None:
    game = scored(MUGGINS_GAME.format(muggins="muggins on"))
    assert rows(game, 1)[-3:] == [
        ("show", "Bob", 24, (8, 27)),
        ("muggins", "Alice", 5, (13, 27)),
        ("crib", "Bob", 6, (13, 33)),
    ]
    # Deal 2: Alice 13 + 4 = 17, Bob 35 and 45, Alice 41, and the crib's 20 makes 61.
    assert rows(game, 2)[-1] == ("crib", "Alice", 20, (61, 45))
    assert [kind for kind, _, _ in left(game, 3)] == ["peg", "peg", "show", "show"]
    assert (game.winner, game.margin) == ("Alice", 16)
    assert len(game.wrong_claims) == 1


def test_muggins_off_the_missed_points_are_lost() -> None:
    game = scored(MUGGINS_GAME.format(muggins="muggins off"))
    assert rows(game, 1)[-2:] == [("show", "Bob", 24, (8, 27)), ("crib", "Bob", 6, (8, 33))]
    # Deal 2: Alice 8 + 4 + 24 + 20 = 56, Bob 33 + 2 + 10 = 45.  Deal 3: Bob 55, Alice 57
    # and 60, Bob's 8 takes him out: 61 to 60.
    assert rows(game, 2)[-1] == ("crib", "Alice", 20, (56, 45))
    assert rows(game, 3)[-1] == ("show", "Bob", 8, (60, 61))
    assert (game.winner, game.margin, game.skunk) == ("Bob", 1, None)
    assert len(game.wrong_claims) == 1


@pytest.mark.parametrize("muggins", ["on", "off"])
def test_an_over_claim_is_taken_back_without_penalty(muggins: str) -> None:
    # Alice's Kc Qd 9h 4s / 5s is 4; she claims 6 and pegs 4; the opponent takes nothing.
    game = scored(f"players Alice Bob\nmuggins {muggins}\n{BOB_DEALS_29}show Alice 6\n")
    assert rows(game, 1)[3] == ("show", "Alice", 4, (8, 3))
    assert [kind for kind, _, _, _ in rows(game, 1)] == ["play"] * 3 + ["show", "show", "crib"]
    assert [(e.claim, e.true_count) for e in game.wrong_claims] == [(6, 4)]
    assert game.winner is None
    assert game.scores == {"Alice": 8, "Bob": 3 + 29 + 6}


def test_a_missing_claim_is_the_true_count_and_not_wrong() -> None:
    game = scored("players Alice Bob\nmuggins on\n" + BOB_DEALS_29)
    assert game.scores == {"Alice": 8, "Bob": 38}
    assert game.wrong_claims == ()


def test_a_score_sheet_without_cards() -> None:
    # Nothing to check but the score: Alice deals; Bob pegs 3 and Alice 5, Bob shows 12,
    # Alice 7, her crib 4.  Then Bob deals and only his show is written.
    game = scored(
        "players Alice Bob\ndeal Alice\npeg Bob 3\npeg Alice 5\nshow Bob 12\n"
        "show Alice 7\ncrib 4\ndeal Bob\nshow Bob 9\n"
    )
    assert rows(game, 1) == [
        ("peg", "Bob", 3, (0, 3)),
        ("peg", "Alice", 5, (5, 3)),
        ("show", "Bob", 12, (5, 15)),
        ("show", "Alice", 7, (12, 15)),
        ("crib", "Alice", 4, (16, 15)),
    ]
    assert rows(game, 2) == [("show", "Bob", 9, (16, 24))]
    assert game.winner is None
    assert (game.margin, game.skunk) == (None, None)
    assert game.wrong_claims == ()


def test_a_deal_with_cards_but_no_play_pegs_nothing_in_the_play() -> None:
    game = scored(
        "players Alice Bob\n" + BOB_DEALS_29.replace("play 4s 5h 9h 5d 5c Kc Js Qd\n", "")
    )
    assert [kind for kind, _, _, _ in rows(game, 1)] == ["show", "show", "crib"]
    assert game.deals[0].events[0].kind is EventKind.SHOW
    assert game.scores == {"Alice": 4, "Bob": 35}


def test_a_shows_items_are_counted_when_asked_and_add_up_to_its_total() -> None:
    game = scored(
        "players Ann Ben\ndeal Ann\nhand Ben 5h 5d 5c Js | 2c 3d\nhand Ann 7h 7s 8d 8c | Kc Qs\n"
        "starter 5s\nshow Ben 29\nshow Ann 20\n"
    )
    ben = next(e for e in game.deals[0].events if e.kind is EventKind.SHOW and e.player == "Ben")
    assert ben.total == 29
    assert ben.count is not None
    # Eight fifteens (each five with the jack, each three of the four fives), the four
    # fives as one item of six pairs, his nob: ten items, 16 + 12 + 1 points.
    kinds = [item.kind.value for item in ben.count.items]
    assert (kinds.count("fifteen"), kinds.count("pair"), kinds.count("nobs")) == (8, 1, 1)
    assert sum(item.points for item in ben.count.items) == 29
