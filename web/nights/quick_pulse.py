"""A table's poll answered before Flask: the night's steady load is every phone asking "anything new?"
every few seconds, and nearly every answer is "no" (a 304).

Through Flask, that "no" cost about four bare hello-world requests: the request context, the session
opened and signed again (it is permanent, so Flask refreshes its cookie on every answer), the query
built and keyed anew, the after-request hooks. This WSGI middleware answers the polls it can from the
signed session cookie (checked, not re-signed) and one read of ``tables.PULSE_ROW`` by the table's code
(an index), and hands everything else to the app unchanged:

- a 304 when the phone's region is up to date (the tag it sends is the table's state now), or while its
  page is of the last game and its turn to load the next has not come, or its turn to hear of the bell;
  most of these from the states of every playing table read at most ``TABLE_STATES_FRESH_FOR`` seconds ago
  (:class:`TableStates`), without a read;
- a region that changed, or after the movement the next game's table page, when another phone's poll or the
  drawing thread has drawn it already (``shared_drawings``: kept by the state it shows), filled in with this
  phone's tokens; from the states kept too when they are newer than the phone's (``tables.newer_than_held``);
- a done table's region brought up to date for the count of tables done (``tables.COUNT_REFRESH``): its
  drawing without the count, with the count read now (one more read), kept for the table's other phones;
- "ask again in a moment" when the drawing it needs is being made (``tables.drawing_soon``).

Nothing else of the database is kept between requests: the answer is the database's state now (or, as it was
that fraction of a second ago, for an unchanged poll, or for news newer than what the phone holds), and a
drawing is found by that state, so any number of processes and servers on one database answer alike. A phone
that does not hold the table (a stranger guessing codes, whose guesses are counted), a drawing not yet made, a
due bell timer, a database error: all go to the app, which answers as it always has.
"""
from __future__ import annotations

import os
import re
import threading
import time
from collections import OrderedDict, namedtuple
from typing import Any, Callable, Iterable
from urllib.parse import parse_qsl

from flask import Flask
from itsdangerous import BadSignature
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.http import parse_cookie, parse_etags

from extensions import db
from models.night import CODE_MAX
from services.night import queries as night_queries
from web import shared_drawings
from web.nights import tables

PATH = re.compile(rf"/t/([A-Z0-9]{{1,{CODE_MAX}}})/pulse")
DRAWING_SOON = object()  # ``QuickPulse.shared_drawing``: the drawing is being made, ask again shortly
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
        self.pulse_row = PlainQuery(tables.PULSE_ROW, None)  # compiled for the engine's dialect at the first poll
        self.tables_done = PlainQuery(night_queries.TABLES_DONE, None)
        self.table_states = TableStates()
        self.store: shared_drawings.SharedDrawings | None = None

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
        args = dict(parse_qsl(environ.get("QUERY_STRING", "")))
        asked = game_asked(args.get("game", ""))
        held = parse_etags(environ.get("HTTP_IF_NONE_MATCH")).as_set(include_weak=True)  # compared weakly
        seen = [tag for tag in (args.get("seen"), *held) if tag]
        kept = self.kept_row(code)
        if kept is not None and holds_table(session, kept.table_id, kept.night_id):
            answer = tables.light_answer(kept, asked, seen)
            if answer is not None and answer.needs == tables.UNCHANGED:
                return self.not_modified(answer, start_response)
            if answer is not None and tables.newer_than_held(answer, kept, asked, seen):
                if answer.needs == tables.WAIT:
                    return self.not_modified(answer, start_response)
                answered = self.drawn(code, kept, answer, session, environ, start_response)
                if answered is not None:
                    return answered
        try:
            connection = self.connection()  # first: the process's first poll compiles the queries
            row = self.pulse_row.first(connection, {"code": code})
        except (SQLAlchemyError, *self.pulse_row.errors):
            self.drop_connection()
            return None  # the app answers (and says what is wrong)
        if row is None or not holds_table(session, row.table_id, row.night_id):
            return None
        answer = tables.light_answer(row, asked, seen)
        if answer is None:
            return None
        if answer.needs in (tables.WAIT, tables.UNCHANGED):
            return self.not_modified(answer, start_response)
        answered = self.drawn(code, row, answer, session, environ, start_response)
        if answered is None:
            environ[tables.PULSE_ROW_READ] = row  # the app draws it, from this row rather than reading it again
        return answered

    def drawn(self, code: str, row: Any, answer: tables.PulseAnswer, session: dict[str, Any],
              environ: dict[str, Any], start_response: StartResponse) -> list[bytes] | None:
        """The drawing ``answer`` needs, at the state of ``row``, if it is made; "ask again shortly" if it is
        being made; None when the app must draw it."""
        body = self.shared_drawing(code, row, answer, session, environ)
        if body is DRAWING_SOON:
            return self.not_modified(tables.PulseAnswer(None, tables.WAIT, tables.DRAWING_SOON), start_response)
        if body is None:
            return None
        headers = self.tagged(answer)
        if answer.needs == tables.NEXT_GAME:
            headers.extend(tables.NEXT_GAME_HEADERS)
        start_response("200 OK", [*headers, ("Content-Type", "text/html; charset=utf-8"),
                                  ("Content-Length", str(len(body)))])
        return [body]

    def tagged(self, answer: tables.PulseAnswer) -> list[tuple[str, str]]:
        return [*self.headers, ("ETag", f'"{answer.tag}"')] if answer.tag is not None else list(self.headers)

    def not_modified(self, answer: tables.PulseAnswer, start_response: StartResponse) -> list[bytes]:
        start_response("304 NOT MODIFIED", [*self.tagged(answer), *answer.wait_headers()])
        return [b""]

    def kept_row(self, code: str) -> Any:
        """The table's row as ``table_states`` last read it (at most TABLE_STATES_FRESH_FOR seconds ago), or
        None: not kept (the setting is 0), no such table in a night being played, or the database failed."""
        fresh_for = self.app.config.get("TABLE_STATES_FRESH_FOR") or 0
        if fresh_for <= 0:
            return None
        try:
            return self.table_states.row(code, fresh_for, self.connection)
        except (SQLAlchemyError, *self.table_states.query.errors):
            self.drop_connection()
            return None

    def shared_drawing(self, code: str, row: Any, answer: tables.PulseAnswer, session: dict[str, Any],
                       environ: dict[str, Any]) -> bytes | object | None:
        """The drawing this poll needs, if another phone's poll or the drawing thread has drawn it already,
        filled in for this phone; DRAWING_SOON when it is being drawn (``tables.drawing_soon``); None when the
        app must draw it (or answer a poll not sent by htmx)."""
        if environ.get("HTTP_HX_REQUEST") != "true":
            return None
        if answer.needs == tables.NEXT_GAME and not tables.shareable(session):
            return None
        csrf_token = shared_drawings.csrf_token_of(session, self.app.config.get("WTF_CSRF_SECRET_KEY")
                                                   or self.app.secret_key,
                                                   self.app.config.get("WTF_CSRF_TIME_LIMIT", 3600))
        if csrf_token is None:
            return None
        if self.store is None:
            with self.app.app_context():
                self.store = shared_drawings.store()
        key = tables.drawing_key(answer, row.table_id, code)
        html = self.store.get(key)
        if html is None and answer.needs == tables.REDRAW and tables.DONE in answer.tag:
            html = self.counted_region(code, row, answer)
        if html is None:
            return DRAWING_SOON if tables.drawing_soon(row, answer, key, self.store) else None
        return shared_drawings.fill(html, csrf_token, self.app.secret_key).encode()

    def counted_region(self, code: str, row: Any, answer: tables.PulseAnswer) -> str | None:
        """A done table's region for this count period, from its drawing without the count if one is kept:
        the count of tables done read now, filled in and kept for the table's other phones this period."""
        uncounted = self.store.get(tables.uncounted_key(row.table_id, code, answer.tag))
        if uncounted is None:
            return None
        try:
            connection = self.connection()
            counted = self.tables_done.first(connection, {"night_id": row.night_id, "game": row.current_game})
        except (SQLAlchemyError, *self.tables_done.errors):
            self.drop_connection()
            return None
        html = tables.fill_count(uncounted, counted.done, counted.total, self.app.secret_key)
        self.store.put(tables.drawing_key(answer, row.table_id, code), html)
        return html

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
                    engine = db.engine
                # the queries first: another thread that finds the engine set uses them at once
                self.pulse_row = PlainQuery(tables.PULSE_ROW, engine.dialect)
                self.tables_done = PlainQuery(night_queries.TABLES_DONE, engine.dialect)
                self.table_states.query = PlainQuery(tables.PLAYING_PULSE_ROWS, engine.dialect)
                self.engine = engine
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


class PlainQuery:
    """A select compiled once for the database's dialect and run on the driver's own cursor: SQLAlchemy's
    execution and result rows were a third of an unchanged poll's time on PostgreSQL. The values still go
    through each column type's own conversion, so a row reads as SQLAlchemy's would."""

    def __init__(self, statement: Any, dialect: Any) -> None:
        self.errors: tuple[type[BaseException], ...] = ()
        if dialect is None:
            return
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self.positions = compiled.positiontup if compiled.positional else None
        # the values written into the statement (a CASE's), bound as parameters like the ones each run gives
        self.literals = {name: value for name, value in compiled.params.items() if value is not None}
        columns = list(statement.selected_columns)
        self.Row = namedtuple("Row", [column.key for column in columns])  # type: ignore[misc]
        self.converters = [column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns]
        self.errors = (dialect.loaded_dbapi.Error,)

    def first(self, connection: Any, values: dict[str, Any]) -> Any:
        """The first row, on ``connection`` (a SQLAlchemy connection, whose driver connection it uses)."""
        found = self.fetch(connection, values, lambda cursor: cursor.fetchmany(1))
        return self.row_of(found[0]) if found else None

    def all_raw(self, connection: Any, values: dict[str, Any]) -> list[tuple]:
        """Every row as the driver gives it (``row_of`` reads one as ``first`` would)."""
        return self.fetch(connection, values, lambda cursor: cursor.fetchall())

    def fetch(self, connection: Any, values: dict[str, Any], take: Callable[[Any], list[tuple]]) -> list[tuple]:
        cursor = connection.connection.dbapi_connection.cursor()
        values = {**self.literals, **values}
        try:
            cursor.execute(self.sql, [values[name] for name in self.positions] if self.positions else values)
            return take(cursor)
        finally:
            cursor.close()

    def row_of(self, found: tuple) -> Any:
        return self.Row(*(convert(value) if convert else value for convert, value in zip(self.converters, found)))


class TableStates:
    """The ``tables.PULSE_ROW`` of every table of every night being played, read in one statement and kept for
    up to ``TABLE_STATES_FRESH_FOR`` seconds. A big night's steady load is thousands of polls a second asking
    "anything new?", each a round trip to the database while its worker waited. A poll whose phone holds the
    state kept here is answered 304 from it, as if it had been sent that much sooner; any other answer (a change,
    the bell, the next game) is read from the database as before, so a phone never gets a state older than the
    one it holds. Kept by each process, read again from the database: every process and server sees a change
    within that time. (Kept on a database server only, ``app.table_states_fresh_for``.)"""

    def __init__(self) -> None:
        self.query = PlainQuery(tables.PLAYING_PULSE_ROWS, None)  # compiled at the first poll (``connection``)
        self.rows: dict[str, Any] = {}
        self.read_at = float("-inf")
        self.lock = threading.Lock()

    def row(self, code: str, fresh_for: float, connection: Callable[[], Any]) -> Any:
        if time.monotonic() - self.read_at > fresh_for:
            with self.lock:
                if time.monotonic() - self.read_at > fresh_for:
                    started = time.monotonic()  # the rows are at least this fresh
                    opened = connection()  # first: it compiles the query for the database, at the first poll
                    code_at = self.query.Row._fields.index("code")
                    # as the driver gives them: only the rows polled are read as SQLAlchemy would (``row_of``)
                    self.rows = {found[code_at]: found for found in self.query.all_raw(opened, {})}
                    self.read_at = started
        found = self.rows.get(code)
        return None if found is None else self.query.row_of(found)


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


def game_asked(text: str) -> int | None:
    """The ``game`` a poll names, read as Flask's ``request.args.get("game", type=int)`` reads it: None for
    anything but a plain number (a "²" is a digit to Python, and 5,000 digits are more than ``int`` takes)."""
    try:
        return int(text) if text.isascii() and text.isdigit() else None
    except ValueError:
        return None


def holds_table(session: dict[str, Any], table_id: int, night_id: int) -> bool:
    """``access.holds_table_id`` for a session read here."""
    return table_id in session.get("tables", []) or night_id in session.get("director_of", [])


def init_app(app: Flask, headers: Iterable[tuple[str, str]]) -> None:
    app.wsgi_app = QuickPulse(app, app.wsgi_app, headers)  # type: ignore[method-assign]
