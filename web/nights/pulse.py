"""Polling that costs nothing while nothing changes.

A page holds a small poller (``templates/nights/_poller.html``) that asks every few seconds, sending the
state tag it was drawn at (``seen``, or ``If-None-Match``). While the tag is unchanged the answer is an
empty 304, which htmx leaves alone (see the htmx-config in base.html); when it changed, the fresh
fragment replaces the region, poller included.
"""
from __future__ import annotations

from typing import Callable

from flask import current_app, make_response, request


# How often a table's phones ask, by what can happen next. While a game is played, and after the bell
# until the table sends its result, the news is the bell (which must reach every table within 5 s: a poll
# every 4 s, plus the answer) and what the table's own phones enter. Once one pair has sent the result, the
# other pair waits at its phone for it, to confirm: every 3 s. A done table waits for the movement, whose next
# pages reach the tables over ``tables.RELOAD_STAGGER`` (4 s) in any case: polled faster, the last of its
# phones would see its page no sooner. The director's dashboard and the screens show results as they come:
# every 3 s. Once the night is over, nothing more is coming. NIGHT_POLL_SECONDS, when set, is one interval
# for every phase (the tests).
POLL_BY_PHASE = {"playing": 4, "sent": 3, "done": 4, "over": 30, "screen": 3}


def poll_seconds(phase: str = "screen") -> int:
    fixed = current_app.config.get("NIGHT_POLL_SECONDS")
    return fixed if fixed is not None else POLL_BY_PHASE[phase]


def unchanged(tag: str) -> bool:
    # If-None-Match compares weakly (RFC 9110 13.1.2): a compressed answer's tag comes back weak
    return request.args.get("seen") == tag or request.if_none_match.contains_weak(tag)


def seen_tags() -> list[str]:
    """The tags the client says it holds (``seen`` and If-None-Match, weak or not)."""
    return [tag for tag in (request.args.get("seen"), *request.if_none_match.as_set(include_weak=True)) if tag]


def poll_answer(tag: str, render: Callable[[], str], refresh: bool = False):
    """304 when the client already has ``tag``; else the fragment, tagged (``HX-Refresh`` reloads the page
    when the change needs a whole new page, such as the next game)."""
    if unchanged(tag) and not refresh:
        response = make_response("", 304)
    else:
        response = make_response(render())
        if refresh:
            response.headers["HX-Refresh"] = "true"
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-store"
    return response
