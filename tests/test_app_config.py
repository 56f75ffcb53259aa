"""Configuration, the database set-up, the migrations, and the stored hand."""
from __future__ import annotations

import os
import re
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

    from app import MIGRATIONS_DIR
    from extensions import db

    head = ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()
    with app.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": False}), db.metadata)
        assert diff == []
        assert head is not None and conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head


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
        assert 'src="/static/htmx.min.js?v=' in html and 'src="/static/app.js?v=' in html
        # everything offline, no CDN: every address in the markup is the app's own (a match's page
        # spells out its links to share, as text)
        assert not re.search(r'(?:src|href|action)="(?:https?:)?//', html), url


def test_htmx_is_vendored(client):
    response = client.get("/static/htmx.min.js")
    assert response.status_code == 200 and b"htmx" in response.data[:200]


def _key_after_barrier(instance_path: str, barrier, results) -> None:
    barrier.wait()
    results.put(secret_key(instance_path))


def test_workers_starting_together_share_one_secret_key(tmp_path, monkeypatch):
    """gunicorn's workers all build the app at once on a fresh laptop: one key for all of them,
    or a page drawn by one worker would be refused by another (CSRF)."""
    import multiprocessing

    monkeypatch.delenv("SECRET_KEY", raising=False)
    ctx = multiprocessing.get_context("fork")
    for attempt in range(5):
        instance = tmp_path / f"instance-{attempt}"
        instance.mkdir()
        barrier, results = ctx.Barrier(8), ctx.Queue()
        workers = [ctx.Process(target=_key_after_barrier, args=(str(instance), barrier, results)) for _ in range(8)]
        for worker in workers:
            worker.start()
        keys = [results.get(timeout=30) for _ in workers]
        for worker in workers:
            worker.join(timeout=10)
        assert [worker.exitcode for worker in workers] == [0] * 8
        assert len(set(keys)) == 1 and len(keys[0]) == 64, keys
        assert (instance / "secret_key").read_text().strip() == keys[0]
        left = sorted(p.name for p in instance.iterdir())
        assert left == ["secret_key"], left  # no temporary files left
