"""The director's pages: set up a night, the PIN, check-in and renaming, the dashboard with every table,
the bell (and taking it back), the number of games, and closing or correcting a table's game."""
from __future__ import annotations

import json
import re
import time
from typing import Any, NamedTuple

from flask import Blueprint, abort, copy_current_request_context, current_app, render_template, request, url_for
from markupsafe import Markup
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload

from extensions import db, htmx
from forms.night import CheckInForm, CorrectionForm, GamesForm, PinForm, RenameForm, night_setup_form
from models import Match, Night, NightPlayer, NightTable, TableGame
from referee.tournament.seats import PAIR_NAMES, SEATS
from referee.tournament.night import TIE_RULE
from web import scoring, shared_drawings
from web.matches import go
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import setup as night_setup, table_game, wording as night_wording
from services.night.errors import NightError
from web.nights import access, drawer, drawings
from services.night import prizes as night_prizes
from web.nights.pulse import poll_answer, poll_seconds, seen_tags
from web.render import night_page

bp = Blueprint("nights", __name__, url_prefix="/nights")

DEFAULT_VARIANT = "progressive-euchre"


def night_variants() -> list[Any]:
    """The games a night can be played at: every variant with 4-player partnerships."""
    return [v for v in scoring.referee.VARIANTS.values() if 4 in v.players and v.is_partnership(4)]


def _variant(key: str | None) -> Any:
    choices = {v.key: v for v in night_variants()}
    return choices.get(key or DEFAULT_VARIANT, choices[DEFAULT_VARIANT])


# -- setup --------------------------------------------------------------------------------------
@bp.get("/new")
def new():
    variant = _variant(request.args.get("variant"))
    return night_page("nights/_new.html", form=night_setup_form(variant), variant=variant,
                            variants=night_variants())


@bp.post("/new")
def create():
    variant = _variant(request.form.get("variant"))
    form = night_setup_form(variant, formdata=request.form)
    if not form.validate():
        return night_page("nights/_new.html", status=422, form=form, variant=variant,
                                variants=night_variants())
    night = night_setup.create_night(
        name=form.name.data, day=form.day.data, variant=variant.key, rules=form.rules(), games=form.games.data,
        hands_per_game=form.hands_per_game.data, movement=form.movement.data, sit_out_mode=form.sit_out_mode.data,
        sit_out_points=form.sit_out_points.data, bell_minutes=form.bell_minutes.data, pin=form.pin.data)
    db.session.commit()
    access.grant_director(night)
    return go(url_for("nights.players", slug=night.slug))


# -- the PIN ------------------------------------------------------------------------------------
@bp.route("/<slug>/login", methods=["GET", "POST"])
def login(slug: str):
    night = access.get_night(slug)
    form = PinForm()
    status = 200
    if request.method == "POST" and form.validate():
        check = access.try_pin(night, form.pin.data)
        db.session.refresh(night)  # the count of tries was committed: the page shows the night read again
        if check.ok:
            access.grant_director(night)
            return go(access.safe_next(request.args.get("next"), url_for("nights.dashboard", slug=slug)))
        message, status = check.refusal()
        form.pin.errors = [message]
    elif request.method == "POST":
        status = 422
    return night_page("nights/_login.html", status=status, night=night, form=form)


def _director_night(slug: str) -> Night | Any:
    night = access.get_night(slug)
    access.require_director(night)
    return night


# -- the dashboard ------------------------------------------------------------------------------
def _dashboard_tag(night: Night) -> str:
    """Changes with the night and with every hand saved at a table this game."""
    hands = db.session.scalar(
        select(func.coalesce(func.sum(Match.version), 0)).join(TableGame, TableGame.match_id == Match.id)
        .where(TableGame.night_id == night.id, TableGame.game == night.current_game))
    return f"d{night.id}-{night.version}-{hands}"


def _drawn_by_dashboard(night: Night, tag: str) -> bool:
    """Whether ``tag`` is one ``_dashboard_tag`` could have given this night."""
    return re.fullmatch(rf"d{night.id}-\d{{1,12}}-\d{{1,15}}", tag) is not None


def dashboard_context(night: Night, bell_question: str | None = None, tag: str | None = None) -> dict[str, Any]:
    """``tag``: the state's tag, when the caller has read it already."""
    night_bell.ring_if_timer_due(night)
    game = night.current_game
    at_table, sit_outs = night_queries.names_by_table(night, game) if game else ({}, [])
    tables = []
    for tg, (hands, ns_points, ew_points) in _table_games_counted(night, game) if game else []:
        tables.append({"tg": tg, "code": tg.code or "", "names": at_table.get(tg.table, {}),
                       "hands": hands, "totals": (ns_points, ew_points)})
    checked_in, next_roster = night_queries.player_counts(
        night, max(game, 1) if night.status != "playing" else game + 1)
    return {"night": night, "tables": tables, "table_rows": table_rows(night, tables), "sit_outs": sit_outs,
            "done": sum(1 for t in tables if t["tg"].done), "next_roster": next_roster,
            "bell_question": bell_question, "bell_undone_by": night_wording.bell_undone_by(night),
            "bell_can_undo": night.bell_rung and night.bell_by != "timer"
            and all(t["tg"].status == "playing" for t in tables),
            "checked_in": checked_in, "pairs": PAIR_NAMES, "seats": SEATS, "tie_rule": TIE_RULE,
            "bell_due": night_bell.bell_due_at(night), "poll_url": url_for("nights.live", slug=night.slug),
            "poll_tag": tag or _dashboard_tag(night), "poll_seconds": poll_seconds(), "poll_target": "#dashboard"}


# Each table's hands and score, by its match and the match's version (which every change of its hands
# moves): between two of the director's polls only the tables that saved a hand have changed, and scoring
# every table's hands again was most of a dashboard's time at 1,000 tables.
table_counts: drawings.FragmentCache[tuple[int, int, int]] = drawings.FragmentCache(size=8192)


class DashboardTable(NamedTuple):
    """What the dashboard shows of a table's game, read as a row: a thousand tables' games loaded as objects,
    each with its match, cost a dashboard a third of its time."""

    id: int
    game: int
    table: int
    status: str
    disputed: bool
    submitted_by: str | None
    closed_by_director: bool
    ns_points: int | None
    ew_points: int | None
    match_id: int
    match_slug: str
    match_version: int
    code: str | None  # the table's card, read in the same row: loading a thousand tables as objects cost a quarter

    @property
    def done(self) -> bool:
        return self.status == "done"


def _table_games_counted(night: Night, game: int) -> list[tuple[DashboardTable, tuple[int, int, int]]]:
    """The game's tables in order, each with its hands counted and its points (the result agreed, or the
    hands' score so far); the hands are loaded only for the matches that changed since they were counted."""
    games = [DashboardTable(*row) for row in db.session.execute(
        select(TableGame.id, TableGame.game, TableGame.table, TableGame.status, TableGame.dispute.is_not(None),
               TableGame.submitted_by, TableGame.closed_by_director, TableGame.ns_points, TableGame.ew_points,
               Match.id, Match.slug, Match.version, NightTable.code)
        .join(Match, Match.id == TableGame.match_id)
        .outerjoin(NightTable, (NightTable.night_id == TableGame.night_id) & (NightTable.number == TableGame.table))
        .where(TableGame.night_id == night.id, TableGame.game == game).order_by(TableGame.table))]
    keys = {tg.id: _count_key(tg) for tg in games}
    counts = {tg_id: table_counts.get(key) for tg_id, key in keys.items()}
    if None in counts.values():  # counted by another process since this one last drew?
        shared = read_shared(night, "counts")
        for tg_id, key in keys.items():
            found = shared.get(key)
            if counts[tg_id] is None and isinstance(found, list) and len(found) == 3:
                counts[tg_id] = tuple(found)
                table_counts.put(key, counts[tg_id])
    changed = [tg_id for tg_id, count in counts.items() if count is None]
    if changed:
        for row in db.session.scalars(
                select(TableGame).where(TableGame.id.in_(changed))
                .options(joinedload(TableGame.match).selectinload(Match.hands),
                         joinedload(TableGame.match).selectinload(Match.seats))
                .execution_options(populate_existing=True)).unique():
            # kept under the state read above: a hand saved in between moved the version, so it is counted again
            counts[row.id] = _counted(row)
            table_counts.put(keys[row.id], counts[row.id])
        write_shared(night, "counts", {keys[tg_id]: count for tg_id, count in counts.items()})
    return [(tg, counts[tg.id]) for tg in games]


# gunicorn hands the director's polls to whichever of its processes is free, so each process drew the
# dashboard after every other one had: at a thousand tables nearly every table had changed since its own
# last drawing. What one process counted and drew is kept for the others too, in the shared drawings, by
# the same keys (a second server on another machine keeps its own, just as correct).
def _shared_key(night: Night, what: str) -> str:
    return f"dashboard-{night.id}-{night.slug}-{night.current_game}-{what}"


def read_shared(night: Night, what: str) -> dict[str, Any]:
    try:
        found = json.loads(shared_drawings.store().get(_shared_key(night, what)) or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def write_shared(night: Night, what: str, entries: dict[str, Any]) -> None:
    shared_drawings.store().put(_shared_key(night, what), json.dumps(entries))


# Each table's row as drawn, by everything the row shows: at a thousand tables drawing the rows was most of a
# dashboard's time, and between two of the director's polls only a few tables have changed.
drawn_rows: drawings.FragmentCache[Markup] = drawings.FragmentCache(size=8192)


def table_rows(night: Night, tables: list[dict[str, Any]]) -> list[Markup]:
    """The dashboard's table rows, drawn again only for the tables whose row changed."""
    keys = [repr((night.slug, t["tg"].game, t["tg"].table, t["tg"].status, t["tg"].disputed,
                  t["tg"].submitted_by, t["tg"].closed_by_director, t["code"], tuple(sorted(t["names"].items())),
                  t["hands"], t["totals"]))
            for t in tables]  # as text: the same key here and in the copy shared with the other processes
    rows = [drawn_rows.get(key) for key in keys]
    missing = [n for n, row in enumerate(rows) if row is None]
    if missing:
        shared = read_shared(night, "rows")
        to_draw = {n for n in missing if not isinstance(shared.get(keys[n]), str)}
        for n in missing:
            rows[n] = draw_row(night, tables[n]) if n in to_draw else Markup(shared[keys[n]])
            drawn_rows.put(keys[n], rows[n])
        if to_draw:  # what this process drew, for the others
            write_shared(night, "rows", {key: str(row) for key, row in zip(keys, rows)})
    return rows


def draw_row(night: Night, table: dict[str, Any]) -> Markup:
    # the template itself, without Flask's per-render context processors: a cold dashboard draws a thousand
    return Markup(current_app.jinja_env.get_template("nights/_dashboard_row.html").render(night=night, t=table))


def _count_key(tg: DashboardTable) -> str:
    # the slug too: a match id is used again by another database in the same process (the tests'); as text,
    # the same key here and in the copy shared with the other processes
    return repr((tg.match_id, tg.match_slug, tg.match_version, tg.ns_points, tg.ew_points))


def _counted(tg: TableGame) -> tuple[int, int, int]:
    hands = len(tg.match.hands)
    if tg.ns_points is not None:
        return hands, tg.ns_points, tg.ew_points or 0
    counted = table_game.hands_result(tg)
    return hands, counted.ns_points, counted.ew_points


@bp.get("/<slug>")
def dashboard(slug: str):
    night = access.get_night(slug)
    if not access.is_director(night):
        return go(url_for("nights.login", slug=slug, next=request.path))
    return night_page("nights/_dashboard.html", **dashboard_context(night))


def _dashboard_drawn_key(night: Night) -> str:
    return f"dashboard-{night.id}-{night.slug}-drawn"  # the slug too: a test database uses ids again


def note_dashboard_drawn(night: Night, at: float, seconds: float) -> None:
    """Remember, for every process of this server (in the shared drawings), when the night's dashboard was
    drawn for a poll and how long that took."""
    shared_drawings.store().put(_dashboard_drawn_key(night), f"{at!r} {seconds!r}")


def dashboard_resting(night: Night) -> bool:
    """Whether the dashboard was drawn, by any process, too lately to be drawn again (``drawings.rest_for``):
    gunicorn hands the director's polls to whichever process is free, and each process resting on its own
    drew a slow dashboard once for each of them."""
    noted = shared_drawings.store().get(_dashboard_drawn_key(night)) or ""
    try:
        at, seconds = (float(part) for part in noted.split())
    except ValueError:
        return False
    rest = drawings.rest_for(seconds)
    return rest is not None and time.time() - at < rest.total_seconds()


@bp.get("/<slug>/live")
def live(slug: str):
    """The dashboard, drawn again when a hand or anything of the night changed. On a night of a thousand tables
    a drawing takes a good part of a second, and hands come in every few milliseconds: a slow drawing rests
    (``dashboard_resting``) and the director's poll keeps its screen meanwhile, as the projector's standings do.
    A screen that shows a dashboard already gets the latest one drawn, and the next is drawn after the answer
    on the drawing thread (``drawer``): drawn in the request, it held the worker's every other phone."""
    night = _director_night(slug)
    night_bell.ring_if_timer_due(night)
    held = [tag for tag in seen_tags() if _drawn_by_dashboard(night, tag)]  # never echo a tag it did not draw
    if held and drawer.in_background():
        return _latest_answer(night, held[0], _latest_drawn(night))
    if held and dashboard_resting(night):
        return poll_answer(held[0], lambda: "")
    tag = _dashboard_tag(night)
    return poll_answer(tag, lambda: draw_dashboard(night, tag))


def draw_dashboard(night: Night, tag: str) -> str:
    """The dashboard's region at ``tag``, its time noted for the rest of every process."""
    context = dashboard_context(night, tag=tag)
    html, seconds = drawings.drawn_and_timed(
        night.id, "dashboard", lambda: render_template("nights/_dashboard.html", **context))
    if seconds is not None:
        note_dashboard_drawn(night, time.time(), seconds)
    return html


def _latest_key(night: Night) -> str:
    return f"dashboard-{night.id}-{night.slug}-latest"


def _latest_drawn(night: Night) -> tuple[str, str] | None:
    """The tag and the drawing (with marks for the tokens) last drawn on a drawing thread, by any process: one
    entry of the shared drawings, so the two always match."""
    tag, _, html = (shared_drawings.store().get(_latest_key(night)) or "").partition("\n")
    return (tag, html) if _drawn_by_dashboard(night, tag) else None


def _state(tag: str) -> tuple[int, int]:
    """A dashboard tag's night version and hands, to tell the later of two (each only grows; a new game's
    hands start again, with a later version)."""
    _night, version, hands = tag.split("-")
    return int(version), int(hands)


def _latest_answer(night: Night, held: str, latest: tuple[str, str] | None):
    """The latest drawing, when it is later than the screen's (``held``); else a 304. And the next drawn after
    the answer, when the night has moved on since the later of the two, unless the last drawing still rests."""
    if latest is not None and _state(latest[0]) > _state(held):
        drawn_tag, html = latest
        response = poll_answer(drawn_tag, lambda: shared_drawings.fill_for_this_phone(html))
    else:
        drawn_tag, response = held, poll_answer(held, lambda: "")
    if drawn_tag != _dashboard_tag(night) and not dashboard_resting(night):
        night_id = night.id
        redraw = copy_current_request_context(lambda: draw_latest(night_id))
        response.call_on_close(drawer.after_answer(("dashboard", night_id), redraw))
    return response


def draw_latest(night_id: int) -> None:
    """Draw the night's dashboard for every director's screen and keep it as the latest (on the drawing thread)."""
    night = db.session.get(Night, night_id)
    if night is None or dashboard_resting(night):
        return
    tag = _dashboard_tag(night)
    with shared_drawings.marked():  # each screen's tokens are filled in when it is sent
        html = draw_dashboard(night, tag)
    shared_drawings.store().put(_latest_key(night), f"{tag}\n{html}")


def _dashboard_after(night: Night, message: str | None = None, status: int = 200, **context: Any):
    """The dashboard again: drawn for htmx, a message, a question or a form's errors; else a redirect."""
    db.session.refresh(night)
    if htmx or message or context:
        return night_page("nights/_dashboard.html", status=status,
                          message=message, **dashboard_context(night, **context))
    return go(url_for("nights.dashboard", slug=night.slug))


@bp.post("/<slug>/start")
def start(slug: str):
    night = _director_night(slug)
    if night.status != "checkin":
        return _dashboard_after(night, "The night has already started.", 409)
    try:
        night_games.start_game(night, 1)
        db.session.commit()
    except NightError as error:
        db.session.rollback()
        return _dashboard_after(night, error.message, 422)
    return _dashboard_after(night)


@bp.post("/<slug>/bell")
def bell(slug: str):
    night = _director_night(slug)
    try:
        rung = night_bell.ring_bell(night, "director", confirmed=request.form.get("confirmed") == "yes")
        db.session.commit()
    except night_bell.BellNeedsConfirmation as question:
        db.session.rollback()
        return _dashboard_after(night, bell_question=question.message)
    except NightError as error:
        db.session.rollback()
        return _dashboard_after(night, error.message, 422)
    return _dashboard_after(night, None if rung else "The bell had already rung.")


@bp.post("/<slug>/bell/undo")
def undo_bell(slug: str):
    night = _director_night(slug)
    try:
        night_bell.undo_bell(night, "director")
        db.session.commit()
    except NightError as error:
        db.session.rollback()
        return _dashboard_after(night, error.message, 409)
    return _dashboard_after(night)


@bp.route("/<slug>/games", methods=["GET", "POST"])
def set_games(slug: str):
    """Change the number of games (its own page: the dashboard redraws itself while tables play). The
    dashboard's "End the night after this game" posts the current game's number here."""
    night = _director_night(slug)
    if request.method == "GET":
        return night_page("nights/_games.html", night=night, form=GamesForm(formdata=None, data={"games": night.games}))
    form = GamesForm()
    if form.validate():
        try:
            night_setup.set_games(night, form.games.data)
            db.session.commit()
        except NightError as error:
            db.session.rollback()
            db.session.refresh(night)
            form.games.errors = list(form.games.errors) + [error.message]
    if form.errors:
        if request.form.get("from") == "dashboard":
            return _dashboard_after(night, form.games.errors[0], 422)
        return night_page("nights/_games.html", status=422, night=night, form=form)
    night_games.advance_if_done(night)  # the game in progress may be over already
    if request.form.get("from") == "dashboard":
        return _dashboard_after(night)
    return go(url_for("nights.dashboard", slug=slug))


# -- check-in -----------------------------------------------------------------------------------
def _players_context(night: Night, form: CheckInForm | None = None, added: list[str] | None = None,
                     skipped: list[str] | None = None) -> dict[str, Any]:
    upcoming = night_queries.next_playable_game(night)
    return {"night": night, "form": form or CheckInForm(), "added": added or [], "skipped": skipped or [],
            "upcoming": upcoming, "playing_next": len(night_queries.roster(night, upcoming)),
            "marks": [p.title for p in night_prizes.named_categories(night)],
            "mark": request.form.get("mark", "") if request.method == "POST" else ""}


@bp.get("/<slug>/players")
def players(slug: str):
    night = _director_night(slug)
    return night_page("nights/_players.html", **_players_context(night))


@bp.post("/<slug>/players")
def check_in(slug: str):
    night = _director_night(slug)
    form = CheckInForm()
    if not form.validate():
        return night_page("nights/_players.html", status=422,
                                **_players_context(night, form))
    marks = {title.casefold(): title for title in (p.title for p in night_prizes.named_categories(night))}
    mark = request.form.get("mark", "")
    if mark and mark.casefold() not in marks:
        form.names.errors = ["Choose one of the named prizes to mark them for, or none."]
        return night_page("nights/_players.html", status=422, **_players_context(night, form))
    try:
        added, skipped = night_setup.check_in(night, form.cleaned())
        if mark and added:  # players checked in together are marked together ("Ladies")
            keys = {name.casefold() for name in added}
            night_prizes.tag_players(night, marks[mark.casefold()], [p for p in night.players if p.name_key in keys])
        db.session.commit()
    except NightError as error:
        db.session.rollback()
        form.names.errors = [error.message]
        return night_page("nights/_players.html", status=422,
                                **_players_context(night, form))
    status = 200 if added else 422
    if not added:
        form.names.errors = skipped or ["Write at least one new name."]
        return night_page("nights/_players.html", status=status,
                                **_players_context(night, form))
    return night_page("nights/_players.html",
                            **_players_context(night, CheckInForm(formdata=None), added, skipped))


def _night_player(night: Night, player_id: int) -> NightPlayer:
    player = db.session.get(NightPlayer, player_id)
    if player is None or player.night_id != night.id:
        abort(404)
    return player


def _player_step(slug: str, player_id: int, step):
    night = _director_night(slug)
    step(night, _night_player(night, player_id))
    db.session.commit()
    return night_page("nights/_players.html", **_players_context(night))


@bp.post("/<slug>/players/<int:player_id>/leave")
def player_leaves(slug: str, player_id: int):
    return _player_step(slug, player_id, night_setup.leave)


@bp.post("/<slug>/players/<int:player_id>/return")
def player_returns(slug: str, player_id: int):
    return _player_step(slug, player_id, night_setup.come_back)


@bp.route("/<slug>/players/<int:player_id>/rename", methods=["GET", "POST"])
def rename(slug: str, player_id: int):
    night = _director_night(slug)
    player = _night_player(night, player_id)
    if request.method == "GET":
        return night_page("nights/_rename.html", night=night, player=player,
                          form=RenameForm(formdata=None, data={"name": player.name}))
    form = RenameForm()
    if form.validate():
        try:
            night_setup.rename(night, player, form.name.data)
            db.session.commit()
            return go(url_for("nights.players", slug=slug))
        except NightError as error:
            db.session.rollback()
            form.name.errors = list(form.name.errors) + [error.message]
        except IntegrityError:  # the same name given to another player at the same moment
            db.session.rollback()
            form.name.errors = list(form.name.errors) + [f"{form.name.data} is already checked in; choose another name."]
    for row in (night, player):  # a rollback expired them
        db.session.refresh(row)
    return night_page("nights/_rename.html", status=422, night=night, player=player, form=form)


# -- closing and correcting a table's game -------------------------------------------------------
def _table_game(night: Night, game: int, table: int) -> TableGame:
    tg = db.session.scalar(select(TableGame).where(TableGame.night_id == night.id, TableGame.game == game,
                                                   TableGame.table == table))
    if tg is None:
        abort(404)
    return tg


def _result_form_data(tg: TableGame) -> dict[str, Any]:
    if tg.ns_points is not None:
        ns, ew, loners = tg.ns_points, tg.ew_points, dict(tg.loners or {})
    else:
        counted = table_game.hands_result(tg)
        ns, ew, loners = counted.ns_points, counted.ew_points, counted.loners
    data: dict[str, Any] = {"ns_points": ns, "ew_points": ew, "cut_winner": tg.winner}
    data.update({f"loners_{seat}": loners.get(seat, 0) for seat in SEATS})
    return data


def _result_page(night: Night, tg: TableGame, form: CorrectionForm, kind: str, status: int = 200,
                 message: str | None = None):
    names = {s.seat: s.player.name for s in night_queries.seats_of(night, tg.game) if s.table == tg.table}
    return night_page("nights/_result_form.html", status=status, night=night,
                            tg=tg, form=form, kind=kind, names=names, message=message, tie_rule=TIE_RULE)


def _change_result(slug: str, game: int, table: int, kind: str):
    night = _director_night(slug)
    tg = _table_game(night, game, table)
    if request.method == "GET":
        return _result_page(night, tg, CorrectionForm(data=_result_form_data(tg)), kind)
    form = CorrectionForm()
    if not form.validate():
        return _result_page(night, tg, form, kind, 422)
    change = table_game.close_table if kind == "close" else table_game.correct
    try:
        change(night, tg, ns=form.ns_points.data, ew=form.ew_points.data, loners=form.loners(),
               cut_winner=form.cut_winner.data or None, reason=form.reason.data or "")
        db.session.commit()
    except NightError as error:
        db.session.rollback()
        db.session.refresh(tg)
        target = form[error.field] if error.field else None
        if target is not None:
            target.errors = list(target.errors) + [error.message]
        return _result_page(night, tg, form, kind, 409 if target is None else 422,
                            None if target is not None else error.message)
    if kind == "close":
        night_games.advance_if_done(night)
    return go(url_for("nights.dashboard", slug=slug) if kind == "close"
              else url_for("nights.game", slug=slug, game=game))


@bp.route("/<slug>/games/<int:game>/tables/<int:table>/close", methods=["GET", "POST"])
def close(slug: str, game: int, table: int):
    return _change_result(slug, game, table, "close")


@bp.route("/<slug>/games/<int:game>/tables/<int:table>/correct", methods=["GET", "POST"])
def correct(slug: str, game: int, table: int):
    return _change_result(slug, game, table, "correct")


@bp.get("/<slug>/games/<int:game>")
def game(slug: str, game: int):
    night = _director_night(slug)
    seats = night_queries.seats_of(night, game)
    names: dict[int, dict[str, str]] = {}
    for seat in seats:
        if seat.table is not None:
            names.setdefault(seat.table, {})[seat.seat] = seat.player.name
    return night_page("nights/_game.html", night=night, game=game,
                            tables=night_queries.table_games(night, game), names=names,
                            sit_outs=[s.player.name for s in seats if s.table is None])
