"""Test settings: no hypothesis deadline, since a test's speed is never its verdict here
(the machines are shared, and a slow example is not a wrong one)."""

from hypothesis import settings

settings.register_profile("cribcount", deadline=None)
settings.load_profile("cribcount")
