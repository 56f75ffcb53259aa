"""Drawings shared by a table's phones across every server process on this machine.

A table's four phones ask for the same drawing within seconds of each change (its status region, and
after the movement its whole page of the new game), and gunicorn gives each request to whichever
process is free, so a drawing kept by one process was made about three times per table. These are kept
as files, named by the state they show (the table, its code and its state tag): never stale, found by
every process, so one drawing per table and state. A second server on another machine keeps its own,
which is just as correct. The files are kept in memory when the machine offers it (Linux's ``/dev/shm``):
a 1,000-table night writes thousands a minute, and making a file on a disk cost more than drawing a region.

What belongs to one phone is drawn as a mark and filled in for each answer (:func:`fill`): the CSRF
token (bound to the phone's session) and the one-time tokens that make a resent form count once.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import os
import re
import secrets
import stat
import tempfile
import threading
import time
from contextlib import contextmanager, suppress
from functools import lru_cache
from typing import Any, Callable, Iterator, NamedTuple

from flask import current_app, g
from flask_wtf.csrf import generate_csrf
from itsdangerous import URLSafeTimedSerializer

KEY = re.compile(r"[A-Za-z0-9._-]{1,200}")
# How long a request waits for a drawing another process is making (one takes a few milliseconds, more on
# a busy server), and after how long a mark is taken for one whose drawer died.
WAIT_FOR_DRAWING = 1.0
STALE_MARK = 5.0
# After how long a job's note (``begin``) is taken for one whose process died: drawing every table of a big
# night ahead takes a few seconds.
STALE_JOB = 15.0


class Marks(NamedTuple):
    """Where a shared drawing holds one phone's CSRF token and its one-time tokens, and a done table's region
    the count of tables done (filled in for each ``tables.COUNT_REFRESH`` period). Derived from the secret
    key: the same in every process and server of the night, and text no player can know, so none can
    type it into a name to have a token filled in there."""

    csrf: str
    token: str
    count: str


@lru_cache(maxsize=4)
def marks(secret_key: str | bytes) -> Marks:
    key = secret_key.encode() if isinstance(secret_key, str) else secret_key
    csrf, token, count = (hmac.new(key, f"shared drawing: {what}".encode(), hashlib.sha256).hexdigest()[:32]
                          for what in ("csrf token", "one-time token", "tables done"))
    return Marks(f"csrf-{csrf}", f"once-{token}", f"count-{count}")


class SharedDrawings:
    """Drawings by key, as files in ``folder`` (written whole, then renamed into place, so a reader never
    sees half of one). Every ``prune_every`` drawings, those written over ``keep`` seconds ago are removed:
    a table's state changes with every hand, so an older drawing is rarely asked for again (and if it is,
    it is drawn again)."""

    def __init__(self, folder: str, keep: float = 120, prune_every: int = 1000) -> None:
        self.folder, self.keep, self.prune_every = folder, keep, prune_every
        self.written = 0
        self.lock = threading.Lock()
        os.makedirs(folder, exist_ok=True)

    def path(self, key: str) -> str:
        if not KEY.fullmatch(key):
            raise ValueError(f"Not a drawing key: {key!r}")
        return os.path.join(self.folder, key + ".html")

    def get(self, key: str) -> str | None:
        try:
            with open(self.path(key), encoding="utf-8") as file:
                return file.read()
        except OSError:
            return None

    def put(self, key: str, html: str) -> None:
        path = self.path(key)
        try:
            fd, temporary = tempfile.mkstemp(dir=self.folder, prefix=".drawing-")
        except OSError:
            return  # a full disk costs a redraw, never an answer
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(html)
            os.replace(temporary, path)
        except OSError:
            with suppress(OSError):
                os.remove(temporary)
            return
        with self.lock:
            self.written += 1
            due = self.written % self.prune_every == 0
        if due:
            self.prune()

    def get_or_draw(self, key: str, draw: Callable[[], str]) -> str:
        """The drawing by ``key``, drawn by this request unless another process is drawing it now: then, for
        up to WAIT_FOR_DRAWING, this one waits for it. (After the movement the four phones of a table that
        were told when their turn comes ask together, and each process drew the same page.)"""
        html = self.get(key)
        if html is not None:
            return html
        mark = self.path(key) + ".drawing"
        mine = self.mark(mark)
        if not mine:
            html = self.wait_for(key, mark)
            if html is not None:
                return html
        try:
            html = draw()
            self.put(key, html)
        finally:
            if mine:
                with suppress(OSError):
                    os.remove(mark)
        return html

    def being_drawn(self, key: str) -> bool:
        """Whether a process is drawing ``key`` now (its fresh mark is there)."""
        return self.fresh(self.path(key) + ".drawing", STALE_MARK)

    def begin(self, job: str) -> None:
        """Note, for every process, that ``job`` (drawings of many keys) is under way, until ``end``."""
        path = self.path(job) + ".job"
        with suppress(OSError):
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
            os.utime(path)  # begun now, if a note of an earlier one was left

    def end(self, job: str) -> None:
        with suppress(OSError):
            os.remove(self.path(job) + ".job")

    def under_way(self, job: str) -> bool:
        """Whether ``job`` was begun less than STALE_JOB ago and has not ended."""
        return self.fresh(self.path(job) + ".job", STALE_JOB)

    @staticmethod
    def fresh(path: str, seconds: float) -> bool:
        try:
            return time.time() - os.stat(path).st_mtime < seconds
        except OSError:
            return False

    def mark(self, mark: str) -> bool:
        """Mark the drawing as under way; False when another process's fresh mark is there already."""
        try:
            os.close(os.open(mark, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            return True
        except FileExistsError:
            with suppress(OSError):
                if time.time() - os.stat(mark).st_mtime > STALE_MARK:  # its drawer died: take it over
                    os.utime(mark)
                    return True
            return False
        except OSError:
            return True  # no mark can be made: draw, as before marks

    def wait_for(self, key: str, mark: str) -> str | None:
        deadline = time.monotonic() + WAIT_FOR_DRAWING
        while time.monotonic() < deadline:
            time.sleep(0.005)
            html = self.get(key)
            if html is not None or not os.path.exists(mark):
                return html  # drawn, or its drawer gave up (None: this one draws)
        return None

    def prune(self) -> None:
        oldest = time.time() - self.keep
        for entry in os.scandir(self.folder):
            with suppress(OSError):
                if entry.stat().st_mtime < oldest:
                    os.remove(entry.path)


def store() -> SharedDrawings:
    """This app's store (``SHARED_DRAWINGS``, by default :func:`default_folder`)."""
    found = current_app.extensions.get("shared_drawings")
    if found is None:
        folder = current_app.config.get("SHARED_DRAWINGS") or default_folder(current_app.instance_path)
        found = current_app.extensions["shared_drawings"] = SharedDrawings(folder)
    return found


# Files here are made in memory. On the test VM making one on its ext4 disk took 0.4-0.8 ms of the kernel's
# time, against 0.02 ms here: each drawn region, page and result answer makes one.
MEMORY = "/dev/shm"


def default_folder(instance_path: str) -> str:
    """A folder in memory for this app's instance (every process and server of it on this machine finds the
    same one), or ``instance/drawings`` when the machine has no memory folder, or when the one named here is
    not this user's alone: a night's names and scores are in the drawings, and a folder another user can
    write to could hand the phones drawings of theirs."""
    if os.path.isdir(MEMORY) and hasattr(os, "getuid"):
        instance = hashlib.sha256(os.path.realpath(instance_path).encode()).hexdigest()[:16]
        folder = os.path.join(MEMORY, f"euchre-drawings-{os.getuid()}-{instance}")
        if private_folder(folder):
            return folder
    return os.path.join(instance_path, "drawings")


def private_folder(folder: str) -> bool:
    """Whether ``folder`` is (or is now made) a real folder of this user's that nobody else may open."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        found = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and not found.st_mode & 0o077


@contextmanager
def marked() -> Iterator[None]:
    """Draw for every phone: the CSRF token and one-time tokens come out as marks (Flask-WTF's
    ``generate_csrf`` returns ``g.csrf_token`` once it is set)."""
    g.csrf_token, g.drawing_shared = marks(current_app.secret_key).csrf, True
    try:
        yield
    finally:
        g.pop("csrf_token", None)
        g.pop("drawing_shared", None)


def one_time_token() -> str:
    """A form's one-time token (a resend with it counts once): a mark while drawing for every phone."""
    return marks(current_app.secret_key).token if g.get("drawing_shared") else secrets.token_urlsafe(16)


def fill(html: str, csrf_token: str, secret_key: str | bytes) -> str:
    """One phone's copy of a shared drawing: its CSRF token, and a fresh one-time token for each form."""
    mark = marks(secret_key)
    html = html.replace(mark.csrf, csrf_token)
    if mark.token in html:
        html = re.sub(mark.token, lambda _: secrets.token_urlsafe(16), html)
    return html


def fill_for_this_phone(html: str) -> str:
    return fill(html, generate_csrf(), current_app.secret_key)


def csrf_token_of(session: dict[str, Any], secret_key: str, time_limit: int | None = 3600) -> str | None:
    """The CSRF token Flask-WTF would put on this session's page (for answers sent before Flask);
    ``time_limit``: the app's ``WTF_CSRF_TIME_LIMIT``."""
    raw = session.get("csrf_token")
    if not raw:
        return None
    return (_signed_once if time_limit is None else _signed)(secret_key, raw)


def _signed(secret_key: str, raw: str) -> str:
    return URLSafeTimedSerializer(secret_key, salt="wtf-csrf-token").dumps(raw)


# Signing a token took a drawn poll's answer a tenth of a millisecond, a few thousand times a second after the
# bell. When tokens never expire by age (the app's ``WTF_CSRF_TIME_LIMIT`` is None), a phone's token signed a
# while ago is as good as a new one: each phone's is signed once per process (one entry a phone).
_signed_once = functools.lru_cache(maxsize=8192)(_signed)

