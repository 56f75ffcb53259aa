"""Fuzzing: 10,000 random match documents and form posts against the referee's command line and the
app's endpoints. Every answer is a success or a structured error (one JSON object from the command
line; a 4xx page or fragment with the message from the app): never a 500, never a traceback.

The examples are derandomized (the same every run, so a failure is reproducible) and split over
several tests; the counts add up to 10,000 (``test_the_fuzzing_adds_up``). The Flask test client
re-raises an exception from a view (TESTING), so a would-be 500 fails the test with its traceback.
"""
from __future__ import annotations

import io
import json
import re
import sys
from urllib.parse import quote, urlencode

import pytest
import referee
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import run
from tests.app_helpers import setup_data
from tests.fuzz_strategies import (CARDS, HAND_FORM_FIELDS, NAMES, SUITS, VARIANTS, as_text, form, hand_forms,
                                   json_scalars, match_documents, nearly, seat)

EXAMPLES = {"cli_score": 5000, "cli_lines": 1500, "cli_argv": 500,
            "import": 1200, "hands": 1000, "new_match": 500, "disputes": 300}
FUZZ = dict(deadline=None, derandomize=True, database=None, print_blob=True,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                   HealthCheck.data_too_large, HealthCheck.filter_too_much])


def test_the_fuzzing_adds_up():
    assert sum(EXAMPLES.values()) >= 10_000


# -- the referee's command line, in-process: run() is what `python -m referee` calls --------------------
def cli(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out, saved = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = run(argv, out)
    finally:
        sys.stdin = saved
    return status, out.getvalue()


def assert_structured(status: int, output: str) -> None:
    """Exit 0 with JSON lines, or exit 2 with one JSON error object (match-format.md, "On bad input")."""
    assert status in (0, 2), status
    lines = output.splitlines()
    assert output.endswith("\n") or not output
    if status == 2:
        assert len(lines) == 1, output
        error = json.loads(lines[0])
        assert isinstance(error, dict) and isinstance(error["error"], str) and error["error"], error
        assert isinstance(error.get("hand", 0), int) and isinstance(error.get("field", ""), str), error
    else:
        for line in lines:
            json.loads(line)


@settings(max_examples=EXAMPLES["cli_score"], **FUZZ)
@given(doc=match_documents(), data=st.data())
def test_cli_scores_any_match_document(doc, data):
    status, output = cli(["score", "-"], data.draw(as_text(doc)))
    assert_structured(status, output)
    if status == 0:
        result = json.loads(output)
        assert {"hands", "totals", "finished"} <= set(result)
        assert len(result["hands"]) == len(doc["hands"])


trick_query = st.fixed_dictionaries({}, optional={
    "variant": nearly(st.sampled_from(VARIANTS)), "trump": nearly(st.sampled_from(SUITS + ("NT",))),
    "plays": nearly(st.lists(st.tuples(seat, st.sampled_from(CARDS)).map(list), max_size=8)),
    "led": nearly(st.one_of(st.none(), st.sampled_from(CARDS))),
    "hand": nearly(st.lists(st.sampled_from(CARDS), max_size=13)),
    "rules": nearly(st.dictionaries(st.sampled_from(["deck", "bogus"]), json_scalars, max_size=2)),
})


@settings(max_examples=EXAMPLES["cli_lines"], **FUZZ)
@given(command=st.sampled_from(["trick", "legal"]), lines=st.lists(nearly(trick_query), max_size=4),
       cut=st.booleans())
def test_cli_judges_any_trick_or_hand(command, lines, cut):
    text = "\n".join(json.dumps(line) for line in lines)
    status, output = cli([command, "-"], text[:len(text) // 2] if cut else text)
    assert_structured(status, output)
    if status == 0 and not cut:
        assert len(output.splitlines()) == len(lines)


@settings(max_examples=EXAMPLES["cli_argv"], **FUZZ)
@given(argv=st.one_of(
    st.lists(st.one_of(st.sampled_from(["variants", "score", "trick", "legal", "-", "/nonexistent.json", "/",
                                        "--help"]), st.text(max_size=8)), max_size=3),
    st.tuples(st.sampled_from(["score", "trick", "legal"]), st.text(max_size=8)).map(list)),
       stdin=st.one_of(st.just(""), st.text(max_size=20)))
def test_cli_answers_any_command_line(argv, stdin):
    status, output = cli(argv, stdin)
    assert_structured(status, output)


# -- the app's endpoints --------------------------------------------------------------------------------
MESSAGE = re.compile(r'class="[^"]*\b(error|flash|message)\b')


def assert_answered_in_words(response, *ok: int) -> None:
    """A success, or a refusal that says why (the page or fragment carries the message)."""
    status = response.status_code
    assert status in ok + (404, 409, 422), status
    html = response.get_data(as_text=True)
    assert "Traceback" not in html
    if status >= 400:
        assert MESSAGE.search(html), html[:500]


def followed(response) -> str | None:
    return response.headers.get("HX-Redirect") or response.headers.get("Location")


@settings(max_examples=EXAMPLES["import"], **FUZZ)
@given(doc=match_documents(), data=st.data(), htmx=st.booleans(), upload=st.booleans())
def test_import_answers_any_document(client, doc, data, htmx, upload):
    text = data.draw(as_text(doc))
    if upload:
        raw = text.encode() if data.draw(st.booleans()) else b"\xff\xfe" + text.encode()
        response = client.post("/matches/import", {"file": (io.BytesIO(raw), "match.json")}, htmx=htmx,
                               content_type="multipart/form-data")
    else:
        response = client.post("/matches/import", {"document": text}, htmx=htmx)
    assert_answered_in_words(response, 200, 303)
    url = followed(response)
    if response.status_code in (200, 303):
        assert url, "a success that goes nowhere"
        assert client.get(url).status_code == 200
        referee.score_match(client.get(url + "/export.json").get_json())  # stored whole, as the referee takes it


class Matches:
    """A match of each game with one hand thrown in, straight into the database (quicker than the forms).

    A match is used again while it is still exactly that (every refusal leaves it so), so an example
    never depends on the ones before it.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.pristine: dict[str, tuple[int, int]] = {}

    def get(self, key: str) -> tuple[int, int]:
        from extensions import db
        from models import Hand, Match, MatchSeat, Player

        if key in self.pristine:
            return self.pristine[key]
        variant = referee.get_variant(key)
        with self.app.app_context():
            match = Match(variant=key, rules={}, first_dealer=0, status="active", version=1)
            for s, name in enumerate(NAMES[:variant.default_players]):
                match.seats.append(MatchSeat(seat=s, player=Player.get_or_create(name)))
            match.hands.append(Hand(position=1, token="fuzz-first-hand", void=True))
            db.session.add(match)
            db.session.commit()
            self.pristine[key] = (match.id, match.hands[0].id)
        return self.pristine[key]

    def document(self, key: str) -> dict:
        """The stored match as a match document; it is not used again once it has changed."""
        from extensions import db
        from models import Match

        match_id = self.pristine[key][0]
        with self.app.app_context():
            match = db.session.get(Match, match_id)
            document, version = match.document(), match.version
        if version != 1 or document["hands"] != [{"void": True}]:
            del self.pristine[key]
        return document


@pytest.fixture()
def matches(app, clean_db) -> Matches:
    return Matches(app)


@settings(max_examples=EXAMPLES["hands"], **FUZZ)
@given(key=st.sampled_from(VARIANTS), action=st.sampled_from(["hands", "hands", "preview", "edit", "delete", "undo"]),
       data=st.data(), htmx=st.booleans(), current=st.sampled_from([True, True, True, False]), wild=st.booleans())
def test_hand_endpoints_answer_any_form(client, matches, key, action, data, htmx, current, wild):
    match_id, hand_id = matches.get(key)
    body = data.draw(hand_forms(key))
    if wild:
        body.update(data.draw(form(HAND_FORM_FIELDS)))
    if current:  # the page's own token and version, so the body gets as far as the referee
        body = dict(body, token="fuzz-token-" + str(len(body)), version="1")
    url = {"hands": f"/matches/{match_id}/hands", "preview": f"/matches/{match_id}/preview",
           "edit": f"/matches/{match_id}/hands/{hand_id}", "delete": f"/matches/{match_id}/hands/{hand_id}/delete",
           "undo": f"/matches/{match_id}/undo"}[action]
    response = client.post(url, body, htmx=htmx)
    assert_answered_in_words(response, 200, 303)
    document = matches.document(key)
    referee.score_match(document)  # never half-saved: what is stored is a match the referee accepts
    if response.status_code >= 400:
        assert document["hands"] == [{"void": True}]  # a refusal changed nothing


SETUP_FIELDS = ("variant", "players", "first_dealer", "start_0", "start_1", "start_2", "rule_target", "rule_deck",
                "rule_stick_the_dealer", "rule_hands", "rule_set_penalty", "rule_min_bid", "rule_renege_penalty",
                "name_0", "name_1", "name_2", "name_3", "name_4")


@settings(max_examples=EXAMPLES["new_match"], **FUZZ)
@given(key=st.sampled_from(VARIANTS), data=st.data(), htmx=st.booleans(), wild=st.booleans(),
       names=st.one_of(st.just(NAMES), st.lists(st.text(max_size=45), min_size=6, max_size=6)))
def test_new_match_answers_any_form(client, key, data, htmx, wild, names):
    variant = referee.get_variant(key)
    n = data.draw(st.sampled_from(variant.players))
    body = setup_data(key, tuple(names[:n]), first_dealer=data.draw(st.integers(0, n - 1)))
    if wild:
        body.update(data.draw(form(SETUP_FIELDS)))
    response = client.post("/matches/new", body, htmx=htmx)
    assert_answered_in_words(response, 200, 303)
    url = followed(response)
    if url:
        assert client.get(url).status_code == 200


DISPUTE_FIELDS = ("variant", "deck", "players", "trump", "led", "plays", "card", "do", "hand", "played")


@settings(max_examples=EXAMPLES["disputes"], **FUZZ)
@given(tool=st.sampled_from(["judge", "renege", "cards", "what-if"]), body=form(DISPUTE_FIELDS),
       variant=st.sampled_from(VARIANTS), htmx=st.booleans(), number=st.integers(-1, 3))
def test_dispute_tools_answer_any_form(client, matches, tool, body, variant, htmx, number):
    body = dict({"variant": variant}, **body)
    if tool in ("judge", "renege"):
        response = client.post(f"/rules/{tool}", body, htmx=htmx)
    elif tool == "cards":
        response = client.get("/rules/cards", htmx=htmx, query_string=body)
    else:
        match_id, _ = matches.get(variant)
        response = client.get(f"/matches/{match_id}/hands/{number}/what-if", htmx=htmx,
                              query_string={"change": body.get("do", "")})
    assert_answered_in_words(response, 200)


@pytest.mark.parametrize("name", ["a\x00b", "\ud800", "tab\x7f"])
def test_names_that_once_broke(client, name):
    """Found by fuzzing: PostgreSQL cannot store NUL, and no database a lone surrogate (a 500 before)."""
    doc = {"variant": "euchre", "players": [name, "B", "C", "D"]}
    response = client.post("/matches/import", {"document": json.dumps(doc)})
    assert response.status_code == 422 and "Names can only hold" in response.get_data(as_text=True)
    if "\ud800" not in name:  # a form post cannot even carry a lone surrogate
        response = client.post("/matches/new", setup_data(names=(name, "B", "C", "D")))
        assert response.status_code == 422 and "Names can only hold" in response.get_data(as_text=True)


# -- every route of the app, with hostile values in its address, query and form --------------------------
ROUTE_EXAMPLES = 400  # on each database the suite runs on (SQLite always, PostgreSQL in CI)


@pytest.fixture()
def world(app, client) -> dict[str, str]:
    from tests.hostile_helpers import make_world

    return make_world(app, client)


def _routes(app) -> list[tuple[str, str]]:
    """(rule, method) for every route of the app, read from its url_map: one added later is fuzzed too."""
    return sorted((rule.rule, method) for rule in app.url_map.iter_rules() if rule.endpoint != "static"
                  for method in rule.methods & {"GET", "POST"})


@settings(max_examples=ROUTE_EXAMPLES, **FUZZ)
@given(data=st.data(), htmx=st.booleans(), upload=st.booleans(), csrf=st.sampled_from([True, True, True, False]))
def test_every_route_answers_any_input(app, client, world, data, htmx, upload, csrf):
    """Int overflow, NUL and control characters, deep nesting, huge and empty documents, in any part of
    any request to any route: never a 5xx (the test client re-raises what would be a 500)."""
    from tests.fuzz_strategies import PARAM_NAMES, hostile_form, hostile_query, hostile_text, hostile_upload
    from tests.hostile_helpers import route_url

    rule, method = data.draw(st.sampled_from(_routes(app)))
    values = {name: data.draw(st.one_of(st.just(world.get(name, "x")), hostile_text)) for name in PARAM_NAMES}
    url = route_url(rule, {k: quote(v, safe="") for k, v in values.items()})
    query = data.draw(hostile_query)
    if method == "GET":
        response = client.get(url, htmx=htmx, query_string=query)
    else:
        body = data.draw(hostile_form)
        kwargs = {}
        if upload:
            body["file"] = (io.BytesIO(data.draw(hostile_upload())), data.draw(st.sampled_from(
                ["match.json", "matches.jsonl", "x.exe", ""])))
            kwargs["content_type"] = "multipart/form-data"
        response = client.post(url + "?" + urlencode(query, doseq=True), body, htmx=htmx, csrf=csrf, **kwargs)
    assert response.status_code < 500, (method, url, response.status_code)
    assert "Traceback" not in response.get_data(as_text=True)
