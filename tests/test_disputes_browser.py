"""Playwright at 360x740: settle "who won that trick" (the left bower), "was that a renege" and "what if"
at the table, with screenshots in docs/screenshots/disputes-*.png."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.app_helpers import add_hand, create_match
from tests.browser_helpers import tap

pytestmark = pytest.mark.browser


def tap_card(page, code: str) -> None:
    page.click(f"#card-{code}")


def test_judge_a_trick_with_the_left_bower(page, shots):
    page.goto("/rules/judge")
    expect(page.locator("h1")).to_have_text("Who won the trick?")
    shots(page, "disputes-judge", "empty")
    started = time.monotonic()
    tap(page, "trump", "H")
    # With hearts trump the jack of diamonds is announced as the left bower.
    expect(page.locator("#card-JD")).to_have_attribute("aria-label", "jack of diamonds, left bower")
    tap(page, "led", 0)
    for played, code in enumerate(("AH", "JD", "9H", "KH"), start=1):
        tap_card(page, code)
        expect(page.locator("#trick li:not(.next)")).to_have_count(played)
    expect(page.locator("#verdict-title")).to_contain_text("Seat 2 wins with")
    expect(page.locator("#why")).to_have_text(
        "J♦ is the left bower when hearts are trump (it counts as a heart), the highest trump played, "
        "so it beats A♥, 9♥, K♥.")
    assert time.monotonic() - started < 15
    expect(page.locator("#trick li.win")).to_contain_text("Seat 2")
    expect(page.locator("#card-QS")).to_be_disabled()  # the trick is complete
    shots(page, "disputes-judge", "left-bower")

    # A new trick, no JavaScript needed to read it: the tapped cards are gone and the grid is back.
    page.click("#new-trick")
    expect(page.locator("#card-QS")).to_be_enabled()
    expect(page.locator("#trick li")).to_have_count(1)


def test_judge_works_without_javascript(browser, live_server, clean_db, shots):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False,
                                  base_url=live_server)
    page = context.new_page()
    try:
        page.goto("/rules/judge")
        tap(page, "trump", "H")
        page.click("#card-AS")  # a plain form post: the whole page comes back
        expect(page.locator("#trick li").first).to_contain_text("A")
        expect(page.locator("#trump-H")).to_be_checked()
        for code in ("JD", "KS", "9S"):
            page.click(f"#card-{code}")
        expect(page.locator("#verdict-title")).to_contain_text("Seat 2 wins with")
        expect(page.locator("#why")).to_contain_text("any trump beats the spades led")
        shots(page, "disputes-nojs", "judge", scripts=False)
    finally:
        context.close()


def test_catch_a_renege(page, shots):
    page.goto("/rules/renege")
    started = time.monotonic()
    tap(page, "trump", "H")
    tap(page, "led", "AD")
    expect(page.locator("#f-led summary")).to_contain_text("Card led:")
    expect(page.locator("#f-led")).not_to_have_attribute("open", "")  # picked: the grid folds away
    for code in ("JD", "9D", "KS", "QC", "TH"):
        tap(page, "hand", code)
        expect(page.locator(f"#hand-{code}")).to_be_checked()
    expect(page.locator("#legal-reason")).to_have_text(
        "A♦ was led, so diamonds must be followed: you must play 9♦. Playing anything else is a renege. "
        "J♦ is the left bower: it counts as a heart, not a diamond, so it does not follow.")
    tap(page, "played", "JD")
    verdict = page.locator("#renege-verdict")
    expect(verdict).to_contain_text("Renege!")
    expect(verdict).to_contain_text("They had to play")
    assert time.monotonic() - started < 15
    verdict.scroll_into_view_if_needed()
    shots(page, "disputes-renege", "caught")

    page.click("#penalty-link")
    expect(page).to_have_url(f"{page.url.split('/rules/')[0]}/rules/euchre#renege")
    expect(page.locator("#renege-penalty")).to_contain_text("renege_penalty")
    shots(page, "disputes-renege", "penalty-rule")


def test_card_order_with_the_joker(page, shots):
    page.goto("/rules/cards")
    tap(page, "deck", "25")
    tap(page, "trump", "S")
    order = page.locator("#trump-order li")
    expect(order.first.locator(".pc")).to_have_attribute("aria-label", "joker, the best bower")
    expect(order.nth(2).locator(".pc")).to_have_attribute("aria-label", "jack of clubs, left bower")
    assert "deck=25" in page.url and "trump=S" in page.url  # the choice is in the address, to share
    shots(page, "disputes-cards", "joker-spades")


def test_open_a_what_if(page, shots, client):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=2)  # Bob & Di euchred
    add_hand(client, match_id, maker=0, trump="S", tricks=3)
    page.goto(f"/matches/{match_id}/hands/1/what-if")
    expect(page.locator("#actual-line")).to_have_text("Ann & Cy +2 (euchred)")
    page.click("#what-if-made")
    expect(page.locator("#what-if-line")).to_have_text("Bob & Di +1 (made)")
    expect(page.locator("#what-if-result")).to_contain_text("Level at 1-1")
    assert page.url.endswith("what-if?change=made")
    shots(page, "disputes-whatif", "not-set")
    page.click("#back-to-match")
    expect(page.locator("#total-0")).to_have_text("3")  # nothing was saved
