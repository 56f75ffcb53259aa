"""Thumb-sized helpers for the Playwright journeys: tap what a player would tap."""
from __future__ import annotations

from playwright.sync_api import Page, expect


def settled(page: Page) -> None:
    """Wait until htmx has finished swapping in new content (and bound its triggers to it)."""
    page.wait_for_function("() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-added')")


def tap(page: Page, name: str, value: object) -> None:
    """Tap the button (a label round a radio or checkbox) for ``name`` = ``value``."""
    settled(page)
    page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()


def switch(page: Page, name: str) -> None:
    settled(page)
    page.locator(f"label.switch:has(input[name='{name}'])").click()


def set_tricks(page: Page, field: str, value: int) -> None:
    """Tap ``value`` in the row of trick buttons for ``field`` (one tap, whatever the count)."""
    tap(page, field, value)


step = set_tricks  # the journeys written for the old stepper counted up from blank: the same one tap


def expect_preview(page: Page, text: str) -> None:
    expect(page.locator("#preview-line")).to_have_text(text)


def save(page: Page, rows: int) -> None:
    """Save the hand and wait until the hand list shows ``rows`` hands."""
    settled(page)
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(rows)


def totals(page: Page) -> list[int]:
    return [int(t) for t in page.locator("#scoreboard .total").all_inner_texts()]


def new_match(page: Page, shots, journey: str, key: str, names: list[str], players: int | None = None,
              first_dealer: int = 0) -> None:
    """Home -> New match -> the game -> names round the table -> Start (``shots=None``: no screenshots)."""
    if shots is None:
        def shots(*_args, **_kwargs):
            return None
    page.goto("/")
    expect(page.get_by_role("link", name="New match")).to_be_visible()
    shots(page, journey, "home")
    page.get_by_role("link", name="New match").click()
    expect(page.locator(f"#v-{key}")).to_be_visible()
    page.locator(f"#v-{key}").scroll_into_view_if_needed()
    shots(page, journey, "choose-game")
    page.click(f"#v-{key}")
    expect(page.locator("#setup-form")).to_be_visible()
    if players:
        page.click(f"#players-{players}")
        expect(page.locator(f"#name_{players - 1}")).to_be_visible()
        expect(page.locator(f"#name_{players}")).to_have_count(0)
    for seat, name in enumerate(names):
        page.fill(f"#name_{seat}", name)
    tap(page, "first_dealer", first_dealer)
    shots(page, journey, "seats", full_page=True)
    page.click("text=Start match")
    expect(page.locator("#scoreboard")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible()
    shots(page, journey, "match")
