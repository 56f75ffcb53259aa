"""Matches: the new-match flow, the match page, export and import, and the rematch."""
from __future__ import annotations

import json
import secrets
from typing import Any
from urllib.parse import quote

import click
from flask import Blueprint, Response, abort, current_app, g, redirect, request, url_for
from sqlalchemy import select

from referee import MatchResult

from extensions import db, htmx
from forms import ImportForm, apply_referee_error, match_form
from forms.common import humanize
from models import HAND_KEYS, Hand, Match, MatchSeat, Player
from models.match import MAX_HANDS, START_TOTAL_MAX, parse_played
from models.player import NAME_MAX, UNPRINTABLE_NAME, unprintable
from web import scoring
from web.access import (NOT_THE_SCORER, check_match, grant_scorer, granted, had_match, may_score, require_member,
                         scored_here)
from web.converters import as_id
from web.render import page_or_fragment
from web.scoring import RefereeError

bp = Blueprint("matches", __name__, url_prefix="/matches")


def get_match(match_slug: str) -> Match:
    """The match at its address, for its own pages: 404 when there is none, 403 for a group match without
    the group's code. Looked up once a request (the hands' guard and then its view both ask)."""
    held = g.get("match")
    if held is not None and held.slug == match_slug:
        return held
    match = db.session.scalar(select(Match).where(Match.slug == match_slug))
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
        return page_or_fragment("new_match.html", "partials/_new_match.html",
                                variant=None, groups=scoring.variant_groups(), group=group)
    return page_or_fragment("new_match.html", "partials/_new_match.html", **_setup_context(variant, n, group=group))


@bp.post("/new")
def create():
    group = _group_of(request.form.get("group"))
    variant, n = _variant_and_count(request.form.get("variant"), request.form.get("players"))
    if variant is None:
        return page_or_fragment("new_match.html", "partials/_new_match.html", status=422, variant=None,
                                groups=scoring.variant_groups(), group=group, error="Choose a game from the list.")
    placeholder = [f"Seat {s + 1}" for s in range(n)]
    form = match_form(variant, n, scoring.sides_for(variant, placeholder), formdata=request.form)
    if form.validate():
        group_id = group.id if group else None
        match = Match(variant=variant.key, rules=form.rules(), first_dealer=form.first_dealer.data,
                      start_totals=form.start_totals(), status="active", version=1, group_id=group_id)
        for seat, name in enumerate(form.names()):
            match.seats.append(MatchSeat(seat=seat, player=Player.get_or_create(name, group_id)))
        db.session.add(match)
        db.session.flush()
        try:
            result = scoring.score(match)
        except RefereeError as error:
            db.session.rollback()
            apply_referee_error(form, error, {"first_dealer": "first_dealer", "start_totals": "start_0",
                                              "players": "name_0"})
        else:
            scoring.sync_status(match, result)
            db.session.commit()
            grant_scorer(match)
            return go(url_for("matches.show", match_slug=match.slug))
    return page_or_fragment("new_match.html", "partials/_new_match.html", status=422,
                            **_setup_context(variant, n, form, group=group))


# -- the match page ---------------------------------------------------------------------------
def live_context(match: Match, form: Any = None, editing: Hand | None = None, message: str | None = None,
                 result: dict | None = None) -> dict[str, Any]:
    from web.hands import entry_form, preview_of  # the hand form belongs to the hands blueprint

    board = scoring.board(match, result)
    if form is None and (editing is not None or not board.finished):
        form = entry_form(board, editing)
    context = {"match": match, "board": board, "form": form, "editing": editing, "message": message,
               "share": _share_links(match)}
    if form is not None:
        context.update(preview_of(match, form, editing))
    return context


def _share_links(match: Match) -> dict[str, str] | None:
    """The match's two links, shown on its page: the read-only one to share and the scorer's (this page).
    None for a night's table game, which its table's card opens."""
    if match.table_game is not None:
        return None
    return {"watch": url_for("watch.show", watch_slug=match.watch_slug),
            "scorer": url_for("matches.show", match_slug=match.slug)}


@bp.get("/<slug:match_slug>")
def show(match_slug: str):
    match = get_match(match_slug)
    if match.table_game is None:  # a night's table game is scored by its table's phones (nights.access)
        grant_scorer(match)  # this is the scorer's link: opening it lets this phone score the match
    editing = None
    if request.args.get("edit"):
        editing = db.session.get(Hand, request.args.get("edit", type=as_id) or 0)
        if editing is None or editing.match_id != match.id:
            editing = None
    return page_or_fragment("match.html", "partials/_live.html", **live_context(match, editing=editing))


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
    if old.table_game is not None:
        abort(403, description="A progressive night's game has no rematch: the night seats the next game.")
    if not may_score(old):
        abort(403, description=NOT_THE_SCORER)
    result, _refused = scoring.score_kept(old)
    match = Match(variant=old.variant, rules=dict(old.rules or {}), first_dealer=result.rematch_dealer,
                  status="active", version=1, group_id=old.group_id)
    for seat in old.seats:
        match.seats.append(MatchSeat(seat=seat.seat, player=seat.player))
    db.session.add(match)
    db.session.flush()
    scoring.sync_status(match, scoring.score(match))
    db.session.commit()
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
    return page_or_fragment("import.html", "partials/_import.html", form=ImportForm())


def import_problem(doc: dict) -> str | None:
    """What the app itself cannot store (the referee checks the rest)."""
    if doc.get("format") not in (None, "euchre-match/1"):
        return f"This is not a euchre-match/1 document (its format is {doc.get('format')!r})."
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        return "'players' must be a list of names."
    names = [" ".join(p.split()) for p in players]
    if any(len(p) > NAME_MAX for p in names):
        return f"Player names can be at most {NAME_MAX} letters."
    if any(unprintable(p) for p in names):
        return UNPRINTABLE_NAME
    if len({p.casefold() for p in names}) != len(names):
        return "Each player may sit at the table only once."
    if "played" in doc and parse_played(doc["played"]) is None:
        return "The date it was played is not a date (write it like 2025-03-06 or 2025-03-06T19:30:00Z)."
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        return "'hands' must be a list."
    if len(hands) > MAX_HANDS:
        return f"A match can hold at most {MAX_HANDS} hands; this one has {len(hands):,}."
    starts = doc.get("start_totals")
    if isinstance(starts, list) and any(isinstance(t, (int, float)) and not isinstance(t, bool)
                                        and not -START_TOTAL_MAX <= t <= START_TOTAL_MAX for t in starts):
        return f"Start totals go from -{START_TOTAL_MAX} to {START_TOTAL_MAX}."
    for index, hand in enumerate(hands):
        if isinstance(hand, dict):
            unknown = sorted(set(hand) - set(HAND_KEYS))
            if unknown:
                return f"Hand {index + 1}: this app does not know the key '{unknown[0]}'."
    return None


@bp.post("/import")
def import_match():
    form = ImportForm()
    doc = form.parsed() if form.validate() else None
    if doc is not None:
        problem = import_problem(doc)
        target = form.file if form.file.data else form.document
        if problem:
            target.errors = list(target.errors) + [problem]
        else:
            doc = dict(doc, players=[" ".join(p.split()) for p in doc["players"]])
            try:
                result = scoring.referee.score_match(doc)
            except RefereeError as error:
                where = f"Hand {error.hand + 1}: " if error.hand is not None else ""
                target.errors = list(target.errors) + [where + error.message]
            else:
                match = build_match(doc, result)
                db.session.add(match)
                db.session.commit()
                grant_scorer(match)
                return go(url_for("matches.show", match_slug=match.slug))
    return page_or_fragment("import.html", "partials/_import.html", status=422, form=form)


def build_match(doc: dict, result: MatchResult, group_id: int | None = None) -> Match:
    """A new match (not yet added or committed) from a checked document and the referee's result."""
    match = Match(variant=doc["variant"], rules=dict(doc.get("rules") or {}), group_id=group_id,
                  first_dealer=doc.get("first_dealer", 0), start_totals=doc.get("start_totals"), version=1)
    played = parse_played(doc.get("played"))
    if played is not None:
        match.created_at = match.updated_at = played
    for seat, name in enumerate(doc["players"]):
        match.seats.append(MatchSeat(seat=seat, player=Player.get_or_create(name, group_id)))
    for position, data in enumerate(doc.get("hands", [])):
        hand = Hand(position=position, token=f"import-{secrets.token_urlsafe(12)}")
        hand.set_from_dict(data)
        match.hands.append(hand)
    scoring.sync_status(match, result)
    return match


def variant_label(key: str) -> str:
    try:
        return scoring.get_variant(key).name
    except RefereeError:
        return humanize(key)


@bp.app_template_global()
def variant_name(key: str) -> str:
    return variant_label(key)
