"""The prizes a director chooses, through their routes with and without htmx: the built-in prizes, a
named prize with players marked at check-in or on the prizes page, one award per player, and the
standings showing the night's own prizes (who wins is the referee's, tests/tournament/test_awards.py)."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, confirm, create_night, phone_at, send_total, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]


def player_ids(app, slug):
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return {p.name: p.id for p in night.players}


def marked(app, slug):
    from extensions import db
    from models import Night, NightPlayerTag

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        names = {p.id: p.name for p in night.players}
        tags = db.session.query(NightPlayerTag).filter_by(night_id=night.id)
        return sorted((names[t.player_id], t.tag) for t in tags)


@pytest.mark.parametrize("htmx", [False, True])
def test_choosing_prizes_and_a_named_one(client: Client, app, htmx):
    slug = create_night(client)
    page = client.get(f"/nights/{slug}/prizes", htmx=htmx).get_data(as_text=True)
    assert ("<html" in page) != htmx
    assert 'id="prize-high" checked' in page and 'id="prize-high_game">' in page  # the classic three by default
    choice = {"high": "y", "high_game": "y", "one_award": "y", "named": " Ladies "}
    saved = client.post(f"/nights/{slug}/prizes", choice, htmx=htmx)
    assert saved.status_code == 200
    html = saved.get_data(as_text=True)
    assert "The prizes are saved." in html and 'id="prize-low">' in html and "Ladies" in html
    again = client.post(f"/nights/{slug}/prizes", {"high": "y", "named": "ladies"}, htmx=htmx)
    assert again.status_code == 422 and 'id="err-named">Ladies is already a prize.<' in again.get_data(as_text=True)


@pytest.mark.parametrize("data, words", [
    ({}, "Choose at least one prize."),
    ({"high": "y", "named": "x" * 41}, "Keep the name to 40 letters."),
    ({"high": "y", "named": "La\x00dies"}, "Use only letters, digits, spaces and punctuation."),
])
def test_bad_prize_input_gets_a_plain_message(client: Client, data, words):
    slug = create_night(client)
    response = client.post(f"/nights/{slug}/prizes", data, htmx=True)
    assert response.status_code == 422
    assert f'id="err-named">{words}<' in response.get_data(as_text=True)


def test_players_are_marked_at_check_in_and_on_the_prizes_page(client: Client, app):
    slug = create_night(client)
    client.post(f"/nights/{slug}/prizes", {"high": "y", "named": "Ladies"})
    assert 'name="mark"' in client.get(f"/nights/{slug}/players").get_data(as_text=True)
    assert client.post(f"/nights/{slug}/players", {"names": "Ann\nDi", "mark": "ladies"}).status_code == 200
    assert client.post(f"/nights/{slug}/players", {"names": "Bo\nCy"}).status_code == 200
    bad = client.post(f"/nights/{slug}/players", {"names": "Ed", "mark": "<script>"})
    assert bad.status_code == 422 and "Choose one of the named prizes" in bad.get_data(as_text=True)
    assert marked(app, slug) == [("Ann", "Ladies"), ("Di", "Ladies")]
    ids = player_ids(app, slug)
    page = client.get(f"/nights/{slug}/prizes").get_data(as_text=True)
    prize_id = re.search(r"/prizes/(\d+)/players", page).group(1)
    client.post(f"/nights/{slug}/prizes/{prize_id}/players", {"player": [str(ids["Ann"]), str(ids["Cy"]), "junk",
                                                                       str(2**40)]}, htmx=True)
    assert marked(app, slug) == [("Ann", "Ladies"), ("Cy", "Ladies")]
    assert client.post(f"/nights/{slug}/prizes/{prize_id}/remove").status_code == 200
    assert marked(app, slug) == []
    assert client.post(f"/nights/{slug}/prizes/{prize_id}/remove").status_code == 404


def test_the_prizes_are_the_directors(client: Client, app):
    slug = create_night(client)
    stranger = phone_at(app, "10.0.0.9")
    assert stranger.get(f"/nights/{slug}/prizes").status_code in (302, 303, 403)
    assert stranger.post(f"/nights/{slug}/prizes", {"high": "y"}).status_code in (302, 303, 403)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_standings_award_the_nights_own_prizes(client: Client, app, htmx):
    slug = create_night(client, games="1")
    client.post(f"/nights/{slug}/prizes", {"high": "y", "high_game": "y", "one_award": "y", "named": "Ladies"})
    client.post(f"/nights/{slug}/players", {"names": "Ann\nDi", "mark": "Ladies"})
    check_in(client, slug, ["Bo", "Cy"])
    start(client, slug)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    tables = Tables(app)
    code = table_codes(app, slug)[1]
    assert send_total(tables.phone(code), code, 9, 4).status_code == 303
    assert confirm(tables.phone(code), code).status_code == 303
    html = client.get(f"/nights/{slug}/standings", htmx=htmx).get_data(as_text=True)
    titles = re.findall(r'<h3 class="prize-title">([^<]+)</h3>', html)
    assert titles == ["High score", "High single game", "Ladies"]
    assert "Low score" not in html and "in one game" in html
    assert "One award per player" in html and "passed over, already a winner" in html
