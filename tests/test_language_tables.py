"""French at every table and in practice: seats, the play's rule errors, discard seats, the drill.

Expected texts are the English messages (which the other tests pin) said with
the French catalog's words, and cards turned into French notation by hand:
K Q J T are R D V 10, hearts c, diamonds k, spades p, clubs t.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import outcome

from cribcount.cli import cli
from cribcount.errors import CribcountError, PlayError, TableError
from cribcount.language import language
from cribcount.play import peg
from cribcount.practice import Drill, Practice
from cribcount.practice_log import LogError, read_log, report
from cribcount.render.play import render_pegging
from cribcount.render.practice import render_deal, render_report
from cribcount.seats import check_players, partnerships

FRENCH = language("fr")
NOTATION = FRENCH.notation
ROOT = Path(__file__).resolve().parent.parent


def french_error(error: pytest.ExceptionInfo[CribcountError]) -> str:
    return FRENCH.error(error.value)


# --- the play's rule errors, in French and in English --------------------------------------------


def test_a_go_from_a_player_who_can_play() -> None:
    # Kc 9d make 19; pone holds Th 2s 6s, each fits (29, 21, 25): the go at column 7 is wrong.
    with pytest.raises(PlayError) as caught:
        peg("Rt 9k go", pone="Rt 10c 2p 6p", dealer="9k 7t Dc Vc", notation=NOTATION)
    assert (
        french_error(caught)
        == "colonne 7: go du non-donneur, qui peut jouer 2p 6p 10c au compte de 19"
    )
    assert str(caught.value) == "column 7: go from pone, who can play 2s 6s Th at count 19"


def test_a_card_out_of_turn_names_the_owner_and_the_seat_to_play() -> None:
    # Three hands: first lays Kc, then Th (first's own card) at column 4 when it is second's
    # turn; second holds 9d 7c Qh Jh, all of which fit at 10.
    with pytest.raises(PlayError) as caught:
        peg("Rt 10c", hands="Rt 10c 2p 6p | 9k 7t Dc Vc | At 2t 3t 4t", notation=NOTATION)
    assert french_error(caught) == (
        "colonne 4: 10c est au premier, mais c'est au tour du deuxième,"
        " et le deuxième peut jouer 7t 9k Vc Dc"
    )


def test_a_card_in_no_hand_and_a_card_in_two_hands() -> None:
    with pytest.raises(PlayError) as caught:
        peg("Rt 5c", pone="Rt 10c 2p 6p", dealer="9k 7t Dc Vc", notation=NOTATION)
    assert french_error(caught) == "colonne 4: 5c n'est dans aucune des deux mains"
    # "Rt 10c 2p 6p | " is 15 characters: the dealer's Rt is at column 25.
    with pytest.raises(PlayError) as caught:
        peg("Rt", hands="Rt 10c 2p 6p | 9k 7t Dc Rt", notation=NOTATION)
    assert french_error(caught) == (
        "colonne 25: main du donneur : Rt est aussi dans la main du non-donneur"
    )


def test_a_hand_short_of_cards_and_a_hand_badly_written() -> None:
    # The second hand (columns 16 to 25) has three cards: the column is the end of it.
    with pytest.raises(PlayError) as caught:
        peg("Rt", hands="Rt 10c 2p 6p | 9k 7t Dc | At 2t 3t 4t", notation=NOTATION)
    assert french_error(caught) == (
        "colonne 25: il faut 4 cartes dans la main du deuxième, et il y en a 3"
    )
    with pytest.raises(PlayError) as caught:
        peg("Rt", pone="Rt 10c 2p 6p", dealer="9k 7t Dc Vx", notation=NOTATION)
    assert french_error(caught) == (
        "colonne 10: main du donneur : couleur inconnue 'x' dans 'Vx' :"
        " il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)"
    )


def test_a_card_past_31_without_the_hands_names_who_did_not_say_go() -> None:
    # Three players: K Q 5 make 25, first says go, second's 7 would make 32 while the
    # dealer has not said go: one player.
    with pytest.raises(PlayError) as caught:
        peg("Rt Dk 5c go 7p", players=3, notation=NOTATION)
    assert french_error(caught) == (
        "colonne 13: 7p porterait le compte de 25 à 32, et le donneur n'a pas dit go"
        " avant elle (sans les mains, le go ne se devine pas)"
    )
    # Four players: the dealer says go, first's 7 would make 32: second and third have not.
    with pytest.raises(PlayError) as caught:
        peg("Rt Dk 5c go 7p", players=4, notation=NOTATION)
    assert french_error(caught) == (
        "colonne 13: 7p porterait le compte de 25 à 32, et les joueurs deuxième et troisième"
        " n'ont pas dit go avant elle (sans les mains, le go ne se devine pas)"
    )
    assert str(caught.value) == (
        "column 13: 7s would take the count from 25 to 32, and second and third did not say go"
        " before it (without the hands, the go cannot be guessed)"
    )


def test_too_many_cards_and_none() -> None:
    with pytest.raises(PlayError) as caught:
        peg("Rt 9k 10c 2p 7t 6p Dc 9t 5c", notation=NOTATION)
    assert french_error(caught) == (
        "colonne 26: plus de 8 cartes : 5c serait la carte 9 et chaque joueur en joue 4"
    )
    with pytest.raises(PlayError) as caught:
        peg("go", notation=NOTATION)
    assert french_error(caught) == (
        "aucune carte : il faut les cartes dans l'ordre où elles ont été jouées"
    )


def test_table_errors_in_french() -> None:
    with pytest.raises(TableError) as caught:
        partnerships(3, partners=True)
    assert french_error(caught) == "les équipes demandent quatre ou six joueurs, pas 3"
    with pytest.raises(TableError) as caught:
        check_players(7)
    assert french_error(caught) == "une table compte de 2 à 6 joueurs, pas 7"


def test_peg_errors_through_the_command_in_french() -> None:
    status, out, err = outcome(
        "--lang", "fr", "peg", "Rt 9k go", "--pone", "Rt 10c 2p 6p", "--dealer", "9k 7t Dc Vc"
    )
    assert (status, out) == (2, "")
    assert (
        err == "cribcount: colonne 7: go du non-donneur, qui peut jouer 2p 6p 10c au compte de 19\n"
    )
    status, _, err = outcome(
        "--lang",
        "fr",
        "peg",
        "Rt",
        "--hands",
        "Rt 10c 2p 6p",
        "--pone",
        "At 2t 3t 4t",
        "--dealer",
        "5t 6t 7t 8t",
    )
    assert (status, err) == (
        2,
        "cribcount: donnez les mains une seule fois : --hands, ou --pone et --dealer\n",
    )


def test_discard_seat_errors_in_french() -> None:
    # Six players in partnerships: the crib is the dealer's (6) and partner's (3); seat 2
    # does not share it.
    status, out, err = outcome(
        "--lang", "fr", "discard", "5c 5k 6t 7p Vc", "--players", "6", "--partners",
        "--seat", "2", "--dealer",
    )  # fmt: skip
    assert (status, out) == (2, "")
    assert err == (
        "cribcount: la place 2 sur 6 ne partage pas le berceau :"
        " c'est celui du donneur (place 6) et de son partenaire (place 3)\n"
    )
    # With five players the dealer (seat 5) is dealt four and lays away nothing.
    status, _, err = outcome(
        "--lang", "fr", "discard", "5c 5k 6t 7p", "--players", "5", "--seat", "5", "--pone"
    )
    assert err == (
        "cribcount: la place 5 sur 5 n'écarte rien : elle reçoit 4 cartes et les garde"
        " (les places 1 à 4 écartent une carte chacune)\n"
    )


# --- seats and partnerships in the text -------------------------------------------------------


def test_every_seat_and_partnership_is_named_in_french() -> None:
    # Six players in partnerships: T (10), 5 (15: fifteen 2), 5 (pair 2), 5 (pair royal 6),
    # 5 (double pair royal 12), A (31 for 2). Teams: 1 & 4 = 6, 2 & 5 = 14, 3 & 6 = 4.
    pegging = peg("10t 5t 5k 5c 5p At", players=6, partners=True, notation=NOTATION)
    lines = render_pegging(pegging, lang=FRENCH).splitlines()
    assert [line.split()[0] for line in lines[:6]] == [
        "premier",
        "deuxième",
        "troisième",
        "quatrième",
        "cinquième",
        "donneur",
    ]
    # Within 60 columns, the totals go on, indented, on a second line.
    assert lines[-4:] == [
        "totaux : premier 0, deuxième 2, troisième 2, quatrième 6,",
        "  cinquième 12, donneur 2",
        "équipes : premier & quatrième 6, deuxième & cinquième 14,",
        "  troisième & donneur 4",
    ]
    # The names of the data stay English.
    assert pegging.partnership_totals == {
        "first & fourth": 6,
        "second & fifth": 14,
        "third & dealer": 4,
    }


# --- practice ---------------------------------------------------------------------------------


def test_the_deal_line_in_french_or_canonical() -> None:
    # Seed 20 deals Qh Js Kh Kd / 3d first (test_practice.py); seed 2's drill 2d 3h ... 5c.
    hand = Practice(20).deal()
    assert hand is not None
    assert render_deal(hand, lang=FRENCH, canonical=False) == "main Dc Vp Rc Rk / 3k"
    assert render_deal(hand, lang=FRENCH) == "hand Qh Js Kh Kd / 3d"
    play = Practice(2, drill=Drill.PLAY).deal()
    assert play is not None
    assert (
        render_deal(play, lang=FRENCH, canonical=False) == "jeu 2k 3c Rc Vc Ap 5p 6p 5t, compte 11"
    )
    assert render_deal(play, lang=FRENCH) == "play 2d 3h Kh Jh As 5s 6s 5c, count 11"


def test_practice_in_french_through_a_pipe_keeps_the_english_deal_lines() -> None:
    # Seed 20: Qh Js Kh Kd / 3d (8) answered 8, then 5c Js Jc 2h / 6c (7) answered 5.
    obj = {"clock": lambda: 0.0}
    english = CliRunner().invoke(cli, ["practice", "--seed", "20"], input="8\n5\nq\n", obj=obj)
    french = CliRunner().invoke(
        cli, ["--lang", "fr", "practice", "--seed", "20"], input="8\n5\nq\n", obj=obj
    )
    assert french.exit_code == 0
    deals = ("hand ", "crib ", "play ")
    assert [line for line in french.stdout.splitlines() if line.startswith(deals)] == [
        line for line in english.stdout.splitlines() if line.startswith(deals)
    ]
    lines = french.stdout.splitlines()
    assert lines[:2] == ["entraînement --seed 20 : donnez le compte", "(? le montre, q arrête)"]
    # Through a pipe the prompt is written with the answer read, as a terminal shows it.
    assert lines[3:5] == ["compte : 8", "juste : 8 (0,0 s)"]
    assert "  main 5t Vp Vt 2c, carte de départ 6t" in lines
    assert "annonce 5, compte 7 : 2 points de moins" in lines
    # The second hand, missed, is of one kind: nobs (Jc with the 6c turned).
    # Within 60 columns, the kind's figures go on under themselves.
    # French numbers: a decimal comma, a narrow no-break space before '%'; one miss and
    # one hand of the kind are singular.
    assert lines[-9:] == [
        "hand Tc 3h Ad 7h / 2c",
        "compte : q",
        "mains comptées 2, justes 1 (50\u202f%)",
        "secondes médianes par compte juste : 0,0",
        "points manqués 2, annoncés en trop 0",
        "plus longue série de comptes justes : 1",
        "les plus manquées (une main peut être de plusieurs sortes) :",
        "  son valet  1 sur 1 erreur (100\u202f%),",
        "             1 sur 1 main de ce genre",
    ]


def test_practice_errors_in_french() -> None:
    result = CliRunner().invoke(cli, ["practice", "--lang", "fr", "--crib", "--mix"])
    assert (result.exit_code, result.stderr) == (
        2,
        "cribcount: --crib et --mix : choisissez l'un des deux\n",
    )
    result = CliRunner().invoke(cli, ["--lang", "fr", "practice", "--report", "-"], input="{oops\n")
    assert (result.exit_code, result.stderr) == (2, "<stdin>:1: pas un objet JSON\n")


def test_a_log_error_says_its_line_in_french() -> None:
    with pytest.raises(LogError) as caught:
        read_log(["", "[1, 2]"])
    assert FRENCH.text(caught.value.said) == "ligne 2 : pas un objet JSON"
    assert caught.value.message == "line 2: not a JSON object"


def test_the_report_in_french_keeps_its_columns() -> None:
    # Two hands of the same ISO week (2026-W48): 12 answered 10, 29 right in 6 s.
    log = [
        '{"time": "2026-11-23T20:00:00+00:00", "seed": 3, "round": 1, "hand": ["6c", "7d",'
        ' "7h", "8s"], "starter": "Kd", "crib": false, "answer": 10, "count": 12,'
        ' "seconds": 9.0, "muggins": null}',
        '{"time": "2026-11-24T20:00:00+00:00", "seed": 3, "round": 2, "hand": ["5h", "5d",'
        ' "5c", "Js"], "starter": "5s", "crib": false, "answer": 29, "count": 29,'
        ' "seconds": 6.0, "muggins": null}',
    ]
    lines = render_report(report(read_log(log)), lang=FRENCH).splitlines()
    assert lines[0] == "2 mains du 2026-11-23 au 2026-11-24"
    table = lines[1:4]
    assert table[0].split() == [
        "semaine",
        "mains",
        "justes",
        "réussite",
        "médiane",
        "s",
        "manqués",
        "en",
        "trop",
    ]
    # French figures: '50 %' with a narrow no-break space, a decimal comma.
    assert table[1].split() == ["2026-W48", "2", "1", "50", "%", "6,0", "2", "0"]
    assert table[2].split() == ["tout", "2", "1", "50", "%", "6,0", "2", "0"]
    assert "50\u202f%" in table[1]
    # Figures are right-aligned under their labels: every row ends where the header does.
    assert len({len(row) for row in table}) == 1


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_on_a_terminal_the_deal_and_the_prompt_are_french() -> None:
    leader, follower = os.openpty()
    try:
        os.write(leader, b"q\n")
        done = subprocess.run(
            [sys.executable, "-m", "cribcount", "--lang", "fr", "practice", "--seed", "20"],
            stdin=follower,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
            cwd=ROOT,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    assert done.stdout.splitlines()[2:4] == [
        "main Dc Vp Rc Rk / 3k",
        "compte : aucune main comptée",
    ]


def test_the_play_drill_summary_speaks_of_plays_its_figures_wrapped_whole() -> None:
    # Seed 3 deals two plays that peg nothing, worked by hand: 3 6 9 10 (28), go, go, then
    # 4 8 10 (22), no pair, 15, 31 or run; and 3 7 K A J (31), then 9 4 (13).  The first
    # answer 2 is wrong, the second 0 right.
    answers = "2\n0\n"
    _, english, _ = outcome(
        "practice", "--last-card", "--seed", "3", "--rounds", "2", stdin=answers
    )
    assert english.splitlines()[-2:] == [
        "missed most (a play can be of several kinds):",
        "  play: nothing  1 of 1 miss (100%), 1 of 2 such plays",
    ]
    _, french, _ = outcome(
        "--lang", "fr", "practice", "--last-card", "--seed", "3", "--rounds", "2", stdin=answers
    )
    # Too long for one line, the second figure goes whole to the next, not 'de ce / genre'.
    assert french.splitlines()[-3:] == [
        "les plus manqués (un coup peut être de plusieurs sortes) :",
        "  jeu : rien  1 sur 1 erreur (100\u202f%),",
        "              1 sur 2 coups de ce genre",
    ]
