"""The practice log and its figures: accuracy, speed and the kinds of hand missed, by week.

>>> from cribcount.practice import Practice
>>> session = Practice(7, clock=iter([0.0, 2.5]).__next__)
>>> deal = session.deal()
>>> summarise([session.answer(deal.points)]).right
1
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, BinaryIO, NamedTuple

from cribcount.cards import CribcountError, Hand, parse_card
from cribcount.messages import Message
from cribcount.practice import (
    CardDeal,
    CardRecord,
    CountDeal,
    PegDeal,
    PracticeRecord,
    ShowDeal,
)

Record = PracticeRecord | CardRecord
"""A line of the log: a count answered, or a best card laid (``practice --play``)."""

__all__ = [
    "KindShare",
    "LogError",
    "append_whole",
    "mend_log",
    "PracticeSummary",
    "Report",
    "Week",
    "log_line",
    "log_records",
    "read_log",
    "read_log_file",
    "report",
    "summarise",
]


class LogError(CribcountError):
    """A practice log line that cannot be read: ``line`` and ``reason``; the message names both."""

    def __init__(self, reason: Message, *, line: int) -> None:
        super().__init__(Message("line {line}: {reason}", line=line, reason=reason))
        self.line = line
        self.reason_said = reason


_LARGEST = 10**9
"""The largest seed, round, answer or number of seconds a log line may give."""


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
    lost: float = 0.0
    """Expected net points lost against the engine's best cards (``practice --play``)."""

    @property
    def accuracy(self) -> float | None:
        """Right answers over hands counted (0..1); None before the first hand."""
        return self.right / self.hands if self.hands else None


def summarise(records: Iterable[Record]) -> PracticeSummary:
    """Hands, right, median seconds of the right counts, points missed and over, streak, kinds."""
    tally = _Tally()
    for record in records:
        tally.add(record)
    return tally.summary()


class _Tally:
    """The figures of records added one by one, without keeping them: only each right
    count's seconds, for the median."""

    def __init__(self) -> None:
        self.hands = self.right = self.missed = self.over = self.streak = self.best = 0
        self.right_seconds = array("d")
        self.lost = 0.0
        self.missed_kinds: dict[str, int] = {}
        self.seen: dict[str, int] = {}

    def add(self, record: Record) -> None:
        right = record.right
        self.hands += 1
        self.missed += record.missed
        self.over += record.over
        if isinstance(record, CardRecord):
            self.lost += record.loss
        if right:
            self.right += 1
            self.right_seconds.append(record.seconds)
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        for kind in record.deal.kinds:
            self.seen[kind] = self.seen.get(kind, 0) + 1
            if not right:
                self.missed_kinds[kind] = self.missed_kinds.get(kind, 0) + 1

    def summary(self) -> PracticeSummary:
        misses = self.hands - self.right
        shares = sorted(
            (KindShare(kind, n, misses, self.seen[kind]) for kind, n in self.missed_kinds.items()),
            key=lambda share: (-share.misses, share.kind),
        )
        seconds = self.right_seconds
        return PracticeSummary(
            hands=self.hands,
            right=self.right,
            median_seconds=statistics.median(seconds) if seconds else None,
            missed=self.missed,
            over=self.over,
            streak=self.best,
            kinds=tuple(shares),
            lost=self.lost,
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


def report(records: Iterable[Record]) -> Report:
    """Figures by ISO week of each record's own time, and over the whole log.

    The records are read once, as they come, and none is kept.
    """
    by_week: dict[str, _Tally] = {}
    overall = _Tally()
    first: datetime | None = None
    last: datetime | None = None
    for record in records:
        week = _iso_week(record.time)
        tally = by_week.get(week)
        if tally is None:
            tally = by_week[week] = _Tally()
        tally.add(record)
        overall.add(record)
        first = record.time if first is None else min(first, record.time)
        last = record.time if last is None else max(last, record.time)
    return Report(
        weeks=tuple(Week(week, by_week[week].summary()) for week in sorted(by_week)),
        overall=overall.summary(),
        first=first,
        last=last,
    )


# --- the log ----------------------------------------------------------------------------------


def log_line(record: Record) -> str:
    """One JSON line for the log (no newline).

    The keys: time (ISO-8601), seed, round, hand, starter, crib, answer (None
    for ``?``), count, seconds, muggins (what the table took, None without
    muggins); a pegging drill line has ``"play": true``, the moves so far in
    ``hand`` and a null ``starter``. A best-card line (``practice --play``) has
    ``"card": true``, ``seat``, ``hand`` (the four cards kept), ``away``,
    ``starter``, ``moves`` (the play before the turn, ``go`` for a go),
    ``answer`` (the card laid, None for ``?``), ``best`` (the engine's best
    cards), ``loss`` (expected net points lost) and ``seconds``.
    """
    if isinstance(record, CardRecord):
        return _card_line(record)
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


def _card_line(record: CardRecord) -> str:
    deal = record.deal
    data = {
        "time": record.time.isoformat(timespec="seconds"),
        "seed": record.seed,
        "round": deal.round,
        "card": True,
        "seat": deal.seat,
        "hand": [str(card) for card in deal.hand],
        "away": [str(card) for card in deal.away],
        "starter": str(deal.starter),
        "moves": ["go" if card is None else str(card) for card in deal.moves],
        "answer": None if record.answer is None else str(record.answer),
        "best": [str(card) for card in record.best],
        "loss": round(record.loss, 4),
        "seconds": round(record.seconds, 3),
    }
    return json.dumps(data, ensure_ascii=False)


def _cards(data: dict[str, Any], key: str, line: int) -> list[str]:
    tokens = _value(data, key, (list,), line)
    if not all(isinstance(token, str) for token in tokens):
        raise LogError(Message("{key} is missing or not valid", key=repr(key)), line=line)
    return list(tokens)


def _card_record(data: dict[str, Any], line: int, when: datetime) -> CardRecord:
    """A best-card line: its turn is checked (a legal play, a card that fits), not judged again
    (the engine's figures are those of the session, seeded)."""
    seat = _value(data, "seat", (str,), line)
    if seat not in ("pone", "dealer"):
        raise LogError(Message("{key} is missing or not valid", key=repr("seat")), line=line)
    hand = tuple(parse_card(token) for token in _cards(data, "hand", line))
    away = tuple(parse_card(token) for token in _cards(data, "away", line))
    moves = tuple(
        None if token.lower() == "go" else parse_card(token)
        for token in _cards(data, "moves", line)
    )
    starter = parse_card(_value(data, "starter", (str,), line))
    deal = CardDeal(_whole(data, "round", line), seat, hand, away, starter, moves)
    answer = data.get("answer")
    card = None if answer is None else parse_card(_value(data, "answer", (str,), line))
    best = tuple(parse_card(token) for token in _cards(data, "best", line))
    loss = _value(data, "loss", (int, float), line)
    fitting = deal.fitting
    legal = len(hand) == 4 and len(away) == 2 and best and set(best) <= set(fitting)
    if not legal or (card is not None and card not in fitting):
        raise LogError(Message("not a turn of the play with that card"), line=line)
    if not 0 <= loss <= _LARGEST or (card in best) != (loss == 0) and card is not None:
        raise LogError(Message("{key} is missing or not valid", key=repr("loss")), line=line)
    seconds = _value(data, "seconds", (int, float), line)
    if not 0 <= seconds <= _LARGEST:
        raise LogError(Message("{key} is missing or not valid", key=repr("seconds")), line=line)
    return CardRecord(
        when, _whole(data, "seed", line), deal, card, best, float(loss), float(seconds)
    )


def append_whole(log: int, line: bytes) -> None:
    """Append ``line`` to the log open at descriptor ``log``, whole or not at all.

    A write cut short (a full disk) is taken back, so the log never holds a
    torn line; the OSError is raised again.
    """
    start = os.lseek(log, 0, os.SEEK_END)
    try:
        done = 0
        while done < len(line):
            done += os.write(log, line[done:])
    except OSError:
        with contextlib.suppress(OSError):
            os.ftruncate(log, start)
        raise


def mend_log(path: str, log: int) -> None:
    """End the log's last line, if an earlier fault left it without its newline."""
    with open(path, "rb") as old:
        if old.seek(0, os.SEEK_END) == 0:
            return
        old.seek(-1, os.SEEK_END)
        if old.read(1) != b"\n":
            append_whole(log, b"\n")


def _value(data: dict[str, Any], key: str, kinds: tuple[type, ...], line: int) -> Any:
    """``data[key]`` if it is one of ``kinds``; bool is an int in Python but never a number here."""
    value = data.get(key)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise LogError(Message("{key} is missing or not valid", key=repr(key)), line=line)
    return value


def _number(data: dict[str, Any], key: str, line: int) -> int | None:
    """An optional whole number: ``answer`` (None for ``?``) or ``muggins``."""
    return None if data.get(key) is None else _whole(data, key, line)


def _deal(data: dict[str, Any], line: int) -> CountDeal:
    """The deal of a log line: a pegging drill's moves, or a hand or crib and its starter."""
    round_number = _whole(data, "round", line)
    tokens = _value(data, "hand", (list,), line)
    if not all(isinstance(token, str) for token in tokens):
        raise LogError(Message("'hand' is not a list of cards"), line=line)
    if data.get("play") is True:
        moves = tuple(None if token.lower() == "go" else parse_card(token) for token in tokens)
        if not moves or moves[-1] is None:
            raise LogError(Message("a play in progress ends with a card"), line=line)
        return PegDeal(round_number, moves)
    cards = [parse_card(token) for token in tokens]
    if len(cards) != 4:
        raise LogError(Message("'hand' needs 4 cards, got {n}", n=len(cards)), line=line)
    starter = parse_card(_value(data, "starter", (str,), line))
    hand = Hand((cards[0], cards[1], cards[2], cards[3]), starter)
    return ShowDeal(round_number, hand, bool(_value(data, "crib", (bool,), line)))


def _no_constant(word: str) -> Any:
    # NaN and Infinity are not JSON: a log never holds them.
    raise ValueError(word)


def _read_record(text: str, line: int) -> Record:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise LogError(Message("not a JSON object"), line=line)
    stamp = _value(data, "time", (str,), line)
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        raise LogError(Message("'time' is not an ISO-8601 time"), line=line) from None
    if when.tzinfo is None:
        # A time without an offset is the local time it was written in: one order for all.
        when = when.astimezone()
    try:
        if data.get("card") is True:
            return _card_record(data, line, when)
        deal = _deal(data, line)
        count = deal.points
    except LogError:
        raise
    except CribcountError as error:
        reason = error.said
        if error.column:
            reason = Message("column {column}: {reason}", column=error.column, reason=error.said)
        raise LogError(reason, line=line) from None
    logged = _value(data, "count", (int,), line)
    if logged != count:
        reason = Message(
            "count {logged} is not the count of its cards ({count})", logged=logged, count=count
        )
        raise LogError(reason, line=line)
    seconds = _value(data, "seconds", (int, float), line)
    if not 0 <= seconds <= _LARGEST:  # NaN too fails this
        raise LogError(Message("{key} is missing or not valid", key=repr("seconds")), line=line)
    return PracticeRecord(
        time=when,
        seed=_whole(data, "seed", line),
        deal=deal,
        answer=_number(data, "answer", line),
        seconds=float(seconds),
        muggins=_number(data, "muggins", line),
    )


def _whole(data: dict[str, Any], key: str, line: int) -> int:
    """A whole number from 0 to ``_LARGEST``."""
    value = int(_value(data, key, (int,), line))
    if not 0 <= value <= _LARGEST:
        raise LogError(Message("{key} is missing or not valid", key=repr(key)), line=line)
    return value


def read_log(lines: Iterable[str]) -> list[Record]:
    """The records of a practice log, one JSON line each; blank lines are skipped.

    Raises LogError whose message begins with the line: ``line 3: not a JSON object``.
    """
    records = []
    for record in log_records(enumerate(lines, start=1)):
        if isinstance(record, LogError):
            raise record
        records.append(record)
    return records


def log_records(lines: Iterable[tuple[int, str]]) -> Iterator[Record | LogError]:
    """Each record of numbered log lines, or the LogError of a line that is not one."""
    for number, text in lines:
        if not text.strip():
            continue
        try:
            yield _read_record(text.removeprefix("\ufeff") if number == 1 else text, number)
        except LogError as error:
            yield error


def read_log_file(stream: BinaryIO) -> Iterator[Record | LogError]:
    """The records of a log read as bytes, a line at a time, as batch reads lines: each a
    record, or the LogError of its line (not UTF-8, too long, or not a record)."""
    from cribcount.batch.reading import CAREFUL_CHUNK_SIZE, MAX_LINE, read_chunks

    for first, chunk in read_chunks(stream, size=CAREFUL_CHUNK_SIZE):
        for number, raw in enumerate(chunk.split(b"\n")[:-1], start=first):
            if len(raw) > MAX_LINE:
                yield LogError(
                    Message("line too long: more than {n} bytes", n=MAX_LINE), line=number
                )
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield LogError(Message("not UTF-8 text"), line=number)
                continue
            yield from log_records([(number, text)])
