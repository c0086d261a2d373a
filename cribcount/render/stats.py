"""Rendering the exact distributions: a table with bars, CSV rows, and plain data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, Message
from cribcount.render import TEXT_WIDTH
from cribcount.stats import DealStats, Distribution, Side

__all__ = ["STATS_WIDTH", "render_stats_csv", "render_stats_text", "stats_to_dict"]

STATS_WIDTH = TEXT_WIDTH
"""Columns of the text table by default (through a pipe): a terminal passes its own width."""
_BAR_MOST = 50


_BOTH = (Side.HAND, Side.CRIB)
_SIDES = {Side.HAND: N_("hand"), Side.CRIB: N_("crib")}
_TITLES = {Side.HAND: N_("hand"), Side.CRIB: N_("crib (five-card flush only)")}
_SHORT_TITLES = {Side.HAND: N_("hand"), Side.CRIB: N_("crib (flush of five)")}
"""The titles of a table too narrow for ``_TITLES``."""


def _wrap(text: str, width: int, *, subsequent_indent: str = "") -> list[str]:
    """``textwrap.wrap``: a line of single spaces that fits is itself, without the import."""
    # Printable text holds no white space but the space; split and joined again it is itself
    # only when its spaces are single, none at either end: what wrap would give back.
    if text and len(text) <= width and text.isprintable() and text == " ".join(text.split()):
        return [text]
    import textwrap  # only for a line that wraps: the module takes a while to load

    return textwrap.wrap(text, width=width, subsequent_indent=subsequent_indent)


def _stats_sides(stats: DealStats, sides: Sequence[Side]) -> list[tuple[str, Distribution]]:
    return [(side.value, stats.of(side)) for side in sides]


def _percent(n: int, deals: int) -> float:
    return 100 * n / deals if deals else 0.0


def _restriction(stats: DealStats, lang: Language) -> str:
    words = ""
    if stats.hand_cards:
        words += lang.say(" holding {cards}", cards=stats.hand_cards)
    if stats.starter is not None:
        words += lang.say(" with starter {card}", card=stats.starter)
    return words


def stats_to_dict(stats: DealStats, *, sides: Sequence[Side] = _BOTH) -> dict[str, Any]:
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


def render_stats_csv(stats: DealStats, *, sides: Sequence[Side] = _BOTH) -> str:
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


def _percent_cell(n: int, deals: int, lang: Language) -> str:
    share = _percent(n, deals)
    return "<" + lang.number(0.01) if n and share < 0.005 else lang.number(share, ".2f")


def render_stats_text(
    stats: DealStats,
    *,
    sides: Sequence[Side] = _BOTH,
    width: int = STATS_WIDTH,
    lang: Language = DEFAULT_LANGUAGE,
) -> str:
    """A table of scores with deals, %, cumulative % and a bar per side, in ``width`` columns.

    The bars take what the numbers leave (at most 50 columns each; none in a narrow table).
    """
    chosen = _stats_sides(stats, sides)
    most = max(max(dist.counts) for _, dist in chosen)
    deals_label, score_label, mean_label = (
        lang.say(word) for word in (N_("deals"), N_("score"), N_("mean"))
    )
    count_width = max(len(str(most)), len(deals_label))
    # Each side: a gap, deals, %, cumulative % and the bar.
    fixed = 2 + count_width + 1 + 5 + 1 + 6 + 1
    bar_width = max(0, min(_BAR_MOST, (width - 5) // len(chosen) - fixed))
    restriction = _restriction(stats, lang) or lang.say(" (4 cards and a starter)")
    title = lang.say(
        "show scores over the {deals} deals{restriction}",
        deals=lang.number(chosen[0][1].deals, ","),
        restriction=restriction,
    )
    lines = _wrap(title, width)
    column = fixed + bar_width - 2
    titles = [lang.say(_TITLES[side]) for side in sides]
    # The last title may run past its column, not past the table.
    if 7 + (len(chosen) - 1) * (fixed + bar_width) + len(titles[-1]) > width:
        titles = [lang.say(_SHORT_TITLES[side]) for side in sides]
    lines.append(" " * 5 + "".join(f"  {title:<{column}}" for title in titles))
    heading = f"  {deals_label:>{count_width}} {'%':>5} {'cum%':>6} {'':<{bar_width}}"
    lines.append(f"{score_label:<5}" + heading * len(chosen))
    running = [0] * len(chosen)
    for score in range(len(stats.hand.counts)):
        line = f"{score:>5}"
        for i, (_, dist) in enumerate(chosen):
            n = dist.counts[score]
            running[i] += n
            bar = "#" * round(bar_width * n / most) if most else ""
            # A score too rare for one '#' still shows that it happens.
            bar = bar or ("." if n else "")
            share = _percent_cell(n, dist.deals, lang)
            cumulative = lang.number(_percent(running[i], dist.deals), ">6.2f")
            line += f"  {n:>{count_width}} {share:>5} {cumulative} {bar:<{bar_width}}"
        lines.append(line)
    lines.append(
        f"{mean_label:<5}"
        + "".join(
            f"  {lang.number(dist.mean, f'>{fixed - 3}.6f')}{'':<{bar_width + 1}}"
            for _, dist in chosen
        )
    )
    for side, (_, dist) in zip(sides, chosen, strict=True):
        never = ", ".join(str(score) for score in dist.missing) or lang.say("none")
        said = lang.say("{side}: no deal scores {never}", side=Message(_SIDES[side]), never=never)
        lines += _wrap(said, width, subsequent_indent=" " * 6)
    return "\n".join(line.rstrip() for line in lines)
