"""Rendering the discard advice: a table of every choice, and the advice as plain data."""

from __future__ import annotations

from typing import Any

from cribcount.cards import format_cards
from cribcount.discard import Advice, Role

__all__ = ["discard_to_dict", "render_discard"]


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
                "hand": float(choice.hand),
                "hand_min": choice.hand_min,
                "hand_max": choice.hand_max,
                "crib": float(choice.crib),
                "net": float(choice.net),
            }
            for choice in advice.choices
        ],
    }


def render_discard(advice: Advice) -> str:
    """A table of every choice, best first, with how net is made up and the best marked."""
    laid = len(advice.choices[0].discard)
    players = f", seat {advice.seat} of {advice.players} players" if advice.players != 2 else ""
    # Within 60 columns: the keep column as wide as five cards, one space between numbers.
    lines = [
        f"{advice.role.value}, holding {format_cards(advice.cards)}{players}:",
        f"{len(advice.choices)} ways to lay away {laid}, best first",
        f"  {'keep':<11}  {'lay away':<8}  {'hand avg':>8} {'min-max':>7}"
        f" {'crib avg':>8} {'net':>7}",
    ]
    for i, choice in enumerate(advice.choices):
        mark = "*" if i == 0 else " "
        lines.append(
            f"{mark} {format_cards(choice.keep):<11}  {format_cards(choice.discard):<8}"
            f"  {float(choice.hand):8.3f} {f'{choice.hand_min}-{choice.hand_max}':>7}"
            f" {float(choice.crib):8.3f} {float(choice.net):7.3f}"
        )
    best = advice.best
    if advice.role is Role.DEALER:
        how = "net = hand + crib + heels (the crib and heels are yours)"
    else:
        how = "net = hand - crib - heels (the dealer's crib and heels)"
    lines += [
        f"heels {float(advice.heels):.3f}: a jack turned is 2 to the dealer,",
        "  in no hand or crib",
        how,
        f"best: keep {format_cards(best.keep)}, lay away {format_cards(best.discard)}"
        f" (net {float(best.net):.3f})",
    ]
    return "\n".join(lines)
