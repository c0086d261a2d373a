"""Reading game records: what each statement means, and every bad statement reported in place."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from cribcount.cards import DECK, parse_cards
from cribcount.errors import GameRecordError
from cribcount.game import reader as reader_module
from cribcount.game.reader import read_record
from cribcount.seats import DEAL_SIZES

TWO = "players Alice Bob\n"
BOB_DEALS = """\
deal Bob
hand Alice 5h 5d 5c Js | 2c 3d
hand Bob 7h 7s 8d 8c | 9c Kd
starter 5s
"""


def errors(text: str) -> list[tuple[int, int, str, str]]:
    """Each bad statement of ``text`` as (line, column, token, reason)."""
    with pytest.raises(GameRecordError) as raised:
        read_record(text)
    return [(e.line, e.column, e.token, e.reason) for e in raised.value.errors]


def test_the_defaults_and_the_options() -> None:
    record = read_record(TWO)
    assert (record.target, record.muggins, record.partners, record.deals) == (121, False, False, ())
    record = read_record("game 61 # the short board\nplayers A B C D E F\npartners\nmuggins on\n")
    assert (record.target, record.muggins, record.partners) == (61, True, True)
    assert record.players == ("A", "B", "C", "D", "E", "F")


def test_a_deal_with_cards() -> None:
    deal = read_record(TWO + "\n# a comment\n" + BOB_DEALS).deals[0]
    assert (deal.dealer, deal.seats, deal.line) == ("Bob", ("Alice", "Bob"), 4)
    assert [hand.player for hand in deal.hands] == ["Alice", "Bob"]
    assert deal.hands[0].kept == tuple(c for c, _ in parse_cards("5h 5d 5c Js"))
    assert deal.crib_cards == tuple(c for c, _ in parse_cards("2c 3d 9c Kd"))
    assert str(deal.starter) == "5s"
    assert deal.pegging is None


def test_seats_run_from_the_dealers_left_and_the_deal_passes_left() -> None:
    record = read_record(
        "players A B C\ndeal B\nshow A 2\ndeal C\nshow A 4\ndeal A\ncrib 1\ndeal B\n"
    )
    assert [deal.seats for deal in record.deals] == [
        ("C", "A", "B"),
        ("A", "B", "C"),
        ("B", "C", "A"),
        ("C", "A", "B"),
    ]


def test_three_players_lay_away_one_each_and_the_deck_gives_one() -> None:
    text = """\
players A B C
deal C
hand A 2c 3c 4c 5c | 6c
hand B 2d 3d 4d 5d | 6d
hand C 2h 3h 4h 5h | 6h
extra 6s
starter Kc
"""
    deal = read_record(text).deals[0]
    assert deal.crib_cards == tuple(c for c, _ in parse_cards("6c 6d 6h 6s"))
    assert errors(text.replace("extra 6s\n", "")) == [
        (2, 1, "deal", "deal 1: no extra card for the crib")
    ]


def test_every_bad_statement_is_reported_with_its_line_column_and_token() -> None:
    text = """\
game 100
players Alice Bob
muggins maybe
deal Bob
hand Alice 5h 5d 5c Js | 2c 3d
hand Bob 7h 7s 8d 5h | 9c Kd
starter 5s
deal Alice
hand Bob 7h 7s 8d 8c | 9c
deal Alice
show Carl 12
frobnicate
"""
    assert errors(text) == [
        (1, 6, "100", "a game is to 121 or 61, not '100'"),
        (3, 9, "maybe", "muggins is on or off, not 'maybe'"),
        (6, 19, "5h", "5h appears twice in the deal (first on line 5, column 12)"),
        (9, 26, "", "Bob lays away 2 cards with 2 players, got 1"),
        (10, 6, "Alice", "Alice deals out of turn: after Alice, Bob deals"),
        (11, 6, "Carl", "unknown player 'Carl': the players are Alice, Bob"),
        (
            12,
            1,
            "frobnicate",
            "unknown statement 'frobnicate': expected game, players, partners, muggins, deal,"
            " hand, extra, starter, play, peg, show, crib",
        ),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deal Bob\nplayers A B\n", (1, 1, "deal", "a deal before the players: name them first")),
        ("\n", (1, 0, "", "no players statement: name 2 to 6 players")),
        ("players A B C D E F G\n", (1, 21, "G", "players needs 2 to 6 names, got 7")),
        ("players A B A\n", (1, 13, "A", "'A' is named twice")),
        (
            "players A B C\npartners\n",
            (2, 1, "partners", "partnerships need four or six players, not 3"),
        ),
        (
            TWO + "deal Bob\ngame 61\n",
            (3, 1, "game", "'game' after the first deal: it goes before"),
        ),
        (TWO + "show Alice 3\n", (2, 1, "show", "show before any deal")),
        (TWO + "deal Bob\nshow Alice x\n", (3, 12, "x", "'x' is not a whole number of points")),
        (TWO + "deal Bob\ncrib 3 4\n", (3, 8, "4", "'4' is one word too many for crib")),
        (
            TWO + "deal Bob\nextra 5h\n",
            (3, 1, "extra", "no card from the deck to the crib with 2 players: only with 3"),
        ),
        (
            TWO + "deal Bob\nhand Alice 5h 5d 5c Js 2c 3d\n",
            # The six cards dealt, written without the '|' between kept and laid away.
            (
                3,
                24,
                "2c",
                "Alice's 6 cards without '|': the 4 cards kept, '|', then the 2 laid away,"
                " as '5h 5d 5c Js | 2c 3d'",
            ),
        ),
        (
            TWO + "deal Bob\nhand Alice 5h 5d 5c Js 2c\n",
            (3, 24, "2c", "Alice keeps 4 cards with 2 players, got 5"),
        ),
        (
            TWO + "deal Bob\nhand Alice 5h 5d 5c 5x | 2c 3d\n",
            (3, 21, "5x", "unknown suit 'x' in '5x': expected a suit (c d h s or ♣ ♦ ♥ ♠)"),
        ),
        (
            TWO + "deal Bob\nstarter Jc\n",
            (
                3,
                1,
                "starter",
                "starter in a deal without hands: give every hand, or only the points",
            ),
        ),
        (
            TWO + "deal Bob\nhand Alice 5h 5d 5c Js | 2c 3d\n",
            (2, 1, "deal", "deal 1: no hand for Bob"),
        ),
        (TWO + BOB_DEALS.replace("starter 5s\n", ""), (2, 1, "deal", "deal 1: no starter")),
        (TWO + BOB_DEALS + "starter 6s\n", (6, 1, "starter", "a second starter")),
        (
            TWO + BOB_DEALS + "play 5h 7h 5d 7s 5c 8d Js 8c\npeg Bob 2\n",
            (7, 1, "peg", "peg with a play line: the play says what was pegged"),
        ),
    ],
)
def test_bad_statements(text: str, expected: tuple[int, int, str, str]) -> None:
    assert errors(text) == [expected]


def test_the_play_is_checked_against_the_hands_and_names_the_players() -> None:
    # Alice (pone) leads 5h, Bob 7h; then it is Alice's turn, not Bob's.
    assert errors(TWO + BOB_DEALS + "play 5h 7h 8c\n") == [
        (
            6,
            12,
            "8c",
            "8c is Bob's, but it is Alice's turn and Alice can play 5c 5d Js",
        )
    ]


def test_a_play_that_stops_early_is_bad() -> None:
    [(line, _, _, reason)] = errors(TWO + BOB_DEALS + "play 5h 7h\n")
    assert line == 6
    assert reason.startswith("the play stops with 5c 5d 7s 8c 8d Js still in hand")


def test_the_error_says_where_and_how_many_more() -> None:
    with pytest.raises(GameRecordError) as raised:
        read_record("game 7\nplayers A\n")
    assert str(raised.value) == "line 1: column 6: a game is to 121 or 61, not '7' (and 1 more)"


_HAND_WORDS = st.sampled_from(
    ["5h", "5d", "5c", "Js", "2c", "3d", "Kh", "10h", "5♥", "|", "5h,5d", "x", "5h|", "/", "Th"]
)


@example(players=2, words=["5h", "5c", "Js", "Kh", "|", "2c", "3d"], seat=0)  # read whole
@example(players=2, words=["5h", "5d", "Js", "Kh", "|", "2c", "3d"], seat=1)  # 5d the starter
@example(players=6, words=["5h", "5c", "Js", "Kh"], seat=5)  # the seats that lay nothing
@example(players=6, words=["5h", "5c", "Js", "Kh", "|"], seat=5)
@given(
    players=st.integers(2, 6),
    words=st.lists(_HAND_WORDS, max_size=9),
    seat=st.integers(0, 5),
)
def test_a_hand_read_plainly_is_what_the_careful_reading_gives(
    players: int, words: list[str], seat: int
) -> None:
    # Hands written plainly take a quicker path: with it, and without it, the same deal or
    # the same errors, at the same columns.
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players]
    # The other hands from cards the words never give; the starter may be in the hand.
    said = {"5h", "5d", "5c", "5s", "Js", "2c", "3d", "Kh", "Th"}
    spare = iter(card for card in DECK if str(card) not in said)
    lines = [f"players {' '.join(names)}", "deal Ann", "starter 5d"]
    for name, (dealt, _) in zip(names[1:] + names[:1], DEAL_SIZES[players], strict=True):
        if name == names[seat % players]:
            lines.append(f"hand {name} {' '.join(words)}")
            continue
        cards = [str(next(spare)) for _ in range(dealt)]
        lines.append(f"hand {name} {' '.join(cards[:4])} | {' '.join(cards[4:])}")
    record = "\n".join(lines)

    def read() -> tuple[str, object]:
        try:
            return "ok", read_record(record)
        except GameRecordError as error:
            return "bad", [(e.line, e.column, e.reason) for e in error.errors]

    quick = read()
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(reader_module, "_plain_hand", lambda words, notation: None)
        careful = read()
    assert quick == careful
