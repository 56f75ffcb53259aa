"""The error a step of the service layer raises when it cannot be taken now."""
from __future__ import annotations


class StepRefused(Exception):
    """A step that cannot be taken now, in plain words for the person who tried it; ``field`` names the
    form field the words belong next to, when there is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
