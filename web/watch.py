"""The read-only link (``/watch/<watch_slug>``): a match's live scoreboard, to share with the people not
holding the scorer's phone. It offers no edit and changes nothing, and it updates itself: its poller asks
every few seconds, and while the match's version is the one drawn the answer is an empty 304 from a
single-column query (``web.nights.pulse``)."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, url_for
from sqlalchemy import select

from extensions import db, htmx
from models import Match
from web import scoring
from web.access import grant_watcher
from web.nights.pulse import poll_answer
from web.render import render_page

bp = Blueprint("watch", __name__, url_prefix="/watch")


def poll_seconds() -> int:
    return current_app.config.get("WATCH_POLL_SECONDS", 5)


def _context(match: Match) -> dict:
    return {"match": match, "board": scoring.board(match), "read_only": True,
            "poll_url": url_for("watch.show", watch_slug=match.watch_slug), "poll_tag": f"v{match.version}",
            "poll_seconds": poll_seconds(), "poll_target": "#watch"}


@bp.get("/<slug:watch_slug>")
def show(watch_slug: str):
    row = db.session.execute(select(Match.id, Match.version).where(Match.watch_slug == watch_slug)).first()
    if row is None:
        abort(404)

    def draw():
        return render_page("partials/_watch.html", **_context(db.session.get(Match, row.id)))

    if htmx:  # the poller (or any htmx request): the region, or 304 while the match is unchanged
        return poll_answer(f"v{row.version}", draw)
    grant_watcher(row.id)  # this match is on this phone's home page from now on
    return draw()
