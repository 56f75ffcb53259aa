"""The projector's big screens (web/nights/projector.py): the standings of 400 players in pages, the prizes
on every page, and "find your seat" in alphabetical pages; both polling like the other screens. Then in a
browser: the pages turn by themselves, on a projector and at 360x740."""
from __future__ import annotations

import math
import re
from html import unescape

import pytest
from sqlalchemy import select

from extensions import db
from models import Night
from tests.browser_helpers import AccessibilityWatch
from tests.hall_helpers import hall_night
from web.nights import projector
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import setup as night_setup, table_game
from web.nights.screens import standing_rows
from web.nights.standings import load_sheet

SCRIPT = "<script>alert(1)</script>"


def night_of(slug: str) -> Night:
    return db.session.scalar(select(Night).where(Night.slug == slug))


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def page_blocks(html: str) -> list[str]:
    return re.findall(r'<section class="proj-page".*?</section>', html, re.S)


def assert_csp_clean(html: str) -> None:
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "an inline script"
    assert "<style" not in html and " style=" not in html, "an inline style"


@pytest.fixture()
def hall(app):
    """400 players: game 1 played and confirmed, game 2 seated."""
    with app.app_context():
        slug = hall_night(400, 10, played=1)
        night = night_of(slug)
        ranked = [(row.rank, row.shared, row.name, row.total) for row in standing_rows(load_sheet(night))]
        seats = {s.player.name: (s.table, s.seat) for s in night_queries.seats_of(night, 2)}
    return {"slug": slug, "ranked": ranked, "seats": seats}


def test_standings_of_400_in_pages_with_the_prizes_on_top(app, client, hall):
    response = client.get(f"/nights/{hall['slug']}/projector/standings")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().lower().startswith("<!doctype html") and "projector.js" in html and "projector.css" in html
    assert_csp_clean(html)
    pages = page_blocks(html)
    assert len(pages) == math.ceil(400 / projector.STANDINGS_PER_PAGE) == 14
    shown = []
    for number, page in enumerate(pages, start=1):
        first = (number - 1) * projector.STANDINGS_PER_PAGE + 1
        last = min(number * projector.STANDINGS_PER_PAGE, 400)
        assert f"Places {first}–{last} of 400 · page {number} of 14" in words(page)
        shown += re.findall(r'<span class="pr-rank">(?:<span class="sr-only">tied for </span>(T))?(\d+)</span>\s*'
                            r'<span class="pr-name">(.*?)</span> <span class="pr-total">(-?\d+)</span>', page)
    # everyone once, in the standings' order, with the standings' rank, tie mark and total
    assert [(int(rank), tied == "T", unescape(name), int(total)) for tied, rank, name, total in shown] == hall["ranked"]
    prizes = re.search(r'<ul class="proj-prizes".*?</ul>', html, re.S).group(0)
    assert html.index(prizes) < html.index(pages[0])  # above the pages: on screen whatever the page
    for title in ("High score", "Low score", "Most loners"):
        assert title in prizes
    assert words(prizes).count("so far") == 3
    assert f'data-rotate="{app.config.get("PROJECTOR_PAGE_SECONDS", 10)}"' in html
    assert "Standings during game 2 of 10" in words(html)


def test_find_your_seat_for_400_in_alphabetical_pages(client, hall):
    html = client.get(f"/nights/{hall['slug']}/projector/seats").get_data(as_text=True)
    assert_csp_clean(html)
    pages = page_blocks(html)
    assert len(pages) == math.ceil(400 / projector.SEATS_PER_PAGE) == 9
    seat_names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    listed = []
    for number, page in enumerate(pages, start=1):
        rows = re.findall(r'<li(?: class="sits-out")?><span class="ps-name">(.*?)</span>\s*<span class="ps-where">'
                          r'(?:<span class="ps-table">Table (\d+)</span> <span class="ps-seat">(\w+)</span>|sits out)</span>',
                          page)
        names = [unescape(name) for name, _, _ in rows]
        assert f"{names[0]} – {names[-1]} · page {number} of 9" in words(page)  # the names it runs from and to
        listed += [(unescape(name), int(table) if table else None, seat or None) for name, table, seat in rows]
    assert [name for name, _, _ in listed] == sorted(hall["seats"], key=lambda n: (n.casefold(), n))
    for name, table, seat in listed:
        expected_table, expected_seat = hall["seats"][name]
        assert (table, seat) == (expected_table, seat_names.get(expected_seat)), name
    assert "Game 2 of 10: find your seat" in words(html)


@pytest.mark.parametrize("screen", ["standings", "seats"])
def test_the_fragment_and_the_polls(app, client, hall, screen):
    url = f"/nights/{hall['slug']}/projector/{screen}"
    page = client.get(url)
    fragment = client.get(url, htmx=True)
    part = fragment.get_data(as_text=True)
    assert part.lstrip().startswith("<section") and "<html" not in part and 'class="proj-page"' in part
    assert part.strip() in page.get_data(as_text=True)
    tag = page.headers["ETag"].strip('"')
    assert f"seen={tag}" in part and 'hx-trigger="every' in part
    assert client.get(f"{url}?seen={tag}", htmx=True).status_code == 304
    with app.app_context():  # a game starts: both screens change
        night = night_of(hall["slug"])
        night_bell.ring_bell(night, "director")
        for tg in night_queries.table_games(night, 2):
            table_game.submit(night, tg, pair="NS", actor="table", totals=(10, 4), loners={}, cut_winner=None)
            table_game.confirm(night, tg, pair="EW", actor="table")
        db.session.commit()
        night_games.start_game(night, 3)
        db.session.commit()
    again = client.get(f"{url}?seen={tag}", htmx=True)
    assert again.status_code == 200 and again.headers["ETag"].strip('"') != tag


def test_before_and_after_the_night(app, client):
    with app.app_context():
        night = night_setup.create_night(name="Friday " + SCRIPT, day=__import__("datetime").date(2026, 11, 27),
                                         variant="progressive-euchre", rules={}, games=3, hands_per_game=8,
                                         movement="winners", sit_out_mode="average", sit_out_points=0,
                                         bell_minutes=None, pin="2468")
        db.session.commit()
        slug = night.slug
    base = f"/nights/{slug}/projector"
    assert "Nobody is checked in yet." in words(client.get(f"{base}/standings").get_data(as_text=True))
    html = client.get(f"{base}/seats").get_data(as_text=True)
    assert "Your seat appears here when game 1 starts." in words(html)
    assert SCRIPT not in html and "Friday &lt;script&gt;" in html
    with app.app_context():
        night = night_of(slug)
        night_setup.check_in(night, ["Ann", "Bo", "Cy", "Di", SCRIPT])
        db.session.commit()
    html = client.get(f"{base}/standings").get_data(as_text=True)
    assert "The standings appear once game 1 has results." in words(html) and "proj-page" not in html
    with app.app_context():
        night = night_of(slug)
        night_games.start_game(night, 1)
        db.session.commit()
    html = client.get(f"{base}/seats").get_data(as_text=True)
    assert SCRIPT not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert len(page_blocks(html)) == 1 and "page 1 of" not in html  # one page: no page numbers
    with app.app_context():
        night_games.finish_night(night_of(slug))
        db.session.commit()
    assert "Thanks for playing!" in words(client.get(f"{base}/seats").get_data(as_text=True))
    assert "Final standings" in words(client.get(f"{base}/standings").get_data(as_text=True))


def test_unknown_night_and_the_links_to_the_big_screens(client, hall):
    for screen in ("standings", "seats"):
        assert client.get(f"/nights/nosuch/projector/{screen}").status_code == 404
    html = client.get(f"/nights/{hall['slug']}/standings").get_data(as_text=True)
    assert f'href="/nights/{hall["slug"]}/projector/standings">Big screen: standings<' in html
    assert f'href="/nights/{hall["slug"]}/projector/seats">Big screen: find your seat<' in html


# -- in the browser --------------------------------------------------------------------------------
def visible_page(pg) -> int:
    """The number of the one page on screen (and checks that it is the only one)."""
    flags = pg.eval_on_selector_all(".proj-page", "pages => pages.map(p => !p.hidden && p.offsetHeight > 0)")
    assert flags.count(True) == 1, flags
    return flags.index(True) + 1


@pytest.mark.browser
def test_the_big_screens_turn_their_pages_on_a_projector(app, browser, live_server, clean_db, hall, shots, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setitem(app.config, "PROJECTOR_PAGE_SECONDS", 2)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server)
    accessibility = AccessibilityWatch(context)
    try:
        pg = context.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(f"/nights/{hall['slug']}/projector/standings")
        expect(pg.locator("#proj-prizes")).to_be_visible()
        assert visible_page(pg) == 1
        shots(pg, "projector", "standings")
        assert pg.evaluate("document.documentElement.scrollHeight") <= 720  # one screen, not a scroll
        pg.wait_for_function("() => document.querySelector('[data-rotate]').dataset.page === '2'", timeout=5_000)
        assert visible_page(pg) == 2
        expect(pg.locator("#proj-prizes")).to_be_visible()  # the prizes stay
        assert pg.locator(".proj-page:not([hidden]) .pr-name").first.inner_text() == hall["ranked"][30][2]

        pg.goto(f"/nights/{hall['slug']}/projector/seats")
        assert visible_page(pg) == 1
        shots(pg, "projector", "find-your-seat")
        assert pg.evaluate("document.documentElement.scrollHeight") <= 720
        pg.wait_for_function("() => document.querySelector('[data-rotate]').dataset.page === '2'", timeout=5_000)
        assert visible_page(pg) == 2
        assert not errors, errors
        accessibility.finish()
    finally:
        context.close()


@pytest.mark.browser
def test_the_big_screens_at_360px(app, page, hall, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setitem(app.config, "PROJECTOR_PAGE_SECONDS", 1)
    for screen in ("standings", "seats"):
        page.goto(f"/nights/{hall['slug']}/projector/{screen}")
        assert visible_page(page) == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.wait_for_function("() => document.querySelector('[data-rotate]').dataset.page === '2'", timeout=5_000)
    expect(page.locator(".proj-page:not([hidden]) .ps-name").first).to_be_visible()


@pytest.mark.browser
def test_a_new_drawing_carries_on_from_the_page_on_screen(app, page, hall, monkeypatch):
    """A poll that brings the next game's seats does not send the screen back to page 1."""
    monkeypatch.setitem(app.config, "PROJECTOR_PAGE_SECONDS", 3)
    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 1)
    page.goto(f"/nights/{hall['slug']}/projector/seats")
    page.wait_for_function("() => document.querySelector('[data-rotate]').dataset.page === '2'", timeout=6_000)
    with app.app_context():
        night = night_of(hall["slug"])
        night_bell.ring_bell(night, "director")
        db.session.commit()
    page.wait_for_selector(".proj-bell", timeout=5_000)  # the redrawn screen is in
    assert visible_page(page) >= 2


def test_the_phones_seating_list_for_400_jumps_to_each_initial(client, hall):
    """On a phone, the seating screen lists all 400 alphabetically, and a row of letters jumps to the first
    name under each initial; every name links to that player's own page."""
    html = client.get(f"/nights/{hall['slug']}/seating").get_data(as_text=True)
    names = sorted(hall["seats"], key=lambda n: (n.casefold(), n))
    rows = re.findall(r'<li class="(?:seated|sits-out)"(?: id="(seat-\d+)")?><a class="who" href="([^"]+)">(.*?)</a>', html)
    assert [unescape(name) for _, _, name in rows] == names
    assert all(re.fullmatch(rf"/nights/{hall['slug']}/me/\d+/[\w-]+", href) for _, href, _ in rows)
    letters = re.findall(r'<li><a href="#(seat-\d+)">(.)</a></li>', html)
    initials = list(dict.fromkeys(name[0].upper() for name in names))
    assert [letter for _, letter in letters] == initials and len(initials) > 1
    first_under = {anchor: unescape(name) for anchor, _, name in rows if anchor}
    for anchor, letter in letters:
        assert first_under[anchor] == next(n for n in names if n[0].upper() == letter)


@pytest.mark.browser
def test_a_letter_takes_a_phone_to_its_names(app, page, hall, shots):
    from playwright.sync_api import expect

    page.goto(f"/nights/{hall['slug']}/seating")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    names = sorted(hall["seats"], key=lambda n: (n.casefold(), n))
    last_letter = names[-1][0].upper()
    first_of_last = next(n for n in names if n[0].upper() == last_letter)
    row = page.locator("#seating-list li", has_text=first_of_last).first
    expect(row).not_to_be_in_viewport()
    page.locator("#letter-jump").get_by_role("link", name=last_letter, exact=True).click()
    expect(row).to_be_in_viewport()
    bar = page.locator(".topbar").bounding_box()
    assert row.bounding_box()["y"] >= bar["y"] + bar["height"], "the name is under the top bar"
    shots(page, "seating", "jump-to-a-letter")
