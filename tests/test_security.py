"""Hostile input and the browser's defences: CSRF on every POST, every text field escaped, the session
cookie's flags, and a Content-Security-Policy that runs only the app's own scripts."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from tests.app_helpers import add_hand, create_match, hand_data, setup_data, slug_in, stored_match

PAYLOADS = ('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>")
# What a payload looks like once it reached the page as markup (case-insensitive: some tools upper-case cards).
RAW = re.compile(r"<script>alert|<img src=x|<svg onload", re.I)
# ... and once escaped: Jinja and WTForms write < as &lt;
ESCAPED = re.compile(r"&lt;script&gt;alert|&lt;img src=x|&lt;svg onload", re.I)


# -- the state of the database, to show that a refused request changed nothing ----------------------
def snapshot(app) -> dict:
    from sqlalchemy.orm import selectinload

    from extensions import db
    from models import (AuditEntry, EventGame, EventTeam, Group, Hand, Match, MatchSeat, Night, NightPlayer, Player,
                        RemovedMatch, Season, TableGame, TeamEvent)

    with app.app_context():
        db.session.remove()
        # every match's hands in one query: the test makes a match for each route, so loading them one by one
        # grew with the square of the routes
        matches = db.session.query(Match).options(selectinload(Match.hands)).order_by(Match.id).all()
        return {
            "players": sorted((p.id, p.name) for p in db.session.query(Player)),
            "groups": [(g.id, g.name, g.code, g.time_zone) for g in db.session.query(Group).order_by(Group.id)],
            "seasons": db.session.query(Season).count(),
            "removed matches": db.session.query(RemovedMatch).count(),
            "seats": db.session.query(MatchSeat).count(),
            "hands": db.session.query(Hand).count(),
            "matches": [(m.id, m.version, m.status, m.group_id, [h.to_dict() for h in m.hands]) for m in matches],
            "nights": [(n.id, n.version, n.status, n.current_game) for n in db.session.query(Night).order_by(Night.id)],
            "night players": [(p.id, p.left_after) for p in db.session.query(NightPlayer).order_by(NightPlayer.id)],
            "table games": [(t.id, t.status) for t in db.session.query(TableGame).order_by(TableGame.id)],
            "audit": db.session.query(AuditEntry).count(),
            "team events": [(e.id, e.version, e.status, e.current_round) for e in db.session.query(TeamEvent)],
            "event teams": [(t.id, t.withdrawn_after) for t in db.session.query(EventTeam).order_by(EventTeam.id)],
            "event games": [(g.id, g.status, g.version) for g in db.session.query(EventGame).order_by(EventGame.id)],
        }


def first_hand_id(app, match_id: str) -> int:
    with app.app_context():
        return stored_match(match_id).hands[0].id


# -- CSRF --------------------------------------------------------------------------------------------
def post_routes(app) -> list:
    return sorted((r for r in app.url_map.iter_rules() if "POST" in r.methods), key=lambda r: r.rule)


def valid_post(client, app, endpoint: str, match_id: str, hand_id: int) -> dict:
    """A body that this endpoint accepts when the token is there: without the token, the refusal is
    the token's doing and nothing else."""
    version = snapshot(app)["matches"][-1][1]
    if endpoint == "hands.redo":  # an undo to take back, so the redo has a hand to bring back
        client.post(f"/matches/{match_id}/undo", {"version": str(version)})
        return {"version": str(snapshot(app)["matches"][-1][1])}
    bodies = {
        "matches.create": setup_data(),
        "matches.import_match": {"document": json.dumps({"variant": "euchre", "players": ["W", "X", "Y", "Z"]})},
        "matches.rematch": {},
        "hands.preview": hand_data(client, match_id, maker=1, trump="H", tricks=3),
        "hands.add": hand_data(client, match_id, maker=1, trump="H", tricks=3),
        "hands.update": hand_data(client, match_id, maker=0, trump="S", tricks=5),
        "hands.delete": {"version": str(version)},
        "hands.undo": {"version": str(version)},
        "home.abandon": {"sure": "yes"},
        "disputes.judge": {"variant": "euchre", "trump": "H", "plays": "AS KS", "card": "QS"},
        "disputes.renege": {"variant": "euchre", "trump": "H", "led": "AS", "hand": ["KS", "QH"], "played": "QH"},
    }
    return bodies.get(endpoint, {})


def night_post(client, app, endpoint: str) -> tuple[dict, dict]:
    """For a night's POST: the URL values and a body it accepts, on a night made ready for it (this
    client is the director and holds table 1's phone)."""
    from tests.night_helpers import PIN, check_in, create_night, night_data, send_total, start, table_codes

    if endpoint == "nights.create":
        return {}, night_data()
    slug = create_night(client)
    check_in(client, slug, ["Ann", "Bo", "Cy", "Di", "Ed"])
    values = {"slug": slug, "game": 1, "table": 1, "player_id": _night_player_id(app, slug)}
    if endpoint.startswith(("night_wishes.", "night_prizes.", "night_group.")):
        return night_extras_post(client, app, endpoint, values)
    if endpoint == "nights.start":
        return values, {}
    if endpoint == "nights.login":
        return values, {"pin": PIN}
    if endpoint == "nights.player_returns":
        client.post(f"/nights/{slug}/players/{values['player_id']}/leave")
    start(client, slug)
    code = values["code"] = table_codes(app, slug)[1]
    client.get(f"/t/{code}")
    if endpoint in ("nights.bell", "tables.bell"):
        return values, {"confirmed": "yes"}  # no hand played yet: the bell asks first
    if endpoint in ("nights.rename", "nights.set_games"):
        return values, {"name": "Zed"} if endpoint == "nights.rename" else {"games": "5"}
    if endpoint in ("nights.check_in", "nights.player_leaves", "nights.player_returns", "nights.close"):
        return values, {"names": "Zed"} if endpoint == "nights.check_in" else _result_body()
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    if endpoint in ("nights.undo_bell", "tables.undo_bell"):
        return values, {}
    if endpoint == "tables.submit":
        return values, {"pair": "NS", "cut_winner": "NS"}
    if endpoint == "tables.total":
        return values, dict(_result_body(), pair="NS")
    send_total(client, code, 5, 3)
    if endpoint in ("tables.confirm", "tables.reject"):
        return values, {"pair": "EW"}
    client.post(f"/t/{code}/confirm", {"pair": "EW"})
    return values, _result_body()  # nights.correct


def night_extras_post(client, app, endpoint: str, values: dict) -> tuple[dict, dict]:
    """For the POSTs of a night's seating wishes, prizes and group (during check-in)."""
    from tests.group_helpers import create_group, group_match

    with app.app_context():
        from extensions import db
        from models import Night

        ids = [p.id for p in db.session.query(Night).filter_by(slug=values["slug"]).one().players]
    if endpoint == "night_wishes.add":
        return values, {"kind": "never", "player": str(ids[0]), "other": str(ids[1])}
    if endpoint == "night_wishes.remove":
        client.post(f"/nights/{values['slug']}/wishes", {"kind": "apart", "player": str(ids[0]), "other": str(ids[1])})
        return dict(values, wish_id=_latest_id(app, "NightWish")), {}
    if endpoint == "night_prizes.choose":
        return values, {"high": "y", "named": "Ladies"}
    if endpoint in ("night_prizes.mark", "night_prizes.remove"):
        client.post(f"/nights/{values['slug']}/prizes", {"high": "y", "named": "Ladies"})
        return dict(values, prize_id=_latest_id(app, "NightPrize")), {"player": [str(ids[0])]}
    group_id = create_group(client)
    if endpoint == "night_group.choose":
        return values, {"group": str(group_id)}
    group_match(client, group_id, names=("Gil", "Hu", "Io", "Jan"))
    client.post(f"/nights/{values['slug']}/group", {"group": str(group_id)})
    return values, {"player": [str(p) for p in _group_players(app, group_id).values()]}  # night_group.pick


def group_post(client, app, endpoint: str) -> tuple[dict, dict]:
    """For a group's POST: the URL values and a body it accepts (this client made the group, so it may)."""
    from tests.group_helpers import create_group, group_code, group_match

    if endpoint == "groups.create":
        return {}, {"name": "Thursday"}
    group_id = create_group(client)
    group_match(client, group_id, names=("Ann", "Bob", "Cy", "Di"))
    group_match(client, group_id, names=("Ann", "Bobby", "Eve", "Flo"))
    players = _group_players(app, group_id)
    match_slug = group_match(client, group_id, names=("Ann", "Bob", "Cy", "Gus"))
    values = {"group_id": group_id, "player_id": players["Bob"], "match_slug": match_slug}
    if endpoint == "groups.restore_match":
        client.post(f"/groups/{group_id}/matches/{match_slug}/delete")
        values["removed_id"] = _latest_id(app, "RemovedMatch")
    if endpoint == "groups.delete_season":
        client.post(f"/groups/{group_id}/seasons", {"name": "Autumn", "starts": "2025-09-01", "ends": "2025-11-30"})
        values["season_id"] = _latest_id(app, "Season")
    bodies = {
        "groups.delete_match": {}, "groups.restore_match": {}, "groups.move_out": {}, "groups.abandon": {},
        "groups.replace_codes": {}, "groups.delete_season": {}, "groups.set_time_zone": {"time_zone": "Europe/Paris"},
        "groups.seasons": {"name": "Winter", "starts": "2025-12-01", "ends": "2026-02-28", "best_of": "8"},
        "groups.join": {"code": group_code(client, group_id)},
        "groups.rename": {"name": "Robert"},
        "groups.merge": {"keep": str(players["Bob"]), "merge": str(players["Bobby"])},
        "groups.import_documents": {"document": json.dumps(
            {"format": "euchre-match/1", "variant": "euchre", "players": ["W", "X", "Y", "Z"], "hands": []})},
    }
    return values, bodies[endpoint]


def _group_players(app, group_id: int) -> dict[str, int]:
    from extensions import db
    from models import Player

    with app.app_context():
        return {p.name: p.id for p in db.session.query(Player).filter_by(group_id=group_id)}


def _latest_id(app, model: str) -> int:
    import models
    from extensions import db

    with app.app_context():
        table = getattr(models, model)
        return db.session.scalar(db.select(db.func.max(table.id)))


def _result_body() -> dict:
    return {"ns_points": "4", "ew_points": "2", **{f"loners_{s}": "0" for s in "NESW"}}


def _night_player_id(app, slug: str) -> int:
    from extensions import db
    from models import Night

    with app.app_context():
        return db.session.query(Night).filter_by(slug=slug).one().players[0].id


def _player_token(app, slug: str, player_id: int) -> str:
    from extensions import db
    from models import Night
    from web.nights.player_page import player_token

    with app.test_request_context():
        return player_token(db.session.query(Night).filter_by(slug=slug).one(), player_id)


EVENT_ENDPOINTS = ("teams.", "event_tables.", "event_screens.")


def event_post(client, app, endpoint: str) -> tuple[dict, dict]:
    """For a team event's POST: the URL values and a body it accepts, on an event made ready for it (this
    client is the director and holds table 1's phone)."""
    import re as re_

    from extensions import db
    from models import EventGame, EventTeam
    from tests.team_helpers import PIN, add_teams, create_event, event_data, table_codes

    if endpoint == "teams.create":
        return {}, event_data()
    if endpoint == "teams.estimate":
        return {}, event_data()
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    with app.app_context():
        team_id = db.session.query(EventTeam).order_by(EventTeam.id.desc()).first().id
    values = {"slug": slug, "team_id": team_id}
    bodies = {"teams.login": {"pin": PIN}, "teams.add_team": {"player_one": "Zed", "player_two": "Yo"},
              "teams.draw": {"names": "Pat\nQuin"}, "teams.withdraw": {}, "teams.start": {}}
    if endpoint in bodies:
        return values, bodies[endpoint]
    client.post(f"/events/{slug}/start")
    code = values["code"] = table_codes(client, slug)[0]
    html = client.get(f"/events/t/{code}").get_data(as_text=True)
    values["game_id"] = int(re_.search(r"/games/(\d+)/send", html).group(1))
    result = {"home_points": "10", "away_points": "4"}
    if endpoint == "teams.bell":
        return values, {}
    if endpoint == "event_tables.send_hands":  # a hand on the table's scoresheet, then its score sent
        sheet = re_.search(r'href="(/matches/[^"]+)"[^>]*id="scoresheet"|id="scoresheet" href="(/matches/[^"]+)"', html)
        add_hand(client, slug_in(sheet.group(1) or sheet.group(2)), maker=0, trump="S", tricks=3)
        return values, {"hands-side": "home"}
    if endpoint in ("teams.ruling", "event_tables.send"):
        return values, dict(result, side="home")
    if endpoint == "teams.next_round":  # every table done, and the app has not moved on by itself
        with app.app_context():
            db.session.query(EventGame).filter(EventGame.round == 1).update({"status": "done", "ns_points": 10,
                                                                             "ew_points": 2, "winner": "NS"})
            db.session.commit()
        return values, {}
    client.post(f"/events/t/{code}/games/{values['game_id']}/send", dict(result, side="home"))
    return values, {"side": "away"}  # confirm, reject


def match_values(app, slug: str) -> dict:
    """A match's URL values: its slug, its read-only link's, and its id (the old numeric links)."""
    with app.app_context():
        match = stored_match(slug)
        return {"match_slug": slug, "watch_slug": match.watch_slug, "match_id": match.id, "rest": "hands"}


def url_for_rule(rule, app, match_id: str, hand_id: int, extra: dict | None = None) -> str:
    values = {**match_values(app, match_id), "hand_id": hand_id, "number": 1, "key": "euchre", **(extra or {})}
    unknown = set(rule.arguments) - set(values)
    assert not unknown, f"{rule.rule}: teach this test a value for {unknown}"
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), rule.rule)


def test_every_post_is_refused_without_its_csrf_token(client, app):
    routes = post_routes(app)
    endpoints = {r.endpoint for r in routes}
    assert {"matches.create", "matches.import_match", "hands.add", "hands.update", "hands.delete",
            "hands.undo", "disputes.judge", "nights.create", "nights.close", "tables.submit", "tables.confirm"} <= endpoints
    for rule in routes:
        match_id = create_match(client)
        add_hand(client, match_id, maker=1, trump="H", tricks=3)
        hand_id = first_hand_id(app, match_id)
        if rule.endpoint.startswith(("nights.", "tables.", "groups.", "night_") + EVENT_ENDPOINTS):
            make = group_post if rule.endpoint.startswith("groups.") else \
                event_post if rule.endpoint.startswith(EVENT_ENDPOINTS) else night_post
            values, data = make(client, app, rule.endpoint)
            url = url_for_rule(rule, app, match_id, hand_id, values)
        else:
            url = url_for_rule(rule, app, match_id, hand_id)
            data = valid_post(client, app, rule.endpoint, match_id, hand_id)
        before = snapshot(app)
        stranger = app.test_client()  # another site's page: no session, no token
        attempts = {
            "form, no token": client.post(url, data, csrf=False),
            "htmx, no token": client.post(url, data, htmx=True, csrf=False),
            "wrong token": client.post(url, dict(data, csrf_token="forged"), csrf=False),
            "no session": stranger.post(url, data=dict(data, csrf_token=client.token)),
        }
        for name, response in attempts.items():
            assert response.status_code == 400, (rule.rule, name, response.status_code)
            assert "Reload the page" in response.get_data(as_text=True), (rule.rule, name)
        assert snapshot(app) == before, rule.rule
        # The same request with its token goes through, so the 400s above were the token's doing.
        allowed = client.post(url, data)
        if rule.endpoint == "matches.old_link":  # sent on to the match's address, form and all
            assert allowed.status_code == 307, (rule.rule, allowed.status_code)
            continue
        assert allowed.status_code in (200, 303), (rule.rule, allowed.status_code)
        if rule.endpoint not in ("hands.preview", "disputes.judge", "disputes.renege", "nights.login",
                                   "groups.join", "teams.login", "teams.estimate"):
            assert snapshot(app) != before, rule.rule


# -- escaping ----------------------------------------------------------------------------------------
def assert_escaped(html: str, where: str, shown: bool = False) -> None:
    raw = RAW.search(html)
    assert raw is None, f"{where}: unescaped {html[max(0, raw.start() - 80):raw.end() + 40]!r}"
    if shown:
        assert ESCAPED.search(html), f"{where}: the payload is not on the page at all"


def test_player_names_are_escaped_on_every_page_that_shows_them(client, app):
    names = PAYLOADS + ("Di & <b>Co</b>",)
    match_id = create_match(client, names=names, rules={"rule_target": "3"})
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    hand_id = first_hand_id(app, match_id)
    base = f"/matches/{match_id}"
    pages = {
        "match page": client.get(base),
        "match fragment": client.get(base, htmx=True),
        "home": client.get("/"),
        "known players": client.get("/matches/new?variant=euchre"),
        "preview": client.post(f"{base}/preview", hand_data(client, match_id, maker=0, trump="S", tricks=4), htmx=True),
        "edit form": client.get(f"{base}/hands/{hand_id}/edit", htmx=True),
        "what if": client.get(f"{base}/hands/1/what-if?change=more"),
        "stale save": client.post(f"{base}/hands", dict(hand_data(client, match_id, outcome="void"), version="1"),
                                  htmx=True),
        "saved": add_hand(client, match_id, htmx=True, maker=0, trump="S", tricks=5, alone=True),  # game over
    }
    assert "Game over" in pages["saved"].get_data(as_text=True)
    for where, response in pages.items():
        html = response.get_data(as_text=True)
        assert_escaped(html, where, shown=True)
        assert "<b>Co</b>" not in html
    export = client.get(f"{base}/export.json")
    assert export.mimetype == "application/json" and export.get_json()["players"][:3] == list(PAYLOADS)
    assert export.headers["X-Content-Type-Options"] == "nosniff"  # never sniffed as HTML


def test_imported_documents_are_escaped(client):
    base = {"variant": "euchre", "players": ["Ann", "Bob", "Cy", "Di"], "hands": []}
    for payload in PAYLOADS:
        # a name that is stored, then shown
        response = client.post("/matches/import", {"document": json.dumps(dict(base, players=[payload, "B", "C", "D"]))})
        assert response.status_code == 303
        assert_escaped(client.get(response.headers["Location"]).get_data(as_text=True), "imported match", shown=True)
        # values the refusal quotes back
        for doc in (dict(base, format=payload), dict(base, variant=payload), dict(base, rules={payload: 1}),
                    dict(base, hands=[{payload: 1}]), dict(base, hands=[{"maker": payload}]),
                    dict(base, players=[payload] * 4), payload):
            for htmx in (False, True):
                text = doc if isinstance(doc, str) else json.dumps(doc)
                response = client.post("/matches/import", {"document": text}, htmx=htmx)
                assert response.status_code == 422, doc
                assert_escaped(response.get_data(as_text=True), f"import of {text[:60]}", shown=True)


class FormFields(HTMLParser):
    """The names of the fields of one form on a page."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside, self.names = form_id, False, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        elif self.inside and tag in ("input", "textarea", "select", "button") and attrs.get("name"):
            if attrs["name"] not in self.names and attrs["name"] != "csrf_token":
                self.names.append(attrs["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def fields_of(html: str, form_id: str) -> list[str]:
    parser = FormFields(form_id)
    parser.feed(html)
    assert parser.names, f"no fields in #{form_id}"
    return parser.names


def test_every_form_field_takes_script_and_html_payloads_escaped(client, app):
    """Each field of each form, one at a time, holds each payload; whatever the app answers (and every
    page drawn afterwards) shows it escaped or not at all."""
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    hand_id = first_hand_id(app, match_id)
    base = f"/matches/{match_id}"
    forms = [  # (page with the form, form id, where it posts, a valid body to start from)
        ("/matches/new?variant=euchre", "setup-form", "/matches/new", lambda: setup_data()),
        ("/matches/import", "import-form", "/matches/import",
         lambda: {"document": json.dumps({"variant": "euchre", "players": ["A", "B", "C", "D"]})}),
        (base, "hand-form", f"{base}/hands", lambda: hand_data(client, match_id, maker=0, trump="S", tricks=3)),
        (base, "hand-form", f"{base}/preview", lambda: hand_data(client, match_id, maker=0, trump="S", tricks=3)),
        (f"{base}/hands/{hand_id}/edit", "hand-form", f"{base}/hands/{hand_id}",
         lambda: hand_data(client, match_id, maker=1, trump="C", tricks=4)),
        ("/rules/judge", "judge-form", "/rules/judge", lambda: {"variant": "euchre", "trump": "H", "plays": "AS"}),
        ("/rules/renege", "renege-form", "/rules/renege",
         lambda: {"variant": "euchre", "trump": "H", "led": "AS", "hand": ["KS"]}),
    ]
    echoed = 0
    for page, form_id, action, valid in forms:
        names = fields_of(client.get(page).get_data(as_text=True), form_id)
        for name in names:
            for payload in PAYLOADS:
                for htmx in (False, True):
                    response = client.post(action, dict(valid(), **{name: payload}), htmx=htmx)
                    assert response.status_code < 500, (action, name)
                    html = response.get_data(as_text=True)
                    assert_escaped(html, f"{action} with {name}={payload}")
                    echoed += bool(ESCAPED.search(html))
                    if response.status_code in (200, 303) and "Location" in response.headers:
                        assert_escaped(client.get(response.headers["Location"]).get_data(as_text=True), action)
    # GET forms: the card ranking viewer and the what-if
    for name in fields_of(client.get("/rules/cards").get_data(as_text=True), "ranking-form") + ["variant", "bogus"]:
        for payload in PAYLOADS:
            response = client.get("/rules/cards", query_string={name: payload})
            assert_escaped(response.get_data(as_text=True), f"/rules/cards?{name}=")
            echoed += bool(ESCAPED.search(response.get_data(as_text=True)))
    for payload in PAYLOADS:
        assert_escaped(client.get(f"{base}/hands/1/what-if", query_string={"change": payload}).get_data(as_text=True),
                       "what-if")
        assert_escaped(client.get("/rules/" + payload).get_data(as_text=True), "a rules page that does not exist")
    for page in ("/", base, "/matches/new?variant=euchre"):
        assert_escaped(client.get(page).get_data(as_text=True), page)
    assert echoed > 20  # the payloads did come back (escaped): the checks above looked at real echoes


# -- the session cookie ------------------------------------------------------------------------------
def session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def flags(cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() + ("=" + part.split("=")[1].strip() if "samesite" in part.lower() else "")
            for part in cookie.split(";")[1:]}


def test_session_cookie_is_httponly_and_samesite_lax(app, clean_db):
    cookie = session_cookie(app.test_client().get("/"))
    assert {"httponly", "samesite=Lax"} <= flags(cookie)
    assert "secure" not in flags(cookie)  # plain HTTP on the venue's Wi-Fi: a Secure cookie would never come back


def test_session_cookie_is_secure_over_https(app, clean_db):
    https = app.test_client()
    response = https.get("/", base_url="https://scores.example")
    assert {"httponly", "samesite=Lax", "secure"} <= flags(session_cookie(response))
    # and HTTPS still saves: Flask-WTF checks the Referer over HTTPS, and a phone sends it (same origin)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', response.get_data(as_text=True)).group(1)
    created = https.post("/matches/new", data=dict(setup_data(), csrf_token=token), base_url="https://scores.example",
                         headers={"Referer": "https://scores.example/matches/new"})
    assert created.status_code == 303


def test_a_forged_forwarded_proto_is_not_trusted_by_the_app(app, clean_db):
    """Only gunicorn decides the scheme (from a proxy it trusts); the app never reads the header itself."""
    response = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "secure" not in flags(session_cookie(response))


def test_a_request_that_changes_nothing_in_the_session_sends_no_cookie_back(app, clean_db):
    """A background request (a poll, the service worker keeping its copy of home) carries the cookie of
    its start; sending it back would undo a change another request made meanwhile, such as the match
    this phone just started, which would then no longer be this phone's."""
    phone = app.test_client()
    before = phone.get("/")  # the CSRF secret goes into the session: a cookie
    token = re.search(r'"X-CSRFToken": "([^"]+)"', before.get_data(as_text=True)).group(1)
    started = phone.post("/matches/new", data=dict(setup_data(), csrf_token=token))
    assert started.status_code == 303 and session_cookie(started)  # the new match is remembered: a cookie
    for page in ("/", started.headers["Location"], "/rules/"):
        response = phone.get(page)
        assert response.status_code == 200
        assert not [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")], page


def test_a_remembering_cookie_is_sent_again_once_it_is_a_day_old(app, clean_db, monkeypatch):
    """A permanent cookie (a match or group this phone remembers) lasts a month from when it was last
    sent: a phone that only reads still has it renewed, once a day."""
    import itsdangerous.timed
    phone = app.test_client()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', phone.get("/").get_data(as_text=True)).group(1)
    started = phone.post("/matches/new", data=dict(setup_data(), csrf_token=token))
    assert started.status_code == 303
    assert not phone.get("/").headers.getlist("Set-Cookie")
    now = itsdangerous.timed.time.time()
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: now + 25 * 3600)
    renewed = phone.get("/")
    assert "expires=" in session_cookie(renewed).lower()
    assert started.headers["Location"] in renewed.get_data(as_text=True)  # still this phone's match
    assert not phone.get("/").headers.getlist("Set-Cookie")  # renewed now: not again until tomorrow


# -- Content-Security-Policy -------------------------------------------------------------------------
def csp(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in header.split(";") if d.strip()}


class Scripts(HTMLParser):
    """Every script and every attribute that could run code, on one page."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.in_script = False
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self.scripts += 1
            self.in_script = True
            src = attrs.get("src") or ""
            if not src.startswith("/static/"):
                self.problems.append(f"<script src={src!r}>")
        for name, value in attrs.items():
            if name.startswith("on") or name.startswith("hx-on") or name.startswith("data-hx-on"):
                self.problems.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self.problems.append(f"inline script {data.strip()[:40]!r}")


def every_get_page(client, app) -> list[str]:
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    hand_id = first_hand_id(app, match_id)
    night, _body = night_post(client, app, "nights.close")  # a night in play: its director and table 1's phone
    group, _body = group_post(client, app, "groups.delete_season")  # a group this client may see, with a season
    values = {**match_values(app, match_id), "hand_id": hand_id, "number": 1, "key": "euchre", **night, **group}
    values["token"] = _player_token(app, night["slug"], night["player_id"])
    event, _body = event_post(client, app, "event_tables.confirm")  # an event in play: its director, table 1
    urls = ["/nowhere", "/rules/cards?trump=S&variant=bacon", f"/matches/{match_id}/hands/1/what-if?change=more"]
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint != "static" and not rule.rule.endswith((".json", ".csv", ".jsonl", ".js")):
            these = {**values, **event} if rule.endpoint.startswith(EVENT_ENDPOINTS) else values
            urls.append(re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(these[m.group(1)]), rule.rule))
    return urls


def test_csp_allows_only_the_apps_own_scripts(client, app):
    urls = every_get_page(client, app)
    assert len(urls) >= 12
    for url in urls:
        for htmx in (False, True):
            response = client.get(url, htmx=htmx)
            policy = csp(response)
            assert policy["script-src"] == ["'self'"], url
            assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"], url
            assert policy["base-uri"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"], url
            parser = Scripts()
            parser.feed(response.get_data(as_text=True))
            assert parser.problems == [], (url, parser.problems)
            polled = url.endswith(("/live", "/pulse"))  # only ever asked by a page's poller: a fragment
            if not htmx and response.status_code == 200 and not polled:
                # htmx.min.js and app.js, from /static/ (and projector.js on the big screens: a night's
                # projector, a team event's screen)
                big_screen = "/projector/" in url or (url.startswith("/events/") and url.endswith("/screen"))
                assert parser.scripts == (3 if big_screen else 2), url
    # error answers and static files carry the policy too
    assert csp(client.post("/matches/new", {}, csrf=False))["script-src"] == ["'self'"]
    assert csp(client.get("/static/app.js"))["script-src"] == ["'self'"]


def test_htmx_is_configured_not_to_eval(client):
    html = client.get("/").get_data(as_text=True)
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html).group(1))
    assert config["allowEval"] is False and config["allowScriptTags"] is False


def test_night_text_fields_are_escaped_everywhere(client, app):
    """The night's name, player names, a correction's reason and a typed table code, on every page."""
    from tests.night_helpers import check_in, create_night, send_total, start, table_codes

    slug = create_night(client, name=PAYLOADS[0])
    check_in(client, slug, list(PAYLOADS) + ["Di & <b>Co</b>"])
    start(client, slug)
    code = table_codes(app, slug)[1]
    client.get(f"/t/{code}")
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    send_total(client, code, 5, 3)
    client.post(f"/t/{code}/confirm", {"pair": "EW"})
    client.post(f"/nights/{slug}/games/1/tables/1/correct",
                {"ns_points": "4", "ew_points": "3", "reason": PAYLOADS[1], **{f"loners_{s}": "0" for s in "NESW"}})
    pages = ["/", f"/nights/{slug}", f"/nights/{slug}/players", f"/t/{code}", f"/nights/{slug}/games/1",
             f"/nights/{slug}/seating", f"/nights/{slug}/standings", f"/nights/{slug}/print/tally-cards",
             f"/nights/{slug}/print/table-cards", f"/nights/{slug}/print/results", f"/nights/{slug}/chart",
             f"/nights/{slug}/audit", f"/t/?code={PAYLOADS[2]}"]
    for url in pages:
        for htmx in (False, True):
            response = client.get(url, htmx=htmx)
            assert_escaped(response.get_data(as_text=True), f"{url} htmx={htmx}", shown=True)
