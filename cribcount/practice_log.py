"""The practice log and its figures: accuracy, speed and the kinds of hand missed, by week.

>>> from cribcount.practice import Practice
>>> session = Practice(7, clock=iter([0.0, 2.5]).__next__)
>>> deal = session.deal()
>>> summarise([session.answer(deal.points)]).right
1
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from cribcount.cards import CribcountError, Hand, parse_card
from cribcount.messages import Message
from cribcount.practice import Deal, PegDeal, PracticeRecord, ShowDeal

__all__ = [
    "KindShare",
    "LogError",
    "PracticeSummary",
    "Report",
    "Week",
    "log_line",
    "read_log",
    "report",
    "summarise",
]


class LogError(CribcountError):
    """A practice log line that cannot be read; the message names its line."""


# --- figures ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class KindShare:
    """Misses of one kind of hand: how many, among how many misses, and hands of that kind."""

    kind: str
    misses: int
    of_misses: int
    hands: int

    @property
    def share(self) -> float:
        """The share of all misses that were of this kind (0..1)."""
        return self.misses / self.of_misses


@dataclass(frozen=True)
class PracticeSummary:
    """Figures over some answered deals: a ``?`` counts as a hand, not right, with no points."""

    hands: int
    right: int
    median_seconds: float | None
    missed: int
    over: int
    streak: int
    kinds: tuple[KindShare, ...]

    @property
    def accuracy(self) -> float | None:
        """Right answers over hands counted (0..1); None before the first hand."""
        return self.right / self.hands if self.hands else None


def summarise(records: Sequence[PracticeRecord]) -> PracticeSummary:
    """Hands, right, median seconds of the right counts, points missed and over, streak, kinds."""
    right_seconds = [record.seconds for record in records if record.right]
    streak = best = 0
    for record in records:
        streak = streak + 1 if record.right else 0
        best = max(best, streak)
    misses = [record for record in records if not record.right]
    order: dict[str, int] = {}
    seen: dict[str, int] = {}
    for record in records:
        for kind in record.deal.kinds:
            seen[kind] = seen.get(kind, 0) + 1
            if not record.right:
                order[kind] = order.get(kind, 0) + 1
    shares = sorted(
        (KindShare(kind, n, len(misses), seen[kind]) for kind, n in order.items()),
        key=lambda share: (-share.misses, share.kind),
    )
    return PracticeSummary(
        hands=len(records),
        right=len(records) - len(misses),
        median_seconds=statistics.median(right_seconds) if right_seconds else None,
        missed=sum(record.missed for record in records),
        over=sum(record.over for record in records),
        streak=best,
        kinds=tuple(shares),
    )


class Week(NamedTuple):
    """The figures of one ISO week (``2026-W48``)."""

    week: str
    summary: PracticeSummary


class Report(NamedTuple):
    """A log summarised: each ISO week in order, and the whole log."""

    weeks: tuple[Week, ...]
    overall: PracticeSummary
    first: datetime | None
    last: datetime | None


def _iso_week(when: datetime) -> str:
    year, week, _ = when.isocalendar()
    return f"{year}-W{week:02d}"


def report(records: Sequence[PracticeRecord]) -> Report:
    """Figures by ISO week of each record's own time, and over the whole log."""
    by_week: dict[str, list[PracticeRecord]] = {}
    for record in records:
        by_week.setdefault(_iso_week(record.time), []).append(record)
    times = [record.time for record in records]
    return Report(
        weeks=tuple(Week(week, summarise(by_week[week])) for week in sorted(by_week)),
        overall=summarise(records),
        first=min(times) if times else None,
        last=max(times) if times else None,
    )


# --- the log ----------------------------------------------------------------------------------


def log_line(record: PracticeRecord) -> str:
    """One JSON line for the log (no newline).

    The keys: time (ISO-8601), seed, round, hand, starter, crib, answer (None
    for ``?``), count, seconds, muggins (what the table took, None without
    muggins); a pegging drill line has ``"play": true``, the moves so far in
    ``hand`` and a null ``starter``.
    """
    deal = record.deal
    data: dict[str, Any] = {"time": record.time.isoformat(timespec="seconds"), "seed": record.seed}
    data["round"] = deal.round
    if isinstance(deal, ShowDeal):
        data |= {
            "hand": [str(card) for card in deal.hand.cards],
            "starter": str(deal.hand.starter),
            "crib": deal.crib,
        }
    else:
        data |= {
            "hand": ["go" if card is None else str(card) for card in deal.moves],
            "starter": None,
            "crib": False,
            "play": True,
        }
    data |= {
        "answer": record.answer,
        "count": record.count,
        "seconds": round(record.seconds, 3),
        "muggins": record.muggins,
    }
    return json.dumps(data, ensure_ascii=False)


def _value(data: dict[str, Any], key: str, kinds: tuple[type, ...], line: int) -> Any:
    """``data[key]`` if it is one of ``kinds``; bool is an int in Python but never a number here."""
    value = data.get(key)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise LogError(
            Message("line {line}: {key} is missing or not valid", line=line, key=repr(key))
        )
    return value


def _number(data: dict[str, Any], key: str, line: int) -> int | None:
    """An optional whole number: ``answer`` (None for ``?``) or ``muggins``."""
    return None if data.get(key) is None else int(_value(data, key, (int,), line))


def _deal(data: dict[str, Any], line: int) -> Deal:
    """The deal of a log line: a pegging drill's moves, or a hand or crib and its starter."""
    round_number = int(_value(data, "round", (int,), line))
    tokens = _value(data, "hand", (list,), line)
    if not all(isinstance(token, str) for token in tokens):
        raise LogError(Message("line {line}: 'hand' is not a list of cards", line=line))
    if data.get("play") is True:
        moves = tuple(None if token.lower() == "go" else parse_card(token) for token in tokens)
        if not moves or moves[-1] is None:
            raise LogError(Message("line {line}: a play in progress ends with a card", line=line))
        return PegDeal(round_number, moves)
    cards = [parse_card(token) for token in tokens]
    if len(cards) != 4:
        reason = Message("line {line}: 'hand' needs 4 cards, got {n}", line=line, n=len(cards))
        raise LogError(reason)
    starter = parse_card(_value(data, "starter", (str,), line))
    hand = Hand((cards[0], cards[1], cards[2], cards[3]), starter)
    return ShowDeal(round_number, hand, bool(_value(data, "crib", (bool,), line)))


def _read_record(text: str, line: int) -> PracticeRecord:
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise LogError(Message("line {line}: not a JSON object", line=line))
    stamp = _value(data, "time", (str,), line)
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        raise LogError(Message("line {line}: 'time' is not an ISO-8601 time", line=line)) from None
    try:
        deal = _deal(data, line)
        count = deal.points
    except LogError:
        raise
    except CribcountError as error:
        if error.column:
            reason = Message(
                "line {line}: column {column}: {reason}",
                line=line,
                column=error.column,
                reason=error.said,
            )
        else:
            reason = Message("line {line}: {reason}", line=line, reason=error.said)
        raise LogError(reason) from None
    logged = _value(data, "count", (int,), line)
    if logged != count:
        reason = Message(
            "line {line}: count {logged} is not the count of its cards ({count})",
            line=line,
            logged=logged,
            count=count,
        )
        raise LogError(reason)
    return PracticeRecord(
        time=when,
        seed=int(_value(data, "seed", (int,), line)),
        deal=deal,
        answer=_number(data, "answer", line),
        seconds=float(_value(data, "seconds", (int, float), line)),
        muggins=_number(data, "muggins", line),
    )


def read_log(lines: Iterable[str]) -> list[PracticeRecord]:
    """The records of a practice log, one JSON line each; blank lines are skipped.

    Raises LogError whose message begins with the line: ``line 3: not a JSON object``.
    """
    records = []
    for number, text in enumerate(lines, start=1):
        if text.strip():
            records.append(_read_record(text, number))
    return records
