"""The error every step of a night raises when it cannot be taken now."""
from __future__ import annotations


class NightError(Exception):
    """A step the night cannot take now, in plain words for the person who tried it."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
