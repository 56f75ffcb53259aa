"""Guesses at a secret (the table codes, a night's PIN) limited per client, in the database so the limit
holds across every server process.

A guess takes its attempt *before* the secret is checked: one ``INSERT ... ON CONFLICT DO UPDATE ...
RETURNING`` adds it and answers how many this client has made in the window, on SQLite and PostgreSQL
alike. The database counts, not the request, so concurrent guesses cannot all read the same count and
race past the limit: of any number of guesses sent at once, exactly ``allowed`` are checked. A right guess
hands its attempt back (``give_back``) or clears the count (``clear``).
"""
from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from datetime import timedelta

from flask import request
from sqlalchemy import case, delete, literal, or_, update
from sqlalchemy.dialects import postgresql, sqlite

from extensions import db
from models import AccessAttempt
from models.base import UTCDateTime, utcnow

CLIENT_MAX = 64  # AccessAttempt.client


@dataclass(frozen=True)
class Limit:
    """At most ``allowed`` guesses by one client in ``window`` at the secret named ``scope``."""

    scope: str
    allowed: int
    window: timedelta


def client() -> str:
    """Who is guessing: the client's address; an IPv6 client by its /64 (one device can use any address of
    its network). Behind a proxy on this machine (the peer is loopback), or one that FORWARDED_ALLOW_IPS
    names (as gunicorn reads it: the proxy in front of two servers, docs/two-servers.md), the address that
    proxy appended last to X-Forwarded-For: the only entry a client cannot write itself."""
    address = request.remote_addr or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        if forwarded and (ipaddress.ip_address(address).is_loopback or address in _allowed_proxies()):
            address = forwarded.split(",")[-1].strip()
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:CLIENT_MAX] or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _allowed_proxies() -> set[str]:
    """The proxies named in FORWARDED_ALLOW_IPS (gunicorn's setting; its ``*`` is not followed here: a
    client could then write its own address)."""
    return {entry.strip() for entry in os.environ.get("FORWARDED_ALLOW_IPS", "").split(",")} - {"", "*"}


@dataclass(frozen=True)
class Taken:
    """One guess counted: ``wait`` is None when it may be checked (``left`` more after it), else how long
    until the next guess will be."""

    left: int
    wait: timedelta | None


def take(limit: Limit) -> Taken:
    """Count one guess by this client, committed at once so every other process sees it."""
    now = utcnow()
    in_window = AccessAttempt.since > now - limit.window
    insert = (postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite).insert
    statement = (
        insert(AccessAttempt).values(scope=limit.scope, client=client(), attempts=1, since=now)
        .on_conflict_do_update(index_elements=[AccessAttempt.scope, AccessAttempt.client], set_={
            "attempts": case((in_window, AccessAttempt.attempts + 1), else_=1),
            "since": case((in_window, AccessAttempt.since), else_=literal(now, UTCDateTime())),
        })
        .returning(AccessAttempt.attempts, AccessAttempt.since))
    attempts, since = db.session.execute(statement).one()
    db.session.commit()
    if attempts <= limit.allowed:
        return Taken(left=limit.allowed - attempts, wait=None)
    return Taken(left=0, wait=max(since + limit.window - now, timedelta(seconds=1)))


def give_back(limit: Limit) -> None:
    """A right guess does not count against the client."""
    db.session.execute(update(AccessAttempt)
                       .where(AccessAttempt.scope == limit.scope, AccessAttempt.client == client(),
                              AccessAttempt.attempts > 0)
                       .values(attempts=AccessAttempt.attempts - 1))
    db.session.commit()


def clear(limit: Limit) -> None:
    """Forget this client's guesses (and, while at it, every count of this scope whose window is over)."""
    db.session.execute(delete(AccessAttempt).where(
        AccessAttempt.scope == limit.scope,
        or_(AccessAttempt.client == client(), AccessAttempt.since <= utcnow() - limit.window)))
    db.session.commit()


def clear_everyone(scope: str) -> None:
    """Forget every client's guesses at ``scope`` (the secret has changed)."""
    db.session.execute(delete(AccessAttempt).where(AccessAttempt.scope == scope))


def wait_words(wait: timedelta) -> str:
    """"1 minute", "7 minutes": the wait rounded up, so nobody tries again too early."""
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return f"{minutes} minute{'s' if minutes > 1 else ''}"
