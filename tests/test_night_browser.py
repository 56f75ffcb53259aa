"""Playwright at 360x740: a director and two tables, each in its own browser, play a short progressive
night: set up, check in, seat, score at the tables, the head table's bell reaching the other table,
send and confirm, and the next game's seating appearing by itself."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import AccessibilityWatch, save, step, tap
from tests.conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture launches with these)

pytestmark = pytest.mark.browser
J = "night"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@pytest.fixture()
def fast_polls(app):
    """Poll every second, so the test waits less for what a phone sees within a few seconds."""
    before = app.config.get("NIGHT_POLL_SECONDS")
    app.config["NIGHT_POLL_SECONDS"] = 1
    yield
    app.config["NIGHT_POLL_SECONDS"] = before if before is not None else 3


def _phone(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True, base_url=live_server)
    context.set_default_timeout(10_000)
    AccessibilityWatch(context)  # axe-core on every page; finished at the end of the journey
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def test_director_and_two_tables_play_a_short_night(browser, live_server, clean_db, shots, fast_polls):
    phones = [_phone(browser, live_server) for _ in range(3)]
    (_, director, _), (_, head, _), (_, second, _) = phones
    try:
        # the director sets up the night and checks everyone in
        director.goto("/")
        director.click("#run-a-night")
        director.fill("#name", "Thursday <b>euchre</b>")
        director.fill("#games", "2")
        director.fill("#pin", "4821")
        director.fill("#pin_again", "4821")
        shots(director, J, "setup")
        director.click("#create-night")
        director.fill("#names", "\n".join(NAMES))
        director.click("#add-players")
        expect(director.locator("#added")).to_contain_text("Ann, Bo, Cy")
        shots(director, J, "check-in", full_page=True)
        director.get_by_role("link", name="Back to the dashboard").click()
        director.click("#start-night")
        expect(director.locator("#tables .table-row")).to_have_count(2)
        expect(director.locator("h1")).to_have_text("Thursday <b>euchre</b>")  # escaped, shown as typed
        shots(director, J, "dashboard")
        codes = director.locator("#tables .code").all_inner_texts()

        # each table opens its page from its code
        head.goto(f"/t/{codes[0]}")
        second.goto(f"/t/{codes[1]}")
        expect(head.locator(".badge")).to_have_text("Head table")
        expect(second.locator("#table-state")).to_contain_text("Play until the bell")
        shots(head, J, "head-table")

        # a hand at each table: North makes spades at the head table, East hearts at table 2
        tap(head, "maker", 0)
        tap(head, "trump", "S")
        step(head, "tricks", 3)
        save(head, 1)
        tap(second, "maker", 1)
        tap(second, "trump", "H")
        step(second, "tricks", 4)
        save(second, 1)

        # the head table rings the bell; table 2 sees it without reloading
        head.click("#ring-bell")
        expect(head.locator("#table-state")).to_contain_text("The bell has rung")
        expect(second.locator("#table-state")).to_contain_text("The bell has rung", timeout=6_000)
        expect(second.locator(".score-line")).to_contain_text("East–West 1")
        shots(second, J, "bell-at-table-2")
        expect(director.locator("#bell-state")).to_contain_text("The bell rang", timeout=6_000)

        # each table: one pair sends, the other confirms with one tap
        second.click("#send-ns")
        expect(second.locator("#confirm")).to_be_visible()
        shots(second, J, "confirm")
        second.click("#confirm")
        expect(second.locator("#table-state")).to_contain_text("Waiting for the other tables (1 of 2 done)")
        expect(director.locator("#tables-done")).to_have_text("1 of 2", timeout=6_000)
        head.click("#send-ew")
        head.click("#confirm")

        # the next game's seats appear at both tables by themselves
        for page in (head, second):
            expect(page.locator(".night-head")).to_contain_text("Game 2 of 2", timeout=8_000)
            expect(page.locator("#moves")).to_be_visible()
        # the night's own checkboxes (prizes, picks) are bigger; the hand form's switches stay toggles
        expect(second.locator("#f-alone input")).to_have_css("width", "52px")
        shots(second, J, "next-game", full_page=True)

        # the projector views
        director.goto(director.url.rstrip("/") + "/seating")
        expect(director.locator("body")).to_contain_text("Ann")
        shots(director, J, "projector-seating")
        director.goto(director.url.rsplit("/", 1)[0] + "/standings")
        shots(director, J, "standings", full_page=True)
        for context, _page, _errors in phones:
            context.accessibility.finish()
    finally:
        for context, _page, errors in phones:
            context.close()
            assert not errors, errors
