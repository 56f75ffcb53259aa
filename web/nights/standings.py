"""The night's score sheet: every player's points game by game, read with three set-based queries.

A player's points in a game are the points their pair scored at their table, counted once that
table's game is done (confirmed by the other pair, or closed by the director). A player who sits out
scores the night's sit-out points (``referee.tournament.night.sit_out_points``): the average of the
game's done tables, or a fixed number. Before a player joined and after they left, a game is None.

The referee ranks and awards (``referee.tournament.prizes``); this module only gathers the numbers.
Standings are redrawn on every result, so nothing here loads ORM objects: only columns, one query
each for the players, the seats and the table games (400 players x 10 games: about 10 ms on SQLite;
the screens then draw each state once, see ``screens.FragmentCache``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from sqlalchemy import select

from extensions import db
from models import Night, NightPlayer, NightSeat, TableGame
from referee.tournament.night import sit_out_points
from referee.tournament.prizes import Tally
from referee.tournament.seats import PAIR_OF_SEAT

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
OPPONENTS = {"N": ("E", "W"), "S": ("E", "W"), "E": ("N", "S"), "W": ("N", "S")}


class PlayerRow(NamedTuple):
    id: int
    name: str
    position: int
    joined_game: int
    left_after: int | None


class TableRow(NamedTuple):
    game: int
    table: int
    status: str
    ns_points: int | None
    ew_points: int | None
    winner: str | None
    loners: dict[str, int] | None
    tie_note: str | None
    closed_by_director: bool
    corrected: bool

    @property
    def done(self) -> bool:
        return self.status == "done" and self.ns_points is not None and self.ew_points is not None

class Cell:
    """One player's game: where they sat and what it scored (``points`` None while it is not in yet).

    A plain slotted class rather than a dataclass: a night of 400 players makes thousands of these on
    every standings refresh. Treat it as read-only."""

    __slots__ = ("game", "table", "seat", "seated", "points", "won", "loners", "at")

    def __init__(self, game: int, table: int | None = None, seat: str | None = None, seated: bool = False,
                 points: int | None = None, won: bool = False, loners: int = 0,
                 at: dict[str, str] | None = None) -> None:
        self.game = game
        self.table = table            # None: sat out (when ``seated``) or did not play
        self.seat = seat
        self.seated = seated          # False: not at the night that game
        self.points = points
        self.won = won
        self.loners = loners
        self.at = at                  # the names at this table, by seat

    @property
    def sat_out(self) -> bool:
        return self.seated and self.table is None

    @property
    def pending(self) -> bool:
        """Seated for this game but its points are not in yet."""
        return self.seated and self.points is None

    @property
    def partner(self) -> str | None:
        return self.at.get(PARTNER[self.seat]) if self.at and self.seat else None

    @property
    def opponents(self) -> tuple[str, ...]:
        if not self.at or not self.seat:
            return ()
        return tuple(self.at[s] for s in OPPONENTS[self.seat] if s in self.at)

    def __repr__(self) -> str:
        return f"<Cell game {self.game} table {self.table} {self.seat} points {self.points}>"


@dataclass
class Sheet:
    """Everything the screens need about a night's games, loaded once."""

    night: Night
    players: list[PlayerRow]                                   # check-in order
    seats: dict[int, dict[int, tuple[int | None, str | None]]]  # game -> player id -> (table, seat)
    tables: dict[tuple[int, int], TableRow]                    # (game, table) -> its game
    started: int                                               # games seated so far
    cells: dict[int, list[Cell]] = field(default_factory=dict)  # player id -> one cell per started game
    sit_out_value: dict[int, int | None] = field(default_factory=dict)  # game -> what a sit-out scores

    def names(self) -> dict[int, str]:
        return {p.id: p.name for p in self.players}

    def table_rows(self, game: int) -> list[TableRow]:
        return sorted((row for (g, _), row in self.tables.items() if g == game), key=lambda r: r.table)


def load_sheet(night: Night) -> Sheet:
    conn = db.session.connection()  # Core rows: no ORM loading on this hot path
    # .all(): one fetchall, not a fetchone per row (thousands of seat rows by the last game)
    players = [PlayerRow(*row) for row in conn.execute(
        select(NightPlayer.id, NightPlayer.name, NightPlayer.position, NightPlayer.joined_game, NightPlayer.left_after)
        .where(NightPlayer.night_id == night.id).order_by(NightPlayer.position, NightPlayer.id)).all()]
    seats: dict[int, dict[int, tuple[int | None, str | None]]] = {}
    for game, player_id, table, seat in conn.execute(
            select(NightSeat.game, NightSeat.player_id, NightSeat.table, NightSeat.seat)
            .where(NightSeat.night_id == night.id)).all():
        seats.setdefault(game, {})[player_id] = (table, seat)
    tables = {(row[0], row[1]): TableRow(*row) for row in conn.execute(
        select(TableGame.game, TableGame.table, TableGame.status, TableGame.ns_points, TableGame.ew_points,
               TableGame.winner, TableGame.loners, TableGame.tie_note, TableGame.closed_by_director,
               TableGame.corrected)
        .where(TableGame.night_id == night.id)).all()}
    started = max([night.current_game or 0, *seats.keys()], default=0)
    sheet = Sheet(night=night, players=players, seats=seats, tables=tables, started=started)
    _fill_cells(sheet)
    return sheet


def _fill_cells(sheet: Sheet) -> None:
    night = sheet.night
    names = sheet.names()
    per_game: list[dict[int, Cell]] = []
    for game in range(1, sheet.started + 1):
        seated = sheet.seats.get(game, {})
        by_table: dict[int, dict[str, int]] = {}
        sit_outs = []
        for pid, (table, seat) in seated.items():
            if table is None:
                sit_outs.append(pid)
            elif seat:
                by_table.setdefault(table, {})[seat] = pid
        game_points: list[int] = []
        scored: dict[int, Cell] = {}
        for table, at in by_table.items():
            row = sheet.tables.get((game, table))
            done = row is not None and row.done
            loners = (row.loners or {}) if done else {}
            at_names = {seat: names[pid] for seat, pid in at.items() if pid in names}
            for seat, pid in at.items():
                pair = PAIR_OF_SEAT[seat]
                if done:
                    points = row.ns_points if pair == "NS" else row.ew_points
                    game_points.append(points)
                    scored[pid] = Cell(game, table, seat, True, points, row.winner == pair,
                                       int(loners.get(seat, 0) or 0), at_names)
                else:
                    scored[pid] = Cell(game, table, seat, True, None, False, 0, at_names)
        value = None
        if sit_outs and (game_points or night.sit_out_mode == "fixed"):
            value = sit_out_points(night.sit_out_mode, night.sit_out_points or 0, game_points)
        sheet.sit_out_value[game] = value
        for pid in sit_outs:
            scored[pid] = Cell(game, None, None, True, value)
        per_game.append(scored)
    # The seat rows are the record of who was there: a player who left and came back keeps the games
    # they played before (their ``joined_game`` has moved on), and games without a seat row are None.
    empty = [Cell(game) for game in range(1, sheet.started + 1)]
    sheet.cells = {player.id: [scored.get(player.id) or empty[i] for i, scored in enumerate(per_game)]
                   for player in sheet.players}


def tallies_of(sheet: Sheet) -> list[Tally]:
    out = []
    for player in sheet.players:
        points, wins, loners, sat_out = [], 0, 0, 0
        for c in sheet.cells.get(player.id, ()):
            points.append(c.points)
            if c.won:
                wins += 1
            loners += c.loners
            if c.seated and c.table is None:
                sat_out += 1
        out.append(Tally(player=player.id, name=player.name, points=tuple(points), wins=wins, loners=loners,
                         sat_out=sat_out, present_at_end=player.left_after is None))
    return out


def tallies(night: Night) -> list[Tally]:
    """Each player's tally: points per game started (None: not at the night, or not in yet), wins,
    loners made, games sat out, and whether they stayed to the end."""
    return tallies_of(load_sheet(night))


def standings_tag(night: Night, version: int | None = None) -> str:
    """The state tag of everything the standings show (``version``, by default the night's now):
    ``night.standings_version`` moves on every result confirmed or closed, correction, check-in,
    departure, return, game start and the night's end; not on a result sent or withdrawn, nor the bell."""
    return f"s{night.id}-{night.standings_version if version is None else version}"


def sit_out_words(night: Night) -> str:
    if night.sit_out_mode == "fixed":
        points = night.sit_out_points or 0
        return f"A player who sits out a game scores {points} point{'' if points == 1 else 's'} for it."
    return ("A player who sits out a game scores the average of every playing player's points in that game, "
            "rounded to the nearest point (halves up).")

