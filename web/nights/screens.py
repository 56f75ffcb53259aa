"""The night's projector screens: the seating and the standings (public, updating themselves), and the
page every screen of the night is drawn in. The printouts (``printouts``), the results as CSV
(``results_csv``), the rotation chart (``chart_screen``) and the director's audit trail (``audit_trail``)
add their routes to this module's blueprint.

Every page is one template for both kinds of request (``render_page``): htmx gets the fragment,
a browser the page wrapped round it. The projector pages poll with a tag of the state they show
(``pulse.poll_answer``): a 304 while nothing changed. The standings are drawn once per change for
every process and poll (``drawings``). The numbers come from ``standings`` (one load of the whole
score sheet); ranking, prizes, ties and sit-out points are the referee's.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from flask import Blueprint, Response, copy_current_request_context, current_app, render_template, url_for
from markupsafe import Markup
from sqlalchemy import select

from extensions import db, htmx
from models import Night, NightPlayer, NightSeat
from models.night import STANDINGS_CHANGED
from referee.tournament import prizes as referee_prizes
from referee.tournament.prizes import Tally
from referee.tournament.seats import SEAT_NAMES
from services.night.prizes import night_prizes
from referee.tournament.night import TIE_RULE
from services.night import bell as night_bell
from web.compression import accepts_gzip, compressed, same_for_everyone, send_compressed
from web.nights import access, drawer, drawings
from web.nights.drawings import fragments
from web.nights.player_page import player_url
from web.nights.pulse import poll_answer, poll_seconds
from web.nights.standings import Cell, Sheet, load_sheet, sit_out_words, standings_tag, tallies_of
from web.render import render_page

bp = Blueprint("night_screens", __name__, url_prefix="/nights/<slug>")

PAGE = "nights/screens/page.html"


@bp.app_template_global("night_is_director")
def night_is_director(night: Night) -> bool:
    return access.is_director(night)


def screen(fragment: str, title: str, **context: Any):
    """The page (or, for htmx, the fragment) of one screen."""
    return render_page(PAGE, screen_fragment=fragment, title=title, **context)


def polled(night: Night, fragment: str, title: str, tag: str, target: str, endpoint: str,
           build: Callable[[], dict[str, Any]]):
    """A projector screen: a 304 while the client has ``tag``; else the fragment (htmx) or the page round
    it, the fragment drawn once per tag."""
    return poll_answer(tag, lambda: framed(night, title, fragments.get_or_draw(
        (fragment, night.id, night.slug, tag), lambda: draw(night, fragment, tag, target, endpoint, build()))))


def draw(night: Night, fragment: str, tag: str, target: str, endpoint: str, context: dict[str, Any]) -> str:
    return render_template(fragment, poll_tag=tag, poll_target=target, poll_seconds=poll_seconds(),
                           poll_url=url_for(endpoint, slug=night.slug), **context)


def framed(night: Night, title: str, html: str):
    """A screen drawn beforehand: the page round it for a browser, just the drawing (its content) for htmx."""
    return render_page(PAGE, night=night, title=title, fragment_html=Markup(html))  # noqa: S704


# -- the projector: seating -----------------------------------------------------------------------
def seating_context(night: Night) -> dict[str, Any]:
    game = night.current_game
    entries: list[dict[str, Any]] = []
    if night.status == "playing":
        rows = db.session.execute(
            select(NightPlayer.name, NightSeat.table, NightSeat.seat, NightPlayer.id)
            .join(NightPlayer, NightPlayer.id == NightSeat.player_id)
            .where(NightSeat.night_id == night.id, NightSeat.game == game))
        for name, table, seat, player_id in rows:
            where = "sits out" if table is None else f"table {table}, {SEAT_NAMES.get(seat, seat)}"
            entries.append({"name": name, "where": where, "table": table, "seat": SEAT_NAMES.get(seat, seat),
                            "sits_out": table is None, "url": player_url(night, player_id),
                            "letter": initial(name)})
        entries.sort(key=lambda e: (e["name"].casefold(), e["name"]))
    players = db.session.execute(
        select(NightPlayer.name, NightPlayer.joined_game, NightPlayer.left_after)
        .where(NightPlayer.night_id == night.id)).all()
    waiting = sorted((name for name, joined, left in players
                      if night.status == "playing" and joined > game and left is None), key=str.casefold)
    checked_in = sorted((name for name, _, left in players if left is None), key=str.casefold)
    return {"night": night, "game": game, "entries": entries, "waiting": waiting, "checked_in": checked_in,
            "letters": list(dict.fromkeys(e["letter"] for e in entries)),
            "sit_outs": [e["name"] for e in entries if e["sits_out"]],
            "tables": len({e["table"] for e in entries if e["table"] is not None})}


def initial(name: str) -> str:
    """The letter a name is found under on the seating screen ("#" for a name that starts otherwise)."""
    first = name[:1].upper()
    return first if first.isalpha() else "#"


def seating_tag(night: Night) -> str:
    return f"p{night.id}-{night.version}"


@bp.get("/seating")
def seating(slug: str):
    night = access.get_night(slug)
    night_bell.ring_if_timer_due(night)  # the projector may be the only screen watching when the timer runs out
    return polled(night, "nights/screens/_seating.html", "Seating", seating_tag(night), "#night-seating",
                  "night_screens.seating", lambda: seating_context(night))


# -- the projector: standings ---------------------------------------------------------------------
class StandingRow(NamedTuple):
    """One player's line of the standings. A named tuple rather than a dict: Jinja reads ``row.name`` as an
    attribute before it tries a key, so every field of a dict row cost a caught AttributeError, a fifth of
    the time to draw the standings of 400 players."""

    rank: int
    shared: bool
    tally: Tally
    name: str
    total: int
    wins: int
    loners: int
    sat_out: int
    cells: list[Cell]


def standing_rows(sheet: Sheet) -> list[StandingRow]:
    rows = []
    for standing in referee_prizes.standings(tallies_of(sheet)):
        tally = standing.tally
        rows.append(StandingRow(rank=standing.rank, shared=standing.shared, tally=tally, name=tally.name,
                                total=tally.total, wins=tally.wins, loners=tally.loners, sat_out=tally.sat_out,
                                cells=sheet.cells.get(tally.player, [])))
    return rows


# Each player's line after the rank, as drawn, by everything it shows: a result changes four players' lines,
# and drawing every line again was most of the standings' time at 4,000 players.
drawn_lines: drawings.FragmentCache[Markup] = drawings.FragmentCache(size=16384)


@bp.app_template_global("standing_line")
def standing_line(row: StandingRow) -> Markup:
    key = (row.name, row.total, row.wins, row.loners, tuple((c.points, c.sat_out, c.seated) for c in row.cells))
    return drawn_lines.get_or_draw(key, lambda: draw_line(row))


def draw_line(row: StandingRow) -> Markup:
    return Markup(current_app.jinja_env.get_template("nights/screens/_macros.html").module.standing_cells(row))


def any_points(sheet: Sheet) -> bool:
    return any(c.points is not None for cells in sheet.cells.values() for c in cells)


# The standings screen shows this many players, the rest folded until asked for: in a phone's browser (Chromium
# at 360 px, its CPU slowed four times) the 4,000 players of a 1,000-table night took about 4 s to lay out, again
# at every change, every few seconds while results come in; folded, about half a second, most of it reading the
# HTML (docs/performance.md). STANDINGS_SHOWN_FIRST: the tests'.
SHOWN_FIRST = 100


def standings_context(night: Night) -> dict[str, Any]:
    sheet = load_sheet(night)
    rows = standing_rows(sheet)
    prize_list = night_prizes(night, [r.tally for r in rows]) if rows and any_points(sheet) else []
    return {"night": night, "sheet": sheet, "rows": rows, "games": list(range(1, sheet.started + 1)),
            "prizes": prize_list, "prize_rules": referee_prizes.PRIZE_RULES, "tie_rule": TIE_RULE,
            "sit_out_rule": sit_out_words(night), "any_sat_out": any(r.sat_out for r in rows),
            "shown_first": current_app.config.get("STANDINGS_SHOWN_FIRST", SHOWN_FIRST)}


def draw_standings(night: Night) -> str:
    return draw(night, "nights/screens/_standings.html", standings_tag(night), "#night-standings",
                "night_screens.standings", standings_context(night))


@bp.get("/standings")
def standings(slug: str):
    """Drawn once per change for every screen watching (``drawings``): this poll may get the drawing
    of an earlier state, and its tag, for the moment a newer one is being drawn (by this poll, after its
    answer, when nobody else is)."""
    night = access.get_night(slug)
    drawing = drawings.current(night.id, night.slug, "standings", night.standings_version,
                               lambda: draw_standings(night), night.standings_changed)
    tag = standings_tag(night, drawing.version)
    response = poll_answer(tag, lambda: "" if htmx and accepts_gzip() else framed(night, "Standings", drawing.html))
    if not htmx:
        return response
    # just the drawing, the same for every screen (the whole page holds the phone's CSRF token), compressed
    # once per process: as it was when stored, without reading or compressing the 1.4 MB of a big night's
    key = ("standings", night.id, night.slug, drawing.version)
    if response.status_code == 304 or not accepts_gzip():
        return same_for_everyone(response, key)
    return send_compressed(response, compressed.get_or_draw(key, drawing.gzipped))


@bp.after_app_request
def redraw_changed_standings(response: Response) -> Response:
    """A request that changed some standings has them drawn again once its answer has been sent (on the
    process's drawing thread, ``drawer``), so the phone that sent it does not wait, and the screens polling
    them do not draw them each."""
    changed = db.session.info.pop(STANDINGS_CHANGED, None)
    if changed and response.status_code < 400:
        night_ids = sorted(changed)
        redraw = copy_current_request_context(lambda: redraw_standings(night_ids))
        response.call_on_close(drawer.after_answer(("standings", *night_ids), redraw))
    return response


def redraw_standings(night_ids: list[int]) -> None:
    for night_id in night_ids:
        # Another request drawing them now draws them again after, if they moved on (drawings.take_drawing).
        while (started := drawings.take_drawing(night_id, "standings")) is not None:
            try:
                night = db.session.get(Night, night_id)  # read after the mark: the state to draw is at least this
                version = night.standings_version
                html = drawings.timed(night_id, "standings", lambda: draw_standings(night))
            except Exception:  # the answer is sent: take the mark back, and the polls draw for themselves
                db.session.rollback()
                drawings.give_up(night_id, "standings", started)
                current_app.logger.exception("Drawing the standings of night %s after a change failed", night_id)
                break
            drawings.store(night_id, "standings", version, html, started)
            if db.session.scalar(select(Night.standings_version).where(Night.id == night_id)) <= version:
                break  # nothing changed while drawing (a change since found the mark, and left it to us)
