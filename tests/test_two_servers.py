"""Two app servers on one PostgreSQL database serve one night (docs/two-servers.md): two gunicorns with the
same SECRET_KEY and DATABASE_URL, and every phone's requests alternating between them, as a reverse
proxy spreading requests would send them. Every form is posted to the server that did not draw it, every
poll asks the other server than the last, and the night runs through the bell, the results and the
movement with every hand kept once, CSRF checked on both, and a 304 from either while nothing changed.

PostgreSQL only: two servers on one SQLite file is not a setup we offer (one laptop, one server)."""
from __future__ import annotations

import html
import os
import re
import secrets
import time

import pytest
from sqlalchemy import create_engine, text

from tests.night_helpers import night_data
from tests.server_helpers import Gunicorn, Phone, version_of

pytestmark = pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                reason="two servers share a PostgreSQL database")

PLAYERS = [f"Player {n}" for n in range(1, 9)]  # two tables
HANDS = 3  # per table, before the bell
POLLER = re.compile(r'class="poller"[^>]*?hx-get="([^"]+)"')
MATCH_SLUG = re.compile(r'/matches/([a-z0-9]+)/hands"')


class Proxy:
    """A phone behind a reverse proxy that sends each of its requests to the other server."""

    def __init__(self, servers: list[Gunicorn], first: int = 0) -> None:
        self.servers = servers
        self.turn = first
        self.phone = Phone(servers[0].url)
        self.tag = ""

    def _next(self) -> None:
        self.phone.base = self.servers[self.turn % len(self.servers)].url
        self.turn += 1

    def get(self, path: str, **kwargs):
        self._next()
        return self.phone.get(path, **kwargs)

    def post(self, path: str, data: dict, **kwargs):
        self._next()
        return self.phone.post(path, data, **kwargs)

    def poll(self, path: str):
        """The page's poller: ``seen`` and If-None-Match with the tag this phone holds."""
        self._next()
        status, headers, body = self.phone.request(
            "GET", f"{path}&seen={self.tag}", headers={"If-None-Match": f'"{self.tag}"'} if self.tag else {})
        self.tag = (headers.get("ETag") or '""').strip('"') or self.tag
        return status, headers, body


def changed(phone: Proxy, path: str, showing: str = ""):
    """The phone's polls until one brings a change (that shows ``showing``): within the time a server answers
    polls from the tables' states it read last (``quick_pulse.TableStates``), and only 304s, or those states,
    before it; the bell within its table's moment to hear of it (``tables.BELL_STAGGER``) too."""
    from app import TABLE_STATES_FRESH_FOR
    from web.nights.tables import BELL_STAGGER

    deadline = time.monotonic() + TABLE_STATES_FRESH_FOR + BELL_STAGGER.total_seconds() + 1
    while True:
        status, headers, body = phone.poll(path)
        if (status != 304 and showing in body) or time.monotonic() > deadline:
            return status, headers, body
        time.sleep(0.1)


@pytest.fixture()
def two_servers(request, tmp_path):
    request.getfixturevalue("clean_db")  # the suite's PostgreSQL database, emptied before and after
    from app import database_url

    url = database_url("")
    servers = [Gunicorn(url, tmp_path / f"gunicorn-{n}.log") for n in range(2)]
    assert servers[0].env["SECRET_KEY"] == servers[1].env["SECRET_KEY"]  # what makes a session valid on both
    try:
        for server in servers:
            server.start()
        engine = create_engine(url)
        yield servers, engine
        engine.dispose()
    finally:
        for server in servers:
            server.kill()


def test_a_night_across_two_servers(two_servers):
    from app import TABLE_STATES_FRESH_FOR

    servers, engine = two_servers
    director = Proxy(servers)
    director.get("/nights/new", htmx=False)
    status, headers, _ = director.post("/nights/new", night_data(games=2))
    slug = re.search(r"/nights/([^/]+)/players", headers.get("HX-Redirect", "")).group(1)
    assert director.post(f"/nights/{slug}/players", {"names": "\n".join(PLAYERS)})[0] == 200
    assert director.post(f"/nights/{slug}/start", {})[0] == 200
    with engine.connect() as conn:
        codes = dict(conn.execute(text("SELECT t.number, t.code FROM night_table t JOIN night n ON n.id = t.night_id "
                                       "WHERE n.slug = :s"), {"s": slug}).all())
    assert len(codes) == 2

    phones = {number: [Proxy(servers, first=seat) for seat in range(2)] for number in codes}
    saved: dict[int, list[str]] = {}
    for number, code in codes.items():
        pages = [phone.get(f"/t/{code}") for phone in phones[number]]
        assert all(status == 200 for status, _, _ in pages)
        for phone, (_, _, page) in zip(phones[number], pages):
            phone.poll_path, _, phone.tag = html.unescape(POLLER.search(page).group(1)).partition("&seen=")
            assert phone.poll(phone.poll_path)[0] == 304  # the server that did not draw the page: unchanged
        page, poll = pages[0][2], phones[number][0].poll_path
        match, version = MATCH_SLUG.search(page).group(1), version_of(page)
        saved[number] = []
        for hand in range(HANDS):
            token = secrets.token_urlsafe(12)
            status, _, answer = phones[number][hand % 2].post(
                f"/matches/{match}/hands", {"outcome": "played", "maker": str(hand % 4), "trump": "S",
                                            "tricks": "4", "token": token, "version": version})
            assert status == 200, answer[:500]
            saved[number].append(token)
            version = version_of(answer)
        assert changed(phones[number][1], poll)[0] == 200  # the hands changed the table's region

    refused = Phone(servers[1].url)
    refused.token = ""
    status, _, _ = refused.post(f"/t/{codes[1]}/submit", {"pair": "NS"})
    assert status in (400, 403, 404)  # no CSRF token, no table: nothing written

    assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})[0] == 200
    for number, code in codes.items():
        status, _, region = changed(phones[number][0], phones[number][0].poll_path, showing="The bell has rung")
        assert status == 200 and "The bell has rung" in region
        assert phones[number][0].post(f"/t/{code}/submit", {"pair": "NS"})[0] == 200
        status, headers, _ = phones[number][1].post(f"/t/{code}/confirm", {"pair": "EW"})
        assert status == 200

    seated = time.monotonic()
    deadline = seated + 15  # each table's turn for its next page comes within tables.RELOAD_STAGGER
    for number, code in codes.items():
        for phone in phones[number]:
            while True:
                status, headers, page = phone.poll(phone.poll_path)
                if headers.get("HX-Retarget") == "#table-page":
                    break  # the next game's page, drawn by either server, in the poll's answer
                # a server may answer from the tables' states it read up to TABLE_STATES_FRESH_FOR before
                assert status == 304 or (status == 200 and time.monotonic() - seated < TABLE_STATES_FRESH_FOR + 1)
                assert time.monotonic() < deadline
                time.sleep(0.2)
            assert status == 200 and "pulse?game=2" in page and "Game 2 of" in page

    with engine.connect() as conn:
        for number, tokens in saved.items():
            stored = conn.execute(text(
                "SELECT h.token FROM hand h JOIN table_game tg ON tg.match_id = h.match_id "
                "JOIN night n ON n.id = tg.night_id WHERE n.slug = :s AND tg.game = 1 AND tg.\"table\" = :t "
                "ORDER BY h.position"), {"s": slug, "t": number}).scalars().all()
            assert stored == tokens  # every acknowledged hand kept, once, in order
        results = conn.execute(text("SELECT tg.status FROM table_game tg JOIN night n ON n.id = tg.night_id "
                                    "WHERE n.slug = :s AND tg.game = 1"), {"s": slug}).scalars().all()
        assert results == ["done", "done"]
