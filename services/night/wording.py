"""The night's words for a place at the tables and for who took the bell back."""
from __future__ import annotations

from typing import Any

from models import NightSeat
from referee.tournament.seats import SEAT_NAMES


def seat_label(seat: NightSeat | None) -> str:
    return place_label(seat is not None, seat.table if seat else None, seat.seat if seat else None)


def place_label(seated: bool, table: int | None, seat: str | None) -> str:
    if not seated:
        return "not playing"
    if table is None:
        return "sits out"
    return f"table {table}, {SEAT_NAMES[seat]}"

def bell_undone_by(night: Any) -> str | None:
    """Who took the bell back, while it is not rung again: "the director", "table 1"."""
    if night.bell_at is None and night.bell_by and night.bell_by.startswith("undone by "):
        who = night.bell_by.removeprefix("undone by ")
        return "the director" if who == "director" else who
    return None
