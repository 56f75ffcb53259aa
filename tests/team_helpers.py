"""Helpers for the team-event tests: a director and table phones, each its own test client, posting the
forms the pages post, and reading the event back from its JSON download."""
from __future__ import annotations

import json
import random
import re
from typing import Any

from tests.conftest import Client

PIN = "4821"


def event_data(**overrides: Any) -> dict[str, str]:
    data = {"name": "Friday partners", "day": "2026-11-27", "variant": "euchre", "format": "grand-prix",
            "rounds": "4", "points_rule": "points", "bye": "win", "bye_points": "0", "playoff_size": "0",
            "playoff_elimination": "single", "playoff_best_of": "1", "playoff_reset": "yes",
            "minutes_per_game": "20", "expected_teams": "16", "pin": PIN, "pin_again": PIN}
    data.update({k: str(v) for k, v in overrides.items()})
    return data


def create_event(director: Client, **overrides: Any) -> str:
    response = director.post("/events/new", event_data(**overrides))
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return re.search(r"/events/([^/]+)/teams", response.headers["Location"]).group(1)


def add_teams(director: Client, slug: str, count: int, start: int = 1) -> None:
    for n in range(start, start + count):
        response = director.post(f"/events/{slug}/teams", {"player_one": f"Ann {n}", "player_two": f"Bo {n}",
                                                          "name": f"Team {n}"})
        assert response.status_code == 200, response.get_data(as_text=True)[:3000]


def document(client: Client, slug: str) -> dict[str, Any]:
    response = client.get(f"/events/{slug}/event.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def table_codes(director: Client, slug: str) -> list[str]:
    html = director.get(f"/events/{slug}/cards").get_data(as_text=True)
    return re.findall(r"Code <strong>([A-Z0-9]+)</strong>", html)


class Phones:
    """One phone per table: a test client that opened the table's page."""

    def __init__(self, flask_app) -> None:
        self.app = flask_app
        self.phones: dict[str, Client] = {}

    def phone(self, code: str) -> Client:
        if code not in self.phones:
            phone = Client(self.app.test_client())
            assert phone.get(f"/events/t/{code}").status_code == 200
            self.phones[code] = phone
        return self.phones[code]

    def play_round(self, director: Client, slug: str, rng: random.Random, htmx: bool = False) -> int:
        """Every table of the round sends a random result and the other team confirms; returns the tables
        that played."""
        games = []
        for code in table_codes(director, slug):  # the round's games first: the last result pairs the next
            html = self.phone(code).get(f"/events/t/{code}").get_data(as_text=True)
            found = re.search(r"/events/t/%s/games/(\d+)/send" % code, html)
            if found:
                games.append((code, found.group(1)))
        for code, game in games:
            phone = self.phone(code)
            winner_points, loser_points = 10, rng.randrange(10)
            home, away = (winner_points, loser_points) if rng.random() < .5 else (loser_points, winner_points)
            sent = phone.post(f"/events/t/{code}/games/{game}/send",
                              {"home_points": home, "away_points": away, "home_loners": rng.randrange(2),
                               "away_loners": rng.randrange(2), "side": "home"}, htmx=htmx)
            assert sent.status_code in (200, 303), sent.get_data(as_text=True)[:2000]
            confirmed = phone.post(f"/events/t/{code}/games/{game}/confirm", {"side": "away"}, htmx=htmx)
            assert confirmed.status_code in (200, 303), confirmed.get_data(as_text=True)[:2000]
        return len(games)
