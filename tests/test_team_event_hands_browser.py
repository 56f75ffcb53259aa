"""Playwright at 360x740: a table's phone at a team event enters its game hand by hand on the scoresheet the
table's page links, goes back to the table, sends the hands' score, and the other team confirms it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import save, settled, step, tap
from tests.conftest import Client
from tests.team_helpers import add_teams, create_event, table_codes

pytestmark = pytest.mark.browser
J = "teams-hands"


def test_a_table_enters_its_hands_and_sends_their_score(app, browser, live_server, clean_db, shots):
    director = Client(app.test_client())
    slug = create_event(director, rounds=1)
    add_teams(director, slug, 4)  # two tables: the round goes on while table 1 is done
    director.post(f"/events/{slug}/start")
    code = table_codes(director, slug)[0]

    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True, base_url=live_server)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/events/t/{code}")
        page.click("#scoresheet")
        expect(page.locator("#event-table-link")).to_contain_text("Back to table 1")
        # Ann 1 (North, home) orders up spades and her side takes all five: a march, 2.
        tap(page, "maker", 0)
        tap(page, "trump", "S")
        step(page, "tricks", 5)
        save(page, 1)
        # Ann 2 (East, away) goes alone in hearts and is euchred: 2 to the home team.
        tap(page, "maker", 1)
        tap(page, "trump", "H")
        step(page, "tricks", 2)
        save(page, 2)
        shots(page, J, "scoresheet")
        page.click("#event-table-link a")
        expect(page.locator("#hands-count")).to_contain_text("2 hands entered: Team 1 4, Team 2 0.")
        tap(page, "hands-side", "home")
        page.locator("#send-hands").scroll_into_view_if_needed()
        shots(page, J, "send-hands")
        page.click("#send-hands")
        expect(page.locator("#waiting-confirm")).to_contain_text("Team 1 4, Team 2 0")
        settled(page)
        page.click("#confirm")
        expect(page.locator("#done")).to_contain_text("Done: Team 1 4, Team 2 0.")
        assert not errors
    finally:
        context.close()
