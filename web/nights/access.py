"""Who may do what in a night: the director (after the PIN) changes the night; a phone that opened a
table's page (its QR code or 4-character code) writes only that table's current game.

Both grants live in the signed session cookie. Wrong PINs are counted in the database, so the limit
holds across every server worker.
"""
from __future__ import annotations

from datetime import timedelta

from flask import abort, session
from sqlalchemy import delete, func, select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value
from werkzeug.security import check_password_hash

from extensions import db
from models import Match, Night, NightTable, PinAttempt, TableGame
from models.base import utcnow
from web.access import NOT_THE_SCORER, may_score

PIN_WINDOW = timedelta(minutes=10)
PIN_FAILURES_ALLOWED = 5


def get_night(slug: str) -> Night:
    night = db.session.scalar(select(Night).where(Night.slug == slug))
    if night is None:
        abort(404)
    return night


def is_director(night: Night) -> bool:
    return night.id in session.get("director_of", [])


def grant_director(night: Night) -> None:
    session["director_of"] = sorted(set(session.get("director_of", [])) | {night.id})[-20:]
    session.permanent = True


def require_director(night: Night) -> None:
    if not is_director(night):
        abort(403, description="Only the director can do this. Open the director page and type the PIN.")


def pin_locked_for(night: Night) -> timedelta | None:
    """How long until another PIN may be tried, or None when attempts are allowed."""
    since = utcnow() - PIN_WINDOW
    failures = db.session.scalars(select(PinAttempt.at).where(
        PinAttempt.night_id == night.id, PinAttempt.ok.is_(False), PinAttempt.at >= since)
        .order_by(PinAttempt.at)).all()
    if len(failures) < PIN_FAILURES_ALLOWED:
        return None
    return failures[-PIN_FAILURES_ALLOWED] + PIN_WINDOW - utcnow()


def try_pin(night: Night, pin: str) -> bool:
    """Check a PIN, recording the attempt (a right PIN clears the count)."""
    ok = check_password_hash(night.pin_hash, pin or "")
    if ok:
        db.session.execute(delete(PinAttempt).where(PinAttempt.night_id == night.id))
    else:
        db.session.add(PinAttempt(night_id=night.id, ok=False))
    db.session.commit()
    return ok


def failures_left(night: Night) -> int:
    since = utcnow() - PIN_WINDOW
    count = db.session.scalar(select(func.count()).select_from(PinAttempt).where(
        PinAttempt.night_id == night.id, PinAttempt.ok.is_(False), PinAttempt.at >= since)) or 0
    return max(0, PIN_FAILURES_ALLOWED - count)


# -- tables -----------------------------------------------------------------------------------
def get_table(code: str) -> NightTable:
    table = db.session.scalar(select(NightTable).options(joinedload(NightTable.night))  # every use needs it
                              .where(NightTable.code == code.strip().upper()))
    if table is None:
        abort(404)
    return table


def grant_table(table: NightTable) -> None:
    """This phone now scores at ``table`` (opening a table's page is how a phone joins it)."""
    session["tables"] = sorted(set(session.get("tables", [])) | {table.id})[-8:]
    session.permanent = True


def holds_table(table: NightTable) -> bool:
    return table.id in session.get("tables", [])


def may_write_match(match: Match) -> str | None:
    """Why this phone may not change ``match``, or None when it may. An ordinary match only to the
    phones that score it (``web.access.may_score``); a night's table game only to that table's phones
    (or the director) while the game is being played and its result not yet sent."""
    found = db.session.execute(  # one query: every hand a table saves asks this
        select(TableGame, Night, NightTable).join(Night, Night.id == TableGame.night_id)
        .outerjoin(NightTable, (NightTable.night_id == TableGame.night_id) & (NightTable.number == TableGame.table))
        .where(TableGame.match_id == match.id)).first()
    # What was found is the match's table game: kept on the match, so the page drawn next asks no more.
    set_committed_value(match, "table_game", found[0] if found else None)
    if found is None:
        return None if may_score(match) else NOT_THE_SCORER
    tg, night, table = found
    if not (is_director(night) or (table is not None and holds_table(table))):
        return "This scoresheet belongs to another table. Open your own table's page (scan its card)."
    if tg.game != night.current_game or night.status != "playing":
        return f"Game {tg.game} is over; only the director can change its result now."
    if tg.status != "playing":
        return "This table's result has been sent. To change a hand, the other pair first taps “Not right”."
    return None


def holds_match_table(match: Match) -> bool:
    """Whether ``match`` is a night's table game and this phone scores at that table or directs the night."""
    found = db.session.execute(
        select(Night, NightTable).join(TableGame, TableGame.night_id == Night.id)
        .outerjoin(NightTable, (NightTable.night_id == TableGame.night_id) & (NightTable.number == TableGame.table))
        .where(TableGame.match_id == match.id)).first()
    if found is None:
        return False
    night, table = found
    return is_director(night) or (table is not None and holds_table(table))
