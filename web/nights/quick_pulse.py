"""A table's poll answered before Flask: the night's steady load is every phone asking "anything new?"
every few seconds, and nearly every answer is "no" (a 304).

Through Flask, that "no" cost about four bare hello-world requests: the request context, the session
opened and signed again (it is permanent, so Flask refreshes its cookie on every answer), the query
built and keyed anew, the after-request hooks. This WSGI middleware answers the polls it can from the
signed session cookie (checked, not re-signed) and one read of ``tables.PULSE_ROW`` by the table's code
(an index), and hands everything else to the app unchanged:

- a 304 when the phone's region is up to date (the tag it sends is the table's state now);
- after the movement, the empty "reload" answer (``HX-Refresh``), or a 304 while the table waits its turn.

Nothing is kept between requests: the answer is the database's state now, so any number of processes and
servers on one database answer alike. A phone that does not hold the table (a stranger guessing codes, whose
guesses are counted), a region that changed, a due bell timer, a database error: all go to the app, which
answers as it always has.
"""
from __future__ import annotations

import os
import re
import threading
import time
from collections import OrderedDict
from typing import Any, Callable, Iterable
from urllib.parse import parse_qsl

from flask import Flask
from itsdangerous import BadSignature
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import parse_cookie, parse_etags

from extensions import db
from models.night import CODE_MAX
from web.nights import tables

PATH = re.compile(rf"/t/([A-Z0-9]{{1,{CODE_MAX}}})/pulse")
StartResponse = Callable[..., Any]


class QuickPulse:
    """``app.wsgi_app`` wrapped: see the module's docstring. ``headers``: what every answer carries."""

    def __init__(self, app: Flask, wsgi_app: Callable, headers: Iterable[tuple[str, str]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.headers = [*headers, ("Cache-Control", "no-store"), ("Vary", "HX-Request")]
        self.engine = None  # the app's, once the first poll comes (each process has its own)
        self.serializer = None
        self.local = threading.local()  # each thread's own connection
        self.sessions = SessionMemo()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        found = PATH.fullmatch(environ.get("PATH_INFO", "")) if environ.get("REQUEST_METHOD") == "GET" else None
        if found:
            answered = self.answer(found.group(1), environ, start_response)
            if answered is not None:
                return answered
        return self.wsgi_app(environ, start_response)

    def answer(self, code: str, environ: dict[str, Any], start_response: StartResponse) -> list[bytes] | None:
        session = self.session(environ)
        if session is None:
            return None
        try:
            row = self.connection().execute(tables.PULSE_ROW, {"code": code}).first()
        except SQLAlchemyError:
            self.drop_connection()
            return None  # the app answers (and says what is wrong)
        if row is None or not holds_table(session, row.table_id, row.night_id):
            return None
        args = dict(parse_qsl(environ.get("QUERY_STRING", "")))
        game = args.get("game", "")
        seen = [tag for tag in (args.get("seen"), *parse_etags(environ.get("HTTP_IF_NONE_MATCH"))) if tag]
        answer = tables.light_answer(row, int(game) if game.isdigit() else None, seen)
        if answer is None:
            return None
        headers = list(self.headers)
        if answer.tag is not None:
            headers.append(("ETag", f'"{answer.tag}"'))
        if answer.refresh:
            start_response("200 OK", [*headers, ("HX-Refresh", "true"), ("Content-Type", "text/html; charset=utf-8"),
                                      ("Content-Length", "0")])
        else:
            start_response("304 NOT MODIFIED", headers)
        return [b""]

    def session(self, environ: dict[str, Any]) -> dict[str, Any] | None:
        """The phone's session, from its signed cookie (as Flask would read it), or None."""
        value = parse_cookie(environ).get(self.app.config["SESSION_COOKIE_NAME"])
        if not value:
            return None
        max_age = self.app.permanent_session_lifetime.total_seconds()
        known = self.sessions.get(value, max_age)
        if known is not None:
            return known
        if self.serializer is None:
            self.serializer = self.app.session_interface.get_signing_serializer(self.app)
        try:
            session, signed_at = self.serializer.loads(value, max_age=int(max_age), return_timestamp=True)
        except BadSignature:
            return None
        self.sessions.put(value, session, signed_at.timestamp())
        return session

    def connection(self):
        """This thread's connection, kept from poll to poll (a checkout from the pool, with its ping, cost
        as much as the read), in autocommit: each read sees the latest commit and holds no transaction."""
        connection = getattr(self.local, "connection", None)
        if connection is None or self.local.pid != os.getpid():
            if self.engine is None:
                with self.app.app_context():
                    self.engine = db.engine
            connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            self.local.connection, self.local.pid = connection, os.getpid()
        return connection

    def drop_connection(self) -> None:
        connection, self.local.connection = getattr(self.local, "connection", None), None
        if connection is not None:
            try:
                connection.invalidate()
                connection.close()
            except SQLAlchemyError:
                pass


class SessionMemo:
    """Session cookies already checked, with their contents: a phone sends the same cookie with every
    poll, and checking its signature was a third of a poll's time. A memo of a pure function of the
    cookie (the key never changes while the process runs), not of the database: nothing here goes stale
    but the cookie's age, checked on every use."""

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self.items: OrderedDict[str, tuple[dict[str, Any], float]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, cookie: str, max_age: float) -> dict[str, Any] | None:
        with self.lock:
            found = self.items.get(cookie)
        if found is None or time.time() - found[1] > max_age:
            return None
        return found[0]

    def put(self, cookie: str, session: dict[str, Any], signed_at: float) -> None:
        with self.lock:
            self.items[cookie] = (session, signed_at)
            if len(self.items) > self.size:
                self.items.popitem(last=False)


def holds_table(session: dict[str, Any], table_id: int, night_id: int) -> bool:
    """``access.holds_table_id`` for a session read here."""
    return table_id in session.get("tables", []) or night_id in session.get("director_of", [])


def init_app(app: Flask, headers: Iterable[tuple[str, str]]) -> None:
    app.wsgi_app = QuickPulse(app, app.wsgi_app, headers)  # type: ignore[method-assign]
