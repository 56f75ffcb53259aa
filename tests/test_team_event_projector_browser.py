"""Playwright: a team event's long standings on the projector show one page at a time and turn by
themselves (``static/projector.js``), at 360 px as on the big screen."""
from __future__ import annotations

import pytest

from tests.conftest import Client
from tests.team_helpers import add_teams, create_event

pytestmark = pytest.mark.browser


def test_long_standings_turn_page_by_page(app, page, monkeypatch):
    monkeypatch.setitem(app.config, "PROJECTOR_PAGE_SECONDS", 1)
    director = Client(app.test_client())
    slug = create_event(director, rounds=2)
    add_teams(director, slug, 26)
    director.post(f"/events/{slug}/start")
    page.goto(f"/events/{slug}/screen")
    flags = page.eval_on_selector_all(".proj-page", "pages => pages.map(p => !p.hidden && p.offsetHeight > 0)")
    assert flags == [True, False, False]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.wait_for_function("() => document.querySelector('#standings-pages').dataset.page === '2'", timeout=5_000)
