"""What the hostile-input tests and the route fuzzing share: one of everything a URL can name, and the
values an attacker sends."""
from __future__ import annotations

import json
import re

from tests.app_helpers import add_hand
from tests.group_helpers import create_group, group_match
from tests.night_helpers import check_in, create_night, start, table_codes

HUGE_IDS = ["2147483648", "9223372036854775808", "1" + "0" * 40]  # past PostgreSQL's, past SQLite's, past both
CONTROL = ["Ann\x00", "\x1b[31mRed", "a\x07b", "tab\x7f"]
DEEP = "[" * 1000 + "]" * 1000  # 2 KB: a RecursionError (500) before
LONG_NUMBER = '{"variant": "euchre", "players": ["A", "B", "C", "D"], "first_dealer": ' + "9" * 5000 + "}"
HUGE_DOCUMENT = json.dumps({"variant": "euchre", "players": ["A", "B", "C", "D"], "hands": [{"void": True}] * 60_000})
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def first(app, sql: str, **params):
    from sqlalchemy import text

    from extensions import db

    with app.app_context():
        value = db.session.execute(text(sql), params).scalar()
        db.session.remove()
        return value


def make_world(app, client) -> dict[str, str]:
    """One of everything a URL can name, all open to ``client`` (it made them): each route's
    parameters by name."""
    group_id = create_group(client)
    match_id = group_match(client, group_id)
    add_hand(client, match_id, maker=0, trump="H", tricks=3)
    slug = create_night(client)
    check_in(client, slug, ["Ann", "Bo", "Cy", "Di"])
    start(client, slug)
    return {
        "group_id": str(group_id), "match_id": str(match_id),
        "hand_id": str(first(app, "SELECT id FROM hand ORDER BY id")),
        "player_id": str(first(app, "SELECT id FROM player WHERE group_id IS NOT NULL ORDER BY id")),
        "game": "1", "table": "1", "number": "1", "slug": slug, "code": table_codes(app, slug)[1],
        "key": "euchre", "filename": "app.js",
    }


def route_url(rule: str, values: dict[str, str]) -> str:
    """``rule`` (e.g. ``/groups/<int:group_id>``) with each parameter taken from ``values`` (a name it
    does not know, from a route added later, gets a value that names nothing)."""
    return PARAM.sub(lambda m: values.get(m.group(2), "nothing-here"), rule)
