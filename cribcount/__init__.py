"""cribcount: exact cribbage scoring, from the shell or from Python."""

from cribcount.cards import Card, CribcountError, Hand, NotationError, Rank, Suit, parse_hand
from cribcount.show import Count, Item, Kind, count_show

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Count",
    "CribcountError",
    "Hand",
    "Item",
    "Kind",
    "NotationError",
    "Rank",
    "Suit",
    "__version__",
    "count_show",
    "parse_hand",
]
