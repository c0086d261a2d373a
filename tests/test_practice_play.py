"""``practice --play``: the best card at each turn of the play, judged by the pegging engine."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from conftest import card, outcome

from cribcount.practice import CardDeal, Drill, Practice, judge_card
from cribcount.practice_log import read_log

WHEN = datetime(2026, 12, 1, tzinfo=UTC)


def turn(moves: str, hand: str = "5d Td 9d 2d", seat: str = "dealer") -> CardDeal:
    played = tuple(None if word == "go" else card(word) for word in moves.split())
    held = tuple(card(word) for word in hand.split())
    return CardDeal(1, seat, held, (card("Ah"), card("Ac")), card("3s"), played)


def test_a_sure_thirty_one_is_the_best_card() -> None:
    # Dealer at 21 (8c 5d 8h) holding Td 9d 2d: the ten makes 31 for 2 and ends the count; the
    # nine (30) leaves at most a go, the two (23) a pair or 31 to pone.
    deal = turn("8c 5d 8h")
    assert deal.count == 21
    assert deal.held == (card("Td"), card("9d"), card("2d"))
    best, loss = judge_card(deal, card("Td"))
    assert best == (card("Td"),) and loss == 0
    _, nine = judge_card(deal, card("9d"))
    _, two = judge_card(deal, card("2d"))
    assert nine > 0 and two > 0
    # A pass is not an answer: it loses nothing.
    assert judge_card(deal, None) == (best, 0.0)


def test_the_same_seed_and_answers_give_the_same_turns() -> None:
    def session(answers: int) -> list[str]:
        practice = Practice(11, drill=Drill.CARD, clock=lambda: 0.0, now=lambda: WHEN)
        shown = []
        for _ in range(answers):
            deal = practice.deal()
            assert isinstance(deal, CardDeal)
            # Every turn asked has a choice of rank, from the cards still held.
            assert len({c.rank for c in deal.fitting}) > 1
            assert all(c not in deal.moves for c in deal.held)
            shown.append(f"{deal.seat} {deal.text} | {deal.held}")
            practice.answer_card(None)
        return shown

    assert session(4) == session(4)


def test_a_session_through_a_pipe_echoes_each_answer_and_logs_each_turn(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    args = ("practice", "--play", "--seed", "3", "--rounds", "2", "--log", str(log))
    code, out, err = outcome(*args, stdin="Kd\n?\nTc\n")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "practice --seed 3: lay the best card"
    assert lines[2].startswith("dealer ") and " / " in lines[2]
    # A card not in hand is not understood; '?' shows the best card and lays it.
    assert lines[3] == "card: Kd"
    assert lines[4].startswith("not understood: 'Kd'")
    assert lines[5] == "card: ?"
    best = lines[6].removeprefix("best: ")
    assert f" {best} " in lines[8] + " "  # the next turn shows the best card laid
    records = read_log(log.read_text(encoding="utf-8").splitlines())
    assert len(records) == 2
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["card"] is True and first["answer"] is None and first["best"] == [best]
    code, out, _ = outcome("practice", "--report", str(log))
    assert code == 0 and out.splitlines()[2].split()[1] == "2"  # two turns that week


def test_a_log_line_whose_card_cannot_be_laid_is_refused(tmp_path: Path) -> None:
    line = {
        "time": "2026-12-01T10:00:00+00:00",
        "seed": 3,
        "round": 1,
        "card": True,
        "seat": "dealer",
        "hand": ["5d", "Td", "9d", "2d"],
        "away": ["Ah", "Ac"],
        "starter": "3s",
        "moves": ["8c", "5d", "8h"],
        "answer": "5d",  # laid already
        "best": ["Td"],
        "loss": 1.0,
        "seconds": 2.0,
    }
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, _, err = outcome("practice", "--report", str(log))
    assert code == 2 and "not a turn of the play with that card" in err
    line["answer"] = "9d"
    line["loss"] = 0  # a card that is not the best loses something
    log.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, _, err = outcome("practice", "--report", str(log))
    assert code == 2 and "'loss'" in err
