"""A database that cannot be written: every write answers a plain 503 (the hand form keeps its 409,
"tap Save again"), and nothing that was saved changes.

The database itself refuses: SQLite with ``PRAGMA query_only`` (the same SQLITE_READONLY error as a
read-only or immutable file), PostgreSQL with read-only transactions, set on every new connection.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import event, select, text

from tests.app_helpers import add_hand, create_match, hand_data, setup_data
from tests.conftest import Client
from tests.group_helpers import create_group, group_match
from tests.night_helpers import check_in, create_night, night_data, send_total, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]
UNSAVED = "can&#39;t be saved right now; nothing was changed"


def snapshot(app) -> dict[str, list[tuple]]:
    """Every row of every table, to compare before and after."""
    from extensions import db

    with app.app_context():
        db.session.remove()
        with db.engine.connect() as conn:
            return {table.name: sorted(map(tuple, conn.execute(select(table)).all()), key=repr)
                    for table in db.metadata.sorted_tables}


class ReadOnly:
    """Switches the database to refusing writes (and back), for the connections opened from then on."""

    def __init__(self, app) -> None:
        from extensions import db

        self.app = app
        with app.app_context():
            self.engine = db.engine
        self.sqlite = self.engine.url.get_backend_name() == "sqlite"

    def _refuse_writes(self, dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA query_only = ON" if self.sqlite else
                       "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
        cursor.close()
        dbapi_connection.commit()

    def __enter__(self) -> "ReadOnly":
        from extensions import db

        with self.app.app_context():
            db.session.remove()
        event.listen(self.engine, "connect", self._refuse_writes)
        self.engine.dispose()
        return self

    def __exit__(self, *exc: Any) -> None:
        from extensions import db

        event.remove(self.engine, "connect", self._refuse_writes)
        with self.app.app_context():
            db.session.remove()
        self.engine.dispose()


def _ids(app, sql: str, **params: Any) -> list:
    from extensions import db

    with app.app_context():
        rows = db.session.execute(text(sql), params).scalars().all()
        db.session.remove()
        return rows


def _scene(app, client: Client) -> list[tuple[str, dict, tuple[int, ...]]]:
    """Everything there is to change, and each write to try on it: (url, form, statuses expected)."""
    group_id = create_group(client)
    group_game = group_match(client, group_id)
    add_hand(client, group_game, maker=0, trump="H", tricks=3)
    one_off = create_match(client, names=("Wes", "Xi", "Yo", "Zed"))
    for maker in (1, 2):
        add_hand(client, one_off, maker=maker, trump="S", tricks=3)
    hand_id = _ids(app, "SELECT h.id FROM hand h JOIN match m ON m.id = h.match_id JOIN match_seat s "
                        "ON s.match_id = m.id JOIN player p ON p.id = s.player_id WHERE p.name = 'Wes' "
                        "ORDER BY h.position")[0]
    group_match(client, group_id, names=("Anne", "Bob", "Cy", "Di"))  # another spelling, to merge
    ann, anne = _ids(app, "SELECT id FROM player WHERE group_id = :g AND name LIKE 'Ann%' ORDER BY name", g=group_id)
    version = {"version": str(_ids(app, "SELECT m.version FROM match m JOIN match_seat s ON s.match_id = m.id "
                                        "JOIN player p ON p.id = s.player_id WHERE p.name = 'Wes'")[0])}

    waiting = create_night(client, name="Waiting")  # checked in, not started
    check_in(client, waiting, NAMES[:8])
    leaver = _ids(app, "SELECT np.id FROM night_player np JOIN night n ON n.id = np.night_id "
                       "WHERE n.slug = :s ORDER BY np.id", s=waiting)[0]
    fresh = create_night(client, name="Fresh")  # started, nothing sent, the bell not rung
    check_in(client, fresh, NAMES[:8])
    start(client, fresh)
    fresh_head = table_codes(app, fresh)[1]
    busy = create_night(client, name="Busy", games=3)  # the bell rung; table 1 done, table 2 sent, table 3 playing
    check_in(client, busy, NAMES)
    start(client, busy)
    codes = table_codes(app, busy)
    assert client.post(f"/nights/{busy}/bell", {"confirmed": "yes"}).status_code in (200, 303)
    for table in (1, 2):
        assert send_total(client, codes[table], 5, 2, pair="NS").status_code == 303
    assert client.post(f"/t/{codes[1]}/confirm", {"pair": "EW"}).status_code == 303
    table_3 = _ids(app, "SELECT m.slug FROM table_game tg JOIN night n ON n.id = tg.night_id JOIN match m ON m.id = tg.match_id "
                        "WHERE n.slug = :s AND tg.game = 1 AND tg.\"table\" = 3", s=busy)[0]
    assert add_hand(client, table_3, maker=0, trump="S", tricks=3).status_code == 303  # a hand to send
    loners = {f"loners_{s}": "0" for s in "NESW"}
    document = {"variant": "euchre", "players": ["P1", "P2", "P3", "P4"], "hands": [{"void": True}]}
    hand_status = (409, 503)  # the hand form's own "busy, tap Save again" on SQLite
    return [
        ("/matches/new", setup_data(names=("New", "Ones", "At", "Table")), (503,)),
        ("/matches/import", {"document": json.dumps(document)}, (503,)),
        (f"/matches/{one_off}/hands", hand_data(client, one_off, maker=3, trump="C", tricks=4), hand_status),
        (f"/matches/{one_off}/hands/{hand_id}", dict(hand_data(client, one_off, maker=0, trump="D", tricks=5)),
         hand_status),
        (f"/matches/{one_off}/hands/{hand_id}/delete", version, hand_status),
        (f"/matches/{one_off}/undo", version, hand_status),
        (f"/matches/{one_off}/rematch", {}, (503,)),
        ("/groups/", {"name": "Friday euchre"}, (503,)),
        (f"/groups/{group_id}/players/{ann}/rename", {"name": "Annie"}, (503,)),
        (f"/groups/{group_id}/players/merge", {"keep": str(ann), "merge": str(anne)}, (503,)),
        (f"/groups/{group_id}/import", {"document": json.dumps(document)}, (503,)),
        ("/nights/new", night_data(name="Another night"), (503,)),
        (f"/nights/{waiting}/players", {"names": "Max\nNed"}, (503,)),
        (f"/nights/{waiting}/players/{leaver}/leave", {}, (503,)),
        (f"/nights/{waiting}/start", {}, (503,)),
        (f"/nights/{fresh}/bell", {"confirmed": "yes"}, (503,)),
        (f"/t/{fresh_head}/bell", {"confirmed": "yes"}, (503,)),
        (f"/t/{codes[3]}/total", {"ns_points": "5", "ew_points": "1", "pair": "NS", "anyway": "5-1", **loners}, (503,)),
        (f"/t/{codes[3]}/submit", {"pair": "NS"}, (503,)),
        (f"/t/{codes[2]}/confirm", {"pair": "EW"}, (503,)),
        (f"/t/{codes[2]}/reject", {"pair": "EW"}, (503,)),
        (f"/nights/{busy}/games/1/tables/3/close", {"ns_points": "3", "ew_points": "1", "reason": "Left", **loners},
         (503,)),
        (f"/nights/{busy}/games/1/tables/1/correct", {"ns_points": "2", "ew_points": "5", "reason": "Misread",
                                                      **loners}, (503,)),
    ]


@pytest.mark.parametrize("htmx", [False, True])
def test_every_write_answers_503_and_changes_nothing(app, client, htmx):
    writes = _scene(app, client)
    before = snapshot(app)
    with ReadOnly(app):
        for url, form, expected in writes:
            response = client.post(url, form, htmx=htmx)
            html = response.get_data(as_text=True)
            assert response.status_code in expected, (url, response.status_code, html[:2000])
            if response.status_code == 503:
                assert UNSAVED in html and "Traceback" not in html, (url, html[:2000])
                assert ("<html" in html) is not htmx  # a fragment for htmx, the whole page otherwise
        assert client.get("/").status_code == 200  # reading still works
    assert snapshot(app) == before

