from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from extensions import db
from models.base import JSONValue, UTCDateTime, utcnow

if TYPE_CHECKING:
    from models.match import Match

# The keys of a match-document hand, in the order they are written out.
HAND_KEYS = ("dealer", "void", "maker", "bid", "forced", "trump", "upcard", "alone", "defender_alone",
             "partner", "sat_out", "dropped", "renege", "tricks", "auction", "joker_in_widow")


class Hand(db.Model):
    """One hand of a match, stored as the match document's hand: one column per key.

    A column that is NULL is a key that is absent from the document. ``partner`` can be
    present and null (the maker had no partner), which ``partner_none`` records.
    ``token`` is the idempotency key sent by the hand form: one token, one hand.
    """

    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("match_id", "token"),
        UniqueConstraint("match_id", "position"),
        # The group stats read only these columns of a match's hands (bench/stats_bench.py):
        # covering them spares SQLite a table lookup per hand.
        Index("ix_hand_stats", "match_id", "maker", "made", "march", "loner", "pepper", "maker_side"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(64))

    dealer: Mapped[int | None] = mapped_column(Integer)
    void: Mapped[bool | None] = mapped_column(Boolean)
    maker: Mapped[int | None] = mapped_column(Integer)
    bid: Mapped[int | str | None] = mapped_column(JSONValue)
    forced: Mapped[bool | None] = mapped_column(Boolean)
    trump: Mapped[str | None] = mapped_column(String(2))
    upcard: Mapped[str | None] = mapped_column(String(2))
    alone: Mapped[bool | None] = mapped_column(Boolean)
    defender_alone: Mapped[bool | None] = mapped_column(Boolean)
    partner: Mapped[int | None] = mapped_column(Integer)
    partner_none: Mapped[bool] = mapped_column(Boolean, default=False)
    sat_out: Mapped[bool | None] = mapped_column(Boolean)
    dropped: Mapped[list[int] | None] = mapped_column(JSONValue)
    renege: Mapped[int | None] = mapped_column(Integer)
    tricks: Mapped[int | list[int] | None] = mapped_column(JSONValue)
    auction: Mapped[Any] = mapped_column(JSONValue, nullable=True)
    joker_in_widow: Mapped[bool | None] = mapped_column(Boolean, nullable=True)  # why a void hand was void

    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    # What the referee made of this hand, kept by ``scoring.sync_status`` so the group stats are
    # sums in SQL (never part of the match document): the makers' side, whether they made it
    # (None when nobody made trump), and whether it was a march, a loner, a pepper bid.
    maker_side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    made: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    march: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    loner: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    pepper: Mapped[bool | None] = mapped_column(Boolean, nullable=True)

    match: Mapped["Match"] = relationship(back_populates="hands", lazy="raise_on_sql")  # read through its match

    def to_dict(self) -> dict[str, Any]:
        """This hand exactly as a match-document hand."""
        out: dict[str, Any] = {}
        for key in HAND_KEYS:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
            elif key == "partner" and self.partner_none:
                out[key] = None
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, position: int, token: str) -> "Hand":
        """A new row for a match-document hand, at ``position`` in its match, sent with ``token``."""
        hand = cls(position=position, token=token)
        hand.set_from_dict(data)
        return hand

    def set_from_dict(self, data: dict[str, Any]) -> None:
        """Copy a match-document hand onto this row (keys not given become absent)."""
        unknown = set(data) - set(HAND_KEYS)
        if unknown:
            raise ValueError(f"unknown hand keys: {sorted(unknown)}")
        for key in HAND_KEYS:
            setattr(self, key, data.get(key))
        self.partner_none = "partner" in data and data["partner"] is None

    def __repr__(self) -> str:
        return f"<Hand {self.id} match={self.match_id} #{self.position} {self.to_dict()}>"
