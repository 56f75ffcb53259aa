"""Starting a game (the referee seats it), moving on when every table is done, and ending the night."""
from __future__ import annotations

from sqlalchemy import insert, select, text, update
from sqlalchemy.exc import IntegrityError

import referee
from extensions import db
from models import Match, MatchSeat, Night, NightSeat, Player, TableGame
from models.base import utcnow
from models.match import new_slug
from referee.tournament.seats import MATCH_SEAT, SEATS
from referee.tournament.movement import Seat, TableResult
from referee.tournament.night import ChartState, GamePlan, plan_game
from services.night import group as night_group, wishes as night_wishes
from services.night.audit import audit
from services.night.errors import NightError
from services.night.queries import roster, sit_out_counts, tables_done
from services.night.tables import ensure_tables


def _previous_plan(night: Night, game: int) -> GamePlan | None:
    if game < 1:
        return None
    rows = db.session.execute(  # columns, not seats: each seat would load its player too
        select(NightSeat.player_id, NightSeat.table, NightSeat.seat, NightSeat.since)
        .where(NightSeat.night_id == night.id, NightSeat.game == game)).all()
    if not rows:
        return None
    seating = {r.player_id: Seat(r.table, r.seat) for r in rows if r.table is not None}
    since = {r.player_id: r.since for r in rows if r.table is not None}
    sit_outs = tuple(r.player_id for r in rows if r.table is None)
    chart = ChartState.from_json(night.chart_state) if night.chart_state else None
    return GamePlan(game=game, seating=seating, sit_outs=sit_outs, since=since, chart=chart)


def _results(night: Night, game: int) -> list[TableResult]:
    rows = db.session.execute(select(TableGame.table, TableGame.winner)
                              .where(TableGame.night_id == night.id, TableGame.game == game))
    return [TableResult(table, winner) for table, winner in rows]


def _match_rules(night: Night, table: int) -> dict:
    """The night's house rules; where the variant counts hands, the head table plays the night's number
    and every other table plays until the bell ([002] Basics)."""
    rules = dict(night.rules or {})
    variant = referee.get_variant(night.variant)
    if any(option.key == "hands" for option in variant.options):
        rules["hands"] = night.hands_per_game if table == 1 else None
    return rules


# Matches whose ids are read back at once, by their addresses: well under any database's limit of values.
SLUGS_AT_ONCE = 500


def _open_tables(night: Night, game: int, at_tables: dict[int, dict[str, Player]], group_id: int | None) -> None:
    """Each table's game of ``game``: its match, the match's seats and the table's game row. Inserted as one
    executemany each, as the night's seats are: the ORM inserted the matches one statement each, to read
    each id back (2,000 statements at a 1,000-table night's movement); their ids are read back by address."""
    slugs = {table: new_slug() for table in at_tables}
    db.session.execute(insert(Match), [
        {"slug": slug, "variant": night.variant, "rules": _match_rules(night, table), "first_dealer": 0,
         "status": "active", "version": 1, "group_id": group_id} for table, slug in slugs.items()])
    ids: dict[str, int] = {}
    addresses = list(slugs.values())
    for first in range(0, len(addresses), SLUGS_AT_ONCE):
        some = addresses[first:first + SLUGS_AT_ONCE]
        ids.update(db.session.execute(select(Match.slug, Match.id).where(Match.slug.in_(some))).tuples().all())
    db.session.execute(insert(MatchSeat), [
        {"match_id": ids[slugs[table]], "seat": MATCH_SEAT[seat], "player_id": players[seat].id}
        for table, players in at_tables.items() for seat in SEATS])
    db.session.execute(insert(TableGame), [
        {"night_id": night.id, "game": game, "table": table, "match_id": ids[slug]} for table, slug in slugs.items()])


def start_game(night: Night, game: int, actor: str = "director") -> GamePlan:
    """Seat everyone for ``game`` (the referee plans it), open each table's game and reset the bell.

    The night's ``current_game`` moves from game-1 to game with a conditional UPDATE, so two requests
    racing to start the same game cannot both do it (the loser gets a NightError).
    """
    players = roster(night, game)
    if len(players) < 4:
        raise NightError(f"Game {game} needs at least 4 players; {len(players)} are checked in for it.")
    names = {p.id: p.name for p in players}  # read now: refreshing the night below expires its players
    previous = _previous_plan(night, game - 1)
    plan = plan_game(night.movement, game, [p.id for p in players], previous=previous,
                     results=_results(night, game - 1) if previous else (), sat_out_counts=sit_out_counts(night),
                     total_games=night.games, seed=f"{night.seed}-{game}", names=names,
                     wishes=night_wishes.wishes_of(night))
    group_id = night_group.group_id_of(night)  # read now, like the names
    claimed = db.session.execute(
        update(Night).where(Night.id == night.id, Night.current_game == game - 1)
        .values(current_game=game, status="playing", bell_at=None, bell_by=None, game_started_at=utcnow(),
                version=Night.version + 1, standings_version=Night.standings_version + 1)
        .execution_options(synchronize_session=False))
    if claimed.rowcount != 1:
        raise NightError(f"Game {game} has already been started.")
    night.standings_changed()
    db.session.refresh(night)
    if plan.chart is not None:
        night.chart_state = {"roster": list(plan.chart.roster), "first_game": plan.chart.first_game,
                             "games": plan.chart.games}
    tables = sorted({s.table for s in plan.seating.values()})
    ensure_tables(night, max(tables))
    # One executemany for the seats: the ORM would insert them one by one on SQLite, to read each id back.
    db.session.execute(insert(NightSeat), [
        {"night_id": night.id, "game": game, "player_id": player_id, "table": seat.table, "seat": seat.seat,
         "since": plan.since.get(player_id, game)} for player_id, seat in plan.seating.items()
    ] + [{"night_id": night.id, "game": game, "player_id": player_id, "table": None, "seat": None, "since": None}
         for player_id in plan.sit_outs])
    match_players = (night_group.group_players(group_id, (names[p] for p in plan.seating)) if group_id is not None
                     else Player.get_or_create_many(names[p] for p in plan.seating))
    at_tables: dict[int, dict[str, Player]] = {}
    for player_id, seat in plan.seating.items():
        at_tables.setdefault(seat.table, {})[seat.seat] = match_players[names[player_id]]
    _open_tables(night, game, at_tables, group_id)
    refresh_planner_statistics()
    night.every_table_changed("page")
    out = ", ".join(names[p] for p in plan.sit_outs)
    audit(night, actor, "game-start", f"Game {game} seated at {len(tables)} tables."
          + (f" Sitting out: {out}." if out else "") + "".join(f" {n}" for n in plan.notes))
    return plan


# The tables a seated game fills, and every poll of its tables reads. PostgreSQL plans a query by what it
# knows of a table's rows; a new night's first game takes table_game from a handful of rows to a thousand,
# and until autovacuum next looked (up to a minute later), each poll scanned every table's game of the night
# for its own, a third of an unchanged poll's time. PostgreSQL's advice after a bulk load is ANALYZE.
SEATED_TABLES = ("night_table", "table_game", "night_seat", "match", "match_seat")


def refresh_planner_statistics() -> None:
    """Tell PostgreSQL's planner what the seating just added (it counts this transaction's own rows)."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("ANALYZE " + ", ".join(SEATED_TABLES)))


def finish_night(night: Night, actor: str = "director") -> None:
    night.status = "finished"
    night.touch()
    audit(night, actor, "finished", f"The night ended after game {night.current_game}.")


# Asked after every confirmed result: built once (see ``queries.SEATS_AT``).
def advance_if_done(night: Night) -> bool:
    """When every table of the current game is done, seat the next game (or end the night). Runs after
    the result that completed the game was committed; a race with another table is harmless. False while
    some table still plays the game (nothing was done), True otherwise."""
    game = night.current_game
    done, total = tables_done(night, game)  # the same count the table's phones are shown next
    if done < total:
        return False
    if night.status != "playing":
        return True
    try:
        if game >= night.games:
            finish_night(night, "app")
        else:
            start_game(night, game + 1, actor="app")
        db.session.commit()
    except (NightError, IntegrityError):
        db.session.rollback()
    return True
