from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, insert, select, text, union
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
    """Someone who has sat at a table. A name picks a known player: names are unique among the
    one-off matches' players, and unique within each group (``group_id``), so the same name can be
    two different people in two groups."""

    __tablename__ = "player"
    __table_args__ = (
        # Two partial unique indexes (SQLite and PostgreSQL both have them): a plain UNIQUE
        # (group_id, name) would let one-off players repeat, since NULLs are all distinct.
        Index("uq_player_one_off_name", "name", unique=True,
              sqlite_where=text("group_id IS NULL"), postgresql_where=text("group_id IS NULL")),
        Index("uq_player_group_id_name", "group_id", "name", unique=True,
              sqlite_where=text("group_id IS NOT NULL"), postgresql_where=text("group_id IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    group_id: Mapped[int | None] = mapped_column(ForeignKey("play_group.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    @classmethod
    def get_or_create(cls, name: str, group_id: int | None = None) -> "Player":
        """The player called ``name``: among one-off players, or in the group ``group_id``."""
        player = db.session.scalar(select(cls).where(cls.name == name, cls._in(group_id)))
        if player is None:
            player = cls(name=name, group_id=group_id)
            db.session.add(player)
            db.session.flush()
        return player

    @classmethod
    def get_or_create_many(cls, names: Iterable[str], group_id: int | None = None) -> dict[str, "Player"]:
        """Each of ``names``'s players, as :meth:`get_or_create` would give them, with one query and one
        flush for them all (a progressive night seats 400 players at once)."""
        wanted = set(names)
        if not wanted:
            return {}
        found = {p.name: p for p in db.session.scalars(select(cls).where(cls.name.in_(wanted), cls._in(group_id)))}
        missing = sorted(wanted - found.keys())
        if missing:
            # An executemany, then one query for the new ids: adding the players one by one would insert
            # them one statement each on SQLite, to read each id back.
            db.session.execute(insert(cls), [{"name": name, "group_id": group_id} for name in missing])
            found |= {p.name: p for p in db.session.scalars(
                select(cls).where(cls.name.in_(missing), cls._in(group_id)))}
        return found

    @classmethod
    def known_names(cls, group_id: int | None = None) -> list[str]:
        return list(db.session.scalars(select(cls.name).where(cls._in(group_id)).order_by(cls.name)))

    @classmethod
    def names_seen(cls, match_ids: list[int], group_ids: list[int]) -> list[str]:
        """The names of the players seated in ``match_ids`` and of the groups ``group_ids``, each once."""
        from models.match import MatchSeat

        if not match_ids and not group_ids:
            return []
        seated = select(cls.name).join(MatchSeat, MatchSeat.player_id == cls.id).where(MatchSeat.match_id.in_(match_ids))
        in_groups = select(cls.name).where(cls.group_id.in_(group_ids))
        return sorted(set(db.session.scalars(union(seated, in_groups))))

    @classmethod
    def _in(cls, group_id: int | None):
        return cls.group_id.is_(None) if group_id is None else cls.group_id == group_id

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.name!r}>"
