"""gzip for every text answer, pages, fragments and static files alike, when the phone accepts it.

The page-weight budget (the first load of a match page at most 60 KB over the wire, htmx included,
and each fragment at most 8 KB) needs it: htmx alone is 52 KB, and the scoresheet fragment of a
long match is over 40 KB before compression. Flask-Compress was the obvious library, but it leaves
every answer outside 2xx alone, and the 409 and 422 fragments here redraw the scoresheet too.

The session cookie is SameSite=Lax, so the CSRF token inside compressed pages is no use to a
cross-site page even if it were guessed from response sizes (BREACH).
"""
from __future__ import annotations

import gzip
from typing import Hashable

from flask import Flask, Response, request

from web.fragment_cache import FragmentCache

TEXT_TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/javascript", "application/json"})
MIN_SIZE = 512  # below this the gzip header and the work cost more than they save
LEVEL = 6


# The last few compressed answers that are the same for every phone asking, by what they show: the
# standings of a 1,000-table night are 1.4 MB of HTML (15 KB compressed), and each screen's poll spent
# 10 ms compressing what the poll before it had compressed already.
compressed: FragmentCache[bytes] = FragmentCache(size=16)


def same_for_everyone(response: Response, key: Hashable) -> Response:
    """Mark ``response`` as the answer to anyone who asks for ``key`` (a screen and the state it shows, and
    nothing of the session: no CSRF token in it), so its compressed form is made once per process."""
    response.same_for_everyone = key  # type: ignore[attr-defined]
    return response


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=LEVEL, mtime=0)


def gzipped(response: Response, data: bytes) -> bytes:
    key = getattr(response, "same_for_everyone", None)
    if key is None:
        return gzip_bytes(data)
    return compressed.get_or_draw(key, lambda: gzip_bytes(data))


def accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0 and request.method != "HEAD"


def send_compressed(response: Response, data: bytes) -> Response:
    """``response`` with ``data`` as its body: its own body compressed beforehand (``gzip_bytes``), for a phone
    that ``accepts_gzip``."""
    response.set_data(data)
    response.headers["Content-Encoding"] = "gzip"
    return _marked_compressed(response)


def compress(response: Response) -> Response:
    if response.mimetype not in TEXT_TYPES:
        return response
    response.vary.add("Accept-Encoding")  # caches must keep the two forms apart
    if (not accepts_gzip() or response.status_code < 200 or response.status_code in (204, 206, 304)
            or "Content-Encoding" in response.headers
            or (response.content_length is not None and response.content_length < MIN_SIZE)):
        return response
    response.direct_passthrough = False  # a static file: read it, to compress it
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzipped(response, data))
    response.headers["Content-Encoding"] = "gzip"
    return _marked_compressed(response)


def _marked_compressed(response: Response) -> Response:
    response.vary.add("Accept-Encoding")  # caches must keep the two forms apart
    response.headers.pop("Accept-Ranges", None)  # byte ranges of the gzip stream are not offered
    etag, weak = response.get_etag()
    if etag and not weak:
        # The same content in another coding: a weak validator (RFC 9110 8.8.1), which If-None-Match
        # compares weakly, so a phone revalidating htmx.min.js gets a 304 without it being compressed.
        response.set_etag(etag, weak=True)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
