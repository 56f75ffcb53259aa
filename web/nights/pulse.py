"""Polling that costs nothing while nothing changes.

A page holds a small poller (``templates/nights/_poller.html``) that asks every few seconds, sending the
state tag it was drawn at (``seen``, or ``If-None-Match``). While the tag is unchanged the answer is an
empty 304, which htmx leaves alone (see the htmx-config in base.html); when it changed, the fresh
fragment replaces the region, poller included.
"""
from __future__ import annotations

from typing import Callable

from flask import current_app, make_response, request


def poll_seconds() -> int:
    return current_app.config.get("NIGHT_POLL_SECONDS", 3)


def unchanged(tag: str) -> bool:
    return request.args.get("seen") == tag or tag in request.if_none_match


def seen_tags() -> list[str]:
    """The tags the client says it holds (``seen`` and If-None-Match)."""
    return [tag for tag in (request.args.get("seen"), *request.if_none_match) if tag]


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
