"""A page for each player of a night: their seat now, where to go when the next game is seated, their
tally game by game and their place in the standings. It updates itself like the table pages
(``pulse.poll_answer``) and only reads: it carries no table's code and grants nothing, so its holder can
write no table.

Each player's address carries a token made from the app's secret (an HMAC of the night and the player),
so the pages cannot be walked by counting ids; the seating screen links each name to its page, and the
tally card prints it as a QR code.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from flask import Blueprint, abort, current_app, render_template, url_for
from sqlalchemy import select

from extensions import db, htmx
from models import Night, NightPlayer
from referee.tournament.seats import SEAT_NAMES
from referee.tournament.prizes import standings
from web.nights import access
from web.nights.pulse import poll_answer, poll_seconds
from web.nights.standings import Cell, load_sheet, tallies_of

bp = Blueprint("night_player", __name__, url_prefix="/nights/<slug>/me")

TOKEN_LENGTH = 16  # 80 bits


def player_token(night: Night, player_id: int) -> str:
    key = str(current_app.secret_key or "").encode()
    digest = hmac.new(key, f"night-player:{night.id}:{night.seed}:{player_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:TOKEN_LENGTH]


def player_url(night: Night, player_id: int, **kwargs: Any) -> str:
    return url_for("night_player.show", slug=night.slug, player_id=player_id, token=player_token(night, player_id),
                   **kwargs)


def short_place(cell: Cell) -> str:
    """A tally line's place, short enough for a phone's width: "3 North", "out", or "–"."""
    if not cell.seated:
        return "–"
    return "out" if cell.table is None else f"{cell.table} {SEAT_NAMES[cell.seat]}"


def move_words(before: Cell | None, now: Cell) -> str:
    """Where to go for the game ``now``, from where the player sat the game before."""
    if now.table is None:
        return "You sit out this game."
    where = f"table {now.table}, the {SEAT_NAMES[now.seat]} seat"
    if before is None or not before.seated or before.table is None:
        return f"Go to {where}."
    if before.table == now.table:
        return (f"Stay at table {now.table}, in the {SEAT_NAMES[now.seat]} seat." if before.seat == now.seat
                else f"Stay at table {now.table}; move to the {SEAT_NAMES[now.seat]} seat.")
    return f"Move from table {before.table} to {where}."


def player_context(night: Night, player: NightPlayer) -> dict[str, Any]:
    sheet = load_sheet(night)
    cells = sheet.cells.get(player.id, [])
    game = night.current_game
    now = cells[game - 1] if 0 < game <= len(cells) else None
    before = cells[game - 2] if 1 < game <= len(cells) + 1 else None
    lines, running = [], 0
    for cell in cells:
        if cell.points is not None:
            running += cell.points
        lines.append({"game": cell.game, "where": short_place(cell), "partner": cell.partner,
                      "opponents": cell.opponents, "points": cell.points, "won": cell.won, "loners": cell.loners,
                      "total": running if cell.points is not None else None, "seated": cell.seated,
                      "pending": cell.pending})
    scored = any(c.points is not None for cells in sheet.cells.values() for c in cells)
    ranked = standings(tallies_of(sheet)) if scored else []
    mine = next((s for s in ranked if s.tally.player == player.id), None)
    table_done = (now is not None and now.table is not None and (game, now.table) in sheet.tables
                  and sheet.tables[(game, now.table)].done)
    return {"night": night, "player": player, "game": game, "now": now, "lines": lines,
            "move": move_words(before, now) if now is not None and now.seated and night.status == "playing" else None,
            "table_done": table_done, "standing": mine, "of": len(ranked)}


def _tag(night: Night, player: NightPlayer) -> str:
    return f"me{night.id}-{player.id}-{night.version}-{night.standings_version}"


@bp.get("/<int:player_id>/<token>")
def show(slug: str, player_id: int, token: str):
    night = access.get_night(slug)
    if not hmac.compare_digest(token.encode(), player_token(night, player_id).encode()):
        abort(404)
    player = db.session.scalar(select(NightPlayer).where(NightPlayer.id == player_id,
                                                         NightPlayer.night_id == night.id))
    if player is None:
        abort(404)

    def render() -> str:
        context = player_context(night, player)
        context.update(poll_url=player_url(night, player.id), poll_tag=_tag(night, player),
                       poll_seconds=poll_seconds(), poll_target="#player-page")
        fragment = "nights/_player.html"
        return render_template(fragment if htmx else "nights/page.html", body=fragment,
                               title=f"{player.name} · {night.name}", **context)
    return poll_answer(_tag(night, player), render)
