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


def score(value: int) -> str:
    """A score as it is said: a real minus sign for a negative one ("−6", never "-6")."""
    return f"−{-value}" if value < 0 else str(value)


def score_line(values: list[int]) -> str:
    """Running totals read aloud: "42 to −14" for two sides, "6, −6, 4" for more (never "6–-6–4")."""
    words = [score(v) for v in values]
    return " to ".join(words) if len(words) == 2 else ", ".join(words)


def clock(moment: Any) -> str:
    """A timestamp as the venue's local time of day, e.g. "21:05" (the server runs at the venue)."""
    return moment.astimezone().strftime("%H:%M") if moment else ""


def register_filters(app: Flask) -> None:
    app.add_template_filter(clock, "clock")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(score, "score")
    app.add_template_filter(score_line, "score_line")
    app.add_template_filter(bid_label, "bid_label")
    app.add_template_global(SUIT_LABELS, "SUIT_LABELS")
    app.add_template_global(SUIT_NAMES, "SUIT_NAMES")


def night_page(fragment: str, status: int = 200, headers: dict | None = None, **context: Any):
    """A night's page: htmx gets ``fragment``, a browser ``nights/page.html`` wrapped round it."""
    return page_or_fragment("nights/page.html", fragment, status, headers, body=fragment, **context)
