"""What each request of a 100-table night costs in process: time and SQL statements, no HTTP, no queue.

Run from the repository root (on demand, not part of ``make test``)::

    .venv/bin/python bench/night_costs.py                  # SQLite (a fresh temp file)
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test_night .venv/bin/python bench/night_costs.py

``bench/load_night.py`` measures latency as phones see it, queueing included; this script says where a
request's own time goes, so a load run's busy moments can be priced. It plays the same night through
the Flask test client (one client per phone, CSRF on, htmx headers as the pages send them): 400
players checked in and seated, two hands a table, the director's dashboard, the bell, each table's result sent and confirmed
while the tables already done poll their status region, the standings drawn, the movement, and every
table's next page brought by its polls. Each kind of request is timed one at a time on an idle machine (median and
max), with the statements it sent. The database is prepared as ``load_night.py`` prepares it (a
PostgreSQL database must be named ``test_*`` or ``bench*``: its tables are dropped).
"""
from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load_night import database_url_for, drop_all_tables, prepare_database  # noqa: E402

VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')
MATCH_SLUG = re.compile(r'/matches/([a-z0-9]+)/hands"')
DONE_POLLERS = 5  # after each confirm, this many tables already done poll their changed status region


class Costs:
    """Each request timed on its own, with the statements it sent."""

    def __init__(self, statements: list[str]) -> None:
        self.statements = statements
        self.rows: dict[str, list[tuple[float, int]]] = defaultdict(list)

    def time(self, kind: str, request: Callable[[], Any], status: int = 200) -> Any:
        self.statements.clear()
        start = time.perf_counter()
        answer = request()
        ms, sent = (time.perf_counter() - start) * 1000, len(self.statements)
        if hasattr(answer, "close"):
            answer.close()  # runs what the server runs once the answer is sent (the standings' redraw)
        if getattr(answer, "status_code", status) != status:
            raise SystemExit(f"{kind}: answered {answer.status_code}, expected {status}")
        self.rows[kind].append((ms, sent))
        return answer

    def report(self) -> None:
        print(f"{'request':34s} {'n':>5s} {'p50 ms':>8s} {'max ms':>8s} {'statements':>11s}")
        for kind, rows in self.rows.items():
            times = [ms for ms, _ in rows]
            print(f"{kind:34s} {len(rows):5d} {statistics.median(times):8.2f} {max(times):8.2f} "
                  f"{statistics.median(n for _, n in rows):11.0f}")


class Phone:
    """A table's phone: its own test client, which opened the table's page (so it may write there)."""

    def __init__(self, client: Any, code: str, page: str) -> None:
        self.client, self.code = client, code
        client.read_token(page)  # the table page's own token: no other request inside the first hand timed
        self.match_slug = MATCH_SLUG.search(page).group(1)
        self.version = int(VERSION.search(page).group(1))
        self.tag = ""

    def poll(self, game: int) -> Any:
        answer = self.client.raw.get(f"/t/{self.code}/pulse?game={game}&seen={self.tag}",
                                     headers={"HX-Request": "true"})
        self.tag = (answer.headers.get("ETag") or '""').strip('"') or self.tag
        return answer

    def save_hand(self, rng_maker: int) -> Any:
        data = {"outcome": "played", "maker": str(rng_maker % 4), "trump": "S", "tricks": "3",
                "token": secrets.token_urlsafe(16), "version": str(self.version)}
        answer = self.client.post(f"/matches/{self.match_slug}/hands", data, htmx=True)
        self.version = int(VERSION.search(answer.get_data(as_text=True)).group(1))
        return answer


def count_drawn_long_ago(tag: str) -> str:
    """A done table's tag whose count of tables done was drawn long ago (see tables.COUNT_REFRESH)."""
    state, _, _drawn = tag.rpartition("-")
    return f"{state}-0" if "-done" in state else tag


def play(app: Any, tables: int, costs: Costs) -> None:
    from extensions import db
    from models import Night
    from tests.conftest import Client
    from tests.night_helpers import check_in, create_night, start, table_codes
    from web import shared_drawings
    from web.nights import drawn_ahead, screens, tables as table_pages
    from web.nights.drawer import drawer

    def drawn_ahead_and_forgotten(game: int, what: str) -> None:
        """Time the drawing thread's drawings of every table (``drawn_ahead``) once they are made, on their own;
        then forget them, so that each table's first poll draws, as when a poll comes before its drawing."""
        drawer.wait_until_idle(120)
        forget(what)
        with app.app_context():
            night_id = db.session.scalar(db.select(Night.id).where(Night.slug == slug))
        costs.time(f"every table's {what} drawn ahead (all {tables} at once)",
                   lambda: drawn_ahead.draw_every_table(app, "http://localhost/", night_id, game, what))
        forget(what)

    def forget(what: str) -> None:
        table_pages.regions.items.clear()
        with app.app_context():
            folder = shared_drawings.store().folder
        for name in os.listdir(folder):
            if name.startswith(f"{what}-"):
                os.remove(os.path.join(folder, name))

    director = Client(app.test_client())
    slug = create_night(director)
    check_in(director, slug, [f"Player {n}" for n in range(4 * tables)])
    costs.time("start game 1 (seat everyone)", lambda: director.post(f"/nights/{slug}/start"), 303)
    phones = []
    for code in table_codes(app, slug).values():
        client = Client(app.test_client())
        page = costs.time("table page (first open)", lambda: client.get(f"/t/{code}"))
        phones.append(Phone(client, code, page.get_data(as_text=True)))
    for n in range(2 * tables):
        costs.time("hand submit", lambda: phones[n % tables].save_hand(n))
    for n in range(5):  # the director's dashboard, drawn again after a hand at one table
        phones[n].save_hand(n)
        costs.time("dashboard poll after a hand (redrawn)", lambda: director.get(f"/nights/{slug}/live", htmx=True))
    for phone in phones:
        costs.time("pulse after a hand (redrawn)", lambda: phone.poll(1))
    for phone in phones:
        costs.time("pulse, unchanged (304)", lambda: phone.poll(1), 304)
    table_pages.BELL_STAGGER = timedelta(0)  # every table hears of the bell at once: each poll timed on its own
    costs.time("bell (director)", lambda: director.post(f"/nights/{slug}/bell", htmx=True))
    drawn_ahead_and_forgotten(1, "region")
    for phone in phones:
        costs.time("pulse after the bell (redrawn)", lambda: phone.poll(1))
    for phone in phones:
        costs.time("result submit", lambda: phone.client.post(f"/t/{phone.code}/submit",
                                                              {"pair": "NS", "cut_winner": "NS"}, htmx=True))
    for done, phone in enumerate(phones[:-1]):
        costs.time("result confirm", lambda: phone.client.post(f"/t/{phone.code}/confirm", {"pair": "EW"}, htmx=True))
        for waiting in phones[max(0, done - DONE_POLLERS + 1):done + 1]:
            waiting.tag = count_drawn_long_ago(waiting.tag)  # so its count is brought up to date
            costs.time("pulse of a done table (its count brought up to date)", lambda: waiting.poll(1))
    with app.test_request_context():
        night = db.session.scalar(db.select(Night).where(Night.slug == slug))
        for _ in range(10):
            costs.time(f"standings drawing ({4 * tables} players)", lambda: screens.draw_standings(night))
    costs.time("standings poll (stored drawing)", lambda: director.get(f"/nights/{slug}/standings", htmx=True))
    last = phones[-1]
    costs.time("last confirm + movement (game 2)",
               lambda: last.client.post(f"/t/{last.code}/confirm", {"pair": "EW"}, htmx=True))
    drawn_ahead_and_forgotten(2, "page")
    table_pages.RELOAD_STAGGER = timedelta(0)  # every table's turn at once: each poll is timed on its own
    for phone in phones:
        costs.time("next game's page, drawn (a table's first poll)", lambda: phone.poll(1))
    for phone in phones:  # the table's other phones: the same poll, the page already drawn
        costs.time("next game's page, shared (the others' polls)", lambda: phone.poll(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of 4 (players = 4 x tables)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="night-costs-") as tmp:
        url, description = prepare_database(Path(tmp))
        from sqlalchemy import event

        from app import create_app
        from extensions import db

        from web.shared_drawings import MEMORY

        # in memory, as the server keeps them (``shared_drawings.default_folder``): on disk each costs more
        drawings = tempfile.mkdtemp(prefix="night-costs-", dir=MEMORY if os.path.isdir(MEMORY) else tmp)
        # each poll reads its table's state (on PostgreSQL the server answers an unchanged poll from the states
        # of every table read up to half a second before: a poll timed just after a change would get a 304)
        app = create_app({"SQLALCHEMY_DATABASE_URI": database_url_for(url), "SECRET_KEY": "bench",
                          "SHARED_DRAWINGS": drawings, "TABLE_STATES_FRESH_FOR": 0})
        statements: list[str] = []
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", lambda *call: statements.append(call[2]))
        costs = Costs(statements)
        play(app, args.tables, costs)
        print(f"{args.tables} tables, {description}; each request on its own, in process (no HTTP, no queue)\n")
        costs.report()
        with app.app_context():
            db.engine.dispose()
        if os.environ.get("DATABASE_URL"):
            drop_all_tables(url)
        shutil.rmtree(drawings, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
