"""The installable, offline-proof app: the service worker, served from the site's root so that its
scope is every page (a worker controls only the pages under the folder it is served from)."""
from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker():
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"  # a new version reaches phones on their next visit
    response.headers["Service-Worker-Allowed"] = "/"
    return response
