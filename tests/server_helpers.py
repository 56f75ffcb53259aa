"""The real server, as ``make serve`` runs it (gunicorn with gunicorn.conf.py), and phones that talk to it
over HTTP: for the tests that kill it, race it, or look at what it sends."""
from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Gunicorn:
    """gunicorn in its own process group, so that SIGKILL reaches the master and every worker at once
    (a power cut, not a shutdown)."""

    def __init__(self, database_url: str, log: Path, workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = dict(os.environ, DATABASE_URL=database_url, PORT=str(self.port), WEB_CONCURRENCY=str(workers),
                        SECRET_KEY="server-test-secret-key",
                        FLASK_DEBUG="1")  # serve.py must keep debug off even so
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 30) -> "Gunicorn":
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT,
                                         env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"gunicorn exited: {self.log.read_text()[-2000:]}"
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"gunicorn did not answer within {timeout}s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL to the master and every worker: nothing gets to finish or clean up."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(timeout=10)
        self._reap_workers()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._reap_workers()

    def _reap_workers(self) -> None:
        """Wait until nothing answers on the port any more (the workers die with the master, a moment later)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            except OSError:
                return
            time.sleep(0.05)
        raise AssertionError("gunicorn's workers are still listening")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """One phone's browser: its own cookies (session), the CSRF token of the page it drew, htmx headers."""

    def __init__(self, base: str, timeout: float = 10) -> None:
        self.base = base
        self.timeout = timeout
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())
        self.token = ""

    def request(self, method: str, path: str, data: dict | None = None, htmx: bool = True,
                headers: dict | None = None) -> tuple[int, dict, str]:
        body = urllib.parse.urlencode(data or {}, doseq=True).encode() if method == "POST" else None
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=dict(headers or {}))
        if htmx:
            request.add_header("HX-Request", "true")
        if method == "POST" and self.token:
            request.add_header("X-CSRFToken", self.token)
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def get(self, path: str, htmx: bool = False, **kwargs) -> tuple[int, dict, str]:
        status, headers, html = self.request("GET", path, htmx=htmx, **kwargs)
        found = re.search(r'"X-CSRFToken": "([^"]+)"', html)
        if found:
            self.token = found.group(1)
        return status, headers, html

    def post(self, path: str, data: dict, htmx: bool = True, **kwargs) -> tuple[int, dict, str]:
        return self.request("POST", path, data, htmx=htmx, **kwargs)


def version_of(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)
