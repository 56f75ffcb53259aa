"""A group's year from hand-made fixtures with known answers: evenings in the group's time zone (a game
after midnight belongs to the evening before), date and season filters, a season's standings (every
evening, or the best N), head-to-head and winning streaks."""
from __future__ import annotations

import re

import pytest

from tests.group_helpers import a_year


@pytest.fixture()
def year(client, app):
    return a_year(client, app)


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_matches_are_grouped_by_the_evening_they_were_played(client, year, htmx):
    group_id, (game_1, game_2, game_3) = year
    html = client.get(f"/groups/{group_id}/evenings", htmx=htmx).get_data(as_text=True)
    assert ("<html" in html) is not htmx
    assert '2 evenings' in html
    evenings = re.findall(r'<section class="card evening" id="evening-([\d-]+)">(.*?)</section>', html, re.S)
    assert [day for day, _ in evenings] == ["2025-11-19", "2025-11-12"]  # latest first; 00:30 is still Wed
    later, first = (text(body) for _, body in evenings)
    assert "Wed 12 Nov 2025 2 games: Ann won 1, Bob 1, Cy 1, Di 1. Most loners made: Bob and Cy (1)." in first
    assert "Wed 19 Nov 2025 1 game: Ann won 1, Cy 1." in later
    assert f"/matches/{game_2}" in dict(evenings)["2025-11-12"]


def test_a_date_filter_means_evenings_in_the_groups_time(client, year):
    group_id, _ = year
    html = client.get(f"/groups/{group_id}/matches?since=2025-11-12&until=2025-11-12").get_data(as_text=True)
    assert 'id="match-count">2 matches<' in html
    stats = client.get(f"/groups/{group_id}/stats?since=2025-11-19").get_data(as_text=True)
    eve = re.search(r"<h3>Eve</h3>", stats)
    assert eve is None and "<h3>Ann</h3>" in stats  # Eve played only on the 12th


@pytest.mark.parametrize("best_of, expected", [
    ("", [(1, "Cy", "2"), (2, "Ann", "2"), (3, "Bob", "1"), (3, "Di", "1"), (5, "Eve", "0")]),
    ("1", [(1, "Cy", "1"), (2, "Ann", "1"), (3, "Bob", "1"), (3, "Di", "1"), (5, "Eve", "0")]),
])
def test_a_seasons_standings(client, year, best_of, expected):
    group_id, _ = year
    response = client.post(f"/groups/{group_id}/seasons", {"name": "Autumn 2025", "starts": "2025-11-01",
                                                          "ends": "2025-11-30", "best_of": best_of})
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\">(\w+)</th><td class=\"counted\">(\d+)</td>", html)
    assert [(int(rank), name, counted) for rank, name, counted in rows] == expected
    season_id = response.headers["Location"].rsplit("/", 1)[1]
    board = client.get(f"/groups/{group_id}/leaderboard?season={season_id}&min_games=1").get_data(as_text=True)
    assert "Eve (1)" not in board and "Eve" in board


def test_a_season_form_says_what_is_wrong_next_to_its_field(client, year):
    group_id, _ = year
    response = client.post(f"/groups/{group_id}/seasons", {"name": "", "starts": "2025-11-30", "ends": "2025-11-01"},
                           htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Name the season" in html and "The last evening comes before the first." in html


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_head_to_head_and_streaks(client, app, year, htmx):
    from extensions import db
    from models import Player

    group_id, _ = year
    with app.app_context():
        ids = dict(db.session.execute(db.select(Player.name, Player.id).where(Player.group_id == group_id)).all())
    html = client.get(f"/groups/{group_id}/head-to-head?a={ids['Ann']}&b={ids['Bob']}", htmx=htmx).get_data(as_text=True)
    row = text(re.search(r'<table class="board" id="meetings">(.*?)</table>', html, re.S).group(1))
    assert "Euchre – Ann 2, Bob 1" in row  # never partners; Ann's side won twice, Bob's once
    streaks = text(re.search(r'<dl class="figures" id="streaks">(.*?)</dl>', html, re.S).group(1))
    # Ann: won, lost, won -> 1 now, 1 longest; Bob: lost, won, lost -> 0 now, 1 longest
    assert streaks == "Ann: winning streak 1 now · 1 longest Bob: winning streak 0 now · 1 longest"
    assert 'id="rating-chart"' in html and 'id="rate-chart"' in html
    assert "Win rate (%) after each game: Ann 67, Bob 33." in html
    same = client.get(f"/groups/{group_id}/head-to-head?a={ids['Ann']}&b={ids['Ann']}").get_data(as_text=True)
    assert "Choose two different players." in same


def test_head_to_head_of_partners(client, app, year):
    from extensions import db
    from models import Player

    group_id, _ = year
    with app.app_context():
        ids = dict(db.session.execute(db.select(Player.name, Player.id).where(Player.group_id == group_id)).all())
    html = client.get(f"/groups/{group_id}/head-to-head?a={ids['Ann']}&b={ids['Cy']}").get_data(as_text=True)
    assert "Euchre won 2 of 2 –" in text(re.search(r'id="meetings">(.*?)</table>', html, re.S).group(1))
