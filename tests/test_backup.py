"""``flask backup`` and ``flask restore`` on the database under test: SQLite always (its own file),
PostgreSQL too when DATABASE_URL points at it."""
from __future__ import annotations

import os
import sqlite3

import pytest

from tests.app_helpers import add_hand, create_match
from tests.conftest import Client


@pytest.fixture()
def sqlite_app(tmp_path):
    """An app of its own on a SQLite file built by the migrations (whatever DATABASE_URL says)."""
    from flask_migrate import upgrade

    from app import create_app
    from extensions import db

    app = create_app({"TESTING": True, "SECRET_KEY": "backup-tests", "BACKUP_DIR": str(tmp_path / "backups"),
                      "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "live.sqlite")})
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def matches(client: Client) -> list[dict]:
    """Every match in the database, as the documents the app exports."""
    from extensions import db
    from models import Match

    with client.raw.application.app_context():
        slugs = [m.slug for m in db.session.query(Match).order_by(Match.id)]
        db.session.remove()
    return [client.get(f"/matches/{slug}/export.json").get_json() for slug in slugs]


def first_match(client: Client) -> str:
    """The slug of the night's first match."""
    from extensions import db
    from models import Match

    with client.raw.application.app_context():
        slug = db.session.query(Match).order_by(Match.id).first().slug
        db.session.remove()
    return slug


def night(client: Client) -> list[dict]:
    """Two matches with hands, as a night might have."""
    first = create_match(client)
    for maker in (1, 0, 3):
        add_hand(client, first, maker=maker, trump="H", tricks=3)
    second = create_match(client, variant="buck-euchre", names=("Eve", "Flo", "Gus", "Hal"))
    add_hand(client, second, maker=1, trump="S", tricks_0=2, tricks_1=1, tricks_2=1, tricks_3=1)
    return matches(client)


def run(app, *args: str):
    return app.test_cli_runner().invoke(args=list(args))


def test_sqlite_backup_is_online_and_restore_puts_it_back(sqlite_app, tmp_path):
    client = Client(sqlite_app.test_client())
    before = night(client)
    live = tmp_path / "live.sqlite"
    # the hands are still in the write-ahead log: a plain file copy would miss them
    assert os.path.getsize(str(live) + "-wal") > 0
    result = run(sqlite_app, "backup", str(tmp_path / "night.sqlite"))
    assert result.exit_code == 0, result.output
    with sqlite3.connect(tmp_path / "night.sqlite") as copy:
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one file to carry away
        assert copy.execute("SELECT count(*) FROM hand").fetchone()[0] == 4
    copy.close()

    # the night goes on after the backup: a hand, a whole new match
    add_hand(client, create_match(client, names=("W", "X", "Y", "Z")), maker=0, trump="C", tricks=4)
    add_hand(client, first_match(client), maker=2, trump="S", tricks=5)
    assert matches(client) != before

    result = run(sqlite_app, "restore", str(tmp_path / "night.sqlite"), "--yes")
    assert result.exit_code == 0, result.output
    assert matches(client) == before
    # what was there before the restore was saved first
    saved = list((tmp_path / "backups").glob("before-restore-*.sqlite"))
    assert len(saved) == 1
    with sqlite3.connect(saved[0]) as conn:
        assert conn.execute("SELECT count(*) FROM hand").fetchone()[0] == 6
    conn.close()
    # and the restored database takes new hands
    assert add_hand(client, first_match(client), maker=1, trump="D", tricks=3).status_code == 303


def test_sqlite_backup_goes_to_a_timestamped_file(sqlite_app, tmp_path):
    client = Client(sqlite_app.test_client())
    night(client)
    result = run(sqlite_app, "backup")
    assert result.exit_code == 0, result.output
    (made,) = (tmp_path / "backups").glob("scores-*.sqlite")
    assert str(made) in result.output
    assert run(sqlite_app, "backup", str(made)).exit_code != 0  # never overwrites a backup


def test_restore_refuses_what_is_not_a_backup_and_changes_nothing(sqlite_app, tmp_path):
    client = Client(sqlite_app.test_client())
    before = night(client)
    not_json = tmp_path / "notes.txt"
    not_json.write_text("hello")
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    for path in (not_json, other):
        result = run(sqlite_app, "restore", str(path), "--yes")
        assert result.exit_code != 0 and "is not a backup" in result.output
    result = run(sqlite_app, "restore", str(tmp_path / "missing.sqlite"), "--yes")
    assert result.exit_code != 0
    assert matches(client) == before


def test_restore_asks_first(sqlite_app, tmp_path):
    client = Client(sqlite_app.test_client())
    night(client)
    run(sqlite_app, "backup", str(tmp_path / "b.sqlite"))
    add_hand(client, first_match(client), maker=2, trump="S", tricks=5)
    after = matches(client)
    result = sqlite_app.test_cli_runner().invoke(args=["restore", str(tmp_path / "b.sqlite")], input="n\n")
    assert result.exit_code != 0 and "Replace every match" in result.output
    assert matches(client) == after


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="PostgreSQL: only when DATABASE_URL points at it")
def test_postgresql_backup_and_restore(app, client, tmp_path):
    app.config["BACKUP_DIR"] = str(tmp_path / "backups")
    before = night(client)
    result = run(app, "backup", str(tmp_path / "night.dump"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "night.dump").read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format
    add_hand(client, create_match(client, names=("W", "X", "Y", "Z")), maker=0, trump="C", tricks=4)
    assert matches(client) != before
    import psycopg

    from backup import _libpq
    from extensions import db

    with app.app_context():
        url = db.engine.url
    with psycopg.connect(_libpq(url)):  # another client still connected, e.g. a server on another machine
        result = run(app, "restore", str(tmp_path / "night.dump"), "--yes")
        assert result.exit_code != 0 and "1 other connection is open" in result.output
    assert matches(client) != before and not (tmp_path / "backups").exists()
    result = run(app, "restore", str(tmp_path / "night.dump"), "--yes")
    assert result.exit_code == 0, result.output
    assert matches(client) == before
    assert _mode(tmp_path / "night.dump") == 0o600
    assert len(list((tmp_path / "backups").glob("before-restore-*.dump"))) == 1
    assert run(app, "restore", str(tmp_path / "night.dump.missing"), "--yes").exit_code != 0
    (tmp_path / "junk.dump").write_bytes(b"not a dump")
    result = run(app, "restore", str(tmp_path / "junk.dump"), "--yes")
    assert result.exit_code != 0 and "is not a backup" in result.output


# -- a restore under a running server, and who may read the files ------------------------------------
def _hands_in(path) -> int:
    with sqlite3.connect(path) as conn:
        count = conn.execute("SELECT count(*) FROM hand").fetchone()[0]
    conn.close()
    return count


def test_restore_refuses_while_a_server_uses_the_database(sqlite_app, tmp_path):
    """Found by running it: hands acknowledged by the server during a restore were in neither the
    restored database nor the copy kept before it. Now the restore refuses, and changes nothing."""
    from tests.server_helpers import Gunicorn, Phone

    client = Client(sqlite_app.test_client())
    night(client)
    assert run(sqlite_app, "backup", str(tmp_path / "b.sqlite")).exit_code == 0
    live = tmp_path / "live.sqlite"
    server = Gunicorn("sqlite:///" + str(live), tmp_path / "gunicorn.log", workers=1).start()
    try:
        status, _headers, _html = Phone(server.url).get("/")  # the server has answered: it uses the database
        assert status == 200
        result = run(sqlite_app, "restore", str(tmp_path / "b.sqlite"), "--yes")
        assert result.exit_code != 0 and "A server is still using this database" in result.output
        assert "make serve" in result.output  # and says how to take it offline
        assert not list((tmp_path / "backups").glob("before-restore-*")), "nothing was done"
        add_hand(client, first_match(client), maker=2, trump="S", tricks=5)  # the night goes on, nothing lost
        assert _hands_in(live) == 5
    finally:
        server.stop()
    result = run(sqlite_app, "restore", str(tmp_path / "b.sqlite"), "--yes")  # stopped: the restore goes ahead
    assert result.exit_code == 0, result.output
    assert _hands_in(live) == 4
    (saved,) = (tmp_path / "backups").glob("before-restore-*.sqlite")  # the copy it replaced is kept
    assert _hands_in(saved) == 5


def test_a_server_waits_while_a_restore_runs(sqlite_app):
    client = Client(sqlite_app.test_client())
    lock = sqlite_app.extensions["in_use"].take()  # what flask restore holds while it works
    try:
        response = client.get("/")
        assert response.status_code == 503 and "being restored" in response.get_data(as_text=True)
    finally:
        os.close(lock)
    assert client.get("/").status_code == 200


def _mode(path) -> int:
    return os.stat(path).st_mode & 0o777


def test_database_backups_and_secret_key_are_private(sqlite_app, tmp_path):
    """They hold group codes and PIN hashes: mode 0600, readable by their owner only."""
    from app import create_app, secret_key

    client = Client(sqlite_app.test_client())
    night(client)
    live = tmp_path / "live.sqlite"
    assert _mode(live) == 0o600 and _mode(str(live) + "-wal") == 0o600
    assert run(sqlite_app, "backup").exit_code == 0
    assert run(sqlite_app, "backup", str(tmp_path / "b.sqlite")).exit_code == 0
    assert run(sqlite_app, "restore", str(tmp_path / "b.sqlite"), "--yes").exit_code == 0
    made = list((tmp_path / "backups").iterdir()) + [tmp_path / "b.sqlite"]
    assert len(made) == 3 and {_mode(p) for p in made} == {0o600}
    assert _mode(tmp_path / "backups") == 0o700
    assert _mode(live) == 0o600

    keys = tmp_path / "instance"
    keys.mkdir()
    secret_key(str(keys))
    assert _mode(keys / "secret_key") == 0o600

    old = tmp_path / "old.sqlite"  # made before this fix, world-readable: its mode is tightened
    sqlite3.connect(old).close()
    os.chmod(old, 0o644)
    create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(old)})
    assert _mode(old) == 0o600
