"""French as a user meets it in the summaries, warnings and sheets of the other commands.

Cards in French notation by hand: K Q J T are R D V 10, hearts c, diamonds k, spades p,
clubs t.
"""

from __future__ import annotations

from conftest import outcome

from cribcount.batch.csvinput import NAMES


def french_batch(line: str) -> tuple[int, str, str]:
    """``cribcount --lang fr batch`` of one line."""
    return outcome("--lang", "fr", "batch", stdin=line + "\n")


def test_a_label_that_says_crib_is_warned_of_in_french_words() -> None:
    # 2h 6h 9h Kh with the 3c: K+2+3 and 6+9 (4), a four-card flush (4) as a hand: 8.
    status, out, err = french_batch("Bob, berceau 1: 2c 6c 9c Rc / 3t = 8")
    assert status == 0
    assert out.splitlines()[:2] == [
        "1 [Bob, berceau 1]: 2c 6c 9c Rc / 3t: 8 points",
        "    quinzes 4, couleur 4",
    ]
    assert err.splitlines()[0] == (
        "<stdin>:1: attention : l'étiquette 'Bob, berceau 1' parle du berceau, mais la ligne"
        " n'a pas le mot berceau (ou crib) : comptée comme une main (écrivez berceau après la"
        " main pour compter un berceau)"
    )


def test_a_french_sheet_with_french_headers_and_check_marks() -> None:
    sheet = (
        "Joueur,Donne,Main,Départ,Berceau ?,Annonce\n"
        'Ann,1,"5c 5k 5t Vp",5p,✓,29\n'  # the 29 hand (a crib too: no flush in it)
        'Ben,1,"2c 4c 6c 8c",Rt,x,0\n'  # a four-card flush is nothing in a crib
    )
    status, out, err = outcome("--lang", "fr", "batch", "--input", "csv", stdin=sheet)
    assert status == 0
    assert "5c 5k 5t Vp / 5p berceau: 29 points" in out
    assert "2c 4c 6c 8c / Rt berceau: 0 point" in out
    assert err == (
        "cribcount: 2 mains comptées, 0 ligne en erreur, 2 annonces vérifiées dont 0 fausse"
        " (0 point de moins)\n"
    )


def test_the_from_summaries_take_the_french_plural() -> None:
    # 7 8 8: pone 7, dealer 8 (15 for 2), pone 8 (pair 2, last card 1).
    status, _, err = outcome("--lang", "fr", "peg", "--from", "-", stdin="7t 8k 8c\n")
    assert (status, err) == (0, "cribcount: 1 jeu marqué, 0 ligne en erreur\n")
    status, _, err = outcome("--lang", "fr", "peg", "--from", "-", stdin="7t 8k 8c\n4t 6k 5c\nzz\n")
    assert status == 2
    assert err.splitlines()[-1] == "cribcount: 2 jeux marqués, 1 ligne en erreur"
    status, _, err = outcome(
        "--lang", "fr", "discard", "--from", "-", "--pone", stdin="5c 5k\n5t 5p\n"
    )
    assert status == 2
    assert err.splitlines()[-1] == "cribcount: 0 donne conseillée, 2 lignes en erreur"


def test_a_french_reason_wraps_at_its_blanks_not_inside_a_quote() -> None:
    # The apostrophe of l'annonce opens no quote: '= 11' stays whole on its line.
    status, out, _ = french_batch("Frank, deal 3: 2k 3k 4k 5k / 6t = 11 points")
    assert (status, out.splitlines()[:4]) == (
        2,
        [
            "1 [Frank, deal 3]: erreur à la colonne 38 :",
            "    'points' après l'annonce '= 11' : seul 'berceau'",
            "    (ou 'crib') peut suivre l'annonce ; une remarque va",
            "    après ' #'",
        ],
    )


def test_a_french_sheet_without_a_hand_column_is_told_the_french_names() -> None:
    status, _, err = outcome("--lang", "fr", "batch", "--input", "csv", stdin="Foo,Bar\n1,2\n")
    assert status == 2
    said = err.splitlines()[0]
    assert said.startswith(
        "<stdin>:1:1: l'en-tête 'Foo,Bar' ne nomme pas la colonne de la main : appelez-la main,"
        " cartes ou hand/cards (les autres : joueur, donne, départ, berceau, annonce, ou "
    )
    # Each French name the message offers is one the sheet reader takes for its column.
    offered = [("hand", "main"), ("hand", "cartes"), ("label", "joueur"), ("deal", "donne")]
    offered += [("starter", "départ"), ("crib", "berceau"), ("claim", "annonce")]
    assert all(name in NAMES[column] for column, name in offered)


def test_play_advice_in_french_names_the_seats_with_their_article_and_a_decimal_comma() -> None:
    # 5c 5d Td Kh with the 2s, in French notation 5t 5k 10k Rc with the 2p.
    status, french, _ = outcome(
        "--lang", "fr", "peg", "--advise", "--hand", "5t 5k 10k Rc", "--starter", "2p"
    )
    _, english, _ = outcome("peg", "--advise", "--hand", "5c 5d Td Kh", "--starter", "2s")
    assert status == 0
    assert french.splitlines()[:2] == [
        "au non-donneur de jouer au compte de 0",
        "(64 mains du donneur tirées, graine 0)",
    ]
    # The same figures as in English, written with a decimal comma.
    for mine, theirs in zip(english.splitlines()[3:], french.splitlines()[3:], strict=True):
        assert theirs.split()[1:] == [cell.replace(".", ",") for cell in mine.split()[1:]]
