"""A table's page, opened from its card (QR code or 7-character code): who sits where, the scoresheet
(the same hand form as any match), the bell, and sending and confirming the game's result.

Opening the page lets this phone write this table's current game, and nothing else
(``web.table_phones.may_write_match``). Every code in a URL is looked up through ``access.find_table``, which
counts a stranger's guesses. The status region polls cheaply (``pulse``) so the bell reaches every
table within a few seconds, and its answer brings the next game's page once that game is seated.
"""
from __future__ import annotations

import math
import re
import secrets
import time
from datetime import datetime, timedelta
from typing import Any, Callable, NamedTuple

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, session, url_for
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from extensions import commit_keeping_what_was_read, db, htmx
from forms.night import GameTotalForm, SubmitForm
from models import Match, Night, NightTable, TableGame
from models.base import utcnow
from referee.tournament.seats import PAIR_NAMES, SEAT_NAMES, SEATS
from referee.tournament.night import TIE_RULE
from web import shared_drawings
from web.live import UNDONE
from web.matches import go, live_context
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import table_game, wording as night_wording
from services.night.errors import NightError
from services.scoresheet import score_kept
from web.nights import access
from web.fragment_cache import FragmentCache
from web.nights.pulse import poll_answer, poll_seconds, seen_tags
from web.render import night_page

bp = Blueprint("tables", __name__, url_prefix="/t")


@bp.get("/")
def enter_code():
    typed = (request.args.get("code") or "").strip()  # shown back as typed
    if access.normal_code(typed):
        try:
            table = access.find_table(typed)
        except access.TooManyCodes as refused:
            return too_many_codes(refused, typed)
        if table is not None:
            return redirect(url_for("tables.show", code=table.code), 303)
        return night_page("nights/_enter_code.html", status=404, code=typed,
                                error=f"No table has the code {typed}. Check the card on your table.")
    return night_page("nights/_enter_code.html", code="", error=None)


@bp.app_errorhandler(access.TooManyCodes)
def too_many_codes(refused: access.TooManyCodes, code: str = ""):
    """The code form again, with how long to wait (any table route answers this way when throttled)."""
    return night_page("nights/_enter_code.html", status=429, code=code, error=refused.description,
                      headers={"Retry-After": str(int(refused.wait.total_seconds()) + 1)})


# A table's game, with its match and the match's seats (which every use scores or names): built once (see
# ``PULSE_ROW``), asked by every result, page and redrawn region of a table.
TABLE_GAME = (select(TableGame).options(joinedload(TableGame.match).joinedload(Match.seats))
              .where(TableGame.night_id == bindparam("night_id"), TableGame.game == bindparam("game"),
                     TableGame.table == bindparam("table")))


def _current_game(night: Night, table: NightTable) -> TableGame | None:
    """The table's game now, with its match and the match's seats (read with the table, when nothing was
    written since)."""
    if not night.current_game:
        return None
    read, tg = access.game_read_with(table)
    if not read:
        tg = db.session.execute(TABLE_GAME, {"night_id": night.id, "game": night.current_game,
                                             "table": table.number}).unique().scalar_one_or_none()
    if tg is not None:
        set_committed_value(tg.match, "table_game", tg)  # the match page asks whether it is a night's game
    return tg


def _pulse_tag(night: Night, table: NightTable, tg: TableGame | None) -> str:
    return pulse_tag(table.id, night.current_game, night.bell_rung, night.status, night.standings_version,
                     tg.status if tg else None, tg.version if tg else 0, tg.match.version if tg else 0,
                     games=night.games)


# A done table's region shows how many tables are done, which moves with every result confirmed anywhere:
# while results come in, a done table's phones were redrawn at nearly every poll just for that count. So
# the count is brought up to date at most every COUNT_REFRESH (anything else the region shows, at once).
COUNT_REFRESH = timedelta(seconds=15)
DONE = "-done"


def pulse_tag(table_id: int, game: int, bell_rung: bool, night_status: str, standings_version: int,
              tg_status: str | None, tg_version: int, match_version: int, *, games: int = 0) -> str:
    """The state of everything a table's status region shows: the game and the night's number of games,
    the bell, the night's end, this table's result and hands, and, once this table is done, how many
    tables are done (which moves with the standings) and when that count was drawn. Not the night's
    version: another table's result sent, or a player checked in, does not redraw this table's phones."""
    state = f"t{table_id}-{game}of{games}-{int(bell_rung)}{night_status[:1]}-{tg_version}.{match_version}"
    if tg_status != "done":
        return state
    return f"{state}{DONE}{standings_version}-{int(time.time())}"


def held_tag(tag: str, seen_by_phone: list[str] | None = None) -> str | None:
    """The tag the phone holds (``seen_by_phone``, by default this request's), when its region is still up
    to date with ``tag``: the same tag, or a done table's same state with a count that is either current or
    drawn less than COUNT_REFRESH ago."""
    state, done, count = tag.partition(DONE)
    version = count.partition("-")[0]
    for seen in seen_tags() if seen_by_phone is None else seen_by_phone:
        if seen == tag:
            return seen
        seen_state, seen_done, seen_count = seen.partition(DONE)
        if not (done and seen_done and seen_state == state):
            continue
        seen_version, _, drawn = seen_count.partition("-")
        fresh = drawn.isdigit() and time.time() - int(drawn) < COUNT_REFRESH.total_seconds()
        if seen_version == version or fresh:
            return seen
    return None


# After the movement every phone reloads its table's page: 400 pages at once would keep the server busy
# for seconds. Table n's phones wait up to RELOAD_STAGGER after the game starts (by table number, so
# neighbours do not all reload together). A phone that polls before its turn is told when the turn comes
# (POLL_AFTER, in seconds) and asks again then (static/app.js), not at its next interval: the turn and the
# interval do not add up.
RELOAD_STAGGER = timedelta(seconds=4)
RELOAD_SLOTS = 16
POLL_AFTER = "X-Poll-After"
# The bell changes every table's status region at once too: at 1,000 tables, the polls of the first second
# after it each drew their region while the drawing thread was still drawing them ahead, and the server fell
# seconds behind. So table n's phones hear of the bell at a moment of their own within BELL_STAGGER of it, while
# the drawing thread draws the regions in that order (``drawn_ahead``). The moments are the golden ratio's
# multiples (``bell_place``): table 1 at once, table 2 at 0.62 of BELL_STAGGER, table 3 at 0.24..., evenly
# spread for any number of tables, so the phones that hear together, whose polls go on in step, are one
# table's and never a crowd. A phone polls every 4 s while its table plays, and a poll before its table's
# moment asks again then: the bell reaches every table within max(BELL_STAGGER, 4 s) of ringing.
BELL_STAGGER = timedelta(seconds=4)
GOLDEN = (5 ** 0.5 - 1) / 2


def reload_turn_in(table_number: int, game_started_at: datetime | None) -> float | None:
    """The seconds this table's phones keep their page of the last game before their turn to load the next;
    None once the turn has come."""
    return _turn_in(game_started_at, RELOAD_STAGGER * reload_place(table_number))


def bell_turn_in(table_number: int, bell_at: datetime | None) -> float | None:
    """The seconds before this table's phones are told the bell has rung; None once their turn has come (or
    with no bell)."""
    return _turn_in(bell_at, BELL_STAGGER * bell_place(table_number))


def _turn_in(since: datetime | None, after: timedelta) -> float | None:
    if since is None:
        return None
    wait = (since + after - utcnow()).total_seconds()
    return wait if wait > 0 else None


def reload_place(table_number: int) -> float:
    """When this table's phones load the next game's page, as a fraction of RELOAD_STAGGER (0: at once)."""
    return reload_slot(table_number) / RELOAD_SLOTS


def bell_place(table_number: int) -> float:
    """When this table's phones hear of the bell, as a fraction of BELL_STAGGER (0: at once)."""
    return ((table_number - 1) * GOLDEN) % 1.0


def reload_slot(table_number: int) -> int:
    """When, among the RELOAD_SLOTS, this table's phones load the next game's page (0: at once)."""
    return (table_number - 1) % RELOAD_SLOTS


def poll_after(seconds: float) -> str:
    """The ``POLL_AFTER`` header's value: the seconds to the turn, rounded up to a tenth (never early)."""
    return f"{math.ceil(seconds * 10) / 10:.1f}"


# The key in the WSGI environ of the ``PULSE_ROW`` that ``quick_pulse`` read for a poll it hands to the app to
# draw (not an ``HTTP_`` key: no request can set it).
PULSE_ROW_READ = "euchre.pulse_row"

# Every poll of a table's status region starts with this one query of plain columns, by the table's code
# (an index): built once, so that a poll does not pay for building and keying it (see ``quick_pulse``).
_TABLE_STATES = (
    select(NightTable.id.label("table_id"), NightTable.number, Night.id.label("night_id"),
           Night.current_game, Night.games, Night.status,
           Night.standings_version, Night.bell_minutes, Night.bell_at, Night.game_started_at,
           TableGame.status.label("tg_status"), TableGame.version.label("tg_version"),
           Match.version.label("match_version"))
    .join(Night, Night.id == NightTable.night_id)
    .outerjoin(TableGame, (TableGame.night_id == Night.id) & (TableGame.game == Night.current_game)
               & (TableGame.table == NightTable.number))
    .outerjoin(Match, Match.id == TableGame.match_id))
PULSE_ROW = _TABLE_STATES.where(NightTable.code == bindparam("code"))
# The same row of every table of every night being played, with its code (``quick_pulse.TableStates``).
PLAYING_PULSE_ROWS = _TABLE_STATES.add_columns(NightTable.code).where(Night.status == "playing")


class PulseAnswer(NamedTuple):
    """What a poll gets, from its ``PULSE_ROW`` alone: the ``tag`` of the table's state now, and what
    the phone needs (``WAIT``: nothing yet, ``tag`` None, and ``turn_in`` seconds to its turn; ``UNCHANGED``
    with a ``turn_in``: the tag the phone holds, and the seconds to its turn to hear of the bell)."""

    tag: str | None
    needs: str
    turn_in: float | None = None

    def wait_headers(self) -> list[tuple[str, str]]:
        """The header telling a phone waiting for its turn when to ask again."""
        return [(POLL_AFTER, poll_after(self.turn_in))] if self.turn_in is not None else []


# What a table's phones are drawn: its status region, or after the movement its next game's whole page (also
# what ``Night.every_table_changed`` notes, for ``drawn_ahead``).
PAGE, REGION = "page", "region"

UNCHANGED = "unchanged"    # its region is up to date: 304
WAIT = "wait"              # its page is of the last game, and its turn to load the next has not come (``reload_turn_in``)
NEXT_GAME = "next game"    # its page is of the last game: the next game's table page
REDRAW = "redraw"          # its region changed: the region drawn again
HEAR_BELL = "hear the bell"  # its region changed by the bell alone, and its turn to hear it came: drawn again


def light_answer(row: Any, game_asked: int | None, seen: list[str]) -> PulseAnswer | None:
    """What a poll by a phone that holds the table needs, from its ``PULSE_ROW``; None when the bell timer is
    due (the poll rings it, with the night loaded)."""
    if night_bell.bell_timer_due(row):
        return None
    tag = _row_tag(row, bell_rung=row.bell_at is not None)
    if game_asked != row.current_game:
        turn_in = reload_turn_in(row.number, row.game_started_at)
        if turn_in is not None:
            return PulseAnswer(None, WAIT, turn_in)
        return PulseAnswer(tag, NEXT_GAME)
    held = held_tag(tag, seen)
    if held:
        return PulseAnswer(held, UNCHANGED)
    if row.bell_at is not None:
        held = held_tag(_row_tag(row, bell_rung=False), seen)
        if held:  # the bell is the only news: told at the table's turn (ask again then)
            turn_in = bell_turn_in(row.number, row.bell_at)
            return PulseAnswer(held, UNCHANGED, turn_in) if turn_in is not None else PulseAnswer(tag, HEAR_BELL)
    return PulseAnswer(tag, REDRAW)


def _row_tag(row: Any, bell_rung: bool) -> str:
    """The ``pulse_tag`` of a ``PULSE_ROW``, with the bell rung or not."""
    return pulse_tag(row.table_id, row.current_game, bell_rung, row.status, row.standings_version, row.tg_status,
                     row.tg_version or 0, row.match_version or 0, games=row.games)


def newer_than_held(answer: PulseAnswer, row: Any, game_asked: int | None, seen: list[str]) -> bool:
    """Whether ``answer``, from ``row``, brings a state newer than the one the phone holds: the next game (or the
    wait for it), the bell, or a state of the table's game whose versions are all at least the phone's. A poll
    may then be answered from the tables' states kept (``quick_pulse.TableStates``), as if it had come that
    fraction of a second sooner; never with a state older than the phone's own."""
    if answer.needs in (NEXT_GAME, WAIT):
        return game_asked is not None and game_asked < row.current_game
    if answer.needs == HEAR_BELL:
        return True
    if answer.needs != REDRAW or answer.tag is None:
        return False
    now = _versions(answer.tag)
    for tag in seen:
        held = _versions(tag)
        if now and held and now[0] == held[0] and now[1:] != held[1:] and all(
                mine >= theirs for mine, theirs in zip(now[1:], held[1:])):
            return True
    return False


def _versions(tag: str) -> tuple[str, int, int, int] | None:
    """A tag's table and game, its table game's and match's versions, and once the table is done the
    standings' version (-1 before): each only goes up (``pulse_tag``). None for what is not a tag."""
    state, done, count = tag.partition(DONE)
    parts = state.split("-")
    try:
        table_game, (game_version, match_version) = f"{parts[0]}-{parts[1].partition('of')[0]}", parts[3].split(".")
        return table_game, int(game_version), int(match_version), int(count.partition("-")[0]) if done else -1
    except (IndexError, ValueError):
        return None


def drawing_key(answer: PulseAnswer, table_id: int, code: str) -> str:
    """The name of the drawing a poll needs (``shared_drawings``): its status region, or after the movement
    its next game's page, by the state it shows: the table's id and code (an id can come back once its night
    is gone; the drawing holds the code in its links) and its state tag (see ``drawn_state``)."""
    kind = PAGE if answer.needs == NEXT_GAME else REGION
    return f"{kind}-{table_id}-{code}-{drawn_state(answer.tag)}"


def drawn_state(tag: str | None) -> str | None:
    """What a drawing of the state ``tag`` shows. For a done table, its own state and the COUNT_REFRESH
    period its count of tables done was asked in, not that count's version: while results come in the
    count moves several times a second, and the table's four phones, polling at different moments, would
    each have drawn the region again. So the first of them to ask in a period draws it, for all four."""
    if tag is None or DONE not in tag:
        return tag
    state, _, count = tag.partition(DONE)
    asked = count.rpartition("-")[2]
    period = int(asked) // max(1, int(COUNT_REFRESH.total_seconds())) if asked.isdigit() else asked
    return f"{state}{DONE}p{period}"


# A poll whose drawing is not made yet drew it, the table's night, game and seats read for it alone: at 1,000
# tables, after the bell and the movement, the polls drew most tables' drawings while the drawing thread,
# starved of the cores by them, drew the same ones ahead at a fifth of their cost. So while the drawing thread
# draws every table ahead (``drawn_ahead``), a poll whose table's turn came less than WAIT_AHEAD_AT_MOST ago is
# told to ask again in DRAWING_SOON seconds rather than draw, as is one whose drawing another process is making
# now (which it waited for, holding every other phone its worker serves). Past that, a poll draws as before.
WAIT_AHEAD_AT_MOST = timedelta(seconds=1)
DRAWING_SOON = 0.2


def ahead_job(night_id: int, game: int, what: str) -> str:
    """The name under which the drawing thread notes that it draws ``what`` (PAGE or REGION) of every table of
    the night's ``game`` (``shared_drawings.SharedDrawings.begin``)."""
    return f"ahead-{night_id}-{game}-{what}"


def drawing_soon(row: Any, answer: PulseAnswer, key: str, store: Any) -> bool:
    """Whether the poll of the table of ``row`` (a ``PULSE_ROW``), which needs the drawing ``key`` not made yet,
    is to ask again in DRAWING_SOON seconds rather than draw it (see WAIT_AHEAD_AT_MOST)."""
    if store.being_drawn(key):
        return True
    if answer.needs == NEXT_GAME:
        since, turn, what = row.game_started_at, RELOAD_STAGGER * reload_place(row.number), PAGE
    elif answer.needs == HEAR_BELL:
        since, turn, what = row.bell_at, BELL_STAGGER * bell_place(row.number), REGION
    else:
        return False
    return (since is not None and utcnow() < since + turn + WAIT_AHEAD_AT_MOST
            and store.under_way(ahead_job(row.night_id, row.current_game, what)))


# After the movement a phone's poll gets the next game's table page in its answer, put in place of the old
# one by htmx: no second request for the whole page, and one drawing per table shared by its four phones.
NEXT_GAME_HEADERS = (("HX-Retarget", "#table-page"), ("HX-Reswap", "outerHTML"))


def shareable(session: Any) -> bool:
    """Whether the table's page drawn for every phone is this phone's page too: not when it has a hand it
    undid to offer back."""
    return UNDONE not in session


def _light_pulse(code: str) -> Response | None:
    """A poll answered from ``PULSE_ROW`` alone, without loading the table, its night and its game as
    objects; None when something must be drawn (``pulse`` finds it in the shared drawings if it is there)
    or rung. (``quick_pulse`` answers most polls before the request reaches Flask; this is the same answer
    for the polls it leaves to the app, from the row it read when it found nothing drawn to send.)"""
    row = request.environ.get(PULSE_ROW_READ) or db.session.execute(PULSE_ROW, {"code": code}).first()
    if row is None or not access.holds_table_id(row.table_id, row.night_id):
        return None  # a stranger's guess is counted by ``access.find_table``
    answer = light_answer(row, request.args.get("game", type=int), seen_tags())
    if answer is None:
        return None
    if answer.needs == WAIT:  # not yet: keep the old page, and ask again when the turn comes
        return Response(status=304, headers={"Cache-Control": "no-store", **dict(answer.wait_headers())})
    if answer.needs == UNCHANGED:
        response = poll_answer(answer.tag, lambda: "")
        response.headers.extend(answer.wait_headers())  # before its table's turn to hear of the bell
        return response
    if answer.needs == NEXT_GAME and not htmx:
        return poll_answer(answer.tag, lambda: "", refresh=True)
    return None


def _drawn_answer(answer: PulseAnswer, html: str) -> Response:
    if answer.needs != NEXT_GAME:
        return poll_answer(answer.tag, lambda: html)
    response = Response(html, headers={"Cache-Control": "no-store", **dict(NEXT_GAME_HEADERS)})
    response.set_etag(answer.tag)  # the page of another game: sent even when the phone holds this tag
    return response


def _moves(night: Night, table: NightTable) -> list[tuple[str, str]]:
    """Where last game's players at this table sit now."""
    game = night.current_game
    if game < 2:
        return []
    return night_queries.moves_from(night, game, table.number)


NOT_LOADED = object()


def table_phase(night: Night, tg: TableGame | None) -> str:
    """What a table waits for, which sets how often its phones poll (``pulse.POLL_BY_PHASE``): the bell, or
    its own phones, while its game is played and until its result is sent; then the other pair's word on it;
    once its game is done, the movement."""
    if night.status == "finished":
        return "over"
    if tg is not None and tg.done:
        return "done"
    if tg is not None and tg.status == "submitted":
        return "sent"
    return "playing"


def pulse_context(table: NightTable, submit_form: Any = None, message: str | None = None,
                  tg: Any = NOT_LOADED, bell_question: str | None = None,
                  count_as_mark: bool = False) -> dict[str, Any]:
    """The status region's context; ``tg``, the table's current game, when the caller has it already.
    ``count_as_mark``: a done table's count of tables done is left as a mark (see ``uncounted_key``)."""
    night = table.night
    night_bell.ring_if_timer_due(night)
    if tg is NOT_LOADED:
        tg = _current_game(night, table)
    counted = scored = None  # scored: the match as the referee scores it, for the whole page's scoresheet
    if tg is not None and tg.status == "playing":
        kept, refused = score_kept(tg.match)
        counted = table_game.hands_result(tg, kept)
        scored = None if refused else kept  # a refused hand: the scoresheet scores it again to say which and why
    # "n of m tables done" is shown once this table is done: the count is a query, so only then
    done_words = ""
    if tg is not None and tg.done:
        if count_as_mark:
            done_words = shared_drawings.marks(current_app.secret_key).count
        else:
            done_words = tables_done_words(*night_queries.tables_done(night, night.current_game))
    head = table.number == 1
    return {
        "night": night, "table": table, "tg": tg, "counted": counted, "pairs": PAIR_NAMES,
        "head": head, "tie_rule": TIE_RULE, "message": message, "bell_question": bell_question,
        "bell_undone_by": night_wording.bell_undone_by(night),
        "bell_can_undo": head and night.bell_rung and night.bell_by != "timer"
        and tg is not None and tg.status == "playing",
        # the form only for its errors: a region drawn for every phone has none (and making one cost a drawing
        # a sixth of its time)
        "submit_form": submit_form, "send_token": shared_drawings.one_time_token(),
        "tables_done_words": done_words,
        "poll_url": url_for("tables.pulse", code=table.code, game=night.current_game),
        "poll_tag": _pulse_tag(night, table, tg), "poll_seconds": poll_seconds(table_phase(night, tg)),
        "poll_target": "#pulse", "scored": scored,
        # a phone that polled before its table's moment to hear of the bell asks again at that moment
        # (``bell_turn_in``), and its polls would go on in step with it: its poller starts at a random moment
        # of its first interval, as a new page's does
        "poll_spread": night.bell_rung and tg is not None and tg.status == "playing",
    }


def table_context(table: NightTable, **pulse: Any) -> dict[str, Any]:
    context = pulse_context(table, **pulse)
    night, tg = context["night"], context["tg"]
    names: dict[str, str] = {}
    if tg is not None:
        names = night_queries.names_at(night, tg.game, table.number)
        live = live_context(tg.match, result=context["scored"])
        if tg.status != "playing":
            live["form"] = None
        live.pop("message")  # the status region's message, not the scoresheet's
        context.update(live)
    # the whole page: its poller starts at a random moment (every phone gets its next page at once)
    context.update({"names": names, "seat_names": SEAT_NAMES, "seats": SEATS, "moves": _moves(night, table),
                    "poll_spread": True})
    return context


@bp.get("/<code>")
def show(code: str):
    table = access.get_table(code)
    if table.code != code:
        return redirect(url_for("tables.show", code=table.code), 301)
    access.grant_table(table)
    return night_page("nights/_table.html", **table_context(table))


# A table's status region as its polls draw it, by its key: the table's 4 phones ask within a few seconds of
# each change, and get one drawing (``shared_drawings``; the threads of one process also keep the latest here,
# big enough for every table's latest state at the bell of a 1,000-table night).
regions = FragmentCache(size=2048)


@bp.get("/<code>/pulse")
def pulse(code: str):
    answered = _light_pulse(code)
    if answered is not None:
        return answered
    table = access.get_table(code)
    night = table.night
    night_bell.ring_if_timer_due(night)
    tg = _current_game(night, table)
    tag = _pulse_tag(night, table, tg)
    if request.args.get("game", type=int) != night.current_game:  # a page of an earlier game
        if not htmx:
            return poll_answer(tag, lambda: "", refresh=True)
        answer = PulseAnswer(tag, NEXT_GAME)
        if not shareable(session):
            return _drawn_answer(answer, _draw_page(table, tg))
        return _drawn_answer(answer, shared_drawings.fill_for_this_phone(shared_page(table, tg)))
    html = shared_region(table, tg, tag)
    return poll_answer(held_tag(tag) or tag, lambda: shared_drawings.fill_for_this_phone(html))


def shared_page(table: NightTable, tg: TableGame | None) -> str:
    """The table's page of its game now as drawn for every phone (filled in by the caller): drawn once per
    state, by the drawing thread once the game is seated (``drawn_ahead``) or by the first poll to ask."""
    answer = PulseAnswer(_pulse_tag(table.night, table, tg), NEXT_GAME)
    return shared_drawings.store().get_or_draw(drawing_key(answer, table.id, table.code),
                                               _marked(lambda: _draw_page(table, tg)))


def _draw_page(table: NightTable, tg: TableGame | None) -> str:
    return render_template("nights/_table.html", **table_context(table, tg=tg))


def shared_region(table: NightTable, tg: TableGame | None, tag: str | None = None) -> str:
    """The table's status region at state ``tag`` (by default its state now) as drawn for every phone (filled
    in by the caller): drawn once per state by whichever asks first, a poll, the phone whose result changed
    it, or the drawing thread after the bell (``drawn_ahead``)."""
    tag = tag or _pulse_tag(table.night, table, tg)
    key = drawing_key(PulseAnswer(tag, REDRAW), table.id, table.code)
    return regions.get_or_draw(key, lambda: shared_drawings.store().get_or_draw(
        key, lambda: _drawn_region(table, tg, tag)))


def _drawn_region(table: NightTable, tg: TableGame | None, tag: str) -> str:
    """The region at ``tag`` for every phone. A done table's is its drawing without the count (drawn once for
    its state, ``uncounted_key``) with the count of tables done now."""
    if DONE not in tag:
        return _marked(lambda: render_template("nights/_pulse.html", **pulse_context(table, tg=tg)))()
    uncounted = shared_drawings.store().get_or_draw(uncounted_key(table.id, table.code, tag), _marked(
        lambda: render_template("nights/_pulse.html", **pulse_context(table, tg=tg, count_as_mark=True))))
    done, total = night_queries.tables_done(table.night, table.night.current_game)
    return fill_count(uncounted, done, total, current_app.secret_key)


# While results come in, every done table's region is brought up to date once per COUNT_REFRESH period for its
# count of tables done alone: drawn whole each time, through the app, that was about a thousand drawings a
# period at 1,000 tables. It is drawn once per state with a mark where the count goes, and each period's
# drawing is that one with the count filled in (``quick_pulse`` does it with one more read, before Flask).
def uncounted_key(table_id: int, code: str, tag: str) -> str:
    """The name of a done table's region at state ``tag`` drawn with a mark for the count of tables done."""
    return f"region-{table_id}-{code}-{tag.partition(DONE)[0]}{DONE}-uncounted"


def tables_done_words(done: int, total: int) -> str:
    return f"{done} of {total}"


def fill_count(html: str, done: int, total: int, secret_key: str | bytes) -> str:
    """A done table's region drawn without the count (``uncounted_key``), with ``done`` of ``total`` tables."""
    return html.replace(shared_drawings.marks(secret_key).count, tables_done_words(done, total))


def _marked(draw: Callable[[], str]) -> Callable[[], str]:
    """``draw``, for every phone: the phone's own tokens come out as marks (``shared_drawings.fill``)."""
    def drawn() -> str:
        with shared_drawings.marked():
            return draw()
    return drawn


def _table_action(code: str, *, with_hands: bool = False):
    """The table, its night and its current game (``with_hands``: and its hands), for a phone that holds this
    table."""
    table = access.get_table(code, with_hands=with_hands)
    if not (access.holds_table(table) or access.is_director(table.night)):
        abort(403, description="Open this table's page from its card first.")
    return table, table.night, _current_game(table.night, table)


def _after(table: NightTable, message: str | None = None, status: int = 200, submit_form: Any = None,
           bell_question: str | None = None, tg: Any = NOT_LOADED):
    """The status region again (htmx), or the whole table page. ``tg``: the table's current game, when the
    caller has just written it and read the night again."""
    if tg is NOT_LOADED:
        db.session.refresh(table.night)
    shown = {"submit_form": submit_form, "message": message, "bell_question": bell_question}
    if htmx and status == 200 and not any(shown.values()):
        # the region every phone of the table polls for next: drawn once, here, for all four
        night = table.night
        night_bell.ring_if_timer_due(night)
        if tg is NOT_LOADED:
            tg = _current_game(night, table)
        html = shared_region(table, tg)
        return shared_drawings.fill_for_this_phone(html), 200
    if htmx:
        return night_page("nights/_pulse.html", status=status, **pulse_context(table, **shown))
    if message or bell_question:
        return night_page("nights/_table.html", status=status, **table_context(table, **shown))
    return go(url_for("tables.show", code=table.code))


def _actor(table: NightTable, pair: str | None = None) -> str:
    return f"table {table.number}" + (f" {pair[0]}–{pair[1]}" if pair else "")


@bp.post("/<code>/bell")
def bell(code: str):
    table, night, _tg = _table_action(code)
    if table.number != 1:
        return _after(table, "Only the head table (table 1) rings the bell.", 403)
    try:
        night_bell.ring_bell(night, _actor(table), confirmed=request.form.get("confirmed") == "yes")
        db.session.commit()
    except night_bell.BellNeedsConfirmation as question:
        db.session.rollback()
        return _after(table, bell_question=question.message)
    except NightError as error:
        db.session.rollback()
        return _after(table, error.message, 422)
    return _after(table)


@bp.post("/<code>/bell/undo")
def undo_bell(code: str):
    """The head table takes its bell back (the same phones that may ring it)."""
    table, night, _tg = _table_action(code)
    if table.number != 1:
        return _after(table, "Only the head table (table 1) rings the bell, or takes it back.", 403)
    try:
        night_bell.undo_bell(night, _actor(table))
        db.session.commit()
    except NightError as error:
        db.session.rollback()
        return _after(table, error.message, 409)
    return _after(table)


def _run(table: NightTable, night: Night, tg: TableGame | None, step, form: Any = None, **kwargs):
    if tg is None:
        return _after(table, "This table has no game now.", 409)
    try:
        step(night, tg, **kwargs)
        # a table done: is the game over? Asked before the commit (``count_done_before_commit``)
        keep_count = night_queries.count_done_before_commit(night, tg.game) if tg.status == "done" else None
        commit_keeping_what_was_read()  # the table game's UPDATE checked its version
    except NightError as error:
        db.session.rollback()
        if form is not None and error.field and error.field in form:
            form[error.field].errors = list(form[error.field].errors) + [error.message]
            return _after(table, None, 422, submit_form=form)
        return _after(table, error.message, 409)
    if keep_count is not None:
        keep_count()
    game, status = night.current_game, night.status
    if tg.status != "done" or not night_games.advance_if_done(night):
        return _after(table, tg=tg)  # this table, or another, still plays: the game goes on
    db.session.refresh(night)  # the game is over: this result, or another table's meanwhile, seated the next
    if (night.current_game, night.status) != (game, status):
        return _reload(table)  # this result completed the game: the next game's seats are out
    return _after(table, tg=tg)


def _reload(table: NightTable):
    """The whole table page again (htmx reloads it)."""
    if htmx:
        return Response("", 200, {"HX-Refresh": "true"})
    return go(url_for("tables.show", code=table.code))


@bp.post("/<code>/submit")
def submit(code: str):
    table, night, tg = _table_action(code, with_hands=True)
    form = SubmitForm()
    if not form.validate():
        return _after(table, None, 422, submit_form=form)
    return _run(table, night, tg, table_game.submit, form, pair=form.pair.data, actor=_actor(table, form.pair.data),
                cut_winner=form.cut_winner.data or None, token=_send_token())


def _send_token() -> str | None:
    """The idempotency token a result was sent with (the page's, or a phone outbox's); None if unusable."""
    token = request.form.get("token", "")
    return token if re.fullmatch(r"[A-Za-z0-9_-]{8,64}", token) else None


@bp.route("/<code>/total", methods=["GET", "POST"])
def total(code: str):
    table, night, tg = _table_action(code, with_hands=request.method == "POST")
    form = GameTotalForm()
    pair = request.values.get("pair") if request.values.get("pair") in PAIR_NAMES else None
    names = ({s.seat: s.player.name for s in night_queries.seats_of(night, tg.game) if s.table == table.number}
             if tg else {})
    context = {"table": table, "night": night, "tg": tg, "form": form, "pair": pair, "pairs": PAIR_NAMES,
               "tie_rule": TIE_RULE, "message": None, "names": names, "disagrees": None,
               "send_token": _send_token() or secrets.token_urlsafe(16)}
    if request.method == "GET" or tg is None:
        return night_page("nights/_total.html", **context)
    if pair is None:
        context["message"] = "Say which pair is sending the result."
    if not form.validate() or pair is None:
        return night_page("nights/_total.html", status=422, **context)
    totals = (form.ns_points.data, form.ew_points.data)
    try:
        table_game.submit(night, tg, pair=pair, actor=_actor(table, pair), totals=totals, loners=form.loners(),
                          cut_winner=form.cut_winner.data or None,
                          anyway=request.form.get("anyway") == "{}-{}".format(*totals),  # the total that was flagged
                          token=_send_token())
        db.session.commit()
    except table_game.TotalDisagrees as flag:
        db.session.rollback()
        for row in (table, night, tg):  # the page shows them: read again after the rollback
            db.session.refresh(row)
        context["disagrees"] = {"message": flag.message, "totals": "{}-{}".format(*totals)}
        return night_page("nights/_total.html", status=409, **context)
    except NightError as error:
        db.session.rollback()
        for row in (table, night, tg):
            db.session.refresh(row)
        if error.field in form:
            form[error.field].errors = list(form[error.field].errors) + [error.message]
        else:
            context["message"] = error.message
        return night_page("nights/_total.html", status=422, **context)
    return go(url_for("tables.show", code=table.code))


def _pair_from_form() -> str | None:
    pair = request.form.get("pair")
    return pair if pair in PAIR_NAMES else None


def _answer(code: str, step, missing: str):
    """The other pair's answer to a sent result (``pair`` names who answers)."""
    table, night, tg = _table_action(code)
    pair = _pair_from_form()
    if pair is None:
        return _after(table, missing, 422)
    return _run(table, night, tg, step, pair=pair, actor=_actor(table, pair))


@bp.post("/<code>/confirm")
def confirm(code: str):
    return _answer(code, table_game.confirm, "Say which pair is confirming.")


@bp.post("/<code>/reject")
def reject(code: str):
    return _answer(code, table_game.reject, "Say which pair disagrees.")
