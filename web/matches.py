"""Matches: the new-match flow, the match page, export and import, and the rematch."""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import click
from flask import Blueprint, Response, abort, current_app, g, redirect, request, url_for
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from extensions import db, htmx
from forms import ImportForm, apply_referee_error, match_form
from forms.common import humanize
from models import Hand, Match, Player
from services import new_matches
from web import scoring
from web.access import (NOT_THE_SCORER, GroupLocked, grant_scorer, granted, has_access, may_score, require_member,
                         scored_here, watched_here)
from web.converters import as_id
from web.live import live_context
from web.table_phones import holds_match_table  # a night's or a team event's own grants
from web.render import render_page
from web.scoring import RefereeError

bp = Blueprint("matches", __name__, url_prefix="/matches")


def had_match(match: Match) -> bool:
    """Whether this phone had ``match`` before (scored or watched it, a member of its group, or a phone
    of the night's table that played it): only such a phone is led from an old numeric link."""
    return may_score(match) or match.id in watched_here() or holds_match_table(match)


def check_match(match: Match) -> None:
    """The one guard for a match's own pages: a group match needs the group's code, or (a group night's
    table game) the phone of the table that plays it. Here, not in ``web.access``, because it asks the
    nights' grants too, and ``web.nights.access`` builds on ``web.access``."""
    if match.group_id is not None and not has_access(match.group_id) and not holds_match_table(match):
        raise GroupLocked()


# Every hand saved asks: built once. With its seats and their players, which every match page names and every
# change scores (one round trip, not two).
MATCH_BY_SLUG = select(Match).options(joinedload(Match.seats)).where(Match.slug == bindparam("slug"))


def get_match(match_slug: str) -> Match:
    """The match at its address, for its own pages: 404 when there is none, 403 for a group match without
    the group's code. Looked up once a request (the hands' guard and then its view both ask)."""
    held = g.get("match")
    if held is not None and held.slug == match_slug:
        return held
    match = db.session.execute(MATCH_BY_SLUG, {"slug": match_slug}).unique().scalar_one_or_none()
    if match is None:
        abort(404)
    check_match(match)
    g.match = match  # the session keeps objects only while something refers to them
    return match


DATABASE_INT_MAX = 2**31 - 1  # PostgreSQL's integer: a larger id is no match, not a database error


@bp.route("/<int:match_id>", methods=["GET", "POST"])
@bp.route("/<int:match_id>/<path:rest>", methods=["GET", "POST"])
def old_link(match_id: int, rest: str = ""):
    """A match's address from before addresses were random (``/matches/<id>/...``): a phone that had the
    match is sent to its new address (a form sent from a page drawn then goes on with a 307, which keeps
    it); to anyone else this is the plain 404 of a missing match, whether the match exists or not."""
    match = db.session.get(Match, match_id) if match_id <= DATABASE_INT_MAX else None
    if match is None or not had_match(match):
        abort(404)
    if match.table_game is None and not may_score(match):  # a phone that only watched it
        return redirect(url_for("watch.show", watch_slug=match.watch_slug))
    target = url_for("matches.show", match_slug=match.slug) + (f"/{quote(rest)}" if rest else "")
    if request.query_string:
        target += "?" + request.query_string.decode("latin-1")
    return redirect(target, 307 if request.method == "POST" else 302)


def _group_of(value: Any):
    """The group a new match is started in (``?group=`` or the form's hidden field), or None."""
    if value in (None, ""):
        return None
    try:
        return require_member(as_id(value))
    except ValueError:
        abort(404)


def go(url: str, status: int = 303):
    """Redirect: htmx follows ``HX-Redirect``, a browser the 303."""
    if htmx:
        return Response("", 200, {"HX-Redirect": url})
    return redirect(url, status)


# -- new match --------------------------------------------------------------------------------
def _setup_context(variant: Any, n_players: int, form: Any = None, group: Any = None) -> dict[str, Any]:
    placeholder = [f"Seat {s + 1}" for s in range(n_players)]
    sides = scoring.sides_for(variant, placeholder)
    if form is None:
        form = match_form(variant, n_players, sides, data={"group": group.id if group else ""})
    return {
        "group": group,
        "variant": variant,
        "n_players": n_players,
        "form": form,
        "side_labels": sides,
        "partnership": variant.is_partnership(n_players),
        "known": _known_players(group),
        "groups": scoring.variant_groups(),
    }


def _known_players(group: Any) -> list[str]:
    """The names offered one tap away: a group's players; for a one-off match, the players of the matches
    this phone scores and of its groups. Never the players of another phone's matches."""
    if group is not None:
        return Player.known_names(group.id)
    return Player.names_seen(scored_here(), granted())


def _variant_and_count(key: str | None, count: str | None):
    try:
        variant = scoring.get_variant(key or "")
    except RefereeError:
        return None, 0
    try:
        n = int(count) if count else variant.default_players
    except ValueError:
        n = variant.default_players
    if n not in variant.players:
        n = variant.default_players
    return variant, n


@bp.get("/new")
def new():
    group = _group_of(request.args.get("group"))
    variant, n = _variant_and_count(request.args.get("variant"), request.args.get("players"))
    if variant is None:
        return render_page("partials/_new_match.html",
                                variant=None, groups=scoring.variant_groups(), group=group)
    return render_page("partials/_new_match.html", **_setup_context(variant, n, group=group))


@bp.post("/new")
def create():
    group = _group_of(request.form.get("group"))
    variant, n = _variant_and_count(request.form.get("variant"), request.form.get("players"))
    if variant is None:
        return render_page("partials/_new_match.html", status=422, variant=None,
                                groups=scoring.variant_groups(), group=group, error="Choose a game from the list.")
    placeholder = [f"Seat {s + 1}" for s in range(n)]
    form = match_form(variant, n, scoring.sides_for(variant, placeholder), formdata=request.form)
    if form.validate():
        try:
            match = new_matches.start_match(
                variant=variant.key, rules=form.rules(), first_dealer=form.first_dealer.data,
                start_totals=form.start_totals(), start_marks=form.start_marks(), names=form.names(),
                group_id=group.id if group else None)
        except RefereeError as error:
            apply_referee_error(form, error, {"first_dealer": "first_dealer", "start_totals": "start_0",
                                              "start_marks": "start_mark_0", "players": "name_0"})
        else:
            grant_scorer(match)
            return go(url_for("matches.show", match_slug=match.slug))
    return render_page("partials/_new_match.html", status=422,
                            **_setup_context(variant, n, form, group=group))


# -- the match page ---------------------------------------------------------------------------
@bp.get("/<slug:match_slug>")
def show(match_slug: str):
    match = get_match(match_slug)
    if match.at_an_event and not holds_match_table(match):
        # a night's or a team event's table game is scored at its table: anyone else follows it read-only,
        # rather than being shown a hand form that would refuse every hand
        return go(url_for("watch.show", watch_slug=match.watch_slug), 302)
    if not match.at_an_event:  # the scorer's link: opening it lets this phone score the match
        grant_scorer(match)
    editing = None
    if request.args.get("edit"):
        editing = db.session.get(Hand, request.args.get("edit", type=as_id) or 0)
        if editing is None or editing.match_id != match.id:
            editing = None
    return render_page("match.html", **live_context(match, editing=editing))


@bp.get("/<slug:match_slug>/export.json")
def export(match_slug: str):
    match = get_match(match_slug)
    body = json.dumps(match.document(), indent=2, ensure_ascii=False) + "\n"
    filename = f"match-{match.id}-{match.variant}.json"
    return Response(body, 200, {"Content-Type": "application/json; charset=utf-8",
                                "Content-Disposition": f'attachment; filename="{filename}"'})


@bp.post("/<slug:match_slug>/rematch")
def rematch(match_slug: str):
    old = get_match(match_slug)
    if old.at_an_event:
        abort(403, description="An event's game has no rematch: the event seats the next game.")
    if not may_score(old):
        abort(403, description=NOT_THE_SCORER)
    match = new_matches.rematch(old)
    grant_scorer(match)
    return go(url_for("matches.show", match_slug=match.slug))


@bp.cli.command("links")
@click.argument("match_id", type=int)
def links_command(match_id: int) -> None:
    """Print the scorer's link and the read-only link of match MATCH_ID (the number of its old address),
    for a phone that lost them: a phone keeps no record of the matches it opened before addresses were
    random."""
    match = db.session.get(Match, match_id) if match_id <= DATABASE_INT_MAX else None
    if match is None:
        raise click.ClickException(f"There is no match {match_id}.")
    with current_app.test_request_context():
        click.echo(f"Scorer's link:  {url_for('matches.show', match_slug=match.slug)}")
        click.echo(f"Read-only link: {url_for('watch.show', watch_slug=match.watch_slug)}")


# -- import -----------------------------------------------------------------------------------
@bp.get("/import")
def import_form():
    return render_page("partials/_import.html", form=ImportForm())


@bp.post("/import")
def import_match():
    form = ImportForm()
    doc = form.parsed() if form.validate() else None
    if doc is not None:
        problem = new_matches.import_problem(doc)
        target = form.file if form.file.data else form.document
        if problem:
            target.errors = list(target.errors) + [problem]
        else:
            try:
                match = new_matches.store_document(doc)
            except RefereeError as error:
                where = f"Hand {error.hand + 1}: " if error.hand is not None else ""
                target.errors = list(target.errors) + [where + error.message]
            else:
                grant_scorer(match)
                return go(url_for("matches.show", match_slug=match.slug))
    return render_page("partials/_import.html", status=422, form=form)


def variant_label(key: str) -> str:
    try:
        return scoring.get_variant(key).name
    except RefereeError:
        return humanize(key)


@bp.app_template_global()
def variant_name(key: str) -> str:
    return variant_label(key)
