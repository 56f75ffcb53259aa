"""The night's screens: the projector's seating and standings (public, updating themselves), the
printed tally cards, table cards (the director's: they carry the codes) and results, the results as
CSV, the rotation chart, and the director's audit trail.

Every page is one template for both kinds of request (``page_or_fragment``): htmx gets the fragment,
a browser the page wrapped round it. The projector pages poll with a tag of the state they show
(``pulse.poll_answer``): a 304 while nothing changed. The standings are drawn once per change for
every process and poll (``drawings``). The numbers come from ``standings`` (one load of the whole
score sheet); ranking, prizes, ties and sit-out points are the referee's.
"""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any, Callable, NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import segno
from flask import Blueprint, Response, copy_current_request_context, current_app, render_template, url_for
from markupsafe import Markup
from sqlalchemy import select

from extensions import db, htmx
from models import AuditEntry, Night, NightPlayer, NightSeat, NightTable
from models.night import PAIR_NAMES, SEAT_NAMES, STANDINGS_CHANGED
from referee.tournament import prizes as referee_prizes
from referee.tournament.prizes import Tally
from referee.tournament.night import TIE_RULE, chart_for
from referee.tournament.rotation import grade_schedule
from web.nights import access, drawings, service
from web.nights.drawings import fragments
from web.nights.pulse import poll_answer, poll_seconds
from web.nights.standings import Cell, Sheet, load_sheet, sit_out_words, standings_tag, tallies_of
from web.public_address import public_base, public_url_for
from web.render import page_or_fragment

bp = Blueprint("night_screens", __name__, url_prefix="/nights/<slug>")

PAGE = "nights/screens/page.html"
MOVEMENT_NAMES = {"winners": "winners advance, losers split", "chart": "rotation chart"}
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@bp.app_template_global("night_is_director")
def night_is_director(night: Night) -> bool:
    return access.is_director(night)


def screen(fragment: str, title: str, **context: Any):
    """The page (or, for htmx, the fragment) of one screen."""
    return page_or_fragment(PAGE, fragment, screen_fragment=fragment, title=title, **context)


def polled(night: Night, fragment: str, title: str, tag: str, target: str, endpoint: str,
           build: Callable[[], dict[str, Any]]):
    """A projector screen: a 304 while the client has ``tag``; else the fragment (htmx) or the page round
    it, the fragment drawn once per tag."""
    return poll_answer(tag, lambda: framed(night, title, fragments.get_or_draw(
        (fragment, night.id, night.slug, tag), lambda: draw(night, fragment, tag, target, endpoint, build()))))


def draw(night: Night, fragment: str, tag: str, target: str, endpoint: str, context: dict[str, Any]) -> str:
    return render_template(fragment, poll_tag=tag, poll_target=target, poll_seconds=poll_seconds(),
                           poll_url=url_for(endpoint, slug=night.slug), **context)


def framed(night: Night, title: str, html: str) -> str:
    """The fragment for htmx; the page round it for a browser."""
    if htmx:
        return html
    return render_template(PAGE, night=night, title=title, fragment_html=Markup(html))  # noqa: S704


# -- the projector: seating -----------------------------------------------------------------------
def seating_context(night: Night) -> dict[str, Any]:
    game = night.current_game
    entries: list[dict[str, Any]] = []
    if night.status == "playing":
        rows = db.session.execute(
            select(NightPlayer.name, NightSeat.table, NightSeat.seat)
            .join(NightPlayer, NightPlayer.id == NightSeat.player_id)
            .where(NightSeat.night_id == night.id, NightSeat.game == game))
        for name, table, seat in rows:
            where = "sits out" if table is None else f"table {table}, {SEAT_NAMES.get(seat, seat)}"
            entries.append({"name": name, "where": where, "table": table, "seat": SEAT_NAMES.get(seat, seat),
                            "sits_out": table is None})
        entries.sort(key=lambda e: (e["name"].casefold(), e["name"]))
    players = db.session.execute(
        select(NightPlayer.name, NightPlayer.joined_game, NightPlayer.left_after)
        .where(NightPlayer.night_id == night.id)).all()
    waiting = sorted((name for name, joined, left in players
                      if night.status == "playing" and joined > game and left is None), key=str.casefold)
    checked_in = sorted((name for name, _, left in players if left is None), key=str.casefold)
    return {"night": night, "game": game, "entries": entries, "waiting": waiting, "checked_in": checked_in,
            "sit_outs": [e["name"] for e in entries if e["sits_out"]],
            "tables": len({e["table"] for e in entries if e["table"] is not None})}


def seating_tag(night: Night) -> str:
    return f"p{night.id}-{night.version}"


@bp.get("/seating")
def seating(slug: str):
    night = access.get_night(slug)
    service.ring_if_timer_due(night)  # the projector may be the only screen watching when the timer runs out
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


def any_points(sheet: Sheet) -> bool:
    return any(c.points is not None for cells in sheet.cells.values() for c in cells)


def standings_context(night: Night) -> dict[str, Any]:
    sheet = load_sheet(night)
    rows = standing_rows(sheet)
    prize_list = referee_prizes.award_prizes([r.tally for r in rows]) if rows and any_points(sheet) else []
    return {"night": night, "sheet": sheet, "rows": rows, "games": list(range(1, sheet.started + 1)),
            "prizes": prize_list, "prize_rules": referee_prizes.PRIZE_RULES, "tie_rule": TIE_RULE,
            "sit_out_rule": sit_out_words(night), "any_sat_out": any(r.sat_out for r in rows)}


def draw_standings(night: Night) -> str:
    return draw(night, "nights/screens/_standings.html", standings_tag(night), "#night-standings",
                "night_screens.standings", standings_context(night))


@bp.get("/standings")
def standings(slug: str):
    """Drawn once per change for every screen watching (``drawings``): this poll may get the drawing
    of the previous state, and its tag, for the moment a newer one is being drawn."""
    night = access.get_night(slug)
    drawing = drawings.current(night.id, night.slug, "standings", night.standings_version,
                               lambda: draw_standings(night))
    return poll_answer(standings_tag(night, drawing.version), lambda: framed(night, "Standings", drawing.html))


@bp.after_app_request
def redraw_changed_standings(response: Response) -> Response:
    """A request that changed some standings draws them again once its answer has been sent, so the
    phone that sent it does not wait, and the screens polling them do not draw them each."""
    changed = db.session.info.pop(STANDINGS_CHANGED, None)
    if changed and response.status_code < 400:
        response.call_on_close(copy_current_request_context(lambda: redraw_standings(sorted(changed))))
    return response


def redraw_standings(night_ids: list[int]) -> None:
    for night_id in night_ids:
        started = drawings.mark_drawing(night_id, "standings")
        try:
            night = db.session.get(Night, night_id)  # read after the mark: the state to draw is at least this
            version, html = night.standings_version, draw_standings(night)
        except Exception:  # the answer is sent: take the mark back, and the polls draw for themselves
            db.session.rollback()
            drawings.give_up(night_id, "standings", started)
            current_app.logger.exception("Drawing the standings of night %s after a change failed", night_id)
            continue
        drawings.store(night_id, "standings", version, html, started)


# -- print: tally cards, table cards, results ------------------------------------------------------
def tally_cards_context(night: Night) -> dict[str, Any]:
    sheet = load_sheet(night)
    last = max(night.games, sheet.started)
    cards = []
    for player in sorted(sheet.players, key=lambda p: (p.name.casefold(), p.id)):
        lines, running = [], 0
        cells = sheet.cells.get(player.id, [])
        for game in range(1, last + 1):
            cell = cells[game - 1] if game <= len(cells) else None
            if cell is not None and cell.points is not None:
                running += cell.points
            lines.append({"game": game, "cell": cell, "played": cell is not None,
                          "seat": SEAT_NAMES.get(cell.seat, "") if cell is not None and cell.seat else "",
                          "total": running if cell is not None and cell.points is not None else None})
        cards.append({"name": player.name, "lines": lines, "left_after": player.left_after,
                      "joined_game": player.joined_game})
    return {"night": night, "cards": cards, "sit_out_rule": sit_out_words(night)}


@bp.get("/print/tally-cards")
def tally_cards(slug: str):
    night = access.get_night(slug)
    return screen("nights/screens/_tally_cards.html", "Tally cards", **tally_cards_context(night))


def qr_svg(url: str, label: str) -> Markup:
    """A QR code as inline SVG: a viewBox and presentation attributes only (no style attribute, so it
    draws under ``style-src 'self'``); CSS sizes it."""
    svg = segno.make(url, error="m", micro=False).svg_inline(
        omitsize=True, svgclass="qr", lineclass=None, title=label, border=2)
    return Markup(svg)  # noqa: S704 (segno's own markup; the URL is encoded as modules, not text)


def table_cards_context(night: Night) -> dict[str, Any]:
    """The cards, pointing at the address phones open; none when there is no such address (the page
    warns instead of printing cards no phone can open)."""
    base = public_base()
    tables = db.session.scalars(select(NightTable).where(NightTable.night_id == night.id)
                                .order_by(NightTable.number)).all()
    cards = []
    for table in tables if base.url else ():
        url = public_url_for("tables.show", base, code=table.code)
        cards.append({"number": table.number, "code": table.code, "url": url, "head": table.number == 1,
                      "qr": qr_svg(url, f"QR code for table {table.number}")})
    return {"night": night, "cards": cards, "tables": len(tables), "address": base,
            "enter_code_url": public_url_for("tables.enter_code", base)}


@bp.get("/print/table-cards")
def table_cards(slug: str):
    night = access.get_night(slug)
    access.require_director(night)  # the codes are the director's: a card is a table's only key
    return screen("nights/screens/_table_cards.html", "Table cards", **table_cards_context(night))


def game_results(sheet: Sheet) -> list[dict[str, Any]]:
    """Each game's tables: who sat N–S and E–W, the points, the winner and any note."""
    names = sheet.names()
    games = []
    for game in range(1, sheet.started + 1):
        seated: dict[int, dict[str, int]] = {}
        for pid, (table, seat) in sheet.seats.get(game, {}).items():
            if table is not None and seat:
                seated.setdefault(table, {})[seat] = pid
        tables = []
        for row in sheet.table_rows(game):
            at = seated.get(row.table, {})
            pair_names = {pair: " & ".join(names.get(at[s], "?") for s in pair if s in at)
                          for pair in ("NS", "EW")}
            tables.append({"row": row, "ns": pair_names["NS"], "ew": pair_names["EW"],
                           "winner": PAIR_NAMES.get(row.winner, "") if row.done else ""})
        out = sorted((names[pid] for pid, (table, _) in sheet.seats.get(game, {}).items()
                      if table is None and pid in names), key=str.casefold)
        games.append({"game": game, "tables": tables, "sit_outs": out,
                      "sit_out_value": sheet.sit_out_value.get(game)})
    return games


def results_context(night: Night) -> dict[str, Any]:
    context = standings_context(night)
    context["games_results"] = game_results(context["sheet"])
    return context


@bp.get("/print/results")
def results(slug: str):
    night = access.get_night(slug)
    return screen("nights/screens/_results.html", "Results", **results_context(night))


# -- CSV ----------------------------------------------------------------------------------------
def spreadsheet_safe(value: Any) -> Any:
    """Text a spreadsheet would run as a formula (= + - @, or a tab or return first) gets a ' first."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def results_csv_text(night: Night) -> str:
    sheet = load_sheet(night)
    games = range(1, sheet.started + 1)
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(["Rank", "Name", *(f"Game {g}" for g in games), "Total", "Wins", "Loners", "Sat out"])
    for row in standing_rows(sheet):
        points = ["" if c.points is None else c.points for c in row.cells]
        points += [""] * (len(games) - len(points))
        writer.writerow([row.rank, spreadsheet_safe(row.name), *points, row.total, row.wins, row.loners,
                         row.sat_out])
    return out.getvalue()


def csv_filename(night: Night) -> str:
    words = "".join(ch if ch.isalnum() else "-" for ch in night.name.lower()).strip("-")
    words = "-".join(part for part in words.split("-") if part)[:40] or "night"
    if not words.isascii():
        words = "night"
    return f"{words}-{night.day.isoformat()}-results.csv"


@bp.get("/results.csv")
def results_csv(slug: str):
    night = access.get_night(slug)
    body = "\ufeff" + results_csv_text(night)  # the byte-order mark makes spreadsheets read UTF-8 names right
    return Response(body, mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{csv_filename(night)}"', "Cache-Control": "no-store"})


# -- the rotation chart -------------------------------------------------------------------------
def chart_context(night: Night) -> dict[str, Any]:
    context: dict[str, Any] = {"night": night, "movement": MOVEMENT_NAMES.get(night.movement, night.movement),
                               "chart": None, "message": None}
    if night.status == "finished":
        context["message"] = "The night is over: there are no games left to chart."
        return context
    first = service.next_playable_game(night)
    if first > night.games:
        context["message"] = "Every game of the night has been seated: there are no games left to chart."
        return context
    roster = service.roster(night, first)
    if len(roster) < 4:
        context["message"] = (f"A chart needs at least 4 players; {len(roster)} "
                              f"{'is' if len(roster) == 1 else 'are'} checked in for game {first}.")
        return context
    names = {p.id: p.name for p in roster}
    state = night.chart_state
    in_use = bool(night.movement == "chart" and state and set(state.get("roster", [])) == set(names)
                  and state["first_game"] + state["games"] > first)
    if in_use:
        order, start, games = list(state["roster"]), int(state["first_game"]), int(state["games"])
    else:
        order, start, games = [p.id for p in roster], first, night.games - first + 1
    chart = chart_for(len(order), games)
    rounds = []
    for r, tables in enumerate(chart.games):
        rows = [{"table": i + 1, "ns": (names[order[n]], names[order[s]]), "ew": (names[order[e]], names[order[w]])}
                for i, ((n, s), (e, w)) in enumerate(tables)]
        out = sorted((names[order[i]] for i in chart.sit_outs[r]), key=str.casefold)
        rounds.append({"game": start + r, "tables": rows, "sit_outs": out,
                       "played": start + r <= night.current_game})
    quality = quality_words(chart.quality)
    if in_use and start > 1:
        quality.append(change_cost_words(night, start, order, chart))
    context.update(chart=chart, rounds=rounds, in_use=in_use, players=len(order), first_game=start,
                   last_game=start + games - 1, quality=quality)
    return context


def change_cost_words(night: Night, start: int, order: list[int], chart: Any) -> str:
    """What redrawing the chart at game ``start`` (the roster changed) cost: the repeats over the whole
    night, the games played before it and the chart now in use, against the chart's own."""
    played: dict[int, dict[int, dict[str, int]]] = {}
    outs: dict[int, list[int]] = {}
    for seat in db.session.scalars(select(NightSeat).where(NightSeat.night_id == night.id, NightSeat.game < start)):
        if seat.table is None:
            outs.setdefault(seat.game, []).append(seat.player_id)
        else:
            played.setdefault(seat.game, {}).setdefault(seat.table, {})[seat.seat] = seat.player_id
    games = [[((t["N"], t["S"]), (t["E"], t["W"])) for t in played[g].values() if len(t) == 4] for g in sorted(played)]
    sat = [outs.get(g, []) for g in sorted(played)]
    games += [[((order[n], order[s]), (order[e], order[w])) for (n, s), (e, w) in tables] for tables in chart.games]
    sat += [[order[i] for i in out] for out in chart.sit_outs]
    players = {p for tables in games for a, b in tables for p in a + b} | {p for out in sat for p in out}
    whole = grade_schedule(players, games, sat)
    extra_partners = whole.repeat_partners - chart.quality.repeat_partners
    extra_meetings = whole.repeat_opponents - chart.quality.repeat_opponents
    if not extra_partners and not extra_meetings:
        return (f"The roster changed, so this chart starts at game {start}; joined to the games before it, "
                f"it costs no repeat partner and no extra repeat opponent.")
    return (f"The roster changed, so this chart starts at game {start}; joined to the games before it, it "
            f"costs {plural(extra_partners, 'more repeat partnership')} and "
            f"{plural(extra_meetings, 'more meeting')} beyond the second between the same two opponents.")


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def quality_words(q: Any) -> list[str]:
    words = []
    if q.repeat_partners == 0:
        words.append("Partners: nobody partners the same player twice.")
    else:
        words.append(f"Partners: {q.repeat_partners} repeat partnership{'s' if q.repeat_partners != 1 else ''}; "
                     f"at most {q.max_partner_repeats} games with the same partner.")
    if q.max_opponent_meetings <= 1:
        words.append("Opponents: no two players meet as opponents twice.")
    elif q.repeat_opponents == 0:
        words.append("Opponents: no two players meet as opponents more than twice.")
    else:
        words.append(f"Opponents: {q.repeat_opponents} meeting{'s' if q.repeat_opponents != 1 else ''} beyond "
                     f"the second between the same two opponents; two players meet at most "
                     f"{q.max_opponent_meetings} times.")
    if q.sit_outs_max == 0:
        words.append("Sit-outs: everybody plays every game.")
    elif q.sit_outs_min == q.sit_outs_max:
        words.append(f"Sit-outs: everybody sits out {q.sit_outs_max} game{'s' if q.sit_outs_max != 1 else ''}.")
    elif q.sit_outs_max - q.sit_outs_min == 1:
        words.append(f"Sit-outs: as even as they can be; each player sits out {q.sit_outs_min} or "
                     f"{q.sit_outs_max} games.")
    else:
        words.append(f"Sit-outs: each player sits out {q.sit_outs_min} to {q.sit_outs_max} games.")
    if q.partner_optimum:
        words.append("The partner optimum is reached: everybody has a different partner every game.")
    elif q.games > q.players - 1:
        words.append(f"The partner optimum cannot be reached: {q.players} players have only {q.players - 1} "
                     f"possible partners each, for {q.games} games.")
    else:
        words.append("The partner optimum is not reached: some partners repeat.")
    partners, meetings = q.gap()
    if not partners and not meetings:
        words.append(f"Best possible: no chart for {q.players} players over {q.games} "
                     f"game{'s' if q.games != 1 else ''} can have fewer repeats.")
    else:
        gaps = [plural(count, *what) for count, what in (
            (partners, ("repeat partnership",)),
            (meetings, ("repeat meeting of opponents", "repeat meetings of opponents"))) if count]
        words.append(f"Gap to the best possible: {' and '.join(gaps)} above the lower bound (no chart can go "
                     f"below it; it may not be reachable).")
    return words


@bp.get("/chart")
def chart(slug: str):
    night = access.get_night(slug)
    return screen("nights/screens/_chart.html", "Rotation chart", **chart_context(night))


# -- the audit trail ----------------------------------------------------------------------------
ACTIONS = {"created": "Set up", "check-in": "Check-in", "leave": "Left", "return": "Came back",
           "game-start": "Game started", "finished": "Night over", "bell": "Bell", "submit": "Result sent",
           "confirm": "Result confirmed", "reject": "Result not agreed", "close": "Table closed",
           "correct": "Correction", "rename": "Renamed", "games": "Number of games", "bell-undone": "Bell taken back",
           "pin-reset": "PIN changed"}
VALUE_LABELS = {"ns": "N–S", "ew": "E–W", "winner": "winner", "loners": "loners", "status": "status"}
STATUS_WORDS = {"playing": "playing", "submitted": "sent, waiting for the other pair", "done": "done"}


def local_time(at: datetime | None) -> str:
    """hh:mm in the night's time zone (``NIGHT_TIMEZONE``, e.g. "America/Chicago"; else the server's)."""
    if at is None:
        return ""
    zone = current_app.config.get("NIGHT_TIMEZONE")
    try:
        local = at.astimezone(ZoneInfo(zone)) if zone else at.astimezone()
    except (ZoneInfoNotFoundError, ValueError):
        local = at.astimezone()
    return local.strftime("%H:%M")


def _word(key: str, value: Any) -> str:
    if value is None:
        return "—"
    if key == "winner":
        return PAIR_NAMES.get(value, str(value))
    if key == "status":
        return STATUS_WORDS.get(value, str(value))
    if key == "loners" and isinstance(value, dict):
        made = [f"{SEAT_NAMES.get(seat, seat)} {count}" for seat, count in value.items() if count]
        return ", ".join(made) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_word(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _keys(*values: Any) -> list[str]:
    keys = [k for k in VALUE_LABELS if any(isinstance(v, dict) and k in v for v in values)]
    for v in values:
        if isinstance(v, dict):
            keys += [k for k in v if k not in keys]
    return keys


def change_words(old: Any, new: Any) -> list[str]:
    """Readable old → new values: only what changed when both are there."""
    if old is None and new is None:
        return []
    if isinstance(old, dict) or isinstance(new, dict):
        o, n = old if isinstance(old, dict) else {}, new if isinstance(new, dict) else {}
        lines = []
        for key in _keys(o, n):
            label = VALUE_LABELS.get(key, key)
            if old is None:
                lines.append(f"{label}: {_word(key, n.get(key))}")
            elif new is None:
                lines.append(f"{label} was {_word(key, o.get(key))}")
            elif o.get(key) != n.get(key):
                lines.append(f"{label}: {_word(key, o.get(key))} → {_word(key, n.get(key))}")
        return lines
    if old is None:
        return [_word("", new)]
    if new is None:
        return [f"was {_word('', old)}"]
    return [f"{_word('', old)} → {_word('', new)}"]


def audit_context(night: Night) -> dict[str, Any]:
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.night_id == night.id)
                              .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())).all()
    entries = [{"time": local_time(e.at), "iso": e.at.isoformat() if e.at else "", "actor": e.actor,
                "action": ACTIONS.get(e.action, e.action), "detail": e.detail, "changes": change_words(e.old, e.new)}
               for e in rows]
    return {"night": night, "entries": entries}


@bp.get("/audit")
def audit(slug: str):
    night = access.get_night(slug)
    access.require_director(night)
    return screen("nights/screens/_audit.html", "Audit trail", **audit_context(night))
