"""The hand form offers only what can happen at this table (referee.entry), with and without htmx:
house rules and head-counts that rule a choice out, a club upcard, the called partner, and
Hasenpfeffer's joker in the widow."""
from __future__ import annotations

import pytest

from tests.app_helpers import add_hand, create_match, stored_hands
from tests.test_forms import error_for
from tests.test_hand_flow import hand_ids

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def entry(client, match_id: int, htmx: bool) -> str:
    """The hand form: the whole match page, or the entry section an htmx edit swaps in."""
    return client.get(f"/matches/{match_id}", htmx=htmx).get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("variant, names, rules, field", [
    ("euchre", SIX[:4], {"rule_lone_defender": "y"}, "defender_alone"),
    ("dirty-clubs", SIX[:4], {"rule_bump": "y"}, "dropped"),
])
def test_a_choice_is_offered_only_with_its_house_rule(client, htmx, variant, names, rules, field):
    without = create_match(client, variant=variant, names=names)
    assert f'name="{field}"' not in entry(client, without, htmx)
    with_rule = create_match(client, variant=variant, names=names, rules=rules)
    assert f'name="{field}"' in entry(client, with_rule, htmx)


@pytest.mark.parametrize("htmx", [False, True])
def test_no_maker_alone_at_six_player_double_hasenpfeffer(client, htmx):
    assert 'name="alone"' not in entry(client, create_match(client, variant="double-hasenpfeffer", names=SIX), htmx)
    assert 'name="alone"' in entry(client, create_match(client, variant="double-hasenpfeffer", names=SIX[:4]), htmx)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_club_upcard_keeps_only_the_tricks(client, app, htmx):
    match_id = create_match(client, variant="eau-claire-clubs")
    assert 'data-club-upcard-rules-out="bid maker sat_out trump"' in entry(client, match_id, htmx)
    # what was tapped before the club was turned is hidden on the page, and not stored
    response = add_hand(client, match_id, htmx=htmx, upcard="C", maker=1, bid=3, trump="H", sat_out=True,
                        tricks_0=3, tricks_1=2)
    assert response.status_code in (200, 303)
    assert stored_hands(app, match_id) == [{"upcard": "C", "tricks": [3, 2]}]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_call_ace_partner_must_be_answered(client, app, htmx):
    match_id = create_match(client, variant="call-ace-euchre")
    html = entry(client, match_id, htmx)
    assert "The maker held it" in html and ">Alone<" in html and "No partner" not in html
    assert 'name="alone"' not in html  # "Alone" is one of the partner answers
    response = add_hand(client, match_id, htmx=htmx, maker=1, tricks=3)  # blank: no longer a lone maker
    assert response.status_code == 422
    assert "Who was the maker&#39;s partner?" in " ".join(error_for(response.get_data(as_text=True), "partner"))
    assert stored_hands(app, match_id) == []
    add_hand(client, match_id, htmx=htmx, maker=1, partner="alone", tricks=5)
    add_hand(client, match_id, htmx=htmx, maker=2, partner="none", tricks=3)
    add_hand(client, match_id, htmx=htmx, maker=3, partner=0, tricks=4)
    assert stored_hands(app, match_id) == [{"maker": 1, "partner": None, "alone": True, "tricks": 5},
                                           {"maker": 2, "partner": None, "tricks": 3},
                                           {"maker": 3, "partner": 0, "tricks": 4}]


def test_editing_a_lone_call_ace_hand_shows_alone(client, app):
    match_id = create_match(client, variant="call-ace-euchre")
    add_hand(client, match_id, maker=1, partner="alone", tricks=5)
    html = client.get(f"/matches/{match_id}/hands/{hand_ids(app, match_id)[0]}/edit", htmx=True).get_data(as_text=True)
    assert 'value="alone" checked' in html


@pytest.mark.parametrize("htmx", [False, True])
def test_hasenpfeffer_joker_in_the_widow_is_an_all_passed_answer(client, app, htmx):
    match_id = create_match(client, variant="hasenpfeffer")
    assert 'value="widow"' in entry(client, match_id, htmx)
    add_hand(client, match_id, htmx=htmx, outcome="widow")
    add_hand(client, match_id, htmx=htmx, outcome="void")  # a misdeal: thrown in, and no joker in it
    assert stored_hands(app, match_id) == [{"void": True, "joker_in_widow": True}, {"void": True}]
    widow, misdeal = hand_ids(app, match_id)
    html = client.get(f"/matches/{match_id}/hands/{widow}/edit", htmx=htmx).get_data(as_text=True)
    assert 'value="widow" checked' in html
    html = client.get(f"/matches/{match_id}/hands/{misdeal}/edit", htmx=htmx).get_data(as_text=True)
    assert 'value="void" checked' in html and 'value="widow" checked' not in html
    page = entry(client, match_id, htmx)
    assert page.count("joker was in the widow.") == 1  # the first hand's note; the misdeal's says only thrown in
    assert "Thrown in: no score" in page


def test_only_hasenpfeffer_has_the_widow(client, app):
    match_id = create_match(client)
    assert 'value="widow"' not in entry(client, match_id, False)
    response = add_hand(client, match_id, outcome="widow")
    assert response.status_code == 422 and stored_hands(app, match_id) == []


def test_negative_running_totals_read_with_a_minus_sign(client):
    match_id = create_match(client, variant="hasenpfeffer")
    add_hand(client, match_id, maker=0, bid=3, trump="H", tricks=2)  # set: Ann & Cy -3, Bob & Di +4
    html = entry(client, match_id, False)
    assert "−3 to 4" in html and "–-" not in html
