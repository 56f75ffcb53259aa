"""After the bell and after the movement every table's drawing is made ahead, once the answer that changed
every table is sent (``web.nights.drawn_ahead``): the phones' polls only send it, filled in for each phone."""
from __future__ import annotations

import os
import re
import secrets
from datetime import timedelta

import pytest
from sqlalchemy import select

from extensions import db
from models import Night
from tests.conftest import Client
from tests.night_helpers import Tables, check_in, confirm, create_night, send_total, start, table_codes
from web import shared_drawings
from web.nights import drawn_ahead, tables as table_pages

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
MATCH_SLUG = re.compile(r'/matches/([a-z0-9]+)/hands"')
VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')
CSRF = re.compile(r'<input[^>]*name="csrf_token"[^>]*value="([^"]+)"')


@pytest.fixture()
def night(app, client: Client, monkeypatch):
    """A two-game night of two tables in its first game, with one phone at each table (``client`` directs);
    after the movement every table's turn to load its next page comes at once."""
    monkeypatch.setattr(table_pages, "RELOAD_STAGGER", timedelta(0))
    slug = create_night(client, games=2)
    check_in(client, slug, NAMES)
    start(client, slug)
    codes = table_codes(app, slug)
    phones = Tables(app)
    with app.app_context():
        night_id = db.session.scalar(select(Night.id).where(Night.slug == slug))
    return {"slug": slug, "id": night_id, "codes": codes, "phones": {n: phones.phone(c) for n, c in codes.items()}}


def drawn(app, kind: str, code: str) -> list[str]:
    """The shared drawings of ``kind`` ("region" or "page") of the table with this code."""
    with app.app_context():
        folder = shared_drawings.store().folder
    return [name for name in os.listdir(folder) if name.startswith(f"{kind}-") and f"-{code}-" in name]


def forget(app, kind: str, code: str) -> None:
    with app.app_context():
        folder = shared_drawings.store().folder
    for name in drawn(app, kind, code):
        os.remove(os.path.join(folder, name))
    table_pages.regions.items.clear()


def ring(client: Client, night: dict) -> None:
    client.post(f"/nights/{night['slug']}/bell", {"confirmed": "yes"}).close()  # closed: what follows the answer runs


def finish_game_1(night: dict) -> None:
    """Both tables send and confirm their result; the last confirm seats game 2 (its answer closed)."""
    for number, code in night["codes"].items():
        phone = night["phones"][number]
        assert send_total(phone, code, 10, 4).status_code in (200, 303)
        confirm(phone, code).close()


def never(*_args, **_kwargs):
    raise AssertionError("drawn by the poll, not ahead")


def test_after_the_bell_every_tables_region_is_drawn_before_its_phones_ask(app, client, night, monkeypatch):
    before = {code: drawn(app, "region", code) for code in night["codes"].values()}
    ring(client, night)
    monkeypatch.setattr(table_pages, "_drawn_region", never)
    table_pages.regions.items.clear()  # read from the drawings shared by every process
    for number, code in night["codes"].items():
        assert len(drawn(app, "region", code)) == len(before[code]) + 1
        answer = night["phones"][number].get(f"/t/{code}/pulse?game=1", htmx=True)
        html = answer.get_data(as_text=True)
        assert answer.status_code == 200 and "The bell has rung" in html
        assert shared_drawings.marks(app.secret_key).csrf not in html, "the phone's own tokens, filled in"


def test_after_the_movement_every_tables_page_is_drawn_before_its_phones_ask(app, client, night, monkeypatch):
    ring(client, night)
    finish_game_1(night)
    monkeypatch.setattr(table_pages, "_draw_page", never)
    for number, code in night["codes"].items():
        assert len(drawn(app, "page", code)) == 1
        phone = night["phones"][number]
        answer = phone.get(f"/t/{code}/pulse?game=1", htmx=True)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#table-page"
        assert "pulse?game=2" in page and "Game 2" in page
        token = CSRF.search(page).group(1)
        assert token != shared_drawings.marks(app.secret_key).csrf, "this phone's own token, filled in"
        saved = phone.raw.post(f"/matches/{MATCH_SLUG.search(page).group(1)}/hands", headers={"HX-Request": "true"},
                               data={"outcome": "played", "maker": "0", "trump": "S", "tricks": "3",
                                     "token": secrets.token_urlsafe(16), "version": VERSION.search(page).group(1),
                                     "csrf_token": token})
        assert saved.status_code == 200, "the page's form saves a hand with the phone's token"


def test_a_page_drawn_ahead_is_the_page_a_poll_draws(app, client, night):
    ring(client, night)
    finish_game_1(night)
    code = night["codes"][2]
    with app.app_context():
        store = shared_drawings.store()
        (name,) = drawn(app, "page", code)
        ahead = store.get(name.removesuffix(".html"))
    forget(app, "page", code)
    assert night["phones"][2].get(f"/t/{code}/pulse?game=1", htmx=True).status_code == 200
    with app.app_context():
        assert store.get(name.removesuffix(".html")) == ahead, "the same drawing, whoever made it"


def test_the_first_game_and_a_game_that_is_over_are_not_drawn_ahead(app, client, night):
    for code in night["codes"].values():
        assert drawn(app, "page", code) == [], "the first game's phones open their page from the card"
    ring(client, night)
    drawn_ahead.draw_every_table(app, "http://localhost/", night["id"], 1, drawn_ahead.PAGE)  # the bell rang since
    for code in night["codes"].values():
        assert drawn(app, "page", code) == []
    finish_game_1(night)
    for code in night["codes"].values():
        forget(app, "region", code)
    drawn_ahead.draw_every_table(app, "http://localhost/", night["id"], 1, drawn_ahead.REGION)  # game 2 now
    for code in night["codes"].values():
        assert drawn(app, "region", code) == [], "no regions of a game that is over"


def test_a_drawing_ahead_that_fails_leaves_the_answer_and_the_polls_draw(app, client, night, monkeypatch, caplog):
    ring(client, night)
    real = table_pages.shared_page
    monkeypatch.setattr(table_pages, "shared_page", never)
    finish_game_1(night)  # the confirm's answer is closed without an error
    assert "ahead failed" in caplog.text
    monkeypatch.setattr(table_pages, "shared_page", real)
    code = night["codes"][1]
    assert drawn(app, "page", code) == []
    answer = night["phones"][1].get(f"/t/{code}/pulse?game=1", htmx=True)
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#table-page"
    assert len(drawn(app, "page", code)) == 1


@pytest.mark.parametrize("what", [drawn_ahead.REGION, drawn_ahead.PAGE])
def test_the_tables_are_drawn_in_the_order_their_turns_come(app, client, monkeypatch, what):
    """The tables load their next page in turns (``tables.reload_slot``): table 1, then table 17 (the same turn),
    then 2 and 18...; they hear of the bell at moments of their own (``tables.bell_place``): 1, 14, 6, 11, 3...
    Drawn in that order, each is made before its turn comes."""
    slug = create_night(client, games=2)
    check_in(client, slug, [f"Player {n}" for n in range(4 * (table_pages.RELOAD_SLOTS + 2))])
    start(client, slug)
    codes = table_codes(app, slug)
    with app.app_context():
        night_id = db.session.scalar(select(Night.id).where(Night.slug == slug))
    ring(client, {"slug": slug})
    if what == drawn_ahead.PAGE:
        for code in codes.values():
            phone = Tables(app).phone(code)
            assert send_total(phone, code, 10, 4).status_code in (200, 303)
            confirm(phone, code).close()
    order: list[int] = []
    drawing = "shared_page" if what == drawn_ahead.PAGE else "shared_region"
    real = getattr(table_pages, drawing)
    monkeypatch.setattr(table_pages, drawing, lambda table, tg: order.append(table.number) or real(table, tg))
    drawn_ahead.draw_every_table(app, "http://localhost/", night_id, 2 if what == drawn_ahead.PAGE else 1, what)
    assert order[:5] == ([1, 17, 2, 18, 3] if what == drawn_ahead.PAGE else [1, 14, 6, 11, 3])
    assert sorted(order) == list(range(1, len(codes) + 1))


@pytest.mark.parametrize("what", [drawn_ahead.REGION, drawn_ahead.PAGE])
def test_while_every_table_is_drawn_ahead_a_poll_at_its_turn_asks_again_shortly(app, client, night, monkeypatch,
                                                                               what):
    """A poll whose drawing the drawing thread has not reached yet is told to ask again in a moment, for up to
    WAIT_AHEAD_AT_MOST after its table's turn, rather than draw it too; then it draws it."""
    monkeypatch.setattr(table_pages, "BELL_STAGGER", timedelta(0))
    monkeypatch.setattr(table_pages, "WAIT_AHEAD_AT_MOST", timedelta(hours=1))
    code, phone = night["codes"][2], night["phones"][2]
    held = phone.get(f"/t/{code}/pulse?game=1", htmx=True).headers["ETag"].strip('"')  # its region before the bell
    ring(client, night)
    if what == drawn_ahead.PAGE:
        finish_game_1(night)
    forget(app, what, code)  # the drawing thread has not reached this table yet
    with app.app_context():
        store = shared_drawings.store()
    job = table_pages.ahead_job(night["id"], 2 if what == drawn_ahead.PAGE else 1, what)
    store.begin(job)
    drawing = "_draw_page" if what == drawn_ahead.PAGE else "_drawn_region"
    real = getattr(table_pages, drawing)
    monkeypatch.setattr(table_pages, drawing, never)
    wait = phone.get(f"/t/{code}/pulse?game=1&seen={held}", htmx=True)
    assert wait.status_code == 304 and wait.headers["X-Poll-After"] == "0.2" and "ETag" not in wait.headers

    monkeypatch.setattr(table_pages, "WAIT_AHEAD_AT_MOST", timedelta(0))  # its turn came long enough ago
    monkeypatch.setattr(table_pages, drawing, real)
    drawn = phone.get(f"/t/{code}/pulse?game=1&seen={held}", htmx=True)
    assert drawn.status_code == 200 and "X-Poll-After" not in drawn.headers
    store.end(job)
    assert not store.under_way(job)


def test_a_poll_whose_drawing_another_process_is_making_asks_again_shortly(app, client, night):
    """Rather than wait for it, holding every other phone its worker serves."""
    from models import NightTable

    ring(client, night)
    code, phone = night["codes"][1], night["phones"][1]
    tag = phone.get(f"/t/{code}/pulse?game=1", htmx=True).headers["ETag"].strip('"')
    forget(app, "region", code)
    with app.app_context():
        store = shared_drawings.store()
        table_id = db.session.scalar(select(NightTable.id).where(NightTable.code == code))
    key = table_pages.drawing_key(table_pages.PulseAnswer(tag, table_pages.REDRAW), table_id, code)
    assert store.mark(store.path(key) + ".drawing") and store.being_drawn(key)
    wait = phone.get(f"/t/{code}/pulse?game=1&seen=old", htmx=True)
    assert wait.status_code == 304 and wait.headers["X-Poll-After"] == "0.2"
    os.remove(store.path(key) + ".drawing")
    drawn = phone.get(f"/t/{code}/pulse?game=1&seen=old", htmx=True)
    assert drawn.status_code == 200 and "The bell has rung" in drawn.get_data(as_text=True)


def test_the_drawing_thread_notes_its_job_for_the_polls_until_it_is_done(app, client, night, monkeypatch):
    with app.app_context():
        store = shared_drawings.store()
    job = table_pages.ahead_job(night["id"], 1, drawn_ahead.REGION)
    under_way: list[bool] = []
    real = drawn_ahead._draw
    monkeypatch.setattr(drawn_ahead, "_draw", lambda *args: under_way.append(store.under_way(job)) or real(*args))
    ring(client, night)
    assert under_way == [True] and not store.under_way(job)
