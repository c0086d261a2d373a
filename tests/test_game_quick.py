"""The quick reading of a record's usual deals: the same output, errors and status as the
careful reading statement by statement, and a play replayed as the play's own rules do."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from conftest import outcome, random_play, simulate
from hypothesis import given
from hypothesis import strategies as st

import cribcount.cli.game as game_command
from cribcount import rules
from cribcount.cards import DECK, Card, Hand, format_cards, parse_cards
from cribcount.errors import CribcountError
from cribcount.game.columns import peg_items, replay
from cribcount.game.quick import read_block
from cribcount.game.reader import RecordReader
from cribcount.play import peg_seated, seating
from cribcount.rules import PegItem, PegKind, show_possible
from cribcount.seats import DEAL_SIZES
from cribcount.show import count_show
from cribcount.turns import play_out

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
DEAL = [
    "deal Ann",
    "hand Ben 5h 5d 5c Js | 2c 3d",
    "hand Ann 7h 7s 8d 8c | Kc Qs",
    "starter 5s",
    "play 5h 7h 5d 7s 5c 8d Js 8c",
    "show Ben 29",
    "show Ann 12",
    "crib 8",
]


def _count(cards: list[Card], starter: Card, crib: bool = False) -> int:
    return count_show(Hand((cards[0], cards[1], cards[2], cards[3]), starter), crib=crib).total


def good_record(rng: random.Random, players: int, deals: int, game: int = 121) -> list[str]:
    """A record of ``deals`` deals in full, written the usual way, every claim right."""
    names = NAMES[:players]
    lines = [f"game {game}", f"players {' '.join(names)}"]
    for number in range(deals):
        dealer = number % players
        seats = [names[(dealer + step) % players] for step in range(1, players + 1)]
        sizes = DEAL_SIZES[players]
        cards = rng.sample(DECK, sum(dealt for dealt, _ in sizes) + 2)
        dealt, at = [], 0
        for size, _ in sizes:
            dealt.append(cards[at : at + size])
            at += size
        starter, extra = cards[-1], cards[-2]
        words, _ = simulate([hand[:4] for hand in dealt], rng)
        crib = [card for hand in dealt for card in hand[4:]]
        if players == 3:
            crib.append(extra)
        lines.append(f"deal {seats[-1]}")
        for name, hand in zip(seats, dealt, strict=True):
            laid = f" | {format_cards(hand[4:])}" if hand[4:] else ""
            lines.append(f"hand {name} {format_cards(hand[:4])}{laid}")
        if players == 3:
            lines.append(f"extra {extra}")
        lines += [f"starter {starter}", "play " + " ".join(w for w, _ in words if w != "go")]
        lines += [
            f"show {name} {_count(hand[:4], starter)}"
            for name, hand in zip(seats, dealt, strict=True)
        ]
        lines.append(f"crib {_count(crib, starter, crib=True)}")
    return lines


def mutated(lines: list[str], rng: random.Random, changes: int) -> list[str]:
    """``lines`` with a few changes of the kinds a hand-kept record has."""
    lines = list(lines)
    for _ in range(changes):
        at = rng.randrange(len(lines))
        line = lines[at]
        how = rng.randrange(11)
        if how == 0:
            del lines[at]
        elif how == 1:
            lines.insert(at, line)
        elif how == 2:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], line
        elif how == 3 and line:
            i = rng.randrange(len(line))
            lines[at] = line[:i] + chr(rng.randrange(32, 127)) + line[i + 1 :]
        elif how == 4 and line.startswith(("show", "crib")):
            # A claim off by a little: a wrong claim, or one no hand makes.
            words = line.split(" ")
            words[-1] = str(max(0, int(words[-1]) + rng.choice([-2, -1, 1, 2, 7])))
            lines[at] = " ".join(words)
        elif how == 5:
            lines[at] = line + rng.choice(["  # a comment", " ", "\t"])
        elif how == 6:
            lines.insert(at, rng.choice(["", "# a note", "muggins on", "peg Ann 2"]))
        elif how == 7 and line.startswith("play "):
            lines[at] = line.replace(" ", " go ", 1) if rng.random() < 0.5 else line.upper()
        elif how == 8:
            lines[at] = line.capitalize()
        elif how == 9:
            lines[at] = line.replace("h", "H", 1)
        elif how == 10 and line.startswith("deal "):
            lines.insert(at + 1, "starter 5h")
    return lines


def both_ways(
    monkeypatch: pytest.MonkeyPatch, text: str | bytes, *args: str
) -> tuple[tuple[int, str, str], int]:
    """``cribcount game - ARGS`` on ``text`` read quickly where it can and read statement by
    statement only, which must give the same; that outcome, and the deals read quickly."""
    taken: list[object] = []
    take = RecordReader.take
    monkeypatch.setattr(RecordReader, "take", lambda self, deal: taken.append(take(self, deal)))
    quick = outcome("game", "-", *args, stdin=text)
    monkeypatch.setattr(game_command, "QUICK", False)
    plain = outcome("game", "-", *args, stdin=text)
    monkeypatch.setattr(game_command, "QUICK", True)
    assert quick == plain
    return quick, len(taken)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_good_record_reads_the_same_quickly(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    # Long enough that the game ends in it: the deals after the end are not counted.
    lines = good_record(random.Random(players), players, 40, game=61)
    (code, out, err), quick = both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 0 and err == ""
    assert " by " in out and "not counted:" in out  # won, then deals not counted
    # Every deal but the one where the game ends is read quickly; none with three players
    # (whose crib takes a card from the deck).
    assert quick == (0 if players == 3 else 39)


@pytest.mark.parametrize("seed", range(16))
def test_a_changed_record_reads_the_same_quickly(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    players = rng.choice([2, 2, 4, 5, 6])
    lines = mutated(good_record(rng, players, 24, game=rng.choice([61, 121])), rng, seed % 6)
    if seed % 3 == 0:
        lines.insert(2, "muggins on")
    (code, _, _), _ = both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code in (0, 1, 2)


def test_blocks_across_the_chunks_read_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chunks of a few hundred bytes: a deal's statements come in two or three chunks.
    monkeypatch.setattr("cribcount.reading.CAREFUL_CHUNK_SIZE", 300)
    rng = random.Random(7)
    lines = mutated(good_record(rng, 2, 30), rng, 2)
    for ending in ("\n", "\r\n"):
        (code, _, _), quick = both_ways(monkeypatch, ending.join(lines) + ending)
        assert code in (0, 1, 2)
    (code, _, _), quick = both_ways(monkeypatch, "\n".join(good_record(rng, 2, 30)))
    assert code == 0 and quick >= 28


def test_the_quick_way_is_not_taken_where_its_text_would_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "\n".join(good_record(random.Random(3), 2, 30, game=61)) + "\n"
    for args in (["--board"], ["-f", "json"], ["--odds"], ["--lang", "fr"]):
        (code, _, _), quick = both_ways(monkeypatch, text, *args)
        assert quick == 0 and code in (0, 2)


def test_a_deal_written_the_usual_way_is_read_whole() -> None:
    deal = read_block(DEAL, ("Ben", "Ann"), number=4, line=10)
    assert deal is not None
    assert (deal.number, deal.line, deal.last_line, deal.dealer) == (4, 10, 17, "Ann")
    # Ben: 5 5 5 J with the 5 turned and his nob: 29. Ann: 7 7 8 8 with a 5: four fifteens
    # of a 7 and an 8 (8) and two pairs (4): 12. The crib 2 3 K Q with a 5: the fifteens
    # 2 3 K, 2 3 Q, 5 K and 5 Q: 8.
    assert deal.claims == deal.totals == (29, 12, 8)
    assert [str(card) for card in deal.kept[0]] == ["5h", "5d", "5c", "Js"]


@pytest.mark.parametrize(
    "at, line",
    [
        (0, "deal Ben"),  # not the dealer in turn
        (0, "Deal Ann"),
        (1, "hand Ben 5h 5d 5c Js 2c 3d"),  # no bar
        (1, "hand Ben 5h 5d 5c Js | 2c 3d "),
        (1, "hand Ben  5h 5d 5c Js | 2c 3d"),
        (1, "hand Ben 5h 5d 5c JS | 2c 3d"),  # a card not written plainly
        (1, "hand Ben 5h 5d 5c 10s | 2c 3d"),
        (1, "hand Ben 5h 5d 5c Js | 2c 7h"),  # a card twice in the deal
        (1, "hand Ben 5h 5d 5c Js | 2c 2c"),
        (2, "hand Ben 7h 7s 8d 8c | Kc Qs"),  # the hands out of seat order
        (3, "starter 8c"),
        (3, "starter 5s # cut"),
        (4, "play 5h 7h 5d 7s 5c go 8d Js 8c"),
        (4, "play 7h 5h 5d 7s 5c 8d Js 8c"),  # Ann's card on Ben's turn
        (4, "play 5h 7h 5d 7s 5c 8d Js"),
        (4, "play 5h 7h 5d 7s 5c 8d Js 8c 8c"),
        (5, "show Ben 19"),  # no hand scores 19
        (5, "show Ben 029"),
        (5, "show Ann 29"),
        (7, "crib 8 8"),
        (7, "CRIB 8"),
    ],
)
def test_anything_unusual_is_left_to_the_careful_reading(at: int, line: str) -> None:
    lines = list(DEAL)
    lines[at] = line
    assert read_block(lines, ("Ben", "Ann"), number=1, line=1) is None


def test_a_block_with_a_statement_more_or_less_is_left_to_the_careful_reading() -> None:
    seats = ("Ben", "Ann")
    assert read_block([*DEAL, "peg Ann 2"], seats, number=1, line=1) is None
    assert read_block(DEAL[:-1], seats, number=1, line=1) is None


def _turns(plays: object) -> list[tuple[object, ...]]:
    return [(p.player, p.card, p.count, p.items) for p in plays]  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(6))
def test_play_out_gives_the_turns_of_the_play_read_with_the_hands(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        players = rng.randrange(2, 7)
        cards = rng.sample(DECK, 4 * players)
        kept = [cards[4 * seat : 4 * seat + 4] for seat in range(players)]
        if rng.random() < 0.5:
            words, _ = simulate(kept, rng)
            by_text = {str(card): card for card in cards}
            laid = [by_text[word] for word, _ in words if word != "go"]
        else:
            laid = rng.sample(cards, len(cards))  # most such orders break a rule
        seats = seating(players)
        try:
            pegging = peg_seated(
                " ".join(map(str, laid)), seats, hands=tuple(frozenset(k) for k in kept)
            )
        except CribcountError:
            assert play_out(laid, kept, seats[0]) is None
            continue
        turns = play_out(laid, kept, seats[0])
        assert turns is not None and _turns(turns) == _turns(pegging.plays)


@pytest.mark.parametrize("seed", range(4))
def test_wrong_claims_and_muggins_read_the_same_quickly(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(100 + seed)
    lines = good_record(rng, (2, 4, 5, 6)[seed], 30)
    if seed % 2:
        lines.insert(2, "muggins on")
    claims = [at for at, line in enumerate(lines) if line.startswith(("show", "crib"))]
    # Early, while the game is on, and late, once it is over.
    for at in [*rng.sample(claims[: len(claims) // 5], 4), *rng.sample(claims[-10:], 2)]:
        words = lines[at].split(" ")
        points = int(words[-1])
        # Claimed one more or one less: a count some hand makes, but not this one.
        words[-1] = str(next(p for p in (points + 1, points - 1, points + 2) if show_possible(p)))
        lines[at] = " ".join(words)
    (code, out, err), quick = both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 1 and err == "" and "claimed" in out and quick > 0


@pytest.mark.slow
def test_play_out_gives_the_turns_of_the_play_read_with_the_hands_many_times() -> None:
    for seed in range(100, 300):
        test_play_out_gives_the_turns_of_the_play_read_with_the_hands(seed)


@pytest.mark.slow
def test_a_long_record_over_many_chunks_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past the 64 KiB a chunk holds, with a few changes: the blocks cross real chunk ends.
    rng = random.Random(11)
    for players in (2, 4, 6):
        lines = mutated(good_record(rng, players, 700), rng, 3)
        (code, _, _), quick = both_ways(monkeypatch, "\n".join(lines) + "\n")
        assert code in (0, 1, 2)


@pytest.mark.parametrize("players", [2, 6])
def test_blank_lines_and_comments_between_deals_read_the_same_quickly(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    # The usual layout (as the docs write a record): a blank line, and at times a comment,
    # after each deal's last statement. Every deal is still read at once.
    lines = good_record(random.Random(8), players, 6)
    spaced = []
    for number, line in enumerate(lines):
        if line.startswith("deal ") and number > 2:
            spaced += ["", "# next deal"] if number % 2 else ["  "]
        spaced.append(line)
    (code, out, _), quick = both_ways(monkeypatch, "\n".join(spaced) + "\n")
    assert code == 0 and quick == 6


@pytest.mark.parametrize("extra", ["peg Ann 2", "show Ann 4", "crib 2", "# a note", "", None])
def test_a_deal_that_goes_on_past_its_usual_block_reads_the_same(
    monkeypatch: pytest.MonkeyPatch, extra: str | None
) -> None:
    # Six players: the usual block holds the most statements a block is held for.
    lines = good_record(random.Random(5), 6, 4)
    at = lines.index("deal Dan")  # the third deal begins: after the second's last statement
    text = ("\n".join(lines[:at]) + "\n").encode()
    # One more statement of that deal, or a line that is not UTF-8, then the rest.
    text += (extra + "\n").encode() if extra is not None else b"\xff\n"
    text += ("\n".join(lines[at:]) + "\n").encode()
    (code, _, err), quick = both_ways(monkeypatch, text)
    assert code in (0, 1, 2) and quick >= 2


def test_six_players_in_partnerships_read_the_same_quickly(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = good_record(random.Random(61), 6, 30, game=61)
    lines.insert(2, "partners")
    (code, out, err), quick = both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 0 and err == "" and " & " in out and quick == 29


# --- runs: many usual deals one after another, read together -----------------------------------


def runs_both_ways(
    monkeypatch: pytest.MonkeyPatch, text: str | bytes, *args: str, least: int = 1
) -> tuple[tuple[int, str, str], int]:
    """``cribcount game - ARGS`` on ``text`` with runs of ``least`` deals or more read together
    and read statement by statement only, which must give the same; that outcome, and the
    deals read in runs."""
    taken: list[int] = []
    score_run = game_command._score_run

    def counted(*args: Any) -> int:
        taken.append(score_run(*args))
        return taken[-1]

    monkeypatch.setattr(game_command, "_score_run", counted)
    monkeypatch.setattr(game_command, "RUN_LEAST", least)
    together = outcome("game", "-", *args, stdin=text)
    in_runs = sum(taken)
    monkeypatch.setattr(game_command, "QUICK", False)
    plain = outcome("game", "-", *args, stdin=text)
    monkeypatch.setattr(game_command, "QUICK", True)
    assert together == plain
    return together, in_runs


@pytest.mark.parametrize("players, game", [(2, 121), (2, 61), (3, 61), (4, 121), (5, 61), (6, 61)])
def test_a_good_record_reads_the_same_in_runs(
    monkeypatch: pytest.MonkeyPatch, players: int, game: int
) -> None:
    lines = good_record(random.Random(players + game), players, 40, game=game)
    (code, out, err), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 0 and err == "" and " by " in out and "not counted:" in out
    # Every deal but the one where the game ends is read in a run; none with three players.
    assert in_runs == (0 if players == 3 else 39)


@pytest.mark.parametrize("seed", range(12))
def test_a_changed_record_reads_the_same_in_runs(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(1000 + seed)
    players = rng.choice([2, 2, 4, 5, 6])
    lines = mutated(good_record(rng, players, 30, game=rng.choice([61, 121])), rng, seed % 5)
    if seed % 3 == 0:
        lines.insert(2, "muggins on")
    ending = "\r\n" if seed % 7 == 0 else "\n"
    text = ending.join(lines) + ("" if seed % 4 == 0 else ending)
    (code, _, _), _ = runs_both_ways(monkeypatch, text, least=rng.choice([1, 2, 5]))
    assert code in (0, 1, 2)


@pytest.mark.parametrize("size", [100, 1000])
def test_runs_across_the_chunks_read_the_same(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    # Chunks of a few hundred bytes or a few deals: a run's last deal goes on in the next chunk
    # and is held back to be read with it (held back whole when shorter than the fewest).
    monkeypatch.setattr("cribcount.reading.CAREFUL_CHUNK_SIZE", size)
    rng = random.Random(size)
    for players in (2, 4):
        lines = good_record(rng, players, 40)
        (code, _, _), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n", least=2)
        assert code == 0 and in_runs > 20
        (code, _, _), _ = runs_both_ways(monkeypatch, "\n".join(mutated(lines, rng, 3)) + "\n")
        assert code in (0, 1, 2)


def test_a_run_longer_than_three_chunks_is_read_a_deal_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Chunks of 400 bytes, three deals: runs of 5 deals are found once a chunk's end (up to
    # two chunks) is held back for the next; runs of 20 never fit in what is held and a chunk.
    monkeypatch.setattr("cribcount.reading.CAREFUL_CHUNK_SIZE", 100)
    lines = good_record(random.Random(4), 2, 40)
    (code, _, _), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n", least=5)
    assert code == 0 and in_runs > 20
    (code, _, _), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n", least=20)
    assert code == 0 and in_runs == 0


@pytest.mark.parametrize("seed", range(4))
def test_wrong_claims_and_muggins_read_the_same_in_runs(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(200 + seed)
    lines = good_record(rng, (2, 4, 5, 6)[seed], 30, game=61 if seed > 1 else 121)
    if seed % 2:
        lines.insert(2, "muggins on")
    possible = [points for points in range(rules.HIGHEST_SHOW + 1) if show_possible(points)]
    shows = [at for at, line in enumerate(lines) if line.startswith(("show", "crib"))]
    # Three claims early, while the game is on; two late, once it is over (not counted, so
    # not wrong): each another count some hand makes.
    for at in sorted(rng.sample(shows[:20], 3) + rng.sample(shows[-10:], 2)):
        *words, claim = lines[at].split(" ")
        lines[at] = " ".join([*words, str(rng.choice([p for p in possible if str(p) != claim]))])
    (code, out, err), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 1 and err == "" and "claimed" in out and in_runs > 0


def test_blank_lines_and_comments_between_deals_read_the_same_in_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = good_record(random.Random(9), 4, 12)
    spaced = []
    for number, line in enumerate(lines):
        if line.startswith("deal ") and number > 2:
            spaced += ["", "# next deal", " \t"] if number % 2 else ["#"]
        spaced.append(line)
    # A comment that is not ASCII, and one that is not text: read the usual way.
    spaced.insert(len(spaced) - 30, "# señor")
    text = ("\n".join(spaced) + "\n").encode()
    (code, out, _), in_runs = runs_both_ways(monkeypatch, text)
    assert code == 0 and in_runs >= 10
    broken = text.replace("señor".encode(), b"se\xf1or")
    (code, _, err), _ = runs_both_ways(monkeypatch, broken)
    assert code == 2 and "invalid UTF-8 byte 0xf1" in err


def test_a_run_after_a_bad_statement_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = good_record(random.Random(10), 2, 12)
    lines.insert(12, "starter 9z")  # the second deal: a bad card, said; the rest not scored
    (code, out, err), in_runs = runs_both_ways(monkeypatch, "\n".join(lines) + "\n")
    assert code == 2 and out == "" and err.count("\n") == 1 and in_runs == 1


def _random_plays(rng: random.Random, players: int, plays: int) -> tuple[list[Any], list[Any]]:
    """``plays`` hands of ``players`` with a play each: random legal ones (simulated), some
    shuffled (most such orders break a rule)."""
    hands, orders = [], []
    for _ in range(plays):
        play, seats = random_play(rng, players)
        hands.append([[card for card, _ in parse_cards(four)] for four in seats.split(" | ")])
        orders.append([card for card, _ in parse_cards(play)])
        if rng.random() < 0.4:
            rng.shuffle(orders[-1])
    return hands, orders


def _check_replay(seed: int, plays: int) -> None:
    rng = random.Random(seed)
    for players in range(2, 7):
        hands, orders = _random_plays(rng, players, plays)
        kept = np.array([[[c.index for c in four] for four in deal] for deal in hands], np.uint8)
        laid = np.array([[c.index for c in order] for order in orders], np.uint8)
        replayed = replay(kept, laid)
        assert replayed.legal.any() and not replayed.legal.all()  # legal plays and not
        names = seating(players)[0]
        pegged = replayed.pegged(players)
        for deal, (four, order) in enumerate(zip(hands, orders, strict=True)):
            turns = play_out(order, four, names)
            assert replayed.legal[deal] == (turns is not None)
            if turns is None:
                continue
            # The turns that score, in order: the seat, the card (None: a go) and the items.
            expected = [(names.index(t.player), t.card, t.items) for t in turns if t.items]
            got = []
            for step, card in enumerate(order):
                if replayed.points[deal, step]:
                    code = int(replayed.code[deal, step])
                    got.append((int(replayed.player[deal, step]), card, peg_items(code)))
                if replayed.go_after[deal, step]:
                    got.append((int(replayed.player[deal, step]), None, peg_items(-1)))
            assert got == expected
            by_seat = [0] * players
            for seat, _, items in expected:
                by_seat[seat] += sum(item.points for item in items)
            assert pegged[deal].tolist() == by_seat


def test_replay_gives_the_turns_of_play_out_for_many_plays_at_once() -> None:
    _check_replay(0, 150)


@pytest.mark.slow
def test_replay_gives_the_turns_of_play_out_many_times() -> None:
    for seed in range(100, 105):
        _check_replay(seed, 2000)


def test_peg_items_are_what_score_card_gives_for_every_tail() -> None:
    # Every tail a count can end in: n cards of one rank, or a run of n, or neither; the count
    # 15, 31 or another; the last card or not.
    for count in (rules.FIFTEEN, rules.MAX_COUNT, 20):
        for ranks in ([9], [4, 4], [4, 4, 4], [4, 4, 4, 4], [6, 5, 4], [2, 7, 5, 3, 4, 6, 1]):
            same = len(ranks) if len(set(ranks)) == 1 else 1
            run = len(ranks) if same == 1 and len(ranks) >= 3 else 0
            fifteen, thirty_one = count == rules.FIFTEEN, count == rules.MAX_COUNT
            code = int(fifteen) + 2 * int(thirty_one) + 4 * (same - 1) + 16 * run
            assert peg_items(code) == rules.score_card(ranks, count)
            last = (PegItem(PegKind.LAST_CARD, rules.LAST_CARD_POINTS),)
            assert peg_items(code + 512) == rules.score_card(ranks, count) + last


def test_names_of_any_letters_read_the_same_in_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # Names whose bytes are more than their letters, or that a pattern would read otherwise.
    lines = good_record(random.Random(12), 2, 30)
    text = "\n".join(lines).replace("Ann", "Zoë").replace("Ben", "B.?(+)") + "\n"
    (code, out, err), in_runs = runs_both_ways(monkeypatch, text)
    assert code == 0 and err == "" and "Zoë" in out and in_runs == 29


@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 4, 5, 6]),
    changes=st.integers(0, 3),
    least=st.integers(1, 4),
)
def test_a_changed_record_reads_the_same_in_runs_whatever_the_change(
    seed: int, players: int, changes: int, least: int
) -> None:
    rng = random.Random(seed)
    lines = mutated(good_record(rng, players, 12, game=61), rng, changes)
    with pytest.MonkeyPatch.context() as patch:
        (code, _, err), _ = runs_both_ways(patch, "\n".join(lines) + "\n", least=least)
    assert code in (0, 1, 2) and "Traceback" not in err
