"""The director's page for a night's group: choose one of the groups this browser is a member of (during
check-in), and check in players picked from the group's list. What belonging to a group means is
``services.night.group``'s: the group's players, and the tables' games counted as the group's matches."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from sqlalchemy import select

from extensions import db
from models import Group, Night, Player
from services.night.errors import NightError
from services.night.group import group_of, set_group
from services.night.setup import check_in
from web import access as group_access
from web.nights import access
from web.render import night_page

bp = Blueprint("night_group", __name__, url_prefix="/nights/<slug>/group")


def group_context(night: Night, error: str | None = None, message: str | None = None) -> dict[str, Any]:
    group = group_of(night)
    mine = []
    ids = group_access.granted()
    if ids:
        found = {g.id: g for g in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
        mine = [found[i] for i in ids if i in found]
    here = {p.name_key for p in night.players}
    to_pick = []
    if group is not None:
        to_pick = [p for p in db.session.scalars(select(Player).where(Player.group_id == group.id)
                                                 .order_by(Player.name)) if p.name.casefold() not in here]
    return {"night": night, "group": group, "mine": mine, "to_pick": to_pick, "error": error, "message": message}


def _night(slug: str) -> Night:
    night = access.get_night(slug)
    access.require_director(night)
    return night


def _chosen_id(value: Any) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if 0 < number < 2**31 else None


@bp.get("")
def show(slug: str):
    return night_page("nights/_group.html", **group_context(_night(slug)))


@bp.post("")
def choose(slug: str):
    night = _night(slug)
    choice = request.form.get("group", "")
    group = None
    if choice != "none":
        group_id = _chosen_id(choice)
        group = db.session.get(Group, group_id) if group_id else None
        if group is None or not group_access.is_member(group):
            return night_page("nights/_group.html", status=422,
                              **group_context(night, error="Choose one of your groups (open its join link first)."))
    try:
        set_group(night, group)
    except NightError as problem:
        db.session.rollback()
        return night_page("nights/_group.html", status=422, **group_context(night, error=problem.message))
    db.session.commit()
    return night_page("nights/_group.html", **group_context(
        night, message=f"The night belongs to {group.name}." if group else "The night belongs to no group."))


@bp.post("/players")
def pick(slug: str):
    """Check in the group's players ticked on the list."""
    night = _night(slug)
    group = group_of(night)
    if group is None:
        return night_page("nights/_group.html", status=422, **group_context(night, error="Choose the group first."))
    wanted = {i for i in (_chosen_id(v) for v in request.form.getlist("player")) if i}
    names = [p.name for p in db.session.scalars(select(Player).where(Player.group_id == group.id,
                                                                     Player.id.in_(wanted)).order_by(Player.name))]
    if not names:
        return night_page("nights/_group.html", status=422, **group_context(night, error="Tick at least one player."))
    try:
        added, _ = check_in(night, names)
    except NightError as problem:
        db.session.rollback()
        return night_page("nights/_group.html", status=422, **group_context(night, error=problem.message))
    db.session.commit()
    return night_page("nights/_group.html", **group_context(night, message="Checked in: " + ", ".join(added) + "."))
