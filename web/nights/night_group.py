"""A night that belongs to a group: its players are the group's players (matched by name, or picked from
the group's list at check-in), and its tables' games are the group's matches, so they feed its history,
stats and ratings like any match.

Product rulings (the documents say nothing about groups): the group is chosen during check-in, before
game 1, by a director whose browser is a member of the group; a night player is the group player of the
same name, capital letters aside (a new group player otherwise); a table's game counts as a finished
game of the group once its result is confirmed (``finish_table_match``).
"""
from __future__ import annotations

from typing import Any, Iterable

from flask import Blueprint, request
from sqlalchemy import insert, select

from extensions import db
from models import Group, Night, NightOptions, Player
from web import access as group_access
from web.nights import access
from web.nights.service import NightError, audit, check_in
from web.render import night_page

bp = Blueprint("night_group", __name__, url_prefix="/nights/<slug>/group")


def group_of(night: Night) -> Group | None:
    group_id = db.session.scalar(select(NightOptions.group_id).where(NightOptions.night_id == night.id))
    return db.session.get(Group, group_id) if group_id is not None else None


def group_id_of(night: Night) -> int | None:
    return db.session.scalar(select(NightOptions.group_id).where(NightOptions.night_id == night.id))


def group_players(group_id: int, names: Iterable[str]) -> dict[str, Player]:
    """The group's player for each night name: the one of the same name, capital letters aside (the
    exact spelling first), else a new group player of that name."""
    names = list(dict.fromkeys(names))
    known = list(db.session.scalars(select(Player).where(Player.group_id == group_id).order_by(Player.id)))
    exact = {p.name: p for p in known}
    folded: dict[str, Player] = {}
    for p in known:
        folded.setdefault(p.name.casefold(), p)
    out = {name: exact.get(name) or folded.get(name.casefold()) for name in names}
    missing = [name for name, player in out.items() if player is None]
    if missing:
        db.session.execute(insert(Player), [{"name": name, "group_id": group_id} for name in missing])
        made = {p.name: p for p in db.session.scalars(select(Player).where(Player.group_id == group_id,
                                                                           Player.name.in_(missing)))}
        out.update({name: made[name] for name in missing})
    return out


def set_group(night: Night, group: Group | None) -> None:
    if night.status != "checkin":
        raise NightError("The group is chosen before game 1; the games played are not moved.", "group")
    row = db.session.get(NightOptions, night.id)
    if row is None:
        row = NightOptions(night_id=night.id, one_award_per_player=False)
        db.session.add(row)
    row.group_id = group.id if group else None
    audit(night, "director", "group", f"The night belongs to {group.name}." if group else "The night belongs to no group.")
    night.touch(standings=False)


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


def finish_table_match(night: Night, table_game: Any) -> None:
    """A group night's table game, once its result stands (confirmed, closed or corrected): its match is
    a finished game of the group, won by the table's winning pair (the tie rule already settled it),
    each pair's seats scoring the pair's points. A one-off night's matches are left as they are."""
    if group_id_of(night) is None:
        return
    match = table_game.match
    match.status = "finished"
    match.winner = 0 if table_game.winner == "NS" else 1  # match seats 0 & 2 are North and South
    for seat in match.seats:
        seat.side = seat.seat % 2
        seat.points = table_game.ns_points if seat.side == 0 else table_game.ew_points
