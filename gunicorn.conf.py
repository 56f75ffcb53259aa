"""gunicorn's settings for ``make serve``: a night at the venue, the laptop serving the phones on its Wi-Fi.

``gunicorn -c gunicorn.conf.py`` reads this file. PORT (default 5000), WEB_CONCURRENCY (worker
processes) and GUNICORN_THREADS (threads per worker) come from the environment.
"""
from __future__ import annotations

import os


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use (respects taskset and containers)
    except AttributeError:  # macOS has no sched_getaffinity
        return os.cpu_count() or 1


# The app built for production (serve.py): never debug mode, never the Werkzeug debugger.
# (Not wsgi.py: bare `flask` commands would pick that before app.py.)
wsgi_app = "serve:app"

# Every interface, so that phones on the venue's Wi-Fi reach the laptop.
bind = [f"0.0.0.0:{os.environ.get('PORT', '5000')}"]


def _workers(cores: int) -> int:
    """Scoring a hand is Python work, so the cores are used by processes, and one worker more than the cores keeps
    them busy. At 1,000 tables on 2 cores three workers answered faster than gunicorn's usual 2 x cores + 1, on
    SQLite and on PostgreSQL alike (docs/performance.md: fewer processes taking turns on the cores, and on
    SQLite's lock). On PostgreSQL a worker also waits for its statements, but an unchanged poll, most of a
    night's requests, reads none (``quick_pulse.TableStates``). At most 12, so that workers x threads stays well
    under PostgreSQL's default 100 connections."""
    return min(cores + 1, 12)


workers = int(os.environ.get("WEB_CONCURRENCY", _workers(_cores())))
# gthread keeps idle keep-alive connections (phones between polls) in a poller, not in a thread. One
# thread per worker: the threads of one process share one interpreter lock, so a short request (a
# poll, the standings) waited behind a long one in the same process; with 4 threads the standings'
# p95 under a 100-table night was 2-4 times that of 1 thread (docs/performance.md). With one thread,
# inline_worker answers on gthread's own loop, without handing each request to a thread and back.
threads = int(os.environ.get("GUNICORN_THREADS", 1))
worker_class = "gthread" if threads > 1 else "inline_worker.InlineWorker"
keepalive = 5
timeout = 30
graceful_timeout = 10

# Errors on stderr, in the terminal running `make serve`. The access log only when asked for
# (ACCESS_LOG=- for the terminal, or a file's path): a big night asks a thousand times a second, and
# writing each line cost the server a twentieth of its time while the terminal scrolled unreadably.
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"

# gunicorn 25+ opens a control socket at ~/.gunicorn/gunicorn.ctl by default; two servers on one laptop
# (a rehearsal and the real night, or the test suite) would fight over it, and nobody here uses it.
control_socket_disable = True


def post_worker_init(worker) -> None:
    """The worker has loaded the app: its modules, routes, models and settings live as long as the worker.
    Frozen, they are left out of Python's full garbage collections, each of which otherwise walked them all
    (about 110,000 objects, 30 ms and more) on the worker's only thread while a phone waited.

    The worker's thread shares the interpreter with its drawing thread (web/nights/drawer.py). Each time a
    request waits on the network or the database it lets the interpreter go, and while a drawing runs it
    gets it back only when the drawing is made to yield: after Python's switch interval, 5 ms by default,
    at every database statement and every socket read and write. A twentieth of that keeps a request's
    wait for the interpreter under a millisecond per step; the drawing, a few hundred milliseconds of
    Python, yields more often for it."""
    import gc  # here, not at the top: gunicorn reads every top-level name of this file as a setting
    import sys

    gc.freeze()
    sys.setswitchinterval(0.00025)
