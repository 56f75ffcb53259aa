"""Pooled database connections (``app.ping_connections_left_idle``): one in constant use is trusted without
a ping (a round trip on every request otherwise), one left idle is asked first, and one the database dropped
is replaced."""
from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text

ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")


def counted_pings(monkeypatch, engine) -> list[object]:
    pings: list[object] = []
    real = engine.dialect.do_ping
    monkeypatch.setattr(engine.dialect, "do_ping", lambda connection: pings.append(connection) or real(connection))
    return pings


def test_a_connection_in_constant_use_is_not_pinged_and_one_left_idle_is(app, clean_db, monkeypatch):
    import app as application
    from extensions import db

    with app.app_context():
        pings = counted_pings(monkeypatch, db.engine)
    phone = app.test_client()
    for _ in range(5):
        assert phone.get("/").status_code == 200
    assert pings == []
    monkeypatch.setattr(application, "PING_AFTER_IDLE", -1.0)  # as if every connection had sat idle
    assert phone.get("/").status_code == 200
    assert len(pings) == 1


@pytest.mark.skipif(not ON_POSTGRESQL, reason="PostgreSQL: a server that drops a connection")
def test_a_connection_the_database_dropped_is_replaced(app, clean_db, monkeypatch):
    import app as application
    from extensions import db

    own = application.create_app({key: app.config[key] for key in (
        "TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "SHARED_DRAWINGS", "PUBLIC_URL")})  # a pool of its own
    administrator = create_engine(app.config["SQLALCHEMY_DATABASE_URI"], isolation_level="AUTOCOMMIT")
    phone = own.test_client()

    def drop_the_pooled_connection() -> None:
        with own.app_context():
            pid = db.session.scalar(text("SELECT pg_backend_pid()"))
            db.session.remove()  # back in the pool
        with administrator.connect() as connection:
            assert connection.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    try:
        assert phone.get("/").status_code == 200
        monkeypatch.setattr(application, "PING_AFTER_IDLE", -1.0)  # left idle: asked first, and replaced unseen
        drop_the_pooled_connection()
        assert phone.get("/").status_code == 200
        monkeypatch.setattr(application, "PING_AFTER_IDLE", 3600.0)  # in constant use: the request finds it
        drop_the_pooled_connection()
        refused = phone.get("/")
        assert refused.status_code == 503 and "Try again" in refused.get_data(as_text=True)
        assert phone.get("/").status_code == 200  # and the pool starts afresh
    finally:
        with own.app_context():
            db.engine.dispose()
        administrator.dispose()
