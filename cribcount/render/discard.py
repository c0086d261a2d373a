"""Rendering the discard advice: a table of every choice, and the advice as plain data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cribcount.discard import Advice, Role
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_

if TYPE_CHECKING:
    from cribcount.discard_play import PlayedAdvice
    from cribcount.odds import KeepChances

__all__ = [
    "discard_to_dict",
    "played_to_dict",
    "render_discard",
    "render_played",
    "render_scored",
    "scored_to_dict",
]

_ROLES = {Role.DEALER: N_("dealer"), Role.PONE: N_("pone")}
_LABELS = (N_("keep"), N_("lay away"), N_("hand avg"), N_("min-max"), N_("crib avg"), N_("net"))


def discard_to_dict(advice: Advice) -> dict[str, Any]:
    """The advice as plain data: role, heels and the options best first, values as floats.

    With more than two players, ``players`` and ``seat`` follow the role.
    """
    players = {"players": advice.players, "seat": advice.seat} if advice.players != 2 else {}
    return {
        "role": advice.role.value,
        **players,
        "heels": float(advice.heels),
        "options": [
            {
                "keep": [str(card) for card in choice.keep],
                "discard": [str(card) for card in choice.discard],
                "hand": choice.hand_float,
                "hand_min": choice.hand_min,
                "hand_max": choice.hand_max,
                "crib": choice.crib_float,
                "net": choice.net_float,
            }
            for choice in advice.choices
        ],
    }


def render_discard(advice: Advice, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A table of every choice, best first, with how net is made up and the best marked."""
    laid = len(advice.choices[0].discard)
    role = lang.say(_ROLES[advice.role])
    if advice.players != 2:
        title = lang.say(
            "{role}, holding {cards}, seat {seat} of {players} players:",
            role=role,
            cards=advice.cards,
            seat=advice.seat,
            players=advice.players,
        )
    else:
        title = lang.say("{role}, holding {cards}:", role=role, cards=advice.cards)
    ways = lang.say(
        "{ways} ways to lay away {laid}, best first", ways=len(advice.choices), laid=laid
    )
    keeps = [lang.cards(choice.keep) for choice in advice.choices]
    discards = [lang.cards(choice.discard) for choice in advice.choices]
    hands = [lang.number(choice.hand_float, ".3f") for choice in advice.choices]
    ranges = [f"{choice.hand_min}-{choice.hand_max}" for choice in advice.choices]
    cribs = [lang.number(choice.crib_float, ".3f") for choice in advice.choices]
    nets = [lang.number(choice.net_float, ".3f") for choice in advice.choices]
    labels = [lang.say(label) for label in _LABELS]
    # Each column as wide as its widest entry as written (within 60 columns in English
    # and French): two spaces after the cards, one between numbers.
    columns = [keeps, discards, hands, ranges, cribs, nets]
    keep_w, lay_w, hand_w, range_w, crib_w, net_w = (
        max(len(label), *map(len, column)) for label, column in zip(labels, columns, strict=True)
    )
    lines = [
        title,
        ways,
        f"  {labels[0]:<{keep_w}}  {labels[1]:<{lay_w}}  {labels[2]:>{hand_w}}"
        f" {labels[3]:>{range_w}} {labels[4]:>{crib_w}} {labels[5]:>{net_w}}",
    ]
    for i in range(len(advice.choices)):
        mark = "*" if i == 0 else " "
        lines.append(
            f"{mark} {keeps[i]:<{keep_w}}  {discards[i]:<{lay_w}}  {hands[i]:>{hand_w}}"
            f" {ranges[i]:>{range_w}} {cribs[i]:>{crib_w}} {nets[i]:>{net_w}}"
        )
    best = advice.best
    if advice.role is Role.DEALER:
        how = lang.say("net = hand + crib + heels (the crib and heels are yours)")
    else:
        how = lang.say("net = hand - crib - heels (the dealer's crib and heels)")
    lines += [
        lang.say(
            "heels {heels}: a jack turned is 2 to the dealer,\n  in no hand or crib",
            heels=lang.number(float(advice.heels), ".3f"),
        ),
        how,
        lang.say(
            "best: keep {keep}, lay away {discard} (net {net})",
            keep=best.keep,
            discard=best.discard,
            net=lang.number(best.net_float, ".3f"),
        ),
    ]
    return "\n".join(lines)


# --- the discard with the play ----------------------------------------------------------------

_PLAY_LABELS = (N_("keep"), N_("lay away"), N_("hand avg"), N_("crib avg"), N_("peg"), N_("total"))


def played_to_dict(played: PlayedAdvice) -> dict[str, Any]:
    """``discard_to_dict`` with the play: each option gains ``peg``, ``peg_error`` and ``total``,
    and the options run best total first; ``ranking`` says so."""
    data = discard_to_dict(played.advice)
    by_choice = dict(zip(played.advice.choices, data["options"], strict=True))
    options = []
    for entry in played.choices:
        option = dict(by_choice[entry.choice])
        option["peg"] = round(entry.peg, 4)
        option["peg_error"] = round(entry.peg_error, 4)
        option["total"] = round(entry.total, 4)
        options.append(option)
    return {**data, "ranking": "hand+crib+peg", "options": options}


def render_played(played: PlayedAdvice, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """A table of every choice, best total first: hand and crib (exact), the net pegging with
    its standard error, and the total."""
    advice = played.advice
    role = lang.say(_ROLES[advice.role])
    title = lang.say("{role}, holding {cards}:", role=role, cards=advice.cards)
    ways = lang.say(
        "{ways} ways to lay away {laid}, best first by hand + crib + peg",
        ways=len(played.choices),
        laid=len(played.best.choice.discard),
    )
    rows = [
        [
            lang.cards(entry.choice.keep),
            lang.cards(entry.choice.discard),
            lang.number(entry.choice.hand_float, ".3f"),
            lang.number(entry.choice.crib_float, ".3f"),
            f"{lang.number(entry.peg, '+.2f')}±{lang.number(entry.peg_error, '.2f')}",
            lang.number(entry.total, ".3f"),
        ]
        for entry in played.choices
    ]
    labels = [lang.say(label) for label in _PLAY_LABELS]
    widths = [max(len(label), *(len(row[i]) for row in rows)) for i, label in enumerate(labels)]

    def line(mark: str, cells: list[str]) -> str:
        left = f"{mark} {cells[0]:<{widths[0]}}  {cells[1]:<{widths[1]}}"
        right = " ".join(
            f"{cell:>{width}}" for cell, width in zip(cells[2:], widths[2:], strict=True)
        )
        return f"{left}  {right}"

    lines = [title, ways, line(" ", labels)]
    lines += [line("*" if i == 0 else " ", row) for i, row in enumerate(rows)]
    if advice.role is Role.DEALER:
        how = lang.say("hand + crib + heels (yours) + peg")
    else:
        how = lang.say("hand - crib - heels (the dealer's) + peg")
    best = played.best
    lines += [
        lang.say("total = {how}", how=how),
        lang.say("peg: your pegging less theirs, ± its standard error"),
        lang.say(
            "best: keep {keep}, lay away {discard} (total {total})",
            keep=best.choice.keep,
            discard=best.choice.discard,
            total=lang.number(best.total, ".3f"),
        ),
    ]
    return "\n".join(lines)


# --- the discard ranked by the chance to win from a score -------------------------------------

_SCORED_LABELS = (N_("keep"), N_("lay away"), N_("total"), N_("win"))


def scored_to_dict(
    played: PlayedAdvice, ranked: list[KeepChances], me: int, opponent: int, game: int
) -> dict[str, Any]:
    """``played_to_dict`` with the score: each option gains its chances to win (``win``,
    ``skunk``, ``double_skunk``: yours; ``lose_skunked``, the opponent's skunk), the options
    run best chance first, and ``best_total`` names the best by points."""
    data = played_to_dict(played)
    by_entry = dict(zip(played.choices, data["options"], strict=True))
    options = []
    for kept in ranked:
        option = dict(by_entry[kept.entry])
        option["win"] = round(kept.mine.win, 6)
        option["skunk"] = round(kept.mine.skunk, 6)
        option["double_skunk"] = round(kept.mine.double, 6)
        option["lose_skunked"] = round(kept.theirs.skunk, 6)
        options.append(option)
    return {
        **data,
        "score": {"me": me, "opponent": opponent, "game": game},
        "ranking": "win",
        "best_total": {
            "keep": [str(card) for card in played.best.choice.keep],
            "discard": [str(card) for card in played.best.choice.discard],
        },
        "options": options,
    }


def render_scored(
    played: PlayedAdvice,
    ranked: list[KeepChances],
    me: int,
    opponent: int,
    game: int,
    *,
    lang: Language = DEFAULT_LANGUAGE,
) -> str:
    """A table of every choice, best chance to win first, with its expected total beside it,
    and the best by points when it is another."""
    from cribcount.render.odds import percent

    advice = played.advice
    role = lang.say(_ROLES[advice.role])
    rows = [
        [
            lang.cards(kept.entry.choice.keep),
            lang.cards(kept.entry.choice.discard),
            lang.number(kept.entry.total, ".3f"),
            percent(kept.mine.win, lang),
        ]
        for kept in ranked
    ]
    labels = [lang.say(label) for label in _SCORED_LABELS]
    widths = [max(len(label), *(len(row[i]) for row in rows)) for i, label in enumerate(labels)]

    def line(mark: str, cells: list[str]) -> str:
        return (
            f"{mark} {cells[0]:<{widths[0]}}  {cells[1]:<{widths[1]}}"
            f"  {cells[2]:>{widths[2]}}  {cells[3]:>{widths[3]}}"
        )

    lines = [
        lang.say("{role}, holding {cards}:", role=role, cards=advice.cards),
        lang.say(
            "you {me}, opponent {opponent}, game to {game}:", me=me, opponent=opponent, game=game
        ),
        lang.say("best first by the chance to win the game"),
        line(" ", labels),
        *(line("*" if i == 0 else " ", row) for i, row in enumerate(rows)),
        lang.say("total: hand, crib, heels and peg, as without --score"),
    ]
    best = played.best
    if best is not ranked[0].entry:
        chance = next(kept.mine.win for kept in ranked if kept.entry is best)
        lines.append(
            lang.say(
                "best on points: keep {keep} (total {total}),\n  {chance} to win",
                keep=best.choice.keep,
                total=lang.number(best.total, ".3f"),
                chance=percent(chance, lang),
            )
        )
    else:
        lines.append(lang.say("the best on points is the best to win"))
    return "\n".join(lines)
