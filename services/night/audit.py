"""The night's audit trail: every step writes one entry (the director's audit screen reads them)."""
from __future__ import annotations

from typing import Any

from extensions import db
from models import AuditEntry, Night


def audit(night: Night, actor: str, action: str, detail: str, old: Any = None, new: Any = None) -> None:
    db.session.add(AuditEntry(night_id=night.id, actor=actor, action=action, detail=detail, old=old, new=new))
