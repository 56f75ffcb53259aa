"""Playwright at 360x740: the new-match page's refusals show where the thumb is (by the Start button), and
home pages its lists and abandons a match (asked first)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.app_helpers import setup_data

pytestmark = pytest.mark.browser


def test_a_refused_start_is_summed_up_by_the_button(page, shots):
    J = "setup-errors"
    page.goto("/matches/new?variant=euchre")
    page.fill("#name_0", "Ann")
    page.fill("#name_2", "ann")
    page.locator("#start-match").scroll_into_view_if_needed()
    page.click("#start-match")
    problems = page.locator("#setup-problems")
    expect(problems).to_be_in_viewport()
    expect(page.locator("#start-match")).to_be_in_viewport()
    expect(problems).to_contain_text("3 things to fix")
    expect(problems).to_contain_text("ann already has a seat")
    shots(page, J, "summed-up")
    problems.get_by_text("Write a name for seat 2.").click()
    expect(page.locator("#name_1")).to_be_in_viewport()


def _start_matches(page, count: int) -> None:
    """Start ``count`` matches from this phone (its own session), as the setup form posts them."""
    page.goto("/")
    token = json.loads(page.locator("body").get_attribute("hx-headers"))["X-CSRFToken"]
    for _ in range(count):
        response = page.request.post("/matches/new", form={**setup_data(), "csrf_token": token}, max_redirects=0)
        assert response.status == 303


def test_home_pages_its_matches_and_abandons_one(page, shots):
    J = "home-lists"
    _start_matches(page, 11)
    page.goto("/")
    expect(page.locator("#active-matches > li")).to_have_count(10)
    page.locator("#active-older").scroll_into_view_if_needed()
    shots(page, J, "ten-and-older")
    page.click("#active-older")
    expect(page.locator("#active-matches > li")).to_have_count(1)
    expect(page.locator("#active-newer")).to_be_visible()
    page.locator("#active-matches button").click()  # Abandon; the dialog that asks is accepted
    expect(page.locator("#active-matches > li")).to_have_count(10)  # back at the first page: ten left in all
    expect(page.locator("#active-older")).to_have_count(0)
    expect(page.locator("#recent-matches")).to_contain_text("Abandoned.")
    page.locator("#recent-matches").scroll_into_view_if_needed()
    shots(page, J, "abandoned")
