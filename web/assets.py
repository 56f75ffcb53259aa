"""The app's scripts and stylesheets addressed by what they hold: ``url_for('static', filename='app.js')`` is
``/static/app.js?v=<the first 12 hex digits of the file's SHA-256>``.

A phone keeps these files: its service worker (``static/sw.js``) keeps a copy of each, and a browser without
one kept them for as long as it guessed they were fresh (they carried no ``Cache-Control``). After the laptop
was updated, a phone that came back opened the new page with the old script, once or for hours. Named by
content, a new file is a new address: a page always asks for the script it was drawn for, and a phone may
keep each address for good (``immutable``), since what it names never changes.

A file asked for by its current version is kept for a year; asked for without one, or by a version it no
longer has (a page kept from before the update), it is answered as it is now and checked again next time
(``no-cache``: a 304 while it is unchanged). Icons and the manifest keep their plain addresses: an installed
app's manifest is known by its address.
"""
from __future__ import annotations

import hashlib
import os
import threading

from flask import Flask, Response, request
from werkzeug.security import safe_join

VERSIONED = (".js", ".css")
KEPT_FOR_GOOD = "public, max-age=31536000, immutable"
CHECKED_EACH_TIME = "no-cache"


class Versions:
    """Each static file's version, worked out once per change of the file (by its size and modification time:
    one ``stat`` per address drawn, and the file is read again only when it changed)."""

    def __init__(self) -> None:
        self.known: dict[str, tuple[tuple[int, int], str]] = {}
        self.lock = threading.Lock()

    def of(self, folder: str | None, filename: str) -> str | None:
        """The version of ``filename`` in ``folder``: None for a file that is not versioned or not there."""
        if folder is None or not filename.endswith(VERSIONED):
            return None
        path = safe_join(folder, filename)
        if path is None:
            return None
        try:
            status = os.stat(path)
        except OSError:
            return None
        stamp = (status.st_mtime_ns, status.st_size)
        known = self.known.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            with open(path, "rb") as file:
                version = hashlib.sha256(file.read()).hexdigest()[:12]
        except OSError:
            return None
        with self.lock:
            self.known[path] = (stamp, version)
        return version


versions = Versions()


def init_app(app: Flask) -> None:
    @app.url_defaults
    def add_version(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values and "filename" in values:
            version = versions.of(app.static_folder, values["filename"])
            if version is not None:
                values["v"] = version

    @app.after_request
    def cache_by_version(response: Response) -> Response:
        if request.endpoint != "static" or response.status_code not in (200, 206, 304):  # 206: a byte range
            return response
        filename = (request.view_args or {}).get("filename", "")
        asked = request.args.get("v")
        current = versions.of(app.static_folder, filename)
        response.headers["Cache-Control"] = KEPT_FOR_GOOD if asked and asked == current else CHECKED_EACH_TIME
        return response
