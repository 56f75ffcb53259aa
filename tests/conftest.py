"""Fixtures for the app tests: a real database (a SQLite temp file, or PostgreSQL when
DATABASE_URL is set), the Flask test client with CSRF on, a live server, and Chromium.

Nothing here is autouse, so the referee's own tests are untouched by it.
"""
from __future__ import annotations

import os
import re
import socket
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests import render_guard

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker gets a PostgreSQL database of its own (``<name>_gw0``, ...), so that
    one worker emptying its tables never touches another's; the tests that start servers read it from
    DATABASE_URL too. (On SQLite each worker's database is a file in its own temporary folder.)"""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.environ["DATABASE_URL"] = _worker_database(worker)


def _worker_database(worker: str) -> str:
    """The URL of this worker's database beside DATABASE_URL's, created on the first run."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from app import database_url

    base = make_url(database_url(""))
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}) is None:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that start gunicorn and load it (a power cut under load, two servers, a restore beside a
    server) run one after another on one worker (``--dist loadgroup``), so that two of them never load a 2-core
    machine at once. Everything else goes to whichever worker is free."""
    for item in items:
        if "Gunicorn" in vars(getattr(item, "module", None) or object):
            item.add_marker(pytest.mark.xdist_group("gunicorn"))


def _drop_everything() -> None:
    from sqlalchemy import text

    from extensions import db

    db.drop_all()
    with db.engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))


@pytest.fixture(scope="session")
def app(tmp_path_factory: pytest.TempPathFactory):
    """One app for the session; its schema is built by the real migrations and dropped at the end."""
    from flask_migrate import upgrade

    from app import create_app
    from extensions import db

    # The laptop's address on the local network as the tests see it, never the machine's own, and no
    # PUBLIC_URL from the environment (web/public_address.py): the cards come out the same on any machine.
    config: dict[str, Any] = {"TESTING": True, "SECRET_KEY": "test-secret-key", "PUBLIC_URL": None,
                              "LAN_ADDRESS_FINDER": lambda: "192.168.1.23",
                              "SHARED_DRAWINGS": str(tmp_path_factory.mktemp("drawings")),
                              # each poll reads its table's state: a test's change is seen by the next poll
                              # (tests/test_table_states.py keeps them, as a server does)
                              "TABLE_STATES_FRESH_FOR": 0}
    if not os.environ.get("DATABASE_URL"):
        config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///" + str(tmp_path_factory.mktemp("db") / "test.sqlite")
    flask_app = create_app(config)
    with flask_app.app_context():
        _drop_everything()  # a clean slate, even after an interrupted run
        upgrade()
        flask_app.extensions["render_guard"] = render_guard.install(flask_app, db.engine)
    yield flask_app
    with flask_app.app_context():
        db.session.remove()
        _drop_everything()
        db.engine.dispose()


@pytest.fixture()
def clean_db(app) -> Iterator[None]:
    """Every test starts with empty tables."""
    from extensions import db

    def wipe() -> None:
        from web.nights import drawings

        drawings.forget()  # what the last test's nights drew: the next test's nights may have the same ids
        with app.app_context():
            db.session.remove()
            with db.engine.begin() as conn:
                for table in reversed(db.metadata.sorted_tables):
                    conn.execute(table.delete())

    wipe()
    yield
    wipe()
    caught = app.extensions["render_guard"].take()
    assert not caught, f"views must load what templates show: {caught}"


class Client:
    """The Flask test client, sending the CSRF token like the pages do (form field or htmx header)."""

    def __init__(self, flask_client) -> None:
        self.raw = flask_client
        self._token: str | None = None

    @property
    def token(self) -> str:
        if self._token is None:
            self.read_token(self.raw.get("/").get_data(as_text=True))
        return self._token

    def read_token(self, html: str) -> None:
        """Take the CSRF token from a page this client was given, as htmx does, instead of asking for one."""
        self._token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)

    @staticmethod
    def _headers(htmx: bool) -> dict[str, str]:
        return {"HX-Request": "true"} if htmx else {}

    def get(self, url: str, htmx: bool = False, **kwargs):
        return self.raw.get(url, headers=self._headers(htmx), **kwargs)

    def post(self, url: str, data: dict | None = None, htmx: bool = False, csrf: bool = True, **kwargs):
        headers = self._headers(htmx)
        data = dict(data or {})
        if csrf and htmx:
            headers["X-CSRFToken"] = self.token
        elif csrf:
            data.setdefault("csrf_token", self.token)
        return self.raw.post(url, data=data, headers=headers, **kwargs)


@pytest.fixture()
def client(app, clean_db) -> Client:
    return Client(app.test_client())


@pytest.fixture()
def db_session(app, clean_db):
    from extensions import db

    with app.app_context():
        yield db.session


# -- the live server and the browser ------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(app) -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", _free_port(), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, live_server, clean_db):
    from tests.browser_helpers import AccessibilityWatch

    """A phone-sized page (360x740) on the live server; confirm() dialogs are accepted."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True, base_url=live_server)
    context.set_default_timeout(10_000)
    accessibility = AccessibilityWatch(context)  # axe-core on every page it visits
    pg = context.new_page()
    pg.on("dialog", lambda dialog: dialog.accept())
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    try:
        accessibility.finish()
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture()
def shots():
    """Save numbered screenshots under docs/screenshots/<journey>-NN-<step>.png."""
    from tests.browser_helpers import settled

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    class Shots:
        def __init__(self) -> None:
            self.count: dict[str, int] = {}

        def __call__(self, pg, journey: str, step: str, full_page: bool = False,
                     scripts: bool = True) -> Path:
            n = self.count.get(journey, 0) + 1
            self.count[journey] = n
            path = SCREENSHOTS / f"{journey}-{n:02d}-{step}.png"
            # A shot taken mid-swap catches a half-painted page: wait for htmx to settle (and
            # scroll), then for two frames so the browser has painted what it laid out. A page
            # without JavaScript (scripts=False) never swaps, and would never run the frames.
            if scripts:
                settled(pg)
                pg.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
            pg.screenshot(path=str(path), full_page=full_page, animations="disabled", caret="hide")
            return path

    return Shots()
