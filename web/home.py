"""Home: start a new match, resume one in progress, see recent ones."""
from __future__ import annotations

from flask import Blueprint
from sqlalchemy import select

from extensions import db
from models import Match
from web.render import page_or_fragment

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    active = db.session.scalars(
        select(Match).where(Match.status == "active").order_by(Match.updated_at.desc()).limit(10)).all()
    recent = db.session.scalars(
        select(Match).where(Match.status == "finished").order_by(Match.updated_at.desc()).limit(10)).all()
    return page_or_fragment("home.html", "partials/_home.html", active=active, recent=recent)
