"""A night's numbered tables and their codes (the key a table's phones open it with)."""
from __future__ import annotations

import secrets

from sqlalchemy import select

from extensions import db
from models import Night, NightTable

CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B: easy to read off a card
# 24 letters, 7 of them: 4.6 billion codes, so a guesser held to ``access.CODE_LIMIT`` has no real chance.
CODE_LENGTH = 7


def table_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def ensure_tables(night: Night, count: int) -> None:
    have = {t.number for t in night.tables}
    for number in range(1, count + 1):
        if number not in have:
            code = table_code()
            while db.session.scalar(select(NightTable.id).where(NightTable.code == code)) is not None:
                code = table_code()
            night.tables.append(NightTable(number=number, code=code))
    db.session.flush()
