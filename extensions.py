"""Flask extensions, created once and bound to the app in ``create_app``."""
from __future__ import annotations

from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask import request
from flask_wtf.csrf import CSRFError, CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Stable constraint names, so Alembic migrations are the same on SQLite and PostgreSQL.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


def commit_keeping_what_was_read() -> None:
    """Commit, and keep the objects as this transaction read and wrote them, for an answer drawn from them
    at once. For a change whose UPDATE checked a version (a match's, a table game's): no other request
    changed that row meanwhile, so reading it and its relations again, as the commit's usual expiry asks,
    would only repeat what the session holds. (Columns set to an SQL expression are read again on use.)"""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


class CSRF(CSRFProtect):
    """Flask-WTF's CSRF check, refusing a form that has a part without a name (the 400 "reload the
    page") instead of failing on it (a 500): Werkzeug files such a multipart part under the key None,
    and Flask-WTF's search of the form for the token cannot take a key that is not a string."""

    def _get_csrf_token(self):
        if None in request.form or None in request.files:
            raise CSRFError("A part of this form has no name.")
        return super()._get_csrf_token()


csrf = CSRF()
htmx = HTMX()
