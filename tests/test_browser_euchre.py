"""Playwright at 360x740: a whole game of euchre with a loner, a euchre, an all-pass, an undo and
an edit, to the banner and the rematch."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import expect_preview, new_match, save, set_tricks, step, switch, tap, totals

pytestmark = pytest.mark.browser
J = "euchre"


def test_whole_game_of_euchre(page, shots):
    new_match(page, shots, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    expect(page.locator("#dealer")).to_have_text("Ann")
    expect(page.locator("#goal")).to_have_text("Playing to 10")

    # 1. Bob orders up hearts and his side takes 3: made
    tap(page, "maker", 1)
    tap(page, "trump", "H")
    step(page, "tricks", 3)
    expect_preview(page, "Bob & Di +1 (made)")
    shots(page, J, "made-preview")
    save(page, 1)
    assert totals(page) == [0, 1]
    expect(page.locator("#dealer")).to_have_text("Bob")

    # 2. Cy goes alone in spades and takes all five: a lone march
    tap(page, "maker", 2)
    tap(page, "trump", "S")
    switch(page, "alone")
    step(page, "tricks", 5)
    expect_preview(page, "Ann & Cy +4 (alone, lone march)")
    shots(page, J, "loner-preview")
    save(page, 2)
    assert totals(page) == [4, 1]
    shots(page, J, "after-loner")

    # 3. Di names clubs and takes only two: euchred
    tap(page, "maker", 3)
    tap(page, "trump", "C")
    step(page, "tricks", 2)
    expect_preview(page, "Ann & Cy +2 (euchred)")
    save(page, 3)
    assert totals(page) == [6, 1]

    # 4. Everybody passes: the hand is thrown in
    tap(page, "outcome", "passed")
    expect(page.locator("#all-passed")).to_be_visible()
    expect(page.locator("#all-passed")).to_contain_text("Nobody made trump")
    expect(page.locator("#f-maker")).to_be_hidden()
    shots(page, J, "all-passed")
    save(page, 4)
    assert totals(page) == [6, 1]
    expect(page.locator("#dealer")).to_have_text("Ann")

    # 5. A wrong entry, undone with one tap
    tap(page, "maker", 0)
    tap(page, "trump", "D")
    step(page, "tricks", 4)
    save(page, 5)
    assert totals(page) == [7, 1]
    page.click("#undo")
    expect(page.locator("#hands .hand-row")).to_have_count(4)
    assert totals(page) == [6, 1]

    # 6. Fix hand 1 (it was a march): everything after it is recomputed
    page.click("#edit-1")
    expect(page.locator("#entry h2")).to_contain_text("Edit hand 1")
    set_tricks(page, "tricks", 5)
    expect_preview(page, "Bob & Di +2 (march)")
    shots(page, J, "edit-hand-1")
    page.click("#save")
    expect(page.locator("#entry h2")).to_contain_text("Hand 5")
    assert totals(page) == [6, 2]

    # 7. Ann marches in diamonds, then Cy's loner ends it
    tap(page, "maker", 0)
    tap(page, "trump", "D")
    step(page, "tricks", 5)
    save(page, 5)
    assert totals(page) == [8, 2]
    tap(page, "maker", 2)
    tap(page, "trump", "H")
    switch(page, "alone")
    step(page, "tricks", 5)
    expect(page.locator(".preview-after")).to_contain_text("win")
    save(page, 6)
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner .result")).to_contain_text("Ann & Cy")
    expect(page.locator("#hand-form")).to_have_count(0)
    assert totals(page) == [12, 2]
    shots(page, J, "game-over")

    # Rematch: same seats, the deal moves on
    page.click("#rematch")
    expect(page.locator("#hands .hand-row")).to_have_count(0)
    assert totals(page) == [0, 0]
    expect(page.locator("#dealer")).to_have_text("Cy")
    shots(page, J, "rematch")

    # Home: the rematch to resume, the finished game among the recent ones
    page.click(".brand")
    expect(page.locator("#active-matches .match-row")).to_have_count(1)
    expect(page.locator("#recent-matches .match-row")).to_have_count(1)
    expect(page.locator("#recent-matches")).to_contain_text("Ann & Cy win")
    shots(page, J, "home-again")
