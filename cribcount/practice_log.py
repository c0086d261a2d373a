"""The practice log and its figures: accuracy, speed and the kinds of hand missed, by week.

>>> from cribcount.practice import Practice
>>> session = Practice(7, clock=iter([0.0, 2.5]).__next__)
>>> deal = session.deal()
>>> summarise([session.answer(deal.points)]).right
1
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import re
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

from cribcount.cards import DECK, CribcountError, Hand, parse_card
from cribcount.messages import Message
from cribcount.play import cards_laid
from cribcount.practice import (
    CardDeal,
    CardRecord,
    CountDeal,
    PegDeal,
    PracticeRecord,
    ShowDeal,
    answer_misses,
    play_kinds,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Bytes = npt.NDArray[np.uint8]
    Ints = npt.NDArray[np.int64]
    Bools = npt.NDArray[np.bool_]

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
    "report_log_file",
    "SummaryTally",
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
    tally = SummaryTally()
    for record in records:
        tally.add(record)
    return tally.summary()


class SummaryTally:
    """The figures of ``summarise`` taken as records come, without keeping them: a session's
    summary in memory that does not grow with its answers."""

    def __init__(self) -> None:
        self._tally = _Tally()

    def add(self, record: Record) -> None:
        """One more record."""
        self._tally.add(_outcome(record), record.seconds, _loss(record))

    def summary(self) -> PracticeSummary:
        """The figures of the records so far."""
        return self._tally.summary()


Outcome = tuple[bool, int, int, tuple[str, ...]]
"""What a tally keeps of an answer: whether it was right, the points it missed and
over-claimed, the kinds of its deal."""


@functools.lru_cache(maxsize=1 << 12)
def count_outcome(answer: int | None, count: int, kinds: tuple[str, ...]) -> Outcome:
    """The outcome of ``answer`` (None for ``?``) to a deal of ``count`` points and ``kinds``
    (remembered: a log holds few different ones)."""
    return (answer == count, *answer_misses(answer, count), kinds)


def _outcome(record: Record) -> Outcome:
    return (record.right, record.missed, record.over, record.deal.kinds)


def _loss(record: Record) -> float:
    """The expected points a best-card answer lost (none for a count)."""
    return record.loss if isinstance(record, CardRecord) else 0.0


_RIGHT, _WRONG = b"\1", b"\0"


def _streaks(streak: int, best: int, rights: bytes) -> tuple[int, int]:
    """The streak of right answers and the longest streak, from ``streak`` and ``best``, after
    answers given in order whose ``rights`` are a byte each, 1 for right and 0 for wrong.

    >>> _streaks(2, 5, bytes([1, 1, 0, 1])), _streaks(2, 3, bytes([1, 1])), _streaks(1, 1, b"")
    ((1, 5), (4, 4), (1, 1))
    """
    runs = rights.split(_WRONG)
    if len(runs) == 1:
        streak += len(rights)
    else:
        best = max(best, streak + len(runs[0]), *map(len, runs))
        streak = len(runs[-1])
    return streak, max(best, streak)


_PACKED_AFTER = 1 << 12
"""Different values a ``_Multiset`` keeps in its dict before it packs them."""


class _Multiset:
    """Numbers with how many times each came, in little memory: a week of answers timed to the
    millisecond has thousands of different seconds. The latest are counted in a dict; past
    ``_PACKED_AFTER`` of them, all are packed in two arrays, the values in order and their
    counts (16 bytes a value, not some 100). Values compare as in a dict: 0.0 is -0.0, and
    the first of them met is kept."""

    def __init__(self) -> None:
        self.recent: dict[float, int] = {}
        self.values = array("d")
        self.counts = array("q")

    def update(self, counted: Iterable[tuple[float, int]]) -> None:
        """Each value with how many more times it came."""
        recent = self.recent
        get = recent.get
        for value, times in counted:
            recent[value] = get(value, 0) + times
        if len(recent) >= _PACKED_AFTER:
            self.pack()

    def pack(self) -> None:
        """Move the latest values into the arrays."""
        if not self.recent:
            return
        merged = dict(zip(self.values, self.counts, strict=True))
        for value, times in self.recent.items():
            merged[value] = merged.get(value, 0) + times
        ordered = sorted(merged)
        self.values = array("d", ordered)
        self.counts = array("q", map(merged.__getitem__, ordered))
        self.recent = {}

    def items(self) -> Iterator[tuple[float, int]]:
        """Each different value and how many times it came."""
        self.pack()
        return zip(self.values, self.counts, strict=True)


class _Tally:
    """The figures of answers added one by one, without keeping them: how many times each
    outcome came, how many right counts took each number of seconds (for the median), and
    the streak of right counts."""

    def __init__(self) -> None:
        self.outcomes: dict[Outcome, int] = {}
        self.right_seconds = _Multiset()
        self.streak = self.best = 0
        self.lost = 0.0

    def add(self, outcome: Outcome, seconds: float, lost: float = 0.0) -> None:
        """One answer of ``outcome``, given after ``seconds``, that lost ``lost`` points."""
        self.add_counted([(outcome, seconds, 1)], _RIGHT if outcome[0] else _WRONG)
        self.lost += lost

    def add_counted(self, counted: Iterable[tuple[Outcome, float, int]], rights: bytes) -> None:
        """Answers given one after another (none losing points): each outcome with its
        seconds and how many times it came, and ``rights``, a byte an answer in order,
        1 if it was right (for the streak)."""
        counted = list(counted)
        right = [(seconds, times) for outcome, seconds, times in counted if outcome[0]]
        self.add_many(((outcome, times) for outcome, _, times in counted), right, rights)

    def add_many(
        self,
        outcomes: Iterable[tuple[Outcome, int]],
        right_seconds: Iterable[tuple[float, int]],
        rights: bytes,
    ) -> None:
        """Answers given one after another (none losing points): each outcome with how many
        times it came, the seconds of the right ones with how many times each came, and
        ``rights``, a byte an answer in order, 1 if it was right (for the streak)."""
        for outcome, times in outcomes:
            self.outcomes[outcome] = self.outcomes.get(outcome, 0) + times
        self.right_seconds.update(right_seconds)
        self.streak, self.best = _streaks(self.streak, self.best, rights)

    def summary(self) -> PracticeSummary:
        """The figures of this tally."""
        return _summary([self], self.best)


def _summary(tallies: Iterable[_Tally], streak: int) -> PracticeSummary:
    """The figures of ``tallies`` taken together, whose longest streak was ``streak``."""
    hands = right = missed = over = 0
    missed_kinds: dict[str, int] = {}
    seen: dict[str, int] = {}
    seconds: dict[float, int] = {}
    lost = 0.0
    for tally in tallies:
        lost += tally.lost
        for (is_right, under, above, kinds), times in tally.outcomes.items():
            hands += times
            right += times * is_right
            missed += times * under
            over += times * above
            for kind in kinds:
                seen[kind] = seen.get(kind, 0) + times
                if not is_right:
                    missed_kinds[kind] = missed_kinds.get(kind, 0) + times
        for value, times in tally.right_seconds.items():
            seconds[value] = seconds.get(value, 0) + times
    misses = hands - right
    shares = sorted(
        (KindShare(kind, n, misses, seen[kind]) for kind, n in missed_kinds.items()),
        key=lambda share: (-share.misses, share.kind),
    )
    return PracticeSummary(
        hands=hands,
        right=right,
        median_seconds=_median(seconds),
        missed=missed,
        over=over,
        streak=streak,
        kinds=tuple(shares),
        lost=lost,
    )


def _median(counted: dict[float, int]) -> float | None:
    """The median of values given with how many times each came (as ``statistics.median``
    of them all); None for none.

    >>> _median({1.0: 2, 5.0: 1}), _median({1.0: 1, 4.0: 1}), _median({})
    (1.0, 2.5, None)
    """
    n = sum(counted.values())
    if not n:
        return None
    middle = []
    seen = 0
    wanted = sorted({(n - 1) // 2, n // 2})
    for value in sorted(counted):
        seen += counted[value]
        while wanted and wanted[0] < seen:
            middle.append(value)
            wanted.pop(0)
        if not wanted:
            break
    return middle[0] if len(middle) == 1 else (middle[0] + middle[1]) / 2


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


class _ReportTally:
    """The figures of a report gathered an answer or a run of answers at a time: a tally a
    week, the whole log's streak, the first and last times."""

    def __init__(self) -> None:
        self.by_week: dict[str, _Tally] = {}
        self.week_of: dict[date, _Tally] = {}  # each day's week, looked up once a day
        self.streak = self.best = 0
        self.first: datetime | None = None
        self.last: datetime | None = None

    def add(self, when: datetime, outcome: Outcome, seconds: float, lost: float = 0.0) -> None:
        """One answer, given at ``when`` (the week is that of the time's own date)."""
        self.week(when.date()).add(outcome, seconds, lost)
        self.add_times(when, when, _RIGHT if outcome[0] else _WRONG)

    def week(self, day: date) -> _Tally:
        """The tally of the ISO week of ``day``."""
        tally = self.week_of.get(day)
        if tally is None:
            year, week, _ = day.isocalendar()
            tally = self.by_week.setdefault(f"{year}-W{week:02d}", _Tally())
            self.week_of[day] = tally
        return tally

    def add_times(self, first: datetime, last: datetime, rights: bytes) -> None:
        """Answers given one after another, already added to the tallies of their weeks: the
        earliest and the latest of their times (the first of each if times tie), and
        ``rights``, a byte an answer in order, 1 if it was right."""
        self.streak, self.best = _streaks(self.streak, self.best, rights)
        if self.first is None or self.last is None:
            self.first, self.last = first, last
            return
        if first < self.first:
            self.first = first
        if last > self.last:
            self.last = last

    def report(self) -> Report:
        """The report of every answer added."""
        return Report(
            weeks=tuple(Week(week, self.by_week[week].summary()) for week in sorted(self.by_week)),
            overall=_summary(self.by_week.values(), self.best),
            first=self.first,
            last=self.last,
        )


def report(records: Iterable[Record]) -> Report:
    """Figures by ISO week of each record's own time, and over the whole log.

    The records are read once, as they come, and none is kept.
    """
    tally = _ReportTally()
    for record in records:
        tally.add(record.time, _outcome(record), record.seconds, _loss(record))
    return tally.report()


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
    for number, raw in _numbered_lines(stream):
        yield from _careful_records(number, raw)


def _numbered_lines(stream: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """Each line of a log read as bytes (without its line end), with its number."""
    from cribcount.reading import CAREFUL_CHUNK_SIZE, read_chunks

    for first, chunk in read_chunks(stream, size=CAREFUL_CHUNK_SIZE):
        yield from enumerate(chunk.split(b"\n")[:-1], start=first)


def _careful_records(number: int, raw: bytes) -> Iterator[Record | LogError]:
    """The record of log line ``number`` (its bytes), or its LogError; nothing if it is blank."""
    from cribcount.reading import MAX_LINE

    if len(raw) > MAX_LINE:
        yield LogError(Message("line too long: more than {n} bytes", n=MAX_LINE), line=number)
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        yield LogError(Message("not UTF-8 text"), line=number)
        return
    yield from log_records([(number, text)])


# --- the report's fast reader -----------------------------------------------------------------

_KINDS_BASE = 1 << 12
"""A deal's key is its count times this, plus the number of its kinds: more than a log can
hold different kinds (a count's kinds are a few of some ten names)."""

_NO_DEAL = -1
"""The key of a deal that is none: a card twice, a play the rules do not allow."""

_PLAYERS = 2
"""The pegging drill's table, as the careful reader reads its lines."""

_CARD = rb"[A2-9TJQK][cdhs]"
_WHOLE = rb"(?:0|[1-9][0-9]{0,8})"  # below _LARGEST: 10 ** 9 itself takes the careful path
_TWO = rb"(?:[01][0-9]|2[0-3]):[0-5][0-9]"  # hours and minutes, of a time or an offset
_MOST_MOVES = 3 * cards_laid(_PLAYERS)
"""The most moves a play of the fast shape holds: each card, with room for gos (a longer play
is read carefully)."""
_LINE = (
    rb'\{"time": "[0-9]{4}-[0-9]{2}-[0-9]{2}T' + _TWO + rb":[0-5][0-9][+-]" + _TWO + rb'", '
    rb'"seed": ' + _WHOLE + rb', "round": ' + _WHOLE + rb", "
    rb'(?:"hand": \["' + rb'", "'.join([_CARD] * 4) + rb'"\], '
    rb'"starter": "' + _CARD + rb'", "crib": (?:true|false)'
    rb'|"hand": \[(?:"(?:' + _CARD + rb'|go)", ){0,' + str(_MOST_MOVES - 1).encode() + rb"}"
    rb'"' + _CARD + rb'"\], "starter": null, "crib": false, "play": true), '
    rb'"answer": (?:null|' + _WHOLE + rb'), "count": (?:0|[1-9][0-9]?), '
    rb'"seconds": (?:0|[1-9][0-9]{0,8})(?:\.[0-9]{1,3})?, '
    rb'"muggins": (?:null|' + _WHOLE + rb")\}\n"
)
"""A line exactly as ``log_line`` writes a count (``"time"`` to ``"muggins"``), every number
within its bounds and written as JSON writes it, and its newline. Such a line is read by the
fast reader; any other takes the careful one, which gives the same record or says why it is
none (a test checks both readers agree on damaged logs)."""
_LINES = re.compile(rb"(?:" + _LINE + rb")*+")
"""A run of lines in the fast shape: matched from a line's start, it ends where the first line
not in that shape begins. The run is possessive: each line matched is never tried again, so
the match keeps nothing to go back to, however long the run."""

# Where the fast reader finds what it reads in a line of the fast shape: the time from the
# line's start; the cards and the answer from the hand's brackets, its only ones; the count
# and the seconds from the commas after the answer.
_TIME_AT = len(b'{"time": "')
_TIME_BYTES = len(b"2026-11-30T10:00:00+00:00")
_DAY_BYTES = len(b"2026-11-30")
_OFFSET_AT = len(b"2026-11-30T10:00:00")
_CLOCK_DIGITS = tuple(at for at, byte in enumerate(b"2026-11-30T10:00:00") if chr(byte).isdigit())
"""Where the digits of a time are, up to its offset: read in order, a number that sorts as the
times of one offset do."""
_DAY_DIGITS = _CLOCK_DIGITS[: len(b"20261130")]
"""Where the digits of a time's date are: read in order, a number a day."""
_CARD_AT = tuple(b'["5h", "5d", "5c", "Js"]'.index(name) for name in (b"5h", b"5d", b"5c", b"Js"))
"""Where each card of a hand begins, from the opening bracket (the first move of a play too)."""
_STARTER_AT = len(b'], "starter": ')
"""From the closing bracket, where the starter is: its quote (a show) or ``null`` (a play)."""
_CRIB_AT = len(b'], "starter": "5h", "crib": ')
_SHOW_ANSWER_AT = len(b'], "starter": "5h", "crib": , "answer": ')
"""From the closing bracket of a show, where its answer is, less the crib's ``true`` or
``false``."""
_PLAY_ANSWER_AT = len(b'], "starter": null, "crib": false, "play": true, "answer": ')
_COUNT_AT = len(b', "count": ')
_SECONDS_AT = len(b', "seconds": ')
_TOKEN_BYTES = len(b'"5h", ')
"""Bytes a move takes in a play's list (``"go"`` too), with the comma and space after it."""
_FEW_LINES = 32
"""Fewer lines than this, between lines read carefully, are added a line at a time: sooner
than by the steps that tally many at once."""
_SAID_BASE = 100
"""More than any count of the fast shape (two digits): an outcome's number is its answer
(plus one, for ``?``) times this, plus its count, then its kinds."""


def _time(stamp: bytes) -> datetime:
    """The time of a log line of the fast shape."""
    return datetime.fromisoformat(stamp.decode())


class _Chunk(NamedTuple):
    """Lines of the fast shape, in order, a row each: their times as written (bytes), their
    weeks (a number of ``_FastReader.weeks``; -1 for a day that is none), deal keys, answers
    (-1 for ``?``), counts and seconds."""

    times: npt.NDArray[np.uint8]
    weeks: Ints
    deals: Ints
    answers: Ints
    counts: Ints
    seconds: npt.NDArray[np.float64]

    def part(self, lines: slice) -> _Chunk:
        """The lines of ``lines`` (in order)."""
        return _Chunk(*(column[lines] for column in self))  # type: ignore[arg-type]


class _FastReader:
    """The report's figures from log lines of the fast shape (``_LINE``), many at a time.

    Each line is read where its fields stand, all the lines of a chunk at once with
    numpy. The hands and cribs are counted at once by the vectorised counter of
    ``batch`` (``score_rows``); the kinds of each of its ``Rows.shape`` (the points by
    kind, which fix the kinds) come once, from the careful count of the first hand of
    that shape. The plays are replayed at once from the ranks of their cards and their
    goes (``play_columns.replay``: suits only make the cards distinct), and the kinds
    of what each different last card pegs are worked out once. Each different day is
    read once (``day_weeks``). The lines are then judged and tallied a week at a time: by how many
    have each answer, count and kinds, and the right ones by how many took each
    number of seconds.
    """

    def __init__(self, tally: _ReportTally) -> None:
        import numpy as np

        from cribcount.batch.vector import CARD_OF_NAME, shape_count
        from cribcount.play_columns import GO, PAST

        self.tally = tally
        self.weeks: list[date] = []
        """A day of each ISO week met, by the week's number: the week's tally is that day's."""
        self.week_numbers: dict[tuple[int, int], int] = {}
        self.day_weeks: dict[bytes, int] = {}
        """The week number of each day met (``week_number``)."""
        self.play_deals: dict[int, int] = {}
        """The deal key of each key of what a play's last card pegs (``LastCards.keys``)."""
        self.kinds: list[tuple[str, ...]] = []
        self.kinds_number: dict[tuple[str, ...], int] = {}
        self.shape_kinds = np.full(shape_count(), -1, dtype=np.int32)
        self.card_of_name = CARD_OF_NAME
        """Each card's index by its name's two bytes as one number; ``len(DECK)`` for a go."""
        """The number of the kinds of each ``Rows.shape``, -1 until a hand of it is met."""
        self.rank_of_card = np.array([*(int(card.rank) for card in DECK), GO, PAST])
        """The rank of each card by its index, then ``GO`` for a go and ``PAST`` past a play."""

    def read(self, text: Bytes, starts: Ints) -> _Chunk:
        """The lines of the fast shape that begin at ``starts`` in ``text`` (a chunk's bytes)."""
        import numpy as np

        opening = np.flatnonzero(text == ord("["))
        closing = np.flatnonzero(text == ord("]"))
        # Each line holds one pair of brackets, the hand's: those of these lines.
        opening = opening[np.searchsorted(opening, starts)]
        closing = closing[np.searchsorted(closing, starts)]
        times = text[starts[:, None] + (_TIME_AT + np.arange(_TIME_BYTES))]
        is_play = text[closing + _STARTER_AT] != ord('"')
        deals = np.empty(len(starts), dtype=np.int64)
        shows = np.flatnonzero(~is_play)
        crib = text[closing[shows] + _CRIB_AT] == ord("t")
        if len(shows):
            deals[shows] = self.hands(text, opening[shows], closing[shows], crib)
        plays = np.flatnonzero(is_play)
        if len(plays):
            deals[plays] = self.plays(text, opening[plays], closing[plays])
        answer_at = closing + _PLAY_ANSWER_AT
        answer_at[shows] = closing[shows] + _SHOW_ANSWER_AT + len(b"false") - crib
        commas = np.flatnonzero(text == ord(","))
        after = np.searchsorted(commas, answer_at)
        answer_end, count_end, seconds_end = (commas[after + at] for at in range(3))
        answers = np.where(
            text[answer_at] == ord("n"), -1, _whole_numbers(text, answer_at, answer_end)
        )
        counts = _whole_numbers(text, answer_end + _COUNT_AT, count_end)
        return _Chunk(
            times,
            self.week_numbers_of(times),
            deals,
            answers,
            counts,
            _decimals(text, count_end + _SECONDS_AT, seconds_end),
        )

    def week_numbers_of(self, times: npt.NDArray[np.uint8]) -> Ints:
        """The number of the week of each time (a row of bytes); -1 for a day that is none."""
        import numpy as np

        day = np.zeros(len(times), dtype=np.int64)
        for at in _DAY_DIGITS:
            day = day * 10 + (times[:, at] - ord("0"))
        _, first, which = np.unique(day, return_index=True, return_inverse=True)
        numbers = [self.week_number(times[at, :_DAY_BYTES].tobytes()) for at in first.tolist()]
        return np.array(numbers, dtype=np.int64)[which.reshape(-1)]

    def week_number(self, day: bytes) -> int:
        """The number of the ISO week of ``day`` (``2026-11-30``); -1 if there is no such day."""
        known = self.day_weeks.get(day)
        if known is None:
            known = self.day_weeks[day] = self._week_number(day)
        return known

    def _week_number(self, day: bytes) -> int:
        try:
            when = date.fromisoformat(day.decode())
        except ValueError:
            return -1
        year, week, _ = when.isocalendar()
        number = self.week_numbers.get((year, week))
        if number is None:
            number = self.week_numbers[year, week] = len(self.weeks)
            self.weeks.append(when)
        return number

    def hands(self, text: Bytes, opening: Ints, closing: Ints, crib: Bools) -> Ints:
        """The deal keys of the hands whose lists open at ``opening`` and close at ``closing``,
        counted at once: each one's count times ``_KINDS_BASE`` plus the number of its kinds, or
        ``_NO_DEAL``."""
        import numpy as np

        from cribcount.batch.vector import NO_CLAIM, score_rows, sort_columns

        cards = np.stack(
            [self.cards(text, opening + at) for at in _CARD_AT]
            + [self.cards(text, closing + _STARTER_AT + 1)]
        ).astype(np.uint8)
        in_order = sort_columns(list(cards))
        twice = np.zeros(len(crib), dtype=bool)
        for low, high in itertools.pairwise(in_order):
            twice |= low == high
        rows = score_rows(
            line=np.arange(len(crib)),
            cards=cards,
            crib=crib,
            claim=np.full(len(crib), NO_CLAIM, dtype=np.int16),
            in_order=in_order,
        )
        shape = rows.shape
        kinds = self.shape_kinds.take(shape)
        for at in np.flatnonzero((kinds < 0) & ~twice).tolist():
            if self.shape_kinds[shape[at]] < 0:  # the first hand of its shape: counted carefully
                hand = [DECK[index] for index in cards[:, at].tolist()]
                deal = ShowDeal(
                    0, Hand((hand[0], hand[1], hand[2], hand[3]), hand[4]), bool(crib[at])
                )
                assert deal.points == rows.total[at], "the vectorised count is the careful one"
                self.shape_kinds[shape[at]] = self.kinds_of(deal.kinds)
            kinds[at] = self.shape_kinds[shape[at]]
        keys = rows.total.astype(np.int64) * _KINDS_BASE + kinds
        keys[twice] = _NO_DEAL
        return keys

    def cards(self, text: Bytes, at: Ints) -> Ints:
        """The index of each card named at ``at`` in ``text`` (``len(DECK)`` for a go)."""
        import numpy as np

        # (The fast shape holds only cards and "go" there: any other two bytes are no card.)
        names = text[at] + (text[at + 1].astype(np.int64) << 8)
        return self.card_of_name.take(names).astype(np.int64)

    def kinds_of(self, kinds: tuple[str, ...]) -> int:
        """The number of ``kinds`` among those met."""
        number = self.kinds_number.get(kinds)
        if number is None:
            number = self.kinds_number[kinds] = len(self.kinds)
            self.kinds.append(kinds)
        return number

    def plays(self, text: Bytes, opening: Ints, closing: Ints) -> Ints:
        """The deal keys of the plays whose lists of moves open at ``opening`` and close at
        ``closing``: what each one's last card pegs, times ``_KINDS_BASE`` plus the number of
        its kinds, or ``_NO_DEAL``."""
        import numpy as np

        from cribcount.play_columns import items_of_key, replay

        moves = (closing - opening + 1) // _TOKEN_BYTES
        # A play a row, its cards by index from the first column on (a go is len(DECK)),
        # then len(DECK) + 1 past its moves.
        width = int(moves.max(initial=0))
        column = np.arange(width)
        inside = column < moves[:, None]
        at = np.where(inside, opening[:, None] + _CARD_AT[0] + column * _TOKEN_BYTES, 0)
        grid = np.where(inside, self.cards(text, at), len(DECK) + 1)
        is_card = grid < len(DECK)
        # A card laid twice, or more cards than the table holds: no play.
        distinct = np.sort(np.where(is_card, grid, len(DECK) + 1 + column), axis=1)
        refused = (distinct[:, 1:] == distinct[:, :-1]).any(axis=1)
        refused |= is_card.sum(axis=1) > cards_laid(_PLAYERS)
        keys = replay(self.rank_of_card.take(grid), players=_PLAYERS).keys()
        keys[refused] = -1
        different, which = np.unique(keys, return_inverse=True)
        deals = []
        for key in different.tolist():
            deal = self.play_deals.get(key)
            if deal is None:
                items = items_of_key(key)
                deal = self.play_deals[key] = (
                    _NO_DEAL
                    if items is None
                    else sum(item.points for item in items) * _KINDS_BASE
                    + self.kinds_of(play_kinds(items))
                )
            deals.append(deal)
        return np.array(deals, dtype=np.int64)[which.reshape(-1)]

    @staticmethod
    def judge(chunk: _Chunk) -> Bools:
        """Whether each line is a record (not: a day that is none, a card twice, a play the
        rules do not allow, a count that is not the deal's)."""
        points = chunk.deals // _KINDS_BASE
        good: Bools = (chunk.weeks >= 0) & (chunk.deals >= 0) & (points == chunk.counts)
        return good

    def add(self, chunk: _Chunk) -> None:
        """Add lines given one after another, each judged a record."""
        import numpy as np

        if len(chunk.times) < _FEW_LINES:
            self.add_each(chunk)
            return
        right = chunk.answers == chunk.counts
        # What a tally keeps of a line: its answer, count and kinds.
        outcomes = ((chunk.answers + 1) * _SAID_BASE + chunk.counts) * _KINDS_BASE + (
            chunk.deals % _KINDS_BASE
        )
        weeks = chunk.weeks
        parts: list[tuple[int, Any]] = (
            [(int(weeks[0]), slice(None))]
            if (weeks == weeks[0]).all()
            else [(week, weeks == week) for week in np.unique(weeks).tolist()]
        )
        for week, lines in parts:
            week_right = right[lines]
            different, how_many = np.unique(outcomes[lines], return_counts=True)
            seconds, taken = np.unique(chunk.seconds[lines][week_right], return_counts=True)
            self.tally.week(self.weeks[week]).add_many(
                zip(map(self.outcome, different.tolist()), how_many.tolist(), strict=True),
                zip(seconds.tolist(), taken.tolist(), strict=True),
                week_right.view(np.uint8).tobytes(),
            )
        times = chunk.times
        if (times[:, _OFFSET_AT:] == times[0, _OFFSET_AT:]).all():
            # One offset: the times sort as their digits read.
            clock = np.zeros(len(times), dtype=np.int64)
            for at in _CLOCK_DIGITS:
                clock = clock * 10 + (times[:, at] - ord("0"))
            first, last = (_time(times[at].tobytes()) for at in (clock.argmin(), clock.argmax()))
        else:
            whens = [_time(stamp.tobytes()) for stamp in times]
            first, last = min(whens), max(whens)
        self.tally.add_times(first, last, right.view(np.uint8).tobytes())

    def add_each(self, chunk: _Chunk) -> None:
        """Add lines given one after another, each judged a record, a line at a time."""
        for stamp, answer, count, deal, seconds in zip(
            chunk.times,
            chunk.answers.tolist(),
            chunk.counts.tolist(),
            chunk.deals.tolist(),
            chunk.seconds.tolist(),
            strict=True,
        ):
            said = None if answer < 0 else answer
            outcome = count_outcome(said, count, self.kinds[deal % _KINDS_BASE])
            self.tally.add(_time(stamp.tobytes()), outcome, seconds)

    def outcome(self, number: int) -> Outcome:
        """The outcome of a line by its number: its answer, count and kinds."""
        said, kinds = divmod(number, _KINDS_BASE)
        answer, count = divmod(said, _SAID_BASE)
        return count_outcome(None if answer == 0 else answer - 1, count, self.kinds[kinds])


def _whole_numbers(text: Bytes, start: Ints, end: Ints) -> Ints:
    """The whole numbers written from ``start`` up to ``end`` in ``text`` (a few digits each)."""
    import numpy as np

    value = np.zeros(len(start), dtype=np.int64)
    for at in range(int((end - start).max(initial=0))):
        inside = start + at < end
        digit = text[np.where(inside, start + at, 0)] - ord("0")
        value = np.where(inside, value * 10 + digit, value)
    return value


def _decimals(text: Bytes, start: Ints, end: Ints) -> npt.NDArray[np.float64]:
    """The decimal numbers written from ``start`` up to ``end`` in ``text`` (``12`` or
    ``12.345``), as ``float`` reads them: the digits as a whole number over a power of ten,
    both exact in a double, divided once, so rounded once, as ``float`` rounds."""
    import numpy as np

    digits = np.zeros(len(start), dtype=np.int64)
    places = np.zeros(len(start), dtype=np.int64)
    point = np.zeros(len(start), dtype=bool)
    for at in range(int((end - start).max(initial=0))):
        inside = start + at < end
        byte = text[np.where(inside, start + at, 0)]
        is_point = inside & (byte == ord("."))
        is_digit = inside & ~is_point
        digits = np.where(is_digit, digits * 10 + (byte - ord("0")), digits)
        places += is_digit & point
        point |= is_point
    return digits / 10.0**places


_FAST_CHUNK_SIZE = 1 << 21
"""Bytes of the log the fast reader takes at a time: some 10,000 lines."""


def report_log_file(
    stream: BinaryIO, bad: Callable[[LogError], object], *, chunk_size: int = _FAST_CHUNK_SIZE
) -> Report:
    """The report of a log read as bytes, as ``report`` of the records of ``read_log_file``;
    each line that is not a record handed to ``bad``, in order.

    Lines as ``log_line`` writes a count take a fast path, about ``chunk_size`` bytes
    of the log at a time; every other line the careful reader. No record is
    kept: memory holds a chunk of the log and the tallies.
    """
    from cribcount.reading import read_chunks

    tally = _ReportTally()
    _read_report(read_chunks(stream, size=chunk_size), tally, bad)
    return tally.report()


def _read_report(
    chunks: Iterable[tuple[int, bytes]], tally: _ReportTally, bad: Callable[[LogError], object]
) -> None:
    """Add each line of ``chunks`` (the first line's number, whole lines) to ``tally``, each
    line that is not a record handed to ``bad``."""
    fast = _FastReader(tally)
    for first, chunk in chunks:
        number = first
        for start, end in _pieces(chunk, 0, len(chunk)):
            piece = chunk[start:end] if end - start < len(chunk) else chunk
            _read_lines(fast, number, piece, bad)
            number += piece.count(b"\n")


_MOST_LINES = 1 << 15
"""Lines the fast reader takes at once at most: a chunk of many short lines (blank ones, say)
is taken a piece at a time, so that its arrays stay small."""


def _pieces(chunk: bytes, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Where the pieces of ``chunk[start:end]`` (whole lines) begin and end, in order, each of
    at most ``_MOST_LINES`` lines or a single line: the chunk halved until they are."""
    if chunk.count(b"\n", start, end) <= _MOST_LINES:
        yield start, end
        return
    # The line end after the middle, or else the one before it: two pieces of whole lines.
    middle = (start + end) // 2
    cut = chunk.find(b"\n", middle, end - 1) + 1 or chunk.rfind(b"\n", start, middle) + 1
    yield from _pieces(chunk, start, cut)
    yield from _pieces(chunk, cut, end)


def _read_lines(
    fast: _FastReader, first: int, lines: bytes, bad: Callable[[LogError], object]
) -> None:
    """Add each of ``lines`` (whole lines, the first numbered ``first``) to the report, each
    line that is not a record handed to ``bad``."""
    import numpy as np

    text = np.frombuffer(lines, dtype=np.uint8)
    ends = np.flatnonzero(text == ord("\n"))
    starts = np.concatenate(([0], ends[:-1] + 1))
    # The lines of the fast shape: runs of them, each run up to a line of another shape.
    edges = np.zeros(len(starts) + 1, dtype=np.int64)
    runs = np.searchsorted(starts, np.array(_runs(lines), dtype=np.int64).reshape(-1, 2))
    np.add.at(edges, runs[:, 0], 1)
    np.add.at(edges, runs[:, 1], -1)
    in_shape = np.cumsum(edges[:-1]) > 0
    fast_lines = np.flatnonzero(in_shape)
    good = in_shape.copy()
    if len(fast_lines):
        read = fast.read(text, starts[fast_lines])
        good[fast_lines] = fast.judge(read)
        if good.all():
            fast.add(read)
            return
    # Each line not taken is read carefully, in its place; the runs between added fast.
    row = (np.cumsum(in_shape) - 1).tolist()  # each line's row in what the fast reader read
    done = 0  # the lines before this one are added
    odd = np.flatnonzero(~good)
    for line, start, end in zip(
        odd.tolist(), starts[odd].tolist(), ends[odd].tolist(), strict=True
    ):
        if line > done:
            fast.add(read.part(slice(row[done], row[line - 1] + 1)))
        _add_careful(first + line, lines[start:end], fast.tally, bad)
        done = line + 1
    if done < len(starts):
        fast.add(read.part(slice(row[done], None)))


def _runs(lines: bytes) -> list[int]:
    """Where each run of lines of the fast shape in ``lines`` begins and ends, in turn."""
    runs: list[int] = []
    at = 0 if lines.startswith(_LINE_HEAD[1:]) else _next_head(lines, 0)
    while at < len(lines):
        end = _LINES.match(lines, at).end()  # type: ignore[union-attr]  # it matches "" too
        if end > at:
            runs += (at, end)
        at = _next_head(lines, end)  # past the line of another shape
    return runs


_LINE_HEAD = b'\n{"time": "'
"""How a line of the fast shape begins, with the end of the line before it."""


def _next_head(lines: bytes, at: int) -> int:
    """Where the first line after the one at ``at`` that begins as the fast shape does begins
    (lines of other shapes skipped at once); the end of ``lines`` if none does."""
    return lines.find(_LINE_HEAD, at) + 1 or len(lines)


def _add_careful(
    number: int, raw: bytes, tally: _ReportTally, bad: Callable[[LogError], object]
) -> None:
    """Add log line ``number`` (its bytes), read carefully, to ``tally``, or hand its error to
    ``bad``."""
    for record in _careful_records(number, raw):
        if isinstance(record, LogError):
            bad(record)
        else:
            tally.add(record.time, _outcome(record), record.seconds, _loss(record))
