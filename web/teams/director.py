"""The director's pages of a team event: setup with the time estimate, the PIN, check-in (pairs, a random
draw, late teams, withdrawals), the dashboard with every table, the bell, rulings and corrections, the
table cards and the log."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from sqlalchemy import inspect as sa_inspect, select

from extensions import db, htmx
from forms.team_event import DrawForm, EventSetupForm, PinForm, RulingForm, TeamForm, event_setup_form
from models import Group
from models.team_event import EventGame, EventTeam, TeamEvent
from referee.catalog import get_variant
from web import access as group_access
from web.matches import go
from web.nights.access import safe_next
from web.nights.director import night_variants
from web.nights.pulse import poll_answer, poll_seconds
from web.render import render_page
from services import team_event as service
from web.teams import access
from services.team_event import EventError

bp = Blueprint("teams", __name__, url_prefix="/events")

PAGE = "teams/page.html"
DEFAULT_TEAM_VARIANT = "euchre"


def page(fragment: str, status: int = 200, **context: Any):
    _read_again(context)
    return render_page(PAGE, status, part=fragment, body=fragment, **context)


def _read_again(context: dict[str, Any]) -> None:
    """Rows a commit or rollback expired are read again here, so the template runs no SQL of its own."""
    for value in context.values():
        if isinstance(value, db.Model):
            state = sa_inspect(value)
            if state.persistent and state.expired_attributes:
                db.session.refresh(value)


def _variant_choices() -> list[tuple[str, str]]:
    return [(v.key, v.name) for v in night_variants()]  # progressive euchre: euchre for a fixed number of hands


# -- setup and the estimate ---------------------------------------------------------------------------
def _setup_form(formdata: Any = None) -> EventSetupForm:
    """The setup form, with the house rules of the game chosen (the default game's at first)."""
    choices = _variant_choices()
    key = (formdata or {}).get("variant") or DEFAULT_TEAM_VARIANT
    variant = get_variant(key if key in dict(choices) else DEFAULT_TEAM_VARIANT)
    form = event_setup_form(variant, formdata)
    form.variant.choices = choices
    form.group.choices = [("", "No group")] + [(str(g.id), g.name) for g in _groups()]
    if formdata is None:
        form.variant.data = DEFAULT_TEAM_VARIANT
    return form


def _form_estimate(form: EventSetupForm) -> service.Estimate | None:
    """The estimate for what the form says so far (None until its numbers make sense)."""
    try:
        teams = form.expected_teams.data or 16
        minutes = service.game_minutes(int(form.minutes_per_game.data or 20), form.rules(), form.bell_minutes.data,
                                       get_variant(form.variant.data or DEFAULT_TEAM_VARIANT))
        return service.estimate(form.format.data or "grand-prix", int(teams), int(form.rounds.data or 1),
                                minutes, int(form.playoff_size.data or 0),
                                form.playoff_elimination.data or "single", int(form.playoff_best_of.data or 1),
                                form.playoff_reset.data != "no")
    except (TypeError, ValueError):
        return None


@bp.get("/new")
def new():
    form = _setup_form()
    return page("teams/_new.html", form=form, estimate=_form_estimate(form), groups=_groups())


def _groups() -> list[Group]:
    """The groups this phone is a member of: an event in one feeds its stats."""
    ids = group_access.granted()
    return list(db.session.scalars(select(Group).where(Group.id.in_(ids)).order_by(Group.name))) if ids else []


@bp.post("/estimate")
def estimate():
    """The time estimate for the setup form as filled in so far (the form's "Work out the time")."""
    form = _setup_form(request.form)
    form.validate()
    if any(form[name].errors for name in ("format", "rounds", "minutes_per_game", "playoff_size",
                                          "playoff_elimination", "playoff_best_of", "playoff_reset",
                                          "expected_teams", "bell_minutes",
                                          *(name for name, _option in form.option_fields))):
        return page("teams/_new.html", status=422, form=form, estimate=None, groups=_groups())
    for field in form:
        field.errors = []  # only the estimate was asked for: the rest is checked on "Set up"
    return page("teams/_new.html", form=form, estimate=_form_estimate(form), groups=_groups())


@bp.post("/new")
def create():
    form = _setup_form(request.form)
    if not form.validate():
        return page("teams/_new.html", status=422, form=form, estimate=_form_estimate(form), groups=_groups())
    event = service.create_event(
        name=form.name.data, day=form.day.data, variant=form.variant.data, format=form.format.data,
        rounds=form.rounds.data, points_rule=form.points_rule.data, bye_win=form.bye.data == "win",
        bye_points=form.bye_points.data or 0, playoff_size=int(form.playoff_size.data),
        playoff_elimination=form.playoff_elimination.data, playoff_best_of=int(form.playoff_best_of.data),
        playoff_reset=form.playoff_reset.data != "no", minutes_per_game=form.minutes_per_game.data,
        rules=form.rules(), bell_minutes=form.bell_minutes.data, pin=form.pin.data, group_id=int(form.group.data) if form.group.data else None)
    db.session.commit()
    access.grant_director(event)
    return go(url_for("teams.checkin", slug=event.slug))


# -- the PIN -----------------------------------------------------------------------------------------
@bp.route("/<slug>/login", methods=["GET", "POST"])
def login(slug: str):
    event = access.get_event(slug)
    form = PinForm()
    status = 200
    if request.method == "POST" and form.validate():
        check = access.try_pin(event, form.pin.data)
        if check.ok:
            access.grant_director(event)
            return go(safe_next(request.args.get("next"), url_for("teams.dashboard", slug=slug)))
        message, status = check.refusal()
        form.pin.errors = [message]
    elif request.method == "POST":
        status = 422
    return page("teams/_login.html", status=status, event=event, form=form)


def _director_event(slug: str) -> TeamEvent:
    event = access.get_event(slug)
    access.require_director(event)
    return event


# -- check-in -----------------------------------------------------------------------------------------
def checkin_context(event: TeamEvent, **extra: Any) -> dict[str, Any]:
    teams = event.teams
    playing = service.active_teams(event, service.next_playable_round(event))
    context = {"event": event, "teams": teams, "playing": len(playing), "team_form": TeamForm(formdata=None),
               "draw_form": DrawForm(formdata=None), "estimate": service.event_estimate(event, len(playing)),
               "format_words": service.format_words(event), "message": None}
    context.update(extra)
    return context


@bp.get("/<slug>/teams")
def checkin(slug: str):
    event = _director_event(slug)
    return page("teams/_checkin.html", **checkin_context(event))


@bp.post("/<slug>/teams")
def add_team(slug: str):
    event = _director_event(slug)
    form = TeamForm()
    if form.validate():
        try:
            team = service.add_team(event, form.player_one.data, form.player_two.data, form.name.data or None)
            db.session.commit()
            return page("teams/_checkin.html", **checkin_context(event, message=f"{team.name} checked in."))
        except EventError as error:
            db.session.rollback()
            form[error.field or "player_one"].errors = [error.message]
    return page("teams/_checkin.html", status=422, **checkin_context(event, team_form=form))


@bp.post("/<slug>/draw")
def draw(slug: str):
    event = _director_event(slug)
    form = DrawForm()
    if form.validate():
        try:
            added = service.draw_teams(event, form.cleaned())
            db.session.commit()
            return page("teams/_checkin.html", **checkin_context(
                event, message=f"{len(added)} teams drawn: " + "; ".join(t.name for t in added) + "."))
        except EventError as error:
            db.session.rollback()
            form.names.errors = [error.message]
    return page("teams/_checkin.html", status=422, **checkin_context(event, draw_form=form))


def _team(event: TeamEvent, team_id: int) -> EventTeam:
    team = db.session.get(EventTeam, team_id)
    if team is None or team.event_id != event.id:
        abort(404)
    return team


@bp.post("/<slug>/teams/<int:team_id>/withdraw")
def withdraw(slug: str, team_id: int):
    event = _director_event(slug)
    team = _team(event, team_id)
    try:
        service.withdraw(event, team)
        db.session.commit()
        message = f"{team.name} withdrew: not paired after round {team.withdrawn_after}." \
            if team.withdrawn_after else f"{team.name} withdrew before play."
        return page("teams/_checkin.html", **checkin_context(event, message=message))
    except EventError as error:
        db.session.rollback()
        return page("teams/_checkin.html", status=409, **checkin_context(event, message=error.message))


# -- the dashboard ------------------------------------------------------------------------------------
def dashboard_context(event: TeamEvent, message: str | None = None) -> dict[str, Any]:
    service.ring_if_timer_due(event)
    games = service.games_of(event, event.current_round) if event.current_round else []
    codes = {t.number: t.code for t in event.tables}
    byes = [b for b in service.byes_of(event) if b.round == event.current_round]
    by_id = {t.id: t for t in event.teams}
    playing = service.active_teams(event, service.next_playable_round(event))
    return {"event": event, "games": games, "codes": codes, "done": sum(1 for g in games if g.done),
            "byes": [by_id[b.team_id].name for b in byes], "teams": event.teams, "playing": len(playing),
            "estimate": service.event_estimate(event, len(playing)), "format_words": service.format_words(event),
            "message": message, "poll_url": url_for("teams.live", slug=event.slug), "poll_tag": _tag(event),
            "poll_seconds": poll_seconds(), "poll_target": "#dashboard"}


def _tag(event: TeamEvent) -> str:
    return f"e{event.id}-{event.version}"


@bp.get("/<slug>")
def dashboard(slug: str):
    event = access.get_event(slug)
    if not access.is_director(event):
        return redirect(url_for("teams.login", slug=slug, next=request.path), 303)
    return page("teams/_dashboard.html", **dashboard_context(event))


@bp.get("/<slug>/live")
def live(slug: str):
    """The dashboard's poll: a 304 while nothing changed."""
    event = _director_event(slug)
    service.ring_if_timer_due(event)
    return poll_answer(_tag(event), lambda: page("teams/_dashboard.html", **dashboard_context(event))[0])


def _act(event: TeamEvent, step) -> Any:
    """Take one of the director's steps. htmx gets the dashboard redrawn; a plain form post is sent back
    to the dashboard (so a reload does not post the step again), unless the step was refused."""
    try:
        step()
        db.session.commit()
        message = None
    except EventError as error:
        db.session.rollback()
        message = error.message
    if not htmx and message is None:
        return go(url_for("teams.dashboard", slug=event.slug))
    db.session.refresh(event)
    return page("teams/_dashboard.html", status=409 if message else 200, **dashboard_context(event, message))


@bp.post("/<slug>/start")
def start(slug: str):
    event = _director_event(slug)
    return _act(event, lambda: service.start_event(event))


@bp.post("/<slug>/bell")
def bell(slug: str):
    event = _director_event(slug)
    return _act(event, lambda: service.ring_bell(event))


@bp.post("/<slug>/next")
def next_round(slug: str):
    """Move on when every table of the round is done (the app does it by itself after the last result)."""
    event = _director_event(slug)

    def step() -> None:
        if not service.round_done(event):
            raise EventError("Some tables have not finished: wait for them, or rule on them.")
        if event.status not in ("rounds", "playoff"):
            raise EventError("No round is being played.")
        service.advance(event, "director")
    return _act(event, step)


# -- rulings and corrections -------------------------------------------------------------------------
def _game(event: TeamEvent, game_id: int) -> EventGame:
    game = db.session.get(EventGame, game_id)
    if game is None or game.event_id != event.id:
        abort(404)
    return game


@bp.route("/<slug>/games/<int:game_id>/ruling", methods=["GET", "POST"])
def ruling(slug: str, game_id: int):
    """The director's result for a table: a ruling while it is unfinished, a correction once done."""
    event = _director_event(slug)
    game = _game(event, game_id)
    form = RulingForm(data={"home_points": game.home_points, "away_points": game.away_points,
                            "home_loners": game.home_loners, "away_loners": game.away_loners})
    if request.method == "POST" and form.validate():
        step = service.correct if game.done else service.rule
        try:
            step(event, game, home_points=form.home_points.data, away_points=form.away_points.data,
                 home_loners=form.home_loners.data or 0, away_loners=form.away_loners.data or 0,
                 cut_winner=form.cut_winner.data, reason=form.reason.data or "")
            db.session.commit()
        except EventError as error:
            db.session.rollback()
            form[error.field or "home_points"].errors = [error.message]
        else:
            service.advance_if_done(event)
            return go(url_for("teams.dashboard", slug=slug))
    status = 422 if request.method == "POST" else 200
    return page("teams/_ruling.html", status=status, event=event, game=game, form=form)


@bp.get("/<slug>/log")
def log(slug: str):
    event = _director_event(slug)
    return page("teams/_log.html", event=event, entries=service.audit_entries(event))


def table_url(code: str) -> str:
    return url_for("event_tables.show", code=code)


def events_for_group(group_id: int) -> list[TeamEvent]:
    return list(db.session.scalars(select(TeamEvent).where(TeamEvent.group_id == group_id)
                                   .order_by(TeamEvent.day.desc())))
