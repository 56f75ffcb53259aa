"""SQLite's writers take turns on a lock file (sqlite_writers): a write waits for the writer before it without
SQLite's busy handler, and the turn ends with the transaction, however it ends."""
from __future__ import annotations

import fcntl
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import sqlite_writers
from app import create_app, writers_take_turns
from extensions import db
from sqlite_writers import TakingTurnsConnection, turns_file


def connect(path: Path, **kwargs) -> TakingTurnsConnection:
    conn = sqlite3.connect(path, factory=TakingTurnsConnection, check_same_thread=False, **kwargs)
    conn.execute("PRAGMA journal_mode=WAL")
    return conn


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "scores.sqlite"
    with connect(path) as conn:
        conn.execute("CREATE TABLE hand (id INTEGER PRIMARY KEY, points INTEGER)")
    return path


def turn_is_free(path: Path) -> bool:
    """Whether another connection could take the turn now."""
    fd = os.open(turns_file(str(path)), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


@pytest.mark.parametrize("end", ["commit", "rollback", "close"])
def test_a_write_holds_the_turn_until_its_transaction_ends(database: Path, end: str) -> None:
    conn = connect(database)
    conn.execute("SELECT count(*) FROM hand").fetchone()
    assert turn_is_free(database)  # a read never waits, nor makes anyone wait
    conn.execute("INSERT INTO hand (points) VALUES (2)")
    conn.execute("UPDATE hand SET points = 4")
    assert not turn_is_free(database)
    getattr(conn, end)()
    assert turn_is_free(database)
    conn.close()


def test_a_write_in_autocommit_ends_its_turn_at_once(database: Path) -> None:
    conn = connect(database, isolation_level=None)
    conn.execute("INSERT INTO hand (points) VALUES (1)")
    assert turn_is_free(database)
    conn.close()


def test_a_write_waits_for_the_writer_before_it_without_sqlites_busy_handler(database: Path) -> None:
    first, second = connect(database), connect(database)
    second.execute("PRAGMA busy_timeout=0")  # SQLite's own wait off: without turns this write fails at once
    first.execute("INSERT INTO hand (points) VALUES (1)")
    outcome: list[object] = []
    started = threading.Event()

    def write() -> None:
        started.set()
        try:
            second.execute("INSERT INTO hand (points) VALUES (2)")
            second.commit()
            outcome.append("saved")
        except sqlite3.OperationalError as error:
            outcome.append(error)

    writer = threading.Thread(target=write)
    writer.start()
    started.wait()
    writer.join(0.2)
    assert writer.is_alive() and outcome == []  # waiting its turn
    first.commit()
    writer.join(5)
    assert outcome == ["saved"]
    assert [row[0] for row in first.execute("SELECT points FROM hand ORDER BY id")] == [1, 2]
    first.close()
    second.close()


def test_a_turn_held_too_long_is_given_up_and_sqlite_decides(database: Path, monkeypatch) -> None:
    monkeypatch.setattr(sqlite_writers, "GIVE_UP_AFTER", 0.05)
    stray = os.open(turns_file(str(database)), os.O_RDWR | os.O_CREAT)
    fcntl.flock(stray, fcntl.LOCK_EX)  # held, but nobody is writing
    try:
        conn = connect(database)
        conn.execute("INSERT INTO hand (points) VALUES (3)")
        conn.commit()
        assert conn.execute("SELECT count(*) FROM hand").fetchone()[0] == 1
        conn.close()
    finally:
        os.close(stray)


def test_a_writer_killed_in_its_turn_leaves_the_database_to_the_next(database: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys, time\n"
        "from sqlite_writers import TakingTurnsConnection\n"
        f"conn = sqlite3.connect({str(database)!r}, factory=TakingTurnsConnection)\n"
        "conn.execute('INSERT INTO hand (points) VALUES (9)')\n"
        "print('writing', flush=True)\n"
        "time.sleep(60)\n")], stdout=subprocess.PIPE, text=True, cwd=Path(sqlite_writers.__file__).parent)
    try:
        assert holder.stdout.readline().strip() == "writing"
        assert not turn_is_free(database)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    conn = connect(database)
    conn.execute("INSERT INTO hand (points) VALUES (1)")
    conn.commit()
    assert [row[0] for row in conn.execute("SELECT points FROM hand")] == [1]  # the killed one's write is gone
    conn.close()


def test_an_in_memory_database_has_no_turns() -> None:
    conn = sqlite3.connect(":memory:", factory=TakingTurnsConnection)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.commit()
    assert conn.turns_path is None and not conn.has_turn
    conn.close()


def test_the_apps_sqlite_connections_take_turns(tmp_path: Path) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'app.sqlite'}", "SECRET_KEY": "t"})
    with app.app_context():
        raw = db.engine.raw_connection()
        try:
            assert isinstance(raw.driver_connection, TakingTurnsConnection)
        finally:
            raw.close()
        db.engine.dispose()


def test_a_database_server_is_left_as_it_is() -> None:
    options = {"pool_size": 3}
    assert writers_take_turns("postgresql+psycopg://postgres@127.0.0.1/test", options) is options
    assert writers_take_turns("sqlite:///x.sqlite", {"connect_args": {"timeout": 1}})["connect_args"] == {
        "factory": TakingTurnsConnection, "timeout": 1}


def test_the_writers_bench_runs(capsys) -> None:
    """``bench/sqlite_writers_bench.py`` (run on demand) still runs: a second of it, both ways."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import sqlite_writers_bench

    assert sqlite_writers_bench.main(["--writers", "2", "--rate", "40", "--busy-loops", "0", "--seconds", "0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("taking turns (the app)") for line in lines)
    assert any(line.startswith("SQLite's busy handler") for line in lines)
