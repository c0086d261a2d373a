"""Reading a game record: one statement a line, each checked, every bad one reported.

A record names the game and the players, then gives each deal: its dealer,
the cards (every hand, kept | laid away, the starter, the play) with the
claims of the shows, or only the points as a score sheet keeps them.
``#`` starts a comment; blank lines are skipped.

>>> record = read_record('''
... game 61
... players Alice Bob
... deal Bob
... peg Alice 2
... show Alice 8
... crib 4
... ''')
>>> record.target, record.players, [deal.dealer for deal in record.deals]
(61, ('Alice', 'Bob'), ['Bob'])
>>> record.deals[0].shows["Alice"].points
8
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import BinaryIO

from cribcount import rules
from cribcount.cards import ENGLISH, Card, Notation, parse_card, parse_cards
from cribcount.errors import CribcountError, GameError, GameRecordError, Token, quote
from cribcount.game.quick import QuickDeal, read_block
from cribcount.game.record import (
    Claim,
    DealDraft,
    DealRecord,
    GameRecord,
    HandRecord,
    Peg,
    record_deal,
)
from cribcount.hand_lists import HAND_SEPARATOR
from cribcount.messages import N_, Message
from cribcount.seats import (
    DEAL_SIZES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    crib_from_deck,
    partnerships,
)

__all__ = ["STATEMENTS", "SWITCHES", "GameRecord", "RecordReader", "read_record", "record_lines"]

STATEMENTS: dict[str, str] = {
    **{word: word for word in ("game", "players", "partners", "muggins", "deal", "hand")},
    **{word: word for word in ("extra", "starter", "play", "peg", "show", "crib")},
    # French, as a French player writes a score sheet: the vocabulary of the rules, with
    # or without accents. No word is in both languages, so a record reads the same whatever
    # the language of the run: only its card notation follows --lang.
    "partie": "game",
    "joueurs": "players",
    "équipes": "partners",
    "equipes": "partners",
    "donne": "deal",
    "main": "hand",
    "pioche": "extra",
    "départ": "starter",
    "depart": "starter",
    "jeu": "play",
    "marque": "peg",
    "annonce": "show",
    "compte": "show",
    "berceau": "crib",
}
"""Every statement's keyword, in any case, in English and in French: its English keyword."""
SWITCHES = {"on": True, "off": False, "oui": True, "non": False}
"""The words of ``muggins on`` and ``muggins off`` in English and in French."""
_STATEMENTS = N_(
    "game, players, partners, muggins, deal, hand, extra, starter, play, peg, show, crib"
)
"""The statements as an error lists them (in French, the French keywords)."""
_GAMES_SAID = Message(
    "{games} or {last}", games=", ".join(map(str, rules.GAMES[:-1])), last=rules.GAMES[-1]
)
"""The games a record may be played to, as a message says them: ``121 or 61``."""
_WORD = re.compile(r"\S+")
# Token(text, column) without the Python-level __new__ of a named tuple: a record has many.
_new_token = functools.partial(tuple.__new__, Token)
_LINE_END = re.compile(r"\r\n|\r|\n")
"""What ends a line, as batch reads them: LF, CR LF, or a CR alone (never \\f, \\v, U+2028)."""


class _Line:
    """One statement: its line number, its text (comment cut off) and its words."""

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text = text.split("#", 1)[0]
        if not text.isprintable():
            self.words = [Token(m.group(), m.start() + 1) for m in _WORD.finditer(text)]
            return
        # Printable text holds no blank but the space: its words are what lies between spaces,
        # found without a pattern (a record has many lines).
        words = self.words = []
        column = 1
        for part in text.split(" "):
            if part:
                words.append(_new_token((part, column)))
            column += len(part) + 1

    def error(self, reason: str | Message, token: Token | None) -> GameError:
        """A GameError at ``token`` of this line (None: at its end)."""
        if token is None:
            column = len(self.text.rstrip()) + 1
            return GameError(reason, text=self.text, column=column, line=self.number)
        return GameError(
            reason, text=self.text, token=token.text, column=token.column, line=self.number
        )

    def rest(self, after: Token) -> str:
        """The text after ``after``, with blanks before it so that its columns are the line's."""
        start = after.column - 1 + len(after.text)
        return " " * start + self.text[start:]

    def expect(self, count: int, what: str | Message) -> None:
        """Raise unless the statement has ``count`` words after its keyword."""
        words = self.words
        if len(words) - 1 < count:
            raise self.error(Message("{word} needs {what}", word=words[0].text, what=what), None)
        if len(words) - 1 > count:
            extra = words[count + 1]
            reason = Message(
                "{extra} is one word too many for {word}",
                extra=quote(extra.text),
                word=words[0].text,
            )
            raise self.error(reason, extra)


def _number(line: _Line, token: Token) -> int:
    if not (token.text.isascii() and token.text.isdigit()):
        raise line.error(
            Message("{token} is not a whole number of points", token=quote(token.text)), token
        )
    return int(token.text)


def _claim(line: _Line, token: Token) -> int:
    """A claimed show or crib: a count some hand scores."""
    points = _number(line, token)
    if not rules.show_possible(points):
        raise line.error(Message("no hand scores {points}", points=points), token)
    return points


def _plain_hand(
    words: Sequence[Token], notation: Notation
) -> tuple[list[tuple[Card, Token]], list[tuple[Card, Token]]] | None:
    """The cards kept and laid away of a hand written plainly: each card a word, a ``|`` alone
    between them (none when nothing is laid away), no card twice on either side. None for
    any other hand, which the careful reading reads (and says what is wrong); for a plain
    hand both give the same cards at the same columns (a test checks)."""
    kept: list[tuple[Card, Token]] = []
    laid: list[tuple[Card, Token]] = []
    into = kept
    for token in words:
        if token.text == HAND_SEPARATOR and into is kept:
            into = laid
            continue
        try:
            into.append((parse_card(token.text, notation=notation), token))
        except CribcountError:
            return None
    if len({card for card, _ in kept}) != len(kept) or len({card for card, _ in laid}) != len(laid):
        return None
    return kept, laid


class _Reader:
    """Reads a record statement by statement, collecting every bad one."""

    def __init__(self, notation: Notation = ENGLISH) -> None:
        self.notation = notation
        self.errors: list[GameError] = []
        self.target: int | None = None
        self.players: tuple[str, ...] = ()
        self.partners = False
        self.muggins: bool | None = None
        self.deals = 0  # deals read whole and good
        self.last_line = 0
        self.draft: DealDraft | None = None
        self.dealt = 0  # deals begun, the bad ones too
        self.last_dealer: str | None = None
        self.named = False  # a players statement was given, even a bad one
        self.lost = False  # a deal before the players: the rest cannot be read
        self.handlers: dict[str, Callable[[_Line], None]] = {
            "game": self.game,
            "players": self.read_players,
            "partners": self.read_partners,
            "muggins": self.read_muggins,
            "deal": self.deal,
            "hand": self.hand,
            "extra": self.extra,
            "starter": self.starter,
            "play": self.play,
            "peg": self.peg,
            "show": self.show,
            "crib": self.crib,
        }

    # --- the game ---

    def header(self, line: _Line) -> None:
        keyword = line.words[0]
        if self.dealt or self.draft is not None:
            reason = Message(
                "{word} after the first deal: it goes before", word=quote(keyword.text)
            )
            raise line.error(reason, keyword)

    def game(self, line: _Line) -> None:
        self.header(line)
        line.expect(1, _GAMES_SAID)
        token = line.words[1]
        if self.target is not None:
            raise line.error(Message("a second game statement"), line.words[0])
        if token.text not in {str(game) for game in rules.GAMES}:
            reason = Message(
                "a game is to {games}, not {token}", games=_GAMES_SAID, token=quote(token.text)
            )
            raise line.error(reason, token)
        self.target = int(token.text)

    def read_players(self, line: _Line) -> None:
        self.header(line)
        names = line.words[1:]
        self.named = True
        if self.players:
            raise line.error(Message("a second players statement"), line.words[0])
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            where = names[MAX_PLAYERS] if len(names) > MAX_PLAYERS else None
            raise line.error(
                Message(
                    "players needs {least} to {most} names, got {n}",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                    n=len(names),
                ),
                where,
            )
        for i, name in enumerate(names):
            if name.text in (n.text for n in names[:i]):
                raise line.error(Message("{name} is named twice", name=quote(name.text)), name)
        self.players = tuple(name.text for name in names)

    def read_partners(self, line: _Line) -> None:
        self.header(line)
        line.expect(0, Message("nothing more"))
        if not self.players:
            reason = Message("partners before players: name the players first")
            raise line.error(reason, line.words[0])
        try:
            partnerships(len(self.players), partners=True)
        except CribcountError as error:
            raise line.error(error.said, line.words[0]) from None
        self.partners = True

    def read_muggins(self, line: _Line) -> None:
        self.header(line)
        line.expect(1, Message("on or off"))
        token = line.words[1]
        if token.text.lower() not in SWITCHES:
            reason = Message("muggins is on or off, not {token}", token=quote(token.text))
            raise line.error(reason, token)
        self.muggins = SWITCHES[token.text.lower()]

    # --- a deal ---

    def player(self, line: _Line, token: Token) -> str:
        if token.text not in self.players:
            raise line.error(
                Message(
                    "unknown player {name}: the players are {players}",
                    name=quote(token.text),
                    players=", ".join(self.players),
                ),
                token,
            )
        return token.text

    def current(self, line: _Line) -> DealDraft:
        if self.draft is None:
            reason = Message("{word} before any deal", word=line.words[0].text)
            raise line.error(reason, line.words[0])
        return self.draft

    def deal(self, line: _Line) -> None:
        if not self.players:
            self.lost = True
            raise line.error(Message("a deal before the players: name them first"), line.words[0])
        self.dealt += 1
        # Until the dealer is known, the deal's statements are skipped.
        self.draft = DealDraft(self.dealt, line.number, "", (), bad=True)
        previous, self.last_dealer = self.last_dealer, None
        line.expect(1, Message("the dealer's name"))
        dealer = self.last_dealer = self.player(line, line.words[1])
        self.draft = DealDraft(self.dealt, line.number, dealer, self.seats(dealer))
        if previous is not None:
            expected = self.next_dealer(previous)
            if dealer != expected:
                # The deal's cards can still be checked: only the turn is wrong.
                message = Message(
                    "{dealer} deals out of turn: after {previous}, {expected} deals",
                    dealer=dealer,
                    previous=previous,
                    expected=expected,
                )
                self.errors.append(line.error(message, line.words[1]))

    def seats(self, dealer: str) -> tuple[str, ...]:
        """The seats of a deal of ``dealer``, in order of play: from the dealer's left, the
        dealer last."""
        players = self.players
        at, n = players.index(dealer), len(players)
        return tuple(players[(at + seat) % n] for seat in range(1, n + 1))

    def next_dealer(self, previous: str) -> str:
        """Who deals after ``previous``: the deal passes to the left."""
        return self.players[(self.players.index(previous) + 1) % len(self.players)]

    def take(self, draft: DealDraft, line: _Line, cards: Sequence[tuple[Card, Token]]) -> None:
        """Note where each card is; a card already in the deal is an error."""
        here: dict[Card, int] = {}
        for card, token in cards:
            if card in draft.cards:
                at, column = draft.cards[card]
                raise line.error(
                    Message(
                        "{card} appears twice in the deal (first on line {at}, column {column})",
                        card=card,
                        at=at,
                        column=column,
                    ),
                    token,
                )
            if card in here:
                # Kept and laid away at once, or written twice in one statement.
                reason = Message(
                    "{card} appears twice in the deal (first at column {column})",
                    card=card,
                    column=here[card],
                )
                raise line.error(reason, token)
            here[card] = token.column
        draft.cards.update({card: (line.number, token.column) for card, token in cards})

    def hand(self, line: _Line) -> None:
        draft = self.current(line)
        if len(line.words) < 2:
            raise line.error(Message("hand needs a name and cards"), None)
        name = self.player(line, line.words[1])
        if name in draft.hands:
            raise line.error(Message("a second hand for {name}", name=name), line.words[1])
        seat = draft.seats.index(name) + 1
        laying = DEAL_SIZES[len(self.players)][seat - 1][1]
        plain = _plain_hand(line.words[2:], self.notation)
        if plain is not None and len(plain[0]) == HAND_SIZE and len(plain[1]) == laying:
            kept, laid = plain
        else:
            kept, laid = self.hand_cards(line, name, laying)
        self.take(draft, line, [*kept, *laid])
        draft.hands[name] = HandRecord(
            name, tuple(c for c, _ in kept), tuple(c for c, _ in laid), line.number
        )

    def hand_cards(
        self, line: _Line, name: str, laying: int
    ) -> tuple[list[tuple[Card, Token]], list[tuple[Card, Token]]]:
        """The cards a hand statement keeps and lays away, read with every check."""
        text = line.rest(line.words[1])
        parts = text.split(HAND_SEPARATOR)
        if len(parts) > 2:
            bar = Token(HAND_SEPARATOR, len(parts[0]) + len(parts[1]) + 2)
            reason = Message("a second '|': the cards kept, '|', the cards laid away")
            raise line.error(reason, bar)
        if len(parts) == 1 and laying:
            self.check_bar(line, parts[0], laying, name)
        kept = self.cards(line, parts[0], HAND_SIZE, name)
        # A seat that lays nothing away writes no '|'.
        blank = " " * (len(parts[0]) + 1)
        laid_text = blank + parts[1] if len(parts) > 1 else line.text  # none: at its end
        laid = self.cards(line, laid_text, laying, name, len(parts) > 1, kept=False)
        return kept, laid

    def check_bar(self, line: _Line, text: str, laying: int, name: str) -> None:
        """A hand written whole, without its ``|``: say where the bar goes."""
        try:
            cards = parse_cards(text, notation=self.notation)
        except CribcountError:
            return  # the bad card is said as the cards are read
        if len(cards) == HAND_SIZE + laying:
            kept = " ".join(token.text for _, token in cards[:HAND_SIZE])
            laid = " ".join(token.text for _, token in cards[HAND_SIZE:])
            raise line.error(
                Message(
                    "{name}'s {n} cards without '|': the 4 cards kept, '|', then the"
                    " {laying} laid away, as '{kept} | {laid}'",
                    name=name,
                    n=len(cards),
                    laying=laying,
                    kept=kept,
                    laid=laid,
                ),
                cards[HAND_SIZE][1],
            )

    def cards(
        self,
        line: _Line,
        text: str,
        wanted: int,
        name: str,
        given: bool = True,
        *,
        kept: bool = True,
    ) -> list[tuple[Card, Token]]:
        """``wanted`` cards from ``text`` (a part of the line, blanked before it), those
        ``name`` kept (else laid away)."""
        try:
            cards = parse_cards(text, notation=self.notation) if given else []
        except CribcountError as error:
            raise line.error(error.said, Token(error.token, error.column)) from None
        if len(cards) != wanted:
            where = cards[wanted][1] if len(cards) > wanted else Token("", len(text.rstrip()) + 1)
            players = len(self.players)
            said = (
                (
                    N_("{name} keeps {n} card with {players} players, got {got}"),
                    N_("{name} keeps {n} cards with {players} players, got {got}"),
                )
                if kept
                else (
                    N_("{name} lays away {n} card with {players} players, got {got}"),
                    N_("{name} lays away {n} cards with {players} players, got {got}"),
                )
            )
            reason = Message(
                said[0], plural=said[1], name=name, n=wanted, players=players, got=len(cards)
            )
            raise line.error(reason, where)
        return cards

    def one_card(self, line: _Line, draft: DealDraft) -> tuple[Card, int]:
        line.expect(1, Message("one card"))
        token = line.words[1]
        try:
            card = parse_card(
                token.text, text=line.text, column=token.column, notation=self.notation
            )
        except CribcountError as error:
            raise line.error(error.said, token) from None
        self.take(draft, line, [(card, token)])
        return card, line.number

    def extra(self, line: _Line) -> None:
        draft = self.current(line)
        if crib_from_deck(len(self.players)) == 0:
            raise line.error(
                Message(
                    "no card from the deck to the crib with {n} players: only with 3",
                    n=len(self.players),
                ),
                line.words[0],
            )
        if draft.extra is not None:
            raise line.error(Message("a second extra card"), line.words[0])
        draft.extra = self.one_card(line, draft)

    def starter(self, line: _Line) -> None:
        draft = self.current(line)
        if draft.starter is not None:
            raise line.error(Message("a second starter"), line.words[0])
        draft.starter = self.one_card(line, draft)

    def play(self, line: _Line) -> None:
        draft = self.current(line)
        if draft.play is not None:
            raise line.error(Message("a second play"), line.words[0])
        if len(line.words) < 2:
            raise line.error(Message("play needs the cards in the order laid"), None)
        draft.play = (line.rest(line.words[0]), line.number)

    def peg(self, line: _Line) -> None:
        draft = self.current(line)
        line.expect(2, Message("a name and points"))
        name = self.player(line, line.words[1])
        points = _number(line, line.words[2])
        earlier = [peg.points for peg in draft.pegs if peg.player == name]
        # A player scores in the play at most once for each card laid and once for each go.
        if len(earlier) == 2 * HAND_SIZE:
            reason = Message(
                "{name} pegs more often than a play scores: at most {most} times",
                name=name,
                most=2 * HAND_SIZE,
            )
            raise line.error(reason, line.words[0])
        pegged = points + sum(earlier)
        most = rules.most_pegged(HAND_SIZE)
        if pegged > most:
            reason = Message(
                "{name} pegs {pegged} in the play: no play pegs a player more than {most}",
                name=name,
                pegged=pegged,
                most=most,
            )
            raise line.error(reason, line.words[2])
        draft.pegs.append(Peg(name, points, line.number))

    def show(self, line: _Line) -> None:
        draft = self.current(line)
        line.expect(2, Message("a name and points"))
        name = self.player(line, line.words[1])
        if name in draft.shows:
            raise line.error(Message("a second show for {name}", name=name), line.words[1])
        draft.shows[name] = Claim(_claim(line, line.words[2]), line.number)

    def crib(self, line: _Line) -> None:
        draft = self.current(line)
        line.expect(1, Message("the points"))
        if draft.crib is not None:
            raise line.error(Message("a second crib"), line.words[0])
        draft.crib = Claim(_claim(line, line.words[1]), line.number)

    def close(self) -> DealRecord | None:
        """Check the deal being read as a whole: the deal, or None if it is bad (or none was)."""
        draft, self.draft = self.draft, None
        if draft is None or draft.bad:
            return None
        try:
            deal = record_deal(draft, partners=self.partners, notation=self.notation)
        except GameError as error:
            self.errors.append(error)
            return None
        self.deals += 1
        return deal

    def line(self, number: int, raw: str) -> DealRecord | None:
        """Read line ``number``: the deal it closed (a ``deal`` statement closes the last one)."""
        line = _Line(number, raw)
        if not line.words or self.lost:
            return None
        self.last_line = number
        keyword = line.words[0]
        handler = self.handlers.get(STATEMENTS.get(keyword.text.lower(), ""))
        closed = self.close() if handler == self.deal else None
        if handler is not None and handler != self.deal and self.draft and self.draft.bad:
            return None  # a bad deal's later statements are skipped
        try:
            if handler is None:
                raise line.error(
                    Message(
                        "unknown statement {word}: expected {statements}",
                        word=quote(keyword.text),
                        statements=Message(_STATEMENTS),
                    ),
                    keyword,
                )
            handler(line)
        except GameError as error:
            self.errors.append(error)
            if self.draft is not None:
                self.draft.bad = True
        return closed

    def finish(self) -> DealRecord | None:
        """The end of the record: the last deal, if good; a record without players is an error."""
        closed = self.close()
        if not self.players and not self.lost and not self.named:
            reason = Message("no players statement: name 2 to 6 players")
            self.errors.append(GameError(reason, line=1))
        return closed

    def take_errors(self) -> list[GameError]:
        """The errors found so far, in the order of the record, once no deal is being read."""
        if self.draft is not None and not self.draft.bad:
            return []  # the deal may yet give an error at its own line
        errors, self.errors = self.errors, []
        return sorted(errors, key=lambda e: (e.line, e.column))

    @property
    def record(self) -> GameRecord:
        """The game as its statements say so far: the deals are not kept."""
        return GameRecord(
            self.target or rules.GAMES[0], self.players, self.partners, bool(self.muggins), ()
        )


class RecordReader:
    """Reads a record as it comes, a line at a time: each deal once read, errors as found.

    >>> reader = RecordReader()
    >>> [reader.line(n, text) for n, text in enumerate(["players Ann Ben", "deal Ann"], 1)]
    [None, None]
    >>> reader.finish().dealer, reader.errors()
    ('Ann', [])
    """

    def __init__(self, *, notation: Notation = ENGLISH) -> None:
        self._reader = _Reader(notation)

    def line(self, number: int, text: str | GameError) -> DealRecord | None:
        """Read line ``number`` (without its line end): the deal it ended, if good.

        A line that could not be read is given as its GameError: a bad statement.
        """
        if isinstance(text, str):
            return self._reader.line(number, text)
        self._reader.errors.append(text)
        if self._reader.draft is not None:
            self._reader.draft.bad = True
        return None

    def finish(self) -> DealRecord | None:
        """The end of the record: its last deal, if good."""
        return self._reader.finish()

    def close_deal(self) -> DealRecord | None:
        """End the deal being read, as the next ``deal`` statement does: that deal, if good."""
        return self._reader.close()

    def quick_dealer(self, named: str) -> str | None:
        """Who deals a deal read at once whose ``deal`` statement names ``named``: the dealer in
        turn, once the deal before is ended and no statement was bad; None when no deal may
        be read at once now (the first deal of the record naming no player, or the record
        not in the English notation, which the quick readings know only)."""
        reader = self._reader
        if reader.draft is not None or reader.errors or reader.lost or not reader.players:
            return None
        if reader.notation is not ENGLISH:
            return None
        if reader.last_dealer is not None:
            return reader.next_dealer(reader.last_dealer)
        if reader.dealt == 0 and named in reader.players:
            return named
        return None

    def quick(self, line: int, lines: Sequence[str]) -> QuickDeal | None:
        """The deal of ``lines``, a block from its ``deal`` statement (line ``line``) up to the
        next, read at once if it is written the usual way with nothing wrong (``read_block``),
        once the deal before is ended and no statement was bad; else None. Nothing is taken as
        read until ``take`` is given the deal."""
        dealer = self.quick_dealer(lines[0][len("deal ") :])
        if dealer is None:
            return None
        reader = self._reader
        seats = reader.seats(dealer)
        # Lines after the deal's last statement that hold none (blank, a comment: a record's
        # usual layout between deals) are read as nothing, whichever way the deal is read.
        end = len(lines)
        while end > 1 and not _Line(line + end - 1, lines[end - 1]).words:
            end -= 1
        return read_block(lines[:end], seats, number=reader.dealt + 1, line=line)

    def take(self, deal: QuickDeal) -> None:
        """Take ``deal``, given by ``quick``, as read: the record goes on after its block."""
        self.take_deals(1, deal.dealer, deal.last_line)

    def take_deals(self, deals: int, dealer: str, last_line: int) -> None:
        """Take ``deals`` deals read at once as read, the last dealt by ``dealer`` with its
        last statement on line ``last_line``: the record goes on after them."""
        reader = self._reader
        reader.dealt += deals
        reader.deals += deals
        reader.last_dealer = dealer
        reader.last_line = last_line

    @property
    def dealt(self) -> int:
        """The deals read so far."""
        return self._reader.dealt

    def errors(self) -> list[GameError]:
        """The errors found since last asked, in order (those of a deal once it is over)."""
        return self._reader.take_errors()

    @property
    def record(self) -> GameRecord:
        """The game, its players and options as read so far, without the deals."""
        return self._reader.record


def record_lines(stream: BinaryIO) -> Iterator[tuple[int, str | GameError]]:
    """Each line of a record, numbered, as batch reads its lines: LF, CR LF or CR ends one.

    A line that is not UTF-8 or longer than ``MAX_LINE`` bytes comes as its GameError.

    >>> import io
    >>> list(record_lines(io.BytesIO(b"players A B\\r\\rdeal A\\x0c # not an end")))
    [(1, 'players A B'), (2, ''), (3, 'deal A\\x0c # not an end')]
    """
    from cribcount.reading import CAREFUL_CHUNK_SIZE, read_chunks

    for first, chunk in read_chunks(stream, size=CAREFUL_CHUNK_SIZE):
        yield from chunk_lines(first, chunk)


def chunk_lines(first: int, chunk: bytes) -> Iterator[tuple[int, str | GameError]]:
    """Each line of ``chunk`` (whole lines, each ending in a newline, the first numbered
    ``first``), as ``record_lines`` gives them."""
    from cribcount.reading import MAX_LINE

    lines = chunk.split(b"\n")[:-1]
    text = None
    if len(max(lines, key=len, default=b"")) <= MAX_LINE:
        try:
            text = chunk.decode("utf-8")  # most chunks are text whole: decoded at once
        except UnicodeDecodeError:
            pass
    if text is not None:
        yield from enumerate(text.split("\n")[:-1], start=first)
        return
    for number, raw in enumerate(lines, start=first):
        if len(raw) > MAX_LINE:
            reason = Message("line too long: more than {n} bytes", n=MAX_LINE)
            yield number, GameError(reason, line=number)
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as bad:
            column = len(raw[: bad.start].decode("utf-8")) + 1
            reason = Message("invalid UTF-8 byte {byte}", byte=f"0x{raw[bad.start]:02x}")
            yield number, GameError(reason, column=column, line=number)
            continue
        yield number, text


def read_record(text: str) -> GameRecord:
    """Read and check a whole game record.

    Raises GameRecordError holding a GameError (line, column, token) for each
    bad statement; a bad deal's other statements are read but not checked together.
    """
    reader = _Reader()
    deals = []
    for number, raw in enumerate(_LINE_END.split(text.removeprefix("\ufeff")), start=1):
        deals.append(reader.line(number, raw))
    deals.append(reader.finish())
    if reader.errors:
        raise GameRecordError(tuple(sorted(reader.errors, key=lambda e: (e.line, e.column))))
    return replace(reader.record, deals=tuple(deal for deal in deals if deal is not None))
