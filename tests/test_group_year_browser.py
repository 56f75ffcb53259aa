"""Playwright at 360x740: a weekly group looks back over its year: the evenings, a season's table, and
two players head to head (the matches are entered through the app, then the phone joins the group)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import settled
from tests.group_helpers import a_year, group_code

pytestmark = pytest.mark.browser
J = "group-year"


def test_a_groups_year_on_a_phone(page, shots, client, app):
    group_id, _ = a_year(client, app)
    page.goto(f"/groups/join/{group_code(client, group_id).replace('-', '')}")
    expect(page.locator("#group-code")).to_be_visible()

    page.click("#nav-group_evenings")
    expect(page.locator("#evening-2025-11-12 .evening-summary")).to_have_text(
        "2 games: Ann won 1, Bob 1, Cy 1, Di 1. Most loners made: Bob and Cy (1).")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, J, "evenings")

    page.click("#nav-seasons")
    page.fill("#name", "Autumn 2025")
    page.fill("#starts", "2025-11-01")
    page.fill("#ends", "2025-11-30")
    page.fill("#best_of", "1")
    page.click("#season-form button[type=submit]")
    expect(page.locator("#season-board tbody tr")).to_have_count(5)
    expect(page.locator("#season-board tbody tr").first).to_contain_text("Cy")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, J, "season")

    page.click("#nav-group_stats")
    page.click("#compare-link")
    expect(page.locator("#pair-form")).to_be_visible()
    settled(page)
    page.select_option("#a", label="Ann")  # each choice is sent at once (htmx), and the form comes back
    page.wait_for_url("**/head-to-head?a=*")
    settled(page)
    page.select_option("#b", label="Bob")
    expect(page.locator("#meetings")).to_contain_text("Ann 2, Bob 1")
    expect(page.locator("#rating-chart")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, J, "head-to-head", full_page=True)

    page.click("#nav-history")
    page.click(".match-row >> nth=0")
    expect(page.locator("#hand-table")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator("#hand-table").bounding_box()
    assert box["width"] <= 340, box  # the hand table fits the phone, no sideways scroll
    shots(page, J, "match", full_page=True)
