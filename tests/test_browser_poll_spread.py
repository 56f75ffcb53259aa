"""Playwright at 360x740: a table's page starts its poller at a random moment within its first interval
(static/app.js), so that the phones of a big night, which all get their next game's page together, do not
poll in step for the whole game. Math.random is pinned, so the moment is known."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture launches with these)
from tests.night_helpers import night_data
from tests.server_helpers import Phone

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bo", "Cy", "Di"]


def _table_code(app, slug: str) -> str:
    from extensions import db
    from models import Night

    with app.app_context():
        return db.session.query(Night).filter_by(slug=slug).one().tables[0].code


def test_a_table_page_polls_first_at_its_random_moment_then_at_its_interval(browser, live_server, app, clean_db,
                                                                              monkeypatch):
    # every 4 s, as while a game is played: a first poll at the end of the interval would come 4 s after the page
    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 4)
    director = Phone(live_server)
    director.get("/nights/new")
    status, headers, _ = director.post("/nights/new", night_data(games="2", name="Spread"), htmx=False)
    slug = re.search(r"/nights/([^/]+)/players", headers["Location"]).group(1)
    director.get(f"/nights/{slug}/players")
    assert director.post(f"/nights/{slug}/players", {"names": "\n".join(NAMES)})[0] == 200
    assert director.post(f"/nights/{slug}/start", {}, htmx=False)[0] == 303
    code = _table_code(app, slug)

    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server)
    context.add_init_script("Math.random = function () { return 0.25; };")  # a quarter of the interval: 1 s
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        polls: list[float] = []
        page.on("request", lambda request: polls.append(time.monotonic()) if "/pulse" in request.url else None)
        page.goto(f"/t/{code}")
        loaded = time.monotonic()
        expect(page.locator(".poller")).to_have_attribute("hx-trigger", "spread, every 4s", timeout=3_000)
        page.wait_for_timeout(5_800)
        assert errors == []
        assert polls, "the page polled"
        assert polls[0] - loaded < 2.5, "the first poll at its random moment (1 s), not after a whole interval (4 s)"
        assert len(polls) == 2 and 3.5 < polls[1] - polls[0] < 4.8, "then every 4 s"
        assert not page.locator(".poller[data-poll-spread]").count()
    finally:
        context.close()
