"""Home: start a new match, resume one in progress, see recent ones, and the way to the groups."""
from __future__ import annotations

from flask import Blueprint
from sqlalchemy import or_, select

from extensions import db
from models import Group, Match
from web.access import granted
from web.render import page_or_fragment

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    # One-off matches, and those of the groups this browser has the code of: never anyone else's.
    mine = granted()
    visible = or_(Match.group_id.is_(None), Match.group_id.in_(mine))
    active = db.session.scalars(
        select(Match).where(Match.status == "active", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    recent = db.session.scalars(
        select(Match).where(Match.status == "finished", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    groups = db.session.scalars(select(Group).where(Group.id.in_(mine)).order_by(Group.name)).all() if mine else []
    return page_or_fragment("home.html", "partials/_home.html", active=active, recent=recent, groups=groups)
