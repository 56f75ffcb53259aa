"""The director's seating wishes through their routes, with and without htmx: adding with validation
(plain messages next to the field), the referee refusing contradictions, the check-in's players only,
the chart cost, removing, and director-only access. Whole nights honouring the wishes are in
tests/test_night_wishes_flow.py."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.night_helpers import check_in, create_night, phone_at

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def ids(app, slug: str) -> dict[str, int]:
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return {p.name: p.id for p in night.players}


@pytest.fixture()
def night(client, app):
    slug = create_night(client)
    check_in(client, slug, NAMES)
    return slug, ids(app, slug)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_wish_is_added_listed_and_removed(client: Client, night, htmx):
    slug, who = night
    page = client.get(f"/nights/{slug}/wishes", htmx=htmx)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'id="no-wishes"' in html and ("<html" in html) != htmx
    added = client.post(f"/nights/{slug}/wishes", {"kind": "never", "player": who["Ann"], "other": who["Bo"]},
                        htmx=htmx)
    assert added.status_code == 200
    html = added.get_data(as_text=True)
    assert "Ann and Bo never partner" in html and "The wish is on the list." in html
    wish_id = re.search(r"/wishes/(\d+)/remove", html).group(1)
    removed = client.post(f"/nights/{slug}/wishes/{wish_id}/remove", htmx=htmx)
    assert removed.status_code == 200 and "never partner" not in removed.get_data(as_text=True)


@pytest.mark.parametrize("data, field, words", [
    ({"kind": "never", "player": "0", "other": "0"}, "player", "Choose a player who is checked in."),
    ({"kind": "apart", "player": "SELF", "other": "SELF"}, "other", "Choose two different players."),
    ({"kind": "never", "player": "SELF"}, "other", "Choose the second player."),
    ({"kind": "stay", "player": "SELF", "table": ""}, "table", "Give the table number, like 3."),
    ({"kind": "stay", "player": "SELF", "table": "0"}, "table", "A table from 1 to 100."),
    ({"kind": "stay", "player": "SELF", "table": str(2**40)}, "table", "A table from 1 to 100."),
    ({"kind": "never", "player": "<script>", "other": "\x00"}, "player", "Choose a player who is checked in."),
    ({"kind": "never", "player": str(2**40), "other": "1"}, "player", "Choose a player who is checked in."),
    ({"kind": "sideways", "player": "SELF"}, "kind", "Choose one of the wishes."),
])
def test_bad_input_gets_a_plain_message_next_to_its_field(client: Client, night, data, field, words):
    slug, who = night
    data = {k: (str(who["Ann"]) if v == "SELF" else v) for k, v in data.items()}
    response = client.post(f"/nights/{slug}/wishes", data, htmx=True)
    assert response.status_code == 422
    assert re.search(rf'id="err-{field}">{re.escape(words)}<', response.get_data(as_text=True))


def test_the_referee_refuses_contradicting_wishes(client: Client, night):
    slug, who = night
    assert client.post(f"/nights/{slug}/wishes", {"kind": "couple-together", "player": who["Cy"],
                                                   "other": who["Di"]}).status_code == 200
    refused = client.post(f"/nights/{slug}/wishes", {"kind": "apart", "player": who["Di"], "other": who["Cy"]})
    assert refused.status_code == 422
    assert "Cy and Di cannot be kept both together and apart." in refused.get_data(as_text=True)
    again = client.post(f"/nights/{slug}/wishes", {"kind": "couple-together", "player": who["Di"],
                                                    "other": who["Cy"]})
    assert again.status_code == 422 and "already on the list" in again.get_data(as_text=True)


def test_only_players_checked_in_and_still_here_can_be_named(client: Client, night):
    slug, who = night
    assert client.post(f"/nights/{slug}/players/{who['Hal']}/leave").status_code == 200
    page = client.get(f"/nights/{slug}/wishes").get_data(as_text=True)
    assert f'<option value="{who["Hal"]}"' not in page and f'<option value="{who["Ann"]}"' in page
    refused = client.post(f"/nights/{slug}/wishes", {"kind": "stay", "player": who["Hal"], "table": "1"})
    assert refused.status_code == 422


def test_a_chart_night_shows_what_the_wishes_cost(client: Client, app):
    slug = create_night(client, movement="chart", games="7")
    check_in(client, slug, NAMES)
    who = ids(app, slug)
    client.post(f"/nights/{slug}/wishes", {"kind": "couple-together", "player": who["Ann"], "other": who["Bo"]})
    html = client.get(f"/nights/{slug}/wishes").get_data(as_text=True)
    assert 'id="wish-cost"' in html and "more time" in html  # an optimal 8-player chart pays for a couple


def test_wishes_are_the_directors(app, night):
    slug, who = night
    stranger = phone_at(app, "10.0.0.9")
    assert stranger.get(f"/nights/{slug}/wishes").status_code in (302, 303, 403)
    assert stranger.post(f"/nights/{slug}/wishes", {"kind": "never", "player": who["Ann"],
                                                     "other": who["Bo"]}).status_code in (302, 303, 403)


def test_a_wish_of_another_night_is_not_found(client: Client, night, app):
    slug, who = night
    client.post(f"/nights/{slug}/wishes", {"kind": "never", "player": who["Ann"], "other": who["Bo"]})
    other = create_night(client, name="Friday")
    assert client.post(f"/nights/{other}/wishes/1/remove").status_code == 404
    assert client.post(f"/nights/{other}/wishes/{2**40}/remove").status_code == 404
