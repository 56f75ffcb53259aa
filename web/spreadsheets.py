"""The one guard for every CSV the app hands out (a group's matches and hands, a night's results, a team
event's standings): a cell a spreadsheet would run as a formula is written as text."""
from __future__ import annotations

from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """Text a spreadsheet would run as a formula (= + - @, or a tab or return first) gets a ' first; names
    are whatever players typed. Numbers are left as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
