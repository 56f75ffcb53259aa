"""Reading a night: who plays a game, where everyone sits, how far a game is. No state changes here."""
from __future__ import annotations

from typing import Callable

from sqlalchemy import bindparam, case, func, select
from sqlalchemy.orm import aliased

from extensions import db, read_in_transaction
from models import Hand, Night, NightPlayer, NightSeat, TableGame
from services.night.wording import place_label


def next_playable_game(night: Night) -> int:
    """The first game a player checked in now can play: the next one once play has begun."""
    if night.status == "checkin":
        return 1
    return night.current_game + 1


def roster(night: Night, game: int) -> list[NightPlayer]:
    return [p for p in night.players if p.plays_in(game)]

def sit_out_counts(night: Night) -> dict[int, int]:
    rows = db.session.execute(
        select(NightSeat.player_id, func.count()).where(NightSeat.night_id == night.id, NightSeat.table.is_(None))
        .group_by(NightSeat.player_id))
    return {player_id: count for player_id, count in rows}


def head_table_hands(night: Night) -> int:
    """The hands entered at the head table in the current game."""
    return db.session.scalar(
        select(func.count(Hand.id)).join(TableGame, TableGame.match_id == Hand.match_id)
        .where(TableGame.night_id == night.id, TableGame.game == night.current_game, TableGame.table == 1)) or 0


def player_counts(night: Night, game: int) -> tuple[int, int]:
    """(checked in, playing ``game``), counted in SQL: the dashboard shows both, and loading every player
    of a thousand-table night for two numbers cost a tenth of its drawing."""
    checked_in, playing = db.session.execute(
        select(func.count(), func.count(case((NightPlayer.plays_in(game), 1))))
        .where(NightPlayer.night_id == night.id)).one()
    return checked_in, playing


def names_by_table(night: Night, game: int) -> tuple[dict[int, dict[str, str]], list[str]]:
    """Who sits where in ``game`` ({table: {seat: name}}) and who sits it out, read as names alone: the
    dashboard of a thousand tables loaded 4,000 seats and their players as objects, most of its time."""
    rows = db.session.execute(
        select(NightSeat.table, NightSeat.seat, NightPlayer.name).join(NightPlayer, NightPlayer.id == NightSeat.player_id)
        .where(NightSeat.night_id == night.id, NightSeat.game == game)
        .order_by(NightSeat.table, NightSeat.seat, NightSeat.id))
    at_table: dict[int, dict[str, str]] = {}
    sitting_out = []
    for table, seat, name in rows:
        if table is None:
            sitting_out.append(name)
        else:
            at_table.setdefault(table, {})[seat] = name
    return at_table, sitting_out


def seats_of(night: Night, game: int) -> list[NightSeat]:
    return list(db.session.scalars(select(NightSeat).where(NightSeat.night_id == night.id, NightSeat.game == game)
                                   .order_by(NightSeat.table, NightSeat.seat)))


# The statements a table's every page and result asks (a thousand tables ask them at once after the bell
# and the movement) are built once: building and keying one cost more than the database's answer.
NAMES_AT = (select(NightSeat.seat, NightPlayer.name).join(NightPlayer, NightPlayer.id == NightSeat.player_id)
            .where(NightSeat.night_id == bindparam("night_id"), NightSeat.game == bindparam("game"),
                   NightSeat.table == bindparam("table")))
# What ``read_every_table`` read, by (night id, game): every table's names and moves.
EVERY_TABLE = "night_every_table"


def names_at(night: Night, game: int, table: int) -> dict[str, str]:
    """Who sits where at one table in ``game``, {seat: name}: read for that table, or with every table's in
    this transaction (``read_every_table``)."""
    every = read_in_transaction(EVERY_TABLE).get((night.id, game))
    if every is not None:
        return every[0].get(table, {})
    rows = db.session.execute(NAMES_AT, {"night_id": night.id, "game": game, "table": table})
    return {seat: name for seat, name in rows}


def table_games(night: Night, game: int) -> list[TableGame]:
    return list(db.session.scalars(select(TableGame).where(TableGame.night_id == night.id, TableGame.game == game)
                                   .order_by(TableGame.table)))


TABLES_DONE = (select(func.count(case((TableGame.status == "done", 1))).label("done"), func.count().label("total"))
               .where(TableGame.night_id == bindparam("night_id"), TableGame.game == bindparam("game")))


TABLES_DONE_MEMO = "night_tables_done"


def tables_done(night: Night, game: int) -> tuple[int, int]:
    """(done, all) of the table games of ``game``, counted in SQL: every table's pulse shows it, and loading
    the games (each with its match) cost a pulse most of its time. Counted once per transaction until it
    writes: a result asks whether the game is over, then draws the count for its table's phones."""
    counted = read_in_transaction(TABLES_DONE_MEMO)
    if (night.id, game) not in counted:
        counted[(night.id, game)] = tuple(db.session.execute(TABLES_DONE, {"night_id": night.id, "game": game}).one())
    return counted[(night.id, game)]


def count_done_before_commit(night: Night, game: int) -> Callable[[], None]:
    """``tables_done``, counted by a transaction that made a table done, before its commit; call what it returns
    once committed, and the count stands for the rest of the request: whether the game is over, and the count
    the table's phones are shown. On PostgreSQL counting after the commit began a second transaction, two more
    round trips on every confirmed result.

    Of two tables finishing the game at once, the one committed last counts both, as long as the count comes
    after the transaction touched the night (``Night.touch``): on PostgreSQL that update waits until every
    transaction that touched the night before it has committed, and each statement sees what was committed
    when it began; on SQLite the writer's turn lasts from its first write to its commit."""
    counted = tables_done(night, game)

    def keep() -> None:
        read_in_transaction(TABLES_DONE_MEMO)[(night.id, game)] = counted
    return keep


# Where the players of each table in the game before ("before") sit in ``game``: every table's, for the pages
# drawn ahead (``read_every_table``), or one table's (``MOVES_FROM``), in seat order.
_before = aliased(NightSeat)
EVERY_MOVE = (select(_before.table, NightPlayer.name, NightSeat.id, NightSeat.table, NightSeat.seat)
              .select_from(_before).join(NightPlayer, NightPlayer.id == _before.player_id)
              .outerjoin(NightSeat, (NightSeat.night_id == _before.night_id) & (NightSeat.game == bindparam("game"))
                         & (NightSeat.player_id == _before.player_id))
              .where(_before.night_id == bindparam("night_id"), _before.game == bindparam("before"),
                     _before.table.is_not(None))
              .order_by(_before.table, _before.seat))
MOVES_FROM = EVERY_MOVE.where(_before.table == bindparam("table"))


def _moves_by_table(rows) -> dict[int, list[tuple[str, str]]]:
    moves: dict[int, list[tuple[str, str]]] = {}
    for before, name, seat_id, at, seat in rows:
        moves.setdefault(before, []).append((name, place_label(seat_id is not None, at, seat)))
    return moves


def moves_from(night: Night, game: int, table: int) -> list[tuple[str, str]]:
    """Where the players of ``table`` in the game before ``game`` sit in ``game``, in one query (or read with
    every table's in this transaction, ``read_every_table``)."""
    every = read_in_transaction(EVERY_TABLE).get((night.id, game))
    if every is not None:
        return every[1].get(table, [])
    rows = db.session.execute(MOVES_FROM, {"night_id": night.id, "game": game, "before": game - 1, "table": table})
    return _moves_by_table(rows).get(table, [])


def read_every_table(night: Night, game: int) -> None:
    """Read who sits where at every table in ``game`` and where each table's players of the game before went,
    in two statements, for ``names_at`` and ``moves_from`` to answer from in this transaction (a thousand
    tables' pages drawn one after another, ``web.nights.drawn_ahead``, asked two statements each)."""
    names, _sitting_out = names_by_table(night, game)
    moves: dict[int, list[tuple[str, str]]] = {}
    if game > 1:
        moves = _moves_by_table(db.session.execute(EVERY_MOVE, {"night_id": night.id, "game": game,
                                                                "before": game - 1}))
    read_in_transaction(EVERY_TABLE)[(night.id, game)] = (names, moves)
