from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from extensions import db
from models.base import JSONValue, UTCDateTime, utcnow

if TYPE_CHECKING:
    from models.hand import Hand
    from models.player import Player

DOCUMENT_FORMAT = "euchre-match/1"
# What one match may hold: far more than any game (a game to 10 is about 15 hands), and few enough
# that its page stays small (an import of 60,000 hands once drew a 73 MB page in 9 s).
MAX_HANDS = 500
START_TOTAL_MAX = 999  # a paper game carried on starts from -999 to 999 points a side
START_MARKS_MAX = 999  # ...and with 0 to 999 marks (hickeys) a side, where the variant counts them


def played_text(moment: datetime) -> str:
    """A match's ``played`` key: an ISO 8601 date-time in UTC, to the second ("2025-03-06T19:42:05Z")."""
    return moment.astimezone(timezone.utc).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def parse_played(value: object) -> datetime | None:
    """The moment a document's ``played`` names (a date, or a date-time with or without its offset;
    without one it is UTC), or None when it names none. A date alone is taken as noon UTC, so it
    stays on its day in every time zone of the Americas and Europe."""
    if not isinstance(value, str) or not 10 <= len(value) <= 40:
        return None
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if len(value.strip()) == 10:
        moment = moment.replace(hour=12)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)

# A match's addresses: 20 characters from lower-case letters and digits without look-alikes (no 0/o,
# 1/i/l), the first a letter so an address is never a number (the old numeric links, see web/access.py).
# 31**20 is about 2**99: an address cannot be guessed or counted through.
SLUG_LETTERS = "abcdefghjkmnpqrstuvwxyz"
SLUG_ALPHABET = SLUG_LETTERS + "23456789"
SLUG_LENGTH = 20
SLUG_PATTERN = f"[{SLUG_LETTERS}][{SLUG_ALPHABET}]{{{SLUG_LENGTH - 1}}}"


def new_slug() -> str:
    return secrets.choice(SLUG_LETTERS) + "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LENGTH - 1))


class Match(db.Model):
    """One game at one table: the variant, its house rules, who sits where, and its hands.

    ``version`` counts changes: SQLAlchemy's version counter (``version_id_col``) adds it to every
    UPDATE of the row, so a change made from an older version fails (``StaleDataError``) instead of
    overwriting another phone's; a change sent from a page drawn at an older version is refused
    before that (``services.hand_changes``). ``group_id`` is the group the match belongs to
    (None for a one-off). ``winner`` and ``hands_played`` are the referee's, kept by
    ``scoring.sync_status`` so the group stats can add them up in SQL.

    ``slug`` is the match's address, the scorer's link (``/matches/<slug>``: opening it lets this phone
    score the match); ``watch_slug`` is the read-only link's (``/watch/<watch_slug>``, a live scoreboard
    to share). Both are random, and neither can be worked out from the other or from ``id``.
    """

    __tablename__ = "match"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(SLUG_LENGTH), unique=True, index=True, default=new_slug)
    watch_slug: Mapped[str] = mapped_column(String(SLUG_LENGTH), unique=True, index=True, default=new_slug)
    variant: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSONValue, default=dict)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    start_totals: Mapped[list[int] | None] = mapped_column(JSONValue, nullable=True)
    start_marks: Mapped[list[int] | None] = mapped_column(JSONValue, nullable=True)  # hickeys carried over
    status: Mapped[str] = mapped_column(String(12), default="active", index=True)
    summary: Mapped[str] = mapped_column(Text, default="")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("play_group.id"), nullable=True, index=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hands_played: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __mapper_args__ = {"version_id_col": version}

    seats: Mapped[list["MatchSeat"]] = relationship(
        back_populates="match", order_by="MatchSeat.seat", cascade="all, delete-orphan")
    hands: Mapped[list["Hand"]] = relationship(
        back_populates="match", order_by="Hand.position", cascade="all, delete-orphan")

    @property
    def players(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def at_an_event(self) -> bool:
        """A table's game of a progressive night or a team event: its table's phones score it, its director
        settles and corrects it, and the event seats the next one (no rematch, no tidying from a group)."""
        return self.table_game is not None or self.event_game is not None

    def abandon(self) -> None:
        """An unfinished match nobody will finish: it stays in the history, marked, and counts in no stat.
        Saving a hand in it again carries it on."""
        self.status = "abandoned"

    def document(self, hands: list[dict] | None = None) -> dict[str, Any]:
        """The match document (match-format.md); ``hands`` replaces the stored hands. ``played``, when the
        match started (UTC), is the app's optional extension key: the referee ignores it, the import
        dates the match by it."""
        doc: dict[str, Any] = {
            "format": DOCUMENT_FORMAT,
            "variant": self.variant,
            "rules": dict(self.rules or {}),
            "players": self.players,
            "first_dealer": self.first_dealer,
        }
        if self.start_totals is not None:
            doc["start_totals"] = list(self.start_totals)
        if self.start_marks is not None:
            doc["start_marks"] = list(self.start_marks)
        if self.created_at is not None:
            doc["played"] = played_text(self.created_at)
        doc["hands"] = [h.to_dict() for h in self.hands] if hands is None else hands
        return doc

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.variant} v{self.version}>"


class MatchSeat(db.Model):
    """Who sits in seat ``seat`` (0-based, clockwise) of a match.

    ``side`` (the referee's side index for this seat) and ``points`` (what that side scored over
    the match) are kept by ``scoring.sync_status`` for the group stats.
    """

    __tablename__ = "match_seat"

    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped["Player"] = relationship(lazy="joined")
