"""Load benchmark: a progressive night of 100 tables x 4 phones against the real server (gunicorn).

Run from the repository root (on demand, not part of ``make test``)::

    .venv/bin/python bench/load_night.py                       # SQLite (a fresh temp file)
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test_night .venv/bin/python bench/load_night.py
    .venv/bin/python bench/load_night.py --smoke               # a 1-minute run that checks the machinery
    .venv/bin/python bench/load_night.py --url http://127.0.0.1:5000   # a server already running
    .venv/bin/python bench/load_night.py --cores 1 --busy-loops 1      # a smaller, busier machine: headroom

It starts gunicorn itself, as ``make serve`` does (``gunicorn -c gunicorn.conf.py``, bound to 127.0.0.1 on a
free port), on a database migrated with ``flask db upgrade``: a temp SQLite file, or the PostgreSQL database
of DATABASE_URL, whose tables it drops and rebuilds (only a database named ``test_*`` or ``bench*``).

The night, all over HTTP:

1. setup: the director creates a night, checks 400 players in and starts game 1; each table's 4 phones
   (4 cookie jars) open the table's page, which lets them score there.
2. game 1 (``--duration`` s): every phone polls its table's pulse with the tag it holds (304 while nothing
   changed), as often as its page's poller says (``hx-trigger="every Ns"``, which the app sets by the phase
   of the night: tests/test_poll_intervals.py); every table saves a hand about once a minute (jittered) from
   one of its phones; a projector polls the standings and the director's dashboard polls its live region,
   as their pages say.
3. results: the director rings the bell; within ``--result-spread`` s each table sends its result
   (N-S, from its hands) and the other pair confirms it (E-W); the last confirm seats game 2 (the
   movement). From the bell, ``--standings-viewers`` players also watch the standings on their phones.
   Every phone's pulse then says "reload", and the phone reopens its table's page.
4. game 2 (``--game2-seconds`` s): the same load on the new tables.
5. our maximum: ``--burst-connections`` connections poll pulses back to back (304s) for ``--burst-seconds`` s.
6. the ceiling: a bare Flask hello-world (bench/hello_app.py) under the same gunicorn settings, hit back
   to back by the same client for ``--burst-seconds`` s.

The client is asyncio, the schedule (one coroutine per phone and per table) and the HTTP alike: the phones
share a few keep-alive connections (``--connections``). The saturating runs are threads, each sending back
to back on its own ``http.client`` connection, the same client for our pulses and for the hello-world. The
report says how late the client sent its requests and how much CPU it used, so a busy client shows.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import gzip
import html
import http.client
import itertools
import json
import os
import platform
import random
import re
import runpy
import secrets
import signal
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from html.parser import HTMLParser
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any, Callable, Union

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIRST_POLL_SPREAD = 5.0      # the projector and the dashboard open their page within this many seconds
HAND_SECONDS = 60.0          # a table saves a hand about this often
HAND_JITTER = 0.25           # ... give or take this fraction
IDLE_LIMIT = 2.0             # reopen a connection idle this long: gunicorn closes keep-alive after 5 s
TIMEOUT = 30.0               # gunicorn's own worker timeout
RETRY_SECONDS = 3.0          # a screen whose first answer failed (a timeout under load) opens again after this
PHONES_PER_TABLE = 4
CHECK_IN_BATCH = 400         # players checked in by one post (4,000 at once took over gunicorn's 30 s on a busy machine)
SETUP_CONCURRENCY = 4        # phones opening their table's page at once (players sit down over minutes)
TARGET_P95_MS = 50.0
PIN = "4821"

# The rows of the report, in the night's order.
ENDPOINTS = ["table page", "pulse", "hand submit", "standings", "dashboard", "bell", "result submit",
             "result confirm", "confirm → movement", "table page (reload)"]
TARGETS = ("hand submit", "standings")


# -- HTTP: keep-alive connections ----------------------------------------------------------------------
@dataclass
class Answer:
    status: int                      # 0: no answer (refused, reset, timed out)
    headers: Any                     # http.client's message: .get() and .get_all(), any case
    body: bytes
    ms: float                        # from sending the request to the last byte of the answer
    lag_ms: float                    # how late the client sent it (scheduling and queueing in the client)
    error: str | None = None

    @functools.cached_property
    def text(self) -> str:  # read once: a big night's standings are 1.5 MB unzipped, read for two things
        data = self.body
        if self.headers is not None and self.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return data.decode("utf-8", "replace")

    def header(self, name: str) -> str | None:
        return self.headers.get(name) if self.headers is not None else None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 400


class HttpClient:
    """HTTP/1.1 to one server for the saturating runs: ``connections`` threads, each with one keep-alive
    connection (reopened after ``IDLE_LIMIT`` idle, before the server's keep-alive runs out)."""

    def __init__(self, base_url: str, connections: int) -> None:
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.connections = connections
        self.local = threading.local()

    def _connection(self) -> http.client.HTTPConnection:
        conn = getattr(self.local, "conn", None)
        if conn is not None and time.monotonic() - self.local.used > IDLE_LIMIT:
            conn.close()
            conn = None
        if conn is None:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            self.local.conn = conn
        return conn

    def fetch(self, method: str, path: str, headers: dict[str, str], body: bytes | None = None,
              since: float | None = None) -> Answer:
        """One request, blocking, on this thread's connection. ``since``: when it was due."""
        conn = self._connection()
        start = time.monotonic()
        lag_ms = (start - since) * 1000 if since is not None else 0.0
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
            status, message, error = response.status, response.msg, None
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            self.local.conn = None
            status, message, data, error = 0, None, b"", f"{type(exc).__name__}: {exc}"
        ms = (time.monotonic() - start) * 1000
        self.local.used = time.monotonic()
        return Answer(status, message, data, ms, lag_ms, error)



class Headers:
    """An answer's headers: ``get`` (the first) and ``get_all``, any case, as http.client's message."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = pairs

    def get(self, name: str, default: str | None = None) -> str | None:
        name = name.lower()
        return next((value for key, value in self.pairs if key.lower() == name), default)

    def get_all(self, name: str) -> list[str] | None:
        name = name.lower()
        return [value for key, value in self.pairs if key.lower() == name] or None


class NightClient:
    """The night's phones on up to ``connections`` keep-alive connections, on the event loop itself.

    On the loop, not on threads: dozens of threads handing the interpreter lock and the loop back and
    forth cost the client about as much CPU per request as the server spends answering it, CPU that a
    2-core machine takes from the server; asyncio's streams send the same bytes for a fraction of that.
    A request waits for a free connection (as a browser's does), is sent, and is timed from its first
    byte written to its answer's last byte read. A connection idle for ``IDLE_LIMIT`` is opened again,
    before the server's keep-alive closes it under a request."""

    def __init__(self, base_url: str, connections: int) -> None:
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.connections = connections
        self.free: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []
        self.slots: asyncio.Semaphore | None = None  # made on the loop that uses it

    async def call(self, method: str, path: str, headers: dict[str, str], body: bytes | None = None,
                   due: float | None = None) -> Answer:
        if self.slots is None:
            self.slots = asyncio.Semaphore(self.connections)
        since = due if due is not None else time.monotonic()
        async with self.slots:
            start = time.monotonic()
            lag_ms = (start - since) * 1000
            writer = None
            try:
                async with asyncio.timeout(TIMEOUT):
                    reader, writer = await self._connection()
                    writer.write(self._request(method, path, headers, body))
                    status, answer_headers, data, keep = await self._answer(reader)
            except (OSError, EOFError, ValueError, asyncio.TimeoutError, asyncio.IncompleteReadError) as exc:
                if writer is not None:
                    writer.close()
                return Answer(0, None, b"", (time.monotonic() - start) * 1000, lag_ms, f"{type(exc).__name__}: {exc}")
            ms = (time.monotonic() - start) * 1000
            if keep:
                self.free.append((reader, writer, time.monotonic()))
            else:
                writer.close()
            return Answer(status, answer_headers, data, ms, lag_ms)

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        while self.free:
            reader, writer, used = self.free.pop()
            if time.monotonic() - used <= IDLE_LIMIT and not reader.at_eof():
                return reader, writer
            writer.close()
        return await asyncio.open_connection(self.host, self.port)

    def _request(self, method: str, path: str, headers: dict[str, str], body: bytes | None) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")

    @staticmethod
    async def _answer(reader: asyncio.StreamReader) -> tuple[int, Headers, bytes, bool]:
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        version, status = head[0].split(" ", 2)[:2]
        pairs = [(name.strip(), value.strip()) for name, _, value in (line.partition(":") for line in head[1:] if line)]
        headers = Headers(pairs)
        if headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = bytearray()
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                body += await reader.readexactly(size + 2)
                del body[-2:]
            await reader.readuntil(b"\r\n")  # no trailers
            data = bytes(body)
        elif int(status) in (204, 304) or headers.get("Content-Length") is not None:
            data = await reader.readexactly(int(headers.get("Content-Length") or 0))
        else:  # no length: the answer ends when the server closes the connection
            data = await reader.read()
            return int(status), headers, data, False
        keep = version == "HTTP/1.1" and (headers.get("Connection") or "").lower() != "close"
        return int(status), headers, data, keep

    def close(self) -> None:
        for _, writer, _ in self.free:
            writer.close()
        self.free.clear()


# -- what happened: every request's latency, by endpoint and phase ----------------------------------
@dataclass
class Sample:
    endpoint: str
    phase: str
    status: int
    ms: float
    lag_ms: float
    done_at: float


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil
    return ordered[int(rank) - 1]


def latency_row(samples: list[Sample]) -> dict[str, Any]:
    answered = [s.ms for s in samples if s.status]
    row: dict[str, Any] = {
        "requests": len(samples),
        "ok_2xx": sum(1 for s in samples if 200 <= s.status < 300),
        "not_modified_304": sum(1 for s in samples if s.status == 304),
        "errors": sum(1 for s in samples if not 200 <= s.status < 400),
    }
    for name, q in (("p50_ms", 50), ("p95_ms", 95), ("p99_ms", 99), ("max_ms", 100)):
        row[name] = round(percentile(answered, q), 1) if answered else None
    return row


class Recorder:
    """Every request of the run, tagged with the phase it ended in; plus problems in words."""

    def __init__(self) -> None:
        self.samples: list[Sample] = []
        self.problems: list[str] = []
        self.unexpected: dict[str, int] = {}
        self.phase = "setup"

    def add(self, endpoint: str, answer: Answer) -> None:
        self.samples.append(Sample(endpoint, self.phase, answer.status, answer.ms, answer.lag_ms, time.monotonic()))
        if not answer.ok:
            detail = answer.error or answer.text[:200].replace("\n", " ")
            self.note(f"{endpoint}: {answer.status or 'no answer'} {detail}")

    def fail(self, endpoint: str, message: str) -> None:
        """An answer that was 2xx/3xx but not what a phone needs (counted as an error of that endpoint)."""
        self.unexpected[endpoint] = self.unexpected.get(endpoint, 0) + 1
        self.note(f"{endpoint}: {message}")

    def note(self, message: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(message)

    def rows(self, phases: set[str]) -> dict[str, dict[str, Any]]:
        """Per endpoint (and for polled endpoints, their 200s and their 304s apart)."""
        by_endpoint: dict[str, list[Sample]] = {}
        for s in self.samples:
            if s.phase in phases:
                by_endpoint.setdefault(s.endpoint, []).append(s)
        names = [e for e in ENDPOINTS if e in by_endpoint] + sorted(set(by_endpoint) - set(ENDPOINTS))
        rows: dict[str, dict[str, Any]] = {}
        for name in names:
            samples = by_endpoint[name]
            rows[name] = latency_row(samples)
            rows[name]["errors"] += self.unexpected.get(name, 0)
            redrawn = [s for s in samples if s.status == 200]
            if len(redrawn) < len(samples) and any(s.status == 304 for s in samples):
                rows[f"{name} · 200"] = latency_row(redrawn)
                rows[f"{name} · 304"] = latency_row([s for s in samples if s.status == 304])
        return rows


# -- CPU: the client, the server, and the whole machine ----------------------------------------------
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) of one process, 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def children_of(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    kids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return kids


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of every core since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return (sum(values) - idle) / CLOCK_TICKS, sum(values) / CLOCK_TICKS


@dataclass
class CpuMark:
    at: float
    client: float
    server: float
    busy: float
    total: float


class CpuMeter:
    """CPU used between two marks, by this process (the client), by gunicorn, and by the whole machine
    (the rest: the database, and anything else running)."""

    def __init__(self, server_pids: Callable[[], list[int]]) -> None:
        self.server_pids = server_pids

    def mark(self) -> CpuMark:
        times = os.times()
        busy, total = machine_cpu()
        server = sum(process_cpu(pid) for pid in self.server_pids())
        return CpuMark(time.monotonic(), times.user + times.system, server, busy, total)

    @staticmethod
    def between(start: CpuMark, end: CpuMark) -> dict[str, float]:
        wall = end.at - start.at
        cores = (end.total - start.total) / wall if wall else 1

        def share(seconds: float) -> float:  # as a percentage of one core
            return round(100 * seconds / wall, 1) if wall else 0.0

        client, server, busy = end.client - start.client, end.server - start.server, end.busy - start.busy
        return {"wall_s": round(wall, 1), "cores": round(cores, 1), "client_cpu_pct": share(client),
                "server_cpu_pct": share(server), "machine_busy_pct": share(busy),
                "other_cpu_pct": share(max(0.0, busy - client - server))}


# -- the servers --------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gunicorn_settings() -> dict[str, Any]:
    """gunicorn.conf.py as it reads in this environment (WEB_CONCURRENCY, GUNICORN_THREADS)."""
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    return {k: settings[k] for k in ("workers", "worker_class", "threads", "keepalive", "timeout")}


class Gunicorn:
    """gunicorn with the project's settings, bound to 127.0.0.1 on a free port, in its own process group."""

    def __init__(self, app_module: str | None, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app_module = app_module  # None: the app of gunicorn.conf.py (serve:app)
        self.env = env
        self.log = log
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> "Gunicorn":
        command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "-b", f"127.0.0.1:{self.port}"]
        if self.app_module:
            command.append(self.app_module)  # the command line's app wins over the file's wsgi_app
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"gunicorn exited:\n{self.log.read_text()[-3000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/")
                if conn.getresponse().status == 200:
                    conn.close()
                    self._wait_for_workers()
                    return self
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"gunicorn did not answer within {timeout} s:\n{self.log.read_text()[-3000:]}")

    def _wait_for_workers(self) -> None:
        """Every worker booted (each imports the app), so that the first requests measure the app."""
        expected = gunicorn_settings()["workers"]
        deadline = time.monotonic() + 30
        while len(self.pids()) < expected + 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)

    def pids(self) -> list[int]:
        if self.proc is None or self.proc.poll() is not None:
            return []
        return [self.proc.pid, *children_of(self.proc.pid)]

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


def database_name(url: str) -> str:
    return urllib.parse.urlsplit(url).path.lstrip("/")


def prepare_database(workdir: Path) -> tuple[str, str]:
    """(url, description) of an empty database with the schema of the migrations (``flask db upgrade``)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        url = "sqlite:///" + str(workdir / "night.sqlite")
        description = f"SQLite {sqlite3.sqlite_version} (WAL), a fresh temp file"
    else:
        name = database_name(url)
        if name == "test" or not name.startswith(("test_", "bench")):
            raise SystemExit(f"Refusing to drop the tables of database {name!r}: the benchmark only uses a "
                             "database named test_* or bench* (and never the suite's `test`).")
        description = f"{drop_all_tables(url)}, database {name}"
    env = dict(os.environ, DATABASE_URL=url, SECRET_KEY="bench", FLASK_APP="app")
    subprocess.run([sys.executable, "-m", "flask", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    return url, description


def drop_all_tables(url: str) -> str:
    """Drop the app's tables and alembic's (as tests/conftest.py does); returns the server's version."""
    from sqlalchemy import text

    from app import create_app
    from extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url_for(url), "SECRET_KEY": "bench"})
    with app.app_context():
        db.drop_all()
        with db.engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
            version = conn.execute(text("SHOW server_version")).scalar() if db.engine.name == "postgresql" else ""
        db.engine.dispose()
    return f"PostgreSQL {version}" if version else db.engine.name


def database_url_for(url: str) -> str:
    from app import database_url

    saved = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    try:
        return database_url("")
    finally:
        if saved is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = saved


# -- a phone's browser: its cookies, its CSRF token, htmx's headers ----------------------------------
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
POLLER = re.compile(r'class="poller"[^>]*?hx-get="([^"]+)"')
POLL_TRIGGER = re.compile(r'class="poller"[^>]*?hx-trigger="every ([0-9.]+)(ms|s|m)?"')
POLL_SPREAD = re.compile(r'class="poller"[^>]*? data-poll-spread[ >]')


def poll_spread(page: str) -> bool:
    """Whether the page's poller starts at a random moment within its first interval (app.js), not at the
    end of it: a whole table's page does, so that phones given their next page together do not poll in step."""
    return POLL_SPREAD.search(page) is not None


# A poll before its table's turn to load the next game's page is told when the turn comes (tables.POLL_AFTER).
POLL_AFTER = "X-Poll-After"


def poll_after(answer: Answer) -> float | None:
    """The seconds after which a poller asks once more, besides its timer, as app.js reads ``POLL_AFTER``."""
    try:
        after = float(answer.header(POLL_AFTER) or "")
    except ValueError:
        return None
    return after if 0 <= after <= 60 else None


def poll_interval(page: str) -> float | None:
    """The seconds between two polls of the page's poller, as htmx reads its ``hx-trigger="every ..."``
    (htmx's parseInterval: ``ms``, ``s`` or ``m``; a bare number is milliseconds); None without a poller.
    The phones poll at the interval their page sets, as the app changes it with the phase of the night."""
    found = POLL_TRIGGER.search(page)
    if not found:
        return None
    number, unit = float(found.group(1)), found.group(2) or "ms"
    return number * {"ms": 0.001, "s": 1.0, "m": 60.0}[unit]


# The report's row for a request: a name, or a function of the answer (a confirm that seated the next game).
Endpoint = Union[str, Callable[[Answer], str]]


class Browser:
    made = itertools.count(1)

    def __init__(self, client: NightClient, recorder: Recorder) -> None:
        self.client = client
        self.recorder = recorder
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        number = next(Browser.made)
        # Every phone on the Wi-Fi has its own address, and the app counts code guesses per address: sent from
        # this machine, the bench says which in X-Forwarded-For (believed from loopback, as from a local proxy).
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"

    def request_headers(self, htmx: bool, extra: dict[str, str] | None = None) -> dict[str, str]:
        """What this phone's browser sends: gzip, its cookies, htmx's header, its address, and ``extra``."""
        headers = {"Accept-Encoding": "gzip", "User-Agent": "load-night-bench", "X-Forwarded-For": self.address}
        if htmx:
            headers["HX-Request"] = "true"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        headers.update(extra or {})
        return headers

    def _keep_cookies(self, answer: Answer) -> None:
        for cookie in (answer.headers.get_all("Set-Cookie") or []) if answer.headers is not None else []:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if "max-age=0" in cookie.lower() or not value:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value

    async def get(self, path: str, endpoint: Endpoint, htmx: bool = False, headers: dict[str, str] | None = None,
                  due: float | None = None) -> Answer:
        answer = await self.client.call("GET", path, self.request_headers(htmx, headers), due=due)
        return self._done(endpoint, answer, page=not htmx)

    async def post(self, path: str, data: dict[str, Any], endpoint: Endpoint, due: float | None = None) -> Answer:
        """A form as htmx posts it: urlencoded, with the page's CSRF token in X-CSRFToken."""
        headers = self.request_headers(True, {"X-CSRFToken": self.csrf,
                                       "Content-Type": "application/x-www-form-urlencoded"})
        body = urllib.parse.urlencode(data, doseq=True).encode()
        answer = await self.client.call("POST", path, headers, body, due=due)
        return self._done(endpoint, answer, page=False)

    def _done(self, endpoint: Endpoint, answer: Answer, page: bool) -> Answer:
        self.recorder.add(endpoint if isinstance(endpoint, str) else endpoint(answer), answer)
        if answer.headers is not None:
            self._keep_cookies(answer)
            if page and answer.status == 200:
                found = CSRF.search(answer.text)
                if found:
                    self.csrf = found.group(1)
        return answer


def etag_of(answer: Answer) -> str | None:
    tag = answer.header("ETag")
    return tag.removeprefix("W/").strip('"') if tag else None


class Poller:
    """What a page's poller asks: its URL, the state tag the region was drawn at, and how often it asks
    (``seconds``, from the page; None until a page has said)."""

    def __init__(self, url: str, tag: str, seconds: float | None = None, spread: bool = False) -> None:
        self.url, self.tag, self.seconds = url, tag, seconds
        self.spread = spread  # the region (or page) in place starts its poller at a random moment (poll_spread)
        self.swapped = False  # the last answer replaced the region (and so the poller, and its timer)
        self.answered = True  # the last request had an answer (not an error, not a timeout)
        self.again_at: float | None = None  # one more poll then, besides the timer (POLL_AFTER, as app.js)

    @classmethod
    def from_page(cls, page: str) -> "Poller | None":
        found = POLLER.search(page)
        if not found:
            return None
        url = html.unescape(found.group(1))
        base, _, tag = url.partition("seen=")
        return cls(base.rstrip("?&"), urllib.parse.unquote(tag), poll_interval(page), poll_spread(page))

    def path(self) -> str:
        return f"{self.url}{'&' if '?' in self.url else '?'}seen={urllib.parse.quote(self.tag)}"

    async def ask(self, browser: Browser, endpoint: Endpoint, due: float | None = None) -> Answer:
        headers = {"If-None-Match": f'"{self.tag}"'} if self.tag else {}
        answer = await browser.get(self.path(), endpoint, htmx=True, due=due, headers=headers)
        self.tag = etag_of(answer) or self.tag
        self.answered = answer.ok
        self.swapped = answer.status == 200 and answer.header("HX-Refresh") != "true"
        if self.swapped:
            self.seconds = poll_interval(answer.text) or self.seconds  # the new region's poller
            self.spread = poll_spread(answer.text)
            self.again_at = None  # app.js's timer belonged to the poller replaced
        after = poll_after(answer)
        if after is not None:
            self.again_at = time.monotonic() + after
        return answer


class FormDefaults(HTMLParser):
    """The fields of a page's first form as a browser would post them untouched."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self.select: str | None = None
        self.depth = 0  # 1 inside the first form, 2 once it is closed

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and self.depth == 0:
            self.depth = 1
        if self.depth != 1 or (not a.get("name") and tag != "option"):
            return
        kind = a.get("type", "text")
        if tag == "input" and kind in ("checkbox", "radio"):
            if "checked" in a:
                self.data[a["name"]] = a.get("value") or "on"
        elif tag == "input" and kind not in ("submit", "button"):
            self.data[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select:
            if "selected" in a or self.select not in self.data:
                self.data[self.select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form" and self.depth == 1:
            self.depth = 2


def form_defaults(page: str) -> dict[str, str]:
    parser = FormDefaults()
    parser.feed(page)
    return parser.data


# -- the night --------------------------------------------------------------------------------------
MATCH_SLUG = re.compile(r"/matches/([a-z0-9]+)/hands\"")
VERSION = re.compile(r'name="version" value="(\d+)"')
TABLE_CODES = re.compile(r'id="table-(\d+)".*?<span class="code">([A-Z0-9]+)</span>', re.S)


@dataclass
class Table:
    number: int
    code: str
    phones: list["Phone"] = field(default_factory=list)
    game: int = 0
    match_slug: str = ""
    version: int = 0
    hands: int = 0
    scoring: bool = False          # the hand form is open (the head table's game ends after its hands)
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)  # one write at a time, like one scorer

    def read_page(self, game: int, page: str) -> None:
        """A phone's fresh page of a new game: its match, version and hand form."""
        if game <= self.game:
            return
        match_slug, version = MATCH_SLUG.search(page), VERSION.search(page)
        self.game, self.hands = game, 0
        self.match_slug = match_slug.group(1) if match_slug else ""
        self.version = int(version.group(1)) if version else 0
        self.scoring = bool(match_slug and 'name="token"' in page)


@dataclass
class Phone:
    table: Table
    browser: Browser
    pulse: Poller | None = None
    game: int = 0

    async def open_table(self, endpoint: str) -> bool:
        """GET the table's page (which grants this phone the table): its CSRF token, its poller, its game."""
        answer = await self.browser.get(f"/t/{self.table.code}", endpoint)
        if answer.status != 200:
            return False
        return self.read_page(answer.text, endpoint)

    def read_page(self, page: str, endpoint: str) -> bool:
        """The table's page (or the next game's, brought by a poll): its poller and its game."""
        self.pulse = Poller.from_page(page)
        game = re.search(r"pulse\?game=(\d+)", self.pulse.url if self.pulse else "")
        if not (self.pulse and game and self.browser.csrf):
            self.browser.recorder.fail(endpoint, f"table {self.table.number}: no poller or CSRF token on the page")
            return False
        self.game = int(game.group(1))
        self.table.read_page(self.game, page)
        return True

    async def poll(self, due: float) -> None:
        answer = await self.pulse.ask(self.browser, poll_kind, due)
        if answer.ok and answer.header("HX-Retarget") == NEXT_PAGE:
            self.read_page(answer.text, "table page (reload)")  # htmx puts the next game's page in place
            self.pulse.swapped = True  # a new page: its poller's timer starts now
        elif answer.ok and answer.header("HX-Refresh") == "true":
            await self.open_table("table page (reload)")  # htmx reloads the page
            self.pulse.swapped = True


# After the movement a poll's answer is the next game's table page, which htmx puts in place of the old one.
NEXT_PAGE = "#table-page"


def poll_kind(answer: Answer) -> str:
    return "table page (reload)" if answer.header("HX-Retarget") == NEXT_PAGE else "pulse"


@dataclass
class Night:
    slug: str
    director: Browser
    tables: list[Table]
    movement_seated_at: float | None = None
    bell_at: float | None = None
    last_confirm_sent_at: float | None = None
    every_phone_on_game2_at: float | None = None

    @property
    def phones(self) -> list[Phone]:
        return [p for t in self.tables for p in t.phones]


async def sleep_until(due: float, stop: asyncio.Event) -> bool:
    """Wait until ``due`` (monotonic); False when ``stop`` came first."""
    delay = due - time.monotonic()
    if delay > 0:
        try:
            await asyncio.wait_for(stop.wait(), delay)
        except asyncio.TimeoutError:
            pass
    return not stop.is_set()


async def polling(poller: Callable[[], Poller], stop: asyncio.Event, action: Callable[[float], Any],
                  first: float) -> None:
    """A page's poller, as htmx runs it (``hx-trigger="every Ns"``): the next poll ``seconds`` after this one
    was sent, at the interval of the poller the page holds now; when an answer replaced the region (or the
    page), its new poller's timer starts from then, or, for a page marked to spread, at a random moment
    within its first interval (as app.js starts it); and once more when an answer said when to ask again
    (``Poller.again_at``, as app.js does), the timer running on meanwhile. ``poller``: the poller now (a reload
    brings a new one)."""
    due = first
    while True:
        again = poller().again_at
        extra = again is not None and again < due
        if not await sleep_until(again if extra else due, stop):
            return
        if extra:
            poller().again_at = None
            await action(again)
        else:
            await action(due)
        current = poller()
        if extra and not current.swapped:
            continue  # the timer's next poll stays where it was
        if current.seconds is None and not current.answered:
            due = time.monotonic() + RETRY_SECONDS  # the page did not load (counted as an error): opened again
            continue
        if current.seconds is None:
            raise SystemExit(f"No poll interval on the page of {current.url}: the bench polls as the pages say")
        if current.swapped and current.spread:  # a new page whose poller starts at a random moment (app.js)
            due = time.monotonic() + random.uniform(0, current.seconds)
        elif current.swapped:
            due = time.monotonic() + current.seconds
        else:
            due = max(due + current.seconds, time.monotonic())


async def set_up_night(client: NightClient, recorder: Recorder, players: int) -> Night:
    director = Browser(client, recorder)
    form = await director.get("/nights/new", "setup: new-night page")
    data = form_defaults(form.text)
    data.update({"name": "Load benchmark night", "pin": PIN, "pin_again": PIN})
    created = await director.post("/nights/new", data, "setup: create the night")
    redirect = created.header("HX-Redirect") or ""
    slug = re.search(r"/nights/([^/]+)/players", redirect)
    if not slug:
        raise SystemExit(f"Could not create the night: {created.status} {created.text[:500]}")
    slug = slug.group(1)
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    for first in range(0, players, CHECK_IN_BATCH):  # as the names come in at the desk, a few hundred at once
        checked = await director.post(f"/nights/{slug}/players",
                                      {"names": "\n".join(names[first:first + CHECK_IN_BATCH])}, "setup: check in everyone")
        if checked.status != 200:
            break
    started = await director.post(f"/nights/{slug}/start", {}, "setup: start game 1")
    if not (checked.status == 200 and started.status == 200):
        raise SystemExit(f"Setup failed: check-in {checked.status}, start {started.status} {started.text[:500]}")
    dashboard = await director.get(f"/nights/{slug}", "setup: dashboard page")
    tables = [Table(int(n), code) for n, code in TABLE_CODES.findall(dashboard.text)]
    if len(tables) != players // 4:
        raise SystemExit(f"Expected {players // 4} tables on the dashboard, found {len(tables)}")
    night = Night(slug, director, tables)
    for table in tables:
        table.phones = [Phone(table, Browser(client, recorder)) for _ in range(PHONES_PER_TABLE)]
    arriving = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def arrive(phone: Phone) -> bool:
        async with arriving:
            return await phone.open_table("table page")

    opened = await asyncio.gather(*(arrive(phone) for phone in night.phones))
    if not all(opened):
        raise SystemExit(f"{opened.count(False)} phones could not open their table's page: {recorder.problems[:3]}")
    return night


def a_hand(rng: random.Random) -> dict[str, str]:
    """A plausible euchre hand: a maker, trump, the makers' tricks, sometimes alone."""
    hand = {"outcome": "played", "maker": str(rng.randrange(4)), "trump": rng.choice("SHDC"),
            "tricks": str(rng.choice((0, 1, 2, 3, 3, 3, 4, 4, 5, 5)))}
    if rng.random() < 0.1:
        hand["alone"] = "y"
    return hand


async def save_hand(table: Table, rng: random.Random, due: float) -> None:
    """One of the table's phones saves the next hand with a fresh token and the current version."""
    async with table.busy:
        if not table.scoring:
            return
        phone = rng.choice(table.phones)
        data = dict(a_hand(rng), token=secrets.token_urlsafe(16), version=str(table.version))
        answer = await phone.browser.post(f"/matches/{table.match_slug}/hands", data, "hand submit", due=due)
        if answer.status != 200:
            return
        page = answer.text
        version = VERSION.search(page)
        if version:
            table.version = int(version.group(1))
            table.hands += 1
        table.scoring = 'name="token"' in page  # no hand form: the head table's game has ended
        if not version and table.scoring:
            phone.browser.recorder.fail("hand submit", f"table {table.number}: no version in the answer")


class Load:
    """The steady load of a game: pulses, hands, the projector's standings and the director's dashboard."""

    def __init__(self, night: Night, seed: int) -> None:
        self.night = night
        self.rng = random.Random(seed)
        self.stop_polls = asyncio.Event()
        self.stop_hands = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    def start_polls(self) -> None:
        now = time.monotonic()
        for phone in self.night.phones:  # each page's timer started when it was opened: a random phase
            self._spawn(polling(lambda p=phone: p.pulse, self.stop_polls, phone.poll,
                                now + self.rng.uniform(0, phone.pulse.seconds or 0)))
        self.start_standings(1)  # the projector
        dashboard = Poller(f"/nights/{self.night.slug}/live", "")
        director = self.night.director
        self._spawn(polling(lambda: dashboard, self.stop_polls, lambda due: dashboard.ask(director, "dashboard", due),
                            now + self.rng.uniform(0, FIRST_POLL_SPREAD)))

    def start_standings(self, screens: int) -> None:
        """``screens`` more screens open the standings (their first answer sets how often they poll)."""
        now = time.monotonic()
        for _ in range(screens):
            screen = Browser(self.night.director.client, self.night.director.recorder)
            standings = Poller(f"/nights/{self.night.slug}/standings", "")
            self._spawn(polling(lambda p=standings: p, self.stop_polls,
                                lambda due, b=screen, p=standings: p.ask(b, "standings", due),
                                now + self.rng.uniform(0, FIRST_POLL_SPREAD)))

    def start_hands(self) -> None:
        self.stop_hands = asyncio.Event()
        now = time.monotonic()
        for table in self.night.tables:
            rng = random.Random(self.rng.random())
            self._spawn(self._hands(table, rng, now + rng.uniform(0, HAND_SECONDS)))

    async def _hands(self, table: Table, rng: random.Random, first: float) -> None:
        due = first
        while await sleep_until(due, self.stop_hands):
            await save_hand(table, rng, due)
            due = max(due + HAND_SECONDS * rng.uniform(1 - HAND_JITTER, 1 + HAND_JITTER), time.monotonic())

    def _spawn(self, coroutine) -> None:
        self.tasks.append(asyncio.ensure_future(coroutine))

    async def finish(self) -> None:
        self.stop_hands.set()
        self.stop_polls.set()
        await asyncio.gather(*self.tasks)


def confirm_kind(answer: Answer) -> str:
    """The confirm that completed the game seated the next one in the same request (htmx reloads the page)."""
    return "confirm → movement" if answer.ok and answer.header("HX-Refresh") == "true" else "result confirm"


async def send_result(night: Night, table: Table, rng: random.Random, spread: float) -> None:
    """After the bell: N-S sends the table's result from its hands, then E-W confirms it."""
    await asyncio.sleep(rng.uniform(0, spread))
    sender, checker = table.phones[0], table.phones[1]
    async with table.busy:  # a hand still being saved goes first
        data = {"pair": "NS"}
        if table.hands == 0:
            data["cut_winner"] = "NS"  # no hands entered: a tie at 0-0, settled by the cut
        sent = await sender.browser.post(f"/t/{table.code}/submit", data, "result submit")
    if sent.status != 200:
        return
    await asyncio.sleep(rng.uniform(0.5, 2.0))  # the other pair reads it
    night.last_confirm_sent_at = time.monotonic()
    answer = await checker.browser.post(f"/t/{table.code}/confirm", {"pair": "EW"}, endpoint=confirm_kind)
    if confirm_kind(answer) == "confirm → movement":
        night.movement_seated_at = night.movement_seated_at or time.monotonic()
        await checker.open_table("table page (reload)")  # htmx reloads the page at once


async def results_and_movement(night: Night, load: Load, seed: int, spread: float, viewers: int) -> None:
    rng = random.Random(seed)
    load.stop_hands.set()  # the bell: tables finish the hand in play and stop
    for table in night.tables:
        table.scoring = False  # until a phone opens the next game's page
    night.bell_at = time.monotonic()
    rung = await night.director.post(f"/nights/{night.slug}/bell", {}, "bell")
    if 'name="confirmed"' in rung.text:  # "No hand played at the head table yet: ring anyway?" The director does.
        await night.director.post(f"/nights/{night.slug}/bell", {"confirmed": "yes"}, "bell")
    load.start_standings(viewers)
    await asyncio.gather(*(send_result(night, t, rng, spread) for t in night.tables))
    deadline = time.monotonic() + 3 * max(p.pulse.seconds or 0 for p in night.phones) + 30
    while any(p.game < 2 for p in night.phones) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    if all(p.game >= 2 for p in night.phones):
        night.every_phone_on_game2_at = time.monotonic()
    else:
        night.director.recorder.note(f"{sum(p.game < 2 for p in night.phones)} phones never reached game 2")


# -- saturation: our maximum, and the hello-world ceiling ----------------------------------------------
def saturate(client: HttpClient, seconds: float, request: Callable[[int], tuple[str, dict[str, str]]],
             ok: Callable[[Answer], bool] = lambda a: a.ok) -> dict[str, Any]:
    """Every connection sends requests back to back for ``seconds``: requests/s and latencies."""
    stop_at = time.monotonic() + seconds
    lock = threading.Lock()
    latencies: list[float] = []
    errors = [0]
    counter = iter(range(10**9))

    def loop() -> None:
        mine, bad = [], 0
        while time.monotonic() < stop_at:
            with lock:
                n = next(counter)
            path, headers = request(n)
            answer = client.fetch("GET", path, headers)
            if ok(answer):
                mine.append(answer.ms)
            else:
                bad += 1
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    started = time.monotonic()
    threads = [threading.Thread(target=loop) for _ in range(client.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    done = len(latencies) + errors[0]
    return {"requests": done, "errors": errors[0], "seconds": round(wall, 1), "rps": round(done / wall, 1),
            "p50_ms": round(percentile(latencies, 50), 1) if latencies else None,
            "p95_ms": round(percentile(latencies, 95), 1) if latencies else None,
            "p99_ms": round(percentile(latencies, 99), 1) if latencies else None}


def pulse_burst(night: Night, client: HttpClient, seconds: float) -> dict[str, Any]:
    """Every phone's pulse, unchanged (304), as fast as the server answers."""
    phones = [p for p in night.phones if p.pulse]

    def request(n: int) -> tuple[str, dict[str, str]]:
        phone = phones[n % len(phones)]
        return phone.pulse.path(), phone.browser.request_headers(True, {"If-None-Match": f'"{phone.pulse.tag}"'})

    return saturate(client, seconds, request, ok=lambda a: a.status in (200, 304))


def hello_ceiling(server_env: dict[str, str], workdir: Path, connections: int, seconds: float) -> dict[str, Any]:
    hello = Gunicorn("bench.hello_app:app", server_env, workdir / "hello.log").start()
    client = HttpClient(hello.url, connections)
    try:
        meter = CpuMeter(hello.pids)
        before = meter.mark()
        result = saturate(client, seconds, lambda n: ("/", {"User-Agent": "load-night-bench"}))
        result["cpu"] = CpuMeter.between(before, meter.mark())
    finally:
        hello.stop()
    return result


# -- the run ------------------------------------------------------------------------------------------
@dataclass
class Phase:
    name: str
    start: CpuMark
    end: CpuMark | None = None


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.recorder = Recorder()
        self.phases: list[Phase] = []
        self.server_pids: Callable[[], list[int]] = lambda: []
        self.meter = CpuMeter(lambda: self.server_pids())
        self.burst: dict[str, Any] = {}

    def begin(self, name: str) -> None:
        mark = self.meter.mark()
        if self.phases and self.phases[-1].end is None:
            self.phases[-1].end = mark
        self.recorder.phase = name
        self.phases.append(Phase(name, mark))

    def end(self) -> None:
        if self.phases and self.phases[-1].end is None:
            self.phases[-1].end = self.meter.mark()

    def phase_rows(self) -> list[dict[str, Any]]:
        rows = []
        for phase in self.phases:
            samples = [s for s in self.recorder.samples if s.phase == phase.name]
            cpu = CpuMeter.between(phase.start, phase.end)
            requests = len(samples)
            errors = sum(1 for s in samples if not 200 <= s.status < 400)
            if phase.name == "burst" and self.burst:  # the burst counts its own requests
                requests, errors = self.burst["requests"], self.burst["errors"]
            rows.append({"phase": phase.name, "requests": requests,
                         "rps": round(requests / cpu["wall_s"], 1) if cpu["wall_s"] else 0,
                         "errors": errors, **cpu})
        return rows

    async def night(self, base_url: str) -> tuple[Night, dict[str, Any]]:
        args = self.args
        client = NightClient(base_url, args.connections)
        try:
            self.begin("setup")
            night = await set_up_night(client, self.recorder, args.tables * PHONES_PER_TABLE)
            load = Load(night, args.seed)
            self.begin("game 1")
            load.start_polls()
            load.start_hands()
            await asyncio.sleep(args.duration)
            self.begin("results")
            await results_and_movement(night, load, args.seed + 1, args.result_spread, args.standings_viewers)
            self.begin("game 2")
            load.start_hands()
            await asyncio.sleep(args.game2_seconds)
            await load.finish()
            self.begin("burst")
            loop = asyncio.get_running_loop()
            burst_client = HttpClient(base_url, args.burst_connections)
            burst = await loop.run_in_executor(None, pulse_burst, night, burst_client, args.burst_seconds)
            self.end()
            self.burst = burst
            return night, burst
        finally:
            client.close()


def movement_times(night: Night) -> dict[str, float | None]:
    def since_bell(moment: float | None) -> float | None:
        return round(moment - night.bell_at, 2) if moment and night.bell_at else None

    return {"bell_to_game2_seated_s": since_bell(night.movement_seated_at),
            "last_confirm_to_seated_s": round(night.movement_seated_at - night.last_confirm_sent_at, 2)
            if night.movement_seated_at and night.last_confirm_sent_at else None,
            "bell_to_every_phone_on_game2_s": since_bell(night.every_phone_on_game2_at)}


def lag_summary(recorder: Recorder) -> dict[str, float]:
    lags = [s.lag_ms for s in recorder.samples if s.phase in ("game 1", "results", "game 2")]
    return {"p50_ms": round(percentile(lags, 50), 1), "p99_ms": round(percentile(lags, 99), 1),
            "max_ms": round(max(lags), 1)} if lags else {}


def machine_info(database: str, settings: dict[str, Any], busy: int = 0) -> dict[str, Any]:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    return {"cores": len(os.sched_getaffinity(0)), "cpu": cpu, "python": platform.python_version(),
            "flask": package_version("flask"), "gunicorn": package_version("gunicorn"), "database": database,
            "gunicorn_settings": settings, "busy_loops": busy, "load_average_before": os.getloadavg()}


# -- the report ---------------------------------------------------------------------------------------
def fmt(value: Any) -> str:
    return "-" if value is None else str(value)


def print_table(title: str, rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> None:
    print(f"\n{title}")
    cells = [[fmt(row.get(key)) for key, _ in columns] for row in rows]
    labels = [label for _, label in columns]
    widths = [max(len(label), *(len(c[i]) for c in cells)) if cells else len(label) for i, label in enumerate(labels)]

    def line(values: list[str]) -> str:  # the first column to the left, the numbers to the right
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths)))

    print(line(labels))
    for row in cells:
        print(line(row))


def verdict(endpoints: dict[str, dict[str, Any]], errors: int) -> list[str]:
    lines = [f"errors: {errors} ({'PASS' if errors == 0 else 'FAIL'}: target 0)"]
    for name in TARGETS:
        for key in (name, f"{name} · 200"):
            row = endpoints.get(key)
            if row and row["p95_ms"] is not None:
                result = "PASS" if row["p95_ms"] < TARGET_P95_MS else "FAIL"
                lines.append(f"{key}: p95 {row['p95_ms']} ms ({result}: target < {TARGET_P95_MS:.0f} ms)")
    return lines


def report(run: Run, info: dict[str, Any], night: Night, burst: dict[str, Any],
           ceiling: dict[str, Any] | None) -> dict[str, Any]:
    recorder = run.recorder
    endpoints = recorder.rows({"setup", "game 1", "results", "game 2"})
    phases = run.phase_rows()
    steady = next(p for p in phases if p["phase"] == "game 1")
    errors = sum(row["errors"] for name, row in endpoints.items() if "·" not in name)
    summary: dict[str, Any] = {
        "machine": info, "options": vars(run.args), "endpoints": endpoints, "phases": phases,
        "endpoints_by_phase": {phase: recorder.rows({phase}) for phase in ("game 1", "results", "game 2")},
        "movement": movement_times(night), "client_lag": lag_summary(recorder), "pulse_burst": burst,
        "hello_ceiling": ceiling, "errors": errors, "problems": recorder.problems,
    }
    if ceiling:
        summary["ratio"] = {"night_steady_vs_ceiling": round(steady["rps"] / ceiling["rps"], 3),
                            "pulse_max_vs_ceiling": round(burst["rps"] / ceiling["rps"], 3)}
    summary["verdict"] = verdict(endpoints, errors)

    cores = f"{info['cores']} core{'s' if info['cores'] != 1 else ''}"
    if info["busy_loops"]:
        cores += f" shared with {info['busy_loops']} busy loop{'s' if info['busy_loops'] != 1 else ''}"
    print(f"\n{cores} ({info['cpu']}), Python {info['python']}, Flask {info['flask']}, "
          f"gunicorn {info['gunicorn']}; {info['database']}")
    print("gunicorn: " + ", ".join(f"{k}={v}" for k, v in info["gunicorn_settings"].items()))
    rows = [{"name": name, **row} for name, row in endpoints.items()]
    print_table("Per endpoint (setup, game 1, results, game 2), latency in ms", rows, [
        ("name", "endpoint"), ("requests", "requests"), ("ok_2xx", "2xx"), ("not_modified_304", "304"),
        ("errors", "errors"), ("p50_ms", "p50"), ("p95_ms", "p95"), ("p99_ms", "p99"), ("max_ms", "max")])
    by_phase = summary["endpoints_by_phase"]
    names = [n for n in endpoints if any(n in rows for rows in by_phase.values())]
    print_table("p95 latency (ms) by phase, with the number of requests", [
        {"name": n, **{phase: (f"{rows[n]['p95_ms']} ({rows[n]['requests']})" if n in rows else None)
                       for phase, rows in by_phase.items()}} for n in names],
        [("name", "endpoint"), *((phase, phase) for phase in by_phase)])
    print_table("Phases (CPU as % of one core: client = this script, server = gunicorn, other = database, "
                "busy loops and everything else on the machine)", phases, [
        ("phase", "phase"), ("wall_s", "seconds"), ("requests", "requests"), ("rps", "req/s"), ("errors", "errors"),
        ("client_cpu_pct", "client"), ("server_cpu_pct", "server"), ("other_cpu_pct", "other"),
        ("machine_busy_pct", "machine")])
    move = summary["movement"]
    print(f"\nThe bell to game 2 seated: {fmt(move['bell_to_game2_seated_s'])} s (the last confirm to seated: "
          f"{fmt(move['last_confirm_to_seated_s'])} s, results spread over {run.args.result_spread:g} s); "
          f"every phone showing game 2: {fmt(move['bell_to_every_phone_on_game2_s'])} s after the bell")
    lag = summary["client_lag"]
    print(f"Client lateness (due -> sent): p50 {fmt(lag.get('p50_ms'))} ms, p99 {fmt(lag.get('p99_ms'))} ms, "
          f"max {fmt(lag.get('max_ms'))} ms")
    print(f"\nOur maximum, pulse polls back to back on {run.args.burst_connections} connections: {burst['rps']} req/s "
          f"(p50 {burst['p50_ms']} ms, p95 {burst['p95_ms']} ms, errors {burst['errors']})")
    if ceiling:
        print(f"Ceiling, bare Flask hello-world, same gunicorn settings: {ceiling['rps']} req/s "
              f"(p50 {ceiling['p50_ms']} ms, p95 {ceiling['p95_ms']} ms, errors {ceiling['errors']}; CPU client "
              f"{fmt(ceiling['cpu']['client_cpu_pct'])}%, server {fmt(ceiling['cpu']['server_cpu_pct'])}%)")
        ratio = summary["ratio"]
        print(f"Ratio to the ceiling: the night's steady load {steady['rps']} req/s = "
              f"{ratio['night_steady_vs_ceiling']:.1%}; our pulse maximum {burst['rps']} req/s = "
              f"{ratio['pulse_max_vs_ceiling']:.1%}")
    print()
    for line in summary["verdict"]:
        print(line)
    if recorder.problems:
        print("\nFirst problems:")
        for problem in recorder.problems:
            print("  " + problem)
    return summary


def write_samples(run: Run, path: Path) -> None:
    start = run.phases[0].start.at if run.phases else 0.0
    with open(path, "w", encoding="utf-8") as out:
        out.write("t_s,phase,endpoint,status,ms,lag_ms\n")
        for s in run.recorder.samples:
            out.write(f"{s.done_at - start:.3f},{s.phase},{s.endpoint},{s.status},{s.ms:.2f},{s.lag_ms:.2f}\n")


# -- main ---------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--duration", type=float, default=120, help="seconds of game 1's steady load")
    parser.add_argument("--game2-seconds", type=float, default=20, help="seconds of load after the movement")
    parser.add_argument("--burst-seconds", type=float, default=10,
                        help="seconds of each saturating run (our pulses, then the hello-world)")
    parser.add_argument("--result-spread", type=float, default=20,
                        help="after the bell, tables send their results within this many seconds")
    parser.add_argument("--standings-viewers", type=int, default=20,
                        help="phones watching the standings from the bell on (besides the projector)")
    parser.add_argument("--tables", type=int, default=100, help="tables of 4 (players = 4 x tables)")
    parser.add_argument("--connections", type=int, default=64,
                        help="client connections (and threads) for the night: more than the server's threads, so "
                             "requests wait in the server's queue, where their latency is measured")
    parser.add_argument("--burst-connections", type=int, default=16,
                        help="connections sending back to back in the saturating runs")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, help="gunicorn workers (WEB_CONCURRENCY); default gunicorn.conf.py's")
    parser.add_argument("--threads", type=int, help="threads per worker (GUNICORN_THREADS)")
    parser.add_argument("--url", help="a server already running (no database setup, no CPU of the server)")
    parser.add_argument("--hello-url", help="with --url: a hello-world already running, for the ceiling")
    parser.add_argument("--json", type=Path, help="also write the summary as JSON to this file")
    parser.add_argument("--server-log", type=Path, help="keep the server's log (gunicorn's errors; ACCESS_LOG=- "
                        "adds its access log) in this file")
    parser.add_argument("--samples", type=Path, help="also write every request as CSV to this file "
                        "(seconds from the start, phase, endpoint, status, latency and client lateness in ms)")
    parser.add_argument("--cores", type=int,
                        help="run this script and the gunicorn it starts on the first N cores only (a smaller "
                             "machine; gunicorn.conf.py then sizes its workers for N). A PostgreSQL server runs "
                             "where it runs: pin it yourself (docs/performance.md)")
    parser.add_argument("--busy-loops", type=int, default=0,
                        help="busy loops competing for those cores for the whole run (a slower or shared machine)")
    parser.add_argument("--smoke", action="store_true",
                        help="a short run: 20 s of game 1, 5 s of game 2, 3 s bursts, results within 5 s")
    args = parser.parse_args(argv)
    if args.smoke:
        args.duration, args.game2_seconds, args.burst_seconds, args.result_spread = 20, 5, 3, 5
    return args


def server_env(args: argparse.Namespace, database_url: str) -> dict[str, str]:
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY=secrets.token_hex(16))
    env.pop("FLASK_DEBUG", None)
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if args.threads:
        env["GUNICORN_THREADS"] = str(args.threads)
    return env


def busy_loops(count: int) -> list[subprocess.Popen]:
    """Processes that only burn CPU, on this process's cores, as another program on a shared laptop would."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.cores:
        os.sched_setaffinity(0, range(args.cores))  # inherited by gunicorn, its workers and the busy loops
    hogs = busy_loops(args.busy_loops)
    try:
        return measure(args)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@contextlib.contextmanager
def no_collector_pauses():
    """Python's cyclic garbage collector off while the client measures. Its full collections walk every
    sample kept so far: at 1,000 tables one paused this client for 100-230 ms every 20-30 s, and each
    request in flight or due then was timed late by as much, a pause of the client's charged to the server.
    What the client drops is freed as before (reference counting); only cycles wait for the end."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def measure(args: argparse.Namespace) -> int:
    with no_collector_pauses():
        return measure_without_pauses(args)


def measure_without_pauses(args: argparse.Namespace) -> int:
    if args.workers:
        os.environ["WEB_CONCURRENCY"] = str(args.workers)  # so gunicorn_settings() reads what gunicorn will
    if args.threads:
        os.environ["GUNICORN_THREADS"] = str(args.threads)
    run = Run(args)
    with tempfile.TemporaryDirectory(prefix="load-night-") as tmp:
        workdir = Path(tmp)
        ceiling = None
        if args.url:
            info = machine_info(f"the server at {args.url}", gunicorn_settings(), args.busy_loops)
            night, burst = asyncio.run(run.night(args.url))
            if args.hello_url:
                client = HttpClient(args.hello_url, args.burst_connections)
                ceiling = saturate(client, args.burst_seconds, lambda n: ("/", {}))
                ceiling["cpu"] = {"client_cpu_pct": None, "server_cpu_pct": None}
        else:
            url, description = prepare_database(workdir)
            info = machine_info(description, gunicorn_settings(), args.busy_loops)
            env = server_env(args, url)
            server = Gunicorn(None, env, workdir / "gunicorn.log").start()
            run.server_pids = server.pids
            try:
                night, burst = asyncio.run(run.night(server.url))
            finally:
                server.stop()
                if args.server_log:
                    shutil.copyfile(workdir / "gunicorn.log", args.server_log)
            ceiling = hello_ceiling(env, workdir, args.burst_connections, args.burst_seconds)
            if os.environ.get("DATABASE_URL"):
                drop_all_tables(url)
        summary = report(run, info, night, burst, ceiling)
    if args.samples:
        write_samples(run, args.samples)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2, default=str) + "\n")
        print(f"\nWrote {args.json}")
    return 0 if summary["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
