"""One page/fragment mechanism (web.render.render_page), and no SQL while a template renders."""
from __future__ import annotations

import re

import pytest
from flask import render_template_string

from tests.app_helpers import create_match
from tests.render_guard import SqlWhileRendering


def main_of(html: str) -> str:
    start = html.index('<main id="main">')
    return html[start:html.index("</main>", start)]


def tokenless(html: str) -> str:
    """The CSRF token and a form's one-time token are drawn afresh for every answer."""
    return re.sub(r'value="[\w.-]{20,}"', 'value=""', html)


@pytest.mark.parametrize("url", ["/", "/matches/new?variant=euchre", "/matches/import", "/rules/", "/rules/euchre",
                                 "/rules/cards", "/groups/", "/nights/new", "/no-such-page"])
def test_htmx_gets_the_pages_own_content(client, url):
    """The fragment is the page's content block, not a second template that could drift from it."""
    page, fragment = client.get(url), client.get(url, htmx=True)
    assert page.status_code == fragment.status_code
    html, part = tokenless(page.get_data(as_text=True)), tokenless(fragment.get_data(as_text=True)).strip()
    assert "<html" in html and "<html" not in part and "<main" not in part
    assert part and part in main_of(html)


def test_a_match_page_and_its_live_region(client):
    slug = create_match(client)
    html = tokenless(client.get(f"/matches/{slug}").get_data(as_text=True))
    live = tokenless(client.get(f"/matches/{slug}", htmx=True).get_data(as_text=True))
    assert live.lstrip().startswith('<div id="live"')
    assert '<h1 class="sr-only">' in html and '<h1 class="sr-only">' not in live
    assert live.strip() in main_of(html)


def test_the_guard_fails_a_lazy_load_while_rendering(app, client):
    """The hook the route tests rely on: a relationship loaded from a template raises, and is kept."""
    from extensions import db
    from tests.app_helpers import stored_match

    slug = create_match(client)
    with app.test_request_context("/"):
        match = stored_match(slug)
        db.session.expire(match, ["seats"])
        with pytest.raises(SqlWhileRendering, match="SQL while rendering"):
            render_template_string("{{ m.players|join(', ') }}", m=match)
        assert len(app.extensions["render_guard"].take()) == 1
        match.players  # the same load in the view is allowed
        assert render_template_string("{{ m.players|join(', ') }}", m=match) == "Ann, Bob, Cy, Di"
        db.session.remove()


def test_a_hand_does_not_load_its_match_behind_a_template(app, client):
    """``Hand.match`` is ``lazy="raise_on_sql"``: a hand is read through its match, which the view loads;
    a hand met alone cannot fetch its match in a template (or anywhere) without saying so."""
    from sqlalchemy import select
    from sqlalchemy.exc import InvalidRequestError

    from extensions import db
    from models import Hand
    from tests.app_helpers import add_hand

    slug = create_match(client)
    assert add_hand(client, slug, maker=1, trump="H", tricks=3).status_code in (200, 303)
    with app.app_context():
        hand = db.session.scalars(select(Hand)).one()
        with pytest.raises(InvalidRequestError, match="raise_on_sql"):
            hand.match
        db.session.remove()


def test_one_clock_and_one_minus_for_every_screen(app):
    """The bell's time on the dashboard and the audit trail's times are one filter in the venue's zone
    (NIGHT_TIMEZONE), and a score change carries a real minus (U+2212)."""
    from datetime import datetime, timezone

    from web.nights.audit_trail import clock as trail_clock
    from web.render import clock

    nine_utc = datetime(2026, 1, 15, 21, 5, tzinfo=timezone.utc)
    with app.app_context():
        app.config["NIGHT_TIMEZONE"] = "America/Chicago"
        try:
            assert clock(nine_utc) == "15:05" and trail_clock is clock
            assert render_template_string("{{ t|clock }}", t=nine_utc) == "15:05"
            app.config["NIGHT_TIMEZONE"] = "Nowhere/Such"  # an unknown zone falls back to the server's
            assert clock(nine_utc) == nine_utc.astimezone().strftime("%H:%M")
        finally:
            app.config.pop("NIGHT_TIMEZONE", None)
        assert render_template_string("{{ -3|signed }} {{ 3|signed }} {{ 0|signed }} {{ -3|score }}") == "−3 +3 ±0 −3"
