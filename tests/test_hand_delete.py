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
