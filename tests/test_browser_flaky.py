"""Playwright at 360x740: a dropped connection, a double tap, and a second phone on a stale page."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import AccessibilityWatch, expect_preview, new_match, save, step, tap, totals

pytestmark = pytest.mark.browser


def test_connection_drop_keeps_the_hand_on_the_phone_and_sends_it_once(page, shots):
    J = "flaky"
    new_match(page, None, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 1)
    tap(page, "trump", "H")
    step(page, "tricks", 4)
    expect_preview(page, "Bob & Di +1 (made)")

    page.route("**/hands", lambda route: route.abort("internetdisconnected"))
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")  # kept on the phone
    expect(page.locator("#netbar")).to_be_hidden()
    shots(page, J, "offline")

    page.unroute("**/hands")
    page.click("#outbox-send")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    expect(page.locator("#outbox")).to_be_hidden()
    assert totals(page) == [0, 1]


def test_lost_response_then_retry_stores_one_hand(page):
    """The server saved the hand but the answer never arrived; the retry must not add a second one."""
    new_match(page, None, "flaky-response", "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 0)
    tap(page, "trump", "S")
    step(page, "tricks", 3)

    def deliver_then_drop(route):
        route.fetch()  # reaches the server...
        route.abort("connectionreset")  # ...but the phone never hears back

    page.route("**/hands", deliver_then_drop)
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
    page.unroute("**/hands")
    page.click("#outbox-send")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    assert totals(page) == [1, 0]
    page.reload()
    expect(page.locator("#hands .hand-row")).to_have_count(1)


def test_double_tap_on_save_stores_one_hand(page):
    new_match(page, None, "double-tap", "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 3)
    tap(page, "trump", "D")
    step(page, "tricks", 5)
    expect_preview(page, "Bob & Di +2 (march)")
    page.locator("#save").dblclick()
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    page.reload()
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    assert totals(page) == [0, 2]


def test_second_phone_on_a_stale_page_is_refused(page, browser, live_server, shots):
    J = "two-phones"
    new_match(page, None, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 0)
    tap(page, "trump", "S")
    step(page, "tricks", 3)
    save(page, 1)

    other = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server)
    accessibility = AccessibilityWatch(other)
    try:
        phone_b = other.new_page()
        phone_b.goto(page.url)
        phone_b.click("#edit-1")
        expect(phone_b.locator("#entry h2")).to_contain_text("Edit hand 1")

        # phone A records the next hand...
        tap(page, "maker", 1)
        tap(page, "trump", "H")
        step(page, "tricks", 5)
        save(page, 2)

        # ...and phone B's edit, made on the old page, is refused with a clear message
        tap(phone_b, "tricks", 5)
        phone_b.click("#save")
        expect(phone_b.locator("#entry-message")).to_contain_text("Another phone changed this match")
        expect(phone_b.locator("input[name=tricks][value='5']")).to_be_checked()
        shots(phone_b, J, "stale-edit")
        phone_b.click("#entry-message a")
        expect(phone_b.locator("#hands .hand-row")).to_have_count(2)
        assert totals(phone_b) == [1, 2]
        accessibility.finish()
    finally:
        other.close()


def test_a_database_that_cannot_save_is_said_in_plain_words(page):
    """A 503 from a database that refuses writes: the phone says the server's own words, keeps the entry."""
    new_match(page, None, "flaky-503", "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 1)
    step(page, "tricks", 4)
    words = "The scoresheet can't be saved right now; nothing was changed. Try again."
    page.route("**/hands", lambda route: route.fulfill(
        status=503, content_type="text/html",
        body=f'<section class="card message" id="message"><h1>Not saved</h1><p>{words}</p></section>'))
    page.click("#save")
    expect(page.locator("#netbar")).to_contain_text(words + " What you entered is kept; tap Retry.")
    expect(page.locator("#hands .hand-row")).to_have_count(0)
