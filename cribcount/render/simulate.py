"""Rendering a run of self-played games: win rates with their intervals, skunks, and the points
per deal by phase for each player as dealer and as pone; as text and as plain data."""

from __future__ import annotations

from typing import Any, NamedTuple

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, Message
from cribcount.selfplay import DEALER, PHASES, PONE, Tally, win_interval

__all__ = ["Run", "render_simulation_text", "simulation_to_dict"]


class Run(NamedTuple):
    """What a run played: A's and B's strategies, the game's target, the seed, the engine's
    draws a move."""

    strategies: tuple[str, str]
    target: int
    seed: int
    samples: int


_PLAYERS = ("A", "B")
_SEATS = {PONE: "pone", DEALER: "dealer"}
_PHASE_WORDS = {
    "pegging": N_("pegging"),
    "hand": N_("hand"),
    "crib": N_("crib"),
    "heels": N_("heels"),
}
_TOTAL = N_("total")


def _means(tally: Tally, player: int, seat: int) -> dict[str, float]:
    """A player's mean points a deal in each phase (and their total) in one seat."""
    deals = tally.dealt[player][seat]
    sums = tally.points[player][seat]
    means = {name: sums[name] / deals if deals else 0.0 for name in PHASES}
    means["total"] = sum(sums.values()) / deals if deals else 0.0
    return means


def simulation_to_dict(tally: Tally, run: Run) -> dict[str, Any]:
    """The run as plain data: its settings, each player's wins, win rate, 95% interval, skunks
    and mean points a deal by phase as dealer and as pone (6 decimals)."""
    players = []
    for player, name in enumerate(_PLAYERS):
        low, high = win_interval(tally.wins[player], tally.games)
        per_deal = {}
        for seat, word in _SEATS.items():
            means = _means(tally, player, seat)
            shown = [*PHASES, "total"] if seat == DEALER else ["pegging", "hand", "total"]
            per_deal[word] = {
                "deals": tally.dealt[player][seat],
                **{phase: round(means[phase], 6) for phase in shown},
            }
        players.append(
            {
                "player": name,
                "strategy": run.strategies[player],
                "wins": tally.wins[player],
                "win_rate": round(tally.wins[player] / tally.games, 6),
                "interval": [round(low, 6), round(high, 6)],
                "skunks": tally.skunks[player],
                "double_skunks": tally.double_skunks[player],
                "per_deal": per_deal,
            }
        )
    return {
        "games": tally.games,
        "target": run.target,
        "seed": run.seed,
        "samples": run.samples,
        "first_dealer_wins": tally.first_dealer_wins,
        "players": players,
    }


def render_simulation_text(tally: Tally, run: Run, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The run as a text report in 60 columns: a title, the wins, the points per deal."""
    strategies = run.strategies

    def number(share: float) -> str:
        return lang.number(100 * share, ".1f")

    def percent(share: float) -> str:
        return lang.say("{percent}%", percent=number(share))

    games = tally.games
    lines = [
        lang.plural(
            games,
            "{a} against {b}: {n} game to {target}, seed {seed}",
            "{a} against {b}: {n} games to {target}, seed {seed}",
            a=strategies[0],
            b=strategies[1],
            target=run.target,
            seed=run.seed,
        ),
    ]
    if "engine" in strategies:
        lines.append(lang.say("the engine draws {samples} hands a move", samples=run.samples))
    names = [f"{name} {strategy}" for name, strategy in zip(_PLAYERS, strategies, strict=True)]
    width = max(len(name) for name in names)
    heads = [lang.say(word) for word in (N_("wins"), N_("rate"), N_("95% interval"))]
    lines.append("")
    wide = [max(6, len(heads[0])), max(7, len(heads[1])), max(13, len(heads[2]))]
    lines.append(
        f"{'':<{width}}  {heads[0]:>{wide[0]}}  {heads[1]:>{wide[1]}}  {heads[2]:<{wide[2]}}"
        f"  {lang.say('skunks')}"
    )
    for player, name in enumerate(names):
        low, high = win_interval(tally.wins[player], games)
        skunks = str(tally.skunks[player])
        if tally.double_skunks[player]:
            doubles = tally.double_skunks[player]
            skunks += " " + lang.plural(doubles, "({n} double)", "({n} double)")
        interval = f"{number(low)}-{percent(high)}"
        rate = percent(tally.wins[player] / games)
        lines.append(
            f"{name:<{width}}  {tally.wins[player]:>{wide[0]}}  {rate:>{wide[1]}}"
            f"  {interval:<{wide[2]}}  {skunks}"
        )
    lines.append(
        lang.say("the first dealer won {rate}", rate=percent(tally.first_dealer_wins / games))
    )
    lines.append("")
    seats = {seat: lang.text(Message(word)) for seat, word in _SEATS.items()}
    labels = {
        (player, seat): f"{names[player]} {seats[seat]}"
        for player in (0, 1)
        for seat in (DEALER, PONE)
    }
    label_width = max(len(label) for label in labels.values())
    columns = [lang.say(_PHASE_WORDS[name]) for name in PHASES] + [lang.say(_TOTAL)]
    sizes = [max(5, len(column)) for column in columns]
    title = lang.say("points a deal")
    lines.append(
        f"{title:<{label_width}}"
        + "".join(f" {c:>{n}}" for c, n in zip(columns, sizes, strict=True))
    )
    for (player, seat), label in labels.items():
        means = _means(tally, player, seat)
        cells = []
        for name, size in zip([*PHASES, "total"], sizes, strict=True):
            dealers_own = name in ("crib", "heels") and seat == PONE
            cell = "-" if dealers_own else lang.number(means[name], ".2f")
            cells.append(f" {cell:>{size}}")
        lines.append(f"{label:<{label_width}}" + "".join(cells))
    return "\n".join(line.rstrip() for line in lines)
