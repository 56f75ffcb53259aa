"""What happens in a progressive night, step by step: check-in, starting a game, the bell, a table's
result, the director's closing and corrections, and the move to the next game.

The referee decides (seating, ties, sit-out points, prizes: ``referee.tournament``); this module
stores its decisions and writes the audit trail. Each function leaves committing to the caller,
except ``advance_if_done``, which runs in its own transaction after a table's result is in.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Iterable

from sqlalchemy import case, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from werkzeug.security import generate_password_hash

import referee
from web import scoring
from extensions import db
from models import (AuditEntry, Hand, Match, MatchSeat, Night, NightPlayer, NightScreen, NightSeat, NightTable,
                    Player, TableGame)
from models.base import utcnow
from models.night import MATCH_SEAT, PAIR_NAMES, SEAT_NAMES, SEATS
from referee.tournament.movement import Seat, TableResult
from referee.tournament.night import ChartState, GamePlan, plan_game, settle_tie

CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B: easy to read off a card
# 24 letters, 7 of them: 4.6 billion codes, so a guesser held to ``access.CODE_LIMIT`` has no real chance.
CODE_LENGTH = 7


class NightError(Exception):
    """A step the night cannot take now, in plain words for the person who tried it."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def audit(night: Night, actor: str, action: str, detail: str, old: Any = None, new: Any = None) -> None:
    db.session.add(AuditEntry(night_id=night.id, actor=actor, action=action, detail=detail, old=old, new=new))


# -- setup and check-in -----------------------------------------------------------------------
def create_night(*, name: str, day: Any, variant: str, rules: dict, games: int, hands_per_game: int,
                 movement: str, sit_out_mode: str, sit_out_points: int, bell_minutes: int | None,
                 pin: str) -> Night:
    night = Night(slug=secrets.token_urlsafe(6), name=name, day=day, variant=variant, rules=rules, games=games,
                  hands_per_game=hands_per_game, movement=movement, sit_out_mode=sit_out_mode,
                  sit_out_points=sit_out_points or 0, bell_minutes=bell_minutes,
                  pin_hash=generate_password_hash(pin), seed=secrets.token_hex(8), status="checkin",
                  current_game=0, version=1)
    db.session.add(night)
    db.session.flush()
    db.session.add(NightScreen(night_id=night.id, screen="standings", version=0, html=""))
    audit(night, "director", "created", f"Night “{name}” set up: {games} games, {movement} movement.")
    return night


def next_playable_game(night: Night) -> int:
    """The first game a player checked in now can play: the next one once play has begun."""
    if night.status == "checkin":
        return 1
    return night.current_game + 1


def check_in(night: Night, names: Iterable[str]) -> tuple[list[str], list[str]]:
    """Add players; return (added, skipped-with-reason). Names are unique in a night, ignoring case."""
    if night.status == "finished":
        raise NightError("The night is over; nobody can check in now.", "names")
    taken = {p.name_key for p in night.players}
    position = max((p.position for p in night.players), default=0)
    joins = next_playable_game(night)
    added, skipped = [], []
    for name in names:
        key = name.casefold()
        if key in taken:
            skipped.append(f"{name} is already checked in.")
            continue
        taken.add(key)
        position += 1
        night.players.append(NightPlayer(name=name, name_key=key, position=position, joined_game=joins))
        added.append(name)
    if added:
        _ensure_tables(night, len(roster(night, joins)) // 4)  # so table cards can be printed before play
        when = "from game 1" if joins == 1 else f"from game {joins}"
        audit(night, "director", "check-in", f"Checked in {', '.join(added)} ({when}).")
        night.touch()
    return added, skipped


def leave(night: Night, player: NightPlayer) -> None:
    """The player leaves: they finish the game in progress and are out of the next one."""
    if player.left_after is not None:
        return
    player.left_after = max(night.current_game, player.joined_game - 1)
    audit(night, "director", "leave", f"{player.name} leaves after game {player.left_after}.")
    night.touch()


def come_back(night: Night, player: NightPlayer) -> None:
    if player.left_after is None:
        return
    player.left_after = None
    player.joined_game = max(player.joined_game, next_playable_game(night))
    audit(night, "director", "return", f"{player.name} plays again from game {player.joined_game}.")
    night.touch()


def rename(night: Night, player: NightPlayer, name: str) -> None:
    """Give a checked-in player another name (a misspelling, a nickname). Names stay unique in the night,
    ignoring case, as at check-in; the night's scoresheets already played show the new name too."""
    key = name.casefold()
    if name == player.name:
        return
    clash = next((p for p in night.players if p.name_key == key and p.id != player.id), None)
    if clash is not None:
        raise NightError(f"{clash.name} is already checked in; choose another name.", "name")
    old = player.name
    player.name, player.name_key = name, key
    _rename_at_tables(night, player, name)
    audit(night, "director", "rename", f"{old} is now called {name}.", old=old, new=name)
    night.touch()


def _rename_at_tables(night: Night, player: NightPlayer, name: str) -> None:
    """The scoresheet seat of ``player`` at every table of the night now names ``name``."""
    places = db.session.execute(
        select(TableGame.match_id, NightSeat.seat).join(
            NightSeat, (NightSeat.night_id == TableGame.night_id) & (NightSeat.game == TableGame.game)
            & (NightSeat.table == TableGame.table))
        .where(TableGame.night_id == night.id, NightSeat.player_id == player.id)).all()
    renamed = Player.get_or_create(name)
    for match_id, seat in places:
        db.session.execute(update(MatchSeat).where(MatchSeat.match_id == match_id,
                                                   MatchSeat.seat == MATCH_SEAT[seat])
                           .values(player_id=renamed.id).execution_options(synchronize_session=False))
        db.session.execute(update(Match).where(Match.id == match_id).values(version=Match.version + 1)
                           .execution_options(synchronize_session=False))


def roster(night: Night, game: int) -> list[NightPlayer]:
    return [p for p in night.players if p.plays_in(game)]


# -- starting a game ----------------------------------------------------------------------------
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
    chart = None
    if night.chart_state:
        state = night.chart_state
        chart = ChartState(tuple(state["roster"]), state["first_game"], state["games"])
    return GamePlan(game=game, seating=seating, sit_outs=sit_outs, since=since, chart=chart)


def _results(night: Night, game: int) -> list[TableResult]:
    rows = db.session.execute(select(TableGame.table, TableGame.winner)
                              .where(TableGame.night_id == night.id, TableGame.game == game))
    return [TableResult(table, winner) for table, winner in rows]


def sit_out_counts(night: Night) -> dict[int, int]:
    rows = db.session.execute(
        select(NightSeat.player_id, func.count()).where(NightSeat.night_id == night.id, NightSeat.table.is_(None))
        .group_by(NightSeat.player_id))
    return {player_id: count for player_id, count in rows}


def table_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def _ensure_tables(night: Night, count: int) -> None:
    have = {t.number for t in night.tables}
    for number in range(1, count + 1):
        if number not in have:
            code = table_code()
            while db.session.scalar(select(NightTable.id).where(NightTable.code == code)) is not None:
                code = table_code()
            night.tables.append(NightTable(number=number, code=code))
    db.session.flush()


def _match_rules(night: Night, table: int) -> dict:
    """The night's house rules; where the variant counts hands, the head table plays the night's number
    and every other table plays until the bell ([002] Basics)."""
    rules = dict(night.rules or {})
    variant = referee.get_variant(night.variant)
    if any(option.key == "hands" for option in variant.options):
        rules["hands"] = night.hands_per_game if table == 1 else None
    return rules


def _new_match(night: Night, table: int, players: dict[str, Player]) -> Match:
    match = Match(variant=night.variant, rules=_match_rules(night, table), first_dealer=0, status="active",
                  version=1)
    for seat in SEATS:
        match.seats.append(MatchSeat(seat=MATCH_SEAT[seat], player=players[seat]))
    db.session.add(match)
    return match


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
                     total_games=night.games, seed=f"{night.seed}-{game}", names=names)
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
    _ensure_tables(night, max(tables))
    # One executemany for the seats: the ORM would insert them one by one on SQLite, to read each id back.
    db.session.execute(insert(NightSeat), [
        {"night_id": night.id, "game": game, "player_id": player_id, "table": seat.table, "seat": seat.seat,
         "since": plan.since.get(player_id, game)} for player_id, seat in plan.seating.items()
    ] + [{"night_id": night.id, "game": game, "player_id": player_id, "table": None, "seat": None, "since": None}
         for player_id in plan.sit_outs])
    match_players = Player.get_or_create_many(names[p] for p in plan.seating)
    at_tables: dict[int, dict[str, Player]] = {}
    for player_id, seat in plan.seating.items():
        at_tables.setdefault(seat.table, {})[seat.seat] = match_players[names[player_id]]
    for table in tables:  # one flush at the end inserts the 100 matches and their seats in batches
        db.session.add(TableGame(night_id=night.id, game=game, table=table,
                                 match=_new_match(night, table, at_tables[table])))
    out = ", ".join(names[p] for p in plan.sit_outs)
    audit(night, actor, "game-start", f"Game {game} seated at {len(tables)} tables."
          + (f" Sitting out: {out}." if out else "") + "".join(f" {n}" for n in plan.notes))
    return plan


def finish_night(night: Night, actor: str = "director") -> None:
    night.status = "finished"
    night.touch()
    audit(night, actor, "finished", f"The night ended after game {night.current_game}.")


def set_games(night: Night, games: int) -> None:
    """The director changes the number of games: never below the games already started, so setting it
    to the current game ends the night when that game is done."""
    if night.status == "finished":
        raise NightError("The night is over.", "games")
    if games < max(night.current_game, 1):
        raise NightError(f"Game {night.current_game} has started already: the night has at least "
                         f"{night.current_game} games.", "games")
    if games == night.games:
        return
    old = night.games
    night.games = games
    night.touch()
    if night.status == "playing" and games == night.current_game:
        detail = f"The night ends after game {games} (it had {old} games)."
    else:
        detail = f"The night has {games} games instead of {old}."
    audit(night, "director", "games", detail, old=old, new=games)


def advance_if_done(night: Night) -> None:
    """When every table of the current game is done, seat the next game (or end the night). Runs after
    the result that completed the game was committed; a race with another table is harmless."""
    game = night.current_game
    pending = db.session.scalar(select(func.count()).select_from(TableGame).where(
        TableGame.night_id == night.id, TableGame.game == game, TableGame.status != "done"))
    if pending or night.status != "playing":
        return
    try:
        if game >= night.games:
            finish_night(night, "app")
        else:
            start_game(night, game + 1, actor="app")
        db.session.commit()
    except (NightError, IntegrityError):
        db.session.rollback()


# -- the bell -----------------------------------------------------------------------------------
class BellNeedsConfirmation(NightError):
    """No hand has been played at the head table: the bell rings only when asked a second time."""


def head_table_hands(night: Night) -> int:
    """The hands entered at the head table in the current game."""
    return db.session.scalar(
        select(func.count(Hand.id)).join(TableGame, TableGame.match_id == Hand.match_id)
        .where(TableGame.night_id == night.id, TableGame.game == night.current_game, TableGame.table == 1)) or 0


def ring_bell(night: Night, actor: str, *, confirmed: bool = True) -> bool:
    """End the current game everywhere; False when it had already rung. Unless ``confirmed``, a bell
    before any hand was played at the head table raises BellNeedsConfirmation (a tap too early)."""
    if night.status != "playing":
        raise NightError("No game is being played, so there is no bell to ring.")
    if not confirmed and night.bell_at is None and head_table_hands(night) == 0:
        raise BellNeedsConfirmation("No hand has been played at the head table yet. Ring the bell anyway? "
                                    "Every table will stop after the hand in progress.")
    rung = db.session.execute(
        update(Night).where(Night.id == night.id, Night.current_game == night.current_game, Night.bell_at.is_(None))
        .values(bell_at=utcnow(), bell_by=actor, version=Night.version + 1)
        .execution_options(synchronize_session=False))
    db.session.refresh(night)
    if rung.rowcount != 1:
        return False
    audit(night, actor, "bell", f"The bell rang for game {night.current_game} ({actor}).")
    return True


def undo_bell(night: Night, actor: str) -> None:
    """Take the bell back while no table has sent (or been given) a result: every table plays on.
    ``bell_by`` keeps who took it back (with ``bell_at`` empty), so the tables can say so."""
    if night.status != "playing" or night.bell_at is None:
        raise NightError("The bell has not rung, so there is nothing to take back.")
    if night.bell_by == "timer":
        raise NightError("The bell timer rang it: its time is up, so the bell stands.")
    sent = select(TableGame.id).where(TableGame.night_id == night.id, TableGame.game == night.current_game,
                                      TableGame.status != "playing")
    taken = db.session.execute(
        update(Night).where(Night.id == night.id, Night.current_game == night.current_game,
                            Night.bell_at.is_not(None), ~sent.exists())
        .values(bell_at=None, bell_by=f"undone by {actor}", version=Night.version + 1)
        .execution_options(synchronize_session=False))
    db.session.refresh(night)
    if taken.rowcount != 1:
        raise NightError("A table has sent its result already, so the bell stands. Correct that table instead.")
    audit(night, actor, "bell-undone", f"The bell of game {night.current_game} was taken back ({actor}).")


def bell_undone_by(night: Any) -> str | None:
    """Who took the bell back, while it is not rung again: "the director", "table 1"."""
    if night.bell_at is None and night.bell_by and night.bell_by.startswith("undone by "):
        who = night.bell_by.removeprefix("undone by ")
        return "the director" if who == "director" else who
    return None


def ring_if_timer_due(night: Night) -> None:
    """The bell timer: rung lazily by whichever poll first sees the time is up."""
    if bell_timer_due(night) and ring_bell(night, "timer"):
        db.session.commit()


def bell_timer_due(night: Any) -> bool:
    """Whether the bell timer has run out and not rung yet. ``night``: a Night, or a row with its
    status, bell_minutes, bell_at and game_started_at."""
    return bool(night.status == "playing" and night.bell_minutes and night.bell_at is None
                and night.game_started_at
                and utcnow() >= night.game_started_at + timedelta(minutes=night.bell_minutes))


def bell_due_at(night: Night):
    if night.bell_minutes and night.game_started_at:
        return night.game_started_at + timedelta(minutes=night.bell_minutes)
    return None


# -- a table's result ---------------------------------------------------------------------------
@dataclass(frozen=True)
class HandsResult:
    """What the hands entered at a table add up to, as the referee scored them."""

    ns_points: int
    ew_points: int
    hands: int
    last_scorer: str | None
    loners: dict[str, int]


def hands_result(table_game: TableGame) -> HandsResult:
    match = table_game.match
    result, _refused = scoring.score_kept(match)
    by_match_seat = {v: k for k, v in MATCH_SEAT.items()}
    loners = {seat: 0 for seat in SEATS}
    for scored in result.hands:
        if scored.made_loner:
            loners[by_match_seat[scored.maker]] += 1
    last_scorer = None if result.last_scorer is None else ("NS", "EW")[result.last_scorer]
    return HandsResult(result.totals[0], result.totals[1], result.hands_played, last_scorer, loners)


def _result_value(tg: TableGame) -> dict[str, Any]:
    return {"ns": tg.ns_points, "ew": tg.ew_points, "winner": tg.winner, "loners": tg.loners, "status": tg.status}


def _game_is_current(night: Night, tg: TableGame) -> None:
    if tg.game != night.current_game or night.status != "playing":
        raise NightError(f"Game {tg.game} is over; only the director can change its result now.")


class TotalDisagrees(NightError):
    """A game total that is not what the hands entered at the table add up to (``counted``)."""

    def __init__(self, message: str, counted: HandsResult) -> None:
        super().__init__(message)
        self.counted = counted


def submit(night: Night, tg: TableGame, *, pair: str, actor: str, totals: tuple[int, int] | None = None,
           loners: dict[str, int] | None = None, cut_winner: str | None = None, anyway: bool = False) -> None:
    """One pair sends the table's result (from its hands, or ``totals``); the other pair then confirms.

    A game total that disagrees with the hands entered at the table (as the referee scores them) raises
    TotalDisagrees unless sent ``anyway``; then the audit trail keeps what the hands said."""
    _game_is_current(night, tg)
    if not night.bell_rung:
        raise NightError("The bell has not rung yet: keep playing. Results are sent after the bell.")
    if tg.status != "playing":
        raise NightError("This table's result has already been sent.")
    against = ""
    if totals is None:
        counted = hands_result(tg)
        ns, ew, last, loners = counted.ns_points, counted.ew_points, counted.last_scorer, counted.loners
        if counted.hands == 0 and cut_winner is None:
            raise NightError("No hands are entered. Enter the hands played, or send a game total.")
    else:
        (ns, ew), last = totals, None
        counted = hands_result(tg) if tg.match.hands else None
        if counted is not None and (counted.ns_points, counted.ew_points) != (ns, ew):
            said = (f"The {counted.hands} hand{'s' if counted.hands != 1 else ''} entered at this table add up to "
                    f"North–South {counted.ns_points}, East–West {counted.ew_points}")
            if not anyway:
                raise TotalDisagrees(f"{said}, not {ns} to {ew}. Check the total, or send it anyway.", counted)
            against = f" (sent anyway: {said}.)"
    try:
        winner, reason = settle_tie(ns, ew, last_scorer=last, cut_winner=cut_winner)
    except ValueError:
        raise NightError("The scores are tied and no hand decides it: cut for high card and say who won.",
                         "cut_winner") from None
    if not tg.claim("playing"):
        raise NightError("Another phone sent this table's result first.")
    tg.mode = "hands" if totals is None else "total"
    tg.ns_points, tg.ew_points, tg.winner = ns, ew, winner
    tg.tie_note = reason if ns == ew else None
    tg.loners = loners or {seat: 0 for seat in SEATS}
    tg.status, tg.submitted_by, tg.submitted_at = "submitted", pair, utcnow()
    tg.dispute = None
    night.touch(standings=False)  # the standings count a result once it is confirmed
    audit(night, actor, "submit", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} sent "
          f"N–S {ns}, E–W {ew}.{against}", new=_result_value(tg))


def confirm(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    _game_is_current(night, tg)
    if tg.status != "submitted":
        raise NightError("There is no result waiting to be confirmed.")
    if pair == tg.submitted_by:
        raise NightError(f"{PAIR_NAMES[pair]} sent this result; the other pair confirms it.")
    if not tg.claim("submitted"):
        raise NightError("The result changed while you looked at it. Check it again.")
    tg.status, tg.done_at = "done", utcnow()
    night.touch()
    audit(night, actor, "confirm", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} confirmed.",
          new=_result_value(tg))


def reject(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    """The other pair disagrees: the result is withdrawn and the table fixes its hands."""
    _game_is_current(night, tg)
    if tg.status != "submitted":
        raise NightError("There is no result waiting to be confirmed.")
    old = _result_value(tg)
    if not tg.claim("submitted"):
        raise NightError("The result changed while you looked at it. Check it again.")
    tg.dispute = {"by": pair, "sent_by": tg.submitted_by, "ns": tg.ns_points, "ew": tg.ew_points, "mode": tg.mode}
    tg.status, tg.submitted_by, tg.submitted_at = "playing", None, None
    tg.ns_points = tg.ew_points = tg.winner = tg.tie_note = None
    night.touch(standings=False)  # it was never on the standings
    audit(night, actor, "reject", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} did not agree; "
          "the result was withdrawn.", old=old)


def close_table(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int],
                cut_winner: str | None, reason: str) -> None:
    """The director ends a table that will not finish, with a default score (logged)."""
    _game_is_current(night, tg)
    if tg.done:
        raise NightError(f"Table {tg.table} is already done.")
    try:
        winner, why = settle_tie(ns, ew, cut_winner=cut_winner)
    except ValueError:
        raise NightError("The scores are tied: choose the pair that takes the game.", "cut_winner") from None
    old = _result_value(tg)
    if not tg.claim(tg.status):
        raise NightError("The table sent its result just now. Look again before closing it.")
    tg.ns_points, tg.ew_points, tg.winner, tg.loners = ns, ew, winner, loners
    tg.tie_note = why if ns == ew else None
    tg.mode, tg.status, tg.done_at, tg.closed_by_director = "total", "done", utcnow(), True
    night.touch()
    audit(night, "director", "close", f"Table {tg.table}, game {tg.game} closed by the director at N–S {ns}, "
          f"E–W {ew}." + (f" Reason: {reason}" if reason else ""), old=old, new=_result_value(tg))


def correct(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int], cut_winner: str | None,
            reason: str) -> None:
    """The director corrects any finished game. The seating already made from it stays as it is."""
    if not tg.done:
        raise NightError(f"Table {tg.table} has not finished game {tg.game}; close it instead.")
    try:
        winner, why = settle_tie(ns, ew, cut_winner=cut_winner or (tg.winner if ns == ew else None))
    except ValueError:
        raise NightError("The scores are tied: choose the pair that takes the game.", "cut_winner") from None
    old = _result_value(tg)
    if not tg.claim("done"):
        raise NightError("This result changed while you looked at it. Look again.")
    tg.ns_points, tg.ew_points, tg.winner, tg.loners = ns, ew, winner, loners
    tg.tie_note = why if ns == ew else None
    tg.corrected = True
    night.touch()
    audit(night, "director", "correct", f"Table {tg.table}, game {tg.game} corrected to N–S {ns}, E–W {ew}."
          + (f" Reason: {reason}" if reason else ""), old=old, new=_result_value(tg))


# -- reading the night --------------------------------------------------------------------------
def seats_of(night: Night, game: int) -> list[NightSeat]:
    return list(db.session.scalars(select(NightSeat).where(NightSeat.night_id == night.id, NightSeat.game == game)
                                   .order_by(NightSeat.table, NightSeat.seat)))


def seats_at(night: Night, game: int, table: int) -> list[NightSeat]:
    """One table's seats in ``game``: ``seats_of`` narrowed in SQL, for the pages of a single table (a table's
    page loaded every seat of the night twice or three times, 1,200 rows at 400 players)."""
    return list(db.session.scalars(select(NightSeat).where(NightSeat.night_id == night.id, NightSeat.game == game,
                                                           NightSeat.table == table).order_by(NightSeat.seat)))


def table_games(night: Night, game: int) -> list[TableGame]:
    return list(db.session.scalars(select(TableGame).where(TableGame.night_id == night.id, TableGame.game == game)
                                   .order_by(TableGame.table)))


def tables_done(night: Night, game: int) -> tuple[int, int]:
    """(done, all) of the table games of ``game``, counted in SQL: every table's pulse shows it, and loading
    the games (each with its match) cost a pulse most of its time."""
    done, total = db.session.execute(
        select(func.count(case((TableGame.status == "done", 1))), func.count())
        .where(TableGame.night_id == night.id, TableGame.game == game)).one()
    return done, total


def seat_label(seat: NightSeat | None) -> str:
    return place_label(seat is not None, seat.table if seat else None, seat.seat if seat else None)


def place_label(seated: bool, table: int | None, seat: str | None) -> str:
    if not seated:
        return "not playing"
    if table is None:
        return "sits out"
    return f"table {table}, {SEAT_NAMES[seat]}"


def moves_from(night: Night, game: int, table: int) -> list[tuple[str, str]]:
    """Where the players of ``table`` in the game before ``game`` sit in ``game``, in one query."""
    now = aliased(NightSeat)
    rows = db.session.execute(
        select(NightPlayer.name, now.id, now.table, now.seat).select_from(NightSeat)
        .join(NightPlayer, NightPlayer.id == NightSeat.player_id)
        .outerjoin(now, (now.night_id == NightSeat.night_id) & (now.game == game)
                   & (now.player_id == NightSeat.player_id))
        .where(NightSeat.night_id == night.id, NightSeat.game == game - 1, NightSeat.table == table)
        .order_by(NightSeat.seat))
    return [(name, place_label(seat_id is not None, at, seat)) for name, seat_id, at, seat in rows]
