"""``cribcount review``: discards and cards rated as ``discard`` and ``peg --advise`` rate them,
counting errors as ``game`` finds them, luck, the summary, the text, JSON and French."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path
from statistics import fmean

import pytest
from conftest import outcome
from test_cli_faults import CRIBCOUNT, ctrl_c_heard

from cribcount.cards import DECK, Card, CribcountError, format_cards, parse_card
from cribcount.discard import Role, advise_discard
from cribcount.discard_play import with_play
from cribcount.game import read_record
from cribcount.language import language
from cribcount.pegging_engine import advise_play
from cribcount.play import replay, seating
from cribcount.review import accuracy, grade, play_positions, review_game

ROOT = Path(__file__).resolve().parent.parent

# Ben (pone) lays away two fives into Ann's crib and leads a five; Ann lays 8c at 15
# where a seven was better; Ben claims 9 of his 11 (muggins: Ann takes 2), Ann 14 of her 12.
PLANTED = "\n".join(
    [
        "players Ann Ben",
        "muggins on",
        "deal Ann",
        "hand Ben 5c Js 2c 3d | 5h 5d",
        "hand Ann 7h 7s 8d 8c | Kc Qs",
        "starter 5s",
        "play 5c 8d 2c 8c 3d 7h Js 7s",
        "show Ben 9",
        "show Ann 14",
        "deal Ben",
        "peg Ann 2",
        "show Ann 6",
        "",
    ]
)
SAMPLES = "16"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(PLANTED, encoding="utf-8")
    return path


def in_french_notation(record: str) -> str:
    """``record`` with each card written in French notation (the keywords stay English)."""
    french = language("fr").notation

    def word(text: str) -> str:
        try:
            return french.cards([parse_card(text)])
        except CribcountError:
            return text

    return "\n".join(" ".join(map(word, line.split(" "))) for line in record.split("\n"))


def written(tmp_path: Path, lines: list[str]) -> Path:
    """The record of ``lines``, written to a file."""
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def review_json(path: Path, *args: str) -> dict:  # type: ignore[type-arg]
    """The review's JSON, the play advised on 16 hands drawn unless ``args`` say otherwise."""
    samples = () if "--samples" in args else ("--samples", SAMPLES)
    code, out, err = outcome("review", str(path), "-f", "json", "--jobs", "1", *samples, *args)
    assert (code, err) == (0, "")
    return json.loads(out)  # type: ignore[no-any-return]


def odds_win(me: int, opponent: int, seat: str) -> float:
    """The first side's chance to win as ``cribcount odds`` gives it."""
    code, out, _ = outcome("odds", str(me), str(opponent), f"--{seat}", "-f", "json")
    assert code == 0
    return json.loads(out)["chances"]["me"]["win"]  # type: ignore[no-any-return]


def discard_totals(cards: str, *options: str) -> dict[tuple[str, ...], float]:
    """Each choice's value as ``cribcount discard`` ranks it (total, or net with 3+ players)."""
    code, out, _ = outcome("discard", cards, *options, "-f", "json")
    assert code == 0
    key = "total" if "--players" not in options else "net"
    return {tuple(o["discard"]): o[key] for o in json.loads(out)["options"]}


def advised_nets(*args: str) -> dict[str, float]:
    """Each card's net as ``cribcount peg --advise`` gives it."""
    code, out, _ = outcome("peg", *args, "--advise", "--samples", SAMPLES, "-f", "json")
    assert code == 0
    return {c["card"]: c["net"] for c in json.loads(out)["choices"]}


def test_a_planted_bad_discard_loses_what_discard_says(planted: Path) -> None:
    review = review_json(planted, "--samples", SAMPLES)
    ben, ann = review["deals"][0]["discards"]
    totals = discard_totals("5c Js 2c 3d 5h 5d", "--pone")
    best = max(totals.values())
    assert ben["player"] == "Ben" and ben["laid"] == ["5h", "5d"]
    # discard's JSON writes the total to 4 decimals.
    assert ben["value"] == pytest.approx(totals[("5h", "5d")], abs=5e-5)
    assert ben["best_value"] == pytest.approx(best, abs=5e-5)
    assert ben["loss"] == pytest.approx(best - totals[("5h", "5d")], abs=1e-4)
    assert ben["grade"] == "blunder"  # two fives in the dealer's crib: over 3 points
    ann_totals = discard_totals("7h 7s 8d 8c Kc Qs", "--dealer")
    assert ann["best_value"] == ann["value"] == pytest.approx(max(ann_totals.values()), abs=5e-5)
    assert ann["loss"] == 0 and ann["grade"] is None


def test_a_planted_bad_card_loses_what_peg_advise_says(planted: Path) -> None:
    review = review_json(planted, "--samples", SAMPLES)
    plays = {(p["player"], p["card"]): p for p in review["deals"][0]["plays"]}
    lead = plays[("Ben", "5c")]
    nets = advised_nets("--hand", "5c Js 2c 3d", "--starter", "5s", "--away", "5h 5d")
    assert lead["play"] == "" and lead["count"] == 0
    assert lead["net"] == pytest.approx(nets["5c"], abs=0.002)
    assert lead["loss"] == pytest.approx(max(nets.values()) - nets["5c"], abs=0.002)
    assert lead["best"] == max(nets, key=lambda card: nets[card])
    eight = plays[("Ann", "8c")]
    nets = advised_nets("5c 8d 2c", "--hand", "7h 7s 8d 8c", "--starter", "5s", "--away", "Kc Qs")
    assert eight["count"] == 15
    assert eight["loss"] == pytest.approx(max(nets.values()) - nets["8c"], abs=0.002)
    assert eight["loss"] > 0
    # Cards laid without a choice of rank are not rated: Ann's 7s, the last card, is one.
    assert ("Ann", "7s") not in plays


def test_counting_errors_are_those_game_finds(planted: Path) -> None:
    review = review_json(planted)
    code, out, _ = outcome("game", str(planted), "-f", "json")
    assert code == 1  # claims wrong
    events = json.loads(out)["deals"][0]["events"]
    wrong = [
        (e["who"], e["what"], e["claim"], e["count"])
        for e in events
        if e.get("claim") is not None and e["claim"] != e["count"]
    ]
    counts = review["deals"][0]["counts"]
    assert [(c["player"], c["what"], c["claim"], c["count"]) for c in counts] == wrong
    # By hand: Ben's 5c Js 2c 3d with 5s is 11 (fifteens 8, a pair, his nob), claimed 9.
    assert (counts[0]["missed"], counts[0]["over"], counts[0]["taken_by"]) == (2, 0, "Ann")
    assert (counts[1]["missed"], counts[1]["over"], counts[1]["taken_by"]) == (0, 2, None)
    ann, ben = review["summary"]
    assert (ann["missed"], ann["over"], ben["missed"], ben["over"]) == (0, 2, 2, 0)


def test_a_score_sheet_deal_is_skipped_with_a_note(planted: Path) -> None:
    review = review_json(planted)
    sheet = review["deals"][1]
    assert sheet["skipped"] is True and "discards" not in sheet
    code, out, _ = outcome("review", str(planted), "--jobs", "1", "--samples", SAMPLES)
    assert code == 0
    assert "deal 2: Ben deals, a score sheet: no cards to review" in out.splitlines()


def best_game(seed: int, samples: int) -> str:
    """A two-player deal whose every discard and card is the best the engine finds."""
    rng = random.Random(seed)
    cards = rng.sample(DECK, 13)
    dealt = {"Ben": cards[:6], "Ann": cards[6:12]}
    starter = cards[12]
    roles = {"Ben": Role.PONE, "Ann": Role.DEALER}
    kept, laid = {}, {}
    for name in ("Ben", "Ann"):
        best = with_play(advise_discard(dealt[name], role=roles[name])).best.choice
        kept[name], laid[name] = list(best.keep), best.discard
    # The play, each card the first of advise_play's ranking, gos written.
    play: list[str] = []
    hands = {name: list(kept[name]) for name in kept}
    seats = {"Ben": "pone", "Ann": "dealer"}
    while hands["Ben"] or hands["Ann"]:
        player: str | None = None
        for who in ("Ben", "Ann"):
            try:
                advice = advise_play(
                    format_cards(kept[who]),
                    str(starter),
                    seat=seats[who],
                    play=" ".join(play),
                    away=format_cards(laid[who]),
                    samples=samples,
                )
            except ValueError:
                continue  # not this player's turn
            player = who
            break
        assert player is not None
        card = advice.choices[0].card
        play.append("go" if card is None else str(card))
        if card is not None:
            hands[player].remove(card)
    return "\n".join(
        [
            "players Ann Ben",
            "deal Ann",
            f"hand Ben {format_cards(kept['Ben'])} | {format_cards(laid['Ben'])}",
            f"hand Ann {format_cards(kept['Ann'])} | {format_cards(laid['Ann'])}",
            f"starter {starter}",
            f"play {' '.join(play)}",
        ]
    )


def test_a_record_of_the_best_discards_and_cards_shows_no_error() -> None:
    record = read_record(best_game(7, samples=8))
    review = review_game(record, samples=8)
    deal = review.deals[0]
    assert len(deal.discards) == 2 and deal.plays
    assert all(d.loss == 0 for d in deal.discards)
    assert all(p.loss == 0 for p in deal.plays)
    for summary in review.players:
        assert summary.errors == {"blunder": 0, "mistake": 0, "inaccuracy": 0}
        assert (summary.lost, summary.accuracy) == (0, 100)


def test_the_advice_is_the_same_on_two_processes(planted: Path) -> None:
    one = review_json(planted, "--samples", SAMPLES)
    code, out, _ = outcome(
        "review", str(planted), "-f", "json", "--jobs", "2", "--samples", SAMPLES
    )
    assert code == 0 and json.loads(out) == one


@pytest.mark.parametrize(("example", "players"), [("game-three.txt", "3"), ("game-four.txt", "4")])
def test_three_or_four_players_rate_discards_as_discard_does_and_not_the_play(
    example: str, players: str
) -> None:
    path = ROOT / "examples" / example
    review = review_json(path)
    deal = review["deals"][0]
    assert deal["plays_rated"] is False and deal["plays"] == []
    text = path.read_text(encoding="utf-8").splitlines()
    for discard in deal["discards"]:
        hand = next(line for line in text if line.startswith(f"hand {discard['player']} "))
        cards = hand.split("#")[0].split(None, 2)[2].replace("|", " ")
        # Four players are partners: seats 2 and 4 share the dealer's crib.
        role = "--dealer" if discard["role"] == "dealer" else "--pone"
        options = ("--players", players, "--seat", str(discard["seat"]), role)
        totals = discard_totals(cards, *options)
        assert discard["value"] == totals[tuple(discard["laid"])]  # the net, written whole
        assert discard["best_value"] == max(totals.values())
    roles = [(d["seat"], d["role"]) for d in deal["discards"]]
    if players == "4":
        assert roles == [(1, "pone"), (2, "dealer"), (3, "pone"), (4, "dealer")]
    code, out, _ = outcome("review", str(path), "--jobs", "1")
    assert code == 0 and "  play: not rated (two players only)" in out.splitlines()


def test_dealt_luck_is_the_best_value_less_the_shipped_average(planted: Path) -> None:
    review = review_json(planted)
    table = (ROOT / "cribcount" / "deal_values.csv").read_text(encoding="utf-8").splitlines()
    means = {tuple(line.split(",")[:3]): float(line.split(",")[4]) for line in table[2:]}
    ben, ann = review["deals"][0]["luck"]
    best = max(discard_totals("5c Js 2c 3d 5h 5d", "--pone").values())
    assert ben["dealt"] == pytest.approx(best - means[("2", "0", "1")], abs=5e-5)
    best = max(discard_totals("7h 7s 8d 8c Kc Qs", "--dealer").values())
    assert ann["dealt"] == pytest.approx(best - means[("2", "0", "2")], abs=5e-5)


@pytest.mark.slow
def test_the_cut_luck_averages_nothing_over_every_starter() -> None:
    # The same deal cut with every starter it leaves: the luck of the cut is a value less
    # its average over those starters, so over all of them it sums to nothing.
    hands = ["hand Ben 5c Js 2c 3d | 5h 5d", "hand Ann 7h 7s 8d 8c | Kc Qs"]
    seen = {parse_card(word) for line in hands for word in line.split()[2:] if word != "|"}
    starters: list[Card] = [card for card in DECK if card not in seen]
    cuts: dict[str, list[float]] = {"Ann": [], "Ben": []}
    for starter in starters:
        record = read_record(
            "\n".join(["players Ann Ben", "deal Ann", *hands, f"starter {starter}"])
        )
        for luck in review_game(record).deals[0].luck:
            cuts[luck.player].append(luck.cut)
    assert len(starters) == 40
    assert fmean(cuts["Ann"]) == pytest.approx(0, abs=1e-9)
    assert fmean(cuts["Ben"]) == pytest.approx(0, abs=1e-9)
    # With the 5s, Ann's hand shows 12 and her crib 5h 5d Kc Qs 5s 20 (+32 with no heels).
    ann = cuts["Ann"][starters.index(parse_card("5s"))]
    assert ann > 0


def test_grades_and_accuracy_by_their_thresholds() -> None:
    assert [grade(x) for x in (0.0, 0.49, 0.5, 1.49, 1.5, 2.99, 3.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    # Each decision counts 1 - loss / 3, never below 0: (1 + 0.5 + 0) / 3.
    assert accuracy([0.0, 1.5, 6.0]) == pytest.approx(50.0)
    assert accuracy([]) is None


def test_the_deal_that_swung_most(tmp_path: Path) -> None:
    sheet = [
        "players Ann Ben",
        "deal Ann",
        "peg Ben 3",
        "show Ben 4",
        "show Ann 6",
        "deal Ben",
        "peg Ann 2",
        "show Ann 20",
        "show Ben 2",
        "crib 0",
    ]
    path = written(tmp_path, sheet)
    review = review_json(path)
    # Deal 1: Ann 6, Ben 7 (a swing of 1); deal 2: Ann 22, Ben 2 (20).
    assert [d["gains"] for d in review["deals"]] == [{"Ann": 6, "Ben": 7}, {"Ann": 22, "Ben": 2}]
    # Ann's chance to win: deal 1 from 0-0 dealing, to 6-7 with Ben to deal; deal 2 on to
    # 28-9 with Ann to deal (as cribcount odds gives each).
    first = abs(odds_win(6, 7, "pone") - odds_win(0, 0, "dealer"))
    second = abs(odds_win(28, 9, "dealer") - odds_win(6, 7, "pone"))
    assert second > first and review["swing"] == 2
    code, out, _ = outcome("review", str(path))
    lines = out.splitlines()
    assert lines[-3:-1] == ["the deal that swung most: deal 2", "  Ann +22, Ben +2"]
    assert lines[-1].startswith("  Ann's chance to win: ")
    assert review["summary"][0]["decisions"] == 0 and "Ann: no decision rated" in out


def test_text_fits_60_columns_and_french_says_the_same(planted: Path) -> None:
    code, out, _ = outcome("review", str(planted), "--jobs", "1", "--samples", SAMPLES)
    assert code == 0
    assert all(len(line) <= 60 for line in out.splitlines())
    # Under --lang fr the record is read in French notation, as game reads it.
    french_record = planted.with_name("partie.txt")
    french_record.write_text(in_french_notation(PLANTED), encoding="utf-8")
    code, french, _ = outcome(
        "--lang", "fr", "review", str(french_record), "--jobs", "1", "--samples", SAMPLES
    )
    assert code == 0
    lines = french.splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert lines[0] == "donne 1 : Ann donne, carte de départ 5p"
    assert lines[1] == "  Ben écarte 5c 5k : meilleur 2t 3k, perte 9,43, gaffe"
    # The chance line is too long for one line: it breaks before the cards, not between them.
    chance = "    chance de gagner 36,1\u202f%, au mieux 55,1\u202f% en écartant"
    assert lines[2:4] == [chance, "        2t 3k"]
    assert "  Ben montre 11 : annoncé 9, oubliés 2, pris par Ann" in lines
    assert "bilan" in lines
    assert any(line.startswith("  chance de gagner d'Ann : ") for line in lines)


def test_a_bad_record_is_one_line_a_statement_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("players Ann Ben\ndeal Ann\nhand Ben 5h 5d 5c Jx | 2c 3d\n", encoding="utf-8")
    code, out, err = outcome("review", str(path))
    assert (code, out) == (2, "")
    assert err == f"{path}:3:19: unknown suit 'x' in 'Jx': expected a suit (c d h s or ♣ ♦ ♥ ♠)\n"


def test_a_deal_without_its_play_says_so_and_long_names_still_fit(tmp_path: Path) -> None:
    ann, ben = "Annabelle-Marguerite-Fontaine", "Benedict-Cumberbatch-Smith"
    record = [
        f"players {ann} {ben}",
        f"deal {ann}",
        f"hand {ben} 5c Js 2c 3d | 5h 5d",
        f"hand {ann} 7h 7s 8d 8c | Kc Qs",
        "starter 5s",
        f"show {ben} 9",
    ]
    path = written(tmp_path, record)
    code, out, _ = outcome("review", str(path))
    assert code == 0
    lines = out.splitlines()
    assert "  play: not in the record" in lines
    assert all(len(line) <= 60 for line in lines)
    review = review_json(path)
    assert review["deals"][0]["play_given"] is False and review["deals"][0]["plays"] == []


def test_each_position_is_the_play_so_far_and_only_cards_with_a_choice() -> None:
    record = read_record((ROOT / "examples" / "game-121.txt").read_text(encoding="utf-8"))
    for deal in record.deals:
        assert deal.pegging is not None
        names = {deal.seats[0]: "pone", deal.seats[1]: "dealer"}
        kept = {hand.player: list(hand.kept) for hand in deal.hands}
        # Worked from the record's play: each card, the count before it, the ranks that fit.
        expected = []
        laid: list[Card] = []
        count = 0
        for play in deal.pegging.plays:
            if play.card is None:
                continue
            count = play.count - play.card.value
            fit = {c.rank for c in kept[play.player] if count + c.value <= 31}
            if len(fit) > 1:
                expected.append((play.player, play.card, count, list(laid)))
            kept[play.player].remove(play.card)
            laid.append(play.card)
        found = play_positions(deal)
        assert [(p, c, n) for p, c, n, _ in found] == [(p, c, n) for p, c, n, _ in expected]
        for (player, _, _, position), (_, _, _, before) in zip(found, expected, strict=True):
            # peg reads the position's play as the same cards, and it is the player's turn.
            state = replay(position.play, seating(2))
            assert [play.card for play in state.plays if play.card is not None] == before
            assert seating(2)[0][state.turn] == names[player] == position.seat


@pytest.mark.slow
def test_every_rating_of_a_whole_game_is_what_discard_and_peg_advise_give() -> None:
    path = ROOT / "examples" / "game-121.txt"
    review = review_json(path, "--samples", SAMPLES)
    record = read_record(path.read_text(encoding="utf-8"))
    hands = {(deal.number, hand.player): hand for deal in record.deals for hand in deal.hands}
    starters = {deal.number: str(deal.starter) for deal in record.deals}
    rated = 0
    for deal in review["deals"]:
        for discard in deal["discards"]:
            hand = hands[(deal["deal"], discard["player"])]
            cards = format_cards((*hand.kept, *hand.laid))
            totals = discard_totals(cards, f"--{discard['role']}")
            assert discard["loss"] == pytest.approx(
                max(totals.values()) - totals[tuple(discard["laid"])], abs=1e-4
            )
        for play in deal["plays"]:
            hand = hands[(deal["deal"], play["player"])]
            words = play["play"].split()
            nets = advised_nets(
                *words,
                "--hand",
                format_cards(hand.kept),
                "--starter",
                starters[deal["deal"]],
                "--away",
                format_cards(hand.laid),
            )
            assert play["loss"] == pytest.approx(max(nets.values()) - nets[play["card"]], abs=0.002)
            rated += 1
    assert rated > 40


def test_no_card_is_rated_after_the_game_ends_in_the_play(tmp_path: Path) -> None:
    record = [
        "game 61",
        "players Ann Ben",
        "deal Ann",
        "peg Ann 30",
        "show Ann 29",
        "deal Ben",
        "hand Ann 5c Js 2c 3d | 5h 5d",
        "hand Ben 7h 7s 8d 8c | Kc Qs",
        "starter 5s",
        "play 2c 8d 5c 7h 3d 7s Js 8c",
    ]
    path = written(tmp_path, record)
    review = review_json(path, "--samples", "8")
    # Ann at 59 makes 15 with the 5c for 2 and the game: the cards after it are not rated.
    plays = [(p["player"], p["card"], p["count"]) for p in review["deals"][1]["plays"]]
    assert plays == [("Ann", "2c", 0), ("Ben", "8d", 2), ("Ann", "5c", 10)]


def test_a_deal_after_the_end_of_the_game_is_not_reviewed(tmp_path: Path) -> None:
    record = [
        "game 61",
        "players Ann Ben",
        "deal Ann",
        "peg Ann 33",
        "show Ann 28",
        "deal Ben",
        "hand Ann 5c Js 2c 3d | 5h 5d",
        "hand Ben 7h 7s 8d 8c | Kc Qs",
        "starter 5s",
    ]
    path = written(tmp_path, record)
    review = review_json(path)
    # Ann reached 61 in the first deal: the second counts for nothing.
    assert review["deals"][1]["after_end"] is True and review["deals"][1]["skipped"] is True
    assert all(s["decisions"] == 0 for s in review["summary"])
    code, out, _ = outcome("review", str(path))
    assert "deal 2: Ben deals, after the end of the game: not reviewed" in out.splitlines()


def test_ctrl_c_while_the_play_is_advised_on_two_processes_is_one_line_and_status_130() -> None:
    child = subprocess.Popen(
        [*CRIBCOUNT, "review", str(ROOT / "examples" / "game-121.txt"), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=ctrl_c_heard,
        start_new_session=True,
    )
    # Once the workers are up, Ctrl-C as a terminal gives it: to every process of the group.
    children = Path(f"/proc/{child.pid}/task/{child.pid}/children")
    deadline = time.monotonic() + 30
    while child.poll() is None and time.monotonic() < deadline:
        if children.exists() and children.read_text().split():
            break
        time.sleep(0.01)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert (child.returncode, out, err) == (130, b"", b"cribcount: interrupted\n")


def test_five_players_the_dealer_lays_nothing_away_and_has_only_the_cut(tmp_path: Path) -> None:
    record = [
        "players A B C D E",
        "deal E",
        "hand A 2h 3h 4h 5h | 6h",
        "hand B 2s 3s 4s 5s | 6s",
        "hand C 2c 3c 4c 5c | 6c",
        "hand D 2d 3d 4d 5d | 6d",
        "hand E 7h 7s 7c 7d",
        "starter Kd",
    ]
    path = written(tmp_path, record)
    review = review_json(path)
    deal = review["deals"][0]
    assert [d["player"] for d in deal["discards"]] == ["A", "B", "C", "D"]
    # Each of seats 1 to 4 lays away a card to E's crib: discard --players 5 --pone, seat K.
    for seat, discard in enumerate(deal["discards"], start=1):
        totals = discard_totals(
            record[seat + 1].split(None, 2)[2].replace("|", " "),
            "--players",
            "5",
            "--seat",
            str(seat),
            "--pone",
        )
        assert discard["loss"] == max(totals.values()) - totals[tuple(discard["laid"])]
    dealer = deal["luck"][-1]
    assert dealer["player"] == "E" and dealer["dealt"] is None
    code, out, _ = outcome("review", str(path))
    assert "E: no decision rated" in out.splitlines()
    assert "  play: not in the record" in out.splitlines()


def test_with_two_players_the_swing_is_the_chance_to_win_as_odds_gives_it(planted: Path) -> None:
    review = review_json(planted)
    first, second = review["deals"]
    assert first["chances"]["player"] == "Ann"
    # Deal 1 from 0-0, Ann dealing; then Ann 35, Ben 12 (game says so), Ben to deal.
    assert first["chances"]["before"] == pytest.approx(odds_win(0, 0, "dealer"), abs=1e-6)
    assert first["chances"]["after"] == pytest.approx(odds_win(35, 12, "pone"), abs=1e-6)
    assert second["chances"]["before"] == first["chances"]["after"]
    swings = [abs(d["chances"]["after"] - d["chances"]["before"]) for d in review["deals"]]
    assert review["swing"] == 1 + swings.index(max(swings))
    # With --no-odds no discard has a chance to win.
    quick = review_json(planted, "--no-odds")["deals"][0]
    assert all("win" not in d for d in quick["discards"])
    assert quick["chances"] == first["chances"]


def test_each_discard_has_the_chance_to_win_discard_score_gives(planted: Path) -> None:
    review = review_json(planted)
    ben, ann = review["deals"][0]["discards"]
    for discard, cards, seat in (
        (ben, "5c Js 2c 3d 5h 5d", "--pone"),
        (ann, "7h 7s 8d 8c Kc Qs", "--dealer"),
    ):
        code, out, _ = outcome("discard", cards, seat, "--score", "0-0", "-f", "json")
        options = json.loads(out)["options"]
        wins = {tuple(o["discard"]): o["win"] for o in options}
        assert discard["win"] == pytest.approx(wins[tuple(discard["laid"])], abs=1e-6)
        assert discard["best_win"] == pytest.approx(options[0]["win"], abs=1e-6)
        assert discard["best_win_discard"] == options[0]["discard"]
    # Two fives in the dealer's crib cost Ben a deal's worth of his chance to win.
    assert ben["win_loss"] > 0.1 and ann["win_loss"] == 0
