"""Configuration, the database set-up, the migrations, and the stored hand."""
from __future__ import annotations

import os
import stat

import pytest
from sqlalchemy import text

from app import database_url, secret_key


def test_secret_key_is_made_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    key = secret_key(str(tmp_path))
    path = tmp_path / "secret_key"
    assert len(key) == 64 and path.read_text().strip() == key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert secret_key(str(tmp_path)) == key
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert secret_key(str(tmp_path)) == "from-the-environment"


def test_database_url(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url(str(tmp_path)) == f"sqlite:///{tmp_path}/scores.sqlite"
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
    assert database_url(str(tmp_path)) == "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/db")
    assert database_url(str(tmp_path)) == "postgresql+psycopg://u@h/db"


def test_sqlite_runs_in_wal_mode_with_foreign_keys(app):
    from extensions import db

    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            assert db.engine.dialect.name == "postgresql"
            return
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_foreign_keys_are_enforced(app, db_session):
    from sqlalchemy.exc import IntegrityError

    from models import Hand

    db_session.add(Hand(match_id=12345, position=1, token="orphan-hand"))
    with pytest.raises(IntegrityError):
        db_session.flush()
    db_session.rollback()


def test_migrations_match_the_models(app):
    """`flask db upgrade` builds exactly the tables the models describe."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from extensions import db

    with app.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": False}), db.metadata)
        assert diff == []
        head = ScriptDirectory.from_config(app.extensions["migrate"].migrate.get_config()).get_current_head()
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head


def test_hand_row_is_the_document_hand(app, db_session):
    from models import Hand, Match

    match = Match(variant="call-ace-euchre", rules={}, first_dealer=0)
    db_session.add(match)
    db_session.flush()
    examples = [
        {"maker": 1, "trump": "H", "partner": None, "tricks": 3},
        {"dealer": 2, "maker": 0, "bid": "little-pepper", "forced": True, "trump": "NT", "alone": True,
         "defender_alone": False, "partner": 3, "sat_out": True, "dropped": [1, 2], "renege": 3, "tricks": [1, 5],
         "upcard": "C", "auction": [[1, 3], [2, "pass"]]},
        {"void": True},
        {},
    ]
    for position, example in enumerate(examples):
        hand = Hand(match_id=match.id, position=position, token=f"token-{position}")
        hand.set_from_dict(example)
        db_session.add(hand)
    db_session.commit()
    db_session.expire_all()
    stored = [h.to_dict() for h in db_session.get(Match, match.id).hands]
    assert stored == examples
    with pytest.raises(ValueError):
        Hand().set_from_dict({"colour": "red"})


def test_security_headers(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_no_inline_scripts_or_styles(client):
    from tests.app_helpers import create_match

    match_id = create_match(client)
    for url in ("/", "/matches/new", "/matches/new?variant=euchre", f"/matches/{match_id}", "/matches/import"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and "style=" not in html and " on" + "click=" not in html
        assert 'src="/static/htmx.min.js"' in html and 'src="/static/app.js"' in html
        assert "http://" not in html and "https://" not in html  # everything offline, no CDN


def test_htmx_is_vendored(client):
    response = client.get("/static/htmx.min.js")
    assert response.status_code == 200 and b"htmx" in response.data[:200]
