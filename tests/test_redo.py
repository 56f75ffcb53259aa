"""An undo can be taken back (issue 17): the hand this phone just undid comes back exactly as it was, through
``change_match`` like any added hand, while nothing else has changed the match. With and without htmx."""
from __future__ import annotations

import re

import pytest

from tests.app_helpers import add_hand, create_match, form_state, stored_hands
from tests.test_hand_flow import page

HANDS = [dict(maker=1, tricks=3), dict(maker=2, trump="S", alone=True, tricks=5)]


def played(client, app) -> tuple[str, list[dict]]:
    match_id = create_match(client)
    for hand in HANDS:
        assert add_hand(client, match_id, **hand).status_code in (200, 303)
    return match_id, stored_hands(app, match_id)


def undo(client, match_id: str, htmx: bool = False):
    return client.post(f"/matches/{match_id}/undo", {"version": form_state(page(client, match_id))["version"]},
                       htmx=htmx)


def redo_version(html: str) -> str:
    form = re.search(r'<form class="undone-bar" id="undone".*?</form>', html, re.S)
    assert form, "no way to take the undo back"
    return re.search(r'name="version" value="(\d+)"', form.group(0)).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_undone_hand_comes_back_exactly_as_it_was(client, app, htmx):
    match_id, before = played(client, app)
    answer = undo(client, match_id, htmx)
    assert stored_hands(app, match_id) == before[:1]
    html = answer.get_data(as_text=True) if htmx else page(client, match_id)
    assert "Hand 2 undone." in html and "Bring hand 2 back" in html
    response = client.post(f"/matches/{match_id}/redo", {"version": redo_version(html)}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert stored_hands(app, match_id) == before
    after = response.get_data(as_text=True) if htmx else page(client, match_id)
    assert 'id="undone"' not in after and 'id="hand-2"' in after
    again = client.post(f"/matches/{match_id}/redo", {"version": redo_version(html)}, htmx=htmx)
    assert again.status_code == 409 and stored_hands(app, match_id) == before  # brought back once only


@pytest.mark.parametrize("htmx", [False, True])
def test_a_change_after_the_undo_ends_the_offer(client, app, htmx):
    match_id, before = played(client, app)
    html = undo(client, match_id, htmx=True).get_data(as_text=True)
    version = redo_version(html)
    add_hand(client, match_id, maker=0, tricks=4)
    assert 'id="undone"' not in page(client, match_id)
    response = client.post(f"/matches/{match_id}/redo", {"version": version}, htmx=htmx)
    assert response.status_code == 409
    assert "no undone hand to bring back" in response.get_data(as_text=True)
    assert stored_hands(app, match_id) == before[:1] + [{"maker": 0, "tricks": 4}]


@pytest.mark.parametrize("htmx", [False, True])
def test_a_redo_from_a_page_drawn_at_another_version_is_refused(client, app, htmx):
    match_id, before = played(client, app)
    undo(client, match_id)
    response = client.post(f"/matches/{match_id}/redo", {"version": "1"}, htmx=htmx)
    assert response.status_code == 409 and "nothing was saved" in response.get_data(as_text=True)
    assert stored_hands(app, match_id) == before[:1]


@pytest.mark.parametrize("htmx", [False, True])
def test_nothing_undone_means_nothing_to_bring_back(client, app, htmx):
    match_id, before = played(client, app)
    assert 'id="undone"' not in page(client, match_id)
    response = client.post(f"/matches/{match_id}/redo", {"version": form_state(page(client, match_id))["version"]},
                           htmx=htmx)
    assert response.status_code == 409 and stored_hands(app, match_id) == before


def test_a_deleted_hand_is_not_offered_back(client, app):
    match_id, before = played(client, app)
    from tests.test_hand_flow import hand_ids
    client.post(f"/matches/{match_id}/hands/{hand_ids(app, match_id)[1]}/delete",
                {"version": form_state(page(client, match_id))["version"]})
    assert 'id="undone"' not in page(client, match_id)
