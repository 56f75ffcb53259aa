"""A player's own page through its route, with and without htmx: their seat now and where to go, their
tally game by game and their place; it updates itself (a 304 while nothing changed); the address needs
the player's token; and it is read-only: it carries no table code, and its holder can write no table."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, confirm, create_night, phone_at, send_total, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def page_address(app, slug: str, name: str) -> str:
    from extensions import db
    from models import Night
    from web.nights.player_page import player_url

    with app.test_request_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        player = next(p for p in night.players if p.name == name)
        return player_url(night, player.id)


def seat_of(app, slug: str, name: str, game: int):
    from extensions import db
    from models import Night, NightSeat

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        player = next(p for p in night.players if p.name == name)
        seat = db.session.query(NightSeat).filter_by(night_id=night.id, game=game, player_id=player.id).one()
        return seat.table, seat.seat


def play_game(app, director: Client, slug: str) -> None:
    """The bell, then every table sends a total and the other pair confirms."""
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    tables = Tables(app)
    for code in table_codes(app, slug).values():
        assert send_total(tables.phone(code), code, 10, 6).status_code == 303
        assert confirm(tables.phone(code), code).status_code == 303


@pytest.fixture()
def night(client, app):
    slug = create_night(client, games="3")
    check_in(client, slug, NAMES)
    return slug


@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_follows_the_night(client: Client, app, night, htmx):
    slug = night
    address = page_address(app, slug, "Ann")
    phone = phone_at(app, "10.0.0.7")
    before = phone.get(address, htmx=htmx)
    assert before.status_code == 200
    html = before.get_data(as_text=True)
    assert ("<html" in html) != htmx and "You are checked in." in html
    start(client, slug)
    table, seat = seat_of(app, slug, "Ann", 1)
    html = phone.get(address, htmx=htmx).get_data(as_text=True)
    if table is None:
        assert "You sit out this game." in html
    else:
        assert f"Go to table {table}, the {dict(N='North', E='East', S='South', W='West')[seat]} seat." in html
        assert 'title="not in yet"' in html
    play_game(app, client, slug)
    html = phone.get(address, htmx=htmx).get_data(as_text=True)
    assert "Game 2 of 3" in html and 'id="player-place"' in html
    assert re.search(r'<th scope="row">1</th>\s*<td>(\d (North|East|South|West)|out)</td>', html)


def test_an_unchanged_page_answers_304(client: Client, app, night):
    address = page_address(app, night, "Bo")
    first = client.get(address, htmx=True)
    tag = first.headers["ETag"].strip('"')
    assert client.get(f"{address}?seen={tag}", htmx=True).status_code == 304
    start(client, night)
    assert client.get(f"{address}?seen={tag}", htmx=True).status_code == 200


@pytest.mark.parametrize("change", ["token", "player", "night"])
def test_the_address_needs_the_players_own_token(client: Client, app, night, change):
    address = page_address(app, night, "Cy")
    other = page_address(app, night, "Di")
    if change == "token":
        bad = address[:-3] + ("aaa" if not address.endswith("aaa") else "bbb")
    elif change == "player":  # Di's id with Cy's token
        bad = re.sub(r"/me/\d+/", re.search(r"/me/\d+/", other).group(0), address)
    else:
        bad = address.replace(f"/nights/{night}/", f"/nights/{create_night(client, name='Other')}/")
    assert client.get(bad).status_code == 404
    assert client.get(address.replace("/me/", "/me/99999999999999/x")).status_code == 404


def test_the_page_writes_no_table(app, client: Client, night):
    start(client, night)
    client.post(f"/nights/{night}/bell", {"confirmed": "yes"})
    codes = table_codes(app, night)
    phone = phone_at(app, "10.0.0.8")
    html = phone.get(page_address(app, night, "Ed")).get_data(as_text=True)
    assert not any(code in html for code in codes.values()), "a table's code is its key"
    for code in codes.values():
        refused = send_total(phone, code, 10, 2)
        assert refused.status_code in (403, 404), refused.status_code
    from extensions import db
    from models import TableGame

    with app.app_context():
        assert all(tg.status == "playing" for tg in db.session.query(TableGame))
