"""Who may do what in a night: the director (after the PIN) changes the night and has the table codes and
cards; a phone that opened a table's page (its QR code or its code) writes only that table's current game.

Both grants live in the signed session cookie. Wrong PINs and wrong table codes are counted per client in
the database (``throttle``): a stranger's guesses slow the stranger, never the director or the tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from flask import abort, session
from sqlalchemy import bindparam, select
from sqlalchemy.orm import contains_eager, joinedload
from werkzeug.exceptions import TooManyRequests
from werkzeug.security import check_password_hash, generate_password_hash

from extensions import db, read_in_transaction
from models import Match, Night, NightTable, TableGame
from models.night import CODE_MAX
from web.nights import throttle
from services.night.audit import audit

PIN_FAILURES_ALLOWED = 5
PIN_WINDOW = timedelta(minutes=10)
# Codes are mistyped now and then. 10 guesses in 10 minutes, 300 in a 5-hour night, at 4.6 billion codes
# (``services.night.tables.CODE_LENGTH``) with 100 tables to find: about one chance in 150,000 per address guessing.
CODE_LIMIT = throttle.Limit("code", allowed=10, window=timedelta(minutes=10))


def get_night(slug: str) -> Night:
    night = db.session.scalar(select(Night).where(Night.slug == slug))
    if night is None:
        abort(404)
    return night


def is_director(night: Night) -> bool:
    return night.id in session.get("director_of", [])


def grant_director(night: Night) -> None:
    session["director_of"] = sorted(set(session.get("director_of", [])) | {night.id})[-20:]
    session.permanent = True


def require_director(night: Night) -> None:
    if not is_director(night):
        abort(403, description="Only the director can do this. Open the director page and type the PIN.")


def pin_limit(night: Night) -> throttle.Limit:
    return throttle.Limit(f"pin {night.id}", PIN_FAILURES_ALLOWED, PIN_WINDOW)


@dataclass(frozen=True)
class PinCheck:
    """What a PIN attempt came to: ``ok``; or, when not, how many tries are left, or the wait."""

    ok: bool
    left: int = 0
    wait: timedelta | None = None

    def refusal(self) -> tuple[str, int]:
        """A wrong PIN's message for the director, and its status: a wait (429) or the tries left (422)."""
        if self.wait is not None:
            return f"Too many wrong PINs from this phone. Wait {throttle.wait_words(self.wait)} and try again.", 429
        if self.left:
            return (f"That is not the PIN. {self.left} more tr{'y' if self.left == 1 else 'ies'} before a "
                    "10-minute wait."), 422
        return "That is not the PIN. Wait 10 minutes before the next try.", 422


def try_pin(night: Night, pin: str) -> PinCheck:
    """Check a PIN typed on this client. The attempt is counted before the PIN is checked, so a burst of
    guesses at once gets exactly PIN_FAILURES_ALLOWED checked; a right PIN clears this client's count."""
    limit = pin_limit(night)
    taken = throttle.take(limit)
    if taken.wait is not None:
        return PinCheck(ok=False, wait=taken.wait)
    if check_password_hash(night.pin_hash, pin or ""):
        throttle.clear(limit)
        return PinCheck(ok=True)
    return PinCheck(ok=False, left=taken.left)


def set_pin(night: Night, pin: str, actor: str) -> None:
    """A new PIN for the night (``flask nights reset-pin``), in the audit trail; old guesses at the old one
    are forgotten."""
    night.pin_hash = generate_password_hash(pin)  # as ``services.night.setup.create_night`` does
    throttle.clear_everyone(pin_limit(night).scope)
    audit(night, actor, "pin-reset", "A new director PIN was set.")


def safe_next(target: str | None, fallback: str) -> str:
    """``target`` when it is a path on this site, else ``fallback``: a link to the PIN page must not send the
    director elsewhere once the PIN is typed (no scheme, no ``//host``, no backslash or blank that a browser
    would read as one)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target or any(ch.isspace() or not ch.isprintable() for ch in target):
        return fallback
    parts = urlsplit(target)
    return fallback if parts.scheme or parts.netloc else target


# -- tables -----------------------------------------------------------------------------------
class TooManyCodes(TooManyRequests):
    """429: this client typed too many wrong table codes; ``wait`` says for how long to stop."""

    def __init__(self, wait: timedelta) -> None:
        super().__init__(f"Too many wrong table codes from this phone. Wait {throttle.wait_words(wait)} and "
                         "try again, or ask the director.")
        self.wait = wait


def normal_code(typed: str) -> str:
    """A code as typed from a card, forgiven: any case, spaces or dashes."""
    return "".join(ch for ch in typed.upper() if not ch.isspace() and ch != "-")


# Asked by every request of a table's phone, with the table's game now (its match and the match's seats), which
# nearly every such request uses: one statement, not two, built once so that a request does not pay for building
# and keying it (as ``tables.PULSE_ROW``).
TABLE_BY_CODE = (
    select(NightTable, TableGame)
    .join(Night, Night.id == NightTable.night_id)
    .outerjoin(TableGame, (TableGame.night_id == NightTable.night_id) & (TableGame.game == Night.current_game)
               & (TableGame.table == NightTable.number))
    .options(contains_eager(NightTable.night), joinedload(TableGame.match).joinedload(Match.seats))
    .where(NightTable.code == bindparam("code")))
# The same, with the match's hands too: a result sent from the hands has them scored, and on PostgreSQL reading
# them on their own was one more round trip in every sent result, each waiting its turn while results come in.
TABLE_WITH_HANDS_BY_CODE = TABLE_BY_CODE.options(joinedload(TableGame.match).joinedload(Match.hands))
GAMES_READ = "night_table_games_read"  # the table games read with their table, by (table id, game)


def game_read_with(table: NightTable) -> tuple[bool, TableGame | None]:
    """Whether the table's current game was read with the table in this transaction (and nothing written
    since), and that game (None: the table has no game now)."""
    read = read_in_transaction(GAMES_READ)
    key = (table.id, table.night.current_game)
    return key in read, read.get(key)


def find_table(code: str, *, with_hands: bool = False) -> NightTable | None:
    """The table with this code, or None. A phone that holds the table (or the director) asks freely; any
    other client's guess is counted first (``CODE_LIMIT``), right or wrong, so a script cannot tell a right
    code from a wrong one once it is over the limit; a right code gives its attempt back. Raises
    ``TooManyCodes`` over the limit. ``with_hands``: its game's hands are read with it."""
    wanted = normal_code(code)
    # a code is letters and digits (no NUL)
    table = _table_by_code(wanted, with_hands) if 0 < len(wanted) <= CODE_MAX and wanted.isalnum() else None
    if table is not None and (holds_table(table) or is_director(table.night)):
        return table
    taken = throttle.take(CODE_LIMIT)  # committed at once: what was read is expired
    if taken.wait is not None:
        raise TooManyCodes(taken.wait)
    if table is None:
        return None
    throttle.give_back(CODE_LIMIT)
    return _table_by_code(wanted, with_hands)


def _table_by_code(code: str, with_hands: bool = False) -> NightTable | None:
    """The table, its night and its game now (kept for :func:`game_read_with`)."""
    found = db.session.execute(TABLE_WITH_HANDS_BY_CODE if with_hands else TABLE_BY_CODE,
                               {"code": code}).unique().first()
    if found is None:
        return None
    table, game = found
    read_in_transaction(GAMES_READ)[(table.id, table.night.current_game)] = game
    return table


def get_table(code: str, *, with_hands: bool = False) -> NightTable:
    """``find_table``, or 404."""
    table = find_table(code, with_hands=with_hands)
    if table is None:
        abort(404)
    return table


def grant_table(table: NightTable) -> None:
    """This phone now scores at ``table`` (opening a table's page is how a phone joins it)."""
    session["tables"] = sorted(set(session.get("tables", [])) | {table.id})[-8:]
    session.permanent = True


def holds_table(table: NightTable) -> bool:
    return table.id in session.get("tables", [])


def holds_table_id(table_id: int, night_id: int) -> bool:
    """``holds_table`` (or the director's) without loading the table: for the cheap poll."""
    return table_id in session.get("tables", []) or night_id in session.get("director_of", [])
