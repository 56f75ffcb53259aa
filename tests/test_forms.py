"""Form validation: errors in plain words next to the field they concern, and nothing saved."""
from __future__ import annotations

import re

import pytest

from tests.app_helpers import add_hand, create_match, hand_data, setup_data, stored_hands


def match_count(app) -> int:
    from sqlalchemy import func, select

    from extensions import db
    from models import Match

    with app.app_context():
        return db.session.scalar(select(func.count(Match.id)))


def error_for(html: str, field: str) -> list[str]:
    return re.findall(rf'<p class="error" id="err-{field}">([^<]*)</p>', html)


@pytest.mark.parametrize("change, field, words", [
    ({"name_1": "   "}, "name_1", "Write a name for seat 2."),
    ({"name_3": "ann"}, "name_3", "ann already has a seat"),
    ({"name_0": "x" * 41}, "name_0", "Keep names to 40 letters."),
    ({"first_dealer": "7"}, "first_dealer", "Tap the seat that deals first."),
    ({"rule_target": "0"}, "rule_target", "Target must be between 1 and 500."),
    ({"rule_target": "ten"}, "rule_target", "Target must be between 1 and 500."),  # its own rule, once
    ({"rule_deck": "52"}, "rule_deck", "Choose one of the buttons."),
    ({"start_0": "3"}, "start_1", "Give every side a start total, or leave them all empty."),
    ({"start_0": "5000", "start_1": "0"}, "start_0", "Start totals go from -999 to 999."),
])
def test_setup_errors(client, app, change, field, words):
    data = setup_data()
    data.update(change)
    response = client.post("/matches/new", data)
    assert response.status_code == 422
    messages = error_for(response.get_data(as_text=True), field)
    assert any(words.replace("'", "&#39;") in m for m in messages), messages
    assert match_count(app) == 0


def test_setup_keeps_what_was_typed(client):
    data = setup_data(names=("Ann", "Bob", "", "Di"))
    html = client.post("/matches/new", data).get_data(as_text=True)
    assert 'value="Ann"' in html and 'value="Di"' in html


def test_setup_with_start_totals_and_house_rules(client, app):
    match_id = create_match(client, rules={"rule_target": "5", "rule_stick_the_dealer": "y"}, start=[3, 4],
                           first_dealer=2)
    doc = client.get(f"/matches/{match_id}/export.json").get_json()
    assert doc["rules"]["target"] == 5 and doc["rules"]["stick_the_dealer"] is True
    assert doc["start_totals"] == [3, 4] and doc["first_dealer"] == 2
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="total-0">3<' in html and 'id="total-1">4<' in html and "Playing to 5" in html


def test_nullable_rule_left_empty_means_none(client):
    match_id = create_match(client, variant="call-partner-euchre", names=("A", "B", "C", "D", "E"),
                           rules={"rule_target": ""})
    doc = client.get(f"/matches/{match_id}/export.json").get_json()
    assert doc["rules"]["target"] is None


def test_known_players_are_reused(client, app):
    create_match(client)
    create_match(client, names=("Cy", "Eve", "Ann", "Fay"))
    from sqlalchemy import select

    from extensions import db
    from models import Player

    with app.app_context():
        assert sorted(db.session.scalars(select(Player.name))) == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
    html = client.get("/matches/new?variant=euchre").get_data(as_text=True)
    assert 'data-seat-name="Eve"' in html and '<option value="Fay">' in html


# -- the hand form -------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, field, words", [
    ({"maker": 9, "trump": "H", "tricks": 3}, "maker", "Tap the seat of the player who made trump."),
    ({"maker": 1, "trump": "X", "tricks": 3}, "trump", "Choose a trump suit shown."),
    ({"maker": 1, "trump": "H", "tricks": 6}, "tricks", "Tricks must be between 0 and 5."),
    ({"maker": 1, "trump": "H", "tricks": "lots"}, "tricks", "Tricks must be between 0 and 5."),
    ({"outcome": "maybe", "maker": 1}, "outcome", "Choose one of the buttons."),
])
def test_hand_form_errors(client, app, fields, field, words):
    match_id = create_match(client)
    for htmx in (False, True):
        response = add_hand(client, match_id, htmx=htmx, **fields)
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert words in error_for(html, field), html
        if htmx:
            assert response.headers["HX-Retarget"] == "#entry"
            assert html.lstrip().startswith('<section class="entry')
    assert stored_hands(app, match_id) == []


def test_referee_errors_land_next_to_their_field(client, app):
    match_id = create_match(client)
    response = add_hand(client, match_id, trump="H", tricks=3)  # no maker
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and error_for(html, "maker"), html
    response = add_hand(client, match_id, maker=1, trump="H")  # no tricks
    assert response.status_code == 422 and error_for(response.get_data(as_text=True), "tricks")
    assert stored_hands(app, match_id) == []
    call_ace = create_match(client, variant="call-ace-euchre")
    response = add_hand(client, call_ace, maker=1, partner=1, tricks=3)
    assert response.status_code == 422
    assert "their own partner" in " ".join(error_for(response.get_data(as_text=True), "partner"))
    assert stored_hands(app, call_ace) == []


def test_tricks_that_do_not_add_up(client, app):
    match_id = create_match(client, variant="buck-euchre")
    response = add_hand(client, match_id, maker=0, trump="S", tricks_0=3, tricks_1=1, tricks_2=0, tricks_3=0)
    assert response.status_code == 422
    assert error_for(response.get_data(as_text=True), "tricks_0")
    assert stored_hands(app, match_id) == []


def test_hand_form_keeps_what_was_entered(client):
    match_id = create_match(client)
    html = add_hand(client, match_id, trump="D", tricks=4, alone=True).get_data(as_text=True)
    assert 'name="trump" value="D" checked' in html
    assert 'name="alone" value="y" checked' in html
    assert 'value="4"' in html


def test_damaged_token_is_refused(client, app):
    match_id = create_match(client)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=3)
    data["token"] = "<bad>"
    response = client.post(f"/matches/{match_id}/hands", data)
    assert response.status_code == 422
    assert "This form&#39;s token is damaged; reload the page." in response.get_data(as_text=True)
    assert stored_hands(app, match_id) == []


def test_import_problems_are_explained(client, app):
    cases = [
        ("[1, 2]", "A match document is a JSON object"),
        ('{"format": "other/2", "variant": "euchre", "players": ["A", "B", "C", "D"]}', "not a euchre-match/1"),
        ('{"variant": "euchre", "players": ["A", "A", "C", "D"]}', "only once"),
        ('{"variant": "euchre", "players": ["A", "B", "C", "D"], "hands": [{"maker": 1, "tricks": 3}, '
         '{"maker": 1, "tricks": 9}]}', "Hand 2:"),
        ('{"variant": "nope", "players": ["A", "B", "C", "D"]}', "Unknown variant"),
        ("", "Paste a match document or choose a file."),
    ]
    for text, words in cases:
        response = client.post("/matches/import", {"document": text})
        assert response.status_code == 422
        assert words.replace('"', "&#34;") in response.get_data(as_text=True), text
    assert match_count(app) == 0
