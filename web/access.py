"""Who may see a group, and who may score a match.

A group: whoever opened its join link or typed its code in this browser. The grant is the group's id
in the signed Flask session cookie (kept for a month, renewed on each visit). A group's pages and its
matches (the match page, hands, what-if, export, rematch) refuse anyone without it with
``GroupLocked``: a 403 page that asks for the code.

A match: its address (``/matches/<slug>``, random) is the scorer's link. The phone that started a
match, or opened its scorer's link, keeps the match's id in the session too, and only such a phone (or,
for a group's match, a member) may change it; a night's table game is written by its table's phones
(``web.nights.access.may_write_match``). The read-only link (``/watch/<watch_slug>``) shows the score
and grants nothing but a place on this phone's home page. An old numeric link (``/matches/<id>``) leads
only the phones that had the match to its new address; anyone else gets the plain 404 of a missing match.
"""
from __future__ import annotations

from flask import session
from werkzeug.exceptions import Forbidden

from extensions import db

SESSION_KEY = "groups"
MAX_GROUPS = 50  # a browser remembers at most this many groups (the cookie stays small)
SCORING_KEY = "scoring"  # the matches this phone may score
WATCHING_KEY = "watching"  # the matches this phone watches through their read-only link
MAX_MATCHES = 100  # the most recent ones, for each key
NOT_THE_SCORER = ("This phone does not keep this match's score, so nothing was changed. To score it here, "
                  "open the match from its scorer's link.")


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


def had_match(match) -> bool:
    """Whether this phone had ``match`` before (scored or watched it, a member of its group, or a phone
    of the night's table that played it): only such a phone is led from an old numeric link."""
    if may_score(match) or match.id in watched_here():
        return True
    from web.nights.access import holds_match_table  # the nights' own grants

    return holds_match_table(match)


def check_match(match) -> None:
    """The one guard for a match's own pages: a group match needs the group's code."""
    if match.group_id is not None and not has_access(match.group_id):
        raise GroupLocked()
