"""The one error the referee raises, carrying where in the document it happened."""
from __future__ import annotations

from referee.result import RuleSection, rule_section


class RefereeError(ValueError):
    """Bad input, explained in words a player understands.

    ``hand`` is the 0-based index into the match document's ``hands`` and ``field`` the key at
    fault, when they apply (match-format.md, "On bad input"). ``code`` names a kind of error a program
    may want to recognise (an extension): ``after-game-end`` for a hand listed after the game ended.
    """

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None,
                 code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.field = field
        self.code = code

    def at_hand(self, hand: int) -> "RefereeError":
        """The same error, located at hand ``hand`` (kept if already located)."""
        if self.hand is not None:
            return self
        return RefereeError(self.message, hand=hand, field=self.field, code=self.code)

    @property
    def section(self) -> RuleSection | None:
        """The rules-page section that explains this refusal (``after-game-end``: how a game ends), or None."""
        return rule_section(self.code) if self.code else None

    def to_json(self) -> dict:
        out: dict = {"error": self.message}
        if self.hand is not None:
            out["hand"] = self.hand
        if self.field is not None:
            out["field"] = self.field
        if self.code is not None:
            out["code"] = self.code
        return out

    def __repr__(self) -> str:
        return f"RefereeError({self.message!r}, hand={self.hand!r}, field={self.field!r})"
