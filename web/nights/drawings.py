"""The projector screens' drawings, made once and read by every screen and phone that polls them.

Drawing the standings of 400 players costs about 20 ms of CPU. While results come in they change
several times a second, faster than any one screen polls, so drawing them for each poll (even once
per server process) meant a drawing for nearly every poll, and a slow answer whenever the server was
busy. So the standings are drawn once per change and kept in the database (``NightScreen``), with
the version of the night they show:

- the request that changed them draws them again just after its answer has been sent
  (``Response.call_on_close``, wired in ``screens``), and marks the stored drawing as being redrawn
  while it does; unless another request is drawing them already, which then draws them again if they
  moved on meanwhile (``take_drawing``): one drawing at a time, however fast results come in;
- a poll gets the stored drawing, with its own tag, which a later poll replaces when it is behind. A poll
  that finds it behind with nobody drawing it (for at most :data:`PATIENCE`) and no rest to wait (after a
  failed drawing, a rest, or a change made on another server) draws it after its answer, as a change
  does: no screen waits for a drawing but the first one of a night.

Each process also keeps the last few drawings in memory (:class:`FragmentCache`), and the threads of
one process never draw the same thing twice at once.
"""
from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Callable

from sqlalchemy import case, or_, select, update

from extensions import db
from models import NightScreen
from models.base import utcnow
from web.compression import gzip_bytes
from web.fragment_cache import FragmentCache

# How long polls are given the previous drawing while a newer one is being drawn. A drawing takes
# tens of milliseconds; a drawer that died is given up on after this, and the poll draws instead.
PATIENCE = timedelta(seconds=3)

# A drawing slower than SLOW (the standings of thousands of players: a fifth of a second, more on a busy
# server) rests for REST times its own time before the next: while results come in dozens a second, the
# standings were drawn back to back, taking a core the results needed. Screens show each result within a
# few seconds all the same; a 400-player night (20 ms a drawing) never rests.
SLOW = 0.1
REST = 10
# The last drawing's seconds, by night and screen: this process's own, or read with the stored drawing
# (``NightScreen.draw_seconds``), so a process that has not drawn a screen yet rests it all the same.
costs: dict[tuple[int, str], float] = {}
first_drawn: set[tuple[int, str]] = set()
# When the stored drawing was made, by night and screen, as this process last read or wrote it: while that
# drawing rests, a change need not ask the database for the next (``take_drawing``). It only moves forward.
seen_drawn_at: dict[tuple[int, str], datetime] = {}


def timed(night_id: int, screen: str, draw: Callable[[], str]) -> str:
    """``draw()``, its time remembered for :func:`rest_after` (see :func:`drawn_and_timed`)."""
    return drawn_and_timed(night_id, screen, draw)[0]


def drawn_and_timed(night_id: int, screen: str, draw: Callable[[], str]) -> tuple[str, float | None]:
    """``draw()`` and its seconds, remembered for :func:`rest_after`; None for the first drawing in this
    process, which includes compiling the templates."""
    start = time.perf_counter()
    html = draw()
    key, seconds = (night_id, screen), None
    if key in first_drawn:
        seconds = costs[key] = time.perf_counter() - start
    first_drawn.add(key)
    return html, seconds


def learn_cost(night_id: int, screen: str, seconds: float | None) -> None:
    """Take the stored drawing's time (drawn by this process or another) as this screen's cost here."""
    if seconds is not None:
        costs[(night_id, screen)] = seconds


def rest_after(night_id: int, screen: str) -> timedelta | None:
    """How long after a drawing the next waits, when drawings of this screen are slow."""
    return rest_for(costs.get((night_id, screen), 0.0))


def rest_for(seconds: float) -> timedelta | None:
    """How long after a drawing that took ``seconds`` the next waits: None for a quick one."""
    return timedelta(seconds=seconds * REST) if seconds > SLOW else None


def resting(night_id: int, screen: str, drawn_at: datetime | None) -> bool:
    rest = rest_after(night_id, screen)
    return rest is not None and drawn_at is not None and utcnow() - drawn_at < rest


fragments: FragmentCache[str] = FragmentCache()


class Drawing:
    """A screen's drawing of the night's state at ``version`` (its tag). Its HTML is read only when it is sent:
    a screen that holds it gets a 304, and the standings of a 1,000-table night are 1.4 MB."""

    __slots__ = ("version", "_html", "_read", "_read_gzipped")

    def __init__(self, version: int, html: str | None = None, read: Callable[[], str] | None = None,
                 read_gzipped: Callable[[], bytes | None] | None = None) -> None:
        self.version, self._html, self._read, self._read_gzipped = version, html, read, read_gzipped

    @property
    def html(self) -> str:
        if self._html is None:
            self._html = self._read()  # type: ignore[misc]
        return self._html

    def gzipped(self) -> bytes:
        """The drawing as it was compressed when stored (read from the database: call it once per process and
        version, ``compression.compressed`` keeps it), or compressed now when it was stored before drawings
        were kept compressed."""
        stored = self._read_gzipped() if self._read_gzipped is not None else None
        return stored or gzip_bytes(self.html.encode())


def current(night_id: int, slug: str, screen: str, version: int, draw: Callable[[], str],
            draw_later: Callable[[], None]) -> Drawing:
    """The drawing of ``screen`` for a night now at ``version``: see the module's docstring. A poll that finds
    the stored drawing behind, with nobody drawing it and no rest to wait, calls ``draw_later`` (a drawing
    after its answer) and gets the stored one meanwhile: a poll draws only when nothing is stored yet."""
    html = fragments.get((screen, night_id, slug, version))
    if html is not None:
        return Drawing(version, html, read_gzipped=lambda: stored_gzipped(night_id, screen))
    stored = db.session.execute(  # not the HTML: most polls need only to know which drawing is stored
        select(NightScreen.version, NightScreen.drawing_since, NightScreen.drawn_at, NightScreen.draw_seconds)
        .where(*_row(night_id, screen))).first()
    if stored is not None:
        learn_cost(night_id, screen, stored.draw_seconds)
        saw_drawn_at(night_id, screen, stored.drawn_at)
    if stored is not None and stored.version > 0:  # 0: the empty row a night starts with
        if stored.version < version and not (being_drawn(stored.drawing_since)
                                             or resting(night_id, screen, stored.drawn_at)):
            draw_later()
        return Drawing(stored.version, read=lambda: stored_html(night_id, slug, screen, stored.version),
                       read_gzipped=lambda: stored_gzipped(night_id, screen))
    drawn = fragments.get_or_draw((screen, night_id, slug, version), lambda: timed(night_id, screen, draw))
    gzipped = store(night_id, screen, version, drawn)
    return Drawing(version, drawn, read_gzipped=lambda: gzipped)


def stored_html(night_id: int, slug: str, screen: str, version: int) -> str:
    """The stored drawing seen at ``version``, read once in this process. The stored one may have moved on
    since: then the newer one is sent under the older tag, which the screen's next poll replaces (a tag is
    never newer than what it is sent with)."""
    return fragments.get_or_draw((screen, night_id, slug, version), lambda: db.session.scalar(
        select(NightScreen.html).where(*_row(night_id, screen))))


def stored_gzipped(night_id: int, screen: str) -> bytes | None:
    """The stored drawing, compressed (as :func:`stored_html`, which it matches: both are stored by one
    UPDATE); None for a drawing stored before drawings were kept compressed."""
    return db.session.scalar(select(NightScreen.gzipped).where(*_row(night_id, screen)))


def being_drawn(since: datetime | None) -> bool:
    return since is not None and utcnow() - since < PATIENCE


def mark_drawing(night_id: int, screen: str) -> datetime:
    """Tell the polls a newer drawing is on its way (committed at once, so other processes see it)."""
    started = utcnow()
    db.session.execute(update(NightScreen).where(*_row(night_id, screen)).values(drawing_since=started))
    db.session.commit()
    return started


def saw_drawn_at(night_id: int, screen: str, drawn_at: datetime | None) -> None:
    key = (night_id, screen)
    if drawn_at is not None and (key not in seen_drawn_at or seen_drawn_at[key] < drawn_at):
        seen_drawn_at[key] = drawn_at


def forget() -> None:
    """Forget what this process saw stored: the database was emptied or replaced (a test's clean slate)."""
    seen_drawn_at.clear()


def take_drawing(night_id: int, screen: str) -> datetime | None:
    """Mark the drawing as being redrawn by this request, unless another request is drawing it now (then
    None: that one draws again once it is done, if the state moved on meanwhile), or while slow drawings
    rest (:data:`REST`: the next change or poll draws them). So while results come in faster than the
    standings are drawn (a 1,000-table night: dozens a second), one request at a time draws them, each
    drawing showing every result in so far, instead of one drawing per result."""
    started = utcnow()
    if (night_id, screen) not in costs:  # nothing drawn or read here yet: the stored drawing's time
        learn_cost(night_id, screen, db.session.scalar(select(NightScreen.draw_seconds).where(*_row(night_id, screen))))
    rest = rest_after(night_id, screen)
    if resting(night_id, screen, seen_drawn_at.get((night_id, screen))):
        return None  # a drawing seen stored still rests, so the database would refuse: it is not asked (a write)
    rested = () if rest is None else (or_(NightScreen.drawn_at.is_(None), NightScreen.drawn_at < started - rest),)
    taken = db.session.execute(update(NightScreen).where(
        *_row(night_id, screen),
        or_(NightScreen.drawing_since.is_(None), NightScreen.drawing_since < started - PATIENCE), *rested)
        .values(drawing_since=started))
    db.session.commit()
    return started if taken.rowcount else None


def store(night_id: int, screen: str, version: int, html: str, drawing_started: datetime | None = None) -> bytes:
    """Keep ``html`` as the drawing at ``version``, and compressed as it is sent (with the time this process's
    last drawing took), unless a newer one is stored already; and clear the mark of the drawing begun at
    ``drawing_started`` (not a later one's). The compressed drawing."""
    seconds, drawn_at, gzipped = costs.get((night_id, screen)), utcnow(), gzip_bytes(html.encode())
    stored = db.session.execute(update(NightScreen).where(*_row(night_id, screen), NightScreen.version < version)
                                .values(version=version, html=html, gzipped=gzipped, drawn_at=drawn_at,
                                        **({} if seconds is None else {"draw_seconds": seconds})))
    if drawing_started is not None:
        give_up(night_id, screen, drawing_started)
    db.session.commit()
    if stored.rowcount:
        saw_drawn_at(night_id, screen, drawn_at)
    return gzipped


def give_up(night_id: int, screen: str, drawing_started: datetime) -> None:
    """Clear the mark of the drawing begun at ``drawing_started``, unless a later drawing has marked it."""
    db.session.execute(update(NightScreen).where(*_row(night_id, screen)).values(drawing_since=case(
        (NightScreen.drawing_since <= drawing_started, None), else_=NightScreen.drawing_since)))
    db.session.commit()


def _row(night_id: int, screen: str) -> tuple:
    return NightScreen.night_id == night_id, NightScreen.screen == screen
