"""A server answers a table's unchanged polls from the tables' states it read last (``quick_pulse.TableStates``):
one read of every playing table for many polls, at most ``TABLE_STATES_FRESH_FOR`` seconds old. A change is
seen once that time is past, and a phone that holds a newer state than the kept one is answered from the
database, never with an older state."""
from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from tests.conftest import Client
from tests.night_helpers import check_in, create_night, phones_at, start, statements_sent, table_codes

SEEN = re.compile(r'seen=([A-Za-z0-9.-]+)')
FRESH_FOR = 10.0


@pytest.fixture()
def kept(app, monkeypatch):
    """The app's table states (``kept.states``) kept for FRESH_FOR seconds of a clock the test moves
    (``kept.now``)."""
    from web.nights import quick_pulse

    middleware = app.wsgi_app
    while not isinstance(middleware, quick_pulse.QuickPulse):
        middleware = middleware.wsgi_app
    monkeypatch.setattr(middleware, "table_states", quick_pulse.TableStates())
    if middleware.engine is not None:  # compiled as the first poll of a process does
        middleware.table_states.query = quick_pulse.PlainQuery(quick_pulse.tables.PLAYING_PULSE_ROWS,
                                                               middleware.engine.dialect)
    clock = SimpleNamespace(now=1000.0, states=middleware.table_states)
    monkeypatch.setattr(quick_pulse, "time", SimpleNamespace(monotonic=lambda: clock.now,
                                                             time=quick_pulse.time.time))
    monkeypatch.setitem(app.config, "TABLE_STATES_FRESH_FOR", FRESH_FOR)
    return clock


def poll(phone: Client, code: str, seen: str):
    return phone.get(f"/t/{code}/pulse?game=1&seen={seen}", htmx=True)


def tag_of(answer) -> str:
    return answer.headers["ETag"].strip('"')


def night_of_three_tables(app, client) -> tuple[str, dict[int, str]]:
    slug = create_night(client)
    check_in(client, slug, [f"Player {n}" for n in range(12)])
    start(client, slug)
    return slug, table_codes(app, slug)


def test_unchanged_polls_of_every_table_are_answered_from_one_read(app, clean_db, client, kept):
    _slug, codes = night_of_three_tables(app, client)
    phones = {number: phones_at(app, code, 2) for number, code in codes.items()}
    tags = {number: tag_of(poll(phones[number][0], code, "earlier")) for number, code in codes.items()}

    kept.now += FRESH_FOR + 1
    sent = []
    for number, code in codes.items():
        for phone in phones[number]:
            with statements_sent(app) as statements:
                answer = poll(phone, code, tags[number])
            assert answer.status_code == 304 and tag_of(answer) == tags[number]
            sent.append(len(statements))
    assert sent == [1, 0, 0, 0, 0, 0], "one read of every table's state, then none for the other polls"


def test_a_change_reaches_the_other_phones_once_the_kept_states_are_old_enough(app, clean_db, client, kept):
    slug, codes = night_of_three_tables(app, client)
    north, east = phones_at(app, codes[1], 2)
    held = tag_of(poll(east, codes[1], "earlier"))
    assert poll(east, codes[1], held).status_code == 304  # the states are read, and kept

    assert client.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code in (200, 303)
    kept.now += FRESH_FOR / 2
    assert poll(east, codes[1], held).status_code == 304, "as if the poll had been sent before the bell"
    kept.now += FRESH_FOR / 2 + 0.1
    rung = poll(east, codes[1], held)
    assert rung.status_code == 200 and 'id="send-ns"' in rung.get_data(as_text=True)


def test_the_phone_that_made_a_change_is_never_answered_with_the_state_before_it(app, clean_db, client, kept):
    slug, codes = night_of_three_tables(app, client)
    north, east = phones_at(app, codes[1], 2)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    before = tag_of(poll(east, codes[1], "earlier"))
    assert poll(east, codes[1], before).status_code == 304  # the states are read, and kept

    sent = north.post(f"/t/{codes[1]}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    assert sent.status_code == 200
    after = SEEN.search(sent.get_data(as_text=True)).group(1)
    assert after != before
    answer = poll(north, codes[1], after)
    assert answer.status_code == 304 and tag_of(answer) == after, "read from the database: its own state"
    assert poll(east, codes[1], before).status_code == 304  # the kept state, still fresh
    kept.now += FRESH_FOR + 0.1
    region = poll(east, codes[1], before)
    assert region.status_code == 200 and "is that right?" in region.get_data(as_text=True)


def test_a_phone_that_does_not_hold_the_table_is_not_answered_from_the_kept_states(app, clean_db, client, kept):
    """A phone that never opened the table goes to the app, which counts a stranger's codes."""
    _slug, codes = night_of_three_tables(app, client)
    seated = phones_at(app, codes[1], 1)[0]
    held = tag_of(poll(seated, codes[1], "earlier"))
    assert poll(seated, codes[1], held).status_code == 304  # the states are read, and kept
    stranger = Client(app.test_client())
    stranger.get("/")
    with statements_sent(app) as statements:
        poll(stranger, codes[1], held)
    assert any("night_table" in statement and "code" in statement for statement in statements), \
        "the app looked the code up"


def test_a_night_that_ends_is_no_longer_kept(app, clean_db, client, kept):
    """Only nights being played are read: a finished night's polls read their table's state."""
    from extensions import db
    from models import Night

    slug, codes = night_of_three_tables(app, client)
    phone = phones_at(app, codes[1], 1)[0]
    held = tag_of(poll(phone, codes[1], "earlier"))
    assert poll(phone, codes[1], held).status_code == 304 and codes[1] in kept.states.rows
    with app.app_context():
        db.session.execute(db.update(Night).where(Night.slug == slug).values(status="finished"))
        db.session.commit()
    kept.now += FRESH_FOR + 1
    with statements_sent(app) as statements:
        answer = poll(phone, codes[1], held)
    assert codes[1] not in kept.states.rows
    assert answer.status_code == 200 and len(statements) >= 2, "the states read, then the table's own state"


@pytest.mark.parametrize("setting", [0, None])
def test_with_no_time_set_each_poll_reads_its_tables_state(app, clean_db, client, kept, monkeypatch, setting):
    monkeypatch.setitem(app.config, "TABLE_STATES_FRESH_FOR", setting)
    _slug, codes = night_of_three_tables(app, client)
    phone = phones_at(app, codes[1], 1)[0]
    held = tag_of(poll(phone, codes[1], "earlier"))
    with statements_sent(app) as statements:
        for _ in range(3):
            assert poll(phone, codes[1], held).status_code == 304
    assert len(statements) == 3


@pytest.mark.parametrize("setting", [FRESH_FOR, 0])
def test_a_processs_first_poll_is_answered(app, clean_db, client, kept, monkeypatch, setting):
    """The first poll a server process gets compiles its queries for the database before it runs them."""
    import threading

    from web.nights import quick_pulse

    monkeypatch.setitem(app.config, "TABLE_STATES_FRESH_FOR", setting)
    _slug, codes = night_of_three_tables(app, client)
    phone = phones_at(app, codes[1], 1)[0]
    held = tag_of(poll(phone, codes[1], "earlier"))
    middleware = app.wsgi_app
    while not isinstance(middleware, quick_pulse.QuickPulse):
        middleware = middleware.wsgi_app
    for name, value in {"engine": None, "local": threading.local(), "table_states": quick_pulse.TableStates(),
                        "pulse_row": quick_pulse.PlainQuery(quick_pulse.tables.PULSE_ROW, None),
                        "tables_done": quick_pulse.PlainQuery(quick_pulse.night_queries.TABLES_DONE, None)}.items():
        monkeypatch.setattr(middleware, name, value)
    with statements_sent(app) as statements:
        answer = poll(phone, codes[1], held)
    assert answer.status_code == 304 and statements, "answered before Flask, from a read of its own"


def test_the_states_are_kept_on_a_database_server_not_on_sqlite():
    """On SQLite a poll's read is no round trip; reading every table twice a second cost more than it saved."""
    from app import TABLE_STATES_FRESH_FOR, table_states_fresh_for

    assert table_states_fresh_for("postgresql+psycopg://postgres@127.0.0.1:5432/night") == TABLE_STATES_FRESH_FOR > 0
    assert table_states_fresh_for("sqlite:////tmp/night.sqlite") == 0


def statements_per_poll(app, phones, code: str, held: str, showing: str,
                        answered: Callable[[Any], bool] = lambda answer: answer.status_code == 200) -> list[int]:
    """Each phone's poll, holding ``held``: its answer shows ``showing``; the statements each sent."""
    sent = []
    for phone in phones:
        with statements_sent(app) as statements:
            answer = poll(phone, code, held)
        assert answered(answer) and showing in answer.get_data(as_text=True)
        sent.append(len(statements))
    return sent


def test_the_bell_and_the_next_game_are_sent_from_the_kept_states(app, clean_db, client, kept):
    """News newer than anything the phone holds, the bell or the next game's page, is sent from the kept states
    once its drawing is made: the first poll reads the states, the table's other phones read nothing."""
    from tests.night_helpers import confirm, send_total

    slug, codes = night_of_three_tables(app, client)
    north, east = phones_at(app, codes[1], 2)
    held = tag_of(poll(east, codes[1], "earlier"))
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).close()  # closed: every region drawn ahead
    kept.now += FRESH_FOR + 1
    assert statements_per_poll(app, (north, east), codes[1], held, "The bell has rung") == [1, 0]

    for code in codes.values():  # the director enters every table's result
        assert send_total(client, code, 10, 4).status_code == 303
        confirm(client, code).close()  # the last one seats game 2, its pages drawn ahead
    with statements_sent(app) as statements:
        on_game_2 = north.get(f"/t/{codes[1]}/pulse?game=2", htmx=True)  # the page of game 2, not of game 1
    assert on_game_2.status_code == 200 and "HX-Retarget" not in on_game_2.headers and statements, \
        "a phone holding a newer state than the kept one reads its own"
    kept.now += FRESH_FOR + 1
    next_page = statements_per_poll(app, (north, east), codes[1], held, "Game 2 of",
                                    lambda answer: answer.headers.get("HX-Retarget") == "#table-page")
    assert next_page == [1, 0]


def test_a_tables_change_is_sent_from_the_kept_states_once_they_show_it(app, clean_db, client, kept):
    """Its other phones hold a state the kept one is newer than: the drawing the change's answer made is sent
    them without a read of their own."""
    slug, codes = night_of_three_tables(app, client)
    north, east, south = phones_at(app, codes[1], 3)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).close()
    before = tag_of(poll(east, codes[1], "earlier"))
    assert north.post(f"/t/{codes[1]}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True).status_code == 200
    kept.now += FRESH_FOR + 1
    assert statements_per_poll(app, (east, south), codes[1], before, "is that right?") == [1, 0]


def test_which_states_are_newer_than_the_phones():
    from web.nights.tables import HEAR_BELL, NEXT_GAME, REDRAW, WAIT, PulseAnswer, newer_than_held, pulse_tag

    def tag(tg_status: str, tg_version: int, match_version: int, standings: int = 5, game: int = 2) -> str:
        return pulse_tag(12, game, True, "playing", standings, tg_status, tg_version, match_version, games=5)

    def newer(now: str, held: str) -> bool:
        return newer_than_held(PulseAnswer(now, REDRAW), None, 2, [held])

    assert newer(tag("playing", 3, 8), tag("playing", 3, 7)), "a hand saved"
    assert newer(tag("submitted", 4, 7), tag("playing", 3, 7)), "a result sent"
    assert newer(tag("done", 5, 7, standings=9), tag("submitted", 4, 7)), "confirmed"
    assert newer(tag("done", 5, 7, standings=11), tag("done", 5, 7, standings=9)), "more tables done"
    assert not newer(tag("playing", 3, 7), tag("playing", 3, 8)), "the phone's own hand, newer than the state kept"
    assert not newer(tag("submitted", 4, 7), tag("playing", 3, 8)), "each newer in one way: read the table"
    assert not newer(tag("submitted", 4, 7), tag("done", 5, 7)), "the phone has the table done"
    assert newer(tag("submitted", 4, 8), tag("submitted", 4, 7)), "the hands corrected before the confirm"
    assert not newer(tag("playing", 3, 7), tag("playing", 3, 7)) and not newer(tag("playing", 3, 7), "old")
    assert not newer(tag("playing", 4, 7), tag("playing", 3, 7, game=1)), "another game's state"
    row = SimpleNamespace(current_game=2)
    assert newer_than_held(PulseAnswer("t", NEXT_GAME), row, 1, []) and newer_than_held(PulseAnswer(None, WAIT), row, 1, [])
    assert not newer_than_held(PulseAnswer("t", NEXT_GAME), row, 3, []), "the phone holds a later game"
    assert not newer_than_held(PulseAnswer("t", NEXT_GAME), row, None, [])
    assert newer_than_held(PulseAnswer("t", HEAR_BELL), row, 2, [])
