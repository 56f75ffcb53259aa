"""The director's audit trail: every step of the night, in the night's time, with what it changed in
readable words. A route of ``screens.bp``."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from extensions import db
from models import AuditEntry, Night
from referee.tournament.seats import PAIR_NAMES, SEAT_NAMES
from web.nights import access
from web.nights.screens import bp, screen
from web.render import clock

ACTIONS = {"created": "Set up", "check-in": "Check-in", "leave": "Left", "return": "Came back",
           "game-start": "Game started", "finished": "Night over", "bell": "Bell", "submit": "Result sent",
           "confirm": "Result confirmed", "reject": "Result not agreed", "close": "Table closed",
           "correct": "Correction", "rename": "Renamed", "games": "Number of games", "bell-undone": "Bell taken back",
           "pin-reset": "PIN changed"}
VALUE_LABELS = {"ns": "N–S", "ew": "E–W", "winner": "winner", "loners": "loners", "status": "status"}
STATUS_WORDS = {"playing": "playing", "submitted": "sent, waiting for the other pair", "done": "done"}


def _word(key: str, value: Any) -> str:
    if value is None:
        return "—"
    if key == "winner":
        return PAIR_NAMES.get(value, str(value))
    if key == "status":
        return STATUS_WORDS.get(value, str(value))
    if key == "loners" and isinstance(value, dict):
        made = [f"{SEAT_NAMES.get(seat, seat)} {count}" for seat, count in value.items() if count]
        return ", ".join(made) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_word(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _keys(*values: Any) -> list[str]:
    keys = [k for k in VALUE_LABELS if any(isinstance(v, dict) and k in v for v in values)]
    for v in values:
        if isinstance(v, dict):
            keys += [k for k in v if k not in keys]
    return keys


def change_words(old: Any, new: Any) -> list[str]:
    """Readable old → new values: only what changed when both are there."""
    if old is None and new is None:
        return []
    if isinstance(old, dict) or isinstance(new, dict):
        o, n = old if isinstance(old, dict) else {}, new if isinstance(new, dict) else {}
        lines = []
        for key in _keys(o, n):
            label = VALUE_LABELS.get(key, key)
            if old is None:
                lines.append(f"{label}: {_word(key, n.get(key))}")
            elif new is None:
                lines.append(f"{label} was {_word(key, o.get(key))}")
            elif o.get(key) != n.get(key):
                lines.append(f"{label}: {_word(key, o.get(key))} → {_word(key, n.get(key))}")
        return lines
    if old is None:
        return [_word("", new)]
    if new is None:
        return [f"was {_word('', old)}"]
    return [f"{_word('', old)} → {_word('', new)}"]


def audit_context(night: Night) -> dict[str, Any]:
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.night_id == night.id)
                              .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())).all()
    entries = [{"time": clock(e.at), "iso": e.at.isoformat() if e.at else "", "actor": e.actor,
                "action": ACTIONS.get(e.action, e.action), "detail": e.detail, "changes": change_words(e.old, e.new)}
               for e in rows]
    return {"night": night, "entries": entries}


@bp.get("/audit")
def audit(slug: str):
    night = access.get_night(slug)
    access.require_director(night)
    return screen("nights/screens/_audit.html", "Audit trail", **audit_context(night))
