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
    # drawn_ahead adds to tables.bp what a request that changed every table of a night does after its answer
    from web.nights import (audit_trail, chart_screen, commands, director, drawn_ahead, printouts,  # noqa: F401
                            projector, results_csv, screens, tables)
    from web.nights import night_group, player_page, prizes as night_prizes, wishes as night_wishes
    from web.render import register_filters
    from web.teams import commands as team_commands  # noqa: F401  (flask teams reset-pin)
    from web.teams import director as team_director, screens as team_screens, tables as team_tables

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
    app.register_blueprint(night_wishes.bp)
    app.register_blueprint(night_prizes.bp)
    app.register_blueprint(player_page.bp)
    app.register_blueprint(night_group.bp)
    app.register_blueprint(offline.bp)
    app.register_blueprint(team_director.bp)
    app.register_blueprint(team_tables.bp)
    app.register_blueprint(team_screens.bp)
    register_filters(app)
