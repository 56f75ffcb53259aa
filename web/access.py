"""Who may see a group: whoever opened its join link or typed its code in this browser.

The grant is the group's id in the signed Flask session cookie (kept for a month, renewed on each
visit). A group's pages and its matches (the match page, hands, what-if, export, rematch) refuse
anyone without it with ``GroupLocked``: a 403 page that asks for the code.
"""
from __future__ import annotations

from flask import session
from werkzeug.exceptions import Forbidden

from extensions import db

SESSION_KEY = "groups"
MAX_GROUPS = 50  # a browser remembers at most this many groups (the cookie stays small)


class GroupLocked(Forbidden):
    """403: this belongs to a group and the browser has not been given its code."""

    description = "This belongs to a group. Open the group's join link, or enter its code."


def granted() -> list[int]:
    value = session.get(SESSION_KEY, [])
    return [g for g in value if isinstance(g, int)] if isinstance(value, list) else []


def has_access(group_id: int | None) -> bool:
    return group_id is None or group_id in granted()


def grant(group_id: int) -> None:
    groups = [g for g in granted() if g != group_id]
    session[SESSION_KEY] = ([group_id] + groups)[:MAX_GROUPS]
    session.permanent = True


def require_group(group_id: int):
    """The group, if this browser may see it; otherwise GroupLocked, whether or not the group exists
    (the same answer both ways, so group ids cannot be probed)."""
    from models import Group

    group = db.session.get(Group, group_id)
    if group is None or not has_access(group.id):
        raise GroupLocked()
    return group


def check_match(match) -> None:
    """The one guard for a match's own pages: a group match needs the group's code."""
    if match.group_id is not None and not has_access(match.group_id):
        raise GroupLocked()
