"""A game's seating as the referee plans it (:class:`GamePlan`), the rotation chart it comes from when the
chart movement is used (:class:`ChartState`), and the words the plans' notes share."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.tournament.movement import Seat
from referee.tournament.seats import PARTNER_SEAT, SEATS

P = Hashable  # the app uses int player ids


@dataclass(frozen=True)
class ChartState:
    """Which rotation chart a chart-movement game comes from: ``rotation_chart(len(roster), games)``,
    whose place ``i`` is ``roster[i]`` and whose round 0 is played in game ``first_game``."""

    roster: tuple[P, ...]
    first_game: int
    games: int

    def round_of(self, game: int) -> int:
        return game - self.first_game

    def covers(self, game: int) -> bool:
        return 0 <= self.round_of(game) < self.games

    def still_seats(self, roster: Iterable[P], game: int) -> bool:
        """Whether this chart seats ``game`` for ``roster``: the same players, and a game within its span.
        Otherwise the chart movement draws a new chart for the remaining games
        (:func:`referee.tournament.charts.plan_chart`)."""
        return set(self.roster) == set(roster) and self.covers(game)

    @classmethod
    def from_json(cls, data: Mapping) -> ChartState:
        """The chart as stored: ``{"roster": [...], "first_game": 1, "games": 10}``."""
        return cls(tuple(data["roster"]), int(data["first_game"]), int(data["games"]))


@dataclass(frozen=True)
class GamePlan:
    """Who sits where in one game (1-based ``game``) of the night.

    ``since`` gives, for each seated player, the game from which they have sat at their current table
    (the movement's "longest at the table" rule needs it). ``notes`` explain the changes in plain words.
    """

    game: int
    seating: dict[P, Seat]
    sit_outs: tuple[P, ...]
    since: dict[P, int]
    chart: ChartState | None = None
    notes: tuple[str, ...] = ()

    @property
    def tables(self) -> dict[int, dict[str, P]]:
        """``{table: {seat: player}}``, tables in order."""
        out: dict[int, dict[str, P]] = {}
        for player, seat in sorted(self.seating.items(), key=lambda item: (item[1].table, SEATS.index(item[1].seat))):
            out.setdefault(seat.table, {})[seat.seat] = player
        return out

    def partners(self) -> dict[P, P]:
        """Each seated player's partner."""
        at = {(s.table, s.seat): p for p, s in self.seating.items()}
        return {p: at[(s.table, PARTNER_SEAT[s.seat])] for p, s in self.seating.items()
                if (s.table, PARTNER_SEAT[s.seat]) in at}

    def to_json(self) -> dict:
        """A JSON-ready dict (players must be JSON values themselves, e.g. int ids)."""
        return {
            "game": self.game,
            "seating": [[p, s.table, s.seat] for p, s in self.seating.items()],
            "sit_outs": list(self.sit_outs),
            "since": [[p, g] for p, g in self.since.items()],
            "chart": None if self.chart is None else {
                "roster": list(self.chart.roster), "first_game": self.chart.first_game, "games": self.chart.games},
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> GamePlan:
        chart = data.get("chart")
        return cls(
            game=int(data["game"]),
            seating={p: Seat(int(t), str(s)) for p, t, s in data["seating"]},
            sit_outs=tuple(data["sit_outs"]),
            since={p: int(g) for p, g in data["since"]},
            chart=None if chart is None else ChartState.from_json(chart),
            notes=tuple(data.get("notes", ())),
        )


def namer(names: Mapping[P, str] | None):
    names = names or {}
    return lambda p: str(names.get(p, p))


def list_names(players: Sequence[P], name) -> str:
    words = [name(p) for p in players]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def roster_changes(roster: Sequence[P], previous: GamePlan | None) -> tuple[list[P], list[P]]:
    """Late arrivals (on the roster, not at the previous game) and leavers (the reverse), in order."""
    if previous is None:
        return [], []
    before = list(previous.seating) + list(previous.sit_outs)
    known, now = set(before), set(roster)
    return [p for p in roster if p not in known], [p for p in before if p not in now]
