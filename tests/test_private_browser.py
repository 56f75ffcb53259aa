"""Playwright at 360x740: a second phone cannot find or edit a match it was not given, and the read-only
link shows the score changing as the scorer enters hands, with nothing to edit."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.app_helpers import slug_in, stored_match
from tests.browser_helpers import AccessibilityWatch, new_match, save, step, tap, totals

pytestmark = pytest.mark.browser


@pytest.fixture()
def quick_watch(app):
    """The read-only page polls every second (five by default), so the test sees the change soon."""
    app.config["WATCH_POLL_SECONDS"] = 1
    yield
    app.config.pop("WATCH_POLL_SECONDS")


def hand(page, maker: int, trump: str, tricks: int, rows: int) -> None:
    tap(page, "maker", maker)
    tap(page, "trump", trump)
    step(page, "tricks", tricks)
    save(page, rows)


def test_a_second_phone_finds_nothing_and_watches_without_editing(page, browser, live_server, shots, app,
                                                                  quick_watch):
    J = "private"
    new_match(page, None, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    hand(page, maker=1, trump="H", tricks=3, rows=1)  # Bob & Di +1
    slug = slug_in(page.url)
    with app.app_context():
        number = stored_match(slug).id
    page.click("#share summary")
    expect(page.locator("#watch-link")).to_be_visible()
    page.locator("#share").scroll_into_view_if_needed()
    shots(page, J, "share-links")
    watch_url = page.locator("#watch-link").get_attribute("href")

    other = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True,
                                is_mobile=True, base_url=live_server)
    accessibility = AccessibilityWatch(other)
    errors: list[str] = []
    try:
        phone_b = other.new_page()
        phone_b.on("pageerror", lambda exc: errors.append(str(exc)))
        # It cannot find the match: not on its home page, not at the match's old number.
        phone_b.goto("/")
        expect(phone_b.get_by_text("No match in progress on this phone.")).to_be_visible()
        expect(phone_b.locator("#active-matches")).to_have_count(0)
        phone_b.goto(f"/matches/{number}")
        expect(phone_b.get_by_text("There is nothing here.")).to_be_visible()
        shots(phone_b, J, "old-number-not-found")

        # Given the read-only link, it sees the score, and nothing to change it with.
        phone_b.goto(watch_url)
        expect(phone_b.locator("#watch-note")).to_be_visible()
        assert totals(phone_b) == [0, 1]
        for control in ("#hand-form", "#undo", "#edit-1", "#delete-1", "#whatif-1", "#share", "form"):
            expect(phone_b.locator(control)).to_have_count(0)
        assert slug not in phone_b.content()
        shots(phone_b, J, "watching")

        # The scorer enters a hand: the read-only page shows it by itself.
        hand(page, maker=0, trump="S", tricks=5, rows=2)  # Ann & Cy march: +2
        expect(phone_b.locator("#hands .hand-row")).to_have_count(2)
        expect(phone_b.locator("#total-0")).to_have_text("2")
        assert totals(phone_b) == [2, 1]
        shots(phone_b, J, "watching-updated")

        # A write sent from phone B anyway (its own session and token) is refused and changes nothing.
        token = phone_b.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
        refused = other.request.post(f"/matches/{slug}/undo", form={"version": "3", "csrf_token": token})
        assert refused.status == 403
        page.reload()
        expect(page.locator("#hands .hand-row")).to_have_count(2)
        assert totals(page) == [2, 1]
        accessibility.finish()
    finally:
        other.close()
    assert not errors, f"JavaScript errors on the read-only page: {errors}"
