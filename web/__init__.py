"""Blueprints, one module each: home, matches (setup, page, export/import, rematch), hands, the
read-only live scoreboard (watch), the rules pages and dispute tools, groups (history, stats, ratings,
export/import), progressive nights (director, tables, screens), and the offline service worker."""
from __future__ import annotations

from flask import Flask
from werkzeug.routing import BaseConverter

from models.match import SLUG_PATTERN


class SlugConverter(BaseConverter):
    """A match's address (``models.match.new_slug``): anything else is a 404 before any view runs."""

    regex = SLUG_PATTERN


def register_blueprints(app: Flask) -> None:
    from web import disputes, groups, hands, home, matches, offline, watch
    # commands: flask nights ...; audit_trail, chart_screen, printouts and results_csv add routes to screens.bp
    from web.nights import (audit_trail, chart_screen, commands, director, printouts, projector,  # noqa: F401
                            results_csv, screens, tables)
    from web.render import register_filters

    app.url_map.converters["slug"] = SlugConverter  # before the routes that use it
    app.register_blueprint(home.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(disputes.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(director.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(screens.bp)
    app.register_blueprint(projector.bp)
    app.register_blueprint(offline.bp)
    register_filters(app)
