"""Messages that lead to the fix: what is wrong in a line, where, and how to write it."""

from __future__ import annotations

import pytest
from conftest import outcome

from cribcount.batch.lines import parse_line
from cribcount.errors import CribcountError, DealError, NotationError


@pytest.mark.parametrize(
    ("line", "column", "reason"),
    [
        # The claim '= 11' is at the end of the hand; the word after it is what is wrong.
        (
            "Frank, deal 3: 2d 3d 4d 5d / 6c = 11 points",
            38,
            "'points' after the claim '= 11': only 'crib' may follow a claim;"
            " a note goes after ' #'",
        ),
        (
            "2d 3d 4d 5d / 6c = 5 (crib)",
            22,
            "'(crib)' after the claim '= 5': write the word crib alone, as '= 5 crib'",
        ),
        # The crib word as the line wrote it, French's berceau too, without its brackets.
        (
            "2d 3d 4d 5d / 6c = 5 [Berceau]",
            22,
            "'[Berceau]' after the claim '= 5': write the word crib alone, as '= 5 Berceau'",
        ),
        # An '=' with no number after it inside the hand is still the '=' itself.
        ("5h = 5d 5c Js / 5s", 4, "'=' in the hand: a claim goes at the end, as '= N'"),
        # A name whose colon is missing reads as a card: the message says how labels end.
        (
            "Ann 5h 5d 5c Js / 5s",
            1,
            "unknown card 'Ann': expected a rank (A 2-10 T J Q K) then a suit"
            " (c d h s or ♣ ♦ ♥ ♠); a label ends with ':', as 'Ann: ...'",
        ),
    ],
)
def test_a_bad_line_says_how_to_write_it(line: str, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_line(line)
    assert (caught.value.column, caught.value.reason) == (column, reason)


def test_a_bad_card_that_is_no_name_gets_no_label_hint() -> None:
    # 'Xh' is two characters: a card mistyped, not a name.
    with pytest.raises(NotationError) as caught:
        parse_line("Xh 5d 5c Js / 5s")
    assert "label" not in caught.value.reason
    # With a label already, the bad word is a bad card.
    with pytest.raises(NotationError) as caught:
        parse_line("Ann: Bob 5d 5c Js / 5s")
    assert "label" not in caught.value.reason


def test_four_cards_without_a_starter_say_where_it_goes() -> None:
    with pytest.raises(DealError) as caught:
        parse_line("5h 5d 5c Js")
    assert caught.value.column == 12
    assert caught.value.reason == (
        "4 cards and no starter: add the starter after a '/', as '5h 5d 5c Js / STARTER'"
    )


def test_the_hints_in_a_batch_run_and_in_french() -> None:
    status, out, err = outcome(
        "--lang",
        "fr",
        "batch",
        stdin="Ann 5c 5k 5t Vp / 5p\n5c 5k 5t Vp\n5c 5k 5t Vp / 5p = 29 !\n",
    )
    assert status == 2
    assert err.splitlines()[:3] == [
        "<stdin>:1:1: carte inconnue 'Ann' : il faut un rang (A 2-10 V D R) puis une couleur"
        " (t k c p ou ♣ ♦ ♥ ♠) ; une étiquette finit par ':', ainsi : 'Ann: ...'",
        "<stdin>:2:12: 4 cartes et pas de carte de départ : ajoutez-la après un '/',"
        " ainsi : '5c 5k 5t Vp / DÉPART'",
        "<stdin>:3:23: '!' après l'annonce '= 29' : seul 'berceau' (ou 'crib') peut suivre"
        " l'annonce ;"
        " une remarque va après ' #'",
    ]


def test_errors_stay_cribcount_errors() -> None:
    with pytest.raises(CribcountError):
        parse_line("Ann 5h 5d 5c Js / 5s")
