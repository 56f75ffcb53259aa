"""SQLite's writers take turns on a lock file, and find the database free a fraction of a millisecond after it is.

SQLite lets one connection write at a time. One that finds another writing waits in SQLite's busy handler,
which sleeps 1, 2, 5, 10, 15, 20, 25, ... milliseconds between its tries, whenever the writer ends. While a
1,000-table night's results came in (a hundred writes a second from five server processes), the first write of
half the results waited over 2 ms, about 10 ms at the median of those and up to 645 ms, for a lock each writer
held a millisecond or two, and the worker waiting answered nobody else meanwhile (docs/performance.md).

So each connection first takes an exclusive ``flock`` on a file beside the database (``<database>-writers``)
before the first write of a transaction, trying again every :data:`FIRST_TRY_AFTER` to :data:`TRY_AT_LEAST_EVERY`,
and lets it go when the transaction ends (commit, rollback or close). SQLite's own lock still decides: a writer
that does not take turns here (the ``flask`` commands, a backup, another program) is waited for by SQLite as
before, and one that has not had its turn after :data:`GIVE_UP_AFTER` goes on to SQLite's own wait. The kernel
lets a lock go when its process dies, so a killed worker never leaves the others waiting.
"""
from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from typing import Any

from backup import PRIVATE  # the lock file is kept as private as the database beside it

FIRST_TRY_AFTER = 0.0001    # seconds: most writes end within a millisecond or two
TRY_AT_LEAST_EVERY = 0.001  # seconds: the longest sleep between tries
GIVE_UP_AFTER = 5.0         # seconds, as the busy_timeout the app sets: then SQLite's own wait decides

# The statements with which Python's sqlite3 module begins a transaction (its default, "legacy" handling), and
# so the first that may wait for SQLite's lock; a read never does (write-ahead log).
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def turns_file(database: str) -> str | None:
    """The lock file of a database file; None for an in-memory database or an SQLite URI."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return f"{database}-writers"


def is_write(statement: str) -> bool:
    return statement.lstrip()[:7].upper().startswith(WRITES)


class TakingTurnsConnection(sqlite3.Connection):
    """An SQLite connection whose transactions that write take their turn first (see the module's docstring).
    Pass it as ``factory`` to ``sqlite3.connect``."""

    def __init__(self, database: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(database, *args, **kwargs)
        self.turns_path = turns_file(os.fsdecode(database))
        self.turns_fd: int | None = None
        self.has_turn = False

    def cursor(self, factory: Any = None) -> sqlite3.Cursor:
        return super().cursor(factory or TakingTurnsCursor)

    # the shortcuts make their cursor in C, not with ``cursor()``
    def execute(self, statement: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self.cursor().execute(statement, parameters)

    def executemany(self, statement: str, rows: Any, /) -> sqlite3.Cursor:
        return self.cursor().executemany(statement, rows)

    def take_turn(self) -> None:
        """Wait until no other connection taking turns writes (up to GIVE_UP_AFTER)."""
        if self.has_turn or self.turns_path is None:
            return
        if self.turns_fd is None:
            try:
                self.turns_fd = os.open(self.turns_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, PRIVATE)
            except OSError:  # a read-only folder: SQLite's own wait only
                self.turns_path = None
                return
        give_up_at, sleep = time.monotonic() + GIVE_UP_AFTER, FIRST_TRY_AFTER
        while True:
            try:
                fcntl.flock(self.turns_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= give_up_at:
                    return
                time.sleep(sleep)
                sleep = min(sleep * 2, TRY_AT_LEAST_EVERY)
                continue
            except OSError:  # a file system without locks: SQLite's own wait only
                self.turns_path = None
                return
            self.has_turn = True
            return

    def end_turn(self) -> None:
        if self.has_turn:
            self.has_turn = False
            fcntl.flock(self.turns_fd, fcntl.LOCK_UN)

    def end_turn_unless_writing(self) -> None:
        """After a statement, a commit or a rollback: the turn ends with the transaction (a write outside one,
        in autocommit, is over already)."""
        if not self.has_turn:
            return
        try:
            writing = self.in_transaction
        except sqlite3.ProgrammingError:  # closed
            writing = False
        if not writing:
            self.end_turn()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self.end_turn_unless_writing()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self.end_turn_unless_writing()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.end_turn()
            if self.turns_fd is not None:
                os.close(self.turns_fd)
                self.turns_fd = None


class TakingTurnsCursor(sqlite3.Cursor):
    """A cursor whose first write of a transaction waits for its connection's turn."""

    connection: TakingTurnsConnection

    def execute(self, statement: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self._in_turn(statement, lambda: super(TakingTurnsCursor, self).execute(statement, parameters))

    def executemany(self, statement: str, rows: Any, /) -> sqlite3.Cursor:
        return self._in_turn(statement, lambda: super(TakingTurnsCursor, self).executemany(statement, rows))

    def _in_turn(self, statement: str, run: Any) -> sqlite3.Cursor:
        connection = self.connection
        if not connection.has_turn and is_write(statement):
            connection.take_turn()
        try:
            return run()
        finally:
            connection.end_turn_unless_writing()
