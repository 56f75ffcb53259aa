"""Every route, asked by a browser and by htmx (HX-Request: true): the page vs the fragment."""
from __future__ import annotations

import json
import re

import pytest

from tests.app_helpers import add_hand, create_match, form_state, hand_data, setup_data, stored_hands


def is_page(response) -> bool:
    return "<html" in response.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("url", ["/", "/matches/new", "/matches/new?variant=euchre",
                                 "/matches/new?variant=pepper&players=3", "/matches/new?variant=nonsense",
                                 "/matches/import"])
def test_get_pages(client, url, htmx):
    response = client.get(url, htmx=htmx)
    assert response.status_code == 200
    assert is_page(response) is not htmx
    assert "HX-Request" in response.headers["Vary"]


def test_variant_list_is_grouped_with_one_line_each(client):
    import referee

    html = client.get("/matches/new").get_data(as_text=True)
    for variant in referee.VARIANTS.values():
        assert f'id="v-{variant.key}"' in html
        assert variant.summary.replace("'", "&#39;").replace('"', "&#34;") in html
    groups = {v.group for v in referee.VARIANTS.values()}
    assert len(groups) > 1
    assert html.count('class="group"') == len(groups)


def test_setup_page_draws_the_seats_and_house_rules(client):
    html = client.get("/matches/new?variant=euchre").get_data(as_text=True)
    for s in range(4):
        assert f'name="name_{s}"' in html and f"n4-s{s}" in html
    assert 'name="first_dealer"' in html
    for key in ("target", "deck", "stick_the_dealer", "lone_defender", "loner_euchred", "renege_penalty"):
        assert f"rule_{key}" in html
    assert "partners sit across" in html
    assert 'name="start_0"' in html and 'name="start_1"' in html


def test_player_count_choice(client):
    html = client.get("/matches/new?variant=pepper&players=3").get_data(as_text=True)
    assert 'name="name_2"' in html and 'name="name_3"' not in html
    assert 'name="start_2"' in html  # three players, each for self
    html = client.get("/matches/new?variant=pepper&players=9").get_data(as_text=True)
    assert 'name="name_3"' in html  # out of range: the default four


@pytest.mark.parametrize("htmx", [False, True])
def test_create_match(client, htmx):
    response = client.post("/matches/new", setup_data(), htmx=htmx)
    if htmx:
        assert response.status_code == 200 and response.headers["HX-Redirect"].startswith("/matches/")
        url = response.headers["HX-Redirect"]
    else:
        assert response.status_code == 303
        url = response.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "Ann &amp; Cy" in page and "Bob &amp; Di" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_create_match_errors_stay_on_the_form(client, htmx):
    data = setup_data()
    data["name_2"] = ""
    response = client.post("/matches/new", data, htmx=htmx)
    assert response.status_code == 422
    assert is_page(response) is not htmx
    assert "Write a name for seat 3." in response.get_data(as_text=True)


def test_create_with_unknown_variant(client):
    data = setup_data()
    data["variant"] = "nope"
    response = client.post("/matches/new", data)
    assert response.status_code == 422
    assert "Choose a game from the list." in response.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_match_page(client, htmx):
    match_id = create_match(client)
    response = client.get(f"/matches/{match_id}", htmx=htmx)
    assert response.status_code == 200
    assert is_page(response) is not htmx
    html = response.get_data(as_text=True)
    assert 'id="live"' in html and 'id="scoreboard"' in html and 'id="hand-form"' in html
    assert "Playing to 10" in html and 'id="dealer">Ann<' in html


def test_missing_match_is_404(client):
    assert client.get("/matches/999").status_code == 404
    assert client.get("/matches/999", htmx=True).status_code == 404
    assert client.post("/matches/999/hands", {}).status_code == 404


@pytest.mark.parametrize("htmx", [False, True])
def test_add_hand(client, app, htmx):
    match_id = create_match(client)
    response = add_hand(client, match_id, htmx=htmx, maker=1, trump="H", tricks=3)
    if htmx:
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert html.lstrip().startswith('<div id="live"')
        assert "Bob &amp; Di +1 (made)" in html
    else:
        assert response.status_code == 303 and response.headers["Location"] == f"/matches/{match_id}"
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


@pytest.mark.parametrize("htmx", [False, True])
def test_preview(client, htmx):
    match_id = create_match(client)
    data = hand_data(client, match_id, maker=0, trump="S", tricks=5)
    response = client.post(f"/matches/{match_id}/preview", data, htmx=htmx)
    assert response.status_code == 200
    assert is_page(response) is not htmx
    assert "Ann &amp; Cy +2 (march)" in response.get_data(as_text=True)


def test_preview_of_an_empty_form_is_a_hint(client):
    match_id = create_match(client)
    response = client.post(f"/matches/{match_id}/preview", hand_data(client, match_id), htmx=True)
    assert "Fill in the hand to see what it scores." in response.get_data(as_text=True)


def test_preview_shows_the_referee_problem_in_words(client):
    match_id = create_match(client, variant="call-ace-euchre")
    data = hand_data(client, match_id, maker=1, partner=1, tricks=3)
    html = client.post(f"/matches/{match_id}/preview", data, htmx=True).get_data(as_text=True)
    assert 'class="preview-problem"' in html and "cannot be their own partner" in html


@pytest.mark.parametrize("missing, fields, words", [
    ("maker", {"trump": "S", "tricks": 3}, "Tap who made trump"),
    ("tricks", {"maker": 1, "trump": "S"}, "Tap the tricks"),
])
def test_preview_of_a_hand_half_tapped_says_what_is_left(client, missing, fields, words):
    match_id = create_match(client)
    html = client.post(f"/matches/{match_id}/preview", hand_data(client, match_id, **fields), htmx=True)
    html = html.get_data(as_text=True)
    assert words in html and 'class="preview-problem"' not in html
    assert "'tricks'" not in html and "is missing" not in html  # no document keys on screen


@pytest.mark.parametrize("htmx", [False, True])
def test_edit_form(client, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    hand_id = _first_hand_id(client, match_id)
    response = client.get(f"/matches/{match_id}/hands/{hand_id}/edit", htmx=htmx)
    assert response.status_code == 200
    assert is_page(response) is not htmx
    html = response.get_data(as_text=True)
    assert "Edit hand 1" in html and 'value="1" checked' in html
    # a browser without htmx reaches the same form through ?edit=
    assert "Edit hand 1" in client.get(f"/matches/{match_id}?edit={hand_id}").get_data(as_text=True)
    assert client.get(f"/matches/{match_id}/hands/9999/edit").status_code == 404


def _first_hand_id(client, match_id: str) -> int:
    """The database id of the hand listed first (the newest), read from its Edit link."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    edit_links = re.findall(rf"/matches/{match_id}/hands/(\d+)/edit", page)
    return int(edit_links[0])  # the list shows the newest hand first


@pytest.mark.parametrize("htmx", [False, True])
def test_update_hand(client, app, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    hand_id = _first_hand_id(client, match_id)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=5)
    response = client.post(f"/matches/{match_id}/hands/{hand_id}", data, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 5}]


@pytest.mark.parametrize("htmx", [False, True])
def test_delete_hand(client, app, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    add_hand(client, match_id, maker=0, trump="S", tricks=4)
    hand_id = _first_hand_id(client, match_id)
    version = form_state(client.get(f"/matches/{match_id}").get_data(as_text=True))["version"]
    response = client.post(f"/matches/{match_id}/hands/{hand_id}/delete", {"version": version}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


@pytest.mark.parametrize("htmx", [False, True])
def test_undo(client, app, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    add_hand(client, match_id, maker=0, trump="S", tricks=4)
    version = form_state(client.get(f"/matches/{match_id}").get_data(as_text=True))["version"]
    response = client.post(f"/matches/{match_id}/undo", {"version": version}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


@pytest.mark.parametrize("htmx", [False, True])
def test_undo_with_no_hands(client, htmx):
    match_id = create_match(client)
    response = client.post(f"/matches/{match_id}/undo", {"version": "1"}, htmx=htmx)
    assert response.status_code == 422
    assert "There is no hand to undo." in response.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_export(client, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    response = client.get(f"/matches/{match_id}/export.json", htmx=htmx)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert "attachment" in response.headers["Content-Disposition"]
    doc = json.loads(response.get_data(as_text=True))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", doc.pop("played"))  # when it started, UTC
    assert doc == {"format": "euchre-match/1", "variant": "euchre",
                   "rules": {"target": 10, "deck": 24, "stick_the_dealer": False, "lone_defender": False,
                             "loner_euchred": 2, "renege_penalty": 2},
                   "players": ["Ann", "Bob", "Cy", "Di"], "first_dealer": 0,
                   "hands": [{"maker": 1, "trump": "H", "tricks": 3}]}


@pytest.mark.parametrize("htmx", [False, True])
def test_import(client, htmx):
    doc = {"format": "euchre-match/1", "variant": "euchre", "players": ["Ann", "Bob", "Cy", "Di"],
           "hands": [{"maker": 1, "trump": "H", "tricks": 3}]}
    response = client.post("/matches/import", {"document": json.dumps(doc)}, htmx=htmx)
    if htmx:
        assert response.status_code == 200 and response.headers["HX-Redirect"].startswith("/matches/")
    else:
        assert response.status_code == 303
    url = response.headers.get("HX-Redirect") or response.headers["Location"]
    assert "Bob &amp; Di +1 (made)" in client.get(url).get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_import_errors(client, htmx):
    response = client.post("/matches/import", {"document": "{not json"}, htmx=htmx)
    assert response.status_code == 422
    assert is_page(response) is not htmx
    assert "This is not valid JSON" in response.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_rematch(client, htmx):
    match_id = create_match(client, rules={"rule_target": "1"})
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    response = client.post(f"/matches/{match_id}/rematch", {}, htmx=htmx)
    url = response.headers.get("HX-Redirect") if htmx else response.headers["Location"]
    assert url and url != f"/matches/{match_id}"
    html = client.get(url).get_data(as_text=True)
    assert 'id="dealer">Bob<' in html  # Ann dealt the only hand; the deal moves on


def test_static_files_are_served(client):
    for name in ("htmx.min.js", "app.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_post_without_csrf_token_is_refused(client, app):
    match_id = create_match(client)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=3)
    for htmx in (False, True):
        response = client.post(f"/matches/{match_id}/hands", data, htmx=htmx, csrf=False)
        assert response.status_code == 400
        assert "Reload the page" in response.get_data(as_text=True)
    assert stored_hands(app, match_id) == []
