"""A bare Flask hello-world: the ceiling that ``bench/load_night.py`` compares the app's throughput with.

Served under the same gunicorn settings as the app (``gunicorn -c gunicorn.conf.py bench.hello_app:app``):
the same workers, threads and worker class, so the difference is our code, the database and the templates.
No session, no database, no CSRF, no compression: the least work a Flask request can do.
"""
from __future__ import annotations

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, world!"
