"""A night that belongs to a group (product rulings; the documents say nothing about groups): the group
is chosen during check-in, before game 1; a night player is the group's player of the same name, capital
letters aside (a new group player otherwise); a table's game is a finished game of the group once its
result stands (confirmed, closed or corrected), won by the pair the tie rule made the winner."""
from __future__ import annotations

from typing import Any, Iterable

from sqlalchemy import insert, select

from extensions import db
from models import Group, Night, NightOptions, Player
from services.night.audit import audit
from services.night.errors import NightError


def group_of(night: Night) -> Group | None:
    group_id = group_id_of(night)
    return db.session.get(Group, group_id) if group_id is not None else None


# Nights (by id and slug) that began play without a group: they never get one, so a result there need not ask.
# A group night is asked each time: its group may be deleted during the night.
one_off_nights: set[tuple[int, str]] = set()


def group_id_of(night: Night) -> int | None:
    if (night.id, night.slug) in one_off_nights:
        return None
    group_id = db.session.scalar(select(NightOptions.group_id).where(NightOptions.night_id == night.id))
    if group_id is None and night.status != "checkin":
        if len(one_off_nights) > 10_000:
            one_off_nights.clear()
        one_off_nights.add((night.id, night.slug))
    return group_id


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
    audit(night, "director", "group",
          f"The night belongs to {group.name}." if group else "The night belongs to no group.")
    night.touch(standings=False)


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
