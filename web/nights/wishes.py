"""The director's seating wishes page: who never partners, who is never at one table, who stays at one
table, and couples kept apart or together, listed in words with, for a rotation chart, what they cost
it. Stored by ``services.night.wishes``; the referee says whether wishes contradict each other and how
the movements honour them (``referee.tournament.wishes``)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort

from extensions import db
from forms.night_extras import WishForm
from models import Night, NightWish
from services.night import wishes as night_wishes
from web.nights import access
from web.render import night_page

bp = Blueprint("night_wishes", __name__, url_prefix="/nights/<slug>/wishes")


def wishes_context(night: Night, form: WishForm | None = None, message: str | None = None) -> dict[str, Any]:
    present = sorted((p for p in night.players if p.left_after is None), key=lambda p: (p.name.casefold(), p.id))
    form = form or WishForm(formdata=None)
    form.set_players([(p.id, p.name) for p in present])
    names = night_wishes.names(night)
    gone = {p.id for p in night.players if p.left_after is not None}
    rows = night_wishes.rows(night)
    listed = [{"id": w.id, "words": night_wishes.words(w, names),
               "gone": w.player_id in gone or w.other_id in gone} for w in rows]
    return {"night": night, "form": form, "wishes": listed, "message": message,
            "cost": night_wishes.cost(night, night_wishes.wishes_of(night, rows)) if rows else None,
            "trades": night_wishes.trades_so_far(night) if night.movement == "winners" and night.current_game else None}


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
    problem = night_wishes.add(night, form.kind.data, form.player.data, form.other.data or None, form.table.data)
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
    night_wishes.remove(night, wish)
    db.session.commit()
    return night_page("nights/_wishes.html", **wishes_context(night, message="The wish is off the list."))
