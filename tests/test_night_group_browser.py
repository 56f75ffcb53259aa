"""Playwright at 360x740: a group member opens, from the group, a game of a night that belongs to the group.
The night's director settles that game, so the page says so where a group's own match offers its tidying."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.group_helpers import group_code
from tests.test_night_group import night_of_group, table_games

pytestmark = pytest.mark.browser
J = "night-group"


def test_a_nights_game_on_the_groups_page_is_left_to_its_director(page, shots, client, app):
    group, slug = night_of_group(client, "Friday night")
    game = table_games(app, slug)[0]

    page.goto(f"/groups/join/{group_code(client, group).replace('-', '')}")
    expect(page.locator("#group-code")).to_be_visible()
    page.goto(f"/groups/{group}/matches/{game['match']}")
    directed = page.locator("#directed")
    expect(directed).to_be_visible()
    expect(directed).to_contain_text("its director settles and corrects it")
    expect(page.locator("#tidy")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.locator("#scoresheet")).to_have_text("Scoresheet")
    directed.scroll_into_view_if_needed()
    shots(page, J, "directed")

    # The scoresheet is the read-only one: the table's phones score the game, not the group's members.
    page.goto(f"/matches/{game['match']}")
    expect(page.locator("#watch")).to_be_visible()
    assert "/watch/" in page.url
    expect(page.locator("#hand-form")).to_have_count(0)
