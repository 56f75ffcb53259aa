"""The director's prizes page: which of high score, low score, most loners and high single game, prizes
they name ("Ladies", "Men") with the players marked for each, and whether a player may take more than
one. The choices are stored by ``services.night.prizes``; who wins is the referee's."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request

from extensions import db
from forms.night_extras import PrizesForm, player_id
from models import Night, NightOptions, NightPrize
from referee.tournament.awards import BUILT_IN, clean_title
from services.night.prizes import CLASSIC, chosen, mark_players, remove_named, save_choice, tags_of
from web.nights import access
from web.render import night_page

bp = Blueprint("night_prizes", __name__, url_prefix="/nights/<slug>/prizes")


def prizes_context(night: Night, form: PrizesForm | None = None, message: str | None = None) -> dict[str, Any]:
    rows = chosen(night)
    kinds = {r.kind for r in rows} if rows else set(CLASSIC)
    row = db.session.get(NightOptions, night.id)
    one = bool(row and row.one_award_per_player)
    if form is None:
        form = PrizesForm(formdata=None, data={k: k in kinds for k in BUILT_IN} | {"one_award": one})
    tags = tags_of(night)
    players = sorted(night.players, key=lambda p: (p.name.casefold(), p.id))
    named = [{"prize": r, "marked": {p.id for p in players if clean_title(r.title).casefold()
                                     in {t.casefold() for t in tags.get(p.id, ())}}}
             for r in rows if r.kind == "named"]
    return {"night": night, "form": form, "named": named, "players": players, "message": message,
            "chosen": bool(rows)}


def _night(slug: str) -> Night:
    night = access.get_night(slug)
    access.require_director(night)
    return night


def _named_prize(night: Night, prize_id: int) -> NightPrize:
    prize = db.session.get(NightPrize, prize_id)
    if prize is None or prize.night_id != night.id or prize.kind != "named":
        abort(404)
    return prize


@bp.get("")
def show(slug: str):
    night = _night(slug)
    return night_page("nights/_prizes.html", **prizes_context(night))


@bp.post("")
def choose(slug: str):
    night = _night(slug)
    form = PrizesForm()
    if not form.validate():
        return night_page("nights/_prizes.html", status=422, **prizes_context(night, form))
    built_in = [k for k in BUILT_IN if form[k].data]
    problem = save_choice(night, built_in, bool(form.one_award.data), form.named.data or None)
    if problem:
        db.session.rollback()
        form.named.errors = [problem]
        return night_page("nights/_prizes.html", status=422, **prizes_context(night, form))
    db.session.commit()
    return night_page("nights/_prizes.html", **prizes_context(night, message="The prizes are saved."))


@bp.post("/<int:prize_id>/players")
def mark(slug: str, prize_id: int):
    night = _night(slug)
    prize = _named_prize(night, prize_id)
    mark_players(night, prize, (player_id(v) for v in request.form.getlist("player")))
    db.session.commit()
    return night_page("nights/_prizes.html", **prizes_context(night, message=f"Marked for {prize.title}: saved."))


@bp.post("/<int:prize_id>/remove")
def remove(slug: str, prize_id: int):
    night = _night(slug)
    prize = _named_prize(night, prize_id)
    remove_named(night, prize)
    db.session.commit()
    return night_page("nights/_prizes.html", **prizes_context(night, message=f"{prize.title} is no longer a prize."))
