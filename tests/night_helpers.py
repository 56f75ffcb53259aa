"""Helpers for the night tests: a director and table phones, each its own test client, posting the forms
the pages post."""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterator

from tests.app_helpers import rule_defaults
from tests.conftest import Client

PIN = "4821"


def night_data(**overrides: Any) -> dict[str, str]:
    data = {"variant": "progressive-euchre", "name": "Thursday night", "day": "2026-11-27", "games": "10",
            "hands_per_game": "8", "movement": "winners", "sit_out_mode": "average", "sit_out_points": "0",
            "bell_minutes": "", "pin": PIN, "pin_again": PIN}
    data.update(rule_defaults(overrides.get("variant", "progressive-euchre")))
    data.pop("rule_hands", None)
    data.update({k: str(v) for k, v in overrides.items()})
    return data


def create_night(director: Client, **overrides: Any) -> str:
    """Set up a night as its director; returns its slug."""
    response = director.post("/nights/new", night_data(**overrides))
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return re.search(r"/nights/([^/]+)/players", response.headers["Location"]).group(1)


def check_in(director: Client, slug: str, names: list[str]) -> None:
    response = director.post(f"/nights/{slug}/players", {"names": "\n".join(names)})
    assert response.status_code == 200, response.get_data(as_text=True)[:3000]


def start(director: Client, slug: str) -> None:
    response = director.post(f"/nights/{slug}/start")
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]


def phone_at(flask_app, address: str) -> Client:
    """A fresh browser on another device: the app tells clients apart by their address."""
    flask_client = flask_app.test_client()
    flask_client.environ_base["REMOTE_ADDR"] = address
    return Client(flask_client)


class Tables:
    """One phone per table: a test client that opened the table's page (which lets it write there)."""

    def __init__(self, flask_app) -> None:
        self.app = flask_app
        self.phones: dict[str, Client] = {}

    def phone(self, code: str) -> Client:
        if code not in self.phones:
            phone = Client(self.app.test_client())
            assert phone.get(f"/t/{code}").status_code == 200
            self.phones[code] = phone
        return self.phones[code]


def phones_at(flask_app, code: str, count: int = 4) -> list[Client]:
    """``count`` phones that opened the table's page from its card (so each may score there)."""
    phones = [Client(flask_app.test_client()) for _ in range(count)]
    for phone in phones:
        assert phone.get(f"/t/{code}").status_code == 200
    return phones


def table_codes(flask_app, slug: str) -> dict[int, str]:
    from extensions import db
    from models import Night

    with flask_app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return {t.number: t.code for t in night.tables}


def send_total(phone: Client, code: str, ns: int, ew: int, pair: str = "NS", cut: str | None = None,
               loners: dict[str, int] | None = None):
    data = {"ns_points": str(ns), "ew_points": str(ew), "pair": pair}
    data.update({f"loners_{seat}": str((loners or {}).get(seat, 0)) for seat in "NESW"})
    if cut:
        data["cut_winner"] = cut
    return phone.post(f"/t/{code}/total", data)


def confirm(phone: Client, code: str, pair: str = "EW"):
    return phone.post(f"/t/{code}/confirm", {"pair": pair})


def count_standings_drawings(monkeypatch) -> list[int]:
    """The ids of the nights whose standings are drawn from now on (one entry per drawing)."""
    from web.nights import screens

    calls: list[int] = []
    real = screens.standings_context

    def counting(night):
        calls.append(night.id)
        return real(night)

    monkeypatch.setattr(screens, "standings_context", counting)
    return calls


@contextmanager
def statements_sent(flask_app) -> Iterator[list[str]]:
    """Every statement sent to the database meanwhile: SQLAlchemy's, and the table polls' own query
    (``quick_pulse.PlainQuery``, which runs on the driver's cursor)."""
    from sqlalchemy import event

    from extensions import db
    from web.nights.quick_pulse import PlainQuery

    sent: list[str] = []

    def count(conn, cursor, statement, *args) -> None:
        sent.append(statement)

    real = PlainQuery.fetch

    def plain(query: PlainQuery, connection, values, take):  # every read: one row or all
        sent.append(query.sql)
        return real(query, connection, values, take)

    with flask_app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    PlainQuery.fetch = plain  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        PlainQuery.fetch = real  # type: ignore[method-assign]
        event.remove(engine, "before_cursor_execute", count)
