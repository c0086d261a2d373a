"""Rendering counts as text and JSON: pure functions from results to strings.

>>> from cribcount.cards import parse_hand
>>> from cribcount.show import count_show
>>> print(render_count(count_show(parse_hand("7h 7s 8d 8c / 9h"))))
hand 7h 7s 8d 8c, starter 9h
fifteen two                 7h 8d           2
fifteen four                7h 8c           4
fifteen six                 7s 8d           6
fifteen eight               7s 8c           8
a pair for 2                7h 7s          10
a pair for 2                8d 8c          12
a run of three for 3        7h 8d 9h       15
a run of three for 3        7h 8c 9h       18
a run of three for 3        7s 8d 9h       21
a run of three for 3        7s 8c 9h       24
total 24
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cribcount.cards import Rank, format_cards
from cribcount.show import Count, Item, Kind

__all__ = ["count_to_dict", "describe_item", "render_claim", "render_count", "render_json"]

_NUMBERS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    8: "eight",
    10: "ten",
    12: "twelve",
    14: "fourteen",
    16: "sixteen",
}
_PAIR_NAMES = {2: "a pair for 2", 6: "pair royal for 6", 12: "double pair royal for 12"}


def count_to_dict(count: Count) -> dict[str, Any]:
    """The count as plain data: hand, starter, crib, items (kind, cards, points), total."""
    return {
        "hand": [str(card) for card in count.hand.cards],
        "starter": str(count.hand.starter),
        "crib": count.crib,
        "items": [
            {"kind": item.kind.value, "cards": [str(c) for c in item.cards], "points": item.points}
            for item in count.items
        ],
        "total": count.total,
    }


def render_json(data: Any) -> str:
    """Compact JSON on one line, non-ASCII kept as is."""
    import json  # only the JSON formats pay for it

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def describe_item(item: Item, *, fifteens_so_far: int = 0) -> str:
    """How a player says an item: ``fifteen four``, ``pair royal for 6``, ``one for his nob``."""
    if item.kind is Kind.FIFTEEN:
        return "fifteen " + _NUMBERS[fifteens_so_far + item.points]
    if item.kind is Kind.PAIR:
        return _PAIR_NAMES[item.points]
    if item.kind is Kind.RUN:
        return f"a run of {_NUMBERS[item.points]} for {item.points}"
    if item.kind is Kind.FLUSH:
        return f"a flush of {_NUMBERS[item.points]} for {item.points}"
    return "one for his nob"


def render_count(count: Count) -> str:
    """The spoken count: one line per item with its cards and the running total, then the total."""
    hand = count.hand
    what = "crib" if count.crib else "hand"
    lines = [f"{what} {format_cards(hand.cards)}, starter {hand.starter}"]
    if count.crib:
        lines.append("(crib: only a five-card flush counts)")
    running = 0
    fifteens = 0
    for item in count.items:
        said = describe_item(item, fifteens_so_far=fifteens)
        if item.kind is Kind.FIFTEEN:
            fifteens += item.points
        running += item.points
        lines.append(f"{said:<27} {format_cards(item.cards):<14} {running:>2}")
    if not count.items:
        lines.append("nineteen: no points")
    lines.append(f"total {count.total}")
    if hand.starter.rank == Rank.JACK:
        lines.append(
            f"(starter {hand.starter} is his heels: 2 to the dealer at the cut, not in this count)"
        )
    return "\n".join(lines)


def render_claim(claim: int, total: int) -> str:
    """The muggins verdict on a claimed count."""
    if claim == total:
        return f"claim {claim} is right"
    if claim < total:
        missed = total - claim
        return (
            f"claim {claim}, count {total}: {missed} point{'s' if missed != 1 else ''} missed"
            " (under muggins the opponent may take them)"
        )
    over = claim - total
    return f"claim {claim}, count {total}: over-claimed by {over} point{'s' if over != 1 else ''}"


# --- peg: the play, card by card -------------------------------------------------------------

if TYPE_CHECKING:
    from cribcount.play import Pegging, PegItem

__all__ += ["describe_peg_item", "pegging_to_dict", "render_pegging"]

_PEG_WORDS = {
    "fifteen": "fifteen for {}",
    "thirty-one": "31 for {}",
    "run": "run of {0} for {0}",
    "go": "go for {}",
    "last-card": "last card for {}",
}


def describe_peg_item(item: PegItem) -> str:
    """How a pegged item is said: ``fifteen for 2``, ``pair royal for 6``, ``run of 4 for 4``."""
    kind = item.kind.value
    if kind == "pair":
        return _PAIR_NAMES[item.points].removeprefix("a ")
    return _PEG_WORDS[kind].format(item.points)


def pegging_to_dict(pegging: Pegging) -> dict[str, Any]:
    """The play as plain data: each turn (player, card or None for a go, count, items), totals.

    With partnerships, ``partnerships`` holds each one's total, named ``first & third``.
    """
    partnerships = (
        {"partnerships": pegging.partnership_totals} if pegging.partnership_totals else {}
    )
    return {
        "plays": [
            {
                "player": play.player,
                "card": None if play.card is None else str(play.card),
                "count": play.count,
                "items": [{"kind": item.kind.value, "points": item.points} for item in play.items],
                "points": play.points,
            }
            for play in pegging.plays
        ],
        "totals": pegging.totals,
        **partnerships,
    }


def render_pegging(pegging: Pegging) -> str:
    """One line per turn (player, card or go, count, what it scored), then the totals.

    With partnerships, a last line gives each partnership's total.
    """
    width = max(len(name) for name in pegging.players)
    lines = []
    for play in pegging.plays:
        card = "go" if play.card is None else str(play.card)
        said = ", ".join(describe_peg_item(item) for item in play.items)
        lines.append(f"{play.player:<{width}}  {card:<2}  {play.count:>2}  {said}".rstrip())
    totals = ", ".join(f"{name} {points}" for name, points in pegging.totals.items())
    lines.append(f"totals: {totals}")
    if pegging.partnership_totals:
        teams = ", ".join(f"{name} {points}" for name, points in pegging.partnership_totals.items())
        lines.append(f"partnerships: {teams}")
    return "\n".join(lines)


# --- discard: the expected value of every way to lay away ------------------------------------

if TYPE_CHECKING:
    # Only for types: the discard command imports the discard module itself.
    from cribcount.discard import Advice

__all__ += ["discard_to_dict", "render_discard"]


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
    lines = [
        f"{advice.role.value}, holding {format_cards(advice.cards)}{players}:"
        f" {len(advice.choices)} ways to lay away {laid}, best first",
        f"  {'keep':<12}  {'lay away':<8}  {'hand avg':>8}  {'min-max':>7}"
        f"  {'crib avg':>8}  {'net':>7}",
    ]
    for i, choice in enumerate(advice.choices):
        mark = "*" if i == 0 else " "
        lines.append(
            f"{mark} {format_cards(choice.keep):<12}  {format_cards(choice.discard):<8}"
            f"  {float(choice.hand):8.3f}  {f'{choice.hand_min}-{choice.hand_max}':>7}"
            f"  {float(choice.crib):8.3f}  {float(choice.net):7.3f}"
        )
    best = advice.best
    if advice.role.value == "dealer":
        how = "net = hand + crib + heels: the crib and the heels are yours"
    else:
        how = "net = hand - crib - heels: the crib and the heels are the dealer's"
    lines += [
        f"heels {float(advice.heels):.3f}: a jack starter is 2 to the dealer, in no hand or crib",
        how,
        f"best: keep {format_cards(best.keep)}, lay away {format_cards(best.discard)}"
        f" (net {float(best.net):.3f})",
    ]
    return "\n".join(lines)


# --- stats: exact score distributions over every deal -----------------------------------------

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cribcount.stats import DealStats, Distribution

__all__ += ["render_stats_csv", "render_stats_text", "stats_to_dict"]

_STATS_WIDTH = 80
_BAR_MOST = 50


def _stats_sides(stats: DealStats, sides: Sequence[str]) -> list[tuple[str, Distribution]]:
    return [(side, stats.hand if side == "hand" else stats.crib) for side in sides]


def _percent(n: int, deals: int) -> float:
    return 100 * n / deals if deals else 0.0


def _restriction(stats: DealStats) -> str:
    words = ""
    if stats.hand_cards:
        words += f" holding {format_cards(stats.hand_cards)}"
    if stats.starter is not None:
        words += f" with starter {stats.starter}"
    return words


def stats_to_dict(stats: DealStats, *, sides: Sequence[str] = ("hand", "crib")) -> dict[str, Any]:
    """The distributions as plain data: per side, deals, mean (6 decimals) and counts 0..29.

    A restriction adds ``starter`` and/or ``hand_cards``; without one there is
    nothing else at the top level.
    """
    data: dict[str, Any] = {}
    if stats.starter is not None:
        data["starter"] = str(stats.starter)
    if stats.hand_cards:
        data["hand_cards"] = [str(card) for card in stats.hand_cards]
    for side, dist in _stats_sides(stats, sides):
        data[side] = {"deals": dist.deals, "mean": round(dist.mean, 6), "counts": list(dist.counts)}
    return data


def render_stats_csv(stats: DealStats, *, sides: Sequence[str] = ("hand", "crib")) -> str:
    """One row per score 0..29: deals, percent and cumulative percent for each side."""
    chosen = _stats_sides(stats, sides)
    header = ["score"]
    for side, _ in chosen:
        header += [f"{side}_deals", f"{side}_percent", f"{side}_cumulative_percent"]
    rows = [",".join(header)]
    running = {side: 0 for side, _ in chosen}
    for score in range(len(stats.hand.counts)):
        row = [str(score)]
        for side, dist in chosen:
            n = dist.counts[score]
            running[side] += n
            row += [
                str(n),
                f"{_percent(n, dist.deals):.6f}",
                f"{_percent(running[side], dist.deals):.6f}",
            ]
        rows.append(",".join(row))
    return "\n".join(rows)


def _percent_cell(n: int, deals: int) -> str:
    share = _percent(n, deals)
    return "<0.01" if n and share < 0.005 else f"{share:.2f}"


def render_stats_text(stats: DealStats, *, sides: Sequence[str] = ("hand", "crib")) -> str:
    """A table of scores with deals, %, cumulative % and a bar per side, at most 80 columns."""
    import textwrap

    chosen = _stats_sides(stats, sides)
    most = max(max(dist.counts) for _, dist in chosen)
    count_width = max(len(str(most)), len("deals"))
    # Each side: a gap, deals, %, cumulative % and the bar.
    fixed = 2 + count_width + 1 + 5 + 1 + 6 + 1
    bar_width = min(_BAR_MOST, (_STATS_WIDTH - 5) // len(chosen) - fixed)
    restriction = _restriction(stats) or " (4 cards and a starter)"
    lines = textwrap.wrap(
        f"show scores over the {chosen[0][1].deals:,} deals{restriction}", width=_STATS_WIDTH
    )
    titles = {"hand": "hand", "crib": "crib (five-card flush only)"}
    lines.append(" " * 5 + "".join(f"  {titles[side]:<{fixed + bar_width - 2}}" for side in sides))
    heading = f"  {'deals':>{count_width}} {'%':>5} {'cum%':>6} {'':<{bar_width}}"
    lines.append("score" + heading * len(chosen))
    running = [0] * len(chosen)
    for score in range(len(stats.hand.counts)):
        line = f"{score:>5}"
        for i, (_, dist) in enumerate(chosen):
            n = dist.counts[score]
            running[i] += n
            bar = "#" * round(bar_width * n / most) if most else ""
            # A score too rare for one '#' still shows that it happens.
            bar = bar or ("." if n else "")
            share = _percent_cell(n, dist.deals)
            cumulative = _percent(running[i], dist.deals)
            line += f"  {n:>{count_width}} {share:>5} {cumulative:>6.2f} {bar:<{bar_width}}"
        lines.append(line)
    lines.append(
        "mean "
        + "".join(f"  {dist.mean:>{fixed - 3}.6f}{'':<{bar_width + 1}}" for _, dist in chosen)
    )
    for side, dist in chosen:
        never = ", ".join(str(score) for score in dist.missing) or "none"
        lines += textwrap.wrap(
            f"{side}: no deal scores {never}", width=_STATS_WIDTH, subsequent_indent=" " * 6
        )
    return "\n".join(line.rstrip() for line in lines)
