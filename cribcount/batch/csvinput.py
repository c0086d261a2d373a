"""Score sheets as CSV: a header row naming the columns, then one hand a row.

The header names, in any case and order, ``hand`` (required: four cards, or
five with the starter last or after ``/``), ``starter``, ``crib`` (what
spreadsheets write: true, yes, y, x, a tick or 1 for a crib; false, no, n,
0 or empty for a hand), ``claim`` and ``label``, each under its common names
too (``NAMES``: cards, cut, claimed, player ...); a ``deal`` column (or
round) goes into the label after the player's name; other columns are
ignored. Fields are quoted as RFC 4180 says; a record's line number is the
physical line where it starts. The text is read as ``batch.engine`` reads
lines: UTF-8 with or without a byte order mark, UTF-16 with one.

>>> import io
>>> sheet = b'Label,Hand,Claim,Notes\\n"Bob, deal 1","5h 5d 5c Js / 5s",29,"ok, checked"\\n'
>>> [(r.line, r.label, r.count.total, r.claim) for r in score_csv(io.BytesIO(sheet))]
[(2, 'Bob, deal 1', 29, 29)]

A file without a header (a spreadsheet's export of ``5h,5d,5c,Js,5s,29``)
cannot be read column by column: its first row is one error record that
says to add a header, and the rest of the file is not read.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import BinaryIO, cast

from cribcount.batch.engine import Chunk, Record, Scored
from cribcount.batch.lines import read_claim
from cribcount.cards import ENGLISH, Notation, parse_card, parse_hand
from cribcount.errors import CribcountError, NotationError, Token, quote
from cribcount.failed import Failed
from cribcount.messages import N_, Message
from cribcount.reading import CAREFUL_CHUNK_SIZE, MAX_LINE, read_chunks
from cribcount.show import count_show

__all__ = ["COLUMNS", "NAMES", "column_names", "field_starts", "score_csv", "score_csv_stream"]

COLUMNS = ("hand", "starter", "crib", "claim", "label")
"""The columns a header may name; ``hand`` is the one that must be there."""
DEAL = "deal"
"""The column of the deal's number, which goes into the label after the name."""
NAMES = {
    "hand": ("hand", "cards", "hand cards", "main", "cartes"),
    "starter": ("starter", "cut", "cut card", "turn", "turn card", "up card", "upcard", "départ"),
    "crib": ("crib", "is crib", "berceau"),
    "claim": ("claim", "claimed", "score", "points", "count", "annonce"),
    "label": ("label", "player", "name", "who", "joueur", "nom"),
    DEAL: ("deal", "round", "donne"),
}
"""The names a header may give each column, in any case, with ``?``, ``:``, ``_`` or ``-``."""
_KNOWN = {name: column for column, names in NAMES.items() for name in names}

_CRIB_WORDS = {
    **dict.fromkeys(("true", "yes", "y", "x", "1", "\u2713", "\u2714", "oui", "o", "vrai"), True),
    **dict.fromkeys(("false", "no", "n", "0", "", "non", "faux"), False),
}
"""What the crib column may hold, as spreadsheets write a check box, in any case."""
_UNDECODED = range(0xDC80, 0xDD00)
"""Bytes that were not UTF-8, as ``surrogateescape`` keeps them."""


class _Lines:
    """The physical lines of a stream as text, remembered until their record is read."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self.seen: dict[int, str] = {}

    def __iter__(self) -> Iterator[str]:
        for first, data in read_chunks(self._stream, size=CAREFUL_CHUNK_SIZE):
            for i, raw in enumerate(data.split(b"\n")[:-1]):
                if len(raw) > MAX_LINE:
                    raw = raw[:MAX_LINE]  # the field limit below then fails its record
                text = raw.decode("utf-8", errors="surrogateescape")
                self.seen[first + i] = text
                yield text + "\n"


def score_csv(
    stream: BinaryIO, *, crib: bool = False, notation: Notation = ENGLISH
) -> Iterator[Record]:
    """One record for each row of a CSV score sheet, in order; ``crib`` makes every row a crib.

    ``notation`` reads the cards of the hand and starter columns.
    """
    lines = _Lines(stream)
    reader = csv.reader(lines, strict=True)
    header: dict[str, int] | None = None
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            reason = Message("not CSV: {error}", error=str(error))
            yield Failed(start, _shown(lines.seen.get(start, "")), str(reason), 1, said=reason)
            continue
        finally:
            for done in [n for n in lines.seen if n < start]:  # their records are read
                del lines.seen[done]
        if not any(field.strip() for field in row):
            continue  # a blank row
        if header is None:
            header = column_names(row)
            if "hand" not in header:
                reason = _no_hand_column(row, header, notation)
                yield Failed(start, _shown(lines.seen.get(start, "")), str(reason), 1, said=reason)
                return
            continue
        if row[0].lstrip().startswith("#"):
            continue  # a comment row
        seen = lines.seen.get(start, "")
        yield _score_row(row, header, start, seen, crib=crib, notation=notation)


_NO_HEADER = N_(
    "no 'hand' column in the first row: a CSV sheet starts with a header row naming its"
    " columns (add one, such as hand,starter,crib,claim,label)"
)


def column_names(row: list[str]) -> dict[str, int]:
    """Which field of a header row each known column is, by its names (``NAMES``); the first
    field of a name wins.

    >>> column_names(["Player", "Deal", "Cards", "Cut", "Crib?", "Claimed", "Notes"])
    {'label': 0, 'deal': 1, 'hand': 2, 'starter': 3, 'crib': 4, 'claim': 5}
    """
    found: dict[str, int] = {}
    for i, name in enumerate(row):
        # Looked up in lower case, ``_`` and ``-`` as spaces, without ``?``, ``:`` or ``*``.
        normal = name.lower().replace("_", " ").replace("-", " ").strip(" ?:*")
        column = _KNOWN.get(" ".join(normal.split()))
        if column is not None and column not in found:
            found[column] = i
    return found


def _no_hand_column(row: list[str], header: dict[str, int], notation: Notation) -> Message:
    """Why a first row is no header: cards where names belong, or no name of the hand."""
    if not header and any(_holds_a_card(field, notation) for field in row):
        return Message(_NO_HEADER)
    others = ["/".join(names[:2]) for column, names in NAMES.items() if column != "hand"]
    return Message(
        "the header {names} names no hand column: call it {hands} (the others: {known})",
        names=quote(",".join(name.strip() for name in row)),
        hands="/".join(NAMES["hand"][:2]),
        known=", ".join(others),
    )


def _holds_a_card(field: str, notation: Notation) -> bool:
    try:
        parse_card(field.split()[0] if field.split() else "", notation=notation)
    except CribcountError:
        return False
    return True


def field_starts(line: str) -> list[int]:
    """Where the text of each field of a CSV line starts (0-based, after an opening quote).

    >>> field_starts('a,"b, c",,d')
    [0, 3, 9, 10]
    """
    starts: list[int] = []
    at_start, quoted, i = True, False, 0
    while i < len(line):
        char = line[i]
        if at_start:
            at_start, quoted = False, char == '"'
            starts.append(i + quoted)
            i += 1 if quoted else 0
            continue
        if quoted and char == '"':
            if line[i + 1 : i + 2] == '"':
                i += 1  # a doubled quote is a quote in the field
            else:
                quoted = False
        elif not quoted and char == ",":
            at_start = True
        i += 1
    if at_start:
        starts.append(len(line))
    return starts


def _shown(text: str) -> str:
    """A line as an error record keeps it: bytes that were not UTF-8 as U+FFFD."""
    return "".join("\ufffd" if ord(c) in _UNDECODED else c for c in text)


def _score_row(
    row: list[str],
    header: dict[str, int],
    line: int,
    text: str,
    *,
    crib: bool,
    notation: Notation = ENGLISH,
) -> Record:
    """Count one data row; its errors name the column (``hand: ...``) and where it starts."""
    starts = field_starts(text)

    def field(name: str) -> str:
        at = header.get(name)
        return row[at] if at is not None and at < len(row) else ""

    def failed(name: str, error: CribcountError) -> Failed:
        at = header.get(name, 0)
        # A field that starts on a later line of its record: the end of the first line.
        column = (starts[at] if at < len(starts) else len(text)) + max(error.column, 1)
        label = _shown(_label(row, header) or "") or None
        reason = Message("{column}: {reason}", column=name, reason=error.said)
        return Failed(line, _shown(text), str(reason), column, label, reason)

    for name in COLUMNS:
        bad = next((i for i, c in enumerate(field(name)) if ord(c) in _UNDECODED), None)
        if bad is not None:
            byte = ord(field(name)[bad]) - 0xDC00
            said = Message("invalid UTF-8 byte 0x{byte}", byte=f"{byte:02x}")
            error = NotationError(said, column=bad + 1)
            return failed(name, error)
    hand_text, starter = field("hand"), field("starter").strip()
    written = f"{hand_text} / {starter}" if starter else hand_text
    try:
        hand = parse_hand(written, notation=notation)
    except CribcountError as error:
        if starter and error.column > len(hand_text) + 3:
            error.column -= len(hand_text) + 3
            return failed("starter", error)
        return failed("hand", error)
    word = field("crib").strip()
    is_crib = _CRIB_WORDS.get(word.lower())
    if is_crib is None:
        reason = Message(
            "{word} is not one of true, yes, y, x, \u2713, 1 (a crib) or false, no, n, 0,"
            " empty (a hand)",
            word=quote(word),
        )
        return failed("crib", NotationError(reason, column=1))
    claimed = field("claim").strip()
    try:
        claim = read_claim(claimed, Token(claimed, 1)) if claimed else None
    except CribcountError as error:
        return failed("claim", error)
    return Scored(line, count_show(hand, crib=crib or is_crib), claim, _label(row, header))


def _label(row: list[str], header: dict[str, int]) -> str | None:
    """The label column's text, and the deal column's after it as ``NAME, deal N``."""
    label = row[header["label"]].strip() if header.get("label", len(row)) < len(row) else ""
    deal = row[header[DEAL]].strip() if header.get(DEAL, len(row)) < len(row) else ""
    if deal:
        label = f"{label}, {DEAL} {deal}" if label else f"{DEAL} {deal}"
    return label or None


class _Counted:
    """A stream that counts the bytes read from it, for the progress of a run."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self.done = 0

    def read(self, size: int = -1) -> bytes:
        """Read as the stream does, and count."""
        data = self._stream.read(size)
        self.done += len(data)
        return data


def score_csv_stream(
    stream: BinaryIO, *, crib: bool = False, notation: Notation = ENGLISH
) -> Iterator[Chunk]:
    """The records of ``score_csv`` as chunks of careful records, for ``batch.write_stream``."""
    counted = _Counted(stream)
    records: list[tuple[int, Record]] = []
    told = 0
    for record in score_csv(cast(BinaryIO, counted), crib=crib, notation=notation):
        records.append((0, record))
        if len(records) >= 256:
            yield Chunk(None, records, counted.done - told)
            records, told = [], counted.done
    yield Chunk(None, records, counted.done - told)
