"""One template for both kinds of request: htmx gets the fragment, a browser the whole page."""
from __future__ import annotations

from typing import Any

from flask import Flask, render_template

from extensions import htmx
from forms.common import SUIT_LABELS, SUIT_NAMES, bid_label


def page_or_fragment(page: str, fragment: str, status: int = 200, headers: dict | None = None, **context: Any):
    """``fragment`` for an htmx request, else ``page`` (which includes the same fragment)."""
    body = render_template(fragment if htmx else page, **context)
    return body, status, headers or {}


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")


def running(totals: list[int]) -> str:
    """Running totals for a hand row, "42 to −14": a real minus sign, never "42–-14"."""
    return " to ".join(f"−{-t}" if t < 0 else str(t) for t in totals)


def clock(moment: Any) -> str:
    """A timestamp as the venue's local time of day, e.g. "21:05" (the server runs at the venue)."""
    return moment.astimezone().strftime("%H:%M") if moment else ""


def register_filters(app: Flask) -> None:
    app.add_template_filter(clock, "clock")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(running, "running")
    app.add_template_filter(bid_label, "bid_label")
    app.add_template_global(SUIT_LABELS, "SUIT_LABELS")
    app.add_template_global(SUIT_NAMES, "SUIT_NAMES")


def night_page(fragment: str, status: int = 200, headers: dict | None = None, **context: Any):
    """A night's page: htmx gets ``fragment``, a browser ``nights/page.html`` wrapped round it."""
    return page_or_fragment("nights/page.html", fragment, status, headers, body=fragment, **context)
