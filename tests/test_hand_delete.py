"""Deleting a hand keeps who dealt every other hand (with and without htmx)."""
from __future__ import annotations

import pytest

from extensions import db
from models import Match
from referee import score_match
from tests.app_helpers import add_hand, create_match, form_state, stored_hands
from tests.test_hand_flow import hand_ids, page


@pytest.mark.parametrize("htmx", [False, True])
def test_deleting_the_first_hand_keeps_the_later_dealers(client, app, htmx):
    match_id = create_match(client)  # Ann deals first, then Bob, Cy
    for maker in (1, 0, 1):
        add_hand(client, match_id, maker=maker, tricks=3)
    version = form_state(page(client, match_id))["version"]
    response = client.post(f"/matches/{match_id}/hands/{hand_ids(app, match_id)[0]}/delete", {"version": version},
                           htmx=htmx)
    assert response.status_code in (200, 303)
    # Bob and Cy still dealt what they dealt, and Di deals next
    assert [h.get("dealer") for h in stored_hands(app, match_id)] == [1, 2]
    html = page(client, match_id)
    assert '<b id="dealer">Di</b>' in html
    with app.app_context():
        result = score_match(db.session.scalar(db.select(Match).where(Match.slug == match_id)).document()).to_json()
    assert [h["dealer"] for h in result["hands"]] == [1, 2]


def test_undo_of_the_last_hand_pins_no_dealer(client, app):
    match_id = create_match(client)
    for maker in (1, 0):
        add_hand(client, match_id, maker=maker, tricks=3)
    client.post(f"/matches/{match_id}/undo", {"version": form_state(page(client, match_id))["version"]})
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}]


@pytest.mark.parametrize("htmx", [False, True])
def test_undo_asks_first(client, app, htmx):
    """The Undo button asks before it takes a hand back: a dialog with scripts (hx-confirm on the button), and
    without them the page its link opens, whose form does the undo."""
    import re
    from html import unescape

    match_id = create_match(client)
    add_hand(client, match_id, maker=1, tricks=3)
    add_hand(client, match_id, maker=0, tricks=5)
    html = page(client, match_id)
    button = re.search(r'<a class="btn small" id="undo"[^>]*>', html, re.S).group(0)
    assert f'href="/matches/{match_id}/undo"' in button  # no scripts: a page that asks
    assert 'hx-post=' in button and "Undo hand 2 (" in unescape(button)  # scripts: a dialog that asks
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}, {"maker": 0, "tricks": 5}]

    ask = client.get(f"/matches/{match_id}/undo", htmx=htmx)
    text = unescape(ask.get_data(as_text=True))
    assert ask.status_code == 200 and "Undo hand 2?" in text and "scores go back to 0 to 1" in text
    assert ("<html" in text) is not htmx  # a page for a browser, its section for htmx
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}, {"maker": 0, "tricks": 5}]  # asking keeps it
    version = re.search(r'name="version" value="(\d+)"', text).group(1)
    assert client.post(f"/matches/{match_id}/undo", {"version": version}, htmx=htmx).status_code in (200, 303)
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}]


def test_undo_with_nothing_to_undo_goes_back_to_the_match(client):
    match_id = create_match(client)
    response = client.get(f"/matches/{match_id}/undo")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/matches/{match_id}")
