"""Reading one line of ``cribcount batch``: a label, a hand, ``crib`` and a claim, a comment.

A line is an optional label ending in the first ``:``, a hand in the notation
of ``parse_hand``, then optionally the word ``crib`` and/or a claimed count
``= N``, in either order, and a comment from a ``#`` that follows white space:

>>> parse_line("7h 7s 8d 8c / 9h = 18 crib")
Entry(hand=parse_hand('7h 7s 8d 8c / 9h'), crib=True, claim=18, label=None)
>>> parse_line("Bob, deal 3: 7h 7s 8d 8c 9h = 24  # checked twice").label
'Bob, deal 3'

This is the careful reader: it says what is wrong with a line and where.
``batch.reader``, the vectorised reader, reads every regular line the same
way, a chunk at a time, and leaves it the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cribcount.cards import ENGLISH, Hand, Notation, parse_hand_tokens, tokenize
from cribcount.errors import NotationError, Token, quote
from cribcount.messages import Message

__all__ = [
    "CRIB_WORD",
    "CRIB_WORDS",
    "MAX_CLAIM_DIGITS",
    "Entry",
    "parse_body",
    "parse_line",
    "read_claim",
    "split_line",
]

MAX_CLAIM_DIGITS = 3
"""A claimed count has at most this many digits (at most 999): a longer one is an error."""
CRIB_WORD = "crib"
"""The word that makes a line a crib, in any case."""
CRIB_WORDS = frozenset({CRIB_WORD, "berceau"})
"""The words the careful reader takes for ``crib``: French text writes ``berceau``, and its
records read back (the vectorised reader knows ``crib`` only, and hands the others on)."""
_COMMENT = re.compile(r"(?:^|(?<=\s))#")
"""Where a comment starts: a ``#`` at the start or after white space (``5h#`` is no comment)."""


@dataclass(frozen=True)
class Entry:
    """One line read: the hand, whether it is a crib, and the claimed count if any."""

    hand: Hand
    crib: bool
    claim: int | None
    label: str | None = None


def _split_equals(tokens: list[Token]) -> list[Token]:
    """Make every ``=`` a token of its own, so that ``=18`` and ``9h=18`` read as ``= 18``."""
    split: list[Token] = []
    for token in tokens:
        column = token.column
        for i, part in enumerate(token.text.split("=")):
            if i:
                split.append(Token("=", column))
                column += 1
            if part:
                split.append(Token(part, column))
            column += len(part)
    return split


def split_line(text: str) -> tuple[str | None, str]:
    """A line's label (text before the first ``:``, trimmed; None without one) and the rest,
    the comment dropped, its columns kept: the label and its ``:`` are blanked out.

    A ``#`` at the start or after white space starts the comment, also in a label.

    >>> split_line("deal 4: 5h 5d 5c Js 5s # Bob")
    ('deal 4', '        5h 5d 5c Js 5s ')
    """
    comment = _COMMENT.search(text)
    end = comment.start() if comment else len(text)
    colon = text.find(":", 0, end)
    if colon < 0:
        return None, text[:end]
    label = text[:colon].strip()
    return label or None, " " * (colon + 1) + text[colon + 1 : end]


def parse_line(text: str, *, crib: bool = False, notation: Notation = ENGLISH) -> Entry:
    """Read one line: a label, a hand, then ``crib`` and/or ``= N`` in either order, a comment.

    ``crib`` makes every line a crib. Raises NotationError (with the column in
    ``text``) when the line is not a hand, or the claim not a whole number.
    """
    label, body = split_line(text)
    return parse_body(body, label, crib=crib, notation=notation)


def parse_body(text: str, label: str | None, *, crib: bool, notation: Notation = ENGLISH) -> Entry:
    """``parse_line`` of a line whose label and comment are taken off already."""
    tokens = _split_equals(tokenize(text))
    claim: int | None = None
    is_crib = crib
    seen_word = False
    while tokens:
        last = tokens[-1]
        if last.text.lower() in CRIB_WORDS and not seen_word:
            is_crib = seen_word = True
            tokens.pop()
        elif len(tokens) >= 2 and tokens[-2].text == "=" and claim is None:
            claim = read_claim(text, last)
            del tokens[-2:]
        elif last.text == "=":
            raise NotationError.at(Message("missing claimed count after '='"), text, last)
        else:
            break
    for at, token in enumerate(tokens):
        if token.text == "=":
            raise _misplaced_equals(text, tokens, at)
    end = tokens[-1].column - 1 + len(tokens[-1].text) if tokens else 0
    # The hand is the start of the line, so columns in its errors are columns of the line.
    try:
        hand = parse_hand_tokens(text[:end], tokens, notation=notation)
    except NotationError as error:
        if label is None and _looks_like_label(tokens, error):
            # 'Ann 5h 5d ...': a name that lost its colon reads as a card.
            hint = Message(
                "{reason}; a label ends with ':', as {example}",
                reason=error.said,
                example=quote(tokens[0].text + ": ..."),
            )
            raise NotationError.at(hint, text, tokens[0]) from error
        raise
    return Entry(hand, is_crib, claim, label)


def _misplaced_equals(text: str, tokens: list[Token], at: int) -> NotationError:
    """The error for an ``=`` inside the line: what follows its claim, or the ``=`` itself.

    ``= 11 points`` has its claim at the end already: the word after it is what is wrong.
    """
    claim = tokens[at + 1] if at + 1 < len(tokens) else None
    after = tokens[at + 2] if at + 2 < len(tokens) else None
    if claim is None or after is None or not claim.text.isdigit():
        reason = Message("'=' in the hand: a claim goes at the end, as '= N'")
        return NotationError.at(reason, text, tokens[at])
    claimed = quote(f"= {claim.text}")
    word = after.text.strip("()[]")
    if word.lower() in CRIB_WORDS:
        reason = Message(
            "{word} after the claim {claim}: write the word crib alone, as {example}",
            word=quote(after.text),
            claim=claimed,
            example=quote(f"= {claim.text} {word}"),  # the word as written: crib or berceau
        )
    else:
        reason = Message(
            "{word} after the claim {claim}: only 'crib' may follow a claim; "
            "a note goes after ' #'",
            word=quote(after.text),
            claim=claimed,
        )
    return NotationError.at(reason, text, after)


def _looks_like_label(tokens: list[Token], error: NotationError) -> bool:
    """True when the first word, not a card, reads as a name (three letters or more)."""
    first = tokens[0]
    return error.column == first.column and len(first.text) >= 3 and first.text.isalpha()


def read_claim(text: str, token: Token) -> int:
    """The claimed count ``token`` of ``text``: at most three digits, else a NotationError."""
    digits = token.text
    if not (digits.isascii() and digits.isdigit()):
        reason = Message("claimed count {claim} is not a whole number", claim=quote(digits))
        raise NotationError.at(reason, text, token)
    if len(digits) > MAX_CLAIM_DIGITS:
        # Checked before int(): Python refuses to convert more than 4,300 digits.
        largest = 10**MAX_CLAIM_DIGITS - 1
        reason = Message(
            "claimed count of {n} digits is too large: at most {largest}",
            n=len(digits),
            largest=largest,
        )
        raise NotationError.at(reason, text, token)
    return int(digits)
