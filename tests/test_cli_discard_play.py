"""``cribcount discard`` with the play (two players), and ``--show-only`` as without it."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import outcome

from cribcount.cards import parse_cards
from cribcount.discard import Role, advise_discard
from cribcount.pegging_table import pegging
from cribcount.render import render_json
from cribcount.render.discard import discard_to_dict, render_discard

DEAL = "5h 5d 6c 7s Jh Kd"


def advice(role: Role, players: int = 2, text: str = DEAL):  # type: ignore[no-untyped-def]
    return advise_discard([card for card, _ in parse_cards(text)], role=role, players=players)


def test_show_only_is_the_show_alone() -> None:
    for flag, role in (("--dealer", Role.DEALER), ("--pone", Role.PONE)):
        code, out, _ = outcome("discard", DEAL, flag, "--show-only")
        assert code == 0 and out == render_discard(advice(role)) + "\n"
        code, out, _ = outcome("discard", DEAL, flag, "--show-only", "-f", "json")
        assert out == render_json(discard_to_dict(advice(role))) + "\n"


def test_the_play_is_added_and_ranks_the_choices() -> None:
    code, out, _ = outcome("discard", DEAL, "--dealer", "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert data["ranking"] == "hand+crib+peg"
    assert len(data["options"]) == 15
    exact = {tuple(o["keep"]): o for o in discard_to_dict(advice(Role.DEALER))["options"]}
    for option in data["options"]:
        keep = tuple(option["keep"])
        # Hand, crib and net stay those of the show alone.
        for field in ("hand", "crib", "net", "hand_min", "hand_max", "discard"):
            assert option[field] == exact[keep][field]
        ranks = [card.rank.value for card, _ in parse_cards(" ".join(keep))]
        entry = pegging(keep=ranks, role="dealer")
        assert abs(option["peg"] - (entry.keeper - entry.opponent)) < 1e-4
        assert abs(option["total"] - (option["net"] + option["peg"])) < 1e-3
    totals = [option["total"] for option in data["options"]]
    assert totals == sorted(totals, reverse=True)


def test_text_with_the_play() -> None:
    code, out, _ = outcome("discard", DEAL, "--pone")
    lines = out.splitlines()
    assert code == 0
    assert lines[1] == "15 ways to lay away 2, best first by hand + crib + peg"
    assert lines[2].split() == ["keep", "lay", "away", "hand", "avg", "crib", "avg", "peg", "total"]
    assert lines[3].startswith("* ") and len(lines) == 3 + 15 + 3
    assert lines[-1].startswith("best: keep ")


def test_three_players_leave_the_play_out() -> None:
    args = ("discard", "5h 5d 6c 7s Jh", "--players", "3", "--pone")
    assert outcome(*args) == outcome(*args, "--show-only")
    assert outcome(*args)[1] == render_discard(advice(Role.PONE, 3, "5h 5d 6c 7s Jh")) + "\n"


def test_many_deals_with_the_play_in_csv() -> None:
    lines = "5h 5d 6c 7s Jh Kd\nAh 2h 3h 4h 5h\n"
    code, out, _ = outcome("discard", "--from", "-", "--dealer", "-f", "csv", stdin=lines)
    rows = out.splitlines()
    assert code == 2
    assert rows[0] == "line,cards,keep,discard,hand,crib,net,peg,peg_error,total,error"
    first = rows[1].split(",")
    assert first[0] == "1" and abs(float(first[9]) - float(first[6]) - float(first[7])) < 1e-3
    assert rows[2].startswith("2,Ah 2h 3h 4h 5h,,,,,,,,,")
    code, out, _ = outcome(
        "discard", "--from", "-", "--dealer", "-f", "csv", "--show-only", stdin=lines
    )
    assert out.splitlines()[0] == "line,cards,keep,discard,hand,crib,net,error"


def test_one_deal_starts_without_what_it_does_not_need() -> None:
    # A one-deal discard prints floats: no Fraction is made, so fractions (and decimal) are
    # not imported; its values are hand-written, not dataclasses; and nothing looks up
    # Click's own translations, which imports locale. Each costs every start.
    code = (
        "import sys\n"
        "sys.argv = ['cribcount', 'discard', '5h 5d 6c 7s Jh Kd', '--dealer']\n"
        "from cribcount.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(*(name in sys.modules for name in ('fractions', 'dataclasses', 'locale')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "False False False"
