"""Flask extensions, created once and bound to the app in ``create_app``."""
from __future__ import annotations

from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask import request
from flask_wtf.csrf import CSRFError, CSRFProtect
from typing import Any

from sqlalchemy import MetaData, event
from sqlalchemy.orm import DeclarativeBase, Session

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


# The keys of ``read_in_transaction``'s memos, each a dict in ``db.session.info``.
TRANSACTION_MEMOS: set[str] = set()


def read_in_transaction(memo: str) -> dict[Any, Any]:
    """A memo of what this transaction read, by ``memo`` (a name): emptied as soon as the transaction writes
    (a flush) or ends, so it never outlives what it remembers. For a read that a request would otherwise
    send twice (a result asks whether the game is over, then draws the same count for its table's phones)."""
    TRANSACTION_MEMOS.add(memo)
    return db.session.info.setdefault(memo, {})


@event.listens_for(Session, "after_flush")
@event.listens_for(Session, "after_transaction_end")
def _forget_what_was_read(session: Session, *_args: object) -> None:
    for memo in TRANSACTION_MEMOS:
        session.info.pop(memo, None)


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
