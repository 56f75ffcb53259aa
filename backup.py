"""``flask backup`` and ``flask restore``: a copy of every match, taken while the night goes on, and
putting one back.

SQLite: the online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot page by page
while the workers keep writing; copying the file instead would miss what is still in its write-ahead
log. PostgreSQL: ``pg_dump`` in its custom format, and ``pg_restore --clean`` in one transaction.

A restore under a running server lost acknowledged hands (saved after the copy of what was replaced,
then overwritten), so ``flask restore`` refuses while a server uses the database. Every process that
serves the app holds a shared lock on a file beside the database from its first request on (see
``InUse``); the restore takes that lock exclusively, so it sees a server still running, and a server
started during the restore answers 503 until it is done. On PostgreSQL the restore also refuses while
another client is connected. Backups are made mode 0600 (they hold group codes and PIN hashes).
"""
from __future__ import annotations

import fcntl
import os
import re
import shutil
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url

from extensions import db
from web.render import render_page

PRIVATE = 0o600  # the database, its backups and the secret key hold group codes and PIN hashes
RESTORING = "The scoresheet is being restored from a backup. Try again in a minute."
SERVER_RUNNING = ("A server is still using this database, and a restore under it would lose what it saves. "
                  "Stop it first (Ctrl+C in the window running make serve or make run), then run flask restore again.")


class InUse:
    """The lock file that says "a server is using this database": beside a SQLite file, else in
    ``instance/`` under the database's name (two apps sharing a folder, each on a database of its own,
    never hold each other's). A serving process holds it shared (``hold``); ``flask restore`` exclusively."""

    def __init__(self, app: Flask) -> None:
        url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
        if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
            self.path = url.database.removeprefix("file:").split("?")[0] + ".in-use"
        else:
            name = re.sub(r"[^\w.-]", "_", f"{url.host or 'local'}-{url.port or ''}-{url.database or ''}")
            self.path = os.path.join(app.instance_path, f"{name}.in-use")
        self._shared: int | None = None

    def _open(self) -> int:
        return os.open(self.path, os.O_RDWR | os.O_CREAT, PRIVATE)

    def hold(self) -> bool:
        """Hold it shared for as long as this process lives; False while a restore holds it."""
        if self._shared is not None:
            return True
        try:
            fd = self._open()
        except OSError:  # a folder this process cannot write: serve anyway (a restore cannot lock it either)
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._shared = fd
        return True

    def release(self) -> None:
        if self._shared is not None:
            os.close(self._shared)  # closing the file lets the lock go
            self._shared = None

    def take(self) -> int:
        """The lock alone (this process's own share is let go first: it is not a server); the file
        descriptor to close when done. ClickException while a server holds it."""
        self.release()
        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise click.ClickException(SERVER_RUNNING) from None
        return fd


def register(app: Flask) -> None:
    app.config.setdefault("BACKUP_DIR", os.path.join(app.instance_path, "backups"))
    app.extensions["in_use"] = in_use = InUse(app)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)

    @app.before_request
    def hold_the_database():
        if not in_use.hold():
            return render_page("partials/_message.html", 503, {"Retry-After": "30"}, title="Restoring",
                               message=RESTORING, reload=True)
        return None


@click.command("backup")
@click.argument("path", required=False, type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup_command(path: Path | None) -> None:
    """Copy the database to PATH (default: a timestamped file in instance/backups/)."""
    click.echo(f"Backed up to {backup(path)}")


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Do not ask before replacing the database.")
@with_appcontext
def restore_command(path: Path, yes: bool) -> None:
    """Replace everything in the database with the backup in PATH. Refused while a server runs."""
    url = db.engine.url
    check_backup(url, path)
    lock = current_app.extensions["in_use"].take()  # held to the end: a server started meanwhile waits (503)
    try:
        db.session.remove()
        db.engine.dispose()  # none of this process's connections may hold the tables
        if url.get_backend_name() == "postgresql":
            _refuse_other_clients()
        if not yes:
            click.confirm(f"Replace every match in {url.render_as_string()} with {path}?", abort=True)
        saved = backup(None, prefix="before-restore")  # so that a wrong restore can be undone
        db.session.remove()
        db.engine.dispose()
        if url.get_backend_name() == "sqlite":
            _sqlite_copy(str(path), url.database)
        else:
            _run("pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error",
                 "--dbname", _libpq(url), str(path), url=url)
    finally:
        os.close(lock)
    click.echo(f"Restored {path} (what was there before is in {saved})")


def _refuse_other_clients() -> None:
    """PostgreSQL: a server on another machine, or anything else still connected, is refused too."""
    with db.engine.connect() as conn:
        others = conn.scalar(text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"))
    db.engine.dispose()
    if others:
        raise click.ClickException(
            f"{others} other connection{'s are' if others != 1 else ' is'} open to this database. " + SERVER_RUNNING)


def backup(path: Path | None, prefix: str = "scores") -> Path:
    url = db.engine.url
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise click.ClickException(f"There is no backup for a {backend} database.")
    if path is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = Path(current_app.config["BACKUP_DIR"]) / f"{prefix}-{stamp}.{'sqlite' if backend == 'sqlite' else 'dump'}"
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:  # the copy is made into a file only its owner can read (the default would be 0644)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
    except FileExistsError:
        raise click.ClickException(f"{path} already exists; choose another name.") from None
    try:
        if backend == "sqlite":
            _sqlite_copy(url.database, str(path))
            with sqlite3.connect(path) as copy:  # one self-contained file, no -wal beside it, to carry away
                copy.execute("PRAGMA journal_mode=DELETE")
            copy.close()
        else:
            _run("pg_dump", "--format=custom", "--no-owner", "--file", str(path), "--dbname", _libpq(url), url=url)
    except BaseException:
        path.unlink(missing_ok=True)  # no empty or half-made backup left to be mistaken for one
        raise
    return path


def check_backup(url: URL, path: Path) -> None:
    """Refuse anything that is not a backup of this app's database, before touching the live one."""
    if url.get_backend_name() == "sqlite":
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
                ok = conn.execute("PRAGMA quick_check").fetchone()[0] == "ok" and conn.execute(
                    "SELECT count(*) FROM sqlite_master WHERE name IN ('alembic_version', 'match', 'hand')"
                ).fetchone()[0] == 3
            conn.close()
        except sqlite3.DatabaseError:
            ok = False
    else:
        ok = shutil.which("pg_restore") is not None and subprocess.run(
            ["pg_restore", "--list", str(path)], capture_output=True).returncode == 0
    if not ok:
        raise click.ClickException(f"{path} is not a backup of this app's {url.get_backend_name()} database.")


def _sqlite_copy(source: str, target: str) -> None:
    if not os.path.exists(source):
        raise click.ClickException(f"{source} does not exist.")
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def _libpq(url: URL) -> str:
    """The URL as pg_dump reads it: no SQLAlchemy driver, and no password (that goes in PGPASSWORD)."""
    return url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)


def _run(program: str, *args: str, url: URL) -> None:
    if shutil.which(program) is None:
        raise click.ClickException(f"{program} is not installed (it comes with the PostgreSQL client tools).")
    env = dict(os.environ, PGPASSWORD=url.password) if url.password else None
    result = subprocess.run([program, *args], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise click.ClickException(f"{program} failed: {result.stderr.strip()}")
