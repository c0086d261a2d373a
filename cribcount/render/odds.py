"""Rendering win chances: a small table of both sides' chances, the game points, plain data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_
from cribcount.odds import Chances, Convention, Ends, chances
from cribcount.rules import BOARDS

if TYPE_CHECKING:
    from cribcount.game import DealResult, Game

__all__ = [
    "chances_to_dict",
    "convention_to_dict",
    "deal_odds_to_dict",
    "game_points_to_dict",
    "percent",
    "render_chances",
    "render_deal_odds",
    "render_game_points",
]


def percent(chance: float, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A chance as a percentage with one decimal: ``61.3%``."""
    return lang.number(100 * chance, ".1f") + "%"


def _ends_to_dict(ends: Ends) -> dict[str, float]:
    return {
        "win": round(ends.win, 6),
        "skunk": round(ends.skunk, 6),
        "double_skunk": round(ends.double, 6),
    }


def convention_to_dict(convention: Convention) -> dict[str, Any]:
    """A convention of game points as plain data: its name and the three values."""
    return {
        "name": convention.name,
        "win": convention.win,
        "skunk": convention.skunk,
        "double_skunk": convention.double,
    }


def chances_to_dict(chances: Chances, convention: Convention) -> dict[str, Any]:
    """The chances as plain data: the position, each side's chances (a skunk's included in the
    win, a double skunk's in the skunk), and each side's expected game points."""
    mine, theirs = chances.game_points(convention)
    return {
        "me": chances.me,
        "opponent": chances.opponent,
        "dealer": "me" if chances.dealer else "opponent",
        "game": chances.game,
        "chances": {"me": _ends_to_dict(chances.mine), "opponent": _ends_to_dict(chances.theirs)},
        "game_points": {
            "convention": convention_to_dict(convention),
            "me": round(mine, 4),
            "opponent": round(theirs, 4),
        },
    }


def render_chances(
    chances: Chances, convention: Convention, *, lang: Language = DEFAULT_LANGUAGE
) -> str:
    """Both sides' chances to win, with a skunk and a double skunk, and the game points."""
    board = BOARDS[chances.game]
    if chances.dealer:
        who = lang.say("you deal; the opponent counts first")
    else:
        who = lang.say("the opponent deals; you count first")
    labels = [lang.say(N_("win")), lang.say(N_("skunk"))]
    if board.double_skunk is not None:
        labels.append(lang.say(N_("double skunk")))
    names = [lang.say(N_("you")), lang.say(N_("opponent"))]
    rows = [
        [percent(chance, lang) for chance in ends[: len(labels)]]
        for ends in (chances.mine, chances.theirs)
    ]
    name_w = max(map(len, names))
    widths = [max(len(label), *(len(row[i]) for row in rows)) for i, label in enumerate(labels)]

    def line(first: str, cells: list[str]) -> str:
        right = "  ".join(f"{cell:>{w}}" for cell, w in zip(cells, widths, strict=True))
        return f"  {first:<{name_w}}  {right}"

    mine, theirs = chances.game_points(convention)
    lines = [
        lang.say(
            "you {me}, opponent {opponent}, game to {game}:",
            me=chances.me,
            opponent=chances.opponent,
            game=chances.game,
        ),
        who,
        line("", labels),
        *(line(name, row) for name, row in zip(names, rows, strict=True)),
        lang.say("a skunk is counted in the win, a double skunk in the skunk"),
        lang.say(
            "game points ({name}: {win} a win, {skunk} a skunk, {double} a double):",
            name=convention.name,
            win=convention.win,
            skunk=convention.skunk,
            double=convention.double,
        ),
        lang.say(
            "  you {mine}, opponent {theirs}",
            mine=lang.number(mine, ".2f"),
            theirs=lang.number(theirs, ".2f"),
        ),
    ]
    return "\n".join(lines)


# --- a game's odds deal by deal, and its game points ---------------------------------------


def _deal_chances(game: Game, deal: DealResult) -> Chances | None:
    """The chances from the scores after ``deal``, the other player dealing next; None when
    the game is over."""
    if game.winner is not None:
        return None
    first, _ = game.sides
    return chances(
        game.final[0],
        game.final[1],
        dealer=deal.record.dealer != first,
        game=game.record.target,
    )


def deal_odds_to_dict(game: Game, deal: DealResult) -> dict[str, Any] | None:
    """Each side's chance to win after ``deal`` as plain data, and who deals next; None when
    the game is over."""
    found = _deal_chances(game, deal)
    if found is None:
        return None
    first, second = game.sides
    return {
        "next_dealer": first if found.dealer else second,
        first: round(found.mine.win, 6),
        second: round(found.theirs.win, 6),
    }


def render_deal_odds(game: Game, deal: DealResult) -> str:
    """``  odds: Ann 63.1%, Ben 36.9% (Ben deals next)``; nothing once the game is over."""
    found = _deal_chances(game, deal)
    if found is None:
        return ""
    first, second = game.sides
    dealer = first if found.dealer else second
    return (
        f"  odds: {first} {percent(found.mine.win)}, {second} {percent(found.theirs.win)}"
        f" ({dealer} deals next)"
    )


def game_points_to_dict(game: Game, convention: Convention) -> dict[str, Any]:
    """The game points each side scores (none for a game not finished), and the convention."""
    scored = {side: 0 for side in game.sides}
    if game.winner is not None:
        scored[game.winner] = convention.award(game.skunk)
    return {"convention": convention_to_dict(convention), "points": scored}


def render_game_points(game: Game, convention: Convention) -> str:
    """``game points: Ann 3, Ben 0`` and the convention on a line of its own."""
    how = (
        f"  by {convention.name}: {convention.win} a win,"
        f" {convention.skunk} a skunk, {convention.double} a double"
    )
    if game.winner is None:
        return f"game points: none, the game is not finished\n{how}"
    scored = game_points_to_dict(game, convention)["points"]
    return "game points: " + ", ".join(f"{side} {n}" for side, n in scored.items()) + "\n" + how
