"""The night's results as CSV, for a spreadsheet. A route of ``screens.bp``."""
from __future__ import annotations

import csv
import io
from flask import Response

from models import Night
from web.nights import access
from web.nights.screens import bp, standing_rows
from web.nights.standings import load_sheet
from web.spreadsheets import spreadsheet_safe

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
