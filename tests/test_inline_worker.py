"""The worker ``make serve`` runs (``inline_worker``): each answer in one write, headers before any body
the kernel sends itself, and a connection that says nothing, or stops in the middle of a request, never
holds up the others for long."""
from __future__ import annotations

import http.client
import re
import runpy
import socket
import threading
import time

import pytest
from gunicorn import util
from gunicorn.config import Config
from gunicorn.http import get_parser, wsgi

from inline_worker import IdleGarbage, OneWriteResponse
from tests.server_helpers import ROOT, Gunicorn
from tests.test_server import database  # noqa: F401 (the fixture: a migrated database)


class CountedSocket:
    """A real socket that counts the writes made on it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.writes = sock, []

    def sendall(self, data: bytes) -> None:
        self.writes.append(bytes(data))
        self.sock.sendall(data)

    def send(self, data: bytes, flags: int = 0) -> int:
        sent = self.sock.send(data, flags)
        self.writes.append(bytes(data[:sent]))
        return sent

    def sendfile(self, file, offset: int = 0, count: int | None = None) -> int:
        self.writes.append(("file", count))
        return self.sock.sendfile(file, offset, count)

    def __getattr__(self, name: str):
        return getattr(self.sock, name)


@pytest.fixture()
def answer():
    """A response to a real request read off a socket pair, and a way to read what the client received."""
    server_end, client_end = socket.socketpair()
    client_end.sendall(b"GET /t/abc/pulse HTTP/1.1\r\nHost: x\r\n\r\n")
    config = Config()
    request = next(get_parser(config, server_end, ("127.0.0.1", 1)))
    counted = CountedSocket(server_end)
    response, environ = wsgi.create(request, counted, ("127.0.0.1", 1), ("127.0.0.1", 2), config,
                                    response_class=OneWriteResponse)

    def received() -> bytes:
        server_end.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := client_end.recv(65536):
            data += chunk
        return data

    yield response, environ, counted, received, client_end
    server_end.close()
    client_end.close()


def test_an_answer_is_sent_in_one_write_headers_and_body_together(answer):
    response, _, counted, received, _client = answer
    response.start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", "11")])
    response.write(b"<p>hi</p>\r\n")
    response.close()
    assert len(counted.writes) == 1
    head, _, body = received().partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK") and b"Content-Length: 11" in head and body == b"<p>hi</p>\r\n"


def test_an_answer_without_a_body_is_one_write(answer):
    response, _, counted, received, _client = answer
    response.start_response("304 Not Modified", [("ETag", '"t1-1"')])
    response.write(b"")
    response.close()
    assert len(counted.writes) == 1 and received().startswith(b"HTTP/1.1 304 Not Modified")


def test_a_chunked_answer_sends_its_headers_before_its_first_chunk(answer):
    response, _, counted, received, _client = answer
    response.start_response("200 OK", [("Content-Type", "text/csv")])  # no length: chunked
    response.write(b"a,b\n")
    response.write(b"1,2\n")
    response.close()
    assert counted.writes[0].startswith(b"HTTP/1.1 200 OK") and counted.writes[0].endswith(b"\r\n\r\n")
    assert received().partition(b"\r\n\r\n")[2] == b"4\r\na,b\n\r\n4\r\n1,2\n\r\n0\r\n\r\n"


def test_a_file_is_written_as_any_answer_with_its_headers(answer, tmp_path):
    """Not by the kernel's sendfile, which waits for a client that reads slowly (``send_the_rest`` does not)."""
    response, environ, counted, received, _client = answer
    path = tmp_path / "logo.png"
    path.write_bytes(b"\x89PNG-bytes")
    response.start_response("200 OK", [("Content-Type", "image/png"), ("Content-Length", "10")])
    with open(path, "rb") as file:
        response.write_file(environ["wsgi.file_wrapper"](file))
    response.close()
    assert len(counted.writes) == 1 and counted.writes[0].startswith(b"HTTP/1.1 200 OK")
    assert received().partition(b"\r\n\r\n")[2] == b"\x89PNG-bytes"


def test_what_the_client_does_not_take_at_once_is_kept_in_order(answer):
    """A client whose socket is full: the answer's rest is kept for the worker's loop, and a later write goes after
    it, never before."""
    response, _, counted, _received, client_end = answer
    counted.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    body = bytes(range(256)) * 4096  # 1 MB: more than the socket pair's buffers take
    response.start_response("200 OK", [("Content-Type", "application/octet-stream"),
                                       ("Content-Length", str(2 * len(body)))])
    response.write(body)
    kept = OneWriteResponse.unsent[counted]
    assert 0 < len(kept.rest()) < len(body) + 200
    response.write(body)
    response.close()
    rest = OneWriteResponse.unsent.pop(counted)
    got = bytearray()

    def client_reads() -> None:
        while chunk := client_end.recv(65536):
            got.extend(chunk)

    reader = threading.Thread(target=client_reads)
    reader.start()
    util.write(counted.sock, rest.rest())  # as the loop would, while the client reads
    counted.sock.shutdown(socket.SHUT_WR)
    reader.join(10)
    assert bytes(got).partition(b"\r\n\r\n")[2] == body * 2


def test_make_serve_runs_the_inline_worker_with_one_thread_and_gthread_with_more(monkeypatch):
    monkeypatch.delenv("GUNICORN_THREADS", raising=False)
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["worker_class"] == "inline_worker.InlineWorker"
    monkeypatch.setenv("GUNICORN_THREADS", "4")
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["worker_class"] == "gthread"


def test_a_connection_that_says_nothing_never_holds_up_the_others(database, tmp_path):
    """One worker. A phone that connects and sends nothing (a dropped Wi-Fi, a port scan) is waited for in the
    poller: with gthread's one thread, it held every other request of its worker for 5 s. And a phone's
    connection is kept alive across its requests."""
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        silent = socket.create_connection(("127.0.0.1", server.port))
        time.sleep(0.2)  # accepted by the worker before the phone's request comes
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        started = time.monotonic()
        for _ in range(3):  # one connection, three answers
            answered_in(phone)
        assert time.monotonic() - started < 2.5  # not the 5 s the silent connection could hold the thread
        silent.close()
        phone.close()
    finally:
        server.kill()


def test_a_client_that_stops_in_the_middle_of_a_request_is_given_up_on(database, tmp_path):
    """One worker. A phone that sends half a request and goes quiet (off the Wi-Fi, or on purpose) held the
    worker's loop until gunicorn's timeout killed the worker, 30 s on, with every phone it served. Its bytes are
    now gathered in the poller: the other phones are answered at once, and it is let go after the keep-alive's
    5 s of silence."""
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        stalled = socket.create_connection(("127.0.0.1", server.port))
        stalled.sendall(b"GET /static/app.js HTTP/1.1\r\nHost: x\r\n")  # the head's last line never comes
        time.sleep(0.2)  # read by the worker before the other phone asks
        started = time.monotonic()
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        answered_in(phone)
        assert time.monotonic() - started < 2  # not held for the stalled client's 5 s, nor gunicorn's 30 s
        stalled.settimeout(10)
        assert stalled.recv(100) == b""  # the stalled connection was closed
        assert time.monotonic() - started < 8
        stalled.close()
        phone.close()
    finally:
        server.kill()
    log = (tmp_path / "gunicorn.log").read_text()
    assert "A client sent part of a request and no more" in log
    assert "Traceback" not in log  # one line in the director's terminal, not a stack


def test_a_client_that_reads_none_of_its_answers_is_let_go_without_the_worker(database, tmp_path):
    """One worker. A client that asks for files, many at once, and reads none of the answers (a script on the
    venue's Wi-Fi) filled its socket's buffers: the kernel's sendfile gave up after the silence, and Python's
    then waited for the socket with no time limit, until gunicorn's timeout killed the worker 30 s on, with
    every phone it served. The client is now let go after SILENCE_SECONDS without a byte read, in one line of
    the log, and the worker goes on."""
    from inline_worker import SILENCE_SECONDS

    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        reads_nothing = socket.socket()
        reads_nothing.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        reads_nothing.connect(("127.0.0.1", server.port))
        reads_nothing.sendall(b"GET /static/htmx.min.js HTTP/1.1\r\nHost: x\r\n\r\n" * 60)  # 3 MB of answers
        time.sleep(0.3)  # the worker is writing them
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        assert answered_in(phone) < 1  # not the silence's 5 s, nor gunicorn's 30 s
        reads_nothing.settimeout(SILENCE_SECONDS + 5)
        time.sleep(SILENCE_SECONDS + 1)
        assert the_server_closed(reads_nothing)
        phone.close()
    finally:
        server.kill()
    log = (tmp_path / "gunicorn.log").read_text()
    assert "went quiet" in log and "WORKER TIMEOUT" not in log and "Traceback" not in log, log[-2000:]


def answered_in(phone: http.client.HTTPConnection) -> float:
    """A phone asks for a file on its connection: the seconds until all of the answer came (it must be a 200)."""
    asked = time.monotonic()
    phone.request("GET", "/static/app.js")
    answer = phone.getresponse()
    assert answer.status == 200 and answer.read()
    return time.monotonic() - asked


def the_server_closed(sock: socket.socket) -> bool:
    """Read what the server sent until it closed (True), or until the socket's timeout (False)."""
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    finally:
        sock.close()
    return True


def test_a_client_reading_its_answer_a_little_at_a_time_never_holds_up_the_others(database, tmp_path):
    """One worker. A client that asks for a big answer and reads a few bytes every second (a script on the venue's
    Wi-Fi) made progress on every write, so no silence ever let it go: the worker wrote to it, every phone it
    served waiting, until gunicorn's timeout killed it. The answer's rest now waits in the poller: the other
    phones are answered at once, and the slow reader still gets its answers, whole and in order."""
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        slow = socket.socket()
        slow.settimeout(10)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        slow.connect(("127.0.0.1", server.port))
        # more answers than the sockets' buffers hold (one file's would fit), asked at once
        slow.sendall(b"GET /static/htmx.min.js HTTP/1.1\r\nHost: x\r\n\r\n" * 60)
        time.sleep(0.3)  # the worker is writing them
        received = slow.recv(512)
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        for _ in range(4):  # the slow reader takes 512 bytes a quarter of a second
            assert answered_in(phone) < 0.5
            time.sleep(0.25)
            received += slow.recv(512)
        htmx_file = (ROOT / "static" / "htmx.min.js").read_bytes()
        while received.count(b"HTTP/1.1 200 OK") < 3 or not received.endswith(htmx_file):
            received += slow.recv(65536)
        first, second = received.split(b"HTTP/1.1 200 OK")[1:3]
        assert first.partition(b"\r\n\r\n")[2] == second.partition(b"\r\n\r\n")[2] == htmx_file
        slow.close()
        phone.close()
    finally:
        server.kill()


def test_a_phones_request_that_came_while_the_worker_was_held_is_answered_not_dropped(database, tmp_path):
    """One worker. While a client that reads nothing held the worker (SILENCE_SECONDS), a phone sent its next
    request on its kept-alive connection. When the worker came back, gthread's sweep of kept-alive connections
    found that connection's time up and closed it, the request unread: the phone's poll failed. It is answered."""
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        phone.request("GET", "/static/app.js")
        assert phone.getresponse().read()  # kept alive for the keep-alive's 5 s from now
        reads_nothing = socket.socket()
        reads_nothing.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        reads_nothing.connect(("127.0.0.1", server.port))
        reads_nothing.sendall(b"GET /static/htmx.min.js HTTP/1.1\r\nHost: x\r\n\r\n" * 60)
        time.sleep(0.5)  # the worker is held, writing to it
        answered_in(phone)
        reads_nothing.close()
        phone.close()
    finally:
        server.kill()


def test_only_an_expired_connection_with_bytes_waiting_is_spared_even_past_a_thousand_descriptors():
    """A worker serving a thousand phones has sockets past ``select``'s 1,024 descriptors: the sweep's check
    for a waiting request still sees them (``poll``)."""
    import os
    from types import SimpleNamespace

    from inline_worker import SPARED_SECONDS, spare_the_waiting

    spare = [os.dup(0) for _ in range(1100)]  # the next sockets get descriptors past 1,024
    try:
        pairs = [socket.socketpair() for _ in range(3)]
        assert all(ours.fileno() > 1024 for ours, _ in pairs)
        pairs[1][1].sendall(b"GET / HTTP/1.1\r\n\r\n")  # the second's request came while the worker was busy
        now = time.monotonic()
        conns = [SimpleNamespace(sock=ours, timeout=now - 1) for ours, _ in pairs[:2]]
        conns.append(SimpleNamespace(sock=pairs[2][0], timeout=now + 60))
        spare_the_waiting(conns)
        assert conns[0].timeout == now - 1  # silent: swept as before
        assert conns[1].timeout > now + SPARED_SECONDS - 0.5  # its request waits: read first
        assert conns[2].timeout == now + 60
        for ours, theirs in pairs:
            ours.close()
            theirs.close()
    finally:
        for descriptor in spare:
            os.close(descriptor)


def test_a_request_trickling_in_never_holds_up_the_others_and_is_let_go_in_time(database, tmp_path):
    """One worker. A client that sends a request a byte at a time, each byte before the keep-alive's silence
    runs out, held the worker (and every phone it served) for as long as it liked, up to gunicorn's 30 s
    timeout: three of them stalled a three-worker night. The phones are answered meanwhile, and the client is let
    go once its request has taken inline_worker.REQUEST_SECONDS."""
    from inline_worker import REQUEST_SECONDS

    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1).start()
    try:
        trickler = socket.create_connection(("127.0.0.1", server.port))
        trickler.settimeout(0.05)
        head = b"GET /static/app.js HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        started, closed_at, answers = time.monotonic(), None, []
        for byte in head:
            try:
                trickler.sendall(bytes([byte]))
                if trickler.recv(100) == b"":
                    closed_at = time.monotonic() - started
                    break
            except socket.timeout:
                pass
            except OSError:  # the server closed it while the byte was on its way
                closed_at = time.monotonic() - started
                break
            answers.append(answered_in(phone))
            time.sleep(max(0.0, 0.5 - answers[-1]))
            if time.monotonic() - started > REQUEST_SECONDS + 5:
                break
        assert closed_at is not None and REQUEST_SECONDS - 1 < closed_at < REQUEST_SECONDS + 3
        assert len(answers) >= 2 * (REQUEST_SECONDS - 2) and max(answers) < 1.5  # the others never waited for it
        trickler.close()
        phone.close()
    finally:
        server.kill()


@pytest.mark.parametrize("gathered, is_whole", [
    (b"GET / HTTP/1.1\r\nHost: x\r\n", False),
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    (b"GET / HTTP/1.1\nHost: x\n\n", True),  # bare line feeds: gunicorn's to refuse or take, not to wait for
    (b"POST / HTTP/1.1\nContent-Length: 3\n\nab", False),
    (b"POST /t/A/submit HTTP/1.1\r\nContent-Length: 10\r\n\r\npair=N", False),
    (b"POST /t/A/submit HTTP/1.1\r\ncontent-length:10\r\n\r\npair=NS&x=", True),
    (b"POST /t/A/submit HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", True),  # too big to gather: read as it comes
    (b"POST /t/A/submit HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n", True),  # read as it comes
    (b"GET /" + b"a" * 9000, True),  # longer than any head gunicorn takes: it answers 400
])
def test_a_request_is_whole_once_its_head_and_its_announced_body_have_come(gathered, is_whole):
    from inline_worker import whole

    assert whole(gathered, 8190) is is_whole


def test_one_address_cannot_take_every_connection_with_unfinished_requests(database, tmp_path):
    """One worker taking at most 40 connections. A script on the Wi-Fi opening connection after connection, each
    with part of a request, trickled on so none goes quiet, filled the worker's connections: it stopped
    accepting, and no phone got in until they were let go. An address keeps at most
    inline_worker.UNFINISHED_PER_ADDRESS unfinished requests; more are let go at once."""
    from inline_worker import UNFINISHED_PER_ADDRESS

    assert UNFINISHED_PER_ADDRESS < 40
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1)
    server.env["GUNICORN_CMD_ARGS"] = "--worker-connections 40"
    server.env["FORWARDED_ALLOW_IPS"] = "10.0.0.2"  # a proxy elsewhere: this test's address is a phone's
    server.start()
    script = []
    try:
        for _ in range(45):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(b"GET /static/app.js HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            script.append(sock)
        time.sleep(0.5)
        for sock in script:  # on again, before the 5 s of silence run out
            try:
                sock.sendall(b"X: y\r\n")
            except OSError:
                pass
        started = time.monotonic()
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        answered_in(phone)
        assert time.monotonic() - started < 1.5  # not when the script's connections are let go, 5-10 s on
        phone.close()
    finally:
        for sock in script:
            sock.close()
        server.kill()
    assert "Too many unfinished requests at once from 127.0.0.1" in (tmp_path / "gunicorn.log").read_text()


def test_one_address_cannot_have_the_worker_keep_answers_on_connection_after_connection(database, tmp_path):
    """One worker. A script on the Wi-Fi asking for big answers on connection after connection and reading none
    had the worker keep every one for up to ANSWER_SECONDS: with the uncompressed standings of a 1,000-table night
    (1.4 MB), gigabytes. An address's answers beyond inline_worker.SENDING_PER_ADDRESS are not kept: their
    connections are let go at once, not after the silence; a phone is answered meanwhile."""
    from inline_worker import SENDING_PER_ADDRESS, SILENCE_SECONDS

    connections = SENDING_PER_ADDRESS + 4
    server = Gunicorn(database[0], tmp_path / "gunicorn.log", workers=1)
    server.env["FORWARDED_ALLOW_IPS"] = "10.0.0.2"  # a proxy elsewhere: this test's address is a phone's
    server.start()
    script = []
    try:
        for _ in range(connections):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            sock.connect(("127.0.0.1", server.port))
            # more answers than the sockets' buffers hold, asked at once: one of them is left waiting
            sock.sendall(b"GET /static/htmx.min.js HTTP/1.1\r\nHost: x\r\n\r\n" * 60)
            script.append(sock)
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        started = time.monotonic()
        assert answered_in(phone) < 1
        time.sleep(1)
        assert time.monotonic() - started < SILENCE_SECONDS - 2  # none of them let go for its silence yet
        closed = [sock for sock in script if closed_now(sock)]
        assert len(closed) == connections - SENDING_PER_ADDRESS
        phone.close()
    finally:
        for sock in script:
            sock.close()
        server.kill()
    log = (tmp_path / "gunicorn.log").read_text()
    assert "Too many answers waiting to be read at once, the newest for 127.0.0.1" in log, log[-2000:]
    assert "Traceback" not in log


def closed_now(sock: socket.socket) -> bool:
    """Read what ``sock`` holds now without waiting: whether the server has closed it."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_worker_keeps_at_most_so_many_bytes_of_answers_waiting_to_be_read(monkeypatch):
    """Addresses without number (a script with many) are held to the worker's KEPT_AT_MOST bytes in all."""
    import inline_worker
    from inline_worker import InlineWorker, Unsent

    class Log:
        def __init__(self) -> None:
            self.said: list[str] = []

        def warning(self, message, *args):
            self.said.append(message % args)

    class Connection:
        def __init__(self, address: str) -> None:
            self.client = (address, 40000)

    monkeypatch.setattr(inline_worker, "KEPT_AT_MOST", 1000)
    monkeypatch.setattr(OneWriteResponse, "unsent", {})
    worker = InlineWorker.__new__(InlineWorker)
    worker.cfg, worker.log = Config(), Log()
    worker.sending_conns, worker.refused_readers = [], set()
    OneWriteResponse.unsent[object()] = Unsent(b"x" * 600, 0)
    OneWriteResponse.unsent[object()] = Unsent(b"x" * 400, 0)
    assert worker.may_keep(Connection("192.168.1.20"))  # 1,000 bytes kept with this one: the most
    OneWriteResponse.unsent[object()] = Unsent(b"x", 0)
    assert not worker.may_keep(Connection("192.168.1.21"))
    assert worker.log.said == ["Too many answers waiting to be read at once, the newest for 192.168.1.21: it was "
                               "let go."]


def test_a_reverse_proxy_in_front_is_not_limited_to_a_phones_unfinished_requests():
    """Behind nginx or Caddy (docs/two-servers.md) every phone's request comes from the proxy's address."""
    from gunicorn.config import Config

    from inline_worker import InlineWorker

    config = Config()
    config.set("forwarded_allow_ips", "10.0.0.2,192.168.1.0/24")
    worker = InlineWorker.__new__(InlineWorker)
    worker.cfg = config
    assert worker.is_proxy("10.0.0.2") and worker.is_proxy("192.168.1.77")
    assert not worker.is_proxy("10.0.0.3") and not worker.is_proxy("")
    everyone = Config()  # a new one: a config keeps the networks it read first
    everyone.set("forwarded_allow_ips", "*")
    worker.cfg = everyone
    assert not worker.is_proxy("10.0.0.3"), "every address trusted is no proxy: each keeps the limit"


class Cycle:
    """Garbage only the garbage collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture()
def python_collects_as_the_worker():
    """Python's collection thresholds as a worker sets them, put back afterwards."""
    import gc

    before = gc.get_threshold()
    gc.collect()
    IdleGarbage.start()
    yield
    gc.set_threshold(*before)
    gc.collect()


def made_garbage(count: int = 5_000):
    """A weak reference to the first of ``count`` cycles dropped at once."""
    import weakref

    cycles = [Cycle() for _ in range(count)]
    first = weakref.ref(cycles[0])
    del cycles
    return first


def test_a_worker_leaves_its_garbage_for_a_moment_when_no_request_waits(python_collects_as_the_worker):
    """Python would have collected after 700 new objects, in the middle of the request making them; on a
    worker it waits, up to GARBAGE_AT_MOST, for the loop to find nothing to answer."""
    first = made_garbage()
    assert first() is not None
    assert IdleGarbage.due()
    IdleGarbage().collect()
    assert first() is None


def test_the_loop_collects_only_while_nothing_is_ready(python_collects_as_the_worker):
    import selectors

    from inline_worker import InlineWorker

    worker = InlineWorker.__new__(InlineWorker)  # its loop's step alone, without a process of its own
    worker.poller, worker.idle_garbage = selectors.DefaultSelector(), IdleGarbage()
    server_end, client_end = socket.socketpair()
    answered = []
    worker.poller.register(server_end, selectors.EVENT_READ, lambda sock: answered.append(sock.recv(100)))
    try:
        first = made_garbage()
        client_end.sendall(b"GET / HTTP/1.1\r\n\r\n")
        worker.wait_for_and_dispatch_events(timeout=0)
        assert answered == [b"GET / HTTP/1.1\r\n\r\n"] and first() is not None  # a phone waited: answered first
        worker.wait_for_and_dispatch_events(timeout=0)
        assert first() is None  # then nothing was ready
    finally:
        worker.poller.close()
        server_end.close()
        client_end.close()


def test_a_full_collection_waits_until_what_is_kept_has_grown_by_a_quarter(python_collects_as_the_worker):
    """As Python's own rule: each full collection walks all the worker keeps."""
    import gc

    garbage = IdleGarbage()
    assert garbage._old_has_grown()  # never collected in full yet
    gc.collect()
    garbage.old_after_full = len(gc.get_objects(generation=2))
    kept = [[n] for n in range(garbage.old_after_full // 8)]
    gc.collect(1)  # the survivors join the oldest generation
    assert not garbage._old_has_grown()
    kept += [[n] for n in range(garbage.old_after_full // 4)]
    gc.collect(1)
    assert garbage._old_has_grown()
    assert kept
