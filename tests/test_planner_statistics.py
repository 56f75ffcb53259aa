"""PostgreSQL plans each query by what it knows of the tables' rows. Seating a game is a bulk load (a
thousand tables' games, seats and matches at once), so the seating tells the planner at once, as
PostgreSQL advises, rather than leaving every table's polls to a plan made for an empty table until
autovacuum looks again."""
from __future__ import annotations

import os

import pytest
from sqlalchemy import text

from tests.night_helpers import check_in, create_night, start, table_codes

POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")


POLLED_TABLES = ["night_table", "table_game", "match"]  # what every table's poll reads, besides the night


def analyzed(app) -> dict[str, int]:
    from extensions import db

    with app.app_context():
        rows = db.session.execute(text(
            "SELECT relname, analyze_count FROM pg_stat_user_tables WHERE relname = ANY(:names)"),
            {"names": POLLED_TABLES}).all()
        db.session.rollback()
    return dict(rows)


@pytest.mark.skipif(not POSTGRES, reason="PostgreSQL's planner: only when DATABASE_URL points at it")
def test_seating_a_game_brings_the_planners_statistics_up_to_date(app, clean_db, client):
    from extensions import db
    from web.nights import tables

    slug = create_night(client)
    check_in(client, slug, [f"Player {n}" for n in range(4000)])
    before = analyzed(app)
    start(client, slug)
    after = analyzed(app)
    assert all(after.get(name, 0) == before.get(name, 0) + 1 for name in POLLED_TABLES), (before, after)

    code = table_codes(app, slug)[700]
    with app.app_context():
        compiled = tables.PULSE_ROW.compile(dialect=db.engine.dialect)
        plan = "\n".join(row[0] for row in db.session.connection().exec_driver_sql("EXPLAIN " + compiled.string,
                                                                                   {"code": code}))
        db.session.rollback()
    assert "uq_table_game_night_id_game_table" in plan, plan
    assert 'Filter: (table_game."table" = night_table.number)' not in plan, "a poll finds its table's game by the index"
