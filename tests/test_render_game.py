"""Rendering a game: the lines of a deal that ends the game, and the end."""

from __future__ import annotations

from test_game import FOURTH_HANDS, NEAR_THE_END, scored

from cribcount.render.game import render_game


def test_a_game_won_on_heels_lists_what_was_not_counted() -> None:
    # Alice deals and turns the Jd: 2 at the cut take her from 119 to 121.  Not counted,
    # worked from the cards: the play (8h fifteen 2; 9d a run of three for Bob; Ad, with
    # 3 and 2, a run of three; Alice's go; the 6c last card), Bob's 7c 9d Kh 2s / Jd (0),
    # Alice's 8h 3s 6c Ad / Jd (8+6+A: 2), the crib Qc 4d Jh Tc / Jd (a double run of
    # three T J Q, 8; the Jh is no nob with a diamond turned).
    game = scored(NEAR_THE_END + FOURTH_HANDS + "starter Jd\nplay 7c 8h 9d 3s 2s Ad Kh 6c\n")
    lines = render_game(game).splitlines()
    assert lines[lines.index("deal 4: Alice deals, starter Jd") :] == [
        "deal 4: Alice deals, starter Jd",
        "  heels: Alice 2",
        "  game: Alice 121, on his heels",
        "  not counted: Alice 8h: fifteen for 2; Bob 9d: run of 3 for",
        "      3; Alice Ad: run of 3 for 3; Alice go: go for 1; Alice",
        "      6c: last card for 1; Bob's show 0; Alice's show 2;",
        "      Alice's crib 8",
        "  score: Alice 121, Bob 92",
        "Alice wins by 29: Alice 121, Bob 92",
    ]
