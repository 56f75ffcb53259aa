"""Home: start a new match, resume one in progress, see recent ones; run or join a progressive night."""
from __future__ import annotations

from flask import Blueprint
from sqlalchemy import exists, select

from extensions import db
from models import Match, Night, TableGame
from web.render import page_or_fragment

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    own_match = ~exists().where(TableGame.match_id == Match.id)  # a night's table games live on the night
    active = db.session.scalars(
        select(Match).where(Match.status == "active", own_match).order_by(Match.updated_at.desc()).limit(10)).all()
    recent = db.session.scalars(
        select(Match).where(Match.status == "finished", own_match).order_by(Match.updated_at.desc()).limit(10)).all()
    nights = db.session.scalars(select(Night).order_by(Night.created_at.desc()).limit(5)).all()
    return page_or_fragment("home.html", "partials/_home.html", active=active, recent=recent, nights=nights)
