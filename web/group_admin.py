"""Tidying a group's history: delete a match (kept a while, so the deletion can be undone), move one out
of the group, abandon an unfinished one, and replace the group's codes when they leak.

Each step changes the rows and commits; the views only check who asks and say what happened. A deleted
match is kept as its match document (with its date) and the players who sat in it, and an undo rebuilds
it through the import's own path, so what comes back is what the referee scores.
"""
from __future__ import annotations

from datetime import timedelta

from flask import session
from sqlalchemy import delete, select

from extensions import db
from models import Group, Match, Player, RemovedMatch
from models.base import utcnow
from services import new_matches
from web import scoring

KEPT_FOR = timedelta(days=7)
NOTICE_KEY = "group_notice"


def remove(group: Group, match: Match) -> RemovedMatch:
    """Delete ``match`` from ``group``, keeping what an undo needs."""
    removed = RemovedMatch(group_id=group.id, document=match.document(),
                           player_ids=[seat.player_id for seat in match.seats])
    db.session.add(removed)
    db.session.delete(match)
    db.session.flush()
    _forget_expired(group)
    db.session.commit()
    return removed


def restore(group: Group, removed: RemovedMatch) -> Match:
    """Bring a deleted match back, with its players as they are called now (a player renamed since
    keeps the match; a player merged away or deleted comes back under the name in the document)."""
    doc = dict(removed.document)
    current = {p.id: p.name for p in db.session.scalars(
        select(Player).where(Player.id.in_(removed.player_ids), Player.group_id == group.id))}
    doc["players"] = [current.get(pid, name) for pid, name in zip(removed.player_ids, doc["players"])]
    match = new_matches.build_match(doc, scoring.referee.score_match(doc), group.id)
    db.session.add(match)
    db.session.delete(removed)
    db.session.commit()
    return match


def recently_removed(group: Group) -> list[RemovedMatch]:
    """The matches deleted from ``group`` that can still be brought back, latest first."""
    return list(db.session.scalars(select(RemovedMatch).where(
        RemovedMatch.group_id == group.id, RemovedMatch.removed_at >= utcnow() - KEPT_FOR)
        .order_by(RemovedMatch.removed_at.desc(), RemovedMatch.id.desc())))


def find_removed(group: Group, removed_id: int) -> RemovedMatch | None:
    removed = db.session.get(RemovedMatch, removed_id)
    if removed is None or removed.group_id != group.id or removed.removed_at < utcnow() - KEPT_FOR:
        return None
    return removed


def _forget_expired(group: Group) -> None:
    db.session.execute(delete(RemovedMatch).where(RemovedMatch.group_id == group.id,
                                                  RemovedMatch.removed_at < utcnow() - KEPT_FOR))


def move_out(match: Match) -> None:
    """The match stays, but no longer in its group: it leaves the group's history and stats."""
    match.group_id = None
    db.session.commit()


def abandon(match: Match) -> None:
    match.abandon()
    db.session.commit()


def replace_codes(group: Group) -> None:
    group.replace_codes()
    db.session.commit()


# -- the one-line notice after a change, with its undo ----------------------------------------
def notify(text: str, undo: int | None = None) -> None:
    session[NOTICE_KEY] = {"text": text, "undo": undo}


def flash_message() -> dict | None:
    """The notice left by the last change (shown once), or None."""
    notice = session.pop(NOTICE_KEY, None)
    return notice if isinstance(notice, dict) and isinstance(notice.get("text"), str) else None
