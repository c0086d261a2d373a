"""Rendering a game: a block of text per deal, the board, the end, and the game as plain data.

Every line fits 60 columns (longer ones are wrapped), as a score sheet does.

>>> from cribcount.game import read_record, score_game
>>> sheet = "game 61\\nplayers Ann Ben\\ndeal Ben\\npeg Ann 33\\nshow Ann 28\\ncrib 4\\n"
>>> print(render_game(score_game(read_record(sheet))))
deal 1: Ben deals (score sheet)
  play: Ann 33, Ben 0
  Ann shows 28
  game: Ann 61, on Ann's show
  not counted: Ben's crib 4
  score: Ann 61, Ben 0
Ann wins by 61: Ann 61, Ben 0
Ben is skunked: the game counts double
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from cribcount.cards import Card
from cribcount.game import DealResult, Event, EventKind, Game, Skunk
from cribcount.game.quick import QuickDeal
from cribcount.game.scoring import QuickScore
from cribcount.language import DEFAULT_LANGUAGE, Language
from cribcount.messages import N_, listed
from cribcount.render import TEXT_WIDTH
from cribcount.render.play import describe_peg_item
from cribcount.rules import BOARDS, PegItem

__all__ = [
    "WIDTH",
    "GameText",
    "ShownDeal",
    "deal_to_dict",
    "describe_event",
    "game_to_dict",
    "render_board",
    "render_end",
    "render_game",
    "wrap_line",
]

WIDTH = TEXT_WIDTH
"""The columns every line of the text fits in."""
_SKUNK_WORDS = {
    (Skunk.SKUNK, False): N_("{side} is skunked: the game counts double"),
    (Skunk.DOUBLE, False): N_("{side} is double-skunked: the game counts four times"),
    (Skunk.SKUNK, True): N_("{side} are skunked: the game counts double"),
    (Skunk.DOUBLE, True): N_("{side} are double-skunked: the game counts four times"),
}
"""What a skunk is said as, by the skunk and whether the side is a partnership."""
_WHERE = {
    EventKind.PLAY: N_("in the play"),
    EventKind.PEG: N_("in the play"),
    EventKind.HEELS: N_("on his heels"),
    EventKind.SHOW: N_("on {player}'s show"),
    EventKind.CRIB: N_("on the crib"),
    EventKind.MUGGINS: N_("by muggins"),
}
"""Where in a deal the game was reached, by the kind of the event that reached it."""


_ASCII_BLANKS = frozenset("\t\n\x0b\x0c\r")
"""The blanks other than a space at which ``textwrap`` also breaks lines."""


def wrap_line(text: str, indent: str = "") -> str:
    """``text`` after ``indent``, wrapped to ``WIDTH`` columns with the lines after the first
    indented four more: what ``textwrap.fill`` gives (``break_on_hyphens`` off), worked out
    directly for words one space apart that each fit a line (a record's long lines: the
    deals not counted after the game), by ``textwrap`` for any other text.

    >>> print(wrap_line("not counted: " + "; ".join(["Ann's show 12"] * 4), "  "))
      not counted: Ann's show 12; Ann's show 12; Ann's show 12;
          Ann's show 12
    """
    if len(indent) + len(text) <= WIDTH and "\n" not in text:
        return indent + text  # most lines fit: no need to wrap them
    then = indent + "    "
    # Words one space apart (none empty), each short enough for a line after ``then``.
    spaced = text[:1] != " " and text[-1:] != " " and "  " not in text
    if spaced and _ASCII_BLANKS.isdisjoint(text) and not _word_longer(WIDTH - len(then), text):
        # Each line takes as many words as fit: it breaks at the last space that fits.
        lines = []
        start = indent
        while len(start) + len(text) > WIDTH:
            cut = text.rfind(" ", 0, WIDTH - len(start) + 1)
            lines.append(start + text[:cut])
            text, start = text[cut + 1 :], then
        lines.append(start + text)
        return "\n".join(lines)
    return textwrap.fill(
        text, WIDTH, initial_indent=indent, subsequent_indent=then, break_on_hyphens=False
    )


def _word_longer(most: int, text: str) -> bool:
    """Whether a word of ``text`` (its words one space apart) has more than ``most`` letters."""
    return _longer_word(most).search(text) is not None


@functools.cache
def _longer_word(most: int) -> re.Pattern[str]:
    """The pattern of a word of more than ``most`` letters."""
    return re.compile(f"[^ ]{{{most + 1}}}")


def _scores(game: Game, scores: tuple[int, ...], lang: Language) -> str:
    return ", ".join(
        f"{side} {lang.number(score)}" for side, score in zip(game.sides, scores, strict=True)
    )


def describe_event(event: Event, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """What an event was, for a person: ``Bob's crib 4``, ``Bob 7h: fifteen for 2``."""
    player, points = event.player, event.points
    if event.kind is EventKind.PLAY:
        said = ", ".join(describe_peg_item(item, lang=lang) for item in event.items)
        card = lang.say("go") if event.card is None else lang.notation.card(event.card)
        return f"{player} {card}: {said}"
    if event.kind is EventKind.SHOW:
        return lang.say("{player}'s show {points}", player=player, points=points)
    if event.kind is EventKind.CRIB:
        return lang.say("{player}'s crib {points}", player=player, points=points)
    if event.kind is EventKind.MUGGINS:
        return lang.plural(
            points,
            "{player} takes the {n} {of} missed",
            "{player} takes the {n} {of} missed",
            player=player,
            of=event.of,
        )
    if event.kind is EventKind.HEELS:
        return lang.say("{player}'s heels {points}", player=player, points=points)
    return lang.say("{player}'s peg {points}", player=player, points=points)


def _shown(crib: bool, player: str, points: int, lang: Language) -> str:
    shown = N_("{player}'s crib {points}") if crib else N_("{player} shows {points}")
    return lang.say(shown, player=player, points=points)


def _show_line(event: Event, muggins: bool, lang: Language) -> str:
    player, claim, true = event.player, event.claim, event.true_count
    crib = event.kind is EventKind.CRIB
    if claim is None or true is None or claim == true:
        return _shown(crib, player, event.points, lang)
    if claim > true:
        fixed = lang.say("claimed {claim}, taken back to {true}", claim=claim, true=true)
    elif muggins:
        fixed = lang.say("claimed {claim}, pegs {claim}", claim=claim)
    else:
        fixed = lang.plural(
            true - claim,
            "claimed {claim}, pegs {claim}, {n} point lost",
            "claimed {claim}, pegs {claim}, {n} points lost",
            claim=claim,
        )
    said = _shown(crib, player, true, lang)
    return lang.say("{said}: {correction}", said=said, correction=fixed)


def _where(event: Event, lang: Language) -> str:
    return lang.say(_WHERE[event.kind], player=event.player)


def _heading(number: object, dealer: str, starter: Card | None, lang: Language) -> str:
    """A deal's first line, not wrapped: its number, its dealer and its starter (none: a score
    sheet)."""
    if starter is None:
        return lang.say("deal {number}: {dealer} deals (score sheet)", number=number, dealer=dealer)
    return lang.say(
        "deal {number}: {dealer} deals, starter {starter}",
        number=number,
        dealer=dealer,
        starter=starter,
    )


def _heels_line(player: str, points: int, lang: Language) -> str:
    return wrap_line(lang.say("heels: {player} {points}", player=player, points=points), "  ")


def _play_line(game: Game, pegged: tuple[int, ...], lang: Language) -> str:
    """What each side pegged in the play."""
    return wrap_line(lang.say("play: {scores}", scores=_scores(game, pegged, lang)), "  ")


def _not_counted(events: str, lang: Language) -> str:
    """The events not counted, said one after another in ``events``: the line, not wrapped."""
    return lang.say("not counted: {events}", events=events)


def _score_line(game: Game, scores: tuple[int, ...], lang: Language) -> str:
    return wrap_line(lang.say("score: {scores}", scores=_scores(game, scores, lang)), "  ")


def _deal_lines(game: Game, deal: DealResult, lang: Language) -> Iterator[str]:
    record = deal.record
    heading = _heading(record.number, record.dealer, record.starter, lang)
    yield heading if record.starter is None else wrap_line(heading)
    muggins = game.record.muggins
    pegged = [e for e in deal.events if e.kind in (EventKind.PLAY, EventKind.PEG)]
    for event in deal.events:
        if event.kind is EventKind.HEELS:
            yield _heels_line(event.player, event.points, lang)
    if record.hands and record.pegging is None and not record.pegs:
        yield wrap_line(lang.say("play: not recorded"), "  ")
    elif pegged or not deal.not_counted:
        by_side = dict.fromkeys(game.sides, 0)
        for event in pegged:
            by_side[game.side_of(event.player)] += event.points
        yield _play_line(game, tuple(by_side.values()), lang)
    for event in deal.events:
        if event.kind in (EventKind.SHOW, EventKind.CRIB):
            yield wrap_line(_show_line(event, muggins, lang), "  ")
        elif event.kind is EventKind.MUGGINS:
            said = describe_event(event, lang=lang)
            yield wrap_line(lang.say("muggins: {event}", event=said), "  ")
    last = deal.events[-1] if deal.events else None
    target = game.record.target
    if last is not None and max(last.scores) >= target:
        winner = game.sides[last.scores.index(max(last.scores))]
        reached = lang.say(
            "game: {side} {target}, {where}", side=winner, target=target, where=_where(last, lang)
        )
        yield wrap_line(reached, "  ")
    if deal.not_counted:
        left = "; ".join(describe_event(event, lang=lang) for event in deal.not_counted)
        yield wrap_line(_not_counted(left, lang), "  ")
    if deal.events:
        yield _score_line(game, deal.events[-1].scores, lang)


def _cell(score: int, step: int) -> int:
    """The board's position of a score: 0 the start, then one cell for each ``step`` points."""
    return 0 if score == 0 else (score - 1) // step + 1


def render_board(
    game: Game,
    scores: tuple[int, ...],
    backs: tuple[int, ...],
    *,
    lang: Language = DEFAULT_LANGUAGE,
) -> str:
    """The board: one track a side, ``#`` the front peg, ``+`` the back peg, ``|`` skunk lines.

    >>> from cribcount.game import read_record, score_game
    >>> game = score_game(read_record("players Alice Bob"))
    >>> print(render_board(game, (52, 95), (43, 80)))
      board: # front peg, + back peg, | skunk lines at 60 and 90
      Alice 52, back 43
      .--------------+--#--|----------|----------o
      Bob 95, back 80
      .--------------------|------+---|-#--------o
    """
    target = game.record.target
    step = BOARDS[target].step
    said = _skunk_lines(target)
    at = listed(sorted(said))
    if len(said) > 1:
        key = lang.say("board: # front peg, + back peg, | skunk lines at {at}", at=at)
    else:
        key = lang.say("board: # front peg, + back peg, | the skunk line at {at}", at=at)
    lines = [wrap_line(key, "  ")]
    marks = {_cell(line, step) for line in _skunk_lines(target)}
    for side, front, back in zip(game.sides, scores, backs, strict=True):
        track = []
        for cell in range(_cell(target, step) + 1):
            empty = "." if cell == 0 else "o" if cell == _cell(target, step) else "-"
            track.append(
                "#" if cell == _cell(front, step) else "+" if cell == _cell(back, step) else empty
            )
            if cell in marks:
                track.append("|")
        lines.append(
            wrap_line(
                lang.say("{side} {front}, back {back}", side=side, front=front, back=back), "  "
            )
        )
        lines.append("  " + "".join(track))
    return "\n".join(lines)


def _skunk_lines(target: int) -> tuple[int, ...]:
    return BOARDS[target].skunk_lines


def render_game(game: Game, *, board: bool = False, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The game deal by deal (with the board after each when ``board``), then the end."""
    deals = GameText(board=board, lang=lang)
    lines = [deals.deal(game, deal) for deal in game.deals]
    lines.append(render_end(game, len(game.wrong_claims), lang=lang))
    return "\n".join(lines)


class ShownDeal(NamedTuple):
    """A deal read at once, as its text says it: the ``number``-th of the record, ``dealer``
    dealing (``seats`` in seat order, the dealer last), the ``starter`` turned and the
    ``heels`` it pegs, each seat's show and the crib (``totals``)."""

    number: int
    dealer: str
    starter: Card
    seats: Sequence[str]
    totals: Sequence[int]
    heels: int


class GameText:
    """The text of a game's deals one at a time, as they are scored (``board``: with the board),
    in ``lang``."""

    def __init__(self, *, board: bool = False, lang: Language = DEFAULT_LANGUAGE) -> None:
        self.board = board
        self.lang = lang
        self._front: list[int] = []
        self._back: list[int] = []
        # What events not counted are said as, by what they are, and the lines said with a
        # hole for a value: a long record repeats them.
        self._said: dict[object, str] = {}

    def deal(self, game: Game, deal: DealResult) -> str:
        """The lines of ``deal``, scored in ``game`` (its sides and options)."""
        if not self._front:
            self._front = [0] * len(game.sides)
            self._back = [0] * len(game.sides)
        front, back = self._front, self._back
        lines = list(_deal_lines(game, deal, self.lang))
        for event in deal.events:
            for i, score in enumerate(event.scores):
                if score != front[i]:
                    back[i], front[i] = front[i], score
        if self.board:
            lines.append(render_board(game, tuple(front), tuple(back), lang=self.lang))
        return "\n".join(lines)

    def quick(self, scored: Callable[[], Game], deal: QuickDeal, score: QuickScore) -> str:
        """The lines of a deal read and scored quickly (``GameScorer.score_quick``) in the game
        ``scored`` gives: what ``deal`` writes for the same deal scored event by event. Not
        with the board."""
        shown = ShownDeal(
            deal.number, deal.dealer, deal.starter, deal.seats, deal.totals, score.heels
        )
        if score.counted:
            return self.counted(scored(), shown, score.pegged, score.scores)
        plays = [
            self.play_said(play.player, play.card, play.items) for play in deal.plays if play.items
        ]
        return self.not_counted(shown, plays)

    def counted(
        self, game: Game, deal: ShownDeal, pegged: Sequence[int], scores: Sequence[int]
    ) -> str:
        """The lines of a deal read at once and counted in ``game``, its claims right and the
        game not reached: what each side ``pegged`` in the play and every side's score after
        the deal. Not with the board."""
        assert not self.board, "the board is drawn from the deal's events"
        lang = self.lang
        number, dealer, starter, seats, totals, heels = deal
        lines = [self._heading(number, dealer, starter)]
        if heels:
            lines.append(_heels_line(dealer, heels, lang))
        lines.append(_play_line(game, tuple(pegged), lang))
        last = len(seats)
        for at, total in enumerate(totals):
            name = seats[at] if at < last else dealer
            lines.append(wrap_line(_shown(at == last, name, total, lang), "  "))
        lines.append(_score_line(game, tuple(scores), lang))
        return "\n".join(lines)

    def not_counted(self, deal: ShownDeal, plays: Iterable[str]) -> str:
        """The lines of a deal read at once after the end of the game; ``plays`` the turns of
        its play that score, said (``play_said``)."""
        said = self._said
        number, dealer, starter, seats, totals, heels = deal
        described = []
        if heels:
            described.append(self._described(EventKind.HEELS, dealer, heels))
        described += plays
        show = EventKind.SHOW
        for name, total in zip(seats, totals, strict=False):  # the crib's comes last
            described.append(self._described(show, name, total))
        described.append(self._described(EventKind.CRIB, dealer, totals[-1]))
        not_counted = said.get(_HOLE)
        if not_counted is None:
            not_counted = said[_HOLE] = _not_counted(_HOLE, self.lang)
        left = wrap_line(not_counted.replace(_HOLE, "; ".join(described)), "  ")
        return self._heading(number, dealer, starter) + "\n" + left

    def play_said(self, player: str, card: Card | None, items: tuple[PegItem, ...]) -> str:
        """``describe_event`` of a turn of the play that scores ``items``, remembered."""
        # Keyed by the card's index, quicker to hash than the card (-1: a go).
        key = (player, -1 if card is None else card.index, items)
        text = self._said.get(key)
        if text is None:
            points = sum(item.points for item in items)
            event = Event(EventKind.PLAY, player, points, 0, card, items, scores=())
            text = self._said[key] = describe_event(event, lang=self.lang)
        return text

    def _heading(self, number: int, dealer: str, starter: Card) -> str:
        """A deal's first line, wrapped: said once for each dealer and starter, with a hole
        for the number."""
        key: tuple[object, ...] = (dealer, starter.index)
        heading = self._said.get(key)
        if heading is None:
            heading = self._said[key] = _heading(_HOLE, dealer, starter, self.lang)
        return wrap_line(heading.replace(_HOLE, self.lang.write(number)))

    def _described(self, kind: EventKind, player: str, points: int) -> str:
        """``describe_event`` of an event of ``kind`` without cards or items, remembered."""
        key = (kind, player, points)
        text = self._said.get(key)
        if text is None:
            event = Event(kind, player, points, 0, scores=())
            text = self._said[key] = describe_event(event, lang=self.lang)
        return text


_HOLE = "\n"
"""Where a value goes in a line said once for many deals: no value or name holds a newline."""


def render_end(game: Game, wrong: int, *, lang: Language = DEFAULT_LANGUAGE) -> str:
    """The end of a game: the winner or the score, skunks, and the ``wrong`` claims."""
    return "\n".join(_end_lines(game, wrong, lang))


def _team(game: Game, side: str) -> bool:
    """Whether ``side`` is a partnership: it wins and is skunked as its players do (plural)."""
    return len(game.members[game.sides.index(side)]) > 1


def _end_lines(game: Game, wrong: int, lang: Language) -> Iterator[str]:
    final = _scores(game, game.final, lang)
    winner = game.winner
    if winner is None:
        yield wrap_line(lang.say("game not finished: {scores}", scores=final))
    else:
        won = (
            N_("{side} win by {margin}: {scores}")
            if _team(game, winner)
            else N_("{side} wins by {margin}: {scores}")
        )
        yield wrap_line(lang.say(won, side=winner, margin=game.margin, scores=final))
    for side, skunk in game.skunks().items():
        yield wrap_line(lang.say(_SKUNK_WORDS[skunk, _team(game, side)], side=side))
    if wrong:
        yield wrap_line(lang.plural(wrong, "{n} claim wrong", "{n} claims wrong"))


def _event_to_dict(game: Game, event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"who": event.player, "what": event.kind.value, "points": event.points}
    if event.kind in (EventKind.PLAY, EventKind.HEELS):
        data["card"] = None if event.card is None else str(event.card)
    if event.kind is EventKind.PLAY:
        data["items"] = [{"kind": i.kind.value, "points": i.points} for i in event.items]
    if event.total is not None:
        data["count"] = event.total
        data["claim"] = event.claim
    if event.of is not None:
        data["of"] = event.of
    data["score"] = dict(zip(game.sides, event.scores, strict=True))
    data["line"] = event.line
    return data


def deal_to_dict(game: Game, deal: DealResult) -> dict[str, Any]:
    """A deal as plain data: its number, dealer, starter, events and those not counted."""
    record = deal.record
    return {
        "deal": record.number,
        "dealer": record.dealer,
        "starter": None if record.starter is None else str(record.starter),
        "events": [_event_to_dict(game, event) for event in deal.events],
        "not_counted": [_event_to_dict(game, event) for event in deal.not_counted],
    }


def game_to_dict(game: Game, wrong: int | None = None) -> dict[str, Any]:
    """The game as plain data: the game, players, each deal's events in order, and the end.

    ``wrong`` is the number of wrong claims, when the game holds not all its deals.
    """
    return {
        "game": game.record.target,
        "players": list(game.record.players),
        "muggins": game.record.muggins,
        "deals": [deal_to_dict(game, deal) for deal in game.deals],
        "scores": game.scores,
        "winner": game.winner,
        "margin": game.margin,
        "skunk": game.skunk,
        "wrong_claims": len(game.wrong_claims) if wrong is None else wrong,
    }
