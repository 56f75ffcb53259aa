"""What happens in a team event, step by step: teams checked in (or drawn), the time it will take, each
round paired, a table's result sent and confirmed, the bell, the director's rulings and corrections, the
playoff, and the move to the next round.

The referee decides (pairings, byes, standings, the bracket: ``referee.tournament.teams`` and ``bracket``);
this module stores its decisions and writes the audit trail. Each function leaves committing to the caller,
except ``advance_if_done``, which runs in its own transaction after a result is in.
"""
from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Iterable

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import generate_password_hash

from extensions import db
from models import Match, MatchSeat, Player
from models.base import utcnow
from models.team_event import EventAudit, EventBye, EventGame, EventRound, EventTable, EventTeam, TeamEvent
from referee import catalog as referee_catalog
from referee.tournament import bracket as referee_bracket
from referee.tournament import teams as referee_teams
from referee.tournament.bracket import Elimination
from referee.tournament.teams import ByeScore, Format, GameResult, TeamStanding, TieBreak
from services import table_game as machine
from services.errors import StepRefused
from services.night.setup import new_night_slug  # an address never read as an option by reset-pin
from services.night.tables import table_code

SIDES = ("home", "away")


# The service layer's refusal, in plain words (``field``: the form field it belongs next to). The table
# game's state machine raises the same class.
EventError = StepRefused


def audit(event: TeamEvent, actor: str, action: str, detail: str, old: Any = None, new: Any = None) -> None:
    db.session.add(EventAudit(event_id=event.id, actor=actor, action=action, detail=detail, old=old, new=new))


# -- setup -------------------------------------------------------------------------------------
def create_event(*, name: str, day: Any, variant: str, format: str, rounds: int, points_rule: str, bye_win: bool,
                 bye_points: int, playoff_size: int, playoff_elimination: str, playoff_best_of: int,
                 playoff_reset: bool, minutes_per_game: int, pin: str, group_id: int | None = None,
                 rules: dict[str, Any] | None = None, bell_minutes: int | None = None) -> TeamEvent:
    """``rules``: the game's house rules (the referee checks them, as for any match); ``bell_minutes``: the
    bell timer of each round, or None."""
    rules = dict(rules or {})
    referee_catalog.get_variant(variant).resolve_rules(rules)  # a RefereeError names the rule at fault
    event = TeamEvent(slug=new_night_slug(), name=name, day=day, variant=variant, rules=rules, format=format,
                      rounds=rounds, points_rule=points_rule, bye_win=bye_win, bye_points=bye_points,
                      playoff_size=playoff_size, playoff_elimination=playoff_elimination,
                      playoff_best_of=playoff_best_of, playoff_reset=playoff_reset,
                      minutes_per_game=minutes_per_game, bell_minutes=bell_minutes, pin_hash=generate_password_hash(pin),
                      seed=secrets.token_hex(8), status="checkin", current_round=0, version=1, group_id=group_id)
    db.session.add(event)
    db.session.flush()
    audit(event, "director", "created", f"Event “{name}” set up: {format_words(event)}.")
    return event


def set_pin(event: TeamEvent, pin: str, actor: str) -> None:
    """A new director PIN (``flask teams reset-pin``), in the log."""
    event.pin_hash = generate_password_hash(pin)
    audit(event, actor, "pin-reset", "A new director PIN was set.")


FORMAT_NAMES = {Format.GRAND_PRIX: "Grand Prix", Format.SWISS: "Swiss", Format.ROUND_ROBIN: "round robin"}


def event_format(event: TeamEvent) -> Format:
    return Format(event.format)


def format_words(event: TeamEvent) -> str:
    fmt = event_format(event)
    words = FORMAT_NAMES[fmt] + ("" if fmt is Format.ROUND_ROBIN else f", {event.rounds} rounds")
    if event.playoff_size:
        words += f", then a {event.playoff_elimination}-elimination playoff for the top {event.playoff_size}"
        words += " (best of three)" if event.playoff_best_of == 3 else ""
    return words


def next_playable_round(event: TeamEvent) -> int:
    return 1 if event.status == "checkin" else event.current_round + 1


def _check_open(event: TeamEvent, field: str) -> None:
    if event.status == "finished":
        raise EventError("The event is over.", field)
    if event.status == "playoff":
        raise EventError("The playoff has begun: its teams are set.", field)


def add_team(event: TeamEvent, player_one: str, player_two: str, name: str | None = None) -> EventTeam:
    """A team checks in (after the start, it plays from the next round: a late team). Names are unique in
    the event, ignoring case; a team without a name is called by its players."""
    _check_open(event, "player_one")
    if event.status != "checkin" and event_format(event) is Format.ROUND_ROBIN:
        raise EventError("A round robin's schedule is set when it starts: no team can join it later.", "player_one")
    if player_one.casefold() == player_two.casefold():
        raise EventError("A team is two different players.", "player_two")
    name = name or f"{player_one} & {player_two}"
    key = name.casefold()
    if any(t.name_key == key for t in event.teams):
        raise EventError(f"There is already a team called {name}.", "name")
    taken = {p.casefold() for t in event.teams for p in (t.player_one, t.player_two) if t.withdrawn_after is None}
    for field, player in (("player_one", player_one), ("player_two", player_two)):
        if player.casefold() in taken:
            raise EventError(f"{player} is already in a team.", field)
    position = max((t.position for t in event.teams), default=0) + 1
    joins = next_playable_round(event)
    team = EventTeam(name=name, name_key=key, player_one=player_one, player_two=player_two, position=position,
                     joined_round=joins)
    event.teams.append(team)
    _ensure_tables(event, len(active_teams(event, joins)) // 2)
    audit(event, "director", "team", f"{name} ({player_one} & {player_two}) checked in"
          + ("." if joins == 1 else f", playing from round {joins}."))
    event.touch()
    return team


def draw_teams(event: TeamEvent, names: list[str]) -> list[EventTeam]:
    """Teams drawn at random from individuals (the referee draws), each named by its players."""
    try:
        pairs = referee_teams.draw_pairs(names, f"{event.seed}-draw-{len(event.teams)}")
    except referee_teams.PairingError as error:
        raise EventError(error.message, "names") from None
    added = [add_team(event, one, two) for one, two in pairs]
    audit(event, "director", "draw", f"{len(added)} teams drawn at random from {len(names)} players.")
    return added


def withdraw(event: TeamEvent, team: EventTeam) -> None:
    """The team leaves: it finishes the round in progress and is not paired again. Its games stay on the
    standings of its opponents; it is not seeded into the playoff."""
    if team.withdrawn_after is not None:
        return
    _check_open(event, "team")
    team.withdrawn_after = max(event.current_round, team.joined_round - 1)
    audit(event, "director", "withdraw", f"{team.name} withdrew after round {team.withdrawn_after}.")
    event.touch()


def active_teams(event: TeamEvent, round_: int) -> list[EventTeam]:
    return [t for t in event.teams if t.plays_in(round_)]


def _ensure_tables(event: TeamEvent, count: int) -> None:
    have = {t.number for t in event.tables}
    for number in range(1, count + 1):
        if number not in have:
            code = table_code()
            while db.session.scalar(select(EventTable.id).where(EventTable.code == code)) is not None:
                code = table_code()
            event.tables.append(EventTable(number=number, code=code))
    db.session.flush()


# -- how long it will take ------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    rounds: int
    playoff_rounds: int
    games_per_match: int
    minutes: int

    def words(self) -> str:
        hours, minutes = divmod(self.minutes, 60)
        span = f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
        playoff = (f" and {self.playoff_rounds} playoff round{'s' if self.playoff_rounds != 1 else ''}"
                   if self.playoff_rounds else "")
        return f"About {span}: {self.rounds} round{'s' if self.rounds != 1 else ''}{playoff}."


def estimate(format: str, n_teams: int, rounds: int, minutes_per_game: int, playoff_size: int,
             elimination: str, best_of: int, reset: bool) -> Estimate:
    """The referee's estimate (``teams.estimate_minutes``) for a format and a field: a round robin's
    rounds follow from the field; the playoff's rounds are the most its bracket can take."""
    fmt = Format(format)
    if fmt is Format.ROUND_ROBIN:
        rounds = referee_teams.rounds_needed(fmt, n_teams)
    playoff_rounds = referee_bracket.rounds_to_play(playoff_size, Elimination(elimination), reset) \
        if playoff_size else 0
    minutes = referee_teams.estimate_minutes(rounds, minutes_per_game, playoff_rounds, best_of)
    return Estimate(rounds, playoff_rounds, best_of, minutes)


def game_minutes(minutes_per_game: int, rules: dict[str, Any], bell_minutes: int | None, variant: Any) -> int:
    """The minutes a table's game takes under the event's house rules: the venue's minutes are for a game of
    the variant's usual number of hands, or to its usual target, so a game of other hands or to another target
    takes that much longer or shorter (to 5: half as long); the bell, when timed, ends every round by then."""
    minutes = minutes_per_game
    for key in ("hands", "target"):  # a game of a number of hands scales by its hands, else by its target
        usual = next((option.default for option in variant.options if option.key == key), None)
        chosen = rules.get(key)
        if isinstance(usual, int) and isinstance(chosen, int) and not isinstance(chosen, bool) and usual > 0 \
                and chosen > 0:
            minutes = max(1, round(minutes_per_game * chosen / usual))
            break
    if isinstance(bell_minutes, int) and bell_minutes > 0:
        minutes = min(minutes, bell_minutes)
    return minutes


def event_estimate(event: TeamEvent, n_teams: int | None = None) -> Estimate:
    n = len(active_teams(event, next_playable_round(event))) if n_teams is None else n_teams
    minutes = game_minutes(event.minutes_per_game, event.rules or {}, event.bell_minutes,
                           referee_catalog.get_variant(event.variant))
    return estimate(event.format, n, event.rounds, minutes, event.playoff_size,
                    event.playoff_elimination, event.playoff_best_of, event.playoff_reset)


def house_rules_words(event: TeamEvent) -> str:
    """The game and its rules in a line, for the table's page: "Euchre to 10 · bell after 25 minutes"."""
    variant = referee_catalog.get_variant(event.variant)
    rules = variant.resolve_rules(event.rules or {})
    words = variant.name
    if rules.get("hands"):
        words += f", {rules['hands']} hands"
    elif rules.get("target"):
        words += f" to {rules['target']}"
    if event.bell_minutes:
        words += f" · the bell rings {event.bell_minutes} minutes after the round starts"
    return words


# -- what has been played ---------------------------------------------------------------------------
def games_of(event: TeamEvent, round_: int | None = None) -> list[EventGame]:
    query = select(EventGame).where(EventGame.event_id == event.id)
    if round_ is not None:
        query = query.where(EventGame.round == round_)
    return list(db.session.scalars(query.order_by(EventGame.round, EventGame.table)))


def byes_of(event: TeamEvent) -> list[EventBye]:
    return list(db.session.scalars(select(EventBye).where(EventBye.event_id == event.id)
                                   .order_by(EventBye.round, EventBye.team_id)))


def game_result(game: EventGame) -> GameResult:
    return GameResult(game.round, game.home_id, game.away_id, game.home_points or 0, game.away_points or 0,
                      game.winner_id, game.home_loners, game.away_loners)


def bye_score(event: TeamEvent) -> ByeScore:
    return ByeScore(win=event.bye_win, points=event.bye_points)


def points_rule(event: TeamEvent) -> TieBreak:
    return TieBreak.POINT_DIFFERENCE if event.points_rule == "point difference" else TieBreak.POINTS


def tie_breaks(event: TeamEvent) -> tuple[TieBreak, ...]:
    """The format's tie-breaks in order, as the event ranks (points or point difference, as chosen)."""
    chosen = points_rule(event)
    return tuple(chosen if step is TieBreak.POINTS else step for step in referee_teams.TIE_BREAKS[event_format(event)])


def standings_of(event: TeamEvent, games: list[EventGame] | None = None,
                 byes: list[EventBye] | None = None) -> list[TeamStanding]:
    """Every team (withdrawn ones too: their rank shows what they played) ranked by the referee from the
    rounds' finished games; the playoff does not change the standings."""
    games = games_of(event) if games is None else games
    byes = byes_of(event) if byes is None else byes
    results = [game_result(g) for g in games if g.done and g.bracket_match is None]
    return referee_teams.standings([t.id for t in event.teams], results, event_format(event),
                                   [(b.round, b.team_id) for b in byes], bye_score(event), points_rule(event))


# -- starting a round -------------------------------------------------------------------------------
def _claim_round(event: TeamEvent, number: int, status: str) -> None:
    claimed = db.session.execute(
        update(TeamEvent).where(TeamEvent.id == event.id, TeamEvent.current_round == number - 1)
        .values(current_round=number, status=status, bell_at=None, version=TeamEvent.version + 1)
        .execution_options(synchronize_session=False))
    if claimed.rowcount != 1:
        raise EventError(f"Round {number} has already been started.")
    db.session.refresh(event)
    db.session.add(EventRound(event_id=event.id, number=number, playoff=status == "playoff"))


def _new_match(event: TeamEvent, home: EventTeam, away: EventTeam) -> Match:
    """The table game as an ordinary match: the home team North–South (seats 0 and 2)."""
    players = Player.get_or_create_many([home.player_one, away.player_one, home.player_two, away.player_two],
                                         group_id=event.group_id)
    match = Match(variant=event.variant, rules=dict(event.rules or {}), first_dealer=0, status="active", version=1,
                  group_id=event.group_id, summary=f"{home.name} v {away.name}")
    for seat, name in enumerate((home.player_one, away.player_one, home.player_two, away.player_two)):
        match.seats.append(MatchSeat(seat=seat, player=players[name]))
    db.session.add(match)
    return match


def _add_game(event: TeamEvent, number: int, table: int, home: EventTeam, away: EventTeam,
              bracket_match: int | None = None, game_in_match: int | None = None) -> EventGame:
    game = EventGame(event_id=event.id, round=number, table=table, home_id=home.id, away_id=away.id,
                     bracket_match=bracket_match, game_in_match=game_in_match, match=_new_match(event, home, away))
    game.home, game.away = home, away
    db.session.add(game)
    return game


def start_round(event: TeamEvent, actor: str = "director") -> None:
    """Pair the next round (the referee pairs) and open each table's game."""
    number = event.current_round + 1
    if number > event.rounds:
        raise EventError(f"The event has {event.rounds} rounds; they have all been played.")
    teams = active_teams(event, number)
    if len(teams) < 2:
        raise EventError(f"Round {number} needs at least two teams; {len(teams)} can play it.")
    by_id = {t.id: t for t in event.teams}
    fmt = event_format(event)
    games, byes = games_of(event), byes_of(event)
    if fmt is Format.ROUND_ROBIN:
        planned = referee_teams.round_robin([t.id for t in event.teams if t.joined_round == 1])[number - 1]
        playing = {t.id for t in teams}
        pairings = [(p.home, p.away) for p in planned.pairings if p.home in playing and p.away in playing]
        # A team whose opponent withdrew sits this round out with a bye, as the schedule's bye does.
        sitting = [p.home if p.away not in playing else p.away for p in planned.pairings
                   if (p.home in playing) != (p.away in playing)]
        sitting += [planned.bye] if planned.bye in playing else []
    else:
        ranked = [row.team for row in standings_of(event, games, byes) if by_id[row.team].plays_in(number)]
        results = [game_result(g) for g in games if g.bracket_match is None]
        round_ = referee_teams.pair_round(number, ranked, referee_teams.met(results),
                                          Counter(b.team_id for b in byes), Counter(g.home_id for g in games))
        pairings = [(p.home, p.away) for p in round_.pairings]
        sitting = [round_.bye] if round_.bye is not None else []
    _claim_round(event, number, "rounds")
    _ensure_tables(event, len(pairings))
    for table, (home, away) in enumerate(pairings, 1):
        _add_game(event, number, table, by_id[home], by_id[away])
    for team_id in sitting:
        db.session.add(EventBye(event_id=event.id, round=number, team_id=team_id))
    out = ", ".join(by_id[t].name for t in sitting)
    audit(event, actor, "round-start", f"Round {number} paired at {len(pairings)} tables."
          + (f" Bye: {out}." if out else ""))


def round_robin_schedule(event: TeamEvent) -> list[dict[str, Any]]:
    """A round robin's whole schedule, to print before play (the referee's circle method): each round's
    tables (home team first) and its bye. Empty for the other formats, which are paired round by round."""
    if event_format(event) is not Format.ROUND_ROBIN:
        return []
    teams = [t for t in event.teams if t.joined_round == 1]
    if len(teams) < 2:
        return []
    by_id = {t.id: t.name for t in teams}
    return [{"number": r.number, "tables": [(p.table, by_id[p.home], by_id[p.away]) for p in r.pairings],
             "bye": by_id.get(r.bye)} for r in referee_teams.round_robin([t.id for t in teams])]


def start_event(event: TeamEvent) -> None:
    if event.status != "checkin":
        raise EventError("The event has already started.")
    if event.playoff_size and len(active_teams(event, 1)) < event.playoff_size:
        raise EventError(f"A playoff for the top {event.playoff_size} needs at least {event.playoff_size} teams.")
    if event_format(event) is Format.ROUND_ROBIN:  # every team meets every other: the field sets the rounds
        event.rounds = referee_teams.rounds_needed(Format.ROUND_ROBIN, len(active_teams(event, 1)))
    start_round(event)


# -- the playoff --------------------------------------------------------------------------------------
def playoff_bracket(event: TeamEvent) -> referee_bracket.Bracket:
    return referee_bracket.build(event.playoff_size, Elimination(event.playoff_elimination),
                                 event.playoff_best_of, event.playoff_reset)


def playoff_states(event: TeamEvent, games: list[EventGame] | None = None) -> list[referee_bracket.MatchState]:
    games = games_of(event) if games is None else games
    winners: dict[int, list[int]] = {}
    for game in games:
        if game.bracket_match is not None and game.done and game.winner_id is not None:
            winners.setdefault(game.bracket_match, []).append(game.winner_id)
    return referee_bracket.resolve(playoff_bracket(event), event.playoff_seeds or [], winners)


def start_playoff(event: TeamEvent, actor: str = "director") -> None:
    """Seed the top teams still in the event from the standings (the referee ranks) and play the first
    playoff round."""
    standing = standings_of(event)
    by_id = {t.id: t for t in event.teams}
    seeds = [row.team for row in standing if by_id[row.team].withdrawn_after is None][:event.playoff_size]
    if len(seeds) < event.playoff_size:
        raise EventError(f"A playoff for the top {event.playoff_size} needs {event.playoff_size} teams still in.")
    event.playoff_seeds = seeds
    audit(event, actor, "playoff", "Playoff seeds: " + ", ".join(f"{i}. {by_id[t].name}" for i, t in
                                                                 enumerate(seeds, 1)) + ".")
    _playoff_round(event, actor)


def _playoff_round(event: TeamEvent, actor: str) -> bool:
    """A playoff round: every match ready to play (and the next game of a best of three) at a table.
    False when none is ready (the playoff is decided)."""
    ready = [s for s in playoff_states(event) if s.ready]
    if not ready:
        return False
    number = event.current_round + 1
    games = games_of(event)
    _claim_round(event, number, "playoff")
    _ensure_tables(event, len(ready))
    by_id = {t.id: t for t in event.teams}
    for table, state in enumerate(ready, 1):
        played = sum(1 for g in games if g.bracket_match == state.match.number)
        # Home alternates within a best of three, the higher seed home first.
        home, away = (state.a, state.b) if played % 2 == 0 else (state.b, state.a)
        _add_game(event, number, table, by_id[home], by_id[away], state.match.number, played + 1)
    audit(event, actor, "round-start", f"Playoff round {number}: " + ", ".join(
        f"match {s.match.number}" for s in ready) + ".")
    return True


def finish_event(event: TeamEvent, actor: str = "director") -> None:
    event.status = "finished"
    event.touch()
    audit(event, actor, "finished", f"The event ended after round {event.current_round}.")


def advance(event: TeamEvent, actor: str) -> None:
    """The next step once every table of the round is done: the next round, the playoff, or the end."""
    if event.status == "rounds" and event.current_round < event.rounds:
        start_round(event, actor)
    elif event.status == "rounds" and event.playoff_size:
        start_playoff(event, actor)
    elif event.status == "playoff" and _playoff_round(event, actor):
        pass
    else:
        finish_event(event, actor)


def round_done(event: TeamEvent) -> bool:
    pending = db.session.scalar(select(func.count()).select_from(EventGame).where(
        EventGame.event_id == event.id, EventGame.round == event.current_round, EventGame.status != "done"))
    return not pending


def advance_if_done(event: TeamEvent) -> None:
    """When every table of the round is done, pair the next one (or seed the playoff, or end the event).
    Runs after the result that completed the round was committed; a race with another table is harmless."""
    if event.status not in ("rounds", "playoff") or not round_done(event):
        return
    try:
        advance(event, "app")
        db.session.commit()
    except (EventError, IntegrityError):
        db.session.rollback()


# -- the bell ---------------------------------------------------------------------------------------
def bell_due(event: TeamEvent) -> datetime | None:
    """When the bell timer rings for the round in play, or None (no timer, or rung already)."""
    if not event.bell_minutes or event.bell_at is not None or event.status not in ("rounds", "playoff"):
        return None
    started = db.session.scalar(select(EventRound.started_at).where(EventRound.event_id == event.id,
                                                                    EventRound.number == event.current_round))
    return None if started is None else started + timedelta(minutes=event.bell_minutes)


def ring_if_timer_due(event: TeamEvent) -> bool:
    """The bell timer: once the round has lasted ``bell_minutes``, the bell rings by itself (committed here,
    since any page may be the first to see it is due). True when it rang now."""
    if not event.bell_minutes or event.bell_at is not None or event.status not in ("rounds", "playoff"):
        return False
    started = db.session.scalar(select(EventRound.started_at).where(EventRound.event_id == event.id,
                                                                    EventRound.number == event.current_round))
    if started is None or utcnow() < started + timedelta(minutes=event.bell_minutes):
        return False
    try:
        rang = ring_bell(event, "timer")
        db.session.commit()
    except (EventError, IntegrityError):
        db.session.rollback()
        return False
    return rang


def ring_bell(event: TeamEvent, actor: str = "director") -> bool:
    """Time is up for the round: tables send the score as it stands; the director rules the rest."""
    if event.status not in ("rounds", "playoff"):
        raise EventError("No round is being played, so there is no bell to ring.")
    rung = db.session.execute(
        update(TeamEvent).where(TeamEvent.id == event.id, TeamEvent.current_round == event.current_round,
                                TeamEvent.bell_at.is_(None))
        .values(bell_at=utcnow(), version=TeamEvent.version + 1).execution_options(synchronize_session=False))
    db.session.refresh(event)
    if rung.rowcount != 1:
        return False
    db.session.execute(update(EventRound).where(EventRound.event_id == event.id,
                                                EventRound.number == event.current_round).values(bell_at=event.bell_at))
    audit(event, actor, "bell", f"The bell rang for round {event.current_round}.")
    return True


# -- a table's result: the table game's state machine ---------------------------------------------------
PAIR_OF = {"home": "NS", "away": "EW"}  # the home team sits North–South


@dataclass(frozen=True)
class EventTables:
    """The event as a table game sees it (``services.table_game.TableEvent``): its pairs are the two teams."""

    event: TeamEvent
    row: EventGame

    @property
    def bell_rung(self) -> bool:
        # A team's game ends at its target and is sent then; the bell only stops the tables still playing.
        return True

    def is_current(self, game: int) -> bool:
        return game == self.event.current_round and self.event.status in ("rounds", "playoff")

    def where(self, row: EventGame) -> str:
        return f"Table {row.table}, round {row.round}"

    def side(self, pair: str) -> str:
        return self.row.team_of(pair).name

    def record_change(self, actor: str, action: str, detail: str, *, old: Any, new: Any, standings: bool) -> None:
        audit(self.event, actor, action, detail, old=old, new=new)
        self.event.touch()


def _loners(home_loners: int, away_loners: int) -> dict[str, int]:
    """Loners made per team, kept as the table game keeps them: per seat (the team's first seat)."""
    return {"N": home_loners, "E": away_loners, "S": 0, "W": 0}


def _cut(cut_winner: str | None) -> str | None:
    return PAIR_OF.get(cut_winner or "")


def _record_match(game: EventGame) -> None:
    """The finished game on its match, as the group stats read matches (``scoring.record``)."""
    match = game.match
    match.status = "finished"
    match.winner = 0 if game.winner == "NS" else 1
    match.hands_played = len(match.hands)
    match.summary = f"{game.home.name} {game.ns_points} to {game.ew_points} {game.away.name}"
    match.updated_at = utcnow()
    for seat in match.seats:
        seat.side = seat.seat % 2
        seat.points = game.ns_points if seat.side == 0 else game.ew_points


def send(event: TeamEvent, game: EventGame, *, side: str, home_points: int, away_points: int, home_loners: int = 0,
         away_loners: int = 0, cut_winner: str | None = None, actor: str, anyway: bool = False) -> None:
    """One team sends the table's game total; the other team then confirms it. A total that is not what the
    hands entered add up to is refused (``machine.TotalDisagrees``) unless sent ``anyway``."""
    machine.send(EventTables(event, game), game, pair=PAIR_OF[side], actor=actor, totals=(home_points, away_points),
                 loners=_loners(home_loners, away_loners), cut_winner=_cut(cut_winner), anyway=anyway)


def send_hands(event: TeamEvent, game: EventGame, *, side: str, cut_winner: str | None = None, actor: str) -> None:
    """One team sends the score of the hands entered on the table's scoresheet (the machine counts them,
    loners included), as a night's table does; the other team then confirms it."""
    machine.send(EventTables(event, game), game, pair=PAIR_OF[side], actor=actor, cut_winner=_cut(cut_winner))


def confirm(event: TeamEvent, game: EventGame, *, side: str, actor: str) -> None:
    machine.confirm(EventTables(event, game), game, pair=PAIR_OF[side], actor=actor)
    _record_match(game)


def reject(event: TeamEvent, game: EventGame, *, side: str, actor: str) -> None:
    """The other team disagrees: the result is withdrawn and the table sends it again."""
    machine.reject(EventTables(event, game), game, pair=PAIR_OF[side], actor=actor)


def rule(event: TeamEvent, game: EventGame, *, home_points: int, away_points: int, home_loners: int,
         away_loners: int, cut_winner: str | None, reason: str) -> None:
    """The director's ruling for a table that did not finish (or a result the teams do not agree on): the
    table is closed with that result, logged with the reason."""
    machine.close(EventTables(event, game), game, ns=home_points, ew=away_points,
                  loners=_loners(home_loners, away_loners), cut_winner=_cut(cut_winner), reason=reason)
    _record_match(game)


def correct(event: TeamEvent, game: EventGame, *, home_points: int, away_points: int, home_loners: int,
            away_loners: int, cut_winner: str | None, reason: str) -> None:
    """The director corrects a finished game (the pairings made from it stay). A playoff game's winner
    cannot change once the bracket has moved on with it, so only its points can."""
    if game.bracket_match is not None and game.done:
        winner = "NS" if home_points > away_points else "EW" if away_points > home_points else _cut(cut_winner)
        if winner not in (None, game.winner):
            raise EventError("A playoff game's winner has moved on in the bracket: only its points can be "
                             "corrected.", "home_points")
    machine.correct(EventTables(event, game), game, ns=home_points, ew=away_points,
                    loners=_loners(home_loners, away_loners), cut_winner=_cut(cut_winner), reason=reason)
    _record_match(game)


def audit_entries(event: TeamEvent) -> list[EventAudit]:
    return list(db.session.scalars(select(EventAudit).where(EventAudit.event_id == event.id)
                                   .order_by(EventAudit.at, EventAudit.id)))


def teams_named(event: TeamEvent, ids: Iterable[int]) -> list[str]:
    by_id = {t.id: t.name for t in event.teams}
    return [by_id[i] for i in ids]
