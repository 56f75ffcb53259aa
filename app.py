"""The scorekeeping web app: ``create_app()`` builds it (``flask --app app run``)."""
from __future__ import annotations

import os
import secrets
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from flask import Flask, Request, has_request_context, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFError
from itsdangerous import BadSignature
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DataError, InternalError, InvalidatePoolError, OperationalError
from werkzeug.exceptions import RequestEntityTooLarge

from backup import PRIVATE
from extensions import csrf, db, htmx, migrate
from sqlite_writers import TakingTurnsConnection

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

UNSAVED = "The scoresheet can't be saved right now; nothing was changed. Try again."
UNREADABLE = "The scoresheet can't be read right now. Try again in a moment."
TOO_LARGE = "That is too much to send at once: choose a smaller file or paste less."
SECURITY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"),
)
UNSTORABLE = "Something sent here cannot be stored (a character or a number out of range). Check it and try again."


def database_url(instance_path: str) -> str:
    """``DATABASE_URL`` from the environment, else a SQLite file in ``instance/``.

    ``postgres://`` and ``postgresql://`` URLs are pointed at psycopg 3, the driver we install.
    """
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return "sqlite:///" + os.path.join(instance_path, "scores.sqlite")
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def secret_key(instance_path: str) -> str:
    """``SECRET_KEY`` from the environment, else the one kept in ``instance/secret_key``.

    Created on first run (mode 0600, never committed: ``instance/`` is git-ignored). The new key is
    written to a temporary file and then linked into place, so gunicorn workers starting together on
    a fresh laptop all read the one key that won, never an empty or half-written file.
    """
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = os.path.join(instance_path, "secret_key")
    key = _read_key(path)
    if key:
        return key
    fd, tmp = tempfile.mkstemp(dir=instance_path, prefix=".secret_key-")  # mode 0600
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secrets.token_hex(32) + "\n")
    try:
        os.link(tmp, path)  # atomic, and never replaces a key another process has just made
    except FileExistsError:
        if not _read_key(path):  # an empty file (a crash long ago): replace it
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return _read_key(path)


def keep_sqlite_private(uri: str) -> None:
    """Create the SQLite database file mode 0600 (SQLite itself would make it 0644, and its -wal and
    -shm files take the database's mode), and take the world's access away from one made before."""
    url = make_url(uri)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:" \
            or url.query.get("mode") == "ro" or url.database.startswith("file:"):
        return
    try:
        os.close(os.open(url.database, os.O_CREAT | os.O_WRONLY, PRIVATE))
        for path in (url.database, url.database + "-wal", url.database + "-shm"):
            if os.path.exists(path) and os.stat(path).st_mode & 0o077:
                os.chmod(path, PRIVATE)
    except OSError:  # a read-only place: SQLite will say what is wrong when it opens the file
        pass


def _read_key(path: str) -> str:
    try:
        with open(path, encoding="ascii") as fh:
            return fh.read().strip()
    except FileNotFoundError:
        return ""


def writers_take_turns(uri: str, engine_options: dict[str, Any]) -> dict[str, Any]:
    """On SQLite, each connection's writes wait their turn on a lock file (``sqlite_writers``) rather than in
    SQLite's busy handler; a test's own ``connect_args`` win."""
    if make_url(uri).get_backend_name() != "sqlite":
        return engine_options
    connect_args = {"factory": TakingTurnsConnection, **engine_options.get("connect_args", {})}
    return {**engine_options, "connect_args": connect_args}


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: write-ahead log (readers never block the writer) and enforced foreign keys."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()


COOKIE_RENEWED_AFTER = 24 * 3600  # seconds


# A pooled connection used this recently is trusted without a ping (SQLAlchemy's pre-ping asks the database
# at every checkout: a round trip on every request of a busy night, a tenth of a result's time on PostgreSQL).
PING_AFTER_IDLE = 10.0  # seconds


def ping_connections_left_idle(engine: Engine) -> None:
    """Ask the database whether a pooled connection still works only when it sat idle for longer than
    :data:`PING_AFTER_IDLE`: a database restarted since, or a firewall that dropped the connection. A
    broken one is replaced (with every connection pooled before it) and the request goes on. One broken
    while in constant use is found by the request that uses it, answered as a database that cannot be
    reached (a plain "try again"), and the pool starts afresh."""

    @event.listens_for(engine, "checkin")
    def returned(_dbapi_connection: Any, record: Any) -> None:
        record.info["returned_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def ping_if_idle(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned_at = record.info.get("returned_at")
        if returned_at is None or time.monotonic() - returned_at <= PING_AFTER_IDLE:
            return  # new, or used a moment ago
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as broken:
            raise InvalidatePoolError() from broken


class SessionCookie(SecureCookieSessionInterface):
    """The session cookie (it holds the CSRF secret): HttpOnly and SameSite=Lax always, and Secure
    whenever the request came over HTTPS.

    Flask's SESSION_COOKIE_SECURE is one value for the whole app, but the same app answers plain
    HTTP on the venue's Wi-Fi and HTTPS behind a TLS proxy. The scheme is gunicorn's: HTTPS when it
    serves TLS itself, or when a proxy it trusts (FORWARDED_ALLOW_IPS, by default the laptop itself)
    says so in X-Forwarded-Proto.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)

    def open_session(self, app: Flask, incoming: Request) -> SecureCookieSession | None:
        """Flask's own, keeping when the cookie was signed (see :meth:`should_set_cookie`)."""
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        cookie = incoming.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        try:
            data, signed_at = serializer.loads(cookie, max_age=int(app.permanent_session_lifetime.total_seconds()),
                                               return_timestamp=True)
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.signed_at = signed_at
        return session

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Only when the session changed, or a permanent one's cookie is a day old (so it lasts a month
        from the phone's last visit). Flask resends a permanent cookie with every answer, and a request
        in the background (a poll, the service worker's copy of home) would then put back the cookie it
        started with, over the match another request had just remembered."""
        if session.modified:
            return True
        signed_at = getattr(session, "signed_at", None)
        return session.permanent and (signed_at is None or time.time() - signed_at.timestamp() > COOKIE_RENEWED_AFTER)


# How long a process answers a table's unchanged polls from the tables' states it read last, rather than reading
# the table's state for each (web/nights/quick_pulse.py: TableStates): a change reaches a phone up to this much
# later (within the 5 s the bell has). 0: each poll reads.
TABLE_STATES_FRESH_FOR = 0.5


def table_states_fresh_for(database_uri: str) -> float:
    """TABLE_STATES_FRESH_FOR on a database server, where each poll's read was a round trip its worker waited
    for; 0 on SQLite, where a read is no round trip and reading every table twice a second cost the 1,000-table
    bench more than it saved (docs/performance.md)."""
    return 0 if database_uri.startswith("sqlite") else TABLE_STATES_FRESH_FOR


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=None,
        SQLALCHEMY_DATABASE_URI=database_url(app.instance_path),
        # A game lasts longer than an hour: keep the CSRF token valid for the whole session.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PUBLIC_URL=os.environ.get("PUBLIC_URL"),  # the address phones open (web/public_address.py)
    )
    if config:
        app.config.update(config)
    app.config.setdefault("TABLE_STATES_FRESH_FOR", table_states_fresh_for(app.config["SQLALCHEMY_DATABASE_URI"]))
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = secret_key(app.instance_path)

    app.session_interface = SessionCookie()
    keep_sqlite_private(app.config["SQLALCHEMY_DATABASE_URI"])
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = writers_take_turns(app.config["SQLALCHEMY_DATABASE_URI"],
                                                                 app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}))
    db.init_app(app)
    with app.app_context():
        ping_connections_left_idle(db.engine)
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR), render_as_batch=True, compare_type=True)
    csrf.init_app(app)
    htmx.init_app(app)

    import backup
    import models  # noqa: F401  (registers the tables with the metadata)
    from web import assets, compression, converters, public_address, register_blueprints
    from web.render import render_page

    converters.register(app)  # before the routes: ids and names that the database cannot hold are a 404
    register_blueprints(app)
    compression.init_app(app)
    assets.init_app(app)  # scripts and stylesheets addressed by their content
    backup.register(app)  # flask backup, flask restore
    public_address.init_app(app)  # checks PUBLIC_URL; flask address

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        message = "This page is too old to send (its security token expired). Reload the page and try again."
        return render_page("partials/_message.html", 400, title="Please reload", message=message, reload=True)

    @app.errorhandler(403)
    def forbidden(error):
        message = error.description if error.description and not error.description.startswith("You don't") \
            else "You may not do that here."
        return render_page("partials/_message.html", 403, title="Not allowed", message=message, reload=False)

    @app.errorhandler(404)
    def not_found(_error):
        return render_page("partials/_message.html", 404, title="Not found", message="There is nothing here.",
                           reload=False)

    @app.errorhandler(OperationalError)
    @app.errorhandler(InternalError)
    def database_unavailable(_error):
        """The database cannot be written (read-only or full disk, immutable file, read-only
        transaction) or reached: nothing was saved, so say so plainly instead of a bare 500."""
        try:
            db.session.rollback()
        except (OperationalError, InternalError):  # the connection itself is gone: it is dropped anyway
            pass
        writing = request.method not in ("GET", "HEAD", "OPTIONS")
        return render_page("partials/_message.html", 503, {"Retry-After": "5"},
                           title="Not saved" if writing else "Try again", message=UNSAVED if writing else UNREADABLE,
                           reload=False)

    @app.errorhandler(DataError)
    def unstorable(_error):
        """The last guard behind the forms' checks: a value the database refuses as data (a NUL in a
        text on PostgreSQL, an integer out of range) is the sender's mistake, a 400, never a 500."""
        db.session.rollback()
        return render_page("partials/_message.html", 400, title="Not stored", message=UNSTORABLE, reload=False)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_error):
        return render_page("partials/_message.html", 413, title="Too large", message=TOO_LARGE, reload=False)

    @app.after_request
    def security_headers(response):
        for name, value in SECURITY_HEADERS:
            response.headers.setdefault(name, value)
        response.vary.add("HX-Request")  # the same URL answers htmx with a fragment
        return response

    from web.nights import quick_pulse
    quick_pulse.init_app(app, SECURITY_HEADERS)  # a table's unchanged poll, answered before Flask
    return app
