"""Hostile input, as an attacker would send it (issue 18): ids past the database's integer, control
characters in free text, JSON nested deep or grown huge, and the referee's command line fed junk.
Each answer is a plain 4xx with words, never a 5xx; nothing is saved from a refusal.

The id tests walk the app's own url_map, so a route added later is covered too.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time

import pytest

from tests.app_helpers import setup_data
from tests.conftest import ROOT
from tests.group_helpers import create_group
from tests.hostile_helpers import CONTROL, DEEP, HUGE_IDS, LONG_NUMBER, PARAM, first, make_world, route_url
from tests.night_helpers import create_night, night_data


def _count(app, sql: str) -> int:
    return first(app, sql)


@pytest.fixture()
def world(app, client) -> dict[str, str]:
    return make_world(app, client)


def test_ids_past_the_database_integer_are_a_404_on_every_route(app, client, world):
    tried = 0
    for rule in app.url_map.iter_rules():
        ids = [name for converter, name in PARAM.findall(rule.rule) if converter == "int"]
        for name in ids:
            for huge in HUGE_IDS:
                url = route_url(rule.rule, dict(world, **{name: huge}))
                for method in sorted(rule.methods & {"GET", "POST"}):
                    response = client.get(url) if method == "GET" else client.post(url, {})
                    assert response.status_code == 404, (method, url, response.status_code)
                    assert "There is nothing here." in response.get_data(as_text=True)
                    tried += 1
    assert tried >= 100  # every <int:...> of every route, three ways


@pytest.mark.parametrize("huge", HUGE_IDS)
def test_ids_past_the_database_integer_in_parameters(client, world, huge):
    match = world["match_id"]
    assert client.get(f"/matches/{match}?edit={huge}").status_code == 200  # no such hand to edit: the plain page
    assert client.post(f"/matches/{match}/preview?hand={huge}", {"outcome": "played"}, htmx=True).status_code == 200
    assert client.get(f"/matches/new?group={huge}").status_code == 404
    response = client.post("/matches/new", dict(setup_data(names=("Ed", "Flo", "Gus", "Hal")), group=huge))
    assert response.status_code == 404
    assert client.get(f"/t/{world['code']}/pulse?game={huge}").status_code < 500


# -- control characters in free text --------------------------------------------------------------


def _text_fields(world) -> list[tuple[str, dict[str, str], str]]:
    """(url, form, the field holding the text) for every form with free text."""
    slug, group = world["slug"], world["group_id"]
    loners = {f"loners_{s}": "0" for s in "NESW"}
    return [
        ("/groups/", {}, "name"),
        ("/groups/join", {}, "code"),
        (f"/groups/{group}/players/{world['player_id']}/rename", {}, "name"),
        ("/nights/new", night_data(), "name"),
        (f"/nights/{slug}/players", {}, "names"),
        (f"/nights/{slug}/games/1/tables/1/close", {"ns_points": "3", "ew_points": "1", **loners}, "reason"),
        ("/matches/new", setup_data(), "name_0"),
        ("/rules/judge", {"variant": "euchre", "trump": "H"}, "plays"),
    ]


@pytest.mark.parametrize("text", CONTROL)
@pytest.mark.parametrize("htmx", [False, True])
def test_control_characters_are_a_field_error(app, client, world, text, htmx):
    before = {t: _count(app, f"SELECT count(*) FROM {t}") for t in ("play_group", "player", "night", "match",
                                                                   "audit_entry")}
    for url, form, field in _text_fields(world):
        response = client.post(url, dict(form, **{field: text}), htmx=htmx)
        html = response.get_data(as_text=True)
        assert response.status_code == 422, (url, response.status_code, html[:1500])
        assert "only hold letters, digits, spaces and punctuation" in html \
            or "Use only letters, digits, spaces and punctuation" in html, (url, html[:3000])
    after = {t: _count(app, f"SELECT count(*) FROM {t}") for t in before}
    assert after == before


@pytest.mark.parametrize("url", ["/t/%00", "/nights/%00", "/nights/a%1bb/standings", "/groups/join/%00",
                                 "/rules/%00", "/t/%00/pulse"])
def test_control_characters_in_an_address_are_a_404(client, url):
    assert client.get(url).status_code == 404


def test_line_breaks_still_separate_the_names_checked_in(client, world):
    slug = create_night(client, name="Second")
    assert client.post(f"/nights/{slug}/players", {"names": "Max\r\nNed\nOla"}).status_code == 200


# -- JSON: depth, long numbers, size --------------------------------------------------------------


def _document(**changes) -> dict:
    return dict({"variant": "euchre", "players": ["Pat", "Quin", "Ros", "Sam"]}, **changes)


def _import(client, text: str, upload: bool, htmx: bool = False):
    if upload:
        return client.post("/matches/import", {"file": (io.BytesIO(text.encode()), "match.json")}, htmx=htmx,
                           content_type="multipart/form-data")
    return client.post("/matches/import", {"document": text}, htmx=htmx)


@pytest.mark.parametrize("upload", [False, True])
@pytest.mark.parametrize("text, message", [
    (DEEP, "nested too deeply"),
    (json.dumps(_document(hands=[{"void": json.loads("[" * 20 + "]" * 20)}])), "nested too deeply"),
    (LONG_NUMBER, "a number far too long"),
    ('{"variant": "euchre", "players": ["A", "B", "C", "D"], "start_totals": [NaN, 0]}', "NaN"),
    (json.dumps(_document(hands=[{"void": True}] * 501)), "at most 500 hands"),
    (json.dumps(_document(start_totals=[10**15, 0])), "Start totals go from -999 to 999"),
    (json.dumps(_document(start_totals=[0, -1000])), "Start totals go from -999 to 999"),
])
def test_match_import_refuses_hostile_documents_in_words(app, client, text, message, upload):
    response = _import(client, text, upload)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and message in html, html[:3000]
    assert _count(app, "SELECT count(*) FROM match") == 0


def test_sixty_thousand_hands_are_refused_quickly(app, client):
    """840 KB of void hands once made a 73 MB page that took 9 s and stalled the other players."""
    text = json.dumps(_document(hands=[{"void": True}] * 60_000))
    began = time.monotonic()
    response = _import(client, text, upload=True)
    assert response.status_code == 422 and "at most 500 hands" in response.get_data(as_text=True)
    assert time.monotonic() - began < 5
    assert _count(app, "SELECT count(*) FROM match") == 0


def test_a_match_of_the_most_hands_is_taken(client):
    response = _import(client, json.dumps(_document(hands=[{"void": True}] * 500)), upload=False)
    assert response.status_code == 303


def _group_import(client, group_id: int, text: str, upload: bool = True):
    data = {"file": (io.BytesIO(text.encode()), "matches.jsonl")} if upload else {"document": text}
    return client.post(f"/groups/{group_id}/import", data, content_type="multipart/form-data")


@pytest.mark.parametrize("upload", [False, True])
def test_group_import_says_what_is_too_deep_or_too_long(app, client, upload):
    group_id = create_group(client)
    response = _group_import(client, group_id, "\n".join([DEEP, LONG_NUMBER]), upload)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Line 1: This line is nested too deeply" in html and "Line 2: This line holds a number far too long" in html
    assert _count(app, "SELECT count(*) FROM match") == 0


def test_group_import_has_a_maximum_of_documents_hands_and_bytes(app, client):
    from web.group_io import MAX_IMPORT_BYTES, MAX_IMPORT_DOCUMENTS, MAX_IMPORT_HANDS

    group_id = create_group(client)
    lines = [json.dumps(_document(players=[f"P{n}", "Q", "R", "S"])) for n in range(MAX_IMPORT_DOCUMENTS + 1)]
    response = _group_import(client, group_id, "\n".join(lines))
    assert response.status_code == 422 and f"at most {MAX_IMPORT_DOCUMENTS:,} matches" in response.get_data(
        as_text=True)

    per_match = 500
    lines = [json.dumps(_document(players=[f"P{n}", "Q", "R", "S"], hands=[{"void": True}] * per_match))
             for n in range(MAX_IMPORT_HANDS // per_match + 1)]
    began = time.monotonic()
    response = _group_import(client, group_id, "\n".join(lines))
    assert response.status_code == 422 and f"at most {MAX_IMPORT_HANDS:,} hands" in response.get_data(as_text=True)
    assert time.monotonic() - began < 5  # refused before the referee scores them

    padding = " " * (MAX_IMPORT_BYTES + 1)
    response = _group_import(client, group_id, json.dumps(_document()) + padding)
    assert response.status_code == 422 and "more than 2 MB" in response.get_data(as_text=True)
    response = _group_import(client, group_id, padding * 3)  # far past it: refused before it is read
    assert response.status_code == 413 and "too much to send at once" in response.get_data(as_text=True)
    assert _count(app, "SELECT count(*) FROM match") == 0


# -- the referee's command line -------------------------------------------------------------------
@pytest.mark.parametrize("stdin", [
    LONG_NUMBER.encode(), DEEP.encode(), b"\xff\xfe\x00junk\x80\x81", b'{"variant": "euchre", "players": 7}',
    b'{"variant": "euchre", "players": ["A", "B", "C", "D"], "start_totals": [1e999, 0]}',
    b'{"variant": "euchre", "players": ["A", "B", "C", "D"], "first_dealer": ' + b"1" * 4000 + b"}",
])
@pytest.mark.parametrize("command", ["score", "trick", "legal"])
def test_cli_answers_exit_2_with_json_for_any_input(stdin, command):
    done = subprocess.run([sys.executable, "-m", "referee", command, "-"], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode in (0, 2), done.stderr.decode()[-2000:]
    assert done.stderr == b""
    if done.returncode == 2:
        (line,) = done.stdout.decode().splitlines()
        assert json.loads(line)["error"]
    assert command != "score" or done.returncode == 2


def test_a_form_part_without_a_name_is_refused(client):
    """Found by fuzzing: Werkzeug files a nameless multipart part under None, and the CSRF check failed on it."""
    body = b'--B\r\nContent-Disposition: form-data; name="\nx"\r\n\r\nv\r\n--B--\r\n'
    for url in ("/groups/", "/matches/import"):
        response = client.raw.post(url, data=body, content_type="multipart/form-data; boundary=B",
                                   headers={"HX-Request": "true", "X-CSRFToken": client.token})
        assert response.status_code == 400 and "Reload the page" in response.get_data(as_text=True)


def test_a_table_code_with_a_nul_is_no_table(client):
    """Found by trying it: PostgreSQL cannot compare a text with a NUL, and /t/?code= sent it there."""
    response = client.get("/t/?code=A%00B")
    assert response.status_code == 404 and "No table has the code" in response.get_data(as_text=True)


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="PostgreSQL refuses a NUL in a text; SQLite stores it")
def test_a_value_the_database_refuses_is_a_400_not_a_500(app):
    """The guard behind the forms' checks, for a view that would forget one."""
    from sqlalchemy import select

    from app import create_app
    from extensions import db
    from models import Player

    probe = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": app.config[
        "SQLALCHEMY_DATABASE_URI"]})

    @probe.get("/probe")
    def careless_view():
        return str(db.session.scalar(select(Player).where(Player.name == "a\x00b")))

    response = probe.test_client().get("/probe")
    assert response.status_code == 400 and "cannot be stored" in response.get_data(as_text=True)
    probe.extensions["in_use"].release()  # one app to a process in real life: this one is done serving
    with probe.app_context():
        db.engine.dispose()


def test_a_match_takes_no_hand_past_the_most(app, client):
    """The hand form keeps the limit the import keeps: a match of 500 hands takes no 501st."""
    from tests.app_helpers import add_hand

    response = _import(client, json.dumps(_document(hands=[{"void": True}] * 500)), upload=False)
    match = response.headers["Location"].rsplit("/", 1)[1]
    refused = add_hand(client, match, outcome="passed")
    assert refused.status_code == 422 and "at most 500 hands" in refused.get_data(as_text=True)
    assert _count(app, "SELECT count(*) FROM hand") == 500
