from __future__ import annotations

import unicodedata
from datetime import datetime

from sqlalchemy import String, select
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db
from models.base import UTCDateTime, utcnow

NAME_MAX = 40
UNPRINTABLE_NAME = "Names can only hold letters, digits, spaces and punctuation."


def unprintable(name: str) -> bool:
    """Control characters or lone surrogates: never typed on a phone, and PostgreSQL cannot store NUL
    (or a database any lone surrogate) in a name."""
    return any(unicodedata.category(c) in ("Cc", "Cs") for c in name)


class Player(db.Model):
    """Someone who has sat at a table. Names are unique, so a name picks a known player."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    @classmethod
    def get_or_create(cls, name: str) -> "Player":
        player = db.session.scalar(select(cls).where(cls.name == name))
        if player is None:
            player = cls(name=name)
            db.session.add(player)
            db.session.flush()
        return player

    @classmethod
    def known_names(cls) -> list[str]:
        return list(db.session.scalars(select(cls.name).order_by(cls.name)))

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.name!r}>"
