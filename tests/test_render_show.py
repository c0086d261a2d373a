"""Rendering: the spoken count and the JSON object."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from cribcount.cards import DECK, Hand, parse_card, parse_hand
from cribcount.render import render_json
from cribcount.render.show import count_to_dict, render_claim, render_count
from cribcount.show import count_show


def spoken(text: str, *, crib: bool = False) -> list[list[str]]:
    """The text count split into words, line by line."""
    return [
        line.split() for line in render_count(count_show(parse_hand(text), crib=crib)).splitlines()
    ]


def test_spoken_example_from_the_rules() -> None:
    # "fifteen two, fifteen four ... and a pair is 8, a run of three is 11,
    # and one for his nob is 12": phrase, cards, running total.
    assert spoken("Jh Jc 4h 6s / 5h") == [
        ["hand", "Jh", "Jc", "4h", "6s,", "starter", "5h"],
        ["fifteen", "two", "Jh", "5h", "2"],
        ["fifteen", "four", "Jc", "5h", "4"],
        ["fifteen", "six", "4h", "6s", "5h", "6"],
        ["a", "pair", "for", "2", "Jh", "Jc", "8"],
        ["a", "run", "of", "three", "for", "3", "4h", "5h", "6s", "11"],
        ["one", "for", "his", "nob", "Jh", "12"],
        ["total", "12"],
    ]


def test_29_hand_ends_with_double_pair_royal_and_nob() -> None:
    lines = spoken("5h 5d 5c Js / 5s")
    assert lines[8] == ["fifteen", "sixteen", "5d", "5c", "5s", "16"]
    assert lines[9] == ["a", "double", "pair", "royal", "for", "12", "5h", "5d", "5c", "5s", "28"]
    assert lines[10] == ["one", "for", "his", "nob", "Js", "29"]
    assert lines[11] == ["total", "29"]


def test_pair_royal_and_flushes_are_named() -> None:
    # 3+3+9 three ways (6), then the three threes.
    assert ["a", "pair", "royal", "for", "6", "3c", "3d", "3h", "12"] in spoken("3c 3d 3h Ks / 9c")
    assert ["a", "flush", "of", "four", "for", "4", "2h", "4h", "6h", "8h", "4"] in spoken(
        "2h 4h 6h 8h / Kc"
    )
    assert ["a", "flush", "of", "five", "for", "5", "2h", "4h", "6h", "8h", "Kh", "5"] in spoken(
        "2h 4h 6h 8h / Kh", crib=True
    )


def test_combinations_are_one_line_with_their_cards_and_running_total() -> None:
    def line(text: str, n: int) -> str:
        return " ".join(spoken(text)[n])

    # 3+3+4+5 twice, then four runs of three and two pairs called as one: 4 + 16.
    assert line("3c 3d 4h 4s / 5c", 3) == "a double double run for 16 3c 3d 4h 4s 5c 20"
    # 7+8 twice, then two runs and the pair of sevens: 4 + 8; the king is outside.
    assert line("6h 7h 7d 8c / Ks", 3) == "a double run of three for 8 6h 7h 7d 8c 12"
    # 6+9, 7+8 twice, then two runs of four and the pair: 6 + 10.
    assert line("6h 7h 7d 8c / 9s", 4) == "a double run of four for 10 6h 7h 7d 8c 9s 16"
    # No fifteen among tens: three runs and a pair royal open the count.
    assert line("Jh Qd Qc Qs / Kh", 1) == "a triple run for 15 Jh Qd Qc Qs Kh 15"


def test_zero_hand_says_nineteen() -> None:
    assert spoken("2c 4d 6h 8s / Kc")[1:] == [["nineteen:", "no", "points"], ["total", "0"]]


def test_jack_starter_gets_a_heels_note_outside_the_count() -> None:
    text = render_count(count_show(parse_hand("2c 4d 6h 8s / Jc")))
    assert text.splitlines()[-3:] == [
        "total 0",
        "(starter Jc is his heels: 2 to the dealer at the cut,",
        " not in this count)",
    ]


def test_crib_says_so() -> None:
    lines = spoken("2h 4h 6h 8h / Kc", crib=True)
    assert lines[0][0] == "crib"
    assert "five-card flush" in " ".join(lines[1])
    assert lines[-1] == ["total", "0"]


def test_the_crib_note_only_for_four_crib_cards_of_one_suit() -> None:
    assert "(crib: only a five-card flush counts)" in spoken_text("2h 4h 6h 8h / Kc", crib=True)
    assert "(crib:" not in spoken_text("2h 4h 6h 8c / Kh", crib=True)
    assert "(crib:" not in spoken_text("2h 4h 6h 8h / Kc")


def test_five_card_items_keep_two_spaces_before_the_running_total() -> None:
    # Th Jh Qh Kh and 5h: a flush of five is the widest item (14 characters of cards),
    # after fifteens 8 and the run of four: 17.
    lines = spoken_text("Th Jh Qh Kh / 5h", crib=True).splitlines()
    flush = next(line for line in lines if line.startswith("a flush of five"))
    assert flush.endswith("Th Jh Qh Kh 5h  17")
    # Every running total ends in the same column.
    assert len({len(line) for line in lines[2:-1]}) == 1


def spoken_text(notation: str, *, crib: bool = False) -> str:
    return render_count(count_show(parse_hand(notation), crib=crib))


def test_json_object_has_exactly_the_documented_keys() -> None:
    data = count_to_dict(count_show(parse_hand("5h 5d 5c Js / 5s")))
    assert list(data) == ["hand", "starter", "crib", "items", "total"]
    assert data["hand"] == ["5h", "5d", "5c", "Js"]
    assert data["starter"] == "5s"
    assert data["crib"] is False
    assert data["items"][0] == {"kind": "fifteen", "cards": ["5h", "Js"], "points": 2}
    assert data["total"] == 29


deals = st.permutations(DECK).map(lambda d: Hand((d[0], d[1], d[2], d[3]), d[4]))


@given(deals, st.booleans())
def test_json_round_trips_and_items_add_up(hand: Hand, crib: bool) -> None:
    data = json.loads(render_json(count_to_dict(count_show(hand, crib=crib))))
    assert sum(item["points"] for item in data["items"]) == data["total"]
    assert {item["kind"] for item in data["items"]} <= {"fifteen", "pair", "run", "flush", "nobs"}
    again = parse_hand(" ".join(data["hand"]) + " / " + data["starter"])
    assert again == hand
    for item in data["items"]:
        assert all(parse_card(card) in (*hand.cards, hand.starter) for card in item["cards"])


@given(deals, st.booleans())
def test_running_total_ends_at_total(hand: Hand, crib: bool) -> None:
    count = count_show(hand, crib=crib)
    lines = render_count(count).splitlines()
    assert lines[-1 if hand.starter.rank != 11 else -3] == f"total {count.total}"
    assert all(len(line) <= 60 for line in lines)
    item_lines = [
        line for line in lines if line.split()[-1].isdigit() and not line.startswith("total")
    ]
    if count.items:
        assert int(item_lines[-1].split()[-1]) == count.total


def test_claim_verdicts() -> None:
    assert render_claim(29, 29) == "claim 29 is right"
    assert "4 points missed" in render_claim(20, 24)
    assert "muggins" in render_claim(20, 24)
    assert "1 point missed" in render_claim(23, 24)
    assert "over-claimed by 2 points" in render_claim(26, 24)
