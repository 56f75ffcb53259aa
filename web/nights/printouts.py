"""The night's printouts: the players' tally cards, the table cards (the director's: they carry the
codes) and the results, game by game. Routes of ``screens.bp``."""
from __future__ import annotations

from typing import Any

import segno
from markupsafe import Markup
from sqlalchemy import select

from extensions import db
from models import Night, NightTable
from referee.tournament.seats import PAIR_NAMES, SEAT_NAMES
from web.nights import access
from web.nights.player_page import player_token
from web.nights.screens import bp, screen, standings_context
from web.nights.standings import Sheet, load_sheet, sit_out_words
from web.public_address import public_base, public_url_for


def tally_cards_context(night: Night) -> dict[str, Any]:
    sheet = load_sheet(night)
    last = max(night.games, sheet.started)
    base = public_base()  # each card's QR opens the player's own page, at the address phones reach
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
        url = public_url_for("night_player.show", base, slug=night.slug, player_id=player.id,
                             token=player_token(night, player.id))
        cards.append({"name": player.name, "lines": lines, "left_after": player.left_after,
                      "joined_game": player.joined_game, "url": url,
                      "qr": qr_svg(url, f"QR code for the page of {player.name}") if url else None})
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
