"""The production server, for real: gunicorn as ``make serve`` runs it, on a SQLite file built by the
migrations (or on the PostgreSQL database of DATABASE_URL), killed with SIGKILL in the middle of a
night, raced by two phones, and never in debug mode."""
from __future__ import annotations

import http.client
import os
import re
import runpy
import secrets
import subprocess
import sys
import threading
import time

import pytest
from sqlalchemy import create_engine, text

from tests.app_helpers import setup_data, slug_in
from tests.server_helpers import ROOT, Gunicorn, Phone, version_of

TABLES = 4          # phones saving hands at once, one match each
KILL_AFTER = 40     # acknowledged hands before the power cut


@pytest.fixture()
def database(request, tmp_path):
    """(url, engine) of an empty database with the schema of the migrations."""
    from app import create_app, database_url

    if os.environ.get("DATABASE_URL"):
        request.getfixturevalue("clean_db")  # the suite's PostgreSQL database, emptied before and after
        url = database_url("")
    else:
        from flask_migrate import upgrade

        from extensions import db

        url = "sqlite:///" + str(tmp_path / "night.sqlite")
        migrated = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
        with migrated.app_context():
            upgrade()
            db.engine.dispose()
    engine = create_engine(url)
    yield url, engine
    engine.dispose()


@pytest.fixture()
def servers(database, tmp_path):
    """Start gunicorn servers on the test database; every one is killed at the end, whatever happens."""
    started: list[Gunicorn] = []

    def start() -> Gunicorn:
        server = Gunicorn(database[0], tmp_path / f"gunicorn-{len(started)}.log")
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.kill()


def stored_tokens(engine, slug: str) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(text("SELECT token FROM hand JOIN match ON match.id = hand.match_id "
                                      "WHERE match.slug = :s ORDER BY position"), {"s": slug}).scalars())


class Table:
    """One phone scoring one match, hand after hand, as fast as the server answers."""

    def __init__(self, base: str, number: int) -> None:
        self.phone = Phone(base)
        self.phone.get("/")
        names = tuple(f"{seat}{number}" for seat in ("Ann", "Bob", "Cy", "Di"))
        status, headers, _ = self.phone.post("/matches/new", setup_data(names=names, rules={"rule_target": "500"}))
        assert status == 200, status
        self.path = headers["HX-Redirect"]
        self.slug = slug_in(self.path)
        self.version = version_of(self.phone.get(self.path)[2])
        self.sent: list[dict] = []      # every hand sent, with its idempotency token
        self.acked: set[str] = set()    # tokens the server answered 200 for
        self.errors: list[str] = []

    def hand(self) -> dict:
        n = len(self.sent)
        body = {"outcome": "void"} if n % 5 == 4 else {"outcome": "played", "maker": str(n % 4),
                                                        "trump": "HSDC"[n % 4], "tricks": str(3 + n % 3)}
        return dict(body, token=secrets.token_urlsafe(12), version=self.version)

    def play(self) -> None:
        """Save hands until the server goes away: the last hand sent is the one in the air."""
        while True:
            body = self.hand()
            self.sent.append(body)
            try:
                status, _, html = self.phone.post(self.path + "/hands", body)
            except (OSError, http.client.HTTPException):  # refused, reset, or cut off mid-answer
                return
            if status != 200:
                self.errors.append(f"{status}: {html[:300]}")
                return
            self.acked.add(body["token"])
            self.version = version_of(html)


def test_acknowledged_hands_survive_sigkill_and_retries_never_double(servers, database):
    _, engine = database
    server = servers()
    tables = [Table(server.url, n) for n in range(TABLES)]
    threads = [threading.Thread(target=table.play) for table in tables]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(len(t.acked) for t in tables) < KILL_AFTER and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()  # mid-stream: every phone is sending or about to
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    assert [t.errors for t in tables] == [[]] * TABLES
    assert sum(len(t.acked) for t in tables) >= KILL_AFTER

    # After the crash: every acknowledged hand is there once; at most the one in the air is there too.
    for table in tables:
        tokens = stored_tokens(engine, table.slug)
        assert len(tokens) == len(set(tokens))
        assert table.acked <= set(tokens)
        assert set(tokens) <= {body["token"] for body in table.sent}
        assert len(tokens) - len(table.acked) in (0, 1)

    server.start()  # the organiser restarts the laptop's server
    status, _, _ = tables[0].phone.get("/console")
    assert status == 404  # no Werkzeug debugger, even with FLASK_DEBUG=1 in the environment
    for table in tables:
        # The phone retries the hand it never heard back about, then (a flaky network) a few it did.
        retries = [table.sent[-1]] + [body for body in table.sent[:-1]][-3:] + table.sent[:2]
        for body in retries:
            status, _, html = table.phone.post(table.path + "/hands", body)
            assert status == 200, html[:500]
        tokens = stored_tokens(engine, table.slug)
        assert tokens == [body["token"] for body in table.sent]  # each hand once, in the order played
        status, _, html = table.phone.get(table.path)
        assert f"Hands <small>{len(table.sent)}<" in html


def race(*calls):
    """Run the calls at the same moment (a barrier), return their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_two_phones_save_the_same_hand_at_the_same_moment(servers, database):
    """Two phones at one table each draw the page and save hand N at once: one hand is stored, the other
    phone is told that nothing was saved."""
    _, engine = database
    server = servers()
    table = Table(server.url, 0)
    other = Phone(server.url)
    for attempt in range(6):
        pages = [table.phone.get(table.path)[2], other.get(table.path)[2]]
        bodies = [{"outcome": "played", "maker": str(seat), "trump": "H", "tricks": "3",
                   "token": re.search(r'name="token" value="([^"]+)"', page).group(1), "version": version_of(page)}
                  for seat, page in zip((0, 1), pages)]
        url = table.path + "/hands"
        results = race(lambda: table.phone.post(url, bodies[0]), lambda: other.post(url, bodies[1]))
        statuses = sorted(status for status, _, _ in results)
        assert statuses == [200, 409], statuses
        loser = next(html for status, _, html in results if status == 409)
        assert "nothing was saved" in loser.lower()
        assert len(stored_tokens(engine, table.slug)) == attempt + 1


def test_two_conflicting_edits_at_the_same_moment(servers, database):
    """Two phones change hand 1 at once, differently: one edit is stored, the other phone gets the
    conflict message, and the stored hand is exactly the winner's, not a mix and not the loser's."""
    _, engine = database
    server = servers()
    table = Table(server.url, 0)
    table.phone.post(table.path + "/hands", table.hand())
    other = Phone(server.url)
    with engine.connect() as conn:
        hand_id = conn.execute(text("SELECT hand.id FROM hand JOIN match ON match.id = hand.match_id "
                                    "WHERE match.slug = :s"), {"s": table.slug}).scalar()
    edits = ({"outcome": "played", "maker": "1", "trump": "S", "tricks": "4"},
             {"outcome": "played", "maker": "2", "trump": "D", "tricks": "5"})
    for attempt in range(6):
        pages = [table.phone.get(table.path)[2], other.get(table.path)[2]]
        url = f"{table.path}/hands/{hand_id}"
        results = race(*[lambda p=phone, e=edit, v=version_of(page): p.post(url, dict(e, token="edit-token", version=v))
                         for phone, edit, page in zip((table.phone, other), edits, pages)])
        statuses = [status for status, _, _ in results]
        assert sorted(statuses) == [200, 409], statuses
        winner = edits[statuses.index(200)]
        assert "nothing was saved" in results[statuses.index(409)][2].lower()
        with engine.connect() as conn:
            row = conn.execute(text("SELECT maker, trump, tricks FROM hand WHERE id = :h"), {"h": hand_id}).one()
        assert (str(row.maker), row.trump, str(row.tricks)) == (winner["maker"], winner["trump"], winner["tricks"])


def test_session_cookie_is_secure_behind_a_tls_proxy_on_the_laptop(servers):
    """A TLS proxy on the laptop (Caddy, nginx) tells gunicorn the scheme in X-Forwarded-Proto, which
    gunicorn trusts from 127.0.0.1: the session cookie is then Secure, and saving still works."""
    server = servers()
    plain = Phone(server.url)
    _, headers, _ = plain.get("/")
    assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Lax" in headers["Set-Cookie"]
    assert "Secure" not in headers["Set-Cookie"]
    proxied = Phone(server.url)
    https = {"X-Forwarded-Proto": "https"}
    _, headers, _ = proxied.get("/", headers=https)
    assert "Secure" in headers["Set-Cookie"] and "HttpOnly" in headers["Set-Cookie"]
    # Python's cookie jar keeps a Secure cookie away from http:// URLs, as it should; the proxy's
    # phone would be on https://, so hand the cookie over as that phone would send it.
    cookie = headers["Set-Cookie"].split(";")[0]
    status, _, _ = proxied.post("/matches/new", setup_data(), headers={
        **https, "Cookie": cookie, "Referer": f"https://127.0.0.1:{server.port}/matches/new"})
    assert status == 200


# -- make serve: gunicorn's settings, and never debug -----------------------------------------------
def test_make_serve_migrates_then_runs_gunicorn_with_its_settings():
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^serve: (.*)\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe and "migrate" in recipe.group(1).split()
    assert "gunicorn -c gunicorn.conf.py" in recipe.group(2)
    assert not re.search(r"--reload|--debug|flask run|FLASK_DEBUG", recipe.group(2))
    assert re.search(r"^\.PHONY:.*\bserve\b", makefile, re.M)


def test_gunicorn_settings(monkeypatch):
    from gunicorn.config import Config

    monkeypatch.setenv("PORT", "6123")
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    settings = {k: v for k, v in runpy.run_path(str(ROOT / "gunicorn.conf.py")).items()
                if not k.startswith("_") and not callable(v) and k not in ("os", "annotations")}
    config = Config()
    for name, value in settings.items():
        config.set(name, value)  # gunicorn itself ignores a misspelt setting; this refuses it
    assert config.bind == ["0.0.0.0:6123"] and config.wsgi_app == "serve:app"
    assert config.worker_class_str == "inline_worker.InlineWorker" and config.threads >= 1
    assert config.accesslog is None and config.reload is False and config.control_socket_disable is True


@pytest.mark.parametrize("database_url", ["", "sqlite:////tmp/x.sqlite", "postgresql+psycopg://postgres@127.0.0.1/test"])
def test_gunicorn_workers_follow_the_cores(monkeypatch, database_url):
    """One worker more than the cores, on SQLite and on a database server alike (at most 12); WEB_CONCURRENCY
    chooses."""
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setenv("DATABASE_URL", database_url)
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    cores = settings["_cores"]()
    assert settings["workers"] == min(cores + 1, 12)
    assert settings["_workers"](2) == 3 and settings["_workers"](16) == 12
    monkeypatch.setenv("WEB_CONCURRENCY", "7")
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["workers"] == 7


def test_each_worker_freezes_what_it_loaded_before_its_first_request():
    """What a worker loads (the app, its modules) is left out of the full garbage collections that would
    otherwise walk it all, on the worker's only thread, while a phone waits."""
    import gc

    from gunicorn.config import Config

    hook = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["post_worker_init"]
    config = Config()
    config.set("post_worker_init", hook)  # gunicorn takes it as that hook (it checks the name and the arguments)
    gc.unfreeze()
    try:
        config.post_worker_init(None)
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()


def test_a_worker_gets_the_interpreter_back_from_its_drawing_thread_within_a_millisecond():
    """While the drawing thread draws, the worker's request gets the interpreter back after each database
    statement or socket wait only when the drawing is made to yield: after Python's switch interval (5 ms
    by default, up to 5 ms per step of every request on that worker)."""
    import gc
    import sys

    from gunicorn.config import Config

    hook = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["post_worker_init"]
    config = Config()
    config.set("post_worker_init", hook)
    before = sys.getswitchinterval()
    try:
        config.post_worker_init(None)
        assert sys.getswitchinterval() <= 0.001
    finally:
        sys.setswitchinterval(before)
        gc.unfreeze()


def test_the_access_log_is_written_only_when_asked_for(monkeypatch):
    """A big night asks a thousand times a second: the access log is off unless ACCESS_LOG names where."""
    monkeypatch.delenv("ACCESS_LOG", raising=False)
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["accesslog"] is None
    monkeypatch.setenv("ACCESS_LOG", "-")
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["accesslog"] == "-"


def test_the_served_app_is_never_in_debug_mode():
    """serve.py, built as gunicorn builds it, with FLASK_DEBUG=1 in the environment: no debug, no
    debugger, and an error is a plain 500 page without the traceback."""
    probe = (
        "import serve\n"
        "from werkzeug.debug import DebuggedApplication\n"
        "app = serve.app\n"
        "@app.get('/boom')\n"
        "def boom():\n"
        "    raise RuntimeError('a secret detail')\n"
        "page = app.test_client().get('/boom')\n"
        "html = page.get_data(as_text=True)\n"
        "print(app.debug, isinstance(app.wsgi_app, DebuggedApplication), page.status_code,\n"
        "      'a secret detail' in html or 'Traceback' in html)\n"
    )
    env = dict(os.environ, FLASK_DEBUG="1", SECRET_KEY="probe", DATABASE_URL="sqlite://")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.split() == ["False", "False", "500", "False"], result.stderr
