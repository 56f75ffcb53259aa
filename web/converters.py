"""The app's URL converters: nothing a database cannot hold gets past the routing.

An id past the database's integer (2**31 - 1 on PostgreSQL) made the query fail with a 500, and a NUL
in a code or a slug did the same on PostgreSQL. With these converters such a URL matches no route,
so it is a plain 404 before any view runs. ``as_id`` applies the same bound to an id in a query
parameter or a form field (``request.args.get("edit", type=as_id)`` gives None past it).
"""
from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter, UnicodeConverter

MAX_ID = 2**31 - 1  # PostgreSQL's integer, the smaller of the two databases' (SQLite's is 2**63 - 1)


def as_id(value: Any) -> int:
    """``value`` as a row id (a decimal number from 1 to MAX_ID); ValueError otherwise."""
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > len(str(MAX_ID)):
        raise ValueError(f"not an id: {value!r}")
    number = int(text)
    if not 1 <= number <= MAX_ID:
        raise ValueError(f"not an id: {value!r}")
    return number


class IdConverter(IntegerConverter):
    """``<int:...>``: a whole number that fits the database's integer."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


class TextConverter(UnicodeConverter):
    """``<name>`` (and ``<string:name>``): one path segment without control characters (NUL, ESC...)."""

    def __init__(self, map: Any, minlength: int = 1, maxlength: int | None = None, length: int | None = None) -> None:
        super().__init__(map, minlength, maxlength, length)
        self.regex = self.regex.replace("[^/]", "[^/\\x00-\\x1f\\x7f]")


def register(app: Flask) -> None:
    """Before any blueprint adds its routes (a rule takes its converter when it is added)."""
    app.url_map.converters.update(int=IdConverter, default=TextConverter, string=TextConverter)
