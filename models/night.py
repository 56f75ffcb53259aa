"""A progressive euchre night: its players, tables, who sits where each game, each table's game,
the audit trail, and the guesses at its PIN and table codes.

The referee plans the seating (``referee.tournament``); these rows keep what it decided and what the
tables reported. A table's game is scored hand by hand in an ordinary ``Match`` (the same form as any
match), or as a game total.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import (Boolean, Date, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint,
                        and_, bindparam, false, insert, or_, update)
from sqlalchemy.ext.hybrid import hybrid_method
from sqlalchemy.orm import Mapped, mapped_column, relationship

from extensions import db
from models.base import JSONValue, UTCDateTime, utcnow
from models.match import Match
from models.player import NAME_MAX
# The seats and pairs are the referee's (one vocabulary), named here too for the app's many readers.
from referee.tournament.seats import PAIR_OF_SEAT

CODE_MAX = 8  # NightTable.code
STANDINGS_CHANGED = "night_standings_changed"  # the key in ``db.session.info`` of the nights to redraw
# The key in ``db.session.info`` of what this request changed at every table of a night: {(night id, game, what)}
EVERY_TABLE_CHANGED = "night_every_table_changed"


class Night(db.Model):
    """One progressive night. ``version`` goes up on every change a table or projector must see, so
    their polls can be answered with a cheap 304 while nothing changed. ``standings_version`` goes up
    only on the changes the standings show (results done or corrected, players, games started), so the
    standings are not redrawn for a result merely sent, withdrawn, or the bell."""

    __tablename__ = "night"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    day: Mapped[date] = mapped_column(Date)
    variant: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSONValue, default=dict)
    games: Mapped[int] = mapped_column(Integer, default=10)
    hands_per_game: Mapped[int] = mapped_column(Integer, default=8)
    movement: Mapped[str] = mapped_column(String(10), default="winners")
    sit_out_mode: Mapped[str] = mapped_column(String(10), default="average")
    sit_out_points: Mapped[int] = mapped_column(Integer, default=0)
    bell_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pin_hash: Mapped[str] = mapped_column(String(256))
    seed: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(10), default="checkin")  # checkin, playing, finished
    current_game: Mapped[int] = mapped_column(Integer, default=0)
    game_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    bell_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    bell_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    chart_state: Mapped[dict[str, Any] | None] = mapped_column(JSONValue, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    standings_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    players: Mapped[list["NightPlayer"]] = relationship(
        back_populates="night", order_by="NightPlayer.position", cascade="all, delete-orphan")
    tables: Mapped[list["NightTable"]] = relationship(
        back_populates="night", order_by="NightTable.number", cascade="all, delete-orphan")

    @property
    def bell_rung(self) -> bool:
        return self.bell_at is not None

    def touch(self, *, standings: bool = True, entry: AuditValues | None = None) -> None:
        """Bump the version (in SQL, so two requests never lose a bump) so polls see a change; and the
        standings' version too unless ``standings`` is False (the change is not on the standings). ``entry``:
        the change's audit entry, written first, and on PostgreSQL in the same statement: every result of a
        night writes both, and each statement is a round trip its worker waits for while results come in."""
        if standings:
            self.standings_changed()
        db.session.flush()  # what the request wrote first goes first, as an ORM update's would
        bump = TOUCH_WITH_STANDINGS if standings else TOUCH
        if entry is None:
            db.session.execute(bump, {"night_id": self.id})
        elif db.session.get_bind().dialect.name == "postgresql":
            db.session.execute(ENTRY_AND_TOUCH_WITH_STANDINGS if standings else ENTRY_AND_TOUCH,
                               entry.params(self.id))
        else:  # SQLite has no INSERT inside a WITH: two statements, and a statement there is no round trip
            db.session.execute(NEW_ENTRY, entry.params(self.id))
            db.session.execute(bump, {"night_id": self.id})

    def standings_changed(self) -> None:
        """Note, for the end of the request, that this night's standings must be drawn again."""
        db.session.info.setdefault(STANDINGS_CHANGED, set()).add(self.id)

    def every_table_changed(self, what: str) -> None:
        """Note, for the end of the request, that every table's ``what`` changed ("page": the next game is
        seated; "region": the bell rang or was taken back), for their phones' drawings to be made ahead."""
        db.session.info.setdefault(EVERY_TABLE_CHANGED, set()).add((self.id, self.current_game, what))

    def __repr__(self) -> str:
        return f"<Night {self.id} {self.name!r} game {self.current_game}>"


# ``Night.touch``'s statements, built once: every hand and every result of a night runs one, and an ORM update
# built and keyed anew each time was about 300 of a result's 7,000 Python calls. Core statements on the table:
# the session's copy of the night is left as it was read, as the ORM update left it (synchronize_session=False).
_night = Night.__table__
TOUCH = (update(_night).where(_night.c.id == bindparam("night_id"))
         .values(version=_night.c.version + 1))
TOUCH_WITH_STANDINGS = (update(_night).where(_night.c.id == bindparam("night_id"))
                        .values(version=_night.c.version + 1, standings_version=_night.c.standings_version + 1))


class NightPlayer(db.Model):
    """A player checked in to a night. They may play from game ``joined_game``; ``left_after`` is the
    last game they play (None while they stay)."""

    __tablename__ = "night_player"
    __table_args__ = (UniqueConstraint("night_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX))  # casefolded: "ann" and "Ann" are one player
    position: Mapped[int] = mapped_column(Integer)
    joined_game: Mapped[int] = mapped_column(Integer, default=1)
    left_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    night: Mapped[Night] = relationship(back_populates="players", lazy="raise_on_sql")  # its night is loaded first

    @hybrid_method
    def plays_in(self, game: int) -> bool:
        return self.joined_game <= game and (self.left_after is None or game <= self.left_after)

    @plays_in.expression
    def plays_in(cls, game: int):  # the same rule in SQL, for counting
        return and_(cls.joined_game <= game, or_(cls.left_after.is_(None), cls.left_after >= game))


class NightTable(db.Model):
    """A physical table with its card: number 1 is the head table. ``code`` (7 characters, the director's
    secret, printed on the card) opens its page."""

    __tablename__ = "night_table"
    __table_args__ = (UniqueConstraint("night_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(CODE_MAX), unique=True)

    night: Mapped[Night] = relationship(back_populates="tables", lazy="raise_on_sql")  # access.get_table joins it


class NightSeat(db.Model):
    """Where a player sits in one game: a table and seat, or ``table`` None when they sit out.
    ``since`` is the game from which they have sat at this table (the longest-seated stays put)."""

    __tablename__ = "night_seat"
    __table_args__ = (
        UniqueConstraint("night_id", "game", "player_id"),
        UniqueConstraint("night_id", "game", "table", "seat"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    game: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("night_player.id", ondelete="CASCADE"), index=True)
    table: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[str | None] = mapped_column(String(1), nullable=True)
    since: Mapped[int | None] = mapped_column(Integer, nullable=True)

    player: Mapped[NightPlayer] = relationship(lazy="joined")

    @property
    def pair(self) -> str | None:
        return None if self.seat is None else PAIR_OF_SEAT[self.seat]


class TableGame(db.Model):
    """One table's game: played hand by hand in ``match``, or reported as a game total.

    status: ``playing`` → ``submitted`` (one pair sent the result) → ``done`` (the other pair confirmed,
    or the director closed the table): the states of ``services.table_game``'s machine. ``loners``
    counts lone hands made per seat. ``corrected``: the director changed the result after it was done
    (the seating that followed was not changed).
    """

    __tablename__ = "table_game"
    __table_args__ = (UniqueConstraint("night_id", "game", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    game: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), unique=True)
    status: Mapped[str] = mapped_column(String(10), default="playing")
    mode: Mapped[str] = mapped_column(String(6), default="hands")  # hands, total
    ns_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ew_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    winner: Mapped[str | None] = mapped_column(String(2), nullable=True)
    tie_note: Mapped[str | None] = mapped_column(String(200), nullable=True)
    loners: Mapped[dict[str, int] | None] = mapped_column(JSONValue, nullable=True)
    submitted_by: Mapped[str | None] = mapped_column(String(2), nullable=True)
    submitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    closed_by_director: Mapped[bool] = mapped_column(Boolean, default=False)
    # {"by": pair, "ns": points, "ew": points, "sent_by": pair}: the result a pair said was "Not right",
    # shown to the pair that sent it until the table sends again.
    dispute: Mapped[dict[str, Any] | None] = mapped_column(JSONValue, nullable=True)
    corrected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    submit_token: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the result's idempotency token
    version: Mapped[int] = mapped_column(Integer, default=1)

    match: Mapped[Match] = relationship(lazy="joined", backref=db.backref("table_game", uselist=False))

    # Optimistic locking: every UPDATE of the row checks the version it was loaded at and moves it on,
    # so of two phones changing the same table game the second fails (``services.table_game``).
    __mapper_args__ = {"version_id_col": version}

    @property
    def done(self) -> bool:
        return self.status == "done"

    def points_of(self, pair: str) -> int | None:
        return self.ns_points if pair == "NS" else self.ew_points


class NightScreen(db.Model):
    """The last drawing of one of a night's polled screens (the standings), shared by every server
    process: ``html`` shows the night at ``version``; ``drawing_since`` is set while a request draws a
    newer one (``web.nights.drawings``)."""

    __tablename__ = "night_screen"

    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), primary_key=True)
    screen: Mapped[str] = mapped_column(String(20), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    html: Mapped[str] = mapped_column(Text, default="")
    drawn_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    drawing_since: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    draw_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)  # how long ``html`` took to draw
    gzipped: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)  # ``html`` compressed, as it is sent


class AuditEntry(db.Model):
    """Who changed what, when, and the value before: every result, correction, closing and bell."""

    __tablename__ = "audit_entry"
    __table_args__ = (Index("ix_audit_entry_night_at", "night_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    actor: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(40))
    detail: Mapped[str] = mapped_column(Text, default="")
    old: Mapped[Any] = mapped_column(JSONValue, nullable=True)
    new: Mapped[Any] = mapped_column(JSONValue, nullable=True)


@dataclass(frozen=True)
class AuditValues:
    """An audit entry of a night not written yet (``Night.touch`` writes it with the change's bump)."""

    actor: str
    action: str
    detail: str
    old: Any = None
    new: Any = None

    def params(self, night_id: int) -> dict[str, Any]:
        return {"night_id": night_id, "entry_at": utcnow(), "entry_actor": self.actor, "entry_action": self.action,
                "entry_detail": self.detail, "entry_old": self.old, "entry_new": self.new}


# An audit entry, and the same with the night's bump (PostgreSQL: a data-modifying WITH), built once.
_entry = AuditEntry.__table__
NEW_ENTRY = insert(_entry).values(
    night_id=bindparam("night_id"), at=bindparam("entry_at", type_=_entry.c.at.type),
    actor=bindparam("entry_actor", type_=_entry.c.actor.type),
    action=bindparam("entry_action", type_=_entry.c.action.type),
    detail=bindparam("entry_detail", type_=_entry.c.detail.type),
    old=bindparam("entry_old", type_=_entry.c.old.type), new=bindparam("entry_new", type_=_entry.c.new.type))
ENTRY_AND_TOUCH = TOUCH.add_cte(NEW_ENTRY.cte("entry"))
ENTRY_AND_TOUCH_WITH_STANDINGS = TOUCH_WITH_STANDINGS.add_cte(NEW_ENTRY.cte("entry"))


class AccessAttempt(db.Model):
    """One client's guesses at one secret within a window: ``scope`` names the secret ("code" for every
    table code, "pin <night id>" for a night's PIN), ``client`` the client's address. ``attempts`` counts
    the guesses since ``since``; the counting is in ``web.nights.throttle``."""

    __tablename__ = "access_attempt"

    scope: Mapped[str] = mapped_column(String(24), primary_key=True)
    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    since: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
