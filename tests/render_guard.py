"""No SQL while a template renders: views load what they show (issue 16).

``install`` makes every statement sent while a template renders (``render_template``, or a block of one
through ``jinja2_fragments``) raise, and keeps a list of them, so any route test that renders a page
with a lazy load in it fails, even where the view swallows the error. The window is per thread: the
live server renders in its own threads.
"""
from __future__ import annotations

import threading
from typing import Any

from flask import Flask, signals
from sqlalchemy import event
from sqlalchemy.engine import Engine


class SqlWhileRendering(AssertionError):
    """A statement ran while a template was rendering."""


class RenderGuard:
    def __init__(self) -> None:
        self._local = threading.local()
        self.caught: list[str] = []

    def _rendering(self) -> list[str]:
        if not hasattr(self._local, "templates"):
            self._local.templates = []
        return self._local.templates

    def opened(self, _app: Any, template: Any = None, template_name: str | None = None, **_: Any) -> None:
        self._rendering().append(template_name or getattr(template, "name", None) or "?")

    def closed(self, _app: Any, **_: Any) -> None:
        rendering = self._rendering()
        if rendering:
            rendering.pop()

    def reset(self, *_: Any, **__: Any) -> None:
        """A render that raised never closes its window: the request's end does."""
        self._rendering().clear()

    def statement(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        rendering = self._rendering()
        if rendering:
            message = f"SQL while rendering {rendering[-1]}: {' '.join(statement.split())[:200]}"
            self.caught.append(message)
            rendering.clear()  # the render ends here: it will not say so itself
            raise SqlWhileRendering(message)

    def take(self) -> list[str]:
        caught, self.caught = self.caught, []
        return caught


def install(app: Flask, engine: Engine) -> RenderGuard:
    from jinja2_fragments import flask as fragments

    guard = RenderGuard()
    for opening, closing in ((signals.before_render_template, signals.template_rendered),
                             (fragments.before_render_template_block, fragments.template_block_rendered)):
        opening.connect(guard.opened, app, weak=False)
        closing.connect(guard.closed, app, weak=False)
    signals.request_tearing_down.connect(guard.reset, app, weak=False)
    event.listen(engine, "before_cursor_execute", guard.statement)
    return guard
