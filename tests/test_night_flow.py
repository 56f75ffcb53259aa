"""A progressive night through its routes: setup and the PIN, check-in, seating, the bell, sending and
confirming results, the director closing and correcting, and who may write what."""
from __future__ import annotations

import re

import pytest

from tests.app_helpers import add_hand
from tests.conftest import Client
from tests.night_helpers import (PIN, Tables, check_in, confirm, create_night, night_data, phone_at, send_total, start,
                                 statements_sent, table_codes)

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@pytest.fixture()
def director(client) -> Client:
    return client


@pytest.fixture()
def tables(app, clean_db) -> Tables:
    return Tables(app)


def _night(app, slug: str):
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        db.session.expunge(night)
        return night


def _table_game(app, slug: str, table: int, game: int | None = None):
    from extensions import db
    from models import Night, TableGame

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        tg = db.session.query(TableGame).filter_by(night_id=night.id, game=game or night.current_game,
                                                   table=table).one()
        return {"status": tg.status, "ns": tg.ns_points, "ew": tg.ew_points, "winner": tg.winner,
                "match": tg.match.slug, "closed": tg.closed_by_director, "loners": tg.loners}


def _audit(app, slug: str) -> list[tuple[str, str, str]]:
    from extensions import db
    from models import AuditEntry, Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return [(a.actor, a.action, a.detail) for a in
                db.session.query(AuditEntry).filter_by(night_id=night.id).order_by(AuditEntry.id)]


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True])
def test_setup_form_shows_defaults(director, htmx):
    response = director.get("/nights/new", htmx=htmx)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert ('<html' in html) is (not htmx)
    assert 'value="10"' in html and 'value="8"' in html and 'value="progressive-euchre" selected' in html
    assert 'name="rule_hands"' not in html and 'name="rule_euchre_sweep"' in html


def test_setup_variant_switch_shows_its_house_rules(director):
    html = director.get("/nights/new?variant=euchre", htmx=True).get_data(as_text=True)
    assert 'name="rule_stick_the_dealer"' in html and 'name="rule_euchre_sweep"' not in html
    options = re.findall(r'<option value="([^"]+)"', director.get("/nights/new").get_data(as_text=True))
    assert "progressive-euchre" in options and "euchre" in options
    assert "buck-euchre" not in options and "call-ace-euchre" not in options


@pytest.mark.parametrize("htmx", [False, True])
def test_setup_errors_sit_next_to_their_fields(director, htmx, app):
    data = night_data(name="", games="0", pin="12", pin_again="34")
    response = director.post("/nights/new", data, htmx=htmx)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="err-name"' in html and 'id="err-games"' in html and 'id="err-pin"' in html
    from extensions import db
    from models import Night
    with app.app_context():
        assert db.session.query(Night).count() == 0

@pytest.mark.parametrize("games", ["ten", "1e3", str(2**31)])
def test_a_field_with_two_problems_says_one_thing_once(director, games):
    """A word where a number goes breaks two rules (not a number, not between 1 and 30): the field says
    its own rule, once, under one id."""
    html = director.post("/nights/new", night_data(games=games)).get_data(as_text=True)
    assert html.count('id="err-games"') == 1
    assert "Between 1 and 30 games." in html and "Not a valid integer value." not in html



def test_setup_refuses_pins_that_differ(director):
    html = director.post("/nights/new", night_data(pin="1234", pin_again="1235")).get_data(as_text=True)
    assert "The two PINs differ" in html


def test_setup_leads_to_check_in_as_director(director):
    slug = create_night(director)
    page = director.get(f"/nights/{slug}").get_data(as_text=True)
    assert "Check-in" in page and "Thursday night" in page


# -- the PIN --------------------------------------------------------------------------------------
def test_dashboard_asks_for_the_pin(director, app):
    slug = create_night(director)
    stranger = Client(app.test_client())
    response = stranger.get(f"/nights/{slug}")
    assert response.status_code == 303 and "/login" in response.headers["Location"]
    assert stranger.post(f"/nights/{slug}/start").status_code == 403
    assert stranger.post(f"/nights/{slug}/players", {"names": "Zed"}).status_code == 403


@pytest.mark.parametrize("htmx", [False, True])
def test_right_pin_opens_the_dashboard(director, app, htmx):
    slug = create_night(director)
    other = Client(app.test_client())
    wrong = other.post(f"/nights/{slug}/login", {"pin": "0000"}, htmx=htmx)
    assert wrong.status_code == 422 and "That is not the PIN" in wrong.get_data(as_text=True)
    right = other.post(f"/nights/{slug}/login", {"pin": PIN}, htmx=htmx)
    if htmx:
        assert right.headers["HX-Redirect"].endswith(f"/nights/{slug}")
    else:
        assert right.status_code == 303
    assert other.get(f"/nights/{slug}").status_code == 200


def test_pin_guesses_are_rate_limited(director, app):
    slug = create_night(director)
    guesser = phone_at(app, "192.168.1.66")
    for n in range(5):
        assert guesser.post(f"/nights/{slug}/login", {"pin": f"{n:04d}"}).status_code == 422
    locked = guesser.post(f"/nights/{slug}/login", {"pin": PIN})
    assert locked.status_code == 429 and "Too many wrong PINs" in locked.get_data(as_text=True)
    assert guesser.get(f"/nights/{slug}").status_code == 303
    # the count is the guesser's own: the director's phone still gets in (tests/test_night_access.py)
    assert phone_at(app, "192.168.1.7").post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 303


# -- check-in -------------------------------------------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True])
def test_check_in_adds_players_once(director, htmx):
    slug = create_night(director)
    response = director.post(f"/nights/{slug}/players", {"names": "Ann\n  Bo \n\nann\n"}, htmx=htmx)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and ('<html' in html) is (not htmx)
    assert "Checked in: Ann, Bo." in html and "ann is already checked in." in html
    again = director.post(f"/nights/{slug}/players", {"names": "Bo"}, htmx=htmx)
    assert again.status_code == 422 and "Bo is already checked in." in again.get_data(as_text=True)


def test_check_in_escapes_names(director):
    slug = create_night(director)
    director.post(f"/nights/{slug}/players", {"names": "<script>alert(1)</script>"})
    html = director.get(f"/nights/{slug}/players").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_start_needs_four_players(director):
    slug = create_night(director)
    check_in(director, slug, NAMES[:3])
    response = director.post(f"/nights/{slug}/start")
    assert response.status_code == 422 and "at least 4 players" in response.get_data(as_text=True)


# -- a game, end to end ---------------------------------------------------------------------------
def _play_game(app, director, tables, slug, scores: dict[int, tuple[int, int]]):
    """Ring the bell, then each table sends a game total and the other pair confirms."""
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    codes = table_codes(app, slug)
    for table, (ns, ew) in scores.items():
        phone = tables.phone(codes[table])
        assert send_total(phone, codes[table], ns, ew).status_code == 303
        assert confirm(phone, codes[table]).status_code == 303


def test_a_game_from_seating_to_the_next(director, tables, app):
    slug = create_night(director, games=2)
    check_in(director, slug, NAMES)
    start(director, slug)
    codes = table_codes(app, slug)
    assert sorted(codes) == [1, 2]
    head = tables.phone(codes[1])
    page = head.get(f"/t/{codes[1]}").get_data(as_text=True)
    assert "Head table" in page and 'id="ring-bell"' in page and 'id="hand-form"' in page
    # before the bell no result can be sent
    early = send_total(head, codes[1], 5, 3)
    assert early.status_code == 422 and "The bell has not rung yet" in early.get_data(as_text=True)
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 7)})
    night = _night(app, slug)
    assert night.current_game == 2 and night.bell_at is None
    moved = head.get(f"/t/{codes[1]}").get_data(as_text=True)
    assert "Where last game's players went" in moved and "Game 2 of 2" in moved
    _play_game(app, director, tables, slug, {1: (6, 1)})
    phone = tables.phone(codes[2])
    refused = send_total(phone, codes[2], 4, 4)  # a tie entered as a total needs the cut
    assert refused.status_code == 422 and "cut for high card" in refused.get_data(as_text=True)
    assert _night(app, slug).status == "playing"
    tied = send_total(phone, codes[2], 4, 4, cut="EW")
    assert tied.status_code == 303 and confirm(phone, codes[2]).status_code == 303
    assert _table_game(app, slug, 2)["winner"] == "EW"
    assert _night(app, slug).status == "finished"


def test_confirm_comes_from_the_other_pair(director, tables, app):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    phone.post(f"/t/{code}/bell", {"confirmed": "yes"})
    assert send_total(phone, code, 6, 2, pair="NS").status_code == 303
    same = confirm(phone, code, pair="NS")
    assert same.status_code == 409 and "the other pair confirms it" in same.get_data(as_text=True)
    rejected = phone.post(f"/t/{code}/reject", {"pair": "EW"}, htmx=True)
    assert rejected.status_code == 200 and 'id="send-ns"' in rejected.get_data(as_text=True)
    assert _table_game(app, slug, 1)["status"] == "playing"
    assert [a[1] for a in _audit(app, slug)][-2:] == ["submit", "reject"]


def test_hands_at_the_table_decide_the_result(director, tables, app):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    match_id = _table_game(app, slug, 1)["match"]
    assert add_hand(phone, match_id, maker=0, trump="S", alone=True, tricks=5).status_code == 303   # N: lone march 4
    assert add_hand(phone, match_id, maker=1, trump="H", tricks=2).status_code == 303               # E-W euchred: N-S +2
    assert phone.post(f"/t/{code}/bell").status_code == 303
    sent = phone.post(f"/t/{code}/submit", {"pair": "EW"}, htmx=True)
    assert sent.status_code == 200 and "North–South <strong>6</strong>" in sent.get_data(as_text=True)
    # once sent, the scoresheet is locked until the other pair says "not right"
    late = add_hand(phone, match_id, maker=2, trump="C", tricks=3)
    assert late.status_code == 403
    assert confirm(phone, code, pair="NS").status_code == 303
    result = _table_game(app, slug, 1, game=1)
    assert (result["ns"], result["ew"], result["winner"], result["loners"]["N"]) == (6, 0, "NS", 1)


def test_a_table_writes_only_its_own_game(director, tables, app):
    slug = create_night(director)
    check_in(director, slug, NAMES)
    start(director, slug)
    codes = table_codes(app, slug)
    phone_one = tables.phone(codes[1])
    other_match = _table_game(app, slug, 2)["match"]
    refused = add_hand(phone_one, other_match, maker=0, trump="S", tricks=3)
    assert refused.status_code == 403 and "belongs to another table" in refused.get_data(as_text=True)
    assert phone_one.post(f"/t/{codes[2]}/bell").status_code == 403   # not table 2's phone
    stranger = Client(app.test_client())
    assert stranger.post(f"/t/{codes[1]}/bell").status_code == 403
    assert tables.phone(codes[2]).post(f"/t/{codes[2]}/bell").status_code == 403  # only the head table rings
    assert _night(app, slug).bell_at is None
    rematch = phone_one.post(f"/matches/{other_match}/rematch")
    assert rematch.status_code == 403


def test_director_closes_a_table_and_it_is_logged(director, tables, app):
    slug = create_night(director)
    check_in(director, slug, NAMES)
    start(director, slug)
    codes = table_codes(app, slug)
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    phone = tables.phone(codes[1])
    send_total(phone, codes[1], 5, 2)
    confirm(phone, codes[1])
    form = director.get(f"/nights/{slug}/games/1/tables/2/close").get_data(as_text=True)
    assert 'name="ns_points" class="num"' in form or 'id="ns_points"' in form
    response = director.post(f"/nights/{slug}/games/1/tables/2/close",
                             {"ns_points": "3", "ew_points": "3", "cut_winner": "NS", "reason": "Left early",
                              **{f"loners_{s}": "0" for s in "NESW"}})
    assert response.status_code == 303
    closed = _table_game(app, slug, 2, game=1)
    assert closed["closed"] and closed["winner"] == "NS" and closed["status"] == "done"
    assert _night(app, slug).current_game == 2
    actor, action, detail = [a for a in _audit(app, slug) if a[1] == "close"][0]
    assert actor == "director" and "Left early" in detail


def test_director_corrects_a_finished_game_with_an_audit_trail(director, tables, app):
    slug = create_night(director, games=1)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    _play_game(app, director, tables, slug, {1: (5, 3)})
    assert _night(app, slug).status == "finished"
    bad = director.post(f"/nights/{slug}/games/1/tables/1/correct",
                        {"ns_points": "x", "ew_points": "3", **{f"loners_{s}": "0" for s in "NESW"}}, htmx=True)
    assert bad.status_code == 422 and _table_game(app, slug, 1)["ns"] == 5
    ok = director.post(f"/nights/{slug}/games/1/tables/1/correct",
                       {"ns_points": "2", "ew_points": "3", "reason": "Misread", **{f"loners_{s}": "0" for s in "NESW"}})
    assert ok.status_code == 303
    assert _table_game(app, slug, 1)["winner"] == "EW"
    from extensions import db
    from models import AuditEntry
    with app.app_context():
        entry = db.session.query(AuditEntry).filter_by(action="correct").one()
        assert entry.old["ns"] == 5 and entry.new["ns"] == 2 and entry.actor == "director"


def test_late_arrival_and_leaver_change_the_next_game(director, tables, app):
    slug = create_night(director, games=3)
    check_in(director, slug, NAMES)
    start(director, slug)
    check_in(director, slug, ["Ike"])
    from extensions import db
    from models import Night, NightPlayer, NightSeat
    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        bo = db.session.query(NightPlayer).filter_by(night_id=night.id, name="Bo").one()
        bo_id = bo.id
    assert director.post(f"/nights/{slug}/players/{bo_id}/leave").status_code == 200
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 7)})
    with app.app_context():
        seats = db.session.query(NightSeat).filter_by(game=2).all()
        by_name = {s.player.name: s for s in seats}
    assert "Bo" not in by_name and "Ike" in by_name and by_name["Ike"].table is not None
    assert len([s for s in seats if s.table is not None]) == 8


# -- polling --------------------------------------------------------------------------------------
def test_table_pulse_answers_304_until_something_changes(director, tables, app):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    first = phone.get(f"/t/{code}/pulse?game=1", htmx=True)
    assert first.status_code == 200
    tag = first.headers["ETag"].strip('"')
    with statements_sent(app) as statements:
        same = phone.get(f"/t/{code}/pulse?game=1&seen={tag}", htmx=True)
    assert same.status_code == 304 and same.get_data() == b""
    assert len(statements) == 1, "an unchanged poll is one query"
    assert phone.raw.get(f"/t/{code}/pulse?game=1", headers={"If-None-Match": f'"{tag}"'}).status_code == 304
    # a compressed answer's tag is weak, and If-None-Match compares weakly (RFC 9110 13.1.2)
    assert phone.raw.get(f"/t/{code}/pulse?game=1", headers={"If-None-Match": f'W/"{tag}"'}).status_code == 304
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    rung = phone.get(f"/t/{code}/pulse?game=1&seen={tag}", htmx=True)
    assert rung.status_code == 200 and "The bell has rung" in rung.get_data(as_text=True)
    stale = phone.get(f"/t/{code}/pulse?game=0&seen={rung.headers['ETag'].strip(chr(34))}", htmx=True)
    assert stale.headers.get("HX-Retarget") == "#table-page" and 'id="table-page"' in stale.get_data(as_text=True)
    assert phone.get(f"/t/{code}/pulse?game=0").headers.get("HX-Refresh") == "true", "not htmx: reload the page"


def test_a_table_is_redrawn_only_for_what_it_shows(director, tables, app, monkeypatch):
    """While results come in, a table's phones are not redrawn for another table's result; a table that
    is done is, as the count of tables done moves (at most every COUNT_REFRESH)."""
    import time
    from types import SimpleNamespace

    from web.nights import tables as table_pages

    slug = create_night(director)
    check_in(director, slug, NAMES + ["Ike", "Jo", "Kit", "Lu"])
    start(director, slug)
    codes = table_codes(app, slug)
    assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code in (200, 303)

    def tag_of(code: str) -> str:
        return tables.phone(code).get(f"/t/{code}/pulse?game=1", htmx=True).headers["ETag"].strip('"')

    def poll(code: str, tag: str):
        return tables.phone(code).get(f"/t/{code}/pulse?game=1&seen={tag}", htmx=True)

    playing = tag_of(codes[3])
    assert send_total(tables.phone(codes[1]), codes[1], 7, 4).status_code == 303
    assert poll(codes[3], playing).status_code == 304, "table 1's result sent: nothing to show at table 3"
    assert confirm(tables.phone(codes[1]), codes[1]).status_code == 303
    assert poll(codes[3], playing).status_code == 304, "table 1 done: table 3 does not show the count yet"
    done = tag_of(codes[1])
    assert "1 of 3 done" in poll(codes[1], "old").get_data(as_text=True)
    assert send_total(tables.phone(codes[2]), codes[2], 2, 9).status_code == 303
    assert poll(codes[1], done).status_code == 304
    assert confirm(tables.phone(codes[2]), codes[2]).status_code == 303
    assert poll(codes[1], done).status_code == 304, "the count was drawn a moment ago"
    later = time.time() + table_pages.COUNT_REFRESH.total_seconds() + 1
    monkeypatch.setattr(table_pages, "time", SimpleNamespace(time=lambda: later))
    moved = poll(codes[1], done)
    assert moved.status_code == 200 and "2 of 3 done" in moved.get_data(as_text=True)
    assert poll(codes[3], playing).status_code == 304


def test_a_done_tables_count_waits_a_little_and_its_own_result_does_not(director, tables, app, monkeypatch):
    """A done table shows how many tables are done, which moves with every result confirmed anywhere:
    it is brought up to date at most every COUNT_REFRESH. A change to the table's own result is drawn
    at once, and an old drawing whose count is still right is left alone."""
    import time
    from types import SimpleNamespace

    from web.nights import tables as table_pages

    now = [time.time()]
    monkeypatch.setattr(table_pages, "time", SimpleNamespace(time=lambda: now[0]))
    slug = create_night(director)
    check_in(director, slug, NAMES + ["Ike", "Jo", "Kit", "Lu"])
    start(director, slug)
    codes = table_codes(app, slug)
    assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code in (200, 303)
    phone = tables.phone(codes[1])

    def poll(tag: str):
        return phone.get(f"/t/{codes[1]}/pulse?game=1&seen={tag}", htmx=True)

    def drawn_long_ago(tag: str) -> str:
        state, _, drawn = tag.rpartition("-")
        return f"{state}-{int(drawn) - 16}"  # COUNT_REFRESH is 15 s

    assert send_total(phone, codes[1], 7, 4).status_code == 303
    assert confirm(phone, codes[1]).status_code == 303
    done = poll("old").headers["ETag"].strip('"')
    assert send_total(tables.phone(codes[2]), codes[2], 2, 9).status_code == 303
    assert confirm(tables.phone(codes[2]), codes[2]).status_code == 303
    held = poll(done)
    assert held.status_code == 304 and held.headers["ETag"].strip('"') == done, "the phone keeps its own tag"
    now[0] += table_pages.COUNT_REFRESH.total_seconds()  # the next period: its first poll draws the count now
    refreshed = poll(drawn_long_ago(done))
    assert refreshed.status_code == 200 and "2 of 3 done" in refreshed.get_data(as_text=True)
    current = refreshed.headers["ETag"].strip('"')
    assert poll(drawn_long_ago(current)).status_code == 304, "an old drawing of the same count is up to date"
    corrected = director.post(f"/nights/{slug}/games/1/tables/1/correct",
                              {"ns_points": "3", "ew_points": "7", "reason": "Misread",
                               **{f"loners_{seat}": "0" for seat in "NESW"}})
    assert corrected.status_code == 303
    redrawn = poll(current)
    assert redrawn.status_code == 200 and "North–South <strong>3</strong>" in redrawn.get_data(as_text=True)


def test_after_the_movement_the_tables_reload_a_few_at_a_time(director, tables, app, monkeypatch):
    """400 phones loading their table's next page in the same second would keep the server busy: table n
    waits up to RELOAD_STAGGER (by its number) before its phones' polls bring it."""
    from datetime import timedelta

    from web.nights import tables as table_pages

    slug = create_night(director)
    check_in(director, slug, NAMES)
    start(director, slug)
    codes = table_codes(app, slug)
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 7)})
    monkeypatch.setattr(table_pages, "RELOAD_STAGGER", timedelta(hours=1))
    first = tables.phone(codes[1]).get(f"/t/{codes[1]}/pulse?game=1&seen=old", htmx=True)
    assert first.headers.get("HX-Retarget") == "#table-page", "table 1 gets its next page at once"
    second = tables.phone(codes[2]).get(f"/t/{codes[2]}/pulse?game=1&seen=old", htmx=True)
    assert second.status_code == 304 and "HX-Retarget" not in second.headers, "table 2 waits its turn"
    turn = float(second.headers["X-Poll-After"])  # table 2's turn: a sixteenth of the hour after the start
    assert 3600 / 16 - 5 < turn <= 3600 / 16 + 0.1, "and is told when it comes"
    unseen = tables.phone(codes[2]).get(f"/t/{codes[2]}/pulse?game=1", htmx=True)  # no tag sent
    assert unseen.status_code == 304 and unseen.get_data() == b""
    monkeypatch.setattr(table_pages, "RELOAD_STAGGER", timedelta(0))
    later = tables.phone(codes[2]).get(f"/t/{codes[2]}/pulse?game=1&seen=old", htmx=True)
    assert later.headers.get("HX-Retarget") == "#table-page" and "Game 2 of" in later.get_data(as_text=True)


def _inner_app(app):
    """The app without ``quick_pulse`` in front: every poll answered by Flask."""
    from web.nights import quick_pulse

    middleware = app.wsgi_app
    while not isinstance(middleware, quick_pulse.QuickPulse):
        middleware = middleware.wsgi_app
    return middleware.wsgi_app


@pytest.mark.parametrize("answered_by", ["quick_pulse", "flask"])
def test_after_the_bell_the_tables_hear_of_it_a_few_at_a_time(director, tables, app, monkeypatch, answered_by):
    """At 1,000 tables every table's region drawn in the same second kept the server seconds behind: table n's
    phones hear of the bell at a moment of their own up to BELL_STAGGER after it, told when it comes. Any other
    news at the table is not held back."""
    from datetime import timedelta

    from web.nights import tables as table_pages

    if answered_by == "flask":
        monkeypatch.setattr(app, "wsgi_app", _inner_app(app))
    slug = create_night(director)
    check_in(director, slug, NAMES)
    start(director, slug)
    codes = table_codes(app, slug)
    phones = {number: tables.phone(code) for number, code in codes.items()}
    before = {number: phones[number].get(f"/t/{code}/pulse?game=1", htmx=True) for number, code in codes.items()}
    held = {number: answer.headers["ETag"].strip('"') for number, answer in before.items()}
    assert "data-poll-spread" not in before[1].get_data(as_text=True)
    monkeypatch.setattr(table_pages, "BELL_STAGGER", timedelta(hours=1))
    assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code == 303

    first = phones[1].get(f"/t/{codes[1]}/pulse?game=1&seen={held[1]}", htmx=True)
    assert first.status_code == 200 and "The bell has rung" in first.get_data(as_text=True), "table 1 at once"
    assert "data-poll-spread" in first.get_data(as_text=True), "heard at a table's moment: its polls start apart"
    second = phones[2].get(f"/t/{codes[2]}/pulse?game=1&seen={held[2]}", htmx=True)
    assert second.status_code == 304 and second.headers["ETag"] == f'"{held[2]}"', "table 2 waits its turn"
    turn = float(second.headers["X-Poll-After"])  # table 2's moment: 0.618 of the hour after the bell
    assert 3600 * table_pages.GOLDEN - 5 < turn <= 3600 * table_pages.GOLDEN + 0.1, "and is told when it comes"
    stale = phones[2].get(f"/t/{codes[2]}/pulse?game=1&seen=old", htmx=True)
    assert stale.status_code == 200 and "The bell has rung" in stale.get_data(as_text=True), "a page behind: all news"

    add_hand(phones[2], _table_game(app, slug, 2)["match"], maker=0, tricks=3)  # the table's own news
    after_hand = phones[2].get(f"/t/{codes[2]}/pulse?game=1&seen={held[2]}", htmx=True)
    assert after_hand.status_code == 200 and "X-Poll-After" not in after_hand.headers
    assert "The bell has rung" in after_hand.get_data(as_text=True)

    monkeypatch.setattr(table_pages, "BELL_STAGGER", timedelta(0))
    later = phones[2].get(f"/t/{codes[2]}/pulse?game=1&seen={held[2]}", htmx=True)
    assert later.status_code == 200 and "The bell has rung" in later.get_data(as_text=True)


def test_the_bell_reaches_every_table_within_five_seconds(monkeypatch):
    """A table's phones poll every few seconds while it plays, and one polling before its table's moment asks
    again then: each hears of the bell by its first poll after the bell, or its moment, whichever is later."""
    from datetime import timedelta

    from models.base import utcnow
    from web.nights import tables as table_pages
    from web.nights.pulse import POLL_BY_PHASE
    from web.nights.tables import BELL_STAGGER, bell_place, bell_turn_in

    rung = utcnow()
    # every turn as at the bell's moment: the earliest after table 1's is a few milliseconds after it, which a
    # busy machine could spend between two of the thousand tables
    monkeypatch.setattr(table_pages, "utcnow", lambda: rung)
    turns = [bell_turn_in(number, rung) or 0 for number in range(1, 1001)]
    assert turns[0] == 0 and all(0 < turn < BELL_STAGGER.total_seconds() for turn in turns[1:])
    assert max(POLL_BY_PHASE["playing"], BELL_STAGGER.total_seconds()) + 0.1 <= 5
    assert bell_turn_in(1000, rung - BELL_STAGGER) is None and bell_turn_in(2, None) is None
    assert bell_turn_in(2, rung + timedelta(seconds=1)) > bell_turn_in(2, rung)
    for tables in (10, 100, 1000):  # evenly spread, whatever the number of tables: never a crowd at one moment
        places = sorted(bell_place(number) for number in range(1, tables + 1))
        assert max(b - a for a, b in zip(places, places[1:] + [1.0])) < 3 / tables


def test_reload_turns_go_by_table_number():
    from datetime import timedelta

    from models.base import utcnow
    from web.nights.tables import RELOAD_SLOTS, RELOAD_STAGGER, reload_turn_in

    started = utcnow()
    assert reload_turn_in(1, started) is None and reload_turn_in(RELOAD_SLOTS + 1, started) is None
    assert reload_turn_in(2, started) is not None and reload_turn_in(RELOAD_SLOTS, started) is not None
    assert reload_turn_in(RELOAD_SLOTS, started - RELOAD_STAGGER - timedelta(seconds=1)) is None
    assert reload_turn_in(5, None) is None


def test_a_phone_is_told_when_its_tables_turn_comes():
    """Rounded up to a tenth, so that the phone asking again then is never early."""
    from datetime import timedelta

    from models.base import utcnow
    from web.nights.tables import RELOAD_SLOTS, RELOAD_STAGGER, PulseAnswer, WAIT, poll_after, reload_turn_in

    started = utcnow()
    assert reload_turn_in(1, started) is None and reload_turn_in(5, None) is None
    last = reload_turn_in(RELOAD_SLOTS, started)
    assert last is not None and 0 < RELOAD_STAGGER.total_seconds() * (RELOAD_SLOTS - 1) / RELOAD_SLOTS - last < 1
    assert reload_turn_in(2, started - timedelta(seconds=1)) is None
    assert poll_after(0.21) == "0.3" and poll_after(2.0) == "2.0" and poll_after(0.001) == "0.1"
    assert PulseAnswer(None, WAIT, 1.23).wait_headers() == [("X-Poll-After", "1.3")]
    assert PulseAnswer("t1", "unchanged").wait_headers() == []


def test_dashboard_polls_cheaply(director, app):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    first = director.get(f"/nights/{slug}/live", htmx=True)
    tag = first.headers["ETag"].strip('"')
    assert director.get(f"/nights/{slug}/live?seen={tag}", htmx=True).status_code == 304
    start(director, slug)
    assert director.get(f"/nights/{slug}/live?seen={tag}", htmx=True).status_code == 200


def test_table_code_entry(director, app):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    code = table_codes(app, slug)[1]
    assert director.get(f"/t/?code={code.lower()}").headers["Location"].endswith(f"/t/{code}")
    typed = f" {code[:3].lower()}-{code[3:]} "  # as read off the card, in any case
    assert director.get("/t/", query_string={"code": typed}).headers["Location"].endswith(f"/t/{code}")
    missing = director.get("/t/?code=ZZZZ")
    assert missing.status_code == 404 and "No table has the code ZZZZ" in missing.get_data(as_text=True)
    assert director.get("/t/").status_code == 200


def test_the_bell_timer_rings_when_its_time_is_up(director, tables, app):
    slug = create_night(director, bell_minutes=20)
    check_in(director, slug, NAMES[:4])
    start(director, slug)
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    assert "The timer rings the bell at" in director.get(f"/nights/{slug}").get_data(as_text=True)
    before = phone.get(f"/t/{code}/pulse?game=1", htmx=True)
    assert "The bell has rung" not in before.get_data(as_text=True)
    tag = before.headers["ETag"].strip('"')
    from datetime import timedelta

    from extensions import db
    from models import Night
    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        night.game_started_at = night.game_started_at - timedelta(minutes=21)
        db.session.commit()
    # the phone's page is up to date, but the time is up: its poll rings the bell, not a 304
    assert "The bell has rung" in phone.get(f"/t/{code}/pulse?game=1&seen={tag}", htmx=True).get_data(as_text=True)
    assert _night(app, slug).bell_by == "timer"
    assert [a for a in _audit(app, slug) if a[1] == "bell"][0][0] == "timer"


def test_the_movement_seats_any_number_of_tables_in_the_same_few_statements(director, tables, app):
    """The last confirm seats the next game in its own request: every match, its seats and every table's game
    go in one statement each, so a 1,000-table night's movement is not thousands of statements long."""
    def movement_statements(players: int) -> int:
        slug = create_night(director, games=2)
        check_in(director, slug, [f"Player {n}" for n in range(players)])
        start(director, slug)
        director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
        codes = table_codes(app, slug)
        last = max(codes)
        for number, code in codes.items():
            phone = tables.phone(code)
            assert send_total(phone, code, 5, 3).status_code == 303
            if number != last:
                assert confirm(phone, code).status_code == 303
        with statements_sent(app) as statements:
            assert confirm(tables.phone(codes[last]), codes[last]).status_code == 303
        assert _night(app, slug).current_game == 2
        return len(statements)

    assert movement_statements(12) == movement_statements(60)
