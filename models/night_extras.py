"""What a director adds to a night beyond its players and games: seating wishes, the prizes chosen for
the night, the names players are marked with at check-in ("Ladies"), whether a player may take more
than one prize, and the group the night belongs to.

The referee decides what the wishes and prizes mean (``referee.tournament.wishes``, ``awards``); these
rows only keep what the director entered.
"""
from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db

WISH_KINDS = ("never", "apart", "stay", "couple-apart", "couple-together")
PAIR_WISHES = ("never", "apart", "couple-apart", "couple-together")  # the wishes naming two players
TAG_MAX = 40  # referee.tournament.awards.NAME_MAX


class NightWish(db.Model):
    """One seating wish: ``player`` and ``other`` (a pair's wishes) or ``player`` and ``table``
    (``stay``)."""

    __tablename__ = "night_wish"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    player_id: Mapped[int] = mapped_column(ForeignKey("night_player.id", ondelete="CASCADE"))
    other_id: Mapped[int | None] = mapped_column(ForeignKey("night_player.id", ondelete="CASCADE"), nullable=True)
    table: Mapped[int | None] = mapped_column(Integer, nullable=True)


class NightPrize(db.Model):
    """A prize the director chose for the night, in their order: a built-in kind or a named one."""

    __tablename__ = "night_prize"
    __table_args__ = (UniqueConstraint("night_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))
    title: Mapped[str] = mapped_column(String(TAG_MAX), default="")
    key: Mapped[str] = mapped_column(String(TAG_MAX + 8))


class NightPlayerTag(db.Model):
    """A name a player is marked with at check-in, for a prize of that name ("Ladies")."""

    __tablename__ = "night_player_tag"
    __table_args__ = (UniqueConstraint("player_id", "tag_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("night_player.id", ondelete="CASCADE"), index=True)
    tag: Mapped[str] = mapped_column(String(TAG_MAX))
    tag_key: Mapped[str] = mapped_column(String(TAG_MAX))


class NightOptions(db.Model):
    """A night's prize option (one award per player) and the group it belongs to, when it does."""

    __tablename__ = "night_options"

    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), primary_key=True)
    one_award_per_player: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    group_id: Mapped[int | None] = mapped_column(ForeignKey("play_group.id", ondelete="SET NULL"), nullable=True,
                                                 index=True)
