"""gunicorn's threaded worker with its one thread taken away: each request is answered on the worker's own
loop (``gunicorn.conf.py`` names it as the ``worker_class``).

The app runs one request at a time in each worker process (one thread: a short poll waited behind a long
request in the same process, docs/performance.md). gunicorn's ``gthread`` worker still hands every request
from its loop to its pool's thread and back: a future, a wake-up byte through a pipe, the connection taken
out of the poller and put back, and the interpreter lock passed twice. A 1,000-table night asks about 1,500
times a second, and that hand-over was a large part of the cost of a poll answered 304. Here the loop answers
the request itself, once the poller says its bytes have come, and sends each answer's headers with its
body, in one write rather than two.

Everything else is gthread's own: keep-alive connections wait in the poller, an idle or silent connection
is closed after ``keepalive`` seconds, and a stopping worker finishes what it has. Two things are added:

- a request is answered only once all of it has come (:meth:`InlineWorker.whole_request_came`): its bytes are
  gathered as they arrive, between other phones' requests, and a client that has not sent all of it within
  :data:`REQUEST_SECONDS` is let go, as are an address's unfinished requests beyond
  :data:`UNFINISHED_PER_ADDRESS`. Read on the loop, a request trickling in a byte every few seconds held
  the worker, and every phone it served, until gunicorn's timeout killed it; three such clients stalled a
  three-worker night.
- an answer is sent as the client takes it (:meth:`InlineWorker.send_the_rest`): what its socket does not take
  at once waits in the poller, and a client that takes nothing for :data:`SILENCE_SECONDS`, or not all of it
  within :data:`ANSWER_SECONDS`, is let go. Written on the loop, an answer read a few bytes at a time held the
  worker as long as the client liked. An address's answers waiting beyond :data:`SENDING_PER_ADDRESS`, and the
  worker's beyond :data:`KEPT_AT_MOST` bytes, are not kept (:meth:`InlineWorker.may_keep`).
- a client that goes quiet in the middle of a read or a write the loop still blocks on (a body too big to
  gather, a chunked answer) is given up after :data:`SILENCE_SECONDS` (:func:`give_up_on_silence`).
- a kept-alive or new connection whose request came while another held the worker past the keep-alive is
  read, not swept away unread (:func:`spare_the_waiting`).
- Python's garbage is collected while no request waits (:class:`IdleGarbage`), not in the middle of one.
"""
from __future__ import annotations

import gc
import ipaddress
import logging
import re
from collections import Counter
import select
import selectors
import socket
import struct
import time
from functools import partial

from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.workers import gthread


# A request's bytes stop coming, or its answer stops being read: a phone gone from the venue's Wi-Fi in the
# middle, or a client that stalls on purpose. The worker reads and writes on a blocking socket, so it would
# wait until gunicorn's timeout (30 s) killed it, and every phone it serves with it.
SILENCE_SECONDS = 5

# All of an answer must be taken by the client within this many seconds of its first bytes (a phone's biggest, the
# standings of a 1,000-table night, is 30 KB compressed: a second on a poor Wi-Fi), or it is let go.
ANSWER_SECONDS = 30
# What a worker keeps of answers its clients have not taken yet. A phone has one or two connections, and the most
# it waits to read is a page; a script asking for the biggest answer (the uncompressed standings of a 1,000-table
# night, 1.4 MB) on connection after connection, reading nothing, had the worker keep each one for ANSWER_SECONDS:
# gigabytes. An address keeps at most SENDING_PER_ADDRESS answers waiting (a reverse proxy's is not limited), a
# worker at most KEPT_AT_MOST bytes; an answer past either is not kept: its connection is let go at once.
SENDING_PER_ADDRESS = 16
KEPT_AT_MOST = 128 * 1024 * 1024

# All of a request (its head, and a body of the length it announces) must come within this many seconds of its
# first bytes. A phone's hand or poll is a few hundred bytes, there in a fraction of a second on a poor Wi-Fi.
REQUEST_SECONDS = 10
# A connection whose time ran out while its bytes waited to be read gets this long more (``spare_the_waiting``).
SPARED_SECONDS = 1
# Unfinished requests one client address may have at a time in a worker; more are let go at once. A phone has
# one or two connections; without a limit a script could fill the worker's connections (gunicorn's
# ``worker_connections``) with requests it never finishes, and the worker would take no phone's connection.
# A reverse proxy named in FORWARDED_ALLOW_IPS brings every phone's requests from its one address: not limited.
UNFINISHED_PER_ADDRESS = 16
# A body longer than this is not gathered first (the app refuses one over a megabyte): it is read as it comes,
# and a client that stops sending it is given up after SILENCE_SECONDS.
GATHER_AT_MOST = 1024 * 1024 + 64 * 1024
READ_SIZE = 65536
# Python collects its youngest generation once 700 more objects that may hold cycles are alive than at the
# last collection, the next after ten of those, the oldest after ten of those when it has grown by a quarter.
YOUNG_GARBAGE, OLDER_EVERY, OLD_GROWTH = 700, 10, 4
# On a worker that is never idle, Python still collects, only later: at this many (``IdleGarbage``).
GARBAGE_AT_MOST = 20_000
HEAD_END = re.compile(rb"\r?\n\r?\n")  # a blank line; a bare LF is gunicorn's to refuse or take, not to wait on
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length[ \t]*:[ \t]*(\d{1,12})[ \t]*\r\n", re.IGNORECASE)
CHUNKED = re.compile(rb"\r\ntransfer-encoding[ \t]*:[^\r\n]*chunked", re.IGNORECASE)


def give_up_on_silence(sock: socket.socket) -> None:
    """Have the kernel end a blocking read or write on ``sock`` that gets nothing for SILENCE_SECONDS: the call
    fails (gthread logs it, and closes the connection) and the worker goes on with its other phones. Set on
    the socket itself, so it holds however gthread sets the socket's blocking mode."""
    timeval = struct.pack("ll", SILENCE_SECONDS, 0)  # whole seconds
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeval)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, timeval)


def whole(buffered: bytes, longest_head: int) -> bool:
    """Whether ``buffered`` holds a whole HTTP/1 request: its head, and the body its Content-Length announces.
    Also True when waiting would not help: a head longer than gunicorn takes (it answers 400), a body too big to
    gather, or a chunked body (read as it comes)."""
    blank_line = HEAD_END.search(buffered)
    if blank_line is None:
        return len(buffered) > longest_head
    head = b"\r\n" + buffered[:blank_line.start()].replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") + b"\r\n"
    if CHUNKED.search(head):
        return True
    length = CONTENT_LENGTH.search(head)
    body = int(length.group(1)) if length else 0
    return body > GATHER_AT_MOST or len(buffered) >= blank_line.end() + body


class SilenceInOneLine(logging.Filter):
    """gthread logs any socket error with its traceback; a client given up for its silence (the kernel's
    "try again", :func:`give_up_on_silence`) is one line in the director's terminal instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], (BlockingIOError, TimeoutError)):
            record.msg = "A client went quiet for %s s in the middle of a request or its answer: it was let go."
            record.args = (SILENCE_SECONDS,)
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


class Finished:
    """What ``ThreadWorker.finish_request`` reads of a pool's future, for a request answered in the loop."""

    def __init__(self, result: object) -> None:
        self._result = result

    def result(self) -> object:
        return self._result

    def cancelled(self) -> bool:
        return False


class OneWriteResponse(wsgi.Response):
    """gunicorn's answer with its headers held back and sent with the first bytes of its body: one write, and
    one packet for a poll's answer, not two. What the client's socket does not take at once is kept in
    :data:`unsent` and sent by the worker's loop as the client reads (``InlineWorker.send_the_rest``): a client
    that reads slowly, or not at all, never holds the loop. A file goes the same way (no ``sendfile``, which
    waits for the client). A chunked body is written as it comes, its headers first, as gunicorn does."""

    # The bytes of answers still to send, by socket: one worker process, one loop
    unsent: dict[socket.socket, "Unsent"] = {}
    hold = True
    held = b""

    def send_headers(self) -> None:
        if not self.hold:
            super().send_headers()
            return
        if self.headers_sent:
            return
        lines = self.default_headers()
        lines.extend(f"{name}: {value}\r\n" for name, value in self.headers)
        self.held = util.to_bytestring("%s\r\n" % "".join(lines), "latin-1")
        self.headers_sent = True

    def send_held(self) -> None:
        if self.held:
            held, self.held = self.held, b""
            self.send_soon(held)

    def _emit_body(self, data: bytes) -> None:
        if self.chunked:
            self.send_held()
            self.send_unsent_now()
            super()._emit_body(data)
            return
        if self.held:
            data, self.held = self.held + data, b""
        self.send_soon(data)

    def send_soon(self, data: bytes) -> None:
        """Send what the socket takes now, and keep the rest for the loop, after anything kept already."""
        waiting = self.unsent.get(self.sock)
        if waiting is not None:
            waiting.add(data)
            return
        try:
            sent = self.sock.send(data, socket.MSG_DONTWAIT)
        except BlockingIOError:
            sent = 0
        if sent < len(data):
            self.unsent[self.sock] = Unsent(data, sent)

    def send_unsent_now(self) -> None:
        """Before a write that blocks: what is kept goes first (SILENCE_SECONDS at most for each part)."""
        waiting = self.unsent.pop(self.sock, None)
        if waiting is not None:
            util.write(self.sock, waiting.rest())

    def sendfile(self, respiter) -> bool:
        return False  # its bytes are written as any answer's (``send_soon``)

    def close(self) -> None:
        self.send_headers()
        self.send_held()
        super().close()


class Unsent:
    """The part of a socket's answers the client has not taken yet."""

    __slots__ = ("data", "offset")

    def __init__(self, data: bytes, offset: int) -> None:
        self.data, self.offset = bytearray(data), offset

    def add(self, data: bytes) -> None:
        self.data += data

    def rest(self) -> memoryview:
        return memoryview(self.data)[self.offset:]

    def sent(self, count: int) -> bool:
        """``count`` more bytes went out; whether that was all."""
        self.offset += count
        return self.offset >= len(self.data)


class IdleGarbage:
    """Python's garbage collections, made while the worker has no request to answer.

    Python collects whenever enough objects have been made, in the middle of whatever request made the last
    of them. At 1,000 tables on a slow 2-core machine a worker collected a few times a second, most of it
    short, but each full collection (of everything the worker keeps: its caches, its compiled statements and
    templates) took a fifth of a second and more, and the phones the worker served waited. Here the loop
    collects when the poller has nothing ready, by Python's own rules, and Python's own collections come only
    at ``GARBAGE_AT_MOST`` objects, for a worker so busy it is never idle."""

    def __init__(self) -> None:
        self.old_after_full: int | None = None  # the oldest generation's size after its last collection

    @staticmethod
    def start() -> None:
        gc.set_threshold(GARBAGE_AT_MOST, OLDER_EVERY, OLDER_EVERY)

    @staticmethod
    def due() -> bool:
        return gc.isenabled() and gc.get_count()[0] >= YOUNG_GARBAGE

    def collect(self) -> int:
        """Collect the generations Python would collect now, were its threshold ``YOUNG_GARBAGE``; which."""
        _young, collections_of_young, collections_of_middle = gc.get_count()
        generation = 1 if collections_of_young >= OLDER_EVERY else 0
        if generation == 1 and collections_of_middle >= OLDER_EVERY and self._old_has_grown():
            generation = 2
        gc.collect(generation)
        if generation == 2:
            self.old_after_full = len(gc.get_objects(generation=2))
        return generation

    def _old_has_grown(self) -> bool:
        # Python's own rule: a full collection walks everything kept, so it waits until that has grown by a
        # quarter since the last one, else a worker keeping much would collect it all again and again
        if self.old_after_full is None:
            return True
        return len(gc.get_objects(generation=2)) - self.old_after_full > self.old_after_full // OLD_GROWTH


class InlineWorker(gthread.ThreadWorker):
    """``gthread`` with each request answered on the worker's loop (``threads`` must be 1)."""

    @classmethod
    def check_config(cls, cfg, log) -> None:
        super().check_config(cfg, log)
        if cfg.threads != 1:
            log.warning("The inline worker answers one request at a time: threads=%s is ignored.", cfg.threads)

    def init_process(self) -> None:
        self.unfinished: Counter = Counter()  # requests waiting for the rest of their bytes, by client address
        self.sending_conns: list = []  # connections whose answer's rest waits for the client (``send_the_rest``)
        self.refused_addresses: set = set()  # addresses told about in the log, for unfinished requests
        self.refused_readers: set = set()  # ... and for answers waiting to be read
        wsgi.Response = OneWriteResponse  # every HTTP/1 answer of this process (HTTP/2 brings its own)
        self.log.error_log.addFilter(SilenceInOneLine())
        self.idle_garbage = IdleGarbage()
        self.idle_garbage.start()
        super().init_process()

    def wait_for_and_dispatch_events(self, timeout) -> None:
        if self.idle_garbage.due() and not self.anything_ready():
            self.idle_garbage.collect()
        super().wait_for_and_dispatch_events(timeout)

    def anything_ready(self) -> bool:
        """Whether the poller has a request, a connection or a callback ready now (it stays ready for the wait)."""
        try:
            return bool(self.poller.select(0))
        except OSError:
            return True

    def enqueue_req(self, conn) -> None:
        if not (conn.initialized or conn.data_ready):
            # a new connection: its first bytes are waited for in the poller, never in the loop
            give_up_on_silence(conn.sock)
            self.finish_request(conn, Finished(gthread._DEFER))
            return
        if not self.whole_request_came(conn):
            self.wait_for_the_rest(conn)
            return
        self.finished(conn)
        keep_alive = self.handle(conn)
        if conn.sock in OneWriteResponse.unsent:
            if self.may_keep(conn):
                self.send_the_rest(conn, keep_alive)
            else:
                OneWriteResponse.unsent.pop(conn.sock, None)
                self.let_go(conn, drop_unsent=True)
            return
        self.finish_request(conn, Finished(keep_alive))

    def may_keep(self, conn) -> bool:
        """Whether the rest of ``conn``'s answer may wait for its client: within its address's
        SENDING_PER_ADDRESS and the worker's KEPT_AT_MOST bytes (said once in the log for each address)."""
        address = client_address(conn)
        kept = sum(len(waiting.data) for waiting in OneWriteResponse.unsent.values())
        sending = sum(1 for other in self.sending_conns if client_address(other) == address)
        if kept <= KEPT_AT_MOST and (sending < SENDING_PER_ADDRESS or self.is_proxy(address)):
            return True
        if address not in self.refused_readers:
            self.refused_readers.add(address)
            self.log.warning("Too many answers waiting to be read at once, the newest for %s: it was let go.",
                             address)
        return False

    def send_the_rest(self, conn, keep_alive) -> None:
        """The rest of ``conn``'s answer goes out from the poller as the client takes it, between the other phones'
        requests; then the connection goes on as it would have (``keep_alive``). A client that takes nothing for
        SILENCE_SECONDS, or not all of it within ANSWER_SECONDS, is let go (``let_go_of_slow_readers``)."""
        if conn.sock.fileno() < 0:  # closed while answering (an error after its headers)
            OneWriteResponse.unsent.pop(conn.sock, None)
            self.finish_request(conn, Finished(False))
            return
        now = time.monotonic()
        conn.answer_due = now + ANSWER_SECONDS
        conn.timeout = min(conn.answer_due, now + SILENCE_SECONDS)
        self.sending_conns.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_WRITE, partial(self.on_socket_writable, conn, keep_alive))

    def on_socket_writable(self, conn, keep_alive, _sock) -> None:
        waiting = OneWriteResponse.unsent.get(conn.sock)
        if waiting is None:  # let go already (``let_go_of_slow_readers``): nothing is left to send
            return
        try:
            done = waiting.sent(conn.sock.send(waiting.rest(), socket.MSG_DONTWAIT))
        except BlockingIOError:
            return
        except OSError:  # the client is gone: the connection is closed
            done, keep_alive = True, False
        if not done:
            conn.timeout = min(conn.answer_due, time.monotonic() + SILENCE_SECONDS)
            return
        del OneWriteResponse.unsent[conn.sock]
        self.poller.unregister(conn.sock)
        self.sending_conns.remove(conn)
        self.finish_request(conn, Finished(keep_alive))

    def let_go_of_slow_readers(self) -> None:
        now = time.monotonic()
        for conn in [conn for conn in self.sending_conns if conn.timeout <= now]:
            self.log.info("A client went quiet for %s s while reading its answer, or took over %s s to read it: it "
                          "was let go.", SILENCE_SECONDS, ANSWER_SECONDS)
            self.sending_conns.remove(conn)
            OneWriteResponse.unsent.pop(conn.sock, None)
            self.let_go(conn, drop_unsent=True)

    def let_go(self, conn, *, drop_unsent: bool = False) -> None:
        """Close a connection the poller may still be watching. ``drop_unsent``: with a reset, so that what its
        client did not read is dropped rather than kept by the kernel until it reads it (up to megabytes)."""
        try:
            self.poller.unregister(conn.sock)
        except (OSError, KeyError, ValueError):
            pass  # unregistered already
        if drop_unsent:
            try:
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass  # closed already
        self.nr_conns -= 1
        conn.close()

    def whole_request_came(self, conn) -> bool:
        """Read what has come on ``conn`` without waiting, into its parser's buffer, and say whether that holds
        a whole request (also True when the client closed, or for what is not gathered here: HTTP/2, TLS)."""
        if conn.is_http2 or self.cfg.is_ssl or getattr(self.cfg, "protocol", "http") != "http":
            return True
        try:
            conn.init()
            if conn.is_http2:
                return True
            conn.sock.setblocking(False)
            unreader = conn.parser.unreader
            unreader.buf.seek(0, 2)
            while True:
                data = conn.sock.recv(READ_SIZE)
                if not data:
                    return True  # closed: the parser finds out
                unreader.buf.write(data)
                if len(data) < READ_SIZE:
                    break
        except BlockingIOError:
            pass
        except OSError:
            return True  # the parser meets the same error, and the connection is closed
        longest_head = self.cfg.limit_request_line + self.cfg.limit_request_fields * (
            self.cfg.limit_request_field_size or 8190)
        return whole(unreader.buf.getvalue(), longest_head)

    def wait_for_the_rest(self, conn) -> None:
        """Back to the poller until more of the request comes, or its time is up (``murder_pending``); let go at
        once when its address has UNFINISHED_PER_ADDRESS unfinished requests already."""
        now = time.monotonic()
        if getattr(conn, "request_due", None) is None:
            address = client_address(conn)
            if self.unfinished[address] >= UNFINISHED_PER_ADDRESS and not self.is_proxy(address):
                if address not in self.refused_addresses:
                    self.refused_addresses.add(address)
                    self.log.warning("Too many unfinished requests at once from %s: the newest are let go.", address)
                self.nr_conns -= 1
                conn.close()
                return
            self.unfinished[address] += 1
            conn.request_due = now + REQUEST_SECONDS
        conn.timeout = min(conn.request_due, now + self.cfg.keepalive)
        conn.data_ready = True  # its first bytes came: gthread's wait for them is over
        self.pending_conns.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn))

    def is_proxy(self, address: str) -> bool:
        """Whether ``address`` is a reverse proxy's (FORWARDED_ALLOW_IPS, by address or network; not "*")."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.cfg.forwarded_allow_networks())

    def finished(self, conn) -> None:
        """``conn``'s request has all come, or it is let go: no longer unfinished."""
        if getattr(conn, "request_due", None) is not None:
            conn.request_due = None
            address = client_address(conn)
            self.unfinished[address] -= 1
            if self.unfinished[address] <= 0:
                del self.unfinished[address]

    def murder_keepalived(self, force: bool = False) -> None:
        if not force:
            spare_the_waiting(self.keepalived_conns)
        super().murder_keepalived(force)

    def murder_pending(self) -> None:
        """gthread's sweep of the connections waiting in the poller for a request's bytes (``pending_conns``,
        in the order their time runs out), saying in the log which clients were let go in the middle of one."""
        self.let_go_of_slow_readers()
        spare_the_waiting(self.pending_conns)
        now = time.monotonic()
        while self.pending_conns and self.pending_conns[0].timeout <= now:
            conn = self.pending_conns.popleft()
            if getattr(conn, "request_due", None) is not None:
                self.log.info("A client sent part of a request and no more (for %s s, or in all %s s): it was "
                              "let go.", self.cfg.keepalive, REQUEST_SECONDS)
                self.finished(conn)
            self.let_go(conn)


def spare_the_waiting(conns) -> None:
    """Give a moment more to the connections whose time is up but whose bytes are waiting to be read, at the head
    of ``conns`` (in the order their time runs out): their request came while the worker was busy with another
    for longer than the keep-alive (a client reading nothing holds it SILENCE_SECONDS), and the sweep that
    follows would have closed them unread, and the phone's request with them. The poller's next batch reads
    them; the sweep stops at the first one spared, and finishes in the next round."""
    now = time.monotonic()
    for conn in conns:
        if conn.timeout > now:
            return
        if bytes_waiting(conn.sock):
            conn.timeout = now + SPARED_SECONDS


def bytes_waiting(sock: socket.socket) -> bool:
    """Whether ``sock`` has bytes (or its end) to read now. ``poll``, not ``select``: a worker holding a
    thousand phones' connections has descriptors past ``select``'s 1,024."""
    poller = select.poll()
    try:
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    except (OSError, ValueError):
        return False


def client_address(conn) -> str:
    """The client's address without its port (a phone's connections share it)."""
    return conn.client[0] if isinstance(conn.client, tuple) and conn.client else str(conn.client)
