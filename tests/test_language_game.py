"""``cribcount game`` in French: the keywords of both languages, French notation, French text.

The expected texts are the English ones of test_cli_game and docs/game.md (worked by
hand there) said with the French words of the rules, and cards turned into French
notation by hand: K Q J T are R D V 10, hearts c, diamonds k, spades p, clubs t.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import outcome
from test_game import SKUNK_SHEET

from cribcount.game.reader import STATEMENTS, SWITCHES
from cribcount.language import language

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FRENCH = language("fr")

# The skunk sheet of test_game (worked by hand in test_a_skunk), each keyword in French.
FRENCH_WORDS = {"players": "joueurs", "deal": "donne", "peg": "marque", "show": "annonce"}
SKUNK_EN_FRANCAIS = "".join(
    " ".join([FRENCH_WORDS.get(line.split()[0], "berceau"), *line.split()[1:]]) + "\n"
    for line in SKUNK_SHEET.splitlines()
)

# The deal of docs/game.md where Ann over-claims, in French: Ben 5h 5d 5c Js | 2c 3d, Ann
# 7h 7s 8d 8c | Kc Qs, starter 5s.  Ben shows 29.  Ann: 7+8 four ways (8) and two pairs (4)
# is 12, claimed 20.  Her crib Kc Qs 2c 3d with the 5s: K+5, Q+5, K+2+3, Q+2+3, 8.  The
# play: 5 7 5 7 5 (29), nobody can play, Ben the go (1); then 8d Js 8c, Ann the last card (1).
OVER_CLAIM = [
    "joueurs Ann Ben",
    "donne Ann",
    "main Ben 5c 5k 5t Vp | 2t 3k",
    "main Ann 7c 7p 8k 8t | Rt Dp",
    "départ 5p",
    "jeu 5c 7c 5k 7p 5t 8k Vp 8t",
    "annonce Ben 29",
    "annonce Ann 20",
]


def french_game(*lines: str, options: tuple[str, ...] = ()) -> tuple[int, str, str]:
    return outcome(
        "--lang", "fr", "game", "-", *options, stdin="".join(f"{line}\n" for line in lines)
    )


def test_a_deal_in_french_words_notation_and_text() -> None:
    code, out, err = french_game(*OVER_CLAIM)
    assert (code, err) == (1, "")
    assert out == (
        "donne 1 : Ann donne, carte de départ 5p\n"
        "  jeu : Ann 1, Ben 1\n"
        "  Ben compte 29\n"
        "  Ann compte 12 : annonce 20, ramenée à 12\n"
        "  Ann, berceau 8\n"
        "  score : Ann 21, Ben 30\n"
        "partie non finie : Ann 21, Ben 30\n"
        "1 annonce fausse\n"
    )


def test_a_french_record_scores_as_its_english_one() -> None:
    # examples/partie.txt is examples/game-four.txt with French keywords, French notation
    # and French comments, line for line: the game, as data, is the same.
    french = outcome("--lang", "fr", "game", str(EXAMPLES / "partie.txt"), "-f", "json")
    english = outcome("game", str(EXAMPLES / "game-four.txt"), "-f", "json")
    assert french[0] == english[0] == 1
    assert json.loads(french[1]) == json.loads(english[1])


def test_the_end_of_a_game_in_french_a_skunk_and_the_board() -> None:
    code, out, err = french_game(*SKUNK_EN_FRANCAIS.splitlines(), options=("--board",))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["donne 1 : Bob donne (feuille de marque)", "  jeu : Alice 5, Bob 7"]
    assert lines.count("  planche : # devant, + derrière, | capot à 60 et 90") == 4
    assert "  partie : Alice 121, quand Alice compte sa main" in lines
    assert "  non compté : Alice, berceau 10" in lines
    assert lines[-6:-2] == [
        "  Alice 121, derrière 109",
        "  ." + "-" * 20 + "|" + "-" * 10 + "|" + "-" * 6 + "+" + "---#",
        "  Bob 88, derrière 84",
        "  ." + "-" * 20 + "|" + "-" * 7 + "+" + "-" + "#" + "|" + "-" * 10 + "o",
    ]
    assert lines[-2:] == [
        "Alice gagne avec 33 d'avance : Alice 121, Bob 88",
        "Bob est capot : la partie compte double",
    ]


def test_keywords_of_both_languages_whatever_the_language_of_the_run() -> None:
    # The same sheet in English and in French keywords reads the same in an English run.
    english = outcome("game", "-", stdin=SKUNK_SHEET)
    assert outcome("game", "-", stdin=SKUNK_EN_FRANCAIS) == english
    # Mixed, in any case, accents or none: 'Départ', 'DEPART', 'équipes', 'Equipes'.
    assert {STATEMENTS[word.lower()] for word in ("Départ", "DEPART", "depart")} == {"starter"}
    assert {STATEMENTS[word.lower()] for word in ("équipes", "Equipes")} == {"partners"}


def test_the_french_keywords_are_those_the_french_errors_list() -> None:
    # The unknown-statement error lists the statements in the run's language; each listed
    # French word is a keyword of the same statement as the English word in its place.
    english = "game, players, partners, muggins, deal, hand, extra, starter, play, peg, show, crib"
    french = FRENCH.say(english).split(", ")
    assert [STATEMENTS[word] for word in french] == english.split(", ")
    assert all(STATEMENTS[word] == word for word in english.split(", "))


def test_muggins_oui_and_non() -> None:
    assert SWITCHES == {"on": True, "off": False, "oui": True, "non": False}
    sheet = [
        "joueurs Ann Ben",
        "muggins {}",
        "donne Ann",
        "main Ben 5c 5k 5t Vp | 2t 3k",
        "main Ann 7c 7p 8k 8t | Rt Dp",
        "départ 5p",
        "annonce Ben 28",
    ]
    # Ben misses a point (29 claimed 28): with muggins Ann takes it.
    for switch, said in (("oui", "  muggins : Ann prend 1 point manqué par Ben"), ("non", None)):
        lines = [line.format(switch) for line in sheet]
        code, out, _ = french_game(*lines)
        assert code == 1
        assert (said in out.splitlines()) if said else ("muggins" not in out)
    code, out, _ = french_game(*[line.format("oui") for line in sheet])
    assert "  Ben compte 29 : annonce 28, marque 28\n" in out
    code, out, _ = french_game(*[line.format("non") for line in sheet])
    assert "  Ben compte 29 : annonce 28, marque 28, 1 point perdu\n" in out


# Bad records in French, a statement a line, and the one error line each gives.
BAD_RECORDS = {
    "joueurs Ann Ben/donne Ann/main Ben 5c 5k 5t Vp | Vp 9k": (
        "<stdin>:3:24: Vp apparaît deux fois dans la donne (d'abord en colonne 19)"
    ),
    "joueurs Ann Ben/donne Ann/annonce Ann 19": "<stdin>:3:13: aucune main ne fait 19",
    "joueurs Ann Ben/tirage Ann": (
        "<stdin>:2:1: instruction inconnue 'tirage' : il faut partie, joueurs, équipes,"
        " muggins, donne, main, pioche, départ, jeu, marque, annonce, berceau"
    ),
    "joueurs Ann Ben/muggins peut-être": (
        "<stdin>:2:9: muggins est oui ou non (on ou off), pas 'peut-être'"
    ),
    "joueurs Ann Ben/donne Ben/main Ann 5c 5k 5t Vx | 2t 3k": (
        "<stdin>:3:19: couleur inconnue 'x' dans 'Vx' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)"
    ),
    "joueurs Ann Ben/donne Ben/donne Ben": (
        "<stdin>:3:7: Ben donne hors de son tour : après Ben, c'est à Ann de donner"
    ),
    "joueurs Ann Ben/donne Ben/annonce Al 3": (
        "<stdin>:3:9: joueur inconnu 'Al' : les joueurs sont Ann, Ben"
    ),
    "joueurs Ann Ben/donne Ben/main Ann 5c 5k 5t Vt 2t 3k": (
        "<stdin>:3:22: les 6 cartes d'Ann sans '|' : les 4 cartes gardées, '|', puis les 2"
        " écartées, comme '5c 5k 5t Vt | 2t 3k'"
    ),
    "joueurs Ann Ben Cid/donne Ben/main Cid 5c 5k 5t Vt | 2t 3k": (
        "<stdin>:3:27: Cid écarte 1 carte à 3 joueurs, et il y en a 2"
    ),
    "/".join([*OVER_CLAIM[:5], "jeu 5c 7c go"]): (
        "<stdin>:6:11: go de Ben, qui peut jouer 5t 5k Vp au compte de 12"
    ),
    "/".join(OVER_CLAIM[:4]): "<stdin>:2:1: donne 1 : pas de carte de départ",
}


@pytest.mark.parametrize("record", BAD_RECORDS)
def test_french_errors_name_the_token_and_its_place(record: str) -> None:
    assert french_game(*record.split("/")) == (2, "", BAD_RECORDS[record] + "\n")


def test_english_notation_in_a_french_run_is_a_bad_card() -> None:
    # c is clubs in English and hearts in French: under --lang fr, 5h is no card.
    code, out, err = french_game("joueurs Ann Ben", "donne Ann", "main Ben 5h 5d 5c Js | 2c 3d")
    assert (code, out) == (2, "")
    assert err == (
        "<stdin>:3:10: couleur inconnue 'h' dans '5h' : il faut une couleur (t k c p ou ♣ ♦ ♥ ♠)\n"
    )


def test_a_partnership_is_skunked_in_the_plural_in_both_languages() -> None:
    # Four players to 61: Bob pegs 33 and shows 28 in the first deal, so Bob & Dave reach 61
    # with Ann & Cid at 0, under 31: skunked, and they are two.
    sheet = ["game 61", "players Ann Bob Cid Dan", "deal Ann", "peg Bob 33", "show Bob 28"]
    code, out, _ = outcome("game", "-", stdin="".join(f"{line}\n" for line in sheet))
    assert (code, out.splitlines()[-2:]) == (
        0,
        [
            "Bob & Dan win by 61: Ann & Cid 0, Bob & Dan 61",
            "Ann & Cid are skunked: the game counts double",
        ],
    )
    code, out, _ = french_game(*sheet)
    # Past 60 columns, the line goes on under itself.
    assert (code, out.splitlines()[-3:]) == (
        0,
        [
            "Bob & Dan gagnent avec 61 d'avance : Ann & Cid 0, Bob & Dan",
            "    61",
            "Ann & Cid sont capot : la partie compte double",
        ],
    )
