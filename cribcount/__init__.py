"""cribcount: exact cribbage scoring, from the shell or from Python."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {
    "cribcount.cards": ("Card", "Hand", "Rank", "Suit", "parse_hand"),
    "cribcount.errors": ("CribcountError", "DealError", "NotationError", "PlayError"),
    "cribcount.show": ("Count", "Item", "Kind", "count_show"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A public name, imported on first use: the console script starts before the library."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'cribcount' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the ones not imported yet included."""
    return sorted({*globals(), *__all__})
