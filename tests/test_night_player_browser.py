"""Playwright at 360x740: a player opens their own page from the QR link on their tally card and follows
the night on it: their seat, their tally filling in, the next game's seat appearing by itself, and their
final place. The director and the tables are plain HTTP phones (their screens have journeys of their own)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture launches with these)
from tests.night_helpers import night_data
from tests.server_helpers import Phone

pytestmark = pytest.mark.browser
J = "player-page"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


@pytest.fixture()
def fast_polls(app):
    before = app.config.get("NIGHT_POLL_SECONDS")
    app.config["NIGHT_POLL_SECONDS"] = 1
    yield
    app.config["NIGHT_POLL_SECONDS"] = before if before is not None else 3


def _codes(app, slug: str) -> list[str]:
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return [t.code for t in night.tables]


def _play_game(app, director: Phone, slug: str, base: str) -> None:
    """The bell, then every table sends a total and the other pair confirms (each table its own phone)."""
    director.get(f"/nights/{slug}")
    assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})[0] in (200, 303)
    for code in _codes(app, slug):
        table = Phone(base)
        table.get(f"/t/{code}")
        data = {"ns_points": "10", "ew_points": "7", "pair": "NS", **{f"loners_{s}": "0" for s in "NESW"}}
        assert table.post(f"/t/{code}/total", data)[0] in (200, 303)
        table.get(f"/t/{code}")
        assert table.post(f"/t/{code}/confirm", {"pair": "EW"})[0] in (200, 303)


def test_a_player_follows_the_night_from_the_tally_cards_qr(browser, live_server, app, clean_db, shots, fast_polls):
    director = Phone(live_server)
    director.get("/nights/new")
    status, headers, _ = director.post("/nights/new", night_data(games="2", name="Friday social"), htmx=False)
    assert status == 303
    slug = re.search(r"/nights/([^/]+)/players", headers["Location"]).group(1)
    director.get(f"/nights/{slug}/players")
    assert director.post(f"/nights/{slug}/players", {"names": "\n".join(NAMES)})[0] == 200
    assert director.post(f"/nights/{slug}/start", {}, htmx=False)[0] == 303

    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True, base_url=live_server)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        # the tally card carries the player's QR; its link is what the camera opens
        phone.goto(f"/nights/{slug}/print/tally-cards")
        card_link = phone.locator('.tally-qr-link[data-name="Ann"]')
        expect(card_link.locator("svg")).to_be_visible()
        shots(phone, J, "tally-card-qr")
        href = card_link.get_attribute("href")
        assert href.startswith("http://192.168.1.23:")  # the address phones on the Wi-Fi reach (conftest's)
        phone.goto(urlsplit(href).path)  # the same page, at the address this test's server listens on
        expect(phone.locator("h1")).to_contain_text("Ann")
        expect(phone.locator("#player-now")).to_contain_text("Game 1 of 2")
        expect(phone.locator("#player-move")).to_contain_text(re.compile(r"Go to table \d|You sit out"))
        shots(phone, J, "seat-now")

        # the tables play game 1: the page shows the tally and the next seat by itself
        _play_game(app, director, slug, live_server)
        expect(phone.locator("#player-now")).to_contain_text("Game 2 of 2", timeout=8_000)
        expect(phone.locator("#player-move")).to_contain_text(re.compile(r"Move from|Stay at|Go to|You sit out"))
        expect(phone.locator("#player-place")).to_contain_text("Place now")
        expect(phone.locator("#player-tally tbody tr")).to_have_count(2)
        shots(phone, J, "next-game", full_page=True)

        # game 2 ends the night: the final place
        _play_game(app, director, slug, live_server)
        expect(phone.locator("#player-now")).to_contain_text("The night is over", timeout=8_000)
        expect(phone.locator("#player-place")).to_contain_text("Final place")
        shots(phone, J, "final", full_page=True)

        assert errors == []
    finally:
        context.close()
