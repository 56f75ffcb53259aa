"""Home: start a new match, resume one in progress, see recent ones; the way to the groups; run or
join a progressive night."""
from __future__ import annotations

from flask import Blueprint
from sqlalchemy import exists, or_, select

from extensions import db
from models import Group, Match, Night, TableGame
from web.access import granted
from web.render import page_or_fragment

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    # One-off matches, and those of the groups this browser has the code of: never anyone else's.
    # A night's table games live on the night's pages.
    mine = granted()
    visible = or_(Match.group_id.is_(None), Match.group_id.in_(mine)) & ~exists().where(TableGame.match_id == Match.id)
    active = db.session.scalars(
        select(Match).where(Match.status == "active", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    recent = db.session.scalars(
        select(Match).where(Match.status == "finished", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    groups = db.session.scalars(select(Group).where(Group.id.in_(mine)).order_by(Group.name)).all() if mine else []
    nights = db.session.scalars(select(Night).order_by(Night.created_at.desc()).limit(5)).all()
    return page_or_fragment("home.html", "partials/_home.html", active=active, recent=recent, groups=groups,
                            nights=nights)
