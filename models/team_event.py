"""A team event: fixed partners play a Grand Prix, Swiss rounds or a round robin, then perhaps a playoff.

The referee pairs the rounds, ranks the teams and draws the bracket (``referee.tournament.teams`` and
``bracket``); these rows keep what it decided and what the tables reported. Each table game is also an
ordinary ``Match`` (the four players in their seats), so an event that belongs to a group feeds its stats.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (Boolean, Date, ForeignKey, Index, Integer, String, Text, UniqueConstraint, update)
from sqlalchemy.orm import Mapped, mapped_column, relationship, synonym

from extensions import db
from models.base import JSONValue, UTCDateTime, utcnow
from models.match import Match
from models.player import NAME_MAX

TEAM_NAME_MAX = 60
EVENT_CODE_MAX = 8  # EventTable.code


class TeamEvent(db.Model):
    """One event of teams. ``status``: checkin → rounds → playoff (when there is one) → finished.
    ``rules``: the game's house rules (every table's match plays by them); ``bell_minutes``: the bell timer,
    which rings by itself that long after a round starts (None: the director rings it).
    ``version`` goes up on every change a table phone or the projector must see (their polls)."""

    __tablename__ = "team_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    day: Mapped[date] = mapped_column(Date)
    variant: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSONValue, default=dict)
    format: Mapped[str] = mapped_column(String(12))           # referee.tournament.teams.Format values
    rounds: Mapped[int] = mapped_column(Integer)
    points_rule: Mapped[str] = mapped_column(String(20), default="points")  # points, point difference
    bye_win: Mapped[bool] = mapped_column(Boolean, default=True)
    bye_points: Mapped[int] = mapped_column(Integer, default=0)
    playoff_size: Mapped[int] = mapped_column(Integer, default=0)  # 0 (none), 4 or 8
    playoff_elimination: Mapped[str] = mapped_column(String(8), default="single")
    playoff_best_of: Mapped[int] = mapped_column(Integer, default=1)
    playoff_reset: Mapped[bool] = mapped_column(Boolean, default=True)
    minutes_per_game: Mapped[int] = mapped_column(Integer, default=20)
    bell_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the bell rings by itself then
    pin_hash: Mapped[str] = mapped_column(String(256))
    seed: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(10), default="checkin")
    current_round: Mapped[int] = mapped_column(Integer, default=0)
    bell_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    playoff_seeds: Mapped[list[int] | None] = mapped_column(JSONValue, nullable=True)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("play_group.id", ondelete="SET NULL"), nullable=True,
                                                 index=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    teams: Mapped[list["EventTeam"]] = relationship(
        back_populates="event", order_by="EventTeam.position", cascade="all, delete-orphan")
    tables: Mapped[list["EventTable"]] = relationship(
        back_populates="event", order_by="EventTable.number", cascade="all, delete-orphan")

    def touch(self) -> None:
        """Bump the version in SQL (two requests never lose a bump), so polls see a change."""
        db.session.execute(update(TeamEvent).where(TeamEvent.id == self.id)
                           .values(version=TeamEvent.version + 1).execution_options(synchronize_session=False))


class EventTeam(db.Model):
    """A team of two: its name and players. It plays from round ``joined_round`` (a late team);
    ``withdrawn_after`` is the last round it played (None while it stays)."""

    __tablename__ = "event_team"
    __table_args__ = (UniqueConstraint("event_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(TEAM_NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(TEAM_NAME_MAX))  # casefolded: names are unique in an event
    player_one: Mapped[str] = mapped_column(String(NAME_MAX))
    player_two: Mapped[str] = mapped_column(String(NAME_MAX))
    position: Mapped[int] = mapped_column(Integer)
    joined_round: Mapped[int] = mapped_column(Integer, default=1)
    withdrawn_after: Mapped[int | None] = mapped_column(Integer, nullable=True)

    event: Mapped[TeamEvent] = relationship(back_populates="teams")

    def plays_in(self, round_: int) -> bool:
        return self.joined_round <= round_ and (self.withdrawn_after is None or round_ <= self.withdrawn_after)

    @property
    def players(self) -> str:
        return f"{self.player_one} & {self.player_two}"


class EventTable(db.Model):
    """A physical table with its card; ``code`` (the director's secret, printed on the card) opens its page."""

    __tablename__ = "event_table"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(EVENT_CODE_MAX), unique=True)

    event: Mapped[TeamEvent] = relationship(back_populates="tables")


class EventRound(db.Model):
    """A round of play: ``number`` counts on through the playoff (its rounds have ``playoff`` set).
    ``bell_at``: when the director rang the bell for it."""

    __tablename__ = "event_round"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    playoff: Mapped[bool] = mapped_column(Boolean, default=False)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    bell_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class EventBye(db.Model):
    """A team that sits out a round (an odd number of teams), scored as the event says."""

    __tablename__ = "event_bye"
    __table_args__ = (UniqueConstraint("event_id", "round", "team_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    team_id: Mapped[int] = mapped_column(ForeignKey("event_team.id", ondelete="CASCADE"))


class EventGame(db.Model):
    """One table's game in a round: ``home`` (North–South) against ``away`` (East–West). In the playoff,
    ``bracket_match`` is the bracket's match number and ``game_in_match`` which game of it (best of three).

    Its result columns are the table game's (``models.night.TableGame``), so the one state machine of a
    table's game (``services.table_game``) runs it: ``playing`` → ``submitted`` (one team sent the result)
    → ``done`` (the other team confirmed it, or the director closed the table); ``corrected``: the director
    changed it after it was done. ``version`` is checked on every change (two phones cannot both win).
    """

    __tablename__ = "event_game"
    __table_args__ = (UniqueConstraint("event_id", "round", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    home_id: Mapped[int] = mapped_column(ForeignKey("event_team.id", ondelete="CASCADE"))
    away_id: Mapped[int] = mapped_column(ForeignKey("event_team.id", ondelete="CASCADE"))
    bracket_match: Mapped[int | None] = mapped_column(Integer, nullable=True)
    game_in_match: Mapped[int | None] = mapped_column(Integer, nullable=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), unique=True)
    status: Mapped[str] = mapped_column(String(10), default="playing")
    mode: Mapped[str] = mapped_column(String(6), default="total")  # hands, total
    ns_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ew_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    winner: Mapped[str | None] = mapped_column(String(2), nullable=True)  # NS (home), EW (away)
    tie_note: Mapped[str | None] = mapped_column(String(200), nullable=True)
    loners: Mapped[dict[str, int] | None] = mapped_column(JSONValue, nullable=True)  # per seat
    submitted_by: Mapped[str | None] = mapped_column(String(2), nullable=True)
    submitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    dispute: Mapped[dict[str, Any] | None] = mapped_column(JSONValue, nullable=True)
    closed_by_director: Mapped[bool] = mapped_column(Boolean, default=False)
    corrected: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=1)

    __mapper_args__ = {"version_id_col": version}

    home: Mapped[EventTeam] = relationship(foreign_keys=[home_id], lazy="joined")
    away: Mapped[EventTeam] = relationship(foreign_keys=[away_id], lazy="joined")
    # ``Match.event_game``: the event's game a match is, read by the match pages (who may write its hands)
    match: Mapped[Match] = relationship(backref=db.backref("event_game", uselist=False))

    game = synonym("round")  # the state machine's name for the game a row belongs to

    @property
    def done(self) -> bool:
        return self.status == "done"

    def team_of(self, side: str) -> EventTeam:
        """``side``: home or away (or the machine's NS or EW)."""
        return self.home if side in ("home", "NS") else self.away

    # The result in the event's words: home and away, team ids.
    @property
    def home_points(self) -> int | None:
        return self.ns_points

    @property
    def away_points(self) -> int | None:
        return self.ew_points

    @property
    def winner_id(self) -> int | None:
        return None if self.winner is None else self.team_of(self.winner).id

    @property
    def home_loners(self) -> int:
        return sum((self.loners or {}).get(seat, 0) for seat in "NS")

    @property
    def away_loners(self) -> int:
        return sum((self.loners or {}).get(seat, 0) for seat in "EW")

    @property
    def sent_by(self) -> str | None:
        return {"NS": "home", "EW": "away"}.get(self.submitted_by or "")

    @property
    def ruled(self) -> bool:
        return self.closed_by_director


class EventAudit(db.Model):
    """Who changed what in an event, when, and the value before: results, rulings, corrections, the bell."""

    __tablename__ = "event_audit"
    __table_args__ = (Index("ix_event_audit_event_at", "event_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("team_event.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    actor: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(40))
    detail: Mapped[str] = mapped_column(Text, default="")
    old: Mapped[Any] = mapped_column(JSONValue, nullable=True)
    new: Mapped[Any] = mapped_column(JSONValue, nullable=True)
