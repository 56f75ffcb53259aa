"""One template for both kinds of request: a browser gets the whole page, htmx its ``content`` block.

A page template extends ``base.html`` and fills ``{% block content %}`` (base.html puts it in ``<main>``);
``render_page`` renders the whole template, or for an htmx request only that block (jinja2-fragments'
``render_block``), so the fragment is never a second file to keep in step (Contact.app's page that includes
its fragment, without the second file). Such a page may keep a name like ``groups/_show.html``. The view
loads everything the template shows: no SQL runs while a template renders (tests/render_guard.py).
"""
from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Flask, current_app, render_template
from jinja2_fragments.flask import render_block

from extensions import htmx
from forms.common import bid_label
from referee.cards import TRUMP_LABELS, TRUMP_NAMES
from referee.numbers import signed, with_minus

FRAGMENT = "content"


def render_page(template: str, status: int = 200, headers: dict | None = None, *, part: str | None = None,
                **context: Any):
    """The whole of ``template`` for a browser; for htmx its ``content`` block, or ``part``: a smaller
    template the page includes, for a request that swaps only that region."""
    if not htmx:
        body = render_template(template, **context)
    elif part:
        body = render_template(part, **context)
    else:
        body = render_block(template, FRAGMENT, **context)
    return body, status, headers or {}


def change(value: int) -> str:
    """A change of score on screen: "+3", "−2" (a real minus), "±0"."""
    return signed(value, zero="±0")


def score_line(values: list[int]) -> str:
    """Running totals read aloud: "42 to −14" for two sides, "6, −6, 4" for more (never "6–-6–4")."""
    words = [with_minus(v) for v in values]
    return " to ".join(words) if len(words) == 2 else ", ".join(words)


def venue_zone() -> ZoneInfo | None:
    """Where the nights and events are played: ``NIGHT_TIMEZONE`` (e.g. "America/Chicago") when it is set
    and known, else None, the server's own zone (it runs at the venue). A group's evenings are counted in
    the group's own zone instead (web/evenings.py)."""
    name = current_app.config.get("NIGHT_TIMEZONE")
    try:
        return ZoneInfo(name) if name else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def clock(moment: Any) -> str:
    """A timestamp as the venue's time of day, e.g. "21:05": the one clock of every screen."""
    return moment.astimezone(venue_zone()).strftime("%H:%M") if moment else ""


def field_problem(errors: list[str]) -> str:
    """The one message a field shows: the last of its errors, its own rule ("Between 1 and 30 games."),
    where the first may be the general one ("Not a valid integer value.") that says the same less well."""
    return errors[-1] if errors else ""


def register_filters(app: Flask) -> None:
    app.add_template_filter(field_problem, "problem")
    app.add_template_filter(clock, "clock")
    app.add_template_filter(change, "signed")
    app.add_template_filter(with_minus, "score")  # "−6", never "-6"
    app.add_template_filter(score_line, "score_line")
    app.add_template_filter(bid_label, "bid_label")
    app.add_template_global(TRUMP_LABELS, "SUIT_LABELS")
    app.add_template_global(TRUMP_NAMES, "SUIT_NAMES")


def night_page(fragment: str, status: int = 200, headers: dict | None = None, **context: Any):
    """A night's page: ``nights/page.html`` round ``fragment`` (the part htmx gets)."""
    return render_page("nights/page.html", status, headers, part=fragment, body=fragment, **context)
