"""Who may do what in a team event, and hostile input: the PIN (throttled), the director's pages, a table's
phone writing only its own table, code guessing, and names or numbers an attacker sends."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.team_helpers import PIN, Phones, add_teams, create_event, table_codes


@pytest.fixture()
def running(app, client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    return slug


def stranger(app, address: str = "10.0.0.9") -> Client:
    flask_client = app.test_client()
    flask_client.environ_base["REMOTE_ADDR"] = address
    return Client(flask_client)


def test_only_the_director_runs_the_event(app, client, running):
    other = stranger(app)
    assert other.get(f"/events/{running}").status_code == 303
    for url in ("start", "bell", "next", "draw", "teams"):
        assert other.post(f"/events/{running}/{url}").status_code == 403, url
    for url in ("cards", "log", "teams", "live"):
        assert other.get(f"/events/{running}/{url}").status_code == 403, url
    # The public screens are open to anyone.
    for url in ("standings", "bracket", "screen", "print", "standings.csv", "event.json"):
        assert other.get(f"/events/{running}/{url}").status_code == 200, url
    # The table codes are the director's: not on any public screen, nor in the download.
    codes = table_codes(client, running)
    for url in ("standings", "screen", "print", "event.json"):
        assert not any(code in other.get(f"/events/{running}/{url}").get_data(as_text=True) for code in codes)


def test_the_pin_opens_the_directors_page_and_wrong_pins_are_throttled(app, client, running):
    other = stranger(app, "10.0.0.10")
    for left in (4, 3, 2, 1):
        wrong = other.post(f"/events/{running}/login", {"pin": "0000"})
        assert wrong.status_code == 422 and f"{left} more tr" in wrong.get_data(as_text=True)
    other.post(f"/events/{running}/login", {"pin": "0000"})
    blocked = other.post(f"/events/{running}/login", {"pin": PIN})
    assert blocked.status_code == 429 and "Too many wrong PINs" in blocked.get_data(as_text=True)
    # Another phone is not slowed by the stranger's guesses.
    director = stranger(app, "10.0.0.11")
    opened = director.post(f"/events/{running}/login?next=//evil.example/x", {"pin": PIN})
    assert opened.status_code == 303 and opened.headers["Location"].endswith(f"/events/{running}")
    assert director.get(f"/events/{running}").status_code == 200


def test_a_table_phone_writes_only_its_own_table(app, client, running):
    first, second = table_codes(client, running)[:2]
    phones = Phones(app)
    phone = phones.phone(first)
    other_html = phones.phone(second).get(f"/events/t/{second}").get_data(as_text=True)
    other_game = re.search(r"/games/(\d+)/send", other_html).group(1)
    # Its own table's address with the other table's game: no such game there.
    assert phone.post(f"/events/t/{first}/games/{other_game}/send",
                      {"home_points": 10, "away_points": 2, "side": "home"}).status_code == 404
    # The other table's address, never opened on this phone: refused.
    fresh = stranger(app, "10.0.0.12")
    assert fresh.post(f"/events/t/{second}/games/{other_game}/send",
                      {"home_points": 10, "away_points": 2, "side": "home"}).status_code == 403


def test_guessing_table_codes_is_throttled(app, client, running):
    guesser = stranger(app, "10.0.0.13")
    answers = [guesser.get(f"/events/t/AAAAAA{n}").status_code for n in range(12)]
    assert answers[:10] == [404] * 10 and answers[-1] == 429


@pytest.mark.parametrize("htmx", [False, True])
def test_hostile_names_and_numbers_get_a_plain_message(app, client, running, htmx):
    script = client.post(f"/events/{running}/teams", {"player_one": "<script>alert(1)</script>", "player_two": "Bo",
                                                     "name": "<b>x</b>"}, htmx=htmx)
    assert script.status_code in (200, 409, 422)
    page = client.get(f"/events/{running}/teams").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page
    nul = client.post(f"/events/{running}/teams", {"player_one": "Ann\x00", "player_two": "Bo"}, htmx=htmx)
    assert nul.status_code == 422 and "letters, digits, spaces and punctuation" in nul.get_data(as_text=True)
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    game = re.search(r"/games/(\d+)/send", phone.get(f"/events/t/{code}").get_data(as_text=True)).group(1)
    huge = phone.post(f"/events/t/{code}/games/{game}/send", {"home_points": "2147483648", "away_points": "1",
                                                             "side": "home"}, htmx=htmx)
    assert huge.status_code == 422 and "Points from −999 to 999." in huge.get_data(as_text=True)
    for url in (f"/events/{running}/games/2147483648/ruling", f"/events/{running}/games/99999999999999999999/ruling"):
        assert client.get(url).status_code == 404
    assert client.post(f"/events/{running}/teams/9223372036854775808/withdraw").status_code == 404
    assert client.get("/events/" + "x" * 40).status_code == 404
    assert client.get("/events/t/AB%00CD").status_code in (404, 429)


def test_a_late_team_cannot_join_a_round_robin(client):
    slug = create_event(client, format="round-robin")
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    late = client.post(f"/events/{slug}/teams", {"player_one": "Late", "player_two": "Comer"})
    assert late.status_code == 422 and "no team can join it later" in late.get_data(as_text=True)


def test_a_player_cannot_be_in_two_teams(client):
    slug = create_event(client)
    client.post(f"/events/{slug}/teams", {"player_one": "Ann", "player_two": "Bo"})
    again = client.post(f"/events/{slug}/teams", {"player_one": "ann", "player_two": "Cy"})
    assert again.status_code == 422 and "ann is already in a team." in again.get_data(as_text=True)


def test_a_forgotten_pin_is_replaced_on_the_laptop(app, client, running):
    other = stranger(app, "10.0.0.14")
    for _ in range(6):
        other.post(f"/events/{running}/login", {"pin": "0000"})
    result = app.test_cli_runner().invoke(args=["teams", "reset-pin", running, "--pin", "97531"])
    assert result.exit_code == 0 and "New director PIN set" in result.output
    assert other.post(f"/events/{running}/login", {"pin": PIN}).status_code == 422  # the old PIN no more
    assert other.post(f"/events/{running}/login", {"pin": "97531"}).status_code == 303
    assert "A new director PIN was set." in client.get(f"/events/{running}/log").get_data(as_text=True)
    missing = app.test_cli_runner().invoke(args=["teams", "reset-pin", "nothing", "--pin", "97531"])
    assert missing.exit_code != 0 and "no team event" in missing.output
