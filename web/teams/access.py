"""Who may do what in a team event, as in a night (``web.nights.access``): the director (after the PIN)
runs the event and has the table codes; a phone that opened a table's page writes only that table's game,
its result and the hands of its scoresheet (``event_game_refusal``, asked by ``web.table_phones.may_write_match``).

Both grants live in the signed session cookie, under keys of their own (an event's id is not a night's).
Wrong PINs and table codes are counted per client in the database by the night's ``throttle``.
"""
from __future__ import annotations

from typing import Any

from flask import abort, session
from sqlalchemy import select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value
from werkzeug.security import check_password_hash

from extensions import db
from models.team_event import EVENT_CODE_MAX, EventGame, EventTable, TeamEvent
from web.nights import throttle
from web.nights.access import CODE_LIMIT, PIN_FAILURES_ALLOWED, PIN_WINDOW, PinCheck, TooManyCodes, normal_code

DIRECTS = "directs_events"
TABLES = "event_tables"


def get_event(slug: str) -> TeamEvent:
    event = db.session.scalar(select(TeamEvent).where(TeamEvent.slug == slug)) if len(slug) <= 16 else None
    if event is None:
        abort(404)
    return event


def is_director(event: TeamEvent) -> bool:
    return event.id in session.get(DIRECTS, [])


def grant_director(event: TeamEvent) -> None:
    session[DIRECTS] = sorted(set(session.get(DIRECTS, [])) | {event.id})[-20:]
    session.permanent = True


def require_director(event: TeamEvent) -> None:
    if not is_director(event):
        abort(403, description="Only the director can do this. Open the director page and type the PIN.")


def pin_scope(event: TeamEvent) -> str:
    return f"event pin {event.id}"


def try_pin(event: TeamEvent, pin: str) -> PinCheck:
    """As a night's PIN: the attempt is counted before the PIN is checked; a right PIN clears the count."""
    limit = throttle.Limit(pin_scope(event), PIN_FAILURES_ALLOWED, PIN_WINDOW)
    taken = throttle.take(limit)
    if taken.wait is not None:
        return PinCheck(ok=False, wait=taken.wait)
    if check_password_hash(event.pin_hash, pin or ""):
        throttle.clear(limit)
        return PinCheck(ok=True)
    return PinCheck(ok=False, left=taken.left)


def holds_table(table: EventTable) -> bool:
    return table.id in session.get(TABLES, [])


def grant_table(table: EventTable) -> None:
    session[TABLES] = sorted(set(session.get(TABLES, [])) | {table.id})[-8:]
    session.permanent = True


def find_table(code: str) -> EventTable | None:
    """The table with this code, or None; a stranger's guesses count against the same limit as a
    night's table codes (``CODE_LIMIT``), a right code giving its attempt back."""
    wanted = normal_code(code)
    table = db.session.scalar(select(EventTable).options(joinedload(EventTable.event))
                              .where(EventTable.code == wanted)) \
        if 0 < len(wanted) <= EVENT_CODE_MAX and wanted.isalnum() else None
    if table is not None and (holds_table(table) or is_director(table.event)):
        return table
    taken = throttle.take(CODE_LIMIT)
    if taken.wait is not None:
        raise TooManyCodes(taken.wait)
    if table is not None:
        throttle.give_back(CODE_LIMIT)
    return table


def get_table(code: str) -> EventTable:
    table = find_table(code)
    if table is None:
        abort(404)
    return table


# -- an event game's scoresheet ------------------------------------------------------------------
def event_game_of(match: Any) -> tuple[EventGame, TeamEvent, EventTable | None] | None:
    """The event's game ``match`` is, with its event and table, in one query (every hand saved asks);
    None for any other match. The game is kept on the match, so the page drawn next asks no more."""
    found = db.session.execute(
        select(EventGame, TeamEvent, EventTable).join(TeamEvent, TeamEvent.id == EventGame.event_id)
        .outerjoin(EventTable, (EventTable.event_id == EventGame.event_id) & (EventTable.number == EventGame.table))
        .where(EventGame.match_id == match.id)).first()
    set_committed_value(match, "event_game", found[0] if found else None)
    return None if found is None else (found[0], found[1], found[2])


def holds_game_table(event: TeamEvent, table: EventTable | None) -> bool:
    return is_director(event) or (table is not None and holds_table(table))


def event_game_refusal(found: tuple[EventGame, TeamEvent, EventTable | None]) -> str | None:
    """Why this phone may not change the hands of an event's game, or None when it may: only the phones of
    its table (or the director), while its round is played and its result not yet sent."""
    game, event, table = found
    if not holds_game_table(event, table):
        return "This scoresheet belongs to another table. Open your own table's page (scan its card)."
    if game.round != event.current_round or event.status not in ("rounds", "playoff"):
        return f"Round {game.round} is over; only the director can change its result now."
    if game.status != "playing":
        return "This table's result has been sent. To change a hand, the other team first taps “Not right”."
    return None
