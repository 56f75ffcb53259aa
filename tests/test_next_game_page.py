"""After the movement a table's phones get the next game's page in the answer to their poll: drawn once for
the table's four phones, whichever server process each asks (``web.shared_drawings``), with each phone's own
tokens filled in; a phone whose page holds something of its own gets a page drawn for it alone."""
from __future__ import annotations

import os
import re
import time

import pytest
from flask import template_rendered

from tests.conftest import Client
from tests.night_helpers import check_in, confirm, create_night, send_total, start, statements_sent, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
ONE_TIME_TOKEN = re.compile(r'name="token" value="([^"]+)"')


@pytest.fixture()
def table_pages_drawn(app):
    drawn: list[str] = []

    def record(sender, template, context, **extra):
        if template.name == "nights/_table.html":
            drawn.append(template.name)

    template_rendered.connect(record, app)
    yield drawn
    template_rendered.disconnect(record, app)


def night_after_game_1(app, client: Client) -> tuple[str, list[Client]]:
    """A one-table night whose game 1 is done and game 2 seated, and the table's four phones on game 1's page."""
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    phones = [Client(app.test_client()) for _ in range(4)]
    for phone in phones:
        assert phone.get(f"/t/{code}").status_code == 200
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    assert send_total(phones[0], code, 5, 3).status_code == 303
    assert confirm(phones[1], code).status_code == 303
    return code, phones


def next_game(phone: Client, code: str):
    return phone.get(f"/t/{code}/pulse?game=1&seen=old", htmx=True)


def test_the_next_games_page_comes_with_the_poll_drawn_once_for_the_tables_phones(app, clean_db, client,
                                                                                  table_pages_drawn):
    from web import shared_drawings

    code, phones = night_after_game_1(app, client)
    table_pages_drawn.clear()
    answers = [next_game(phone, code) for phone in phones]
    assert len(table_pages_drawn) == 1, "one drawing for the table's four phones"
    pages = [answer.get_data(as_text=True) for answer in answers]
    for answer, page in zip(answers, pages):
        assert answer.status_code == 200
        assert answer.headers["HX-Retarget"] == "#table-page" and answer.headers["HX-Reswap"] == "outerHTML"
        assert "Game 2 of" in page and 'id="table-page"' in page and "pulse?game=2" in page
        assert not any(mark in page for mark in shared_drawings.marks(app.secret_key))
    tokens = [ONE_TIME_TOKEN.findall(page) for page in pages]
    assert all(tokens) and len({t for found in tokens for t in found}) == sum(map(len, tokens)), \
        "every form on every phone has its own one-time token"

    # Each page's CSRF token is its own phone's: it posts from that phone, and from no other.
    headers = {"HX-Request": "true"}
    own = CSRF_FIELD.findall(pages[2])[0]
    refused = phones[3].raw.post(f"/t/{code}/bell", data={"csrf_token": own}, headers=headers)
    assert refused.status_code == 400
    accepted = phones[2].raw.post(f"/t/{code}/bell", data={"csrf_token": own}, headers=headers)
    assert accepted.status_code == 200 and "ring" in accepted.get_data(as_text=True).lower()


def test_a_drawn_page_is_answered_before_flask_with_one_query(app, clean_db, client):
    """The second phone's poll is answered by ``quick_pulse`` from the shared drawing: one read of the table's
    state, no request through Flask (which would load the session, the night and the table)."""
    code, phones = night_after_game_1(app, client)
    assert next_game(phones[0], code).status_code == 200
    with statements_sent(app) as statements:
        answer = next_game(phones[1], code)
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#table-page"
    assert len(statements) == 1, statements
    assert "Set-Cookie" not in answer.headers, "answered before Flask: the session is not opened"


def test_a_phone_with_a_hand_to_put_back_gets_a_page_of_its_own(app, clean_db, client, table_pages_drawn):
    from web.live import UNDONE

    code, phones = night_after_game_1(app, client)
    assert next_game(phones[0], code).status_code == 200
    with phones[1].raw.session_transaction() as session:
        session[UNDONE] = {"match": "another", "version": 1, "number": 1, "hand": {}}
    table_pages_drawn.clear()
    own = next_game(phones[1], code)
    assert own.status_code == 200 and own.headers["HX-Retarget"] == "#table-page"
    assert len(table_pages_drawn) == 1, "drawn for this phone alone, not taken from the shared drawing"
    assert next_game(phones[2], code).status_code == 200 and len(table_pages_drawn) == 1


def test_the_shared_store_keeps_whole_drawings_by_key(tmp_path):
    from web.shared_drawings import SharedDrawings, fill, marks

    store = SharedDrawings(str(tmp_path), keep=60)
    assert store.get("region-1-ABC-t1") is None
    store.put("region-1-ABC-t1", "<p>one</p>")
    assert store.get("region-1-ABC-t1") == "<p>one</p>"
    assert store.get_or_draw("region-1-ABC-t1", lambda: pytest.fail("drawn again")) == "<p>one</p>"
    assert [entry.name for entry in os.scandir(tmp_path)] == ["region-1-ABC-t1.html"], "no temporary file left"
    for bad in ("../secret_key", "a/b", "", "x" * 201, "nul\x00"):
        with pytest.raises(ValueError):
            store.get(bad)
    old = time.time() - 120
    os.utime(store.path("region-1-ABC-t1"), (old, old))
    store.put("region-2-DEF-t2", "<p>two</p>")
    store.prune()
    assert store.get("region-1-ABC-t1") is None and store.get("region-2-DEF-t2") == "<p>two</p>"

    mark = marks("the night's secret")
    assert mark != marks("another secret"), "the marks come from the secret key: no player can type one"
    filled = fill(f"<i>{mark.csrf}</i><b>{mark.token}</b><b>{mark.token}</b><s>csrf-token</s>", "mine",
                  "the night's secret")
    first, second = re.findall(r"<b>([^<]+)</b>", filled)
    assert filled.startswith("<i>mine</i>") and first != second and mark.token not in filled
    assert filled.endswith("<s>csrf-token</s>")


def test_the_polls_plain_query_reads_the_row_as_sqlalchemy_does(app, clean_db, client):
    """``quick_pulse`` reads a table's state on the driver's own cursor: the same values, of the same types
    (the times above all: SQLite keeps them as text), as SQLAlchemy's own row."""
    from extensions import db
    from web.nights import tables
    from web.nights.quick_pulse import PlainQuery

    code, _phones = night_after_game_1(app, client)
    with app.app_context():
        query = PlainQuery(tables.PULSE_ROW, db.engine.dialect)
        with db.engine.connect() as connection:
            expected = connection.execute(tables.PULSE_ROW, {"code": code}).first()
            plain = query.first(connection, {"code": code})
            assert query.first(connection, {"code": "NOSUCH"}) is None
    assert plain is not None and plain._asdict() == expected._asdict()
    assert plain.game_started_at is not None and type(plain.game_started_at) is type(expected.game_started_at)


def test_the_plain_count_of_tables_done_binds_the_values_written_in_its_statement(app, clean_db, client):
    """The count of tables done has values of its own in the statement (a CASE on the status): run on the
    driver's cursor, it binds them as SQLAlchemy does, and counts the same."""
    from sqlalchemy import select

    from extensions import db
    from models import Night
    from services.night import queries
    from web.nights.quick_pulse import PlainQuery

    night_after_game_1(app, client)
    with app.app_context():
        night_id = db.session.scalar(select(Night.id))
        query = PlainQuery(queries.TABLES_DONE, db.engine.dialect)
        with db.engine.connect() as connection:
            for game in (1, 2):
                expected = connection.execute(queries.TABLES_DONE, {"night_id": night_id, "game": game}).one()
                plain = query.first(connection, {"night_id": night_id, "game": game})
                assert plain._asdict() == expected._asdict()
    assert plain.total > 0


@pytest.mark.parametrize("game", ["%C2%B2", "9" * 5000, "-1", "%00", "1.5"])
def test_a_poll_naming_any_game_is_answered_never_5xx(app, clean_db, client, game):
    """``quick_pulse`` reads ``game`` as Flask does: a "²" (a digit to Python) or 5,000 digits (more than
    ``int`` takes) is no game, and the phone gets the table's page of the game in play."""
    code, phones = night_after_game_1(app, client)
    answer = phones[0].get(f"/t/{code}/pulse?game={game}&seen=old", htmx=True)
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#table-page"
    assert phones[0].get(f"/t/{code}/pulse?game={game}").headers.get("HX-Refresh") == "true"
