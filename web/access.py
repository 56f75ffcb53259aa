"""Who may see a group, and who may score a match.

A group: whoever opened its join link or typed its code in this browser (a member), or opened its
read-only link (a viewer: the group's pages, nothing that changes them, and no code). A grant is the
group's id and its code version in the signed Flask session cookie (kept for a month, renewed on each
visit). Replacing a group's codes bumps the version, so every grant given out before stops working. A
group's pages and its matches (the match page, hands, what-if, export, rematch) refuse anyone without a
grant with ``GroupLocked``: a 403 page that asks for the code.

A match: its address (``/matches/<slug>``, random) is the scorer's link. The phone that started a
match, or opened its scorer's link, keeps the match's id in the session too, and only such a phone (or,
for a group's match, a member) may change it; a night's table game is written by its table's phones
(``web.table_phones.may_write_match``). The read-only link (``/watch/<watch_slug>``) shows the score
and grants nothing but a place on this phone's home page. An old numeric link (``/matches/<id>``) leads
only the phones that had the match to its new address; anyone else gets the plain 404 of a missing match.
"""
from __future__ import annotations

from flask import session
from werkzeug.exceptions import Forbidden

from extensions import db

SESSION_KEY = "groups"     # member grants: "id.version" (a bare id is version 1, from before versions)
VIEW_KEY = "group_views"   # read-only grants, the same way
MAX_GROUPS = 50  # a browser remembers at most this many groups (the cookie stays small)
SCORING_KEY = "scoring"  # the matches this phone may score
WATCHING_KEY = "watching"  # the matches this phone watches through their read-only link
MAX_MATCHES = 100  # the most recent ones, for each key
NOT_THE_SCORER = ("This phone does not keep this match's score, so nothing was changed. To score it here, "
                  "open the match from its scorer's link.")


class GroupLocked(Forbidden):
    """403: this belongs to a group and the browser has not been given its code."""

    description = "This belongs to a group. Open the group's join link, or enter its code."


def _grants(key: str) -> dict[int, int]:
    """The grants kept under ``key``: group id -> the code version it was given under."""
    value = session.get(key, [])
    grants: dict[int, int] = {}
    for entry in value if isinstance(value, list) else []:
        if isinstance(entry, int):
            grants.setdefault(entry, 1)
        elif isinstance(entry, str) and entry.count(".") == 1 and entry.replace(".", "").isdigit():
            group_id, version = entry.split(".")
            grants.setdefault(int(group_id), int(version))
    return grants


def _current(grants: dict[int, int]) -> list[int]:
    """The granted groups whose codes have not been replaced since, in the order they were granted."""
    from models import Group

    if not grants:
        return []
    versions = dict(db.session.execute(
        db.select(Group.id, Group.code_version).where(Group.id.in_(list(grants)))).all())
    return [group_id for group_id, version in grants.items() if versions.get(group_id) == version]


def granted() -> list[int]:
    """The groups this browser is a member of, most recently joined first."""
    return _current(_grants(SESSION_KEY))


def is_member(group) -> bool:
    return _grants(SESSION_KEY).get(group.id) == group.code_version


def may_view(group) -> bool:
    return is_member(group) or _grants(VIEW_KEY).get(group.id) == group.code_version


def has_access(group_id: int | None) -> bool:
    from models import Group

    if group_id is None:
        return True
    group = db.session.get(Group, group_id)
    return group is not None and is_member(group)


def _grant(key: str, group) -> None:
    entries = [f"{gid}.{version}" for gid, version in _grants(key).items() if gid != group.id]
    session[key] = ([f"{group.id}.{group.code_version}"] + entries)[:MAX_GROUPS]
    session.permanent = True


def grant(group) -> None:
    """This browser is now a member of ``group``."""
    _grant(SESSION_KEY, group)


def grant_view(group) -> None:
    """This browser may now see ``group``'s pages (and change nothing)."""
    _grant(VIEW_KEY, group)


def require_group(group_id: int, member: bool = False):
    """The group, if this browser may see it (``member``: and change it); otherwise GroupLocked, whether
    or not the group exists (the same answer both ways, so group ids cannot be probed)."""
    from models import Group

    group = db.session.get(Group, group_id)
    if group is None or not (is_member(group) if member else may_view(group)):
        raise GroupLocked()
    return group


def require_member(group_id: int):
    return require_group(group_id, member=True)


def _remembered(key: str) -> list[int]:
    value = session.get(key, [])
    return [m for m in value if isinstance(m, int)] if isinstance(value, list) else []


def _remember(key: str, match_id: int) -> None:
    ids = _remembered(key)
    if ids[:1] == [match_id]:
        return  # already the latest: leave the cookie as it is
    session[key] = ([match_id] + [m for m in ids if m != match_id])[:MAX_MATCHES]
    session.permanent = True


def scored_here() -> list[int]:
    """The ids of the matches this phone may score, the latest first."""
    return _remembered(SCORING_KEY)


def watched_here() -> list[int]:
    """The ids of the matches this phone opened at their read-only link, the latest first."""
    return _remembered(WATCHING_KEY)


def grant_scorer(match) -> None:
    """This phone started ``match`` or opened its scorer's link: it may score it from now on."""
    _remember(SCORING_KEY, match.id)


def grant_watcher(match_id: int) -> None:
    """This phone opened the match's read-only link: the match is on its home page, nothing more."""
    _remember(WATCHING_KEY, match_id)


def may_score(match) -> bool:
    """Whether this phone may change an ordinary (not a night's) match: it started it or opened its
    scorer's link, or the match is its group's."""
    return match.id in scored_here() or (match.group_id is not None and has_access(match.group_id))
