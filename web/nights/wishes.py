"""The director's seating wishes for a night: who never partners, who is never at one table, who stays
at one table, and couples kept apart or together. The referee says whether wishes contradict each other
and how the movements honour them (``referee.tournament.wishes``); this module stores them, lists them
in words, and, for a rotation chart, shows what they cost it."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort
from sqlalchemy import delete, select

from extensions import db
from forms.night_extras import PAIR_WISHES, WishForm
from models import Night, NightPlayer, NightWish
from referee.tournament.night import assign_chart_places, chart_for
from referee.tournament.wishes import Wishes, chart_cost, contradictions
from web.nights import access
from web.nights.service import audit
from web.render import night_page

bp = Blueprint("night_wishes", __name__, url_prefix="/nights/<slug>/wishes")

WISH_WORDS = {"never": "{a} and {b} never partner", "apart": "{a} and {b} are never at one table",
              "stay": "{a} stays at table {table}", "couple-apart": "{a} and {b}, a couple, are kept apart",
              "couple-together": "{a} and {b}, a couple, are kept together"}


def wishes_of(night: Night, rows: list[NightWish] | None = None) -> Wishes:
    """The night's wishes as the referee takes them (players by id)."""
    rows = rows if rows is not None else _rows(night)
    never, apart, together, stay = set(), set(), set(), {}
    for w in rows:
        if w.kind == "stay":
            stay[w.player_id] = w.table
        elif w.kind == "never":
            never.add(frozenset((w.player_id, w.other_id)))
        elif w.kind in ("apart", "couple-apart"):
            apart.add(frozenset((w.player_id, w.other_id)))
        else:
            together.add(frozenset((w.player_id, w.other_id)))
    return Wishes(frozenset(never), frozenset(apart), frozenset(together), tuple(sorted(stay.items())))


def _rows(night: Night) -> list[NightWish]:
    return list(db.session.scalars(select(NightWish).where(NightWish.night_id == night.id).order_by(NightWish.id)))


def add_wish(night: Night, kind: str, player: int, other: int | None, table: int | None) -> str | None:
    """Store a wish; a plain message instead when it repeats one or contradicts the others (the
    referee's :func:`contradictions`)."""
    rows = _rows(night)
    pair = frozenset((player, other)) if kind in PAIR_WISHES else None
    for w in rows:
        if w.kind == kind and (frozenset((w.player_id, w.other_id)) == pair if pair else w.player_id == player):
            return "That wish is already on the list."
    wish = NightWish(night_id=night.id, kind=kind, player_id=player, other_id=other if pair else None,
                     table=table if kind == "stay" else None)
    names = _names(night)
    problems = contradictions(wishes_of(night, rows + [wish]), name=lambda p: names.get(p, "?"))
    if problems:
        return problems[0]
    db.session.add(wish)
    audit(night, "director", "wish-add", _words(wish, names) + ".")
    night.touch(standings=False)
    return None


def remove_wish(night: Night, wish: NightWish) -> None:
    audit(night, "director", "wish-remove", _words(wish, _names(night)) + " (removed).")
    db.session.execute(delete(NightWish).where(NightWish.id == wish.id))
    night.touch(standings=False)


def _names(night: Night) -> dict[int, str]:
    return {p.id: p.name for p in night.players}


def _words(wish: NightWish, names: dict[int, str]) -> str:
    return WISH_WORDS[wish.kind].format(a=names.get(wish.player_id, "?"), b=names.get(wish.other_id, "?"),
                                        table=wish.table)


def cost_of_wishes(night: Night, wishes: Wishes | None = None) -> Any:
    """What the wishes cost the rotation chart the night plays (or, before game 1, the one it would
    play with the players checked in now, places handed out as game 1 hands them out); None for the
    winners movement or with nobody to seat."""
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
    names = _names(night)
    return chart_cost(chart, roster, wishes, name=lambda p: names.get(p, "?"))


def wishes_context(night: Night, form: WishForm | None = None, message: str | None = None) -> dict[str, Any]:
    present = sorted((p for p in night.players if p.left_after is None), key=lambda p: (p.name.casefold(), p.id))
    form = form or WishForm(formdata=None)
    form.set_players([(p.id, p.name) for p in present])
    names = _names(night)
    gone = {p.id for p in night.players if p.left_after is not None}
    rows = _rows(night)
    listed = [{"id": w.id, "words": _words(w, names),
               "gone": w.player_id in gone or w.other_id in gone} for w in rows]
    return {"night": night, "form": form, "wishes": listed, "message": message,
            "cost": cost_of_wishes(night, wishes_of(night, rows)) if rows else None}


def _night(slug: str) -> Night:
    night = access.get_night(slug)
    access.require_director(night)
    return night


@bp.get("")
def show(slug: str):
    night = _night(slug)
    return night_page("nights/_wishes.html", **wishes_context(night))


@bp.post("")
def add(slug: str):
    night = _night(slug)
    form = WishForm()
    context = wishes_context(night, form)  # sets the players the form may name
    if night.status == "finished":
        form.kind.errors = ["The night is over."]
        return night_page("nights/_wishes.html", status=422, **context)
    if not form.validate():
        return night_page("nights/_wishes.html", status=422, **context)
    problem = add_wish(night, form.kind.data, form.player.data, form.other.data or None, form.table.data)
    if problem:
        db.session.rollback()
        form.kind.errors = [problem]
        return night_page("nights/_wishes.html", status=422, **wishes_context(night, form))
    db.session.commit()
    return night_page("nights/_wishes.html", **wishes_context(night, message="The wish is on the list."))


@bp.post("/<int:wish_id>/remove")
def remove(slug: str, wish_id: int):
    night = _night(slug)
    wish = db.session.get(NightWish, wish_id)
    if wish is None or wish.night_id != night.id:
        abort(404)
    remove_wish(night, wish)
    db.session.commit()
    return night_page("nights/_wishes.html", **wishes_context(night, message="The wish is off the list."))
