"""Rendering a review: a block of text a deal and a summary a player, and the review as data.

Every line fits 60 columns (a longer one is wrapped); the text is said in the
language asked for, the JSON stays English.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_
from cribcount.render import TEXT_WIDTH
from cribcount.review import (
    ACCURACY_SPAN,
    GRADES,
    CountReview,
    DealReview,
    DiscardReview,
    PlayerSummary,
    PlayReview,
    Review,
    grade,
)

if TYPE_CHECKING:
    from cribcount.cards import Card

__all__ = ["render_review", "review_to_dict"]

_GRADE_WORDS = {
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
_GRADE_COUNTS = {
    "inaccuracy": (N_("{n} inaccuracy"), N_("{n} inaccuracies")),
    "mistake": (N_("{n} mistake"), N_("{n} mistakes")),
    "blunder": (N_("{n} blunder"), N_("{n} blunders")),
}


_TOGETHER = "\xa0"
"""Joins what a line is not broken within (the cards of a discard), a space once wrapped."""


def _fit(text: str, indent: str = "") -> list[str]:
    """``text`` as lines of at most ``TEXT_WIDTH`` columns, the later ones indented further."""
    lines = textwrap.wrap(
        text,
        TEXT_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_on_hyphens=False,
        break_long_words=False,
    )
    return [line.replace(_TOGETHER, " ") for line in lines] or [indent]


def _written(lang: Language, cards: tuple[Card, ...]) -> str:
    """Cards as ``lang`` writes them, kept on one line by ``_fit``."""
    return _TOGETHER.join(lang.write(card) for card in cards)


def _packed(items: list[str], indent: str) -> list[str]:
    """``items`` joined by commas on lines of at most ``TEXT_WIDTH`` columns, none split."""
    lines = [indent]
    for at, item in enumerate(items):
        said = item + ("," if at < len(items) - 1 else "")
        if lines[-1] != indent and len(lines[-1]) + 1 + len(said) > TEXT_WIDTH:
            lines.append(indent)
        lines[-1] += said if lines[-1] == indent else " " + said
    return lines


def _percent(lang: Language, chance: float) -> str:
    return lang.say("{percent}%", percent=lang.number(100 * chance, ".1f"))


def _points(lang: Language, value: float) -> str:
    return lang.number(value, ".2f")


def _signed(lang: Language, value: float) -> str:
    return lang.number(value, "+.2f")


def _discard(review: DiscardReview, lang: Language) -> str:
    said = grade(review.loss)
    if said is None and review.loss < 0.005:
        return lang.say(
            "{player} lays away {cards}: the best ({value})",
            player=review.player,
            cards=_written(lang, review.laid),
            value=_points(lang, review.chosen.value),
        )
    text = lang.say(
        "{player} lays away {cards}: best {best}, loss {loss}",
        player=review.player,
        cards=_written(lang, review.laid),
        best=_written(lang, review.best.discard),
        loss=_points(lang, review.loss),
    )
    return text if said is None else f"{text}, {lang.say(_GRADE_WORDS[said])}"


def _play(review: PlayReview, said: str, lang: Language) -> str:
    return lang.say(
        "{player} lays {card} at {count}: best {best}, loss {loss}, {grade}",
        player=review.player,
        card=review.card,
        count=review.count,
        best=review.best.card or lang.say("go"),
        loss=_points(lang, review.loss),
        grade=lang.say(_GRADE_WORDS[said]),
    )


def _count(review: CountReview, lang: Language) -> str:
    what = (
        lang.say("{player} shows {count}", player=review.player, count=review.count)
        if review.kind == "show"
        else lang.say("{player}'s crib {count}", player=review.player, count=review.count)
    )
    if review.over:
        return lang.say(
            "{what}: claimed {claim}, {over} over", what=what, claim=review.claim, over=review.over
        )
    if review.taken_by is not None:
        return lang.say(
            "{what}: claimed {claim}, missed {missed}, taken by {taker}",
            what=what,
            claim=review.claim,
            missed=review.missed,
            taker=review.taken_by,
        )
    return lang.say(
        "{what}: claimed {claim}, missed {missed}",
        what=what,
        claim=review.claim,
        missed=review.missed,
    )


def _deal(deal: DealReview, lang: Language) -> list[str]:
    if deal.skipped:
        why = (
            N_("deal {n}: {dealer} deals, after the end of the game: not reviewed")
            if deal.after_end
            else N_("deal {n}: {dealer} deals, a score sheet: no cards to review")
        )
        return _fit(lang.say(why, n=deal.number, dealer=deal.dealer))
    lines = _fit(
        lang.say(
            "deal {n}: {dealer} deals, starter {starter}",
            n=deal.number,
            dealer=deal.dealer,
            starter=deal.starter,
        )
    )
    for discard in deal.discards:
        lines += _fit(_discard(discard, lang), "  ")
        if discard.win is not None:
            said = lang.say(
                "chance to win {chosen}, best {best} laying away {cards}",
                chosen=_percent(lang, discard.win.chosen),
                best=_percent(lang, discard.win.best),
                cards=_written(lang, discard.win.best_discard),
            )
            lines += _fit(said, "    ")
    if not deal.play_given:
        lines += _fit(lang.say("play: not in the record"), "  ")
    elif deal.plays_rated:
        graded = [(play, grade(play.loss)) for play in deal.plays]
        errors = [(play, said) for play, said in graded if said is not None]
        rated = lang.plural(len(deal.plays), "{n} card rated", "{n} cards rated")
        found = lang.plural(len(errors), "{n} error", "{n} errors")
        lines += _fit(lang.say("play: {rated}, {errors}", rated=rated, errors=found), "  ")
        for play, said in errors:
            lines += _fit(_play(play, said, lang), "    ")
    else:
        lines += _fit(lang.say("play: not rated (two players only)"), "  ")
    for count in deal.counts:
        lines += _fit(_count(count, lang), "  ")
    for luck in deal.luck:
        if luck.dealt is None:
            said = lang.say("{player} cut {cut}", player=luck.player, cut=_signed(lang, luck.cut))
        else:
            said = lang.say(
                "{player} dealt {dealt}, cut {cut}",
                player=luck.player,
                dealt=_signed(lang, luck.dealt),
                cut=_signed(lang, luck.cut),
            )
        lines += _fit(lang.say("luck: {said}", said=said), "  ")
    return lines


def _summary(summary: PlayerSummary, lang: Language) -> list[str]:
    decisions = lang.plural(summary.decisions, "{n} decision", "{n} decisions")
    if summary.accuracy is None:
        lines = _fit(lang.say("{player}: no decision rated", player=summary.player))
    else:
        lines = _fit(
            lang.say(
                "{player}: {decisions}, accuracy {accuracy}",
                player=summary.player,
                decisions=decisions,
                accuracy=lang.say("{percent}%", percent=lang.number(summary.accuracy, ".0f")),
            )
        )
        errors = ", ".join(
            lang.plural(n, *_GRADE_COUNTS[said]) for said, n in summary.errors.items()
        )
        lines += _fit(lang.say("errors: {errors}", errors=errors), "  ")
        lines += _fit(
            lang.say(
                "lost {lost} expected points, {per} a deal",
                lost=_points(lang, summary.lost),
                per=_points(lang, summary.lost_per_deal),
            ),
            "  ",
        )
    lines += _fit(
        lang.say(
            "counting: {missed} missed, {over} claimed over",
            missed=summary.missed,
            over=summary.over,
        ),
        "  ",
    )
    lines += _fit(
        lang.say(
            "luck: dealt {dealt}, cut {cut}, in all {total}",
            dealt=_signed(lang, summary.dealt),
            cut=_signed(lang, summary.cut),
            total=_signed(lang, summary.luck),
        ),
        "  ",
    )
    return lines


def render_review(review: Review, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The review as text: each deal, then each player's summary and the deal that swung most."""
    lines = []
    for deal in review.deals:
        lines += _deal(deal, lang)
    lines.append(lang.say("summary"))
    for summary in review.players:
        lines += _summary(summary, lang)
    swing = review.swing
    if swing is not None:
        lines += _fit(lang.say("the deal that swung most: deal {n}", n=swing.number))
        gains = zip(review.game.sides, swing.gains, strict=True)
        lines += _packed([f"{side} {gain:+d}" for side, gain in gains], "  ")
        if swing.chances is not None:
            said = lang.say(
                "{player}'s chance to win: {before} before it, {after} after",
                player=review.game.record.players[0],
                before=_percent(lang, swing.chances[0]),
                after=_percent(lang, swing.chances[1]),
            )
            lines += _fit(said, "  ")
    if any(deal.plays for deal in review.deals):
        lines += _fit(
            lang.say(
                "plays: {samples} hands drawn a position, seed {seed}",
                samples=review.samples,
                seed=review.seed,
            )
        )
    return "\n".join(lines)


def _cards(cards: tuple[Any, ...]) -> list[str]:
    return [str(card) for card in cards]


def _deal_dict(deal: DealReview, sides: tuple[str, ...]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "deal": deal.number,
        "dealer": deal.dealer,
        "starter": None if deal.starter is None else str(deal.starter),
        "skipped": deal.skipped,
        "after_end": deal.after_end,
        "gains": dict(zip(sides, deal.gains, strict=True)),
        "chances": None
        if deal.chances is None
        else {"player": sides[0], "before": deal.chances[0], "after": deal.chances[1]},
    }
    if deal.skipped:
        return data
    data["discards"] = [
        {
            "player": d.player,
            "seat": d.seat,
            "role": d.role.value,
            "laid": _cards(d.laid),
            "value": d.chosen.value,
            "best": {"keep": _cards(d.best.keep), "discard": _cards(d.best.discard)},
            "best_value": d.best.value,
            "loss": d.loss,
            "error": d.chosen.error,
            "grade": grade(d.loss),
            **(
                {}
                if d.win is None
                else {
                    "win": d.win.chosen,
                    "best_win": d.win.best,
                    "best_win_discard": _cards(d.win.best_discard),
                    "win_loss": d.win.loss,
                }
            ),
        }
        for d in deal.discards
    ]
    data["play_given"] = deal.play_given
    data["plays_rated"] = deal.plays_rated
    data["plays"] = [
        {
            "player": p.player,
            "card": str(p.card),
            "count": p.count,
            "play": p.position.play,
            "net": p.chosen.net,
            "best": None if p.best.card is None else str(p.best.card),
            "best_net": p.best.net,
            "loss": p.loss,
            "error": p.chosen.error,
            "grade": grade(p.loss),
        }
        for p in deal.plays
    ]
    data["counts"] = [
        {
            "player": c.player,
            "what": c.kind,
            "claim": c.claim,
            "count": c.count,
            "missed": c.missed,
            "over": c.over,
            "taken_by": c.taken_by,
        }
        for c in deal.counts
    ]
    data["luck"] = [
        {"player": luck.player, "dealt": luck.dealt, "cut": luck.cut} for luck in deal.luck
    ]
    return data


def review_to_dict(review: Review) -> dict[str, Any]:
    """The review as plain data: every deal, each player's summary, grades and the swing."""
    sides = review.game.sides
    swing = review.swing
    return {
        "game": review.game.record.target,
        "players": list(review.game.record.players),
        "samples": review.samples,
        "seed": review.seed,
        "grades": {said.value: least for said, least in GRADES},
        "accuracy_span": ACCURACY_SPAN,
        "deals": [_deal_dict(deal, sides) for deal in review.deals],
        "summary": [
            {
                "player": s.player,
                "deals": s.deals,
                "decisions": s.decisions,
                "errors": s.errors,
                "lost": s.lost,
                "lost_per_deal": s.lost_per_deal,
                "accuracy": s.accuracy,
                "missed": s.missed,
                "over": s.over,
                "luck": {"dealt": s.dealt, "cut": s.cut, "total": s.luck},
            }
            for s in review.players
        ],
        "swing": None if swing is None else swing.number,
    }
