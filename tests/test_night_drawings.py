"""The standings drawn once per change (``web.nights.drawings``): the request that changed them draws
them after its answer, every poll reads that drawing, a poll during a redraw gets the previous one
with its own tag, and a drawing that never comes is drawn by a poll, after its answer."""
from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from sqlalchemy import select, text, update

from extensions import db
from models import Night, NightScreen
from models.base import utcnow
from tests.night_helpers import count_standings_drawings, create_night
from web.nights import drawings

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@pytest.fixture()
def night(app, client):
    """A night with eight players checked in (by its director, ``client``); no drawing stored yet."""
    slug = create_night(client)
    response = client.post(f"/nights/{slug}/players", {"names": "\n".join(NAMES)})
    assert response.status_code == 200  # not closed: nothing is drawn after it
    with app.app_context():
        night = db.session.scalar(select(Night).where(Night.slug == slug))
        return {"slug": slug, "id": night.id}


def _night(night: dict) -> Night:
    return db.session.get(Night, night["id"])


def took(app, night_id: int, seconds: float) -> None:
    """As if the stored standings were drawn just now, in ``seconds`` (by this process or any other)."""
    from web.nights import drawings

    drawings.costs.pop((night_id, "standings"), None)  # learned again from the stored drawing
    with app.app_context():
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night_id)
                           .values(draw_seconds=seconds, drawn_at=utcnow()))
        db.session.commit()


def stored(app, night_id: int) -> NightScreen:
    with app.app_context():
        row = db.session.get(NightScreen, (night_id, "standings"))
        db.session.expunge(row)
        return row


def version_of(app, night_id: int) -> int:
    with app.app_context():
        return db.session.get(Night, night_id).standings_version


@pytest.fixture()
def draws(monkeypatch):
    """Counts the standings actually drawn."""
    return count_standings_drawings(monkeypatch)


def test_a_change_is_drawn_after_its_answer_and_the_polls_only_read_it(app, client, night, draws):
    assert stored(app, night["id"]).version == 0 and stored(app, night["id"]).html == ""
    response = client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"})
    assert response.status_code == 200 and draws == []  # the answer is ready before the drawing
    response.close()  # what the server does once the answer is sent
    drawing = stored(app, night["id"])
    assert draws == [night["id"]] and drawing.version == version_of(app, night["id"])
    assert "9 players are checked in" in drawing.html and drawing.drawing_since is None and drawing.drawn_at is not None

    viewer = app.test_client()
    fragment = viewer.get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and fragment.get_data(as_text=True) == drawing.html
    assert fragment.headers["ETag"].strip('"') == f"s{night['id']}-{drawing.version}"
    page = viewer.get(f"/nights/{night['slug']}/standings").get_data(as_text=True)
    assert drawing.html in page and "<html" in page
    assert draws == [night["id"]], "no poll drew the standings again"


def test_on_a_server_the_standings_are_drawn_on_the_drawing_thread_not_on_the_requests_one(app, client, night,
                                                                                          monkeypatch):
    """A 1,000-table night's standings take a fifth of a second to draw: drawn after the answer on the worker's
    one thread, they held every phone that worker served. A server (not a test) draws them on a thread of
    its own, and the worker answers other requests meanwhile."""
    import threading

    from web.nights import drawer, drawings, screens

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()  # drawn in the test's request
    monkeypatch.setitem(app.config, drawer.IN_BACKGROUND, True)
    # The stand-in below is held until the test lets it go: on a busy machine over SLOW, and a slow drawing
    # rests before the next (drawings.REST), which would leave Kim's change to a later poll. Not under test here;
    # and the time it took is this test's own, not the next test's (whose night may have the same id).
    monkeypatch.setattr(drawings, "SLOW", 60.0)
    monkeypatch.setattr(drawings, "costs", {})
    drawing, finish = threading.Event(), threading.Event()
    real = screens.draw_standings

    def slow(night_drawn):
        drawing.set()
        assert finish.wait(10)
        return real(night_drawn)

    monkeypatch.setattr(screens, "draw_standings", slow)
    response = client.post(f"/nights/{night['slug']}/players", {"names": "Jo"})
    closing = threading.Thread(target=response.close)  # what the server does once the answer is sent
    closing.start()
    closing.join(5)
    assert not closing.is_alive() and drawing.wait(5), "the request's thread is free while the drawing goes on"
    poll = app.test_client().get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "9 players are checked in" in poll.get_data(as_text=True)
    client.post(f"/nights/{night['slug']}/players", {"names": "Kim"}).close()  # while Jo's drawing goes on
    finish.set()
    assert drawer.drawer.wait_until_idle(10)
    assert stored(app, night["id"]).version == version_of(app, night["id"])
    assert "11 players are checked in" in stored(app, night["id"]).html, "the change made meanwhile is drawn too"


def test_a_change_that_fails_is_not_drawn(app, client, night, draws):
    response = client.post(f"/nights/{night['slug']}/players", {"names": ""})
    response.close()
    assert draws == [] and stored(app, night["id"]).version == 0


def test_a_poll_during_a_redraw_gets_the_previous_drawing_and_its_tag(app, client, night, draws):
    url = f"/nights/{night['slug']}/standings"
    first = client.get(url, htmx=True)  # nothing stored: this poll draws, and stores it
    old_tag = first.headers["ETag"].strip('"')
    assert draws == [night["id"]] and stored(app, night["id"]).version == version_of(app, night["id"])
    with app.app_context():
        night_row = db.session.get(Night, night["id"])
        night_row.touch()  # a change whose redraw is under way in another request
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night["id"])
                           .values(drawing_since=utcnow()))
        db.session.commit()
    during = client.get(url, htmx=True)
    assert during.headers["ETag"].strip('"') == old_tag
    assert during.get_data(as_text=True) == first.get_data(as_text=True) and len(draws) == 1
    assert client.get(f"{url}?seen={old_tag}", htmx=True).status_code == 304

    with app.app_context():  # the drawer died: after PATIENCE the poll draws, once its answer is sent
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night["id"])
                           .values(drawing_since=utcnow() - timedelta(seconds=10)))
        db.session.commit()
    noticed = client.get(f"{url}?seen={old_tag}", htmx=True)
    assert noticed.status_code == 304 and len(draws) == 1, "the screen does not wait for the drawing"
    noticed.close()
    assert len(draws) == 2 and stored(app, night["id"]).version == version_of(app, night["id"])
    after = client.get(f"{url}?seen={old_tag}", htmx=True)
    assert after.status_code == 200 and after.headers["ETag"].strip('"') != old_tag and len(draws) == 2


def test_an_older_drawing_never_replaces_a_newer_one(app, night):
    from web.nights import drawings

    with app.app_context():
        started = drawings.mark_drawing(night["id"], "standings")
        later = drawings.mark_drawing(night["id"], "standings")
        drawings.store(night["id"], "standings", 7, "<p>seven</p>", drawing_started=later)
        drawings.store(night["id"], "standings", 6, "<p>six</p>", drawing_started=started)
    row = stored(app, night["id"])
    assert (row.version, row.html, row.drawing_since) == (7, "<p>seven</p>", None)
    with app.app_context():
        first = drawings.mark_drawing(night["id"], "standings")
        second = drawings.mark_drawing(night["id"], "standings")
        drawings.store(night["id"], "standings", 8, "<p>eight</p>", drawing_started=first)
    assert stored(app, night["id"]).drawing_since == second, "a later drawer's mark is kept"


def test_a_redraw_that_fails_leaves_the_answer_and_the_polls_draw(app, client, night, monkeypatch):
    from web.nights import screens

    url = f"/nights/{night['slug']}/standings"
    before = client.get(url, htmx=True)
    assert "8 players are checked in" in before.get_data(as_text=True)

    def broken(night):
        raise RuntimeError("out of memory")

    monkeypatch.setattr(screens, "draw_standings", broken)
    response = client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"})
    assert response.status_code == 200
    response.close()  # logged, not raised
    assert stored(app, night["id"]).drawing_since is None, "a failed drawer takes its mark back"
    monkeypatch.undo()
    noticed = client.get(url, htmx=True)  # nothing is on its way: this poll draws, once its answer is sent
    assert noticed.status_code == 200 and "8 players are checked in" in noticed.get_data(as_text=True)
    noticed.close()
    fragment = client.get(url, htmx=True)
    assert fragment.status_code == 200 and "9 players are checked in" in fragment.get_data(as_text=True)


def test_the_migration_gives_existing_nights_their_standings_row(tmp_path):
    """Nights made before 0004 get an empty drawing, which their first poll replaces."""
    from flask_migrate import downgrade, upgrade

    from app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "migration-test",
                      "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "old.sqlite")})
    with app.app_context():
        upgrade(revision="0003")
        db.session.execute(text(
            "INSERT INTO night (slug, name, day, variant, rules, games, hands_per_game, movement, sit_out_mode, "
            "sit_out_points, pin_hash, seed, status, current_game, version, created_at) VALUES ('old-night', "
            "'Old', '2026-11-01', 'progressive-euchre', '{}', 10, 8, 'winners', 'average', 0, 'x', 'seed', "
            "'checkin', 0, 3, '2026-11-01 19:00:00')"))
        db.session.commit()
        upgrade()
        night = db.session.scalar(select(Night).where(Night.slug == "old-night"))
        assert night.standings_version == 1
        row = db.session.get(NightScreen, (night.id, "standings"))
        assert (row.version, row.html) == (0, "")
        downgrade(revision="0003")
        assert "night_screen" not in db.inspect(db.engine).get_table_names()
        db.session.remove()
        db.engine.dispose()


def test_one_request_at_a_time_draws_and_it_catches_up_with_the_changes_made_meanwhile(app, client, night, draws,
                                                                                       monkeypatch):
    """Results come in faster than the standings of a big night are drawn: a change that finds a drawing
    under way leaves it to that drawer, which draws again when it is done if the standings moved on."""
    from web.nights import screens

    with app.app_context():  # another request is drawing them now
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night["id"])
                           .values(drawing_since=utcnow()))
        db.session.commit()
    response = client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"})
    response.close()
    assert draws == [] and stored(app, night["id"]).version == 0, "left to the request drawing them"

    with app.app_context():
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night["id"]).values(drawing_since=None))
        db.session.commit()
    real = screens.draw_standings

    def a_result_comes_in_while_drawing(night_row):
        html = real(night_row)
        if len(draws) == 1:
            with app.app_context():  # another request's change, committed while this one draws
                db.session.get(Night, night["id"]).touch()
                db.session.commit()
        return html

    monkeypatch.setattr(screens, "draw_standings", a_result_comes_in_while_drawing)
    response = client.post(f"/nights/{night['slug']}/players", {"names": "Jo"})
    response.close()
    drawing = stored(app, night["id"])
    assert len(draws) == 2 and drawing.version == version_of(app, night["id"]) and drawing.drawing_since is None


def test_slow_drawings_rest_between_changes_and_the_screens_get_the_last_one(app, client, night, draws):
    """The standings of thousands of players take a fifth of a second to draw: drawn back to back while
    results come in, they took a core the results needed. A slow drawing rests REST times its own time;
    changes meanwhile are drawn by the first change or poll after the rest."""
    from web.nights import drawings

    first = client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"})
    first.close()
    assert len(draws) == 1
    took(app, night["id"], 0.5)  # as if that drawing took half a second
    second = client.post(f"/nights/{night['slug']}/players", {"names": "Jo"})
    second.close()
    assert len(draws) == 1, "resting: not drawn at once"
    viewer = app.test_client()
    poll = viewer.get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "9 players are checked in" in poll.get_data(as_text=True) and len(draws) == 1
    assert poll.headers["ETag"].strip('"') != f"s{night['id']}-{version_of(app, night['id'])}", "the older tag"

    with app.app_context():  # the rest is over
        db.session.execute(update(NightScreen).where(NightScreen.night_id == night["id"])
                           .values(drawn_at=utcnow() - timedelta(seconds=6)))
        db.session.commit()
    drawings.forget()  # the drawing time this process saw is rewound too
    noticed = viewer.get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert "9 players are checked in" in noticed.get_data(as_text=True) and len(draws) == 1
    noticed.close()  # drawn after this poll's answer
    later = viewer.get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert len(draws) == 2 and "10 players are checked in" in later.get_data(as_text=True)

    took(app, night["id"], 0.02)  # a 400-player night never rests
    third = client.post(f"/nights/{night['slug']}/players", {"names": "Kit"})
    third.close()
    assert len(draws) == 3


def test_a_change_while_the_drawing_it_saw_rests_writes_nothing_to_take_the_next(app, client, night, draws,
                                                                                  monkeypatch):
    """At a thousand tables every confirmed result changes the standings, and each asked the database, in a
    write of its own, to take the next drawing, refused while the last one rests. A process that read or
    wrote the resting drawing knows it rests, and does not ask."""
    from tests.night_helpers import statements_sent
    from web.nights import drawings

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    took(app, night["id"], 0.5)  # as if that drawing took half a second: it rests five
    second = client.post(f"/nights/{night['slug']}/players", {"names": "Jo"})
    with statements_sent(app) as sent:
        second.close()
    assert len(draws) == 1
    assert not [s for s in sent if s.lstrip().upper().startswith("UPDATE") and "night_screen" in s], sent

    later = utcnow() + timedelta(seconds=6)  # the rest is over: the next change takes the drawing
    monkeypatch.setattr(drawings, "utcnow", lambda: later)
    client.post(f"/nights/{night['slug']}/players", {"names": "Kit"}).close()
    assert len(draws) == 2 and stored(app, night["id"]).version == version_of(app, night["id"])


def test_a_process_that_never_drew_the_standings_rests_them_all_the_same(app, client, night, draws, monkeypatch):
    """gunicorn hands each request to whichever of its processes is free: the time a drawing took is stored
    with it, so a process that has not drawn the standings yet rests them too, instead of drawing them again
    after a change or for a screen's poll."""
    from web.nights import drawings

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    assert len(draws) == 1
    took(app, night["id"], 0.5)  # as if another process drew them, and it took half a second
    monkeypatch.setattr(drawings, "costs", {})  # this process has drawn nothing
    monkeypatch.setattr(drawings, "first_drawn", set())

    client.post(f"/nights/{night['slug']}/players", {"names": "Jo"}).close()
    assert len(draws) == 1, "resting: not drawn after the change"
    poll = app.test_client().get(f"/nights/{night['slug']}/standings", headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "9 players are checked in" in poll.get_data(as_text=True)
    assert len(draws) == 1, "resting: not drawn for the poll"


def test_a_slow_dashboard_rests_and_the_directors_screen_keeps_its_drawing(app, client, night):
    """At a thousand tables the director's dashboard takes a good part of a second to draw, and a hand comes in
    every few milliseconds: a slow drawing rests (REST times its time), in every server process alike, and the
    poll keeps the director's screen meanwhile."""
    from web.nights import director

    live = f"/nights/{night['slug']}/live"
    first = client.get(live, htmx=True)
    tag = first.headers["ETag"].strip('"')
    assert first.status_code == 200
    with app.app_context():
        director.note_dashboard_drawn(_night(night), time.time(), 0.5)  # as if it took half a second, anywhere
    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    resting = client.get(f"{live}?seen={tag}", htmx=True)
    assert resting.status_code == 304 and resting.headers["ETag"].strip('"') == tag

    with app.app_context():
        director.note_dashboard_drawn(_night(night), time.time() - 6, 0.5)  # rested
    later = client.get(f"{live}?seen={tag}", htmx=True)
    assert later.status_code == 200 and later.headers["ETag"].strip('"') != tag, "drawn anew, with Ivy checked in"
    with app.app_context():
        director.note_dashboard_drawn(_night(night), time.time(), 0.02)  # a 400-player night never rests
    client.post(f"/nights/{night['slug']}/players", {"names": "Jo"}).close()
    assert client.get(f"{live}?seen={later.headers['ETag'].strip(chr(34))}", htmx=True).status_code == 200


def test_on_a_server_the_dashboard_is_drawn_on_the_drawing_thread_not_on_the_requests_one(app, client, night,
                                                                                          monkeypatch):
    """A 1,000-table night's dashboard takes a good part of a second to draw: drawn in the director's poll, it held
    every phone that worker served. On a server a screen that shows a dashboard keeps it (a 304) until the next
    is drawn on the drawing thread, then gets that one, with its own tokens; never one older than its own."""
    import threading

    from web import shared_drawings
    from web.nights import director, drawer

    live = f"/nights/{night['slug']}/live"
    first = client.get(live, htmx=True)  # nothing on the screen yet: drawn in the request
    shown = first.headers["ETag"].strip('"')
    monkeypatch.setitem(app.config, drawer.IN_BACKGROUND, True)
    drawing, finish = threading.Event(), threading.Event()
    real = director.draw_dashboard

    def slow(night_drawn, tag):
        drawing.set()
        assert finish.wait(10)
        return real(night_drawn, tag)

    monkeypatch.setattr(director, "draw_dashboard", slow)
    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    poll = client.get(f"{live}?seen={shown}", htmx=True)
    assert poll.status_code == 304 and poll.headers["ETag"].strip('"') == shown, "the screen keeps its dashboard"
    closing = threading.Thread(target=poll.close)  # what the server does once the answer is sent
    closing.start()
    closing.join(5)
    assert not closing.is_alive() and drawing.wait(5), "the request's thread is free while the drawing goes on"
    assert client.get(f"{live}?seen={shown}", htmx=True).status_code == 304, "nothing newer drawn yet"
    finish.set()
    assert drawer.drawer.wait_until_idle(10)

    drawn = client.get(f"{live}?seen={shown}", htmx=True)
    html = drawn.get_data(as_text=True)
    assert drawn.status_code == 200 and drawn.headers["ETag"].strip('"') != shown and "<strong>9</strong> checked in" in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert token != shared_drawings.marks(app.secret_key).csrf, "this screen's own token, filled in"
    assert client.post(f"/nights/{night['slug']}/start", {"csrf_token": token}, htmx=True, csrf=False).status_code == 200
    later = drawn.headers["ETag"].strip('"')
    assert client.get(f"{live}?seen={later}", htmx=True).status_code == 304

    newer = client.get(live, htmx=True)  # a screen drawn in its own request, once started: later than the one kept
    assert newer.headers["ETag"].strip('"') != later
    kept = client.get(f"{live}?seen={newer.headers['ETag'].strip(chr(34))}", htmx=True)
    assert kept.status_code == 304, "never a dashboard older than the screen's"
    assert drawer.drawer.wait_until_idle(10)


@pytest.mark.parametrize("seen", ["%0Aevil", "%00", "x" * 5000, "d1-1-1%0D%0ASet-Cookie:%20a=b"])
def test_a_resting_dashboard_never_echoes_a_tag_it_did_not_draw(app, client, night, seen):
    """While the dashboard rests, the poll keeps the director's screen: only a tag this night's dashboard
    could have drawn is kept; anything else (a newline, a NUL) is drawn anew, never a 5xx."""
    from web.nights import director

    with app.app_context():
        director.note_dashboard_drawn(_night(night), time.time(), 0.5)
    answer = client.get(f"/nights/{night['slug']}/live?seen={seen}", htmx=True)
    assert answer.status_code == 200 and "\n" not in answer.headers["ETag"]


def test_the_standings_are_compressed_once_for_every_screen_that_polls_them(app, client, night, monkeypatch):
    """Every screen's poll gets the same drawing: it is compressed once, when it is stored (a 1,000-table
    night's standings are 1.4 MB of HTML), while the whole page, which holds each phone's own CSRF token, is
    compressed for each."""
    import gzip

    from web import compression

    packed: list[int] = []
    real = gzip.compress

    def counting(data, *args, **kwargs):
        packed.append(len(data))
        return real(data, *args, **kwargs)

    monkeypatch.setattr(compression.gzip, "compress", counting)
    url = f"/nights/{night['slug']}/standings"
    fragment = {"HX-Request": "true", "Accept-Encoding": "gzip"}
    screens = [app.test_client() for _ in range(3)]
    answers = [screen.get(url, headers=fragment) for screen in screens]
    assert [a.headers.get("Content-Encoding") for a in answers] == ["gzip"] * 3
    assert len(packed) == 1 and len({a.data for a in answers}) == 1
    assert "8 players are checked in" in gzip.decompress(answers[0].data).decode()

    pages = [screen.get(url, headers={"Accept-Encoding": "gzip"}) for screen in screens[:2]]
    assert len(packed) == 3 and pages[0].data != pages[1].data, "a whole page is each phone's own"

    response = client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"})
    response.close()
    changed = screens[0].get(url, headers=fragment)
    assert len(packed) == 4 and "9 players are checked in" in gzip.decompress(changed.data).decode()


def test_a_poll_sends_the_standings_as_they_were_compressed_when_stored(app, client, night, monkeypatch):
    """A process that has not sent this drawing yet reads it compressed (15 KB for a 1,000-table night, where the
    HTML is 1.4 MB) and sends it as it is: no compressing, no reading the HTML. A screen that does not take
    gzip gets the same drawing as HTML."""
    import gzip

    from sqlalchemy import event

    from web import compression

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()  # drawn and stored after the answer
    for cache in (drawings.fragments, compression.compressed):
        monkeypatch.setattr(cache, "items", type(cache.items)())  # another process: nothing read or sent yet
    monkeypatch.setattr(compression.gzip, "compress", lambda *a, **k: pytest.fail("compressed again"))
    statements: list[str] = []
    url = f"/nights/{night['slug']}/standings"
    with app.app_context():
        listener = lambda *call: statements.append(call[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            packed = app.test_client().get(url, headers={"HX-Request": "true", "Accept-Encoding": "gzip"})
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    assert packed.status_code == 200 and packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"] and packed.headers["ETag"].startswith('W/"')
    assert not any("night_screen.html" in sql for sql in statements)
    assert any("night_screen.gzipped" in sql for sql in statements)
    plain = app.test_client().get(url, headers={"HX-Request": "true"})
    assert "Content-Encoding" not in plain.headers
    assert gzip.decompress(packed.data) == plain.data and b"9 players are checked in" in plain.data
    again = app.test_client().get(url, headers={"HX-Request": "true", "Accept-Encoding": "gzip",
                                                "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304


def test_a_drawing_stored_before_it_was_kept_compressed_is_compressed_as_it_is_sent(app, client, night):
    """A drawing stored before the migration that keeps it compressed is sent compressed all the same."""
    import gzip

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    with app.app_context():
        db.session.execute(update(NightScreen).values(gzipped=None))
        db.session.commit()
    from web import compression

    drawings.fragments.items.clear()
    compression.compressed.items.clear()
    answer = app.test_client().get(f"/nights/{night['slug']}/standings",
                                   headers={"HX-Request": "true", "Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip"
    assert b"9 players are checked in" in gzip.decompress(answer.data)


def test_a_screen_that_holds_the_stored_drawing_is_answered_without_reading_it(app, client, night, draws):
    """The standings of a 1,000-table night are 1.4 MB: while results come in they are behind the night most of
    the time, and every screen's poll read them only to answer that it had them already."""
    from sqlalchemy import event

    client.post(f"/nights/{night['slug']}/players", {"names": "Ivy"}).close()
    url = f"/nights/{night['slug']}/standings"
    tag = client.get(url, htmx=True).headers["ETag"].strip('"')
    took(app, night["id"], 0.5)  # a slow drawing, resting: the next change is not drawn at once
    client.post(f"/nights/{night['slug']}/players", {"names": "Jo"}).close()
    assert len(draws) == 1
    statements: list[str] = []
    with app.app_context():
        listener = lambda *call: statements.append(call[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            viewer = app.test_client()
            poll = viewer.get(f"{url}?seen={tag}", headers={"HX-Request": "true"})
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    assert poll.status_code == 304
    read = [sql for sql in statements if "night_screen" in sql]
    assert read and not any("night_screen.html" in sql for sql in read), read
