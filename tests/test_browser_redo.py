"""Playwright at 360x740: an undo asks first, and can then be taken back with one tap (issue 17)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.app_helpers import stored_hands
from tests.browser_helpers import new_match, save, settled, tap, totals

pytestmark = pytest.mark.browser


def test_an_undo_is_taken_back(page, app, shots):
    J = "undo-taken-back"
    new_match(page, None, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    tap(page, "maker", 1)
    tap(page, "tricks", 5)
    save(page, 1)
    assert totals(page) == [0, 2]
    page.once("dialog", lambda dialog: dialog.accept())  # the undo asks first
    page.click("#undo")
    expect(page.locator("#hands .hand-row")).to_have_count(0)
    bar = page.locator("#undone")
    expect(bar).to_contain_text("Hand 1 undone.")
    expect(page.locator("#redo")).to_be_in_viewport()
    assert page.locator("#redo").bounding_box()["height"] >= 44  # a tap target
    shots(page, J, "undone")
    slug = page.url.rstrip("/").rsplit("/", 1)[1]
    page.click("#redo")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    settled(page)
    expect(page.locator("#undone")).to_have_count(0)
    assert totals(page) == [0, 2]
    assert stored_hands(app, slug) == [{"maker": 1, "tricks": 5}]
    shots(page, J, "back")
