"""A night's seating wishes: stored as the director enters them, handed to the referee as it takes them
(``referee.tournament.wishes``), and what they cost the rotation chart the night plays."""
from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

from extensions import db
from models import AuditEntry, Night, NightWish
from models.night_extras import PAIR_WISHES
from referee.tournament.night import assign_chart_places, chart_for
from referee.tournament.wishes import Wishes, chart_cost, contradictions
from services.night.audit import audit

WISH_WORDS = {"never": "{a} and {b} never partner", "apart": "{a} and {b} are never at one table",
              "stay": "{a} stays at table {table}", "couple-apart": "{a} and {b}, a couple, are kept apart",
              "couple-together": "{a} and {b}, a couple, are kept together"}


def rows(night: Night) -> list[NightWish]:
    return list(db.session.scalars(select(NightWish).where(NightWish.night_id == night.id).order_by(NightWish.id)))


def wishes_of(night: Night, stored: list[NightWish] | None = None) -> Wishes:
    """The night's wishes as the referee takes them (players by id); a couple kept apart is a pair never
    at one table, a couple kept together a pair at one table (the referee's rulings)."""
    stored = stored if stored is not None else rows(night)
    never, apart, together, stay = set(), set(), set(), {}
    for w in stored:
        if w.kind == "stay":
            stay[w.player_id] = w.table
        elif w.kind == "never":
            never.add(frozenset((w.player_id, w.other_id)))
        elif w.kind in ("apart", "couple-apart"):
            apart.add(frozenset((w.player_id, w.other_id)))
        else:
            together.add(frozenset((w.player_id, w.other_id)))
    return Wishes(frozenset(never), frozenset(apart), frozenset(together), tuple(sorted(stay.items())))


def names(night: Night) -> dict[int, str]:
    return {p.id: p.name for p in night.players}


def words(wish: NightWish, known: dict[int, str]) -> str:
    return WISH_WORDS[wish.kind].format(a=known.get(wish.player_id, "?"), b=known.get(wish.other_id, "?"),
                                        table=wish.table)


def add(night: Night, kind: str, player: int, other: int | None, table: int | None) -> str | None:
    """Store a wish; a plain message instead when it repeats one or contradicts the others (the
    referee's :func:`contradictions`)."""
    stored = rows(night)
    pair = frozenset((player, other)) if kind in PAIR_WISHES else None
    for w in stored:
        if w.kind == kind and (frozenset((w.player_id, w.other_id)) == pair if pair else w.player_id == player):
            return "That wish is already on the list."
    wish = NightWish(night_id=night.id, kind=kind, player_id=player, other_id=other if pair else None,
                     table=table if kind == "stay" else None)
    known = names(night)
    problems = contradictions(wishes_of(night, stored + [wish]), name=lambda p: known.get(p, "?"))
    if problems:
        return problems[0]
    db.session.add(wish)
    audit(night, "director", "wish-add", words(wish, known) + ".")
    night.touch(standings=False)
    return None


def remove(night: Night, wish: NightWish) -> None:
    audit(night, "director", "wish-remove", words(wish, names(night)) + " (removed).")
    db.session.execute(delete(NightWish).where(NightWish.id == wish.id))
    night.touch(standings=False)


def cost(night: Night, wishes: Wishes | None = None) -> Any:
    """What the wishes cost the rotation chart the night plays (or, before game 1, the one it would
    play with the players checked in now, places handed out as game 1 hands them out): the referee's
    ``chart_cost``. None for the winners movement or with fewer than four to seat."""
    if night.movement != "chart":
        return None
    wishes = wishes if wishes is not None else wishes_of(night)
    if night.chart_state:
        roster, games = list(night.chart_state["roster"]), night.chart_state["games"]
        chart = chart_for(len(roster), games)
    else:
        ids = [p.id for p in night.players if p.left_after is None]
        if len(ids) < 4:
            return None
        chart = chart_for(len(ids), night.games)
        roster = assign_chart_places(chart, ids, None, {}, seed=f"{night.seed}-1/chart/1")
    known = names(night)
    return chart_cost(chart, roster, wishes, name=lambda p: known.get(p, "?"))


def trades_so_far(night: Night) -> int:
    """How many seat trades the wishes have needed in the games seated so far (the referee's notes,
    kept in the audit trail of each game's start): what they have cost the winners movement."""
    details = db.session.scalars(select(AuditEntry.detail).where(AuditEntry.night_id == night.id,
                                                                 AuditEntry.action == "game-start"))
    return sum(detail.count("Seating wish (") for detail in details)
