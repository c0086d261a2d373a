"""The examples in every module's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cribcount

MODULES = sorted(info.name for info in pkgutil.walk_packages(cribcount.__path__, "cribcount."))


@pytest.mark.parametrize("name", [n for n in MODULES if n != "cribcount.__main__"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_modules_have_examples() -> None:
    tried = sum(
        doctest.testmod(importlib.import_module(n)).attempted
        for n in ["cribcount.cards", "cribcount.show", "cribcount.render.show"]
    )
    assert tried >= 5
