"""The pegging engine: hand-worked positions, and exhaustive search by the play's own rules."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from cribcount.cards import DECK, Card, parse_cards
from cribcount.errors import CribcountError, DealError, PlayError
from cribcount.pegging_engine import advise_play, solve_play
from cribcount.play import peg


def cards(text: str) -> list[Card]:
    return [card for card, _ in parse_cards(text)]


# --- the solver, on the worked examples of the rules ------------------------------------------


def test_worked_example_one_is_the_best_play() -> None:
    # Pone 7 8 against dealer 8: leading the 7 gives 7, 8 (15 for 2), 8 (pair 2, last 1):
    # pone 3, dealer 2; leading the 8 gives 8, 8 (pair 2), 7 (last 1): pone 1, dealer 2.
    assert solve_play((7, 8), (8,)) == (3, 2)


def test_worked_example_two_either_order() -> None:
    # 4, 6, 5 and 5, 6, 4 both end in a run of three, 15 and the last card: 6 for pone.
    assert solve_play((4, 5), (6,)) == (6, 0)


def test_thirty_one_ends_the_count_without_a_go() -> None:
    # Count 21, dealer to lay a ten: 31 for 2, then pone leads the 2 and takes the last card.
    assert solve_play((2,), (10,), (10, 11), 21, 1, 0) == (1, 2)


def test_the_dealer_takes_the_double_pair_royal() -> None:
    # Count 21 on three sevens, the dealer holding a seven and a king: 7 makes 28 for a double
    # pair royal (12), then the king leads a new count (go 1 at 28, last card 1): 14.
    assert solve_play((), (7, 13), (7, 7, 7), 21, 1, 0) == (0, 14)


# --- the engine's advice, on positions worked by hand ----------------------------------------


def test_the_last_cards_are_weighed_over_every_unseen_card() -> None:
    # Dealer holds 5d Td at 24 (3h 5c 4h Kh 2h laid); pone's last card is any of 44 unseen.
    # 5d makes 29. An ace (4) is laid for 30: the go to pone, the Td last card to dealer (1).
    # A two (2 left) makes 31 for pone (2), then Td last card (1). Any other of the 38: the go
    # to dealer (1), pone leads it and the Td follows for the last card (1), with 15 on a five
    # (2 left) or a pair on a ten (3 left) for 2 more: dealer 92/44, pone 8/44.
    advice = advise_play("5c 5d Td Kh", "2s", seat="dealer", play="3h 5c 4h Kh 2h")
    assert advice.exhaustive and advice.deals == 13
    [choice] = advice.choices
    assert str(choice.card) == "5d"
    assert choice.mine == pytest.approx(92 / 44)
    assert choice.theirs == pytest.approx(8 / 44)
    assert choice.error == 0


def test_a_go_said_tells_what_the_opponent_does_not_hold() -> None:
    # Pone said go at 29: its last card is no ace or two; 35 cards of 10 ranks are left.
    # The dealer leads Td or Kh, pone follows, the other ten-card takes the last card (1),
    # with a pair of kings (3 left) for 2 more; pone pairs the Td with a ten (3 left).
    advice = advise_play(
        "5c 5d Td Kh", "2s", seat="dealer", away="3c 4c", play="5h 5c 5s 5d 9s go go"
    )
    assert advice.exhaustive and advice.deals == 10
    for choice in advice.choices:
        assert choice.mine == pytest.approx(41 / 35)
        assert choice.theirs == pytest.approx(6 / 35)


def test_a_lead_is_sampled_with_its_error_and_its_seed() -> None:
    first = advise_play("5c 5d Td Kh", "2s", seat="pone", away="3c 4c", samples=20, seed=3)
    again = advise_play("5c 5d Td Kh", "2s", seat="pone", away="3c 4c", samples=20, seed=3)
    assert first == again
    assert not first.exhaustive and first.deals == 20
    assert all(choice.error > 0 for choice in first.choices)
    # Leading a five gives the dealer a fifteen with any ten-card: never the best lead.
    assert first.choices[0].card is not None and first.choices[0].card.rank != 5


def test_cards_of_one_rank_play_alike() -> None:
    advice = advise_play("5c 5d Td Kh", "2s", seat="pone", samples=8)
    fives = [c for c in advice.choices if c.card is not None and c.card.rank == 5]
    assert len(fives) == 2 and fives[0].net == fives[1].net


def test_only_a_go_when_nothing_fits() -> None:
    # Dealer holds Td Kh at 24 after 3h 5c 4h 5d 2h... with 5c and 5d laid: nothing fits.
    advice = advise_play("5c 5d Td Kh", "2s", seat="dealer", play="3h 5c 4h 5d 7h")
    assert [choice.card for choice in advice.choices] == [None]


@pytest.mark.parametrize(
    ("hand", "play", "seat", "error", "message"),
    [
        ("5c 5d Td", "", "pone", DealError, "expected 4 cards in hand, got 3 cards"),
        ("5c 5d Td Kh", "9h", "pone", PlayError, "9h is not in pone's hand"),
        ("5c 5d Td Kh", "9h", "dealer", PlayError, None),
        ("5c 5d Td Kh", "2s", "dealer", PlayError, "2s was laid by pone, but dealer holds it"),
        ("5c 5d Td Kh", "Kc 5c 9h go", "dealer", PlayError, "go from dealer, who can play 5d"),
        ("5c 5d Td Kh", "9h 5c", "dealer", PlayError, "it is pone's turn to play"),
        ("5c 5d Td Kh", "", "captain", PlayError, "the seat is pone or dealer"),
    ],
)
def test_positions_that_cannot_be(
    hand: str, play: str, seat: str, error: type[CribcountError], message: str | None
) -> None:
    if message is None:
        advise_play(hand, "2s", seat=seat, play=play, samples=4)  # the dealer's turn: fine
        return
    with pytest.raises(error, match=message):
        advise_play(hand, "2s", seat=seat, play=play, samples=4)


# --- against exhaustive search by the play's own rules ----------------------------------------


def _best(sequence: list[Card], pone: list[Card], dealer: list[Card]) -> tuple[int, int]:
    """Minimax by brute force over ``play.peg``: every legal next card is one that ``peg``
    accepts with both hands; each player takes the best of their points less the other's."""
    left = [card for card in pone + dealer if card not in sequence]
    pone_text, dealer_text = " ".join(map(str, pone)), " ".join(map(str, dealer))
    if not left:
        totals = peg(" ".join(map(str, sequence)), pone=pone_text, dealer=dealer_text).totals
        return totals["pone"], totals["dealer"]
    outcomes = []
    for card in left:
        try:
            peg(
                " ".join(map(str, [*sequence, card])),
                pone=pone_text,
                dealer=dealer_text,
                unfinished=True,
            )
        except PlayError:
            continue
        seat = 0 if card in pone else 1
        result = _best([*sequence, card], pone, dealer)
        outcomes.append((result[seat] - result[1 - seat], result))
    return max(outcomes)[1]


def _brute_advice(
    hand: str, starter: str, seat: str, play: str
) -> dict[Card | None, tuple[Fraction, Fraction]]:
    """Every move's expected points, every unseen set of the opponent's cards alike."""
    mine = cards(hand)
    laid = cards(play.replace("go", "")) if play else []
    me = 0 if seat == "pone" else 1
    state = peg(play, unfinished=True).plays if play else ()
    theirs_laid = [p.card for p in state if p.card is not None and p.player != seat]
    unseen = [c for c in DECK if c not in mine + cards(starter) + laid]
    unknown = 4 - len(theirs_laid)
    totals: dict[Card | None, list[Fraction]] = {}
    deals = 0
    for rest in combinations(unseen, unknown):
        theirs = [*theirs_laid, *rest]
        pone, dealer = (mine, theirs) if me == 0 else (theirs, mine)
        deals += 1
        before = (
            peg(
                play,
                pone=" ".join(map(str, pone)),
                dealer=" ".join(map(str, dealer)),
                unfinished=True,
            ).totals
            if play
            else {"pone": 0, "dealer": 0}
        )
        for card in [c for c in mine if c not in laid]:
            try:
                peg(
                    " ".join(map(str, [*laid, card])),
                    pone=" ".join(map(str, pone)),
                    dealer=" ".join(map(str, dealer)),
                    unfinished=True,
                )
            except PlayError:
                continue
            result = _best([*[c for c in _order(play)], card], pone, dealer)
            got = totals.setdefault(card, [Fraction(0), Fraction(0)])
            got[0] += result[me] - before[("pone", "dealer")[me]]
            got[1] += result[1 - me] - before[("pone", "dealer")[1 - me]]
    return {card: (a / deals, b / deals) for card, (a, b) in totals.items()}


def _order(play: str) -> list[Card]:
    return cards(play.replace("go", "")) if play.strip() else []


@pytest.mark.parametrize(
    ("hand", "seat", "play"),
    [
        ("5c 5d Td Kh", "dealer", "3h 5c 4h Kh 2h"),
        ("7d 7c 2c 3c", "dealer", "9h 7d 4s 2c Ah"),
        pytest.param("Ac 2c 3c 4c", "pone", "Ac 9s 2c Jd", marks=pytest.mark.slow),
    ],
)
def test_equal_to_exhaustive_search(hand: str, seat: str, play: str) -> None:
    expected = _brute_advice(hand, "Ks", seat, play)
    # Samples enough that every hand of the opponent is taken, each by its weight.
    advice = advise_play(hand, "Ks", seat=seat, play=play, samples=2000)
    assert advice.exhaustive
    got = {choice.card: (choice.mine, choice.theirs) for choice in advice.choices}
    assert set(got) == set(expected)
    for card, (mine, theirs) in expected.items():
        assert got[card][0] == pytest.approx(float(mine))
        assert got[card][1] == pytest.approx(float(theirs))
