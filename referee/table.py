"""Who sits where, what a hand produced, and the running state of a game."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Table:
    """Seats and sides. In partnership games seats i, i+2 (, i+4) are partners and team 0 holds
    seat 0 (match-format.md, "players"); otherwise every seat is its own side."""

    players: tuple[str, ...]
    partnership: bool
    tricks: int

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def n_sides(self) -> int:
        return 2 if self.partnership else len(self.players)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        if not self.partnership:
            return (side,)
        return tuple(range(side, self.n_players, 2))

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The name of each side, computed once."""
        return tuple(self.side_names())

    def side_names(self) -> list[str]:
        if not self.partnership:
            return list(self.players)
        names = []
        for side in range(2):
            members = [self.players[s] for s in self.seats_of(side)]
            names.append(", ".join(members[:-1]) + " & " + members[-1])
        return names


@dataclass
class Outcome:
    """What one hand did: points per side, the words for it, and what the ending rules need."""

    deltas: list[int]
    events: list[str]
    notes: list[str] = field(default_factory=list)
    maker_sides: tuple[int, ...] = ()
    made: bool | None = None
    marks: list[int] | None = None
    instant_winner: int | None = None
    side_tricks: list[int] | None = None
    counted: bool = True

    @classmethod
    def void(cls, n_sides: int, note: str, *events: str) -> "Outcome":
        return cls([0] * n_sides, ["void", *events], [note], counted=False)


@dataclass
class GameState:
    """The running state before a hand: totals, hands counted, sit-out runs, marks."""

    totals: list[int]
    counted_hands: int = 0
    sit_out_runs: list[int] = field(default_factory=list)
    marks: list[int] | None = None


@dataclass(frozen=True)
class Ending:
    """How a game ended: the winning side (or a tie) and the rule that decided it, in words."""

    winner: int | None
    tie: bool
    rule: str
