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
