"""The match page: a level-one heading, and the house rules the match plays by (page and fragment)."""
from __future__ import annotations

import pytest

from tests.app_helpers import add_hand, create_match


def test_the_match_page_has_a_level_one_heading(client):
    match_id = create_match(client)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert '<h1 class="sr-only">Euchre: Ann &amp; Cy v Bob &amp; Di</h1>' in html


@pytest.mark.parametrize("htmx", [False, True])
def test_the_house_rules_in_force_are_shown(client, htmx):
    match_id = create_match(client, rules={"rule_lone_defender": "y", "rule_target": "7"})
    html = add_hand(client, match_id, htmx=htmx, maker=1, tricks=3)
    html = html.get_data(as_text=True) if htmx else client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="house-rules"' in html
    assert "<dt>Lone defender: <b>Yes</b></dt>" in html and "<dt>Target: <b>7</b></dt>" in html
    assert "<dt>Stick the dealer: <b>No</b></dt>" in html
    assert "lone_defender" not in html.split('id="house-rules"')[1]  # words for players, not option keys
