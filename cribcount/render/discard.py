"""Rendering the discard advice: a table of every choice, and the advice as plain data."""

from __future__ import annotations

from typing import Any

from cribcount.discard import Advice, Role
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_

__all__ = ["discard_to_dict", "render_discard"]

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
