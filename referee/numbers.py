"""How a number is written wherever a player reads it: the referee's notes and the app's screens.

A negative number takes a real minus sign (U+2212, "−6"), never the hyphen "-6", which a screen reader
may skip and which breaks a line at the wrong place.
"""
from __future__ import annotations

MINUS = "\u2212"


def with_minus(n: int) -> str:
    """``-6`` -> ``"−6"``; ``6`` -> ``"6"``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int, zero: str = "0") -> str:
    """A change of score with its sign: ``"+3"``, ``"−2"``, and ``zero`` when there is none."""
    return f"+{n}" if n > 0 else with_minus(n) if n < 0 else zero
