"""Advising the discard: the exact expected hand and crib for every way to lay away.

After the deal a player holds six cards and lays two away to the crib. For each
of the 15 choices this module averages the show of the four kept cards over
every possible starter, and the crib over every way the opponent can lay away
two of the unseen cards and every starter left, each equally likely. With
three to six players a seat that lays away holds five cards and lays one away;
the other three crib cards (other seats' discards, or the deck's card with
three players) are taken as any unseen cards.

>>> from cribcount.cards import format_cards
>>> advice = advise_discard(parse_deal("5h 5d 6c 7s Jh Kd"), role=Role.DEALER)
>>> best = advice.best
>>> format_cards(best.keep), format_cards(best.discard)
('5h 5d Jh Kd', '6c 7s')
>>> advice.heels  # three jacks unseen of 46 cards: 2 x 3/46
Fraction(3, 23)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import TYPE_CHECKING, NamedTuple

from cribcount import rules
from cribcount.cards import (
    DECK,
    ENGLISH,
    Card,
    FrozenValue,
    Notation,
    Rank,
    Suit,
    check_count,
    check_distinct,
    parse_cards,
)
from cribcount.errors import DealError, TableError
from cribcount.messages import Message
from cribcount.seats import (
    CRIB_SIZE,
    DEAL_SIZES,
    crib_side,
    seats_laying_away,
)

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "Advice",
    "Choice",
    "Role",
    "advise_discard",
    "check_deal",
    "crib_points_total",
    "discard_seat",
    "hand_points",
    "parse_deal",
    "suit_points",
]


class Role(enum.Enum):
    """Whose crib it is: the dealer's (yours or your partner's), or (for pone) an opponent's."""

    DEALER = "dealer"
    PONE = "pone"


class Choice(NamedTuple):
    """One way to lay away: the kept cards, the discards and their exact expected values.

    The values are kept as whole numbers over their denominators, and made
    exact fractions only when asked for (most advice shows one choice, or
    floats): ``hand_sum`` is the show of the kept cards summed over the
    ``starters`` unseen starters, ``crib_sum`` the crib's points (no heels)
    summed over ``cribs`` equally likely cribs, and ``net_sum`` what the
    choice is worth to the player, heels included, over ``starters * cribs``.
    ``hand_min`` and ``hand_max`` are the least and most the kept cards can show.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_sum: int
    hand_min: int
    hand_max: int
    crib_sum: int
    net_sum: int
    starters: int
    cribs: int

    @property
    def hand(self) -> Fraction:
        """The average show of the kept cards over the unseen starters, exactly."""
        from fractions import Fraction  # (only when asked: a one-deal command does without)

        return Fraction(self.hand_sum, self.starters)

    @property
    def crib(self) -> Fraction:
        """The average crib (no heels), exactly."""
        from fractions import Fraction

        return Fraction(self.crib_sum, self.cribs)

    @property
    def net(self) -> Fraction:
        """What the choice is worth to the player, heels included, exactly."""
        from fractions import Fraction

        return Fraction(self.net_sum, self.starters * self.cribs)

    # The floats nearest the exact values: a quotient of whole numbers is rounded once, as
    # float(Fraction) rounds it, with or without the common factors.
    @property
    def hand_float(self) -> float:
        """``float(self.hand)``, without making the fraction."""
        return self.hand_sum / self.starters

    @property
    def crib_float(self) -> float:
        """``float(self.crib)``, without making the fraction."""
        return self.crib_sum / self.cribs

    @property
    def net_float(self) -> float:
        """``float(self.net)``, without making the fraction."""
        return self.net_sum / (self.starters * self.cribs)


class Advice(FrozenValue):
    """Every choice for a deal, best first, with the heels the cut is worth to the dealer:
    ``heels_sum`` points over the ``starters`` unseen cards that may be cut."""

    __slots__ = ("cards", "role", "players", "heels_sum", "starters", "choices", "seat")
    __match_args__ = ("cards", "role", "players", "heels_sum", "starters", "choices", "seat")

    cards: tuple[Card, ...]
    role: Role
    players: int
    heels_sum: int
    starters: int
    choices: tuple[Choice, ...]
    seat: int

    def __init__(
        self,
        cards: tuple[Card, ...],
        role: Role,
        players: int,
        heels_sum: int,
        starters: int,
        choices: tuple[Choice, ...],
        seat: int,
    ) -> None:
        self._set_fields(cards, role, players, heels_sum, starters, choices, seat)

    @property
    def heels(self) -> Fraction:
        """What the cut is worth to the dealer in his heels, on average, exactly."""
        from fractions import Fraction  # (only when asked: a one-deal command does without)

        return Fraction(self.heels_sum, self.starters)

    @property
    def heels_float(self) -> float:
        """``float(self.heels)``, without making the fraction."""
        return self.heels_sum / self.starters

    @property
    def best(self) -> Choice:
        """The choice with the highest net."""
        return self.choices[0]


def parse_deal(
    text: str, *, players: int = 2, seat: int | None = None, notation: Notation = ENGLISH
) -> tuple[Card, ...]:
    """Read the cards dealt to one seat: 6 distinct cards with two players, else 5 (or 4).

    ``seat`` is numbered from 1; by default, seat 1. Raises NotationError for a
    bad card and DealError for a card given twice or the wrong number of
    cards, naming the first card too many and its column.

    >>> from cribcount.cards import format_cards
    >>> format_cards(parse_deal("5h,5d 6c 7s 10h Kd"))
    '5h 5d 6c 7s Th Kd'
    """
    wanted = DEAL_SIZES[players][(seat or 1) - 1][0]
    cards = parse_cards(text, what=Message("the deal"), notation=notation)
    expected = Message("{n} cards to choose from", n=wanted)
    check_count(text, cards, wanted, expected=expected)
    return tuple(card for card, _ in cards)


def discard_seat(
    players: int, *, role: Role, seat: int | None = None, partners: bool = False
) -> int:
    """The seat that lays away: ``seat`` checked, or by default one of ``role``'s side.

    With ``role`` DEALER the seat shares the crib (the dealer, or the dealer's
    partner); with PONE it does not. By default: for pone the first seat that
    lays away; for the dealer the dealer, or the dealer's partner when the
    dealer lays away nothing. Raises TableError for a seat the table does not
    have, a seat that lays away nothing or a seat on the other side.

    >>> discard_seat(6, role=Role.DEALER, partners=True)
    3
    """
    laying = seats_laying_away(players)
    side = crib_side(players, partners=partners)
    if seat is None:
        ours = [s for s in laying if (s in side) == (role is Role.DEALER)]
        if role is Role.DEALER:
            ours.reverse()  # the dealer's own seat, the last, before the partner's
        if not ours:
            reason = Message(
                "with {players} players no seat that lays away shares the crib: the dealer"
                " is dealt {dealt} and lays away nothing, and has no partner",
                players=players,
                dealt=DEAL_SIZES[players][-1][0],
            )
            raise TableError(reason)
        return ours[0]
    if not 1 <= seat <= players:
        reason = Message(
            "seat {seat}: a table of {players} players has seats 1 to {players}",
            seat=seat,
            players=players,
        )
        raise TableError(reason)
    if seat not in laying:
        dealt = DEAL_SIZES[players][seat - 1][0]
        reason = Message(
            "seat {seat} of {players} lays away nothing: it is dealt {dealt} cards and keeps"
            " them (seats {first} to {last} lay away one each)",
            seat=seat,
            players=players,
            dealt=dealt,
            first=laying[0],
            last=laying[-1],
        )
        raise TableError(reason)
    whose = (
        Message("the dealer's (seat {seat})", seat=players)
        if len(side) == 1
        else Message(
            "the dealer's (seat {seat}) and partner's (seat {partner})",
            seat=players,
            partner=side[0],
        )
    )
    if role is Role.DEALER and seat not in side:
        raise TableError(
            Message(
                "seat {seat} of {players} does not share the crib: it is {whose}",
                seat=seat,
                players=players,
                whose=whose,
            )
        )
    if role is Role.PONE and seat in side:
        raise TableError(
            Message(
                "seat {seat} of {players} shares the crib: it is {whose}",
                seat=seat,
                players=players,
                whose=whose,
            )
        )
    return seat


def hand_points(keep: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The show of four kept cards (or a crib's four) with a starter: the same as
    ``count_show(...).total``."""
    keys = _RANK_KEYS
    first, second, third, fourth = keep
    # Rank keys add: the five cards' key is the sum of each card's.
    key = keys[first.rank] + keys[second.rank] + keys[third.rank] + keys[fourth.rank]
    return rules.rank_totals()[key + keys[starter.rank]] + suit_points(
        keep, starter.suit, crib=crib
    )


_RANK_KEYS = (0, *(rules.rank_key([rank]) for rank in Rank))
"""``rank_key`` of one card, by its rank."""


def suit_points(keep: Sequence[Card], starter_suit: Suit, *, crib: bool = False) -> int:
    """What a hand's four cards score by suit with a starter of ``starter_suit``: flush and nobs."""
    first, second, third, fourth = keep
    suit = first.suit
    hand_suited = rules.four_suited(suit, second.suit, third.suit, fourth.suit)
    points = rules.flush_points(
        hand_suited=hand_suited, starter_suited=starter_suit == suit, crib=crib
    )
    nob_with = _NOB_WITH
    for card in keep:
        if nob_with[card.index] == starter_suit:
            points += rules.NOBS_POINTS
    return points


_NOB_WITH = tuple(
    next((suit for suit in Suit if rules.is_nob(card.rank, card.suit, suit)), None) for card in DECK
)
"""By a card's index, the starter's suit that makes it his nob (None: not a jack)."""


class _Unseen:
    """The cards a player cannot see, grouped by rank and by suit for counting cribs.

    ``drawn`` is how many of them go into each crib with the starter: the
    opponent's discards (and any other player's) and the starter itself.
    """

    def __init__(self, seen: Sequence[Card], *, drawn: int) -> None:
        self.cards = tuple(card for card in DECK if card not in seen)
        self.drawn = drawn
        self.by_rank: dict[int, int] = {rank: 0 for rank in Rank}
        self.by_suit = dict.fromkeys(Suit, 0)
        for card in self.cards:
            self.by_rank[card.rank] += 1
            self.by_suit[card.suit] += 1
        # His nob from an unseen card in the crib: for each unseen card, the starters of the
        # suit that makes it his nob, among the other unseen cards.
        self.nob_starters = sum(
            self.by_suit[suit] - (suit == card.suit)
            for card in self.cards
            for suit in Suit
            if rules.is_nob(card.rank, card.suit, suit)
        )
        # Each starter as its rank's part of a rank key, and its suit.
        self.starters = [(rules.rank_key([card.rank]), card.suit) for card in self.cards]
        # Each multiset of drawn ranks (as its rank key), with the ways the unseen cards give it.
        self.rank_weights: list[tuple[int, int]] = []
        for ranks in combinations_with_replacement(range(1, 14), drawn):
            ways = prod(comb(self.by_rank[r], ranks.count(r)) for r in set(ranks))
            if ways:
                self.rank_weights.append((rules.rank_key(ranks), ways))


def crib_points_total(discard: Sequence[Card], seen: Sequence[Card]) -> tuple[int, int]:
    """The crib's points summed over every equally likely crib, and how many cribs there are.

    ``discard`` are the player's cards in the crib and ``seen`` every card the
    player holds; the rest of the crib (4 cards in all) and the starter come
    from the unseen cards, every choice equally likely.
    """
    return _crib_total(discard, _Unseen(seen, drawn=CRIB_SIZE + 1 - len(discard)))


def _crib_total(discard: Sequence[Card], unseen: _Unseen) -> tuple[int, int]:
    drawn = unseen.drawn
    others = drawn - 1  # the crib cards that are not the player's
    n = len(unseen.cards)
    cribs = comb(n, others) * (n - others)
    # Ranks: any of the drawn cards may be the starter, and the ranks do not care which.
    mine = rules.rank_key([c.rank for c in discard])
    points = rules.rank_totals()
    ranks = sum(ways * points[mine + drawn] for drawn, ways in unseen.rank_weights)
    total = ranks * drawn
    # Crib flush: only all five cards of one suit, so every drawn card of the discards' suit.
    suit = discard[0].suit
    if all(c.suit == suit for c in discard):
        flush = rules.flush_points(hand_suited=True, starter_suited=True, crib=True)
        total += flush * comb(unseen.by_suit[suit], drawn) * drawn
    # Nobs, for a card laid away: any starter that makes it his nob, the other crib cards from
    # the rest.
    laid_nobs = sum(
        unseen.by_suit[suit]
        for card in discard
        for suit in Suit
        if rules.is_nob(card.rank, card.suit, suit)
    )
    # Nobs, for an unseen card in the crib: such a starter, the rest from the others.
    nobs = laid_nobs * comb(n - 1, others) + unseen.nob_starters * comb(n - 2, others - 1)
    return total + rules.NOBS_POINTS * nobs, cribs


def check_deal(cards: Sequence[Card], dealt: int) -> None:
    """Raise DealError unless ``cards`` are ``dealt`` different cards."""
    check_distinct([(card, None) for card in cards])
    if len(cards) != dealt:
        raise DealError(Message("expected {n} cards, got {cards}", n=dealt, cards=tuple(cards)))


def advise_discard(
    cards: Sequence[Card],
    *,
    role: Role,
    players: int = 2,
    seat: int | None = None,
    partners: bool = False,
) -> Advice:
    """Every way to lay away from ``cards``, with exact expected values, best net first.

    ``seat`` (by default the first of ``role``'s side that lays away) and
    ``partners`` are checked by ``discard_seat``. Ties in net go to the
    higher hand average, then to the order of the cards given.
    """
    seat = discard_seat(players, role=role, seat=seat, partners=partners)
    dealt, laid = DEAL_SIZES[players][seat - 1]
    check_deal(cards, dealt)
    # The rest of the crib and the starter: CRIB_SIZE - laid cards and one more, all unseen.
    unseen = _Unseen(cards, drawn=CRIB_SIZE + 1 - laid)
    n = len(unseen.cards)
    heels = sum(rules.heels_points(card.rank) for card in unseen.cards)
    sign = 1 if role is Role.DEALER else -1
    points = rules.rank_totals()
    choices = []
    for discard in combinations(cards, laid):
        keep = tuple(card for card in cards if card not in discard)
        # hand_points of every starter, its rank and suit parts looked up apart.
        kept = rules.rank_key([card.rank for card in keep])
        by_suit = {suit: suit_points(keep, suit) for suit in Suit}
        shows = [points[kept + rank] + by_suit[suit] for rank, suit in unseen.starters]
        hand = sum(shows)
        crib, cribs = _crib_total(discard, unseen)
        # hand / n + sign * (crib / cribs + heels / n), over the common denominator n * cribs.
        net = hand * cribs + sign * (crib * n + heels * cribs)
        choices.append(Choice(keep, discard, hand, min(shows), max(shows), crib, net, n, cribs))
    ranked = sorted(choices, key=lambda c: (-c.net_sum, -c.hand_sum))
    return Advice(tuple(cards), role, players, heels, n, tuple(ranked), seat)
