"""Playwright at 360x740, the pollers' timing (static/app.js). A table's page starts its poller at a random
moment within its first interval, so that the phones of a big night, which all get their next game's page
together, do not poll in step for the whole game (Math.random is pinned, so the moment is known). A page told
when its table's turn for the next page comes asks again then."""
from __future__ import annotations

import re
import time
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Iterator

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM_ARGS, Client  # noqa: F401  (the browser fixture launches with these)
from tests.night_helpers import night_data
from tests.server_helpers import Phone

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bo", "Cy", "Di"]


def _table_code(app, slug: str) -> str:
    from extensions import db
    from models import Night

    with app.app_context():
        return db.session.query(Night).filter_by(slug=slug).one().tables[0].code


@contextmanager
def a_phone_counting_its_polls(browser, live_server: str,
                               random: float) -> Iterator[tuple[Any, list[str], list[float]]]:
    """A 360x740 page whose Math.random always gives ``random``, with its script errors and the moments of its
    polls."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server)
    context.add_init_script(f"Math.random = function () {{ return {random}; }};")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        polls: list[float] = []
        page.on("request", lambda request: polls.append(time.monotonic()) if "/pulse" in request.url else None)
        yield page, errors, polls
    finally:
        context.close()


def a_night_of_two_tables_polling_every_10_s(app, monkeypatch) -> tuple[Client, str, dict[int, str]]:
    """A two-game night of two tables in its first game (the director, its slug, the tables' codes)."""
    from tests.night_helpers import check_in, create_night, start, table_codes

    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 10)
    director = Client(app.test_client())
    slug = create_night(director, games=2)
    check_in(director, slug, NAMES + ["Ed", "Flo", "Gus", "Hal"])
    start(director, slug)
    return director, slug, table_codes(app, slug)


def asked_again_at_the_turn(polls: list[float], loaded: float, changed: float, shown: float) -> None:
    """The page's first poll (3 s after it was opened) came before its table's turn, 5 s after the change; it
    asked again at the turn, and showed the change well before its next interval."""
    assert len(polls) == 2, "a poll before the turn, then one at the turn"
    assert polls[0] - loaded > 2.5 and 4.5 < polls[1] - changed < 6.5, "the second poll at the turn (5 s)"
    assert shown - loaded < 9, "well before the page's next interval (13 s after it was opened)"


def test_a_table_page_polls_first_at_its_random_moment_then_at_its_interval(browser, live_server, app, clean_db,
                                                                              monkeypatch):
    # every 4 s, as while a game is played: a first poll at the end of the interval would come 4 s after the page
    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 4)
    director = Phone(live_server)
    director.get("/nights/new")
    status, headers, _ = director.post("/nights/new", night_data(games="2", name="Spread"), htmx=False)
    slug = re.search(r"/nights/([^/]+)/players", headers["Location"]).group(1)
    director.get(f"/nights/{slug}/players")
    assert director.post(f"/nights/{slug}/players", {"names": "\n".join(NAMES)})[0] == 200
    assert director.post(f"/nights/{slug}/start", {}, htmx=False)[0] == 303
    code = _table_code(app, slug)

    # a quarter of the interval: 1 s
    with a_phone_counting_its_polls(browser, live_server, 0.25) as (page, errors, polls):
        page.goto(f"/t/{code}")
        loaded = time.monotonic()
        expect(page.locator(".poller")).to_have_attribute("hx-trigger", "spread, every 4s", timeout=3_000)
        page.wait_for_timeout(5_800)
        assert errors == []
        assert polls, "the page polled"
        assert polls[0] - loaded < 2.5, "the first poll at its random moment (1 s), not after a whole interval (4 s)"
        assert len(polls) == 2 and 3.5 < polls[1] - polls[0] < 4.8, "then every 4 s"
        assert not page.locator(".poller[data-poll-spread]").count()


def test_a_table_waiting_its_turn_for_the_next_page_gets_it_at_the_turn(browser, live_server, app, clean_db,
                                                                         monkeypatch):
    """After the movement the tables take turns to load their next page (``tables.RELOAD_STAGGER``). A poll
    before the turn is told when it comes (X-Poll-After) and the page asks again then: table 2 gets its next
    page at its turn, not a whole interval (10 s here) after its poll."""
    from tests.night_helpers import Tables, confirm, send_total
    from web.nights import tables as table_pages

    monkeypatch.setattr(table_pages, "RELOAD_STAGGER", timedelta(seconds=80))  # table 2's turn: 5 s after the start
    director, slug, codes = a_night_of_two_tables_polling_every_10_s(app, monkeypatch)
    tables = Tables(app)

    # the first poll 3 s after the page
    with a_phone_counting_its_polls(browser, live_server, 0.3) as (page, errors, polls):
        page.goto(f"/t/{codes[2]}")
        loaded = time.monotonic()
        expect(page.get_by_text("Game 1 of 2")).to_be_visible()
        director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
        for number, code in codes.items():  # both tables' results: game 2 is seated
            phone = tables.phone(code)
            assert send_total(phone, code, 10, 4 + number).status_code == 303
            assert confirm(phone, code).status_code == 303
        started = time.monotonic()
        assert started - loaded < 2.5, "game 2 seated before the page's first poll"
        expect(page.get_by_text("Game 2 of 2")).to_be_visible(timeout=8_000)
        assert errors == []
        asked_again_at_the_turn(polls, loaded, started, time.monotonic())


def test_a_table_waiting_its_turn_to_hear_of_the_bell_hears_at_the_turn(browser, live_server, app, clean_db,
                                                                        monkeypatch, shots):
    """After the bell the tables hear of it in turns (``tables.BELL_STAGGER``). A poll before the table's turn
    is answered "nothing new" and told when the turn comes; the page asks again then: table 2 sees the bell at
    its turn, not a whole interval (10 s here) after its poll."""
    from web.nights import tables as table_pages

    # table 2's moment: 5 s after the bell
    monkeypatch.setattr(table_pages, "BELL_STAGGER", timedelta(seconds=5 / table_pages.GOLDEN))
    director, slug, codes = a_night_of_two_tables_polling_every_10_s(app, monkeypatch)

    # the first poll 3 s after the page
    with a_phone_counting_its_polls(browser, live_server, 0.3) as (page, errors, polls):
        page.goto(f"/t/{codes[2]}")
        loaded = time.monotonic()
        expect(page.get_by_text("Game 1 of 2")).to_be_visible()
        director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
        rung = time.monotonic()
        assert rung - loaded < 2.5, "the bell rang before the page's first poll"
        expect(page.get_by_text("The bell has rung")).to_be_visible(timeout=8_000)
        assert errors == []
        asked_again_at_the_turn(polls, loaded, rung, time.monotonic())
        shots(page, "bell-turn", "table-2-hears-the-bell")
