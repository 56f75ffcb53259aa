"""Home: start a new match, resume one in progress, see recent ones (this phone's own, those it watches
and its groups'), ten at a time with older ones a tap away; abandon a match nobody will finish; the way
to the groups; run or join a progressive night."""
from __future__ import annotations

from flask import Blueprint, request, url_for
from sqlalchemy import exists, select
from sqlalchemy.orm import selectinload

from extensions import db
from models import EventGame, Group, Match, MatchSeat, Night, TableGame, TeamEvent
from web.access import granted, may_score, scored_here, watched_here
from web.converters import as_id
from web.matches import get_match, go
from web.render import render_page

bp = Blueprint("home", __name__)
PAGE = 10  # matches a list shows at a time


def _page(name: str) -> int:
    """The page of a list asked for (``?active=2``): 1 for anything but a small whole number."""
    number = request.args.get(name, type=as_id) or 1
    return min(number, 10_000)


def _listed(statuses: tuple[str, ...], visible, page: int) -> tuple[list[Match], bool]:
    """One page of the matches in ``statuses``, the latest first, and whether older ones follow."""
    rows = db.session.scalars(
        select(Match).options(selectinload(Match.seats).joinedload(MatchSeat.player))  # the rows' players
        .where(Match.status.in_(statuses), visible).order_by(Match.updated_at.desc(), Match.id.desc())
        .offset((page - 1) * PAGE).limit(PAGE + 1)).all()
    return list(rows[:PAGE]), len(rows) > PAGE


@bp.get("/")
def index():
    # Only the matches this phone scores or watches, and those of the groups it has the code of: never
    # anyone else's. A night's table games live on the night's pages, a team event's on the event's.
    mine, watched, groups_here = scored_here(), watched_here(), granted()
    visible = ((Match.id.in_(mine + watched) | Match.group_id.in_(groups_here))
               & ~exists().where(TableGame.match_id == Match.id) & ~exists().where(EventGame.match_id == Match.id))
    active_page, recent_page = _page("active"), _page("recent")
    active, more_active = _listed(("active",), visible, active_page)
    recent, more_recent = _listed(("finished", "abandoned"), visible, recent_page)
    groups = db.session.scalars(
        select(Group).where(Group.id.in_(groups_here)).order_by(Group.name)).all() if groups_here else []
    nights = db.session.scalars(select(Night).order_by(Night.created_at.desc()).limit(5)).all()
    events = db.session.scalars(select(TeamEvent).order_by(TeamEvent.created_at.desc()).limit(5)).all()
    # A match this phone only watches opens at its read-only link.
    watch_only = {m.id for m in (*active, *recent) if not may_score(m)}
    return render_page("partials/_home.html", active=active, recent=recent, groups=groups, nights=nights,
                       events=events, watch_only=watch_only, active_page=active_page, recent_page=recent_page,
                       more_active=more_active, more_recent=more_recent)


@bp.post("/matches/<slug:match_slug>/abandon")
def abandon(match_slug: str):
    """Abandon a match nobody will finish: off the list in progress, kept among the recent ones, and carried
    on by saving a hand in it. Asks first: a dialog with scripts, else the page this answers without ``sure``."""
    match = get_match(match_slug)
    if not may_score(match) or match.at_an_event:
        return render_page("partials/_message.html", 403, title="Not this phone's match",
                           message="Only a phone that scores this match can abandon it.")
    if match.status != "active":
        return go(url_for("home.index"))
    if request.form.get("sure") != "yes":
        return render_page("partials/_abandon_ask.html", match=_with_players(match))
    match.abandon()
    db.session.commit()
    return go(url_for("home.index"))


def _with_players(match: Match) -> Match:
    """The match with its seats and players read now, for the template (no SQL while it renders)."""
    return db.session.scalars(
        select(Match).options(selectinload(Match.seats).joinedload(MatchSeat.player)).where(Match.id == match.id)
        .execution_options(populate_existing=True)).one()
