"""The bell: it ends the current game at every table; the director may take it back, a timer may ring it."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from extensions import db
from models import Night, TableGame
from models.base import utcnow
from services.night.audit import audit
from services.night.errors import NightError
from services.night.queries import head_table_hands


class BellNeedsConfirmation(NightError):
    """No hand has been played at the head table: the bell rings only when asked a second time."""


def ring_bell(night: Night, actor: str, *, confirmed: bool = True) -> bool:
    """End the current game everywhere; False when it had already rung. Unless ``confirmed``, a bell
    before any hand was played at the head table raises BellNeedsConfirmation (a tap too early)."""
    if night.status != "playing":
        raise NightError("No game is being played, so there is no bell to ring.")
    if not confirmed and night.bell_at is None and head_table_hands(night) == 0:
        raise BellNeedsConfirmation("No hand has been played at the head table yet. Ring the bell anyway? "
                                    "Every table will stop after the hand in progress.")
    rung = db.session.execute(
        update(Night).where(Night.id == night.id, Night.current_game == night.current_game, Night.bell_at.is_(None))
        .values(bell_at=utcnow(), bell_by=actor, version=Night.version + 1)
        .execution_options(synchronize_session=False))
    db.session.refresh(night)
    if rung.rowcount != 1:
        return False
    night.every_table_changed("region")
    audit(night, actor, "bell", f"The bell rang for game {night.current_game} ({actor}).")
    return True


def undo_bell(night: Night, actor: str) -> None:
    """Take the bell back while no table has sent (or been given) a result: every table plays on.
    ``bell_by`` keeps who took it back (with ``bell_at`` empty), so the tables can say so."""
    if night.status != "playing" or night.bell_at is None:
        raise NightError("The bell has not rung, so there is nothing to take back.")
    if night.bell_by == "timer":
        raise NightError("The bell timer rang it: its time is up, so the bell stands.")
    sent = select(TableGame.id).where(TableGame.night_id == night.id, TableGame.game == night.current_game,
                                      TableGame.status != "playing")
    taken = db.session.execute(
        update(Night).where(Night.id == night.id, Night.current_game == night.current_game,
                            Night.bell_at.is_not(None), ~sent.exists())
        .values(bell_at=None, bell_by=f"undone by {actor}", version=Night.version + 1)
        .execution_options(synchronize_session=False))
    db.session.refresh(night)
    if taken.rowcount != 1:
        raise NightError("A table has sent its result already, so the bell stands. Correct that table instead.")
    night.every_table_changed("region")
    audit(night, actor, "bell-undone", f"The bell of game {night.current_game} was taken back ({actor}).")


def ring_if_timer_due(night: Night) -> None:
    """The bell timer: rung lazily by whichever poll first sees the time is up."""
    if bell_timer_due(night) and ring_bell(night, "timer"):
        db.session.commit()


def bell_timer_due(night: Any) -> bool:
    """Whether the bell timer has run out and not rung yet. ``night``: a Night, or a row with its
    status, bell_minutes, bell_at and game_started_at."""
    return bool(night.status == "playing" and night.bell_minutes and night.bell_at is None
                and night.game_started_at
                and utcnow() >= night.game_started_at + timedelta(minutes=night.bell_minutes))


def bell_due_at(night: Night):
    if night.bell_minutes and night.game_started_at:
        return night.game_started_at + timedelta(minutes=night.bell_minutes)
    return None
