"""Playwright at 360x740: the director's controls in real browsers. The director renames a player,
is asked before a bell that comes before any hand, takes a bell back, and ends the night early; a
table sees "Not right" explained to the pair that sent the result."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import save, step, tap
from tests.test_night_browser import _phone, fast_polls  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser
J = "night-director"


def create_night_of_four(director, name: str, names: str, games: int | None = None) -> None:
    """The director creates a night (PIN 4821) and checks in ``names``, one a line."""
    director.goto("/nights/new")
    director.fill("#name", name)
    if games is not None:
        director.fill("#games", str(games))
    director.fill("#pin", "4821")
    director.fill("#pin_again", "4821")
    director.click("#create-night")
    director.fill("#names", names)
    director.click("#add-players")
    # checked in once the answer is shown: a link tapped while the list is being swapped in can be lost
    expect(director.locator("#added")).to_contain_text("Checked in: " + names.split("\n")[0])


def test_the_director_renames_rings_takes_back_and_ends_early(browser, live_server, clean_db, shots, fast_polls):
    phones = [_phone(browser, live_server) for _ in range(2)]
    (_, director, _), (_, table, _) = phones
    try:
        create_night_of_four(director, "Friday night", "Ann\nBob\nCy\nDi", games=4)
        expect(director.locator("#added")).to_contain_text("Ann, Bob, Cy")

        # a name typed wrong at check-in is renamed; a name already taken is refused next to the field
        director.locator(".player-row", has_text="Bob").get_by_role("link", name="Rename").click()
        director.fill("#name", "ann")
        director.click("#save-name")
        expect(director.locator("#err-name")).to_contain_text("Ann is already checked in")
        shots(director, J, "rename")
        director.fill("#name", "Bo Jones")
        director.click("#save-name")
        expect(director.locator("#player-list")).to_contain_text("Bo Jones")
        expect(director.locator("#player-list")).not_to_contain_text("Bob")
        director.get_by_role("link", name="Back to the dashboard").click()
        director.click("#start-night")
        expect(director.locator("#tables .table-row")).to_have_count(1)
        expect(director.locator("#tables")).to_contain_text("Bo Jones")
        code = director.locator("#tables .code").inner_text()

        # a bell before any hand asks first; taken back, the table plays on
        table.goto(f"/t/{code}")
        director.click("#ring-bell")
        expect(director.locator("#bell-question")).to_contain_text("No hand has been played at the head table yet")
        shots(director, J, "bell-question")
        director.click("#ring-bell-anyway")
        expect(director.locator("#bell-state")).to_contain_text("The bell rang")
        expect(table.locator("#table-state")).to_contain_text("The bell has rung", timeout=6_000)
        director.click("#undo-bell")
        expect(director.locator("#bell-state")).to_contain_text("The bell was taken back (the director)")
        expect(table.locator("#bell-undone")).to_contain_text("keep playing", timeout=6_000)
        shots(table, J, "bell-taken-back")

        # a hand, the bell, North–South send; East–West say "Not right": North–South see why
        tap(table, "maker", 0)
        tap(table, "trump", "S")
        step(table, "tricks", 3)
        save(table, 1)
        table.click("#ring-bell")
        expect(table.locator("#table-state")).to_contain_text("The bell has rung")
        table.click("#send-ns")
        table.click("#reject")
        expect(table.locator("#dispute")).to_contain_text("East–West said “Not right”")
        expect(table.locator("#dispute")).to_contain_text("North–South 1, East–West 0")
        expect(table.locator("#dispute")).to_contain_text("edit or delete any hand entered wrong")
        shots(table, J, "not-right")
        table.click("#send-ns")
        table.click("#confirm")
        expect(table.locator(".night-head")).to_contain_text("Game 2 of 4", timeout=8_000)

        # the director ends the night after game 2; the table finishes it and the night is over
        expect(director.locator("#state h2")).to_have_text("Game 2 of 4", timeout=6_000)
        director.click("#end-early")
        expect(director.locator("#last-game")).to_contain_text("This is the last game")
        expect(director.locator("#state h2")).to_have_text("Game 2 of 2")
        director.evaluate("window.scrollTo(0, 0)")
        shots(director, J, "end-early")
        expect(table.locator("#last-game")).to_contain_text("Game 2 is the last game of the night", timeout=8_000)
        director.click("#ring-bell")
        director.click("#ring-bell-anyway")
        expect(table.locator("#table-state")).to_contain_text("The bell has rung", timeout=6_000)
        table.get_by_role("link", name="Enter a game total instead").click()
        table.fill("#ns_points", "3")
        table.fill("#ew_points", "5")
        table.click("#total-ew")
        table.click("#confirm")
        expect(table.locator("#table-state")).to_contain_text("The night is over", timeout=8_000)
        expect(director.locator("#state h2")).to_have_text("The night is over", timeout=6_000)
        expect(director.locator("#state")).to_contain_text("2 games played")
        shots(director, J, "night-over")
    finally:
        for context, _page, errors in phones:
            context.close()
            assert not errors, errors


def test_a_dashboard_drawn_on_the_drawing_thread_follows_the_tables(browser, live_server, app, clean_db, shots,
                                                                     fast_polls, monkeypatch):
    """As on a server: the dashboard a screen shows is drawn after the poll, on the drawing thread, and the next
    poll brings it; its buttons carry this screen's own token."""
    from web.nights import drawer

    monkeypatch.setitem(app.config, drawer.IN_BACKGROUND, True)
    phones = [_phone(browser, live_server) for _ in range(2)]
    (_, director, _), (_, table, _) = phones
    try:
        create_night_of_four(director, "Saturday night", "Ann\nBo\nCy\nDi")
        director.get_by_role("link", name="Back to the dashboard").click()
        director.click("#start-night")
        expect(director.locator("#table-1")).to_contain_text("0 hands")
        table.goto(f"/t/{director.locator('#tables .code').first.inner_text()}")
        tap(table, "maker", 0)
        tap(table, "trump", "S")
        step(table, "tricks", 3)
        save(table, 1)
        expect(director.locator("#table-1")).to_contain_text("1 hand", timeout=8_000)  # no reload
        shots(director, J, "dashboard-follows")
        director.click("#ring-bell")  # a form of the dashboard drawn on the drawing thread
        expect(director.locator("#bell-state")).to_contain_text("The bell rang")
        expect(table.locator("#table-state")).to_contain_text("The bell has rung", timeout=6_000)
        for context, _page, _errors in phones:
            context.accessibility.finish()
    finally:
        assert drawer.drawer.wait_until_idle(10)
        for context, _page, errors in phones:
            context.close()
            assert not errors, errors
