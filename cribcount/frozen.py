"""Small immutable values whose fields live in ``__slots__``: a frozen dataclass, made cheaply.

``dataclasses`` writes the methods of each class as source and compiles them
when the class is made, about half a millisecond a class: the classes that
counting one hand needs (cards, hands, the notation, the language, a play's
items) cost ``cribcount 5h 5d 5c Js / 5s`` a few milliseconds of start-up
that way. A ``Frozen`` subclass names its fields in ``__match_args__``, lists
them (and any attribute worked out from them) in ``__slots__`` and sets them
once, in ``__init__``, with ``_set``. It is then compared, hashed, shown,
copied and pickled by those fields, as a frozen dataclass is, and refuses to
have an attribute assigned or deleted.

>>> class Point(Frozen):
...     __slots__ = __match_args__ = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         self._set(x=x, y=y)
>>> Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1), Point(1, 2)
(True, False, Point(x=1, y=2))
>>> Point(1, 2).x = 3
Traceback (most recent call last):
AttributeError: cannot assign to field 'x': Point is immutable
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

__all__ = ["Frozen"]


class Frozen:
    """Base of immutable values compared, hashed, shown and pickled by their fields.

    ``__match_args__`` names the fields in the order ``__init__`` takes them.
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[attrgetter[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._values = attrgetter(*cls.__match_args__)

    def _set(self, **values: object) -> None:
        """Give attributes their values: once, in ``__init__`` (assignment is refused after)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _fields(self) -> tuple[object, ...]:
        """The values of the fields, in order."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        values = self._values
        return bool(values(self) == values(other))

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[Frozen], tuple[object, ...]]:
        # Made again through __init__, from the fields: assignment is refused.
        return type(self), self._fields()
