"""Playwright at 360x740: the tap budget. For each of the 18 games, a typical hand is entered by
tapping only what the hand's facts need, then saved; the test counts the taps and fails over the
budget (README: "Taps for a hand"). A plain euchre-family hand (maker, tricks, save) also needs no
scrolling: every tap lands on the first screen, with Save in the bar at the bottom."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser_helpers import new_match, settled, tap

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

# game: (players, budget, the taps before Save as (field, value)); seat 1 makes and takes the lead.
HANDS = {
    "euchre": (4, 3, [("maker", 1), ("tricks", 3)]),
    "euchre-3hand": (3, 3, [("maker", 1), ("tricks", 3)]),
    "euchre-6hand": (6, 3, [("maker", 1), ("tricks", 3)]),
    "bacon": (4, 3, [("maker", 1), ("tricks", 3)]),
    "progressive-euchre": (4, 3, [("maker", 1), ("tricks", 3)]),
    "call-ace-euchre": (4, 4, [("maker", 1), ("partner", 2), ("tricks", 3)]),
    "hasenpfeffer": (4, 5, [("bid", 3), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "pepper": (4, 5, [("bid", 3), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "midwest-pepper": (4, 5, [("bid", 4), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "grinnell-pepper": (4, 5, [("bid", 4), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "bid-euchre": (4, 5, [("bid", 3), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "progressive-bid-euchre": (4, 5, [("bid", 3), ("maker", 1), ("trump", "H"), ("tricks", 4)]),
    "double-deck-bid-euchre": (4, 5, [("bid", 6), ("maker", 1), ("trump", "H"), ("tricks", 7)]),
    "double-hasenpfeffer": (4, 5, [("bid", 6), ("maker", 1), ("trump", "H"), ("tricks", 7)]),
    "eau-claire-clubs": (4, 5, [("bid", 3), ("maker", 1), ("trump", "H"), ("tricks_1", 3)]),
    # each for self: the facts are the maker (and bid, partner) and every seat's tricks but the
    # last, which the form fills in
    "call-partner-euchre": (5, 5, [("bid", 4), ("maker", 1), ("partner", 2), ("tricks", 5)]),
    "buck-euchre": (4, 5, [("maker", 1), ("tricks_1", 3), ("tricks_0", 1), ("tricks_2", 1)]),
    "dirty-clubs": (4, 6, [("bid", 3), ("maker", 1), ("tricks_1", 3), ("tricks_0", 1), ("tricks_2", 1)]),
}
NO_SCROLL = {"euchre", "euchre-3hand", "euchre-6hand", "bacon", "progressive-euchre"}


def test_every_game_is_covered():
    import referee

    assert set(HANDS) == set(referee.VARIANTS)


def expect_whole_on_screen(page: Page, selector: str, why: str) -> None:
    """The element lies wholly inside the 360x740 screen once the page has settled (a single early
    measurement could catch a page whose stylesheet had not yet been applied)."""
    expect(page.locator(selector), why).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("key", sorted(HANDS))
def test_a_hand_within_the_tap_budget(page, key):
    import referee

    players, budget, hand = HANDS[key]
    # the head-count is tapped only when it is not the one the setup page opens with (tapping the
    # same one redraws the seats under the names being written)
    choose = players if players != referee.get_variant(key).default_players else None
    new_match(page, None, "taps", key, NAMES[:players], players=choose)
    expect_whole_on_screen(page, "#save", "Save must be on the first screen")
    taps = 0
    for name, value in hand:
        settled(page)
        page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()
        taps += 1
    expect(page.locator("#preview-line")).to_be_visible()
    if key in NO_SCROLL:
        assert page.evaluate("window.scrollY") == 0, "a plain hand is entered without scrolling"
    expect_whole_on_screen(page, "#save", "Save stays in the bar at the bottom")
    settled(page)
    page.click("#save")
    taps += 1
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    assert taps <= budget, f"{key}: {taps} taps for a hand, the budget is {budget}"
    # the next hand's form is ready on the first screen, its first choices in reach
    settled(page)
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect_whole_on_screen(page, "#f-outcome", "the next hand's first choices are on the first screen")


def test_the_form_hides_what_cannot_happen(page):
    """A club upcard takes away the bidding; the maker is not offered as their own partner; the joker
    in the widow is an answer under All passed."""
    new_match(page, None, "only", "eau-claire-clubs", NAMES[:4])
    for field in ("maker", "bid", "trump", "sat_out"):
        expect(page.locator(f"#f-{field}")).to_be_visible()
    tap(page, "upcard", "C")
    for field in ("maker", "bid", "trump", "sat_out"):
        expect(page.locator(f"#f-{field}")).to_be_hidden()
    expect(page.locator("#tricks-entry")).to_be_visible()

    new_match(page, None, "only", "call-ace-euchre", NAMES[:4])
    partner_seat = page.locator("#f-partner label:has(> input[value='1'])")
    expect(partner_seat).to_be_visible()
    tap(page, "maker", 1)
    expect(partner_seat).to_be_hidden()
    expect(page.locator("#f-partner label:has(> input[value='2'])")).to_be_visible()

    new_match(page, None, "only", "hasenpfeffer", NAMES[:4])
    widow = page.locator("label:has(> input[name=outcome][value=widow])")
    expect(widow).to_be_hidden()
    tap(page, "outcome", "passed")
    expect(widow).to_be_visible()
    widow.click()
    expect(page.locator("#f-maker")).to_be_hidden()
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
