"""A database saved by an earlier version keeps every row through every migration since. On SQLite a
migration that alters a table copies it and drops the old one, which with foreign keys enforced would
be refused, or would delete the rows pointing at it (the seats and hands of every match): this test
fails on that, so it uses its own SQLite file, whatever database the rest of the suite runs on."""
from __future__ import annotations

import sqlite3

import pytest


def upgrade_to(path, revision: str) -> None:
    from flask_migrate import upgrade

    from app import create_app

    flask_app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with flask_app.app_context():
        upgrade(revision=revision)
        from extensions import db
        db.engine.dispose()


def counts(path) -> dict[str, int]:
    with sqlite3.connect(path) as db:
        return {table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("player", "match", "match_seat", "hand")}


@pytest.mark.parametrize("start", ["0002", "0004"])
def test_every_migration_keeps_the_matches_seats_and_hands(tmp_path, start):
    path = tmp_path / "old.sqlite"
    upgrade_to(path, start)
    with sqlite3.connect(path) as db:  # a match with its seats and hands, as that version stored them
        group = None
        if start >= "0003":
            db.execute("INSERT INTO play_group (name, code, created_at) VALUES ('Thursday', 'ABCDEABCDEABCDEABCDE', "
                       "datetime('now'))")
            group = 1
        for name in ("Ann", "Bob", "Cy", "Di"):
            if group:
                db.execute("INSERT INTO player (name, group_id, created_at) VALUES (?, 1, datetime('now'))", (name,))
            else:
                db.execute("INSERT INTO player (name, created_at) VALUES (?, datetime('now'))", (name,))
        db.execute("INSERT INTO match (variant, rules, first_dealer, status, summary, version, created_at, updated_at"
                   + (", group_id" if group else "") + ") VALUES ('euchre', '{}', 0, 'active', '', 1, datetime('now'), "
                   "datetime('now')" + (", 1" if group else "") + ")")
        for seat in range(4):
            db.execute("INSERT INTO match_seat (match_id, seat, player_id) VALUES (1, ?, ?)", (seat, seat + 1))
        for position in range(3):
            db.execute("INSERT INTO hand (match_id, position, token, maker, trump, tricks, partner_none, created_at) "
                       "VALUES (1, ?, ?, 1, 'H', '3', 0, datetime('now'))", (position, f"old-{position}"))
    before = counts(path)
    upgrade_to(path, "head")
    assert counts(path) == before == {"player": 4, "match": 1, "match_seat": 4, "hand": 3}
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        slug, = db.execute("SELECT slug FROM match").fetchone()
        assert len(slug) == 20
