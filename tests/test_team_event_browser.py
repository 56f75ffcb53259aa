"""Playwright at 360x740: a director and two table phones, each in its own browser, run a team event: set
up with the time estimate, check four teams in, a Grand Prix round sent and confirmed at both tables, the
playoff's first match at a table, the rest of a double-elimination top four, and the bracket on the
projector and printed."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import settled, tap
from tests.conftest import Client
from tests.team_helpers import Phones

pytestmark = pytest.mark.browser
J = "teams"


@pytest.fixture()
def fast_polls(app):
    before = app.config.get("NIGHT_POLL_SECONDS")
    app.config["NIGHT_POLL_SECONDS"] = 1
    yield
    app.config["NIGHT_POLL_SECONDS"] = before if before is not None else 3


def _phone(browser, live_server, width: int = 360, height: int = 740):
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True,
                                  is_mobile=width < 800, base_url=live_server)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def _send_and_confirm(page, home: int, away: int) -> None:
    settled(page)
    page.fill("#home_points", str(home))
    page.fill("#away_points", str(away))
    tap(page, "side", "home")
    page.click("#send-result")
    expect(page.locator("#waiting-confirm")).to_be_visible()
    page.click("#confirm")
    # The confirm has landed once its question is gone: what follows may read the game from another client.
    expect(page.locator("#waiting-confirm")).to_have_count(0)


def test_a_director_and_two_tables_run_a_grand_prix_and_a_playoff(app, browser, live_server, clean_db, shots,
                                                                   fast_polls):
    contexts = [_phone(browser, live_server) for _ in range(3)]
    (_, director, _), (_, first, _), (_, second, _) = contexts
    try:
        director.goto("/")
        director.click("#run-a-team-event")
        director.fill("#name", "Friday <b>partners</b>")
        director.fill("#day", "2026-11-27")
        director.fill("#rounds", "1")
        tap(director, "playoff_size", "4")
        tap(director, "playoff_elimination", "double")
        director.fill("#expected_teams", "4")
        director.click("#work-out")
        # 1 round and 5 playoff rounds of 20 minutes, 5 changes of 5 minutes.
        expect(director.locator("#estimate")).to_contain_text("About 2 h 25 min: 1 round and 5 playoff rounds.")
        director.locator("#estimate").scroll_into_view_if_needed()
        shots(director, J, "estimate")
        director.fill("#pin", "4821")
        director.fill("#pin_again", "4821")
        director.click("#create-event")

        for n, (one, two) in enumerate((("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")), 1):
            director.fill("#player_one", one)
            director.fill("#player_two", two)
            director.fill("#name", f"Team {one}")
            director.click("#add-team")
            expect(director.locator("#team-count")).to_have_text(str(n))
        expect(director.locator("h1")).to_have_text("Friday <b>partners</b>: teams")  # escaped, as typed
        shots(director, J, "check-in", full_page=True)
        director.click("#to-dashboard")
        director.click("#start-event")
        expect(director.locator("#tables .table-row")).to_have_count(2)
        shots(director, J, "dashboard")
        codes = director.locator("#tables .code").all_inner_texts()

        first.goto(f"/events/t/{codes[0]}")
        second.goto(f"/events/t/{codes[1]}")
        expect(first.locator("#pairing")).to_contain_text("Team")
        shots(first, J, "table")
        _send_and_confirm(first, 10, 6)
        expect(first.locator("#done")).to_contain_text("Done")
        _send_and_confirm(second, 4, 10)
        # The round is over: the playoff's first matches reach both tables without a reload.
        expect(first.locator(".night-head")).to_contain_text("Playoff match 1, winners' bracket", timeout=8_000)
        expect(second.locator(".night-head")).to_contain_text("Playoff match 2", timeout=8_000)
        shots(first, J, "playoff-table")
        _send_and_confirm(first, 10, 8)
        _send_and_confirm(second, 10, 9)

        # The rest of the playoff, played by the same tables' phones through the app's forms.
        director_client = Client(app.test_client())
        slug = director.url.rstrip("/").rsplit("/", 1)[-1]
        director_client.post(f"/events/{slug}/login", {"pin": "4821"})
        phones = Phones(app)
        rng = random.Random(3)
        for _ in range(6):
            if not phones.play_round(director_client, slug, rng):
                break

        director.goto(f"/events/{slug}/bracket")
        expect(director.locator("#champion")).to_contain_text("Champion")
        shots(director, J, "bracket", full_page=True)
        director.goto(f"/events/{slug}/standings")
        expect(director.locator("#standings-table")).to_contain_text("Games won")
        shots(director, J, "standings")

        projector_context, projector, projector_errors = _phone(browser, live_server, 1280, 720)
        projector.goto(f"/events/{slug}/screen")
        expect(projector.locator("#bracket-drawing")).to_be_visible()
        shots(projector, J, "projector-bracket")
        projector_context.close()
        assert not projector_errors

        director.emulate_media(media="print")
        director.goto(f"/events/{slug}/print")
        expect(director.locator("#event-print")).to_contain_text("Playoff")
        shots(director, J, "print", full_page=True)
        for _, _, errors in contexts:
            assert not errors
    finally:
        for context, _, _ in contexts:
            context.close()
