"""cribcount: exact cribbage scoring, from the shell or from Python."""

from cribcount.cards import Card, Hand, Rank, Suit, parse_hand
from cribcount.errors import CribcountError, DealError, NotationError, PlayError
from cribcount.show import Count, Item, Kind, count_show

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Count",
    "CribcountError",
    "DealError",
    "Hand",
    "Item",
    "Kind",
    "NotationError",
    "PlayError",
    "Rank",
    "Suit",
    "__version__",
    "count_show",
    "parse_hand",
]
