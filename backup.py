"""``flask backup`` and ``flask restore``: a copy of every match, taken while the night goes on, and
putting one back.

SQLite: the online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot page by page
while the workers keep writing; copying the file instead would miss what is still in its write-ahead
log. PostgreSQL: ``pg_dump`` in its custom format, and ``pg_restore --clean`` in one transaction.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.engine import URL

from extensions import db


def register(app: Flask) -> None:
    app.config.setdefault("BACKUP_DIR", os.path.join(app.instance_path, "backups"))
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)


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
    """Replace everything in the database with the backup in PATH. Stop `make serve` first."""
    url = db.engine.url
    check_backup(url, path)
    if not yes:
        click.confirm(f"Replace every match in {url.render_as_string()} with {path}?", abort=True)
    saved = backup(None, prefix="before-restore")  # so that a wrong restore can be undone
    db.session.remove()
    db.engine.dispose()  # none of this process's connections may hold the tables
    if url.get_backend_name() == "sqlite":
        _sqlite_copy(str(path), url.database)
    else:
        _run("pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error",
             "--dbname", _libpq(url), str(path), url=url)
    click.echo(f"Restored {path} (what was there before is in {saved})")


def backup(path: Path | None, prefix: str = "scores") -> Path:
    url = db.engine.url
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise click.ClickException(f"There is no backup for a {backend} database.")
    if path is None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = Path(current_app.config["BACKUP_DIR"]) / f"{prefix}-{stamp}.{'sqlite' if backend == 'sqlite' else 'dump'}"
    if path.exists():
        raise click.ClickException(f"{path} already exists; choose another name.")
    path.parent.mkdir(parents=True, exist_ok=True)
    if backend == "sqlite":
        _sqlite_copy(url.database, str(path))
        with sqlite3.connect(path) as copy:  # one self-contained file, no -wal beside it, to carry away
            copy.execute("PRAGMA journal_mode=DELETE")
        copy.close()
    else:
        _run("pg_dump", "--format=custom", "--no-owner", "--file", str(path), "--dbname", _libpq(url), url=url)
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
