"""Issue 18, the referee's refusals of hands that could not have happened, as the app shows them: each
lands next to the field it concerns (or, for an import, on the document), with and without htmx, and
nothing is saved. The rules themselves are tested in tests/referee/."""
from __future__ import annotations

import json

import pytest

from tests.app_helpers import add_hand, create_match, setup_data, stored_hands
from tests.test_forms import error_for, match_count


@pytest.mark.parametrize("htmx", [False, True])
def test_a_renege_by_a_lone_makers_partner_is_refused_next_to_renege(client, app, htmx):
    # [000] Euchre: the lone maker's partner "takes no further part in the hand"
    match_id = create_match(client)
    response = add_hand(client, match_id, htmx=htmx, maker=0, trump="H", alone=True, tricks=3, renege=2)
    assert response.status_code == 422
    assert any("could not renege" in m for m in error_for(response.get_data(as_text=True), "renege"))
    assert stored_hands(app, match_id) == []
    # the same renege by a defender is scored
    assert add_hand(client, match_id, maker=0, trump="H", alone=True, tricks=3, renege=1).status_code == 303


@pytest.mark.parametrize("htmx", [False, True])
def test_a_maker_on_a_buck_euchre_club_upcard_is_left_out(client, app, htmx):
    # [000] Buck Euchre: a club upcard bypasses the bidding, so nobody is the declarer. The form does not
    # offer a maker then, and a maker sent anyway (a page without scripts) is not stored: the referee
    # refuses one (tests/referee/test_buck_euchre.py).
    match_id = create_match(client, variant="buck-euchre")
    response = add_hand(client, match_id, htmx=htmx, upcard="C", maker=0, trump="C",
                        tricks_0=2, tricks_1=1, tricks_2=1, tricks_3=1)
    assert response.status_code in (200, 303)
    [stored] = stored_hands(app, match_id)
    assert stored.get("maker") is None and stored["upcard"] == "C"


@pytest.mark.parametrize("htmx", [False, True])
def test_start_totals_at_the_target_are_refused_next_to_the_start_totals(client, app, htmx):
    response = client.post("/matches/new", setup_data(start=[10, 0]), htmx=htmx)
    assert response.status_code == 422
    messages = error_for(response.get_data(as_text=True), "start_0")
    assert any("cannot start at 10" in m for m in messages), messages
    assert match_count(app) == 0
    assert client.post("/matches/new", setup_data(start=[9, 0])).status_code == 303


@pytest.mark.parametrize("htmx", [False, True])
def test_an_imported_document_starting_past_the_goal_is_refused(client, app, htmx):
    doc = {"format": "euchre-match/1", "variant": "eau-claire-clubs", "players": ["Ann", "Bob", "Cy", "Di"],
           "start_totals": [25, 15], "hands": []}
    response = client.post("/matches/import", {"document": json.dumps(doc)}, htmx=htmx)
    assert response.status_code == 422
    assert "never go above 20" in response.get_data(as_text=True)
    assert match_count(app) == 0


def test_the_what_if_says_a_lone_hand_would_leave_the_partners_renege_impossible(client):
    match_id = create_match(client)
    assert add_hand(client, match_id, maker=0, trump="H", tricks=3, renege=2).status_code == 303
    response = client.get(f"/matches/{match_id}/hands/1/what-if?change=alone")
    assert response.status_code == 200
    assert 'id="what-if-refused"' in response.get_data(as_text=True)


def _store_a_hand_saved_before_the_rule(app, slug: str, data: dict) -> None:
    """A hand the form would now refuse, as an older version of the app could have saved it, last."""
    from extensions import db
    from models import Hand, Match

    with app.app_context():
        match_id = db.session.scalar(db.select(Match.id).where(Match.slug == slug))
        position = 1 + (db.session.scalar(db.select(db.func.max(Hand.position)).where(Hand.match_id == match_id))
                        or 0)
        hand = Hand(match_id=match_id, position=position, token=f"old-{position}")
        hand.set_from_dict(data)
        db.session.add(hand)
        db.session.execute(db.update(Match).where(Match.id == match_id).values(version=Match.version + 1))
        db.session.commit()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_match_saved_before_a_rule_was_made_stricter_still_opens_and_says_what_to_fix(client, app, htmx):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    _store_a_hand_saved_before_the_rule(app, match_id, {"maker": 0, "trump": "H", "alone": True, "tricks": 3,
                                                           "renege": 2})
    _store_a_hand_saved_before_the_rule(app, match_id, {"maker": 3, "trump": "S", "tricks": 3})
    response = client.get(f"/matches/{match_id}", htmx=htmx)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Hand 2 could not have happened:" in html and 'id="refused-hand"' in html
    assert 'id="hand-3"' in html and "Not scored until the hand before it is right." in html
    assert client.get(f"/matches/{match_id}/export.json").status_code == 200
    # Deleting the refused hand puts things right: every hand is scored again.
    from extensions import db
    from models import Match

    with app.app_context():
        match = db.session.scalar(db.select(Match).where(Match.slug == match_id))
        bad, version = match.hands[1].id, match.version
    response = client.post(f"/matches/{match_id}/hands/{bad}/delete", {"version": version})
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
    assert 'id="refused-hand"' not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert len(stored_hands(app, match_id)) == 2


def test_a_groups_pages_and_exports_keep_working_with_such_a_match(client, app):
    from tests.group_helpers import create_group, group_match

    group_id = create_group(client)
    match_id = group_match(client, group_id)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    _store_a_hand_saved_before_the_rule(app, match_id, {"maker": 0, "trump": "H", "alone": True, "tricks": 3,
                                                           "renege": 2})
    for url in (f"/groups/{group_id}/matches/{match_id}", f"/groups/{group_id}/export/matches.csv",
                f"/groups/{group_id}/export/hands.csv", f"/groups/{group_id}/evenings", f"/groups/{group_id}/stats"):
        assert client.get(url).status_code == 200, url
