"""The projector's big screens, for a hall of up to 400 players: the standings (the prizes always on screen)
and "find your seat" (everyone in alphabetical order, with their table and seat), in type readable from
the back of the room.

A screen holds more names than fit at that size, so its rows are cut into pages here, and
``static/projector.js`` shows one page at a time, turning them every few seconds (without scripts every
page shows, one under the other). Both screens poll like the others (``screens.draw``, ``pulse``) and
draw once per state for every screen watching; the numbers are the same as the standings' and the
seating's (``screens.standings_context``, ``screens.seating_context``).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from flask import Blueprint, current_app, render_template
from markupsafe import Markup

from extensions import htmx
from models import Night
from services.night import bell as night_bell
from web.nights import access
from web.nights.pulse import poll_answer
from web.nights.screens import draw, fragments, seating_context, seating_tag, standings_context
from web.nights.standings import standings_tag

bp = Blueprint("night_projector", __name__, url_prefix="/nights/<slug>/projector")

PAGE = "nights/projector/page.html"
STANDINGS_PER_PAGE = 30  # two columns of 15 lines on a 16:9 screen
SEATS_PER_PAGE = 45  # three columns of 15 (a seat's line is shorter than a standing's)


def rotate_seconds() -> int:
    """How long each page stays on screen (``PROJECTOR_PAGE_SECONDS``, 10 by default)."""
    return current_app.config.get("PROJECTOR_PAGE_SECONDS", 10)


def cut(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    """``items`` in pages of ``size``, the last one shorter."""
    return [items[start:start + size] for start in range(0, len(items), size)]


def projector_screen(night: Night, fragment: str, title: str, tag: str, target: str, endpoint: str,
                     build: Callable[[], dict[str, Any]]):
    """A 304 while the screen has ``tag``; else the fragment (htmx) or the projector page round it, the
    fragment drawn once per tag."""
    def render() -> str:
        html = fragments.get_or_draw((fragment, night.id, night.slug, tag),
                                     lambda: draw(night, fragment, tag, target, endpoint, build()))
        if htmx:
            return html
        return render_template(PAGE, night=night, title=title, fragment_html=Markup(html))  # noqa: S704
    return poll_answer(tag, render)


# -- the standings ---------------------------------------------------------------------------------
def standings_pages(night: Night) -> dict[str, Any]:
    context = standings_context(night)
    rows = context["rows"] if context["games"] else []
    pages = [{"rows": rows, "first": start + 1, "last": start + len(rows)}
             for start, rows in zip(range(0, len(rows), STANDINGS_PER_PAGE), cut(rows, STANDINGS_PER_PAGE))]
    return {**context, "pages": pages, "rotate_seconds": rotate_seconds()}


@bp.get("/standings")
def standings(slug: str):
    night = access.get_night(slug)
    return projector_screen(night, "nights/projector/_standings.html", "Standings", standings_tag(night),
                            "#projector-standings", "night_projector.standings", lambda: standings_pages(night))


# -- find your seat --------------------------------------------------------------------------------
def seat_pages(night: Night) -> dict[str, Any]:
    context = seating_context(night)
    pages = [{"entries": entries, "from": entries[0]["name"], "to": entries[-1]["name"]}
             for entries in cut(context["entries"], SEATS_PER_PAGE)]
    return {**context, "pages": pages, "rotate_seconds": rotate_seconds()}


@bp.get("/seats")
def seats(slug: str):
    night = access.get_night(slug)
    night_bell.ring_if_timer_due(night)  # as on the seating screen: the projector may be all that is watching
    return projector_screen(night, "nights/projector/_seats.html", "Find your seat", seating_tag(night),
                            "#projector-seats", "night_projector.seats", lambda: seat_pages(night))
