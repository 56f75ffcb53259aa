"""A thread of each server process's own that draws the screens a change moved, once the change is answered:
the standings (``screens.redraw_standings``) and the director's dashboard (``director.draw_latest``).

The standings of a 1,000-table night take a fifth of a second to draw, its dashboard a quarter to a third.
Drawn after the answer on the worker's one thread (``Response.call_on_close``), they held every other phone
that worker was serving: while results came in, each drawing left a few dozen polls waiting for it. Drawn
here, they share the interpreter with the worker's requests instead of holding them: a request waits for the
interpreter lock between the drawing's slices of a few milliseconds, not for the whole drawing.

A screen of a night already waiting here is not queued again: its drawing, when it comes, shows every change
made before it (``screens.redraw_standings`` catches up with the changes made while it draws). While the app
is tested the drawing is done in the request, after its answer, as before, so that a test sees it at once.
"""
from __future__ import annotations

import logging
import os
import threading
from collections import deque
from typing import Callable, Hashable

from flask import current_app

log = logging.getLogger(__name__)

IN_BACKGROUND = "DRAW_SCREENS_IN_BACKGROUND"  # the setting: by default, unless the app is being tested


class Drawer:
    """The jobs waiting, and the thread that runs them one at a time (started in each process that needs it)."""

    def __init__(self) -> None:
        self.jobs: deque[tuple[Hashable, Callable[[], None]]] = deque()
        self.waiting: set[Hashable] = set()
        self.unfinished = 0
        self.changed = threading.Condition()
        self.thread: threading.Thread | None = None
        self.pid: int | None = None

    def submit(self, key: Hashable, job: Callable[[], None], *, first: bool = False) -> None:
        """Run ``job`` on the drawing thread, unless a job for ``key`` is waiting there already; ``first``:
        before the jobs waiting (what phones are about to ask for, ahead of a screen's redrawing)."""
        with self.changed:
            if key in self.waiting:
                return
            self.waiting.add(key)
            self.unfinished += 1
            if self.thread is None or self.pid != os.getpid():  # none yet, or the one of the process forked from
                self.thread = threading.Thread(target=self._run, name="screen drawer", daemon=True)
                self.pid = os.getpid()
                self.thread.start()
            (self.jobs.appendleft if first else self.jobs.append)((key, job))
            self.changed.notify_all()

    def _run(self) -> None:
        while True:
            with self.changed:
                self.changed.wait_for(lambda: self.jobs)
                key, job = self.jobs.popleft()
                self.waiting.discard(key)  # a change from now on needs a drawing after this one
            try:
                job()
            except Exception:  # the job logs its own failures; anything else must not end the thread
                log.exception("A screen's drawing failed")
            finally:
                with self.changed:
                    self.unfinished -= 1
                    self.changed.notify_all()

    def wait_until_idle(self, timeout: float) -> bool:
        """Whether every job submitted so far has run, waiting up to ``timeout`` seconds."""
        with self.changed:
            return self.changed.wait_for(lambda: self.unfinished == 0, timeout)


drawer = Drawer()


def after_answer(key: Hashable, job: Callable[[], None], *, first: bool = False) -> Callable[[], None]:
    """What to run once this request is answered (``Response.call_on_close``): ``job`` (the request's own
    context, copied) handed to the drawing thread (``first``: see ``Drawer.submit``), or run there and then
    while the app is tested."""
    if in_background():
        return lambda: drawer.submit(key, job, first=first)
    return job


def in_background() -> bool:
    """Whether this app draws on the drawing thread (else in the request, after its answer)."""
    return current_app.config.get(IN_BACKGROUND, not current_app.testing)
