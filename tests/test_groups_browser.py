"""Playwright at 360x740: create a group, play two short matches in it (the second is the
rematch), and see the history, the stats, the leaderboard and a match's chart."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import save, settled, step, switch, tap, totals

pytestmark = pytest.mark.browser
J = "groups"


def test_a_weekly_group(page, shots):
    # Home -> Groups -> create "Thursday euchre"
    page.goto("/")
    page.click("#groups-link")
    expect(page.locator("#create-form")).to_be_visible()
    page.fill("#name", "Thursday euchre")
    page.click("#create-form button[type=submit]")
    expect(page.locator("#group-code")).to_be_visible()
    expect(page.locator(".group-name")).to_have_text("Thursday euchre")
    shots(page, J, "group", full_page=True)

    # A match in the group: euchre to 3, to keep it short
    page.click("#group-new-match")
    expect(page.locator("#in-group")).to_contain_text("Thursday euchre")
    page.click("#v-euchre")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.fill(f"#name_{seat}", name)
    page.fill("#rule_target", "3")
    page.click("text=Start match")
    expect(page.locator("#hand-form")).to_be_visible()

    tap(page, "maker", 1)  # Bob orders hearts and makes it
    tap(page, "trump", "H")
    step(page, "tricks", 3)
    save(page, 1)
    tap(page, "maker", 2)  # Cy alone takes all five: a lone march ends it
    tap(page, "trump", "S")
    switch(page, "alone")
    step(page, "tricks", 5)
    save(page, 2)
    expect(page.locator("#banner")).to_contain_text("Ann & Cy win")
    assert totals(page) == [4, 1]

    # The rematch is the group's too: Bob & Di march, then make it
    page.click("#rematch")
    expect(page.locator("#hands .hand-row")).to_have_count(0)
    tap(page, "maker", 3)
    tap(page, "trump", "C")
    step(page, "tricks", 5)
    save(page, 1)
    tap(page, "maker", 1)
    tap(page, "trump", "D")
    step(page, "tricks", 4)
    save(page, 2)
    expect(page.locator("#banner")).to_contain_text("Bob & Di win")

    # A finished match's page: every hand and the score chart
    page.click("#group-record")
    expect(page.locator("#chart svg")).to_be_visible()
    expect(page.locator("#chart polyline")).to_have_count(2)
    expect(page.locator("#hand-table tbody tr")).to_have_count(2)
    expect(page.locator("#hand-2")).to_contain_text("Bob")
    shots(page, J, "match-chart", full_page=True)

    # History: both matches, newest first; filter by a player
    page.click("#nav-history")
    expect(page.locator("#history-list .match-row")).to_have_count(2)
    shots(page, J, "history")

    # Stats: Bob made trump twice (both made), Cy's loner
    page.click("#nav-group_stats")
    bob = page.locator("#player-stats .stat-card", has=page.locator("h3", has_text="Bob"))
    expect(bob.locator(".maker-hands")).to_have_text("2")
    expect(bob.locator(".make-rate")).to_have_text("100%")
    expect(bob.locator(".win-rate")).to_have_text("50%")
    cy = page.locator("#player-stats .stat-card", has=page.locator("h3", has_text="Cy"))
    expect(cy.locator(".loners")).to_have_text("1/1")
    expect(page.locator("#pair-stats .stat-card")).to_have_count(2)
    shots(page, J, "stats")
    settled(page)  # htmx binds the filter's trigger only once the swapped-in page settles
    page.select_option("#variant", "euchre")  # htmx sends the filter as soon as it changes
    page.wait_for_url("**/stats?variant=euchre*")
    expect(page.locator("#player-stats .stat-card")).to_have_count(4)

    # Leaderboard and ratings
    page.click("#nav-leaderboard")
    expect(page.locator("#nav-leaderboard")).to_have_attribute("aria-current", "page")
    settled(page)  # a change sent before htmx has bound the field's trigger would be lost
    page.fill("#min_games", "1")
    page.locator("#min_games").dispatch_event("change")
    expect(page.locator("#win-rate-board tbody tr")).to_have_count(4)
    expect(page.locator("#rating-board tbody tr")).to_have_count(4)
    expect(page.locator("#rating-explained")).to_contain_text("μ − 3σ")
    shots(page, J, "leaderboard", full_page=True)
