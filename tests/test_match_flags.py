"""Flags in a match: when the referee flags something, the match page shows the rule that applies,
with a link to the variant's rules page (issue 6, "Flags in a match")."""
from tests.app_helpers import add_hand, create_match, form_state, stored_hands, stored_match


def page(client, match_id):
    return client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_a_forced_bid_shows_its_rule_with_a_link(client):
    match_id = create_match(client, rules={"rule_stick_the_dealer": "y"})
    add_hand(client, match_id, outcome="passed", trump="C", tricks=3)
    html = page(client, match_id)
    flag = html.split('class="flag-rule help"')[1].split("</p>")[0]
    assert "stuck" in flag
    assert 'href="/rules/euchre#' in flag


def test_a_dealer_out_of_turn_is_flagged_on_the_hand(client, app):
    from extensions import db

    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    with app.app_context():  # an imported paper game can carry a dealer out of turn
        match = stored_match(match_id)
        match.hands[0].dealer = 2
        db.session.commit()
    html = page(client, match_id)
    assert 'data-flag="' in html and "out of turn" in html.lower()


def test_a_sit_out_that_is_not_allowed_shows_the_rule(client, app):
    match_id = create_match(client, variant="eau-claire-clubs", start=[3, 15])
    response = add_hand(client, match_id, htmx=True, maker=1, bid="2", trump="H", sat_out=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "no sitting out at 3, 2 or 1" in html
    assert 'href="/rules/eau-claire-clubs#' in html


def test_a_hand_after_the_game_ended_is_refused_with_its_rule(client, app):
    match_id = create_match(client, rules={"rule_target": "2"})
    add_hand(client, match_id, maker=0, trump="S", tricks=5)
    html = page(client, match_id)
    assert "Game over" in html
    late = dict(form_state(html), token="late-hand-token", outcome="played", maker="1", trump="H", tricks="3")
    response = client.post(f"/matches/{match_id}/hands", late, htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "already ended" in html and 'href="/rules/euchre#' in html
    assert len(stored_hands(app, match_id)) == 1


def test_every_hand_offers_a_what_if_and_the_top_bar_links_the_rules(client):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    html = page(client, match_id)
    assert f'href="/matches/{match_id}/hands/1/what-if"' in html
    assert 'class="toplink" href="/rules/"' in html
