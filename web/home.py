"""Home: start a new match, resume one in progress, see recent ones (this phone's own, those it watches
and its groups'); the way to the groups; run or join a progressive night."""
from __future__ import annotations

from flask import Blueprint
from sqlalchemy import exists, select
from sqlalchemy.orm import selectinload

from extensions import db
from models import EventGame, Group, Match, MatchSeat, Night, TableGame, TeamEvent
from web.access import granted, may_score, scored_here, watched_here
from web.render import render_page

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    # Only the matches this phone scores or watches, and those of the groups it has the code of: never
    # anyone else's. A night's table games live on the night's pages, a team event's on the event's.
    mine, watched, groups_here = scored_here(), watched_here(), granted()
    visible = ((Match.id.in_(mine + watched) | Match.group_id.in_(groups_here))
               & ~exists().where(TableGame.match_id == Match.id) & ~exists().where(EventGame.match_id == Match.id))
    rows = select(Match).options(selectinload(Match.seats).joinedload(MatchSeat.player))  # the rows' players
    active = db.session.scalars(
        rows.where(Match.status == "active", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    recent = db.session.scalars(
        rows.where(Match.status == "finished", visible).order_by(Match.updated_at.desc()).limit(10)).all()
    groups = db.session.scalars(
        select(Group).where(Group.id.in_(groups_here)).order_by(Group.name)).all() if groups_here else []
    nights = db.session.scalars(select(Night).order_by(Night.created_at.desc()).limit(5)).all()
    events = db.session.scalars(select(TeamEvent).order_by(TeamEvent.created_at.desc()).limit(5)).all()
    # A match this phone only watches opens at its read-only link.
    watch_only = {m.id for m in (*active, *recent) if not may_score(m)}
    return render_page("partials/_home.html", active=active, recent=recent, groups=groups,
                       nights=nights, events=events, watch_only=watch_only)
