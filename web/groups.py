"""Groups: friends who play every week. Create one, join it with its link or code, and see its
history, a match's every hand with its chart, stats, the leaderboard and ratings; rename and merge
players; take all the data out (CSV, match documents) and back in.

A group's pages need its code in this browser (``web.access``); there is no listing of groups.
Views stay thin: the forms check, ``web.stats`` adds up, ``web.charts`` draws, ``web.group_io``
exports and imports, and every score is the referee's.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, abort, current_app, redirect, request, stream_with_context, url_for
from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import aliased, selectinload

from extensions import csrf, db, htmx
from forms.group import (GroupForm, GroupImportForm, HeadToHeadForm, HistoryFilterForm, JoinForm, MergeForm,
                         RenameForm, SeasonForm, StatsFilterForm, TimeZoneForm, add_error)
from models import Group, Match, MatchSeat, Player, Season
from web import charts, evenings, group_io, scoring, stats
from web import group_admin
from web.access import GroupLocked, grant, grant_view, granted, is_member, require_group, require_member
from web.matches import get_match, go, variant_label
from web.public_address import public_url_for
from web.render import render_page

bp = Blueprint("groups", __name__, url_prefix="/groups")
bp.add_app_template_global(is_member)


@bp.app_template_global()
def evening_day(moment: datetime, group: Group):
    """The evening a match belongs to, in its group's time zone (see web/evenings.py)."""
    return evenings.evening_of(moment, evenings.zone_of(group))

PAGE_SIZE = 25


@bp.app_template_filter("day")
def day(value) -> str:
    """A date, "Thu 6 Mar 2025" (a match's is its evening: ``evening_day``)."""
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
    return render_page("groups/_locked.html", status=403, headers=headers,
                            join_form=JoinForm(), next_url=next_url)


# -- the way in: create, join ---------------------------------------------------------------
def _mine() -> list[Group]:
    ids = granted()
    if not ids:
        return []
    groups = {g.id: g for g in db.session.scalars(select(Group).where(Group.id.in_(ids)))}
    return [groups[i] for i in ids if i in groups]


def _index(status: int = 200, create_form: GroupForm | None = None, join_form: JoinForm | None = None):
    return render_page("groups/_index.html", status=status,
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
    grant(group)
    return go(url_for("groups.show", group_id=group.id))


@bp.get("/join/<code>")
def join_link(code: str):
    group = Group.by_code(code)
    if group is None:
        form = JoinForm(data={"code": code})
        add_error(form.code, "This join link is not right: no group has this code. Ask for the link again.")
        return render_page("groups/_locked.html", status=404, join_form=form,
                                next_url=None)
    grant(group)
    return go(url_for("groups.show", group_id=group.id))


@bp.get("/view/<code>")
def view_link(code: str):
    """The read-only link: the group's pages, for the group chat; it changes nothing and shows no code."""
    group = Group.by_view_code(code)
    if group is None:
        form = JoinForm()
        add_error(form.code, "This link is not right (or the group has replaced it). Ask for the link again.")
        return render_page("groups/_locked.html", status=404, join_form=form,
                                next_url=None)
    grant_view(group)
    return go(url_for("groups.show", group_id=group.id))


@bp.post("/join")
def join():
    form = JoinForm()
    next_url = _safe_next(request.form.get("next"))
    if not form.validate():
        if next_url:
            return render_page("groups/_locked.html", status=422, join_form=form,
                                    next_url=next_url)
        return _index(422, join_form=form)
    grant(form.group)
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
    member = is_member(group)
    return render_page("groups/_show.html", group=group, active=active, recent=recent,
                            total=total, member=member, message=group_admin.flash_message(),
                            zone_form=TimeZoneForm(data={"time_zone": group.time_zone}),
                            join_url=_shared_url("groups.join_link", group.code) if member else None,
                            view_url=_shared_url("groups.view_link", group.view_code) if member else None)


def _shared_url(endpoint: str, code: str) -> str:
    """A link to send to the group: at the address phones can open (see web/public_address.py)."""
    return public_url_for(endpoint, code=code) or url_for(endpoint, code=code, _external=True)


# -- history --------------------------------------------------------------------------------
def _variant_choices(group_id: int) -> list[tuple[str, str]]:
    return sorted(((key, variant_label(key)) for key in stats.variants_played(group_id)), key=lambda c: c[1])


def _player_choices(group_id: int) -> list[tuple[int, str]]:
    return [(p.id, p.name) for p in db.session.scalars(
        select(Player).where(Player.group_id == group_id).order_by(func.lower(Player.name), Player.id))]


def _seasons(group: Group) -> list[Season]:
    return list(db.session.scalars(select(Season).where(Season.group_id == group.id)
                                   .order_by(Season.starts.desc(), Season.id.desc())))


def _span(group: Group, form: StatsFilterForm) -> stats.Span:
    """The evenings a filter asks for: a season's, or the dates chosen (either end open)."""
    season = db.session.get(Season, form.season_id) if form.season_id else None
    if season is not None and season.group_id == group.id:
        return evenings.between(group, season.starts, season.ends)
    since, until = form.dates()
    return evenings.between(group, since, until) if since or until else None


def _season_choices(group: Group) -> list[tuple[int, str]]:
    return [(season.id, season.name) for season in _seasons(group)]


@bp.get("/<int:group_id>/matches")
def history(group_id: int):
    group = require_group(group_id)
    form = HistoryFilterForm(_variant_choices(group.id), _player_choices(group.id), formdata=request.args,
                             seasons=_season_choices(group))
    status = 200 if form.validate() or not request.args else 422
    query = select(Match).where(Match.group_id == group.id, *evenings.within(_span(group, form)))
    if form.variant_key:
        query = query.where(Match.variant == form.variant_key)
    if form.player_id:
        query = query.where(Match.id.in_(select(MatchSeat.match_id).where(MatchSeat.player_id == form.player_id)))
    count = db.session.scalar(select(func.count()).select_from(query.subquery()))
    page = min(form.page_number, max(1, -(-count // PAGE_SIZE)))
    matches = db.session.scalars(_with_players(
        query.order_by(Match.created_at.desc(), Match.id.desc()).offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE))).all()
    args = {k: v for k, v in request.args.items() if k in ("variant", "player", "season", "since", "until") and v}
    more = url_for("groups.history", group_id=group.id, page=page + 1, **args) if page * PAGE_SIZE < count else None
    back = url_for("groups.history", group_id=group.id, page=page - 1, **args) if page > 1 else None
    return render_page("groups/_history.html", status=status, group=group, form=form,
                            matches=matches, count=count, page_number=page, more=more, back=back)


# -- one match: every hand, the chart, the rematch --------------------------------------------
def _group_match(group: Group, match_slug: str) -> Match:
    """One of the group's matches, for its record and its tidying (a viewer of the group may see it too,
    so the match page's own guard is not asked)."""
    match = db.session.scalar(_with_players(select(Match).where(Match.slug == match_slug)))
    if match is None or match.group_id != group.id:
        abort(404)
    return match


@bp.get("/<int:group_id>/matches/<slug:match_slug>")
def match_record(group_id: int, match_slug: str):
    group = require_group(group_id)
    match = _group_match(group, match_slug)
    board = scoring.board(match)
    result = board.result
    hands = result.hands
    start = ([t - d for t, d in zip(hands[0].totals, hands[0].deltas)] if hands else list(result.totals))
    target = None if result.countdown else result.target
    chart = charts.progression(list(result.sides), start, [list(h.totals) for h in hands], goal=target,
                               goal_label=f"{target} to win" if target else "")
    return render_page("groups/_match.html", group=group, match=match, board=board,
                            rows=group_io.hand_rows(match, result), chart=chart, member=is_member(group),
                            directed=match.at_an_event)


# -- tidying the history: delete (and undo), move out, abandon; replace the codes ----------------
def _tidy_match(group: Group, match_slug: str) -> Match:
    """One of the group's own matches, to delete, move out or abandon: not a night's or an event's game,
    which its director settles and the night or event counts on."""
    match = _group_match(group, match_slug)
    if match.at_an_event:
        abort(404)
    return match


def _day_words(match: Match, group: Group) -> str:
    """"Euchre of Thu 6 Mar 2025": the evening the match belongs to, as its own page shows it."""
    return f"{variant_label(match.variant)} of {day(evening_day(match.created_at, group))}"


def _ask_first(group: Group, match: Match | None, question: str, explain: str, button: str):
    """The page that asks before a change: what will happen, and a button that posts to this same address."""
    return render_page("groups/_confirm.html", group=group, match=match,
                            question=question, explain=explain, action=request.path, button=button)


@bp.route("/<int:group_id>/matches/<slug:match_slug>/delete", methods=["GET", "POST"])
def delete_match(group_id: int, match_slug: str):
    """GET asks first (the page says what will go); POST deletes, with an undo for a week."""
    group = require_member(group_id)
    match = _tidy_match(group, match_slug)
    if request.method == "GET":
        return _ask_first(group, match, f"Delete the {_day_words(match, group)}?",
                          "It leaves the history and every stat. You can bring it back from the group's page or "
                          "its Data tab for a week.", "Delete the match")
    words = _day_words(match, group)
    removed = group_admin.remove(group, match)
    group_admin.notify(f"Deleted the {words}.", undo=removed.id)
    return go(url_for("groups.show", group_id=group.id))


@bp.post("/<int:group_id>/removed/<int:removed_id>/restore")
def restore_match(group_id: int, removed_id: int):
    group = require_member(group_id)
    removed = group_admin.find_removed(group, removed_id)
    if removed is None:
        abort(404)
    match = group_admin.restore(group, removed)
    group_admin.notify(f"The {_day_words(match, group)} is back.")
    return go(url_for("groups.show", group_id=group.id))


@bp.route("/<int:group_id>/matches/<slug:match_slug>/move-out", methods=["GET", "POST"])
def move_out(group_id: int, match_slug: str):
    group = require_member(group_id)
    match = _tidy_match(group, match_slug)
    if request.method == "GET":
        return _ask_first(group, match, f"Move the {_day_words(match, group)} out of {group.name}?",
                          "The match is kept, as a match of its own, but it leaves this group's history and stats. "
                          "Only phones that already had it can open it.", "Move it out")
    words = _day_words(match, group)
    group_admin.move_out(match)
    group_admin.notify(f"Moved the {words} out of the group.")
    return go(url_for("groups.show", group_id=group.id))


@bp.post("/<int:group_id>/matches/<slug:match_slug>/abandon")
def abandon(group_id: int, match_slug: str):
    group = require_member(group_id)
    match = _tidy_match(group, match_slug)
    if match.status != "active":
        abort(404)
    group_admin.abandon(match)
    group_admin.notify(f"The {_day_words(match, group)} is marked abandoned: it no longer counts in the stats.")
    return go(url_for("groups.show", group_id=group.id))


@bp.route("/<int:group_id>/codes", methods=["GET", "POST"])
def replace_codes(group_id: int):
    group = require_member(group_id)
    if request.method == "GET":
        return _ask_first(group, None, "Replace the group's code and links?",
                          "Every join link, code and read-only link given out so far stops working, for everyone "
                          "but this phone. Send the new link to the group afterwards.", "Replace them")
    group_admin.replace_codes(group)
    grant(group)
    group_admin.notify("New code and links made: the old ones no longer open the group. Share the new link below.")
    return go(url_for("groups.show", group_id=group.id))


# -- stats, leaderboard, ratings --------------------------------------------------------------
def _stats_form(group: Group) -> tuple[StatsFilterForm, int]:
    form = StatsFilterForm(_variant_choices(group.id), formdata=request.args, seasons=_season_choices(group))
    return form, (200 if form.validate() or not request.args else 422)


@bp.get("/<int:group_id>/stats")
def group_stats(group_id: int):
    group = require_group(group_id)
    form, status = _stats_form(group)
    variant = form.variant_key
    keys = [variant] if variant else stats.variants_played(group.id)
    span = _span(group, form)
    return render_page("groups/_stats.html", status=status, group=group, form=form,
                            players=stats.players(group.id, variant, min_games=form.minimum, span=span),
                            pairs=stats.partnerships(group.id, variant, span=span),
                            show_pepper=any(scoring.has_pepper_bids(key) for key in keys))


@bp.get("/<int:group_id>/leaderboard")
def leaderboard(group_id: int):
    group = require_group(group_id)
    form, status = _stats_form(group)
    variant = form.variant_key
    span = _span(group, form)
    ranked, waiting = stats.leaderboard(stats.players(group.id, variant, detail=False, span=span), form.minimum)
    return render_page("groups/_leaderboard.html", status=status, group=group,
                            form=form, ranked=ranked, waiting=waiting, min_games=form.minimum,
                            ratings=stats.ratings(group.id, variant, span=span))


# -- evenings, seasons, two players --------------------------------------------------------------
EVENINGS_PER_PAGE = 10


@bp.get("/<int:group_id>/evenings")
def group_evenings(group_id: int):
    group = require_group(group_id)
    days = evenings.evening_days(group)
    pages = max(1, -(-len(days) // EVENINGS_PER_PAGE))
    page = min(max(request.args.get("page", 1, type=int) or 1, 1), pages)
    shown = evenings.evenings(group, days[(page - 1) * EVENINGS_PER_PAGE:page * EVENINGS_PER_PAGE])
    more = url_for("groups.group_evenings", group_id=group.id, page=page + 1) if page < pages else None
    back = url_for("groups.group_evenings", group_id=group.id, page=page - 1) if page > 1 else None
    return render_page("groups/_evenings.html", group=group, shown=shown,
                            count=len(days), page_number=page, more=more, back=back)


def _seasons_page(group: Group, form: SeasonForm | None = None, status: int = 200):
    return render_page("groups/_seasons.html", status=status, group=group,
                            seasons=_seasons(group), form=form or SeasonForm(formdata=None),
                            member=is_member(group))


@bp.route("/<int:group_id>/seasons", methods=["GET", "POST"])
def seasons(group_id: int):
    """The group's seasons; a member adds one with the form (POST). One route for both, so an id past the
    database's integer is a plain 404 whatever the method."""
    if request.method == "GET":
        return _seasons_page(require_group(group_id))
    group = require_member(group_id)
    form = SeasonForm()
    if not form.validate():
        return _seasons_page(group, form, 422)
    season = Season(group_id=group.id, name=form.name.data, starts=form.starts.data, ends=form.ends.data,
                    best_of=form.best_of.data)
    db.session.add(season)
    db.session.commit()
    return go(url_for("groups.season", group_id=group.id, season_id=season.id))


def _group_season(group: Group, season_id: int) -> Season:
    season = db.session.get(Season, season_id)
    if season is None or season.group_id != group.id:
        abort(404)
    return season


@bp.get("/<int:group_id>/seasons/<int:season_id>")
def season(group_id: int, season_id: int):
    group = require_group(group_id)
    chosen = _group_season(group, season_id)
    return render_page("groups/_season.html", group=group, season=chosen,
                            lines=evenings.season_standings(group, chosen), member=is_member(group))


@bp.post("/<int:group_id>/seasons/<int:season_id>/delete")
def delete_season(group_id: int, season_id: int):
    group = require_member(group_id)
    db.session.delete(_group_season(group, season_id))
    db.session.commit()
    return go(url_for("groups.seasons", group_id=group.id))


@bp.get("/<int:group_id>/head-to-head")
def head_to_head(group_id: int):
    group = require_group(group_id)
    people = _player_choices(group.id)
    form = HeadToHeadForm(people, formdata=request.args)
    status = 200 if form.validate() or not request.args else 422
    pair = form.pair()
    if pair is None:
        return render_page("groups/_head_to_head.html", status=status, group=group,
                                form=form, pair=None)
    a, b = pair
    forms = [stats.form(group.id, a), stats.form(group.id, b)]
    rated = stats.ratings(group.id).history
    return render_page("groups/_head_to_head.html", status=status, group=group,
                            form=form, pair=pair, forms=forms, meetings=stats.head_to_head(group.id, a, b),
                            rating_chart=charts.over_time([f.name for f in forms], [rated.get(a, []), rated.get(b, [])],
                                                          "rated game", "Rating"),
                            rate_chart=charts.over_time([f.name for f in forms],
                                                        [list(enumerate(f.win_rate_after_each(), 1)) for f in forms],
                                                        "game", "Win rate (%)"))


@bp.post("/<int:group_id>/time-zone")
def set_time_zone(group_id: int):
    group = require_member(group_id)
    form = TimeZoneForm()
    if form.validate():
        group.time_zone = form.time_zone.data
        db.session.commit()
        group_admin.notify(f"Evenings are now counted in {group.time_zone.replace('_', ' ')} time.")
    return go(url_for("groups.show", group_id=group.id))


# -- players: rename and merge -----------------------------------------------------------------
def _players_page(group: Group, status: int = 200, message: str | None = None, rename: RenameForm | None = None,
                  renaming: int | None = None, merge: MergeForm | None = None):
    played = dict(db.session.execute(
        select(MatchSeat.player_id, func.count()).join(Player, Player.id == MatchSeat.player_id)
        .where(Player.group_id == group.id).group_by(MatchSeat.player_id)).all())
    people = db.session.scalars(select(Player).where(Player.group_id == group.id)
                                .order_by(func.lower(Player.name), Player.id)).all()
    choices = [(p.id, p.name) for p in people]
    return render_page("groups/_players.html", status=status, group=group,
                            member=is_member(group), people=people, played=played, message=message,
                            rename=rename, renaming=renaming,
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
    group = require_member(group_id)
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
    group = require_member(group_id)
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
    group = require_member(group_id)
    return render_page("groups/_data.html", group=group, form=GroupImportForm(),
                            report=None, removed=group_admin.recently_removed(group))


def _download(body: Any, filename: str, mimetype: str) -> Response:
    return Response(body, 200, {"Content-Type": f"{mimetype}; charset=utf-8",
                                "Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/<int:group_id>/export/matches.csv")
def export_matches_csv(group_id: int):
    group = require_member(group_id)
    return _download(group_io.export_matches_csv(group), f"group-{group.id}-matches.csv", "text/csv")


@bp.get("/<int:group_id>/export/hands.csv")
def export_hands_csv(group_id: int):
    group = require_member(group_id)
    return _download(group_io.export_hands_csv(group.id), f"group-{group.id}-hands.csv", "text/csv")


@bp.get("/<int:group_id>/export/matches.jsonl")
def export_jsonl(group_id: int):
    group = require_member(group_id)
    return _download(stream_with_context(group_io.export_jsonl(group.id)), f"group-{group.id}-matches.jsonl",
                     "application/jsonl")


@bp.post("/<int:group_id>/import")
@csrf.exempt  # checked below, once the larger size limit for this one form is set
def import_documents(group_id: int):
    # Twice the limit gets as far as the import, which says what the limit is; past that, a 413.
    request.max_content_length = 2 * group_io.MAX_IMPORT_BYTES
    request.max_form_memory_size = 2 * group_io.MAX_IMPORT_BYTES
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()
    group = require_member(group_id)
    form = GroupImportForm()
    report = None
    if form.validate():
        raw = form.raw()
        if raw is not None:
            report = group_io.import_documents(group.id, raw)
    status = 200 if report is not None and report.imported else 422
    return render_page("groups/_data.html", status=status, group=group, form=form,
                            report=report, removed=group_admin.recently_removed(group))
