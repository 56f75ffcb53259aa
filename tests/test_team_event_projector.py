"""The team event's projector: long standings turn page by page, as a night's projector does
(``static/projector.js``); short ones stay one table."""
from __future__ import annotations

import re

import pytest

from tests.team_helpers import add_teams, create_event


@pytest.mark.parametrize("htmx", [False, True])
def test_long_standings_are_cut_into_pages_that_turn(client, htmx):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 26)
    client.post(f"/events/{slug}/start")
    html = client.get(f"/events/{slug}/screen", htmx=htmx).get_data(as_text=True)
    assert 'id="standings-pages" data-rotate="' in html
    assert re.findall(r"Places (\d+)–(\d+) of 26", html) == [("1", "12"), ("13", "24"), ("25", "26")]
    assert len(re.findall(r'id="standings-table-\d"', html)) == 3 and 'id="standings-table"' not in html
    assert all(f"Team {n}<" in html for n in range(1, 27))  # every team on some page (all show without scripts)
    if not htmx:
        assert "/static/projector.js" in html


def test_short_standings_stay_one_table(client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    html = client.get(f"/events/{slug}/screen").get_data(as_text=True)
    assert 'id="standings-table"' in html and "standings-pages" not in html
