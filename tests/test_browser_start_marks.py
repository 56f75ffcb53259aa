"""Playwright at 360x740: a Midwest pepper game carried on from paper brings its hickeys along, and the
scoreboard counts on from them ([003] pepper (Midwest), Points & Wins)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_carried_hickeys_are_typed_in_and_shown(page, shots):
    J = "carry-hickeys"
    page.goto("/matches/new?variant=midwest-pepper")
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        page.fill(f"#name_{seat}", name)
    page.get_by_text("Carry on a paper game (start totals and hickeys)").click()
    page.fill("#start_0", "20")
    page.fill("#start_1", "30")
    page.fill("#start_mark_0", "2")
    page.fill("#start_mark_1", "1")
    marks = page.locator("#start_mark_1")
    marks.scroll_into_view_if_needed()
    expect(marks).to_be_in_viewport()
    assert marks.bounding_box()["height"] >= 44  # a tap target
    shots(page, J, "form")
    page.locator("#start-match").scroll_into_view_if_needed()
    page.click("#start-match")
    board = page.locator(".marks")
    expect(board).to_have_text(["2 hickeys", "1 hickey"])
    shots(page, J, "scoreboard")
