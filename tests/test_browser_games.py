"""Playwright at 360x740: whole games of hasenpfeffer (a forced bid), buck euchre (drop-outs,
counting down) and three-handed pepper."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import expect_preview, new_match, save, set_tricks, step, tap, totals

pytestmark = pytest.mark.browser


def test_hasenpfeffer_with_a_forced_bid(page, shots):
    J = "hasenpfeffer"
    new_match(page, shots, J, "hasenpfeffer", ["Ann", "Bob", "Cy", "Di"])
    expect(page.locator("#f-bid .choice")).to_have_count(6)

    # 1. Everybody passes: Cy holds the joker and must bid 3; Ann & Cy take 4 of 6
    tap(page, "outcome", "passed")
    expect(page.locator("#all-passed")).to_contain_text("Who holds the joker? They must bid 3.")
    expect(page.locator("#f-bid")).to_be_hidden()
    tap(page, "maker", 2)
    tap(page, "trump", "S")
    step(page, "tricks", 4)
    expect_preview(page, "Ann & Cy +4, Bob & Di +2 (forced, joker holder, made)")
    shots(page, J, "forced-bid")
    save(page, 1)
    assert totals(page) == [4, 2]

    # 2. Bob bids 4 in hearts and takes 5
    tap(page, "bid", 4)
    tap(page, "maker", 1)
    tap(page, "trump", "H")
    step(page, "tricks", 5)
    expect_preview(page, "Ann & Cy +1, Bob & Di +5 (made)")
    shots(page, J, "bid-ladder")
    save(page, 2)
    assert totals(page) == [5, 7]

    # 3. Everybody passes and the joker is in the widow: void, and the hand says why
    tap(page, "outcome", "passed")
    tap(page, "outcome", "widow")
    expect(page.locator("#f-maker")).to_be_hidden()
    save(page, 3)
    assert totals(page) == [5, 7]
    expect(page.locator("#hand-3 .hand-sub")).to_contain_text("the joker was in the widow")

    # 4. Di bids 5 and is set: minus the bid
    tap(page, "bid", 5)
    tap(page, "maker", 3)
    tap(page, "trump", "D")
    step(page, "tricks", 3)
    expect_preview(page, "Ann & Cy +3, Bob & Di −5 (set)")
    save(page, 4)
    assert totals(page) == [8, 2]

    # 5. Ann bids 6 and takes them all: game
    tap(page, "bid", 6)
    tap(page, "maker", 0)
    tap(page, "trump", "C")
    step(page, "tricks", 6)
    save(page, 5)
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner .result")).to_contain_text("Ann & Cy")
    assert totals(page) == [14, 2]
    shots(page, J, "game-over")


def test_buck_euchre_drop_outs_and_count_down(page, shots):
    J = "buck-euchre"
    new_match(page, shots, J, "buck-euchre", ["Ann", "Bob", "Cy", "Di"])
    expect(page.locator("#goal")).to_have_text("Counting down from 25 to 0")
    assert totals(page) == [25, 25, 25, 25]

    # 1. Ann makes hearts; Di drops out; Ann 3, Bob 1, Cy 1
    tap(page, "maker", 0)
    tap(page, "trump", "H")
    tap(page, "dropped", 3)
    step(page, "tricks_0", 3)
    step(page, "tricks_1", 1)
    step(page, "tricks_2", 1)
    step(page, "tricks_3", 0)
    expect_preview(page, "Ann −3, Bob −1, Cy −1 (made, dropped)")
    shots(page, J, "drop-out")
    save(page, 1)
    assert totals(page) == [22, 24, 24, 25]

    # 2. A club upcard: clubs are trump with no bidding, so nobody is the maker ([000]), and nobody drops;
    # Di stays in and takes no trick: set back 5
    tap(page, "upcard", "C")
    expect(page.locator("#f-trump")).to_be_hidden()  # clubs, said by the upcard
    expect(page.locator("#f-dropped")).to_be_hidden()
    expect(page.locator("#f-maker")).to_be_hidden()  # nobody is the maker
    for seat, took in enumerate((2, 2, 1, 0)):
        set_tricks(page, f"tricks_{seat}", took)
    expect_preview(page, "Ann −2, Bob −2, Cy −1, Di +5 (club upcard)")
    shots(page, J, "club-upcard")
    save(page, 2)
    assert totals(page) == [20, 22, 23, 30]

    # 3. Everybody passes: played at no trump with no maker
    tap(page, "outcome", "passed")
    expect(page.locator("#all-passed")).to_contain_text("no maker")
    expect(page.locator("#f-maker")).to_be_hidden()
    for seat, took in enumerate((1, 1, 2, 1)):
        set_tricks(page, f"tricks_{seat}", took)
    expect_preview(page, "Ann −1, Bob −1, Cy −2, Di −1 (no trump)")
    save(page, 3)
    assert totals(page) == [19, 21, 21, 29]

    # 4. A dropped player cannot take a trick: said next to the tricks, nothing saved
    tap(page, "maker", 2)
    tap(page, "trump", "S")
    tap(page, "dropped", 1)
    for seat, took in enumerate((1, 1, 3, 0)):
        set_tricks(page, f"tricks_{seat}", took)
    page.click("#save")
    expect(page.locator("#err-tricks_0")).to_contain_text("dropped out cannot take tricks")
    shots(page, J, "error")
    expect(page.locator("#hands .hand-row")).to_have_count(3)

    # 5. Fixed: Bob did not drop after all. Then Cy takes all five and wins at once
    tap(page, "dropped", 1)
    set_tricks(page, "tricks_0", 0)
    set_tricks(page, "tricks_1", 0)
    set_tricks(page, "tricks_2", 5)
    set_tricks(page, "tricks_3", 0)
    expect(page.locator(".preview-after")).to_contain_text("all five")
    save(page, 4)
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner .result")).to_contain_text("Cy")
    shots(page, J, "game-over")


def test_pepper_with_three_players(page, shots):
    J = "pepper-3"
    new_match(page, shots, J, "pepper", ["Ann", "Bob", "Cy"], players=3)
    expect(page.locator("#goal")).to_have_text("Playing to 30")
    expect(page.locator("#f-bid .choice")).to_have_count(9)  # 1 to 7 and the two peppers
    expect(page.locator("#f-trump .choice")).to_have_count(5)  # no trump allowed

    # 1. Ann bids 4 in spades and takes 5 of 8; Bob 2, Cy 1
    tap(page, "bid", 4)
    tap(page, "maker", 0)
    tap(page, "trump", "S")
    for seat, took in enumerate((5, 2, 1)):
        step(page, f"tricks_{seat}", took)
    expect_preview(page, "Ann +5, Bob +2, Cy +1 (made)")
    shots(page, J, "bid")
    save(page, 1)
    assert totals(page) == [5, 2, 1]

    # 2. Bob bids 3 at no trump and takes 4
    tap(page, "bid", 3)
    tap(page, "maker", 1)
    tap(page, "trump", "NT")
    for seat, took in enumerate((1, 4, 3)):
        set_tricks(page, f"tricks_{seat}", took)
    save(page, 2)
    assert totals(page) == [6, 6, 4]

    # 3. Cy bids 5 in hearts, takes 4: set, minus 8
    tap(page, "bid", 5)
    tap(page, "maker", 2)
    tap(page, "trump", "H")
    for seat, took in enumerate((2, 2, 4)):
        set_tricks(page, f"tricks_{seat}", took)
    expect_preview(page, "Ann +2, Bob +2, Cy −8 (set)")
    save(page, 3)
    assert totals(page) == [8, 8, -4]

    # 4. Ann bids big pepper and takes all eight: +16
    tap(page, "bid", "big-pepper")
    tap(page, "maker", 0)
    tap(page, "trump", "D")
    for seat, took in enumerate((8, 0, 0)):
        set_tricks(page, f"tricks_{seat}", took)
    expect_preview(page, "Ann +16 (big pepper, made)")
    shots(page, J, "big-pepper")
    save(page, 4)
    assert totals(page) == [24, 8, -4]

    # 5. Ann bids 6 and takes 6: 30, game
    tap(page, "bid", 6)
    tap(page, "maker", 0)
    tap(page, "trump", "C")
    for seat, took in enumerate((6, 1, 1)):
        set_tricks(page, f"tricks_{seat}", took)
    save(page, 5)
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner .result")).to_contain_text("Ann")
    assert totals(page) == [30, 9, -3]
    shots(page, J, "game-over")
