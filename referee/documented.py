"""An enum whose members carry their own docstring, read at run time (``Event.MADE.__doc__``)."""
from __future__ import annotations

import enum


class DocumentedEnum(enum.StrEnum):
    """A string enum written ``NAME = "word", "what it means"``: the member equals its word, and its
    ``__doc__`` says what it means (python-chess's ``Termination`` documents members the same way)."""

    def __new__(cls, value: str, doc: str = "") -> "DocumentedEnum":
        member = str.__new__(cls, value)
        member._value_ = value
        member.__doc__ = doc
        return member
