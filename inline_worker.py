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
is closed after ``keepalive`` seconds, and a stopping worker finishes what it has. One thing is added: a
client that goes quiet in the middle of a request or of its answer is given up after
:data:`SILENCE_SECONDS` (see :func:`give_up_on_silence`).
"""
from __future__ import annotations

import logging
import socket
import struct

from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.workers import gthread


# A request's bytes stop coming, or its answer stops being read: a phone gone from the venue's Wi-Fi in the
# middle, or a client that stalls on purpose. The worker reads and writes on a blocking socket, so it would
# wait until gunicorn's timeout (30 s) killed it, and every phone it serves with it.
SILENCE_SECONDS = 5


def give_up_on_silence(sock: socket.socket) -> None:
    """Have the kernel end a blocking read or write on ``sock`` that gets nothing for SILENCE_SECONDS: the call
    fails (gthread logs it, and closes the connection) and the worker goes on with its other phones. Set on
    the socket itself, so it holds however gthread sets the socket's blocking mode."""
    timeval = struct.pack("ll", SILENCE_SECONDS, 0)  # whole seconds
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeval)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, timeval)


class SilenceInOneLine(logging.Filter):
    """gthread logs any socket error with its traceback; a client given up for its silence (the kernel's
    "try again", :func:`give_up_on_silence`) is one line in the director's terminal instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], BlockingIOError):
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
    one packet for a poll's answer, not two. A file sent by ``sendfile`` (the body written by the kernel)
    and a chunked body have their headers sent first, on their own, as gunicorn does."""

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
            util.write(self.sock, held)

    def _emit_body(self, data: bytes) -> None:
        if self.held and not self.chunked:
            data, self.held = self.held + data, b""
        self.send_held()
        super()._emit_body(data)

    def sendfile(self, respiter) -> bool:
        self.send_held()
        self.hold = False
        return super().sendfile(respiter)

    def close(self) -> None:
        self.send_headers()
        self.send_held()
        super().close()


class InlineWorker(gthread.ThreadWorker):
    """``gthread`` with each request answered on the worker's loop (``threads`` must be 1)."""

    @classmethod
    def check_config(cls, cfg, log) -> None:
        super().check_config(cfg, log)
        if cfg.threads != 1:
            log.warning("The inline worker answers one request at a time: threads=%s is ignored.", cfg.threads)

    def init_process(self) -> None:
        wsgi.Response = OneWriteResponse  # every HTTP/1 answer of this process (HTTP/2 brings its own)
        self.log.error_log.addFilter(SilenceInOneLine())
        super().init_process()

    def enqueue_req(self, conn) -> None:
        if not (conn.initialized or conn.data_ready):
            # a new connection: its first bytes are waited for in the poller, never in the loop
            give_up_on_silence(conn.sock)
            self.finish_request(conn, Finished(gthread._DEFER))
            return
        self.finish_request(conn, Finished(self.handle(conn)))
