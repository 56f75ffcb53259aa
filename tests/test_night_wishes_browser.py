"""Playwright at 360x740: the director enters seating wishes (a married pair who never partner, a player
who stays at table 2) and the night's prizes (high score, a "Ladies" prize, one award per player), with
screenshots of both screens; a mistake gets its message next to the field."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture launches with these)

pytestmark = pytest.mark.browser
J = "night-wishes"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def test_the_director_enters_wishes_and_prizes(page, shots):
    page.goto("/")
    page.click("#run-a-night")
    page.fill("#name", "Club night")
    page.fill("#pin", "4821")
    page.fill("#pin_again", "4821")
    page.click("#create-night")
    page.fill("#names", "\n".join(NAMES))
    page.click("#add-players")
    expect(page.locator("#added")).to_contain_text("Ann, Bo")

    page.click("#to-wishes")
    page.check('input[name="kind"][value="never"]')
    page.select_option("#player", label="Ann")
    page.select_option("#other", label="Bo")
    page.click("#add-wish")
    expect(page.locator("#wish-list")).to_contain_text("Ann and Bo never partner")
    page.check('input[name="kind"][value="stay"]')
    page.select_option("#player", label="Cy")
    page.click("#add-wish")
    expect(page.locator("#err-table")).to_have_text("Give the table number, like 3.")
    page.fill("#table", "2")
    page.click("#add-wish")
    expect(page.locator("#wish-list")).to_contain_text("Cy stays at table 2")
    shots(page, J, "wishes", full_page=True)

    page.get_by_role("link", name="Players").click()
    page.click("#to-prizes")
    page.check("#prize-high_game")
    page.check("#one-award")
    page.fill("#named", "Ladies")
    page.click("#save-prizes")
    expect(page.locator("#prize-message")).to_have_text("The prizes are saved.")
    named = page.locator(".named-prize")
    for name in ("Ann", "Di", "Flo"):
        named.get_by_label(name, exact=True).check()
    named.get_by_role("button").click()
    expect(page.locator(".named-prize h2")).to_contain_text("3 marked")
    shots(page, J, "prizes", full_page=True)
