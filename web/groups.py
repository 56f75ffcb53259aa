"""Groups: friends who play every week. Create one, join it with its link or code, and see its
history, a match's every hand with its chart, stats, the leaderboard and ratings; rename and merge
players; take all the data out (CSV, match documents) and back in.

A group's pages need its code in this browser (``web.access``); there is no listing of groups.
Views stay thin: the forms check, ``web.stats`` adds up, ``web.charts`` draws, ``web.group_io``
exports and imports, and every score is the referee's.
"""
from __future__ import annotations

from datetime import datetime, time, timedelta, timezone
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, abort, current_app, redirect, request, stream_with_context, url_for
from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import aliased, selectinload

from extensions import csrf, db, htmx
from forms.group import (GroupForm, GroupImportForm, HistoryFilterForm, JoinForm, MergeForm, RenameForm,
                         StatsFilterForm, add_error)
from models import Group, Match, MatchSeat, Player
from web import charts, group_io, scoring, stats
from web.access import GroupLocked, grant, granted, require_group
from web.matches import get_match, go, variant_label
from web.render import page_or_fragment

bp = Blueprint("groups", __name__, url_prefix="/groups")

PAGE_SIZE = 25


@bp.app_template_filter("day")
def day(value: datetime) -> str:
    """A match's date, "Thu 6 Mar 2025" (UTC, as stored)."""
    return f"{value:%a} {value.day} {value:%b %Y}"


def _safe_next(url: str | None) -> str | None:
    """Only a path on this site (no scheme, no //host) may be gone back to after joining."""
    if url and url.startswith("/") and not url.startswith("//") and "\\" not in url:
        return url
    return None


# -- no access: ask for the code ------------------------------------------------------------
@bp.app_errorhandler(GroupLocked)
def locked(_error: GroupLocked):
    """403 with the code form; after the code, back to the page that was asked for (a GET).

    htmx does not swap a 403, so it is also told to load the page whole (``HX-Redirect``): the
    asked-for page for a GET, the page the request came from otherwise; either shows this form.
    """
    next_url = _safe_next(request.full_path.rstrip("?")) if request.method == "GET" else None
    headers = {}
    if htmx:
        current = urlsplit(request.headers.get("HX-Current-URL", ""))
        here = _safe_next(current.path + (f"?{current.query}" if current.query else ""))
        headers["HX-Redirect"] = next_url or here or url_for("groups.index")
    return page_or_fragment("groups/locked.html", "groups/_locked.html", status=403, headers=headers,
                            join_form=JoinForm(), next_url=next_url)


# -- the way in: create, join ---------------------------------------------------------------
def _mine() -> list[Group]:
    ids = granted()
    if not ids:
        return []
    groups = {g.id: g for g in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
    return [groups[i] for i in ids if i in groups]


def _index(status: int = 200, create_form: GroupForm | None = None, join_form: JoinForm | None = None):
    return page_or_fragment("groups/index.html", "groups/_index.html", status=status,
                            create_form=create_form or GroupForm(), join_form=join_form or JoinForm(), mine=_mine())


@bp.get("/")
def index():
    return _index()


@bp.post("/")
def create():
    form = GroupForm()
    if not form.validate():
        return _index(422, create_form=form)
    group = Group.create(form.name.data)
    db.session.commit()
    grant(group.id)
    return go(url_for("groups.show", group_id=group.id))


@bp.get("/join/<code>")
def join_link(code: str):
    group = Group.by_code(code)
    if group is None:
        form = JoinForm(data={"code": code})
        add_error(form.code, "This join link is not right: no group has this code. Ask for the link again.")
        return page_or_fragment("groups/locked.html", "groups/_locked.html", status=404, join_form=form,
                                next_url=None)
    grant(group.id)
    return go(url_for("groups.show", group_id=group.id))


@bp.post("/join")
def join():
    form = JoinForm()
    next_url = _safe_next(request.form.get("next"))
    if not form.validate():
        if next_url:
            return page_or_fragment("groups/locked.html", "groups/_locked.html", status=422, join_form=form,
                                    next_url=next_url)
        return _index(422, join_form=form)
    grant(form.group.id)
    return go(next_url or url_for("groups.show", group_id=form.group.id))


# -- the group's home -----------------------------------------------------------------------
def _with_players(query):
    return query.options(selectinload(Match.seats).joinedload(MatchSeat.player))


@bp.get("/<int:group_id>")
def show(group_id: int):
    group = require_group(group_id)
    active = db.session.scalars(_with_players(
        select(Match).where(Match.group_id == group.id, Match.status == "active")
        .order_by(Match.updated_at.desc()).limit(10))).all()
    recent = db.session.scalars(_with_players(
        select(Match).where(Match.group_id == group.id, Match.status == "finished")
        .order_by(Match.created_at.desc(), Match.id.desc()).limit(5))).all()
    total = db.session.scalar(select(func.count()).select_from(Match).where(Match.group_id == group.id))
    return page_or_fragment("groups/show.html", "groups/_show.html", group=group, active=active, recent=recent,
                            total=total, join_url=url_for("groups.join_link", code=group.code, _external=True))


# -- history --------------------------------------------------------------------------------
def _variant_choices(group_id: int) -> list[tuple[str, str]]:
    return sorted(((key, variant_label(key)) for key in stats.variants_played(group_id)), key=lambda c: c[1])


def _player_choices(group_id: int) -> list[tuple[int, str]]:
    return [(p.id, p.name) for p in db.session.scalars(
        select(Player).where(Player.group_id == group_id).order_by(func.lower(Player.name), Player.id))]


def _day_start(day) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.utc)


@bp.get("/<int:group_id>/matches")
def history(group_id: int):
    group = require_group(group_id)
    form = HistoryFilterForm(_variant_choices(group.id), _player_choices(group.id), formdata=request.args)
    status = 200 if form.validate() or not request.args else 422
    query = select(Match).where(Match.group_id == group.id)
    if form.variant_key:
        query = query.where(Match.variant == form.variant_key)
    if form.player_id:
        query = query.where(Match.id.in_(select(MatchSeat.match_id).where(MatchSeat.player_id == form.player_id)))
    since, until = form.dates()
    if since:
        query = query.where(Match.created_at >= _day_start(since))
    if until:
        query = query.where(Match.created_at < _day_start(until + timedelta(days=1)))
    count = db.session.scalar(select(func.count()).select_from(query.subquery()))
    page = min(form.page_number, max(1, -(-count // PAGE_SIZE)))
    matches = db.session.scalars(_with_players(
        query.order_by(Match.created_at.desc(), Match.id.desc()).offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE))).all()
    args = {k: v for k, v in request.args.items() if k in ("variant", "player", "since", "until") and v}
    more = url_for("groups.history", group_id=group.id, page=page + 1, **args) if page * PAGE_SIZE < count else None
    back = url_for("groups.history", group_id=group.id, page=page - 1, **args) if page > 1 else None
    return page_or_fragment("groups/history.html", "groups/_history.html", status=status, group=group, form=form,
                            matches=matches, count=count, page_number=page, more=more, back=back)


# -- one match: every hand, the chart, the rematch --------------------------------------------
def _group_match(group: Group, match_slug: str) -> Match:
    match = get_match(match_slug)
    if match.group_id != group.id:
        abort(404)
    return match


@bp.get("/<int:group_id>/matches/<slug:match_slug>")
def match_record(group_id: int, match_slug: str):
    group = require_group(group_id)
    match = _group_match(group, match_slug)
    board = scoring.board(match)
    result = board.result
    hands = result.get("hands", [])
    start = ([t - d for t, d in zip(hands[0]["totals"], hands[0]["deltas"])] if hands else list(result["totals"]))
    target = None if result.get("countdown") else result.get("target")
    chart = charts.progression(result["sides"], start, [h["totals"] for h in hands], goal=target,
                               goal_label=f"{target} to win" if target else "")
    return page_or_fragment("groups/match.html", "groups/_match.html", group=group, match=match, board=board,
                            rows=group_io.hand_rows(match, result), chart=chart)


# -- stats, leaderboard, ratings --------------------------------------------------------------
def _stats_form(group: Group) -> tuple[StatsFilterForm, int]:
    form = StatsFilterForm(_variant_choices(group.id), formdata=request.args)
    return form, (200 if form.validate() or not request.args else 422)


@bp.get("/<int:group_id>/stats")
def group_stats(group_id: int):
    group = require_group(group_id)
    form, status = _stats_form(group)
    variant = form.variant_key
    keys = [variant] if variant else stats.variants_played(group.id)
    return page_or_fragment("groups/stats.html", "groups/_stats.html", status=status, group=group, form=form,
                            players=stats.players(group.id, variant), pairs=stats.partnerships(group.id, variant),
                            show_pepper=any(scoring.has_pepper_bids(key) for key in keys))


@bp.get("/<int:group_id>/leaderboard")
def leaderboard(group_id: int):
    group = require_group(group_id)
    form, status = _stats_form(group)
    variant = form.variant_key
    ranked, waiting = stats.leaderboard(stats.players(group.id, variant, detail=False), form.minimum)
    return page_or_fragment("groups/leaderboard.html", "groups/_leaderboard.html", status=status, group=group,
                            form=form, ranked=ranked, waiting=waiting, min_games=form.minimum,
                            ratings=stats.ratings(group.id, variant))


# -- players: rename and merge -----------------------------------------------------------------
def _players_page(group: Group, status: int = 200, message: str | None = None, rename: RenameForm | None = None,
                  renaming: int | None = None, merge: MergeForm | None = None):
    played = dict(db.session.execute(
        select(MatchSeat.player_id, func.count()).join(Player, Player.id == MatchSeat.player_id)
        .where(Player.group_id == group.id).group_by(MatchSeat.player_id)).all())
    people = db.session.scalars(select(Player).where(Player.group_id == group.id)
                                .order_by(func.lower(Player.name), Player.id)).all()
    choices = [(p.id, p.name) for p in people]
    return page_or_fragment("groups/players.html", "groups/_players.html", status=status, group=group,
                            people=people, played=played, message=message, rename=rename, renaming=renaming,
                            merge=merge or MergeForm(choices, formdata=None))


def _group_player(group: Group, player_id: int) -> Player:
    player = db.session.get(Player, player_id)
    if player is None or player.group_id != group.id:
        abort(404)
    return player


def _after_change(group: Group, message: str):
    if htmx:
        return _players_page(group, message=message)
    return redirect(url_for("groups.players", group_id=group.id), 303)


@bp.get("/<int:group_id>/players")
def players(group_id: int):
    return _players_page(require_group(group_id))


@bp.post("/<int:group_id>/players/<int:player_id>/rename")
def rename(group_id: int, player_id: int):
    group = require_group(group_id)
    player = _group_player(group, player_id)
    form = RenameForm()
    if form.validate() and form.name.data != player.name:
        taken = db.session.scalar(select(Player).where(Player.group_id == group.id, Player.name == form.name.data))
        if taken is not None:
            add_error(form.name, f"{taken.name} is already a player here. If they are the same person, "
                                 "merge them below.")
    if form.errors:
        return _players_page(group, 422, rename=form, renaming=player.id)
    old = player.name
    player.name = form.name.data
    db.session.commit()
    return _after_change(group, f"{old} is now {player.name}, in every match.")


@bp.post("/<int:group_id>/players/merge")
def merge(group_id: int):
    group = require_group(group_id)
    form = MergeForm(_player_choices(group.id))
    if form.validate():
        keep, other = _group_player(group, form.keep.data), _group_player(group, form.merge.data)
        mine, theirs = aliased(MatchSeat), aliased(MatchSeat)
        shared = db.session.scalar(
            select(func.count()).select_from(mine)
            .where(mine.player_id == keep.id,
                   exists().where(theirs.match_id == mine.match_id, theirs.player_id == other.id)))
        if shared:
            add_error(form.merge, f"{keep.name} and {other.name} sat at the same table in {shared} "
                                  f"match{'es' if shared != 1 else ''}, so they are two people: they cannot be merged.")
    if form.errors:
        return _players_page(group, 422, merge=form)
    db.session.execute(update(MatchSeat).where(MatchSeat.player_id == other.id).values(player_id=keep.id)
                       .execution_options(synchronize_session=False))
    db.session.delete(other)
    db.session.commit()
    return _after_change(group, f"{other.name} is merged into {keep.name}: their matches are {keep.name}'s now.")


# -- data: export and import -----------------------------------------------------------------
@bp.get("/<int:group_id>/data")
def data(group_id: int):
    group = require_group(group_id)
    return page_or_fragment("groups/data.html", "groups/_data.html", group=group, form=GroupImportForm(),
                            report=None)


def _download(body: Any, filename: str, mimetype: str) -> Response:
    return Response(body, 200, {"Content-Type": f"{mimetype}; charset=utf-8",
                                "Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/<int:group_id>/export/matches.csv")
def export_matches_csv(group_id: int):
    group = require_group(group_id)
    return _download(group_io.export_matches_csv(group.id), f"group-{group.id}-matches.csv", "text/csv")


@bp.get("/<int:group_id>/export/hands.csv")
def export_hands_csv(group_id: int):
    group = require_group(group_id)
    return _download(group_io.export_hands_csv(group.id), f"group-{group.id}-hands.csv", "text/csv")


@bp.get("/<int:group_id>/export/matches.jsonl")
def export_jsonl(group_id: int):
    group = require_group(group_id)
    return _download(stream_with_context(group_io.export_jsonl(group.id)), f"group-{group.id}-matches.jsonl",
                     "application/jsonl")


@bp.post("/<int:group_id>/import")
@csrf.exempt  # checked below, once the larger size limit for this one form is set
def import_documents(group_id: int):
    request.max_content_length = group_io.MAX_IMPORT_BYTES
    request.max_form_memory_size = group_io.MAX_IMPORT_BYTES
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    group = require_group(group_id)
    form = GroupImportForm()
    report = None
    if form.validate():
        raw = form.raw()
        if raw is not None:
            report = group_io.import_documents(group.id, raw)
    status = 200 if report is not None and report.imported else 422
    return page_or_fragment("groups/data.html", "groups/_data.html", status=status, group=group, form=form,
                            report=report)
