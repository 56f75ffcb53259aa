from __future__ import annotations

import re
import secrets
from datetime import date, datetime
from typing import Any

from sqlalchemy import Date, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from extensions import db
from models.base import JSONValue, UTCDateTime, utcnow

GROUP_NAME_MAX = 60

# The join code: 20 characters from an alphabet without look-alikes (no 0/O, 1/I/L, U), shown in
# blocks of five. 31**20 is about 2**99 codes, so guessing one is hopeless without any rate limit.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 20
CODE_BLOCK = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """What was typed or pasted (any case, spaces, dashes, even the whole join link) as a stored code."""
    text = (text or "").strip()
    if "/" in text:
        text = text.rstrip("/").rsplit("/", 1)[-1]
    return re.sub(r"[^0-9A-Za-z]", "", text).upper()


class Group(db.Model):
    """Friends who play together: their matches and players are seen only by someone with the code.

    There is no listing of groups anywhere: the join link (or the code typed in) is the only way in.
    """

    __tablename__ = "play_group"  # "group" is a reserved word in SQL

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(GROUP_NAME_MAX))
    code: Mapped[str] = mapped_column(String(32), unique=True)
    # The read-only link's code: it shows the group's pages and changes nothing.
    view_code: Mapped[str] = mapped_column(String(32), unique=True, default=new_code)
    # Goes up each time the codes are replaced: a browser's grant names the version it was given under.
    code_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # Where the group plays (an IANA name): evenings and dates are counted in it.
    time_zone: Mapped[str] = mapped_column(String(60), default="UTC", server_default="UTC")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    @classmethod
    def create(cls, name: str) -> "Group":
        group = cls(name=name, code=new_code(), view_code=new_code())
        db.session.add(group)
        db.session.flush()
        return group

    @classmethod
    def by_view_code(cls, text: str) -> "Group | None":
        code = normalize_code(text)
        if len(code) != CODE_LENGTH:
            return None
        return db.session.scalar(select(cls).where(cls.view_code == code))

    def replace_codes(self) -> None:
        """New join and read-only codes: every link and grant given out before stops working."""
        self.code, self.view_code = new_code(), new_code()
        self.code_version += 1

    @classmethod
    def by_code(cls, text: str) -> "Group | None":
        code = normalize_code(text)
        if len(code) != CODE_LENGTH:
            return None
        return db.session.scalar(select(cls).where(cls.code == code))

    @property
    def display_code(self) -> str:
        """The code in blocks of five, easier to read out at the table."""
        return "-".join(self.code[i:i + CODE_BLOCK] for i in range(0, len(self.code), CODE_BLOCK))

    def __repr__(self) -> str:
        return f"<Group {self.id} {self.name!r}>"


class RemovedMatch(db.Model):
    """A match deleted from a group, kept for ``KEPT_FOR`` so the deletion can be undone: its match
    document (with its date) and the group players who sat in each seat."""

    __tablename__ = "removed_match"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"), index=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSONValue)
    player_ids: Mapped[list[int]] = mapped_column(JSONValue)
    removed_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Season(db.Model):
    """A named stretch of a group's evenings, with its standings: every evening counts, or only each
    player's best ``best_of``."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(GROUP_NAME_MAX))
    starts: Mapped[date] = mapped_column(Date)
    ends: Mapped[date] = mapped_column(Date)
    best_of: Mapped[int | None] = mapped_column(Integer, nullable=True)
