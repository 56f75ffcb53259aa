"""House-rule options: each variant lists its options as data, with allowed values and a one-line help."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.errors import RefereeError


@dataclass(frozen=True)
class Option:
    """One house rule. Either ``choices`` lists the allowed values, or ``minimum``/``maximum`` bound an
    integer. ``nullable`` allows ``null`` (for example "no target: the game is a number of hands")."""

    key: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise a RefereeError naming the option."""
        if value is None and self.nullable:
            return None
        if self.choices is not None:
            for choice in self.choices:
                # bool is an int in Python: 1 must not pass for True, nor True for 1
                if value == choice and type(value) is type(choice):
                    return value
            allowed = ", ".join(_show(c) for c in self.choices)
            raise RefereeError(f"House rule '{self.key}' must be one of {allowed}, not {_show(value)}.", field="rules")
        if type(value) is not int:
            raise RefereeError(f"House rule '{self.key}' must be a whole number, not {_show(value)}.", field="rules")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise RefereeError(
                f"House rule '{self.key}' must be between {self.minimum} and {self.maximum}, not {value}.", field="rules")
        return value

    def to_json(self) -> dict:
        out: dict[str, Any] = {"key": self.key, "default": self.default, "help": self.help}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        else:
            out["min"], out["max"] = self.minimum, self.maximum
        if self.nullable:
            out["nullable"] = True
        return out


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return repr(value) if isinstance(value, str) else str(value)


# Options shared by many variants, so each is written once.
def target(default: int | None, *, nullable: bool = False, help: str | None = None) -> Option:
    return Option("target", default, help or "Points needed to win the game.", minimum=1, maximum=500, nullable=nullable)


def start(default: int) -> Option:
    return Option("start", default, "The score each side starts from; the game counts down to zero.", minimum=1, maximum=500)


def hands(default: int | None, *, nullable: bool = False) -> Option:
    return Option("hands", default, "Number of hands in a game (void hands do not count).", minimum=1, maximum=10000,
                  nullable=nullable)


def stick_the_dealer(default: bool = False) -> Option:
    return Option("stick_the_dealer", default,
                  "When everyone passes twice the dealer must name trump, instead of throwing the hand in.",
                  choices=(False, True))


def renege_penalty(default: int = 2) -> Option:
    return Option("renege_penalty", default, "Points a side loses for a renege (failing to follow suit when able).",
                  choices=(0, 1, 2, 3, 4))
