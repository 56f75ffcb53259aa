"""The answer to a change is drawn from what the change's own transaction read and wrote: once a hand or a
table's result is committed, the answer does not read the match, its seats and hands, the table or its game
again (each a statement, on every one of a big night's thousands of hands and results)."""
from __future__ import annotations

import re
from contextlib import contextmanager

from sqlalchemy import event

from tests.app_helpers import hand_data
from tests.conftest import Client
from tests.night_helpers import Tables, check_in, create_night, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]
MATCH_SLUG = re.compile(r'/matches/([a-z0-9]+)/hands"')


@contextmanager
def sent_around_the_commit(app):
    """The statements sent, with "COMMIT" where the change was committed."""
    from extensions import db

    sent: list[str] = []

    def statement(conn, cursor, text, *args) -> None:
        sent.append(" ".join(text.split()))

    def committed(conn) -> None:
        sent.append("COMMIT")

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", committed)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", committed)


def after_the_commit(sent: list[str]) -> list[str]:
    assert sent.count("COMMIT") == 1, sent
    return sent[sent.index("COMMIT") + 1:]


def a_table(app, client: Client) -> tuple[str, str, Client]:
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    return slug, code, Tables(app).phone(code)


def test_a_hand_saved_at_a_table_is_answered_without_reading_anything_again(app, clean_db, client):
    _slug, code, phone = a_table(app, client)
    match = MATCH_SLUG.search(phone.get(f"/t/{code}").get_data(as_text=True)).group(1)
    data = hand_data(phone, match, maker=0, trump="S", tricks=3)
    with sent_around_the_commit(app) as sent:
        answer = phone.post(f"/matches/{match}/hands", data, htmx=True)
    assert answer.status_code == 200 and 'data-version="2"' in answer.get_data(as_text=True)
    assert after_the_commit(sent) == []
    assert not any(s.startswith("SELECT max(hand.position)") for s in sent), "the next position is the last read + 1"
    assert not any(s.startswith("SELECT hand.id FROM hand") for s in sent), "the token is looked for in the hands read"
    assert sum(s.startswith("SELECT") and "FROM hand" in s for s in sent) == 1, "the match's hands are read once"
    assert not any(s.startswith("SELECT match_seat") for s in sent), "the seats come with the match"


def test_a_hand_saved_after_another_goes_after_it(app, clean_db, client):
    """The next hand's position comes from the hands read: two hands in a row are stored in order."""
    from tests.app_helpers import stored_hands

    _slug, code, phone = a_table(app, client)
    match = MATCH_SLUG.search(phone.get(f"/t/{code}").get_data(as_text=True)).group(1)
    for maker in (0, 1):
        assert phone.post(f"/matches/{match}/hands", hand_data(phone, match, maker=maker, trump="S", tricks=3),
                          htmx=True).status_code == 200
    assert [hand["maker"] for hand in stored_hands(app, match)] == [0, 1]


def test_a_sent_result_is_answered_without_reading_the_table_or_its_game_again(app, clean_db, client):
    slug, code, phone = a_table(app, client)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    with sent_around_the_commit(app) as sent:
        answer = phone.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    assert answer.status_code == 200 and "is that right?" in answer.get_data(as_text=True)
    # a sent result leaves its table short of done, so the game cannot be over: it asks nothing of the other
    # tables, nor reads the night, the table, its game or match again
    assert after_the_commit(sent) == []
    # and before it, the table, its night, game, match, seats and hands came in one statement
    reads = [statement for statement in sent[:sent.index("COMMIT")] if statement.startswith("SELECT")]
    assert any(" FROM night_table " in read and " JOIN hand " in read for read in reads), reads
    assert not any(" FROM hand " in read for read in reads), "the hands are not read on their own"


def test_the_last_confirmed_result_of_a_game_seats_the_next_and_reloads_the_page(app, clean_db, client):
    slug, code, phone = a_table(app, client)  # a night of one table
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    phone.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    with sent_around_the_commit(app) as sent:
        answer = phone.post(f"/t/{code}/confirm", {"pair": "EW"}, htmx=True)
    assert answer.status_code == 200 and answer.headers.get("HX-Refresh") == "true", "the next game's page"
    result = sent[:sent.index("COMMIT")]
    assert result[-1].startswith("SELECT count(CASE"), "whether every table is done: asked before the commit"


def test_a_confirmed_result_while_other_tables_play_does_not_read_the_night_again(app, clean_db, client):
    slug = create_night(client)
    check_in(client, slug, NAMES + ["Ed", "Flo", "Gus", "Hal"])  # two tables
    start(client, slug)
    code = table_codes(app, slug)[1]
    phone = Tables(app).phone(code)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    phone.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    with sent_around_the_commit(app) as sent:
        answer = phone.post(f"/t/{code}/confirm", {"pair": "EW"}, htmx=True)
    assert answer.status_code == 200
    before = sent[:sent.index("COMMIT")]
    assert before[0].startswith("SELECT") and "FROM night_table" in before[0] and "table_game.status" in before[0]
    assert not any(s.startswith("SELECT table_game.") for s in before), "the table's game came with the table"
    # every result of the night updates the night's one row, which no other result can from then until the
    # commit: the audit entry is written before it, on PostgreSQL in the same statement (one round trip)
    touched = next(n for n, s in enumerate(before) if "UPDATE night SET" in s)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        assert before[touched].startswith("WITH entry AS (INSERT INTO audit_entry "), before[touched]
        assert not any(s.startswith("INSERT INTO audit_entry") for s in before), before
    else:
        assert before[touched - 1].startswith("INSERT INTO audit_entry"), before
    # then whether every table is done, after the night's row is held (``count_done_before_commit``)
    counts = [n for n, s in enumerate(before) if s.startswith("SELECT count(CASE")]
    assert len(counts) == 1 and counts[0] > touched, before
    # table 2 still plays: the game goes on, so nothing is read after the commit (on PostgreSQL a second
    # transaction, two more round trips); the count that said so is the one the region shows (1 of 2 tables done)
    assert after_the_commit(sent) == []
    assert "(1 of 2 done)" in answer.get_data(as_text=True)
    assert sum("night_options" in s for s in sent) == 1, "a night without a group: asked once, then known"
    other = Tables(app).phone(table_codes(app, slug)[2])
    other.post(f"/t/{table_codes(app, slug)[2]}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    with sent_around_the_commit(app) as sent:
        assert other.post(f"/t/{table_codes(app, slug)[2]}/confirm", {"pair": "EW"}, htmx=True).status_code == 200
    assert not any("night_options" in s for s in sent[:sent.index("COMMIT")]), "known since the last result"


def test_the_dashboards_counts_are_the_rosters_of_each_game(app, clean_db, client):
    """The dashboard counts who plays a game in SQL (``NightPlayer.plays_in`` as an expression): the same
    players as the roster the seating uses, with some joining late and some leaving early."""
    from extensions import db
    from models import Night
    from services.night import queries

    slug = create_night(client, games=4)
    check_in(client, slug, [f"Player {n}" for n in range(10)])
    with app.app_context():
        night = db.session.scalar(db.select(Night).where(Night.slug == slug))
        for player, (joined, left) in zip(night.players, [(2, None), (3, None), (1, 1), (1, 2), (2, 3)]):
            player.joined_game, player.left_after = joined, left
        db.session.commit()
        for game in range(1, 5):
            assert queries.player_counts(night, game) == (10, len(queries.roster(night, game)))
        assert [queries.player_counts(night, game)[1] for game in range(1, 5)] == [7, 8, 8, 7]


def test_the_tables_done_are_counted_again_once_the_transaction_writes(app, clean_db, client):
    """The count is kept for the rest of a transaction only until it writes: a result saved after it counts."""
    from extensions import db
    from models import Night, TableGame
    from services.night import queries

    slug, _code, _phone = a_table(app, client)
    with app.app_context():
        night = db.session.scalar(db.select(Night).where(Night.slug == slug))
        assert queries.tables_done(night, 1) == (0, 1)
        db.session.scalar(db.select(TableGame).where(TableGame.night_id == night.id)).status = "done"
        db.session.flush()
        assert queries.tables_done(night, 1) == (1, 1)
        db.session.rollback()
        assert queries.tables_done(night, 1) == (0, 1)


def test_the_last_two_tables_confirming_at_once_seat_the_next_game(app, clean_db, client, monkeypatch):
    """Whether the game is over is asked before the commit: of two tables confirming at the same moment, the one
    committed second must count the first. Table 1's confirm waits at its commit while table 2's is sent; on
    PostgreSQL table 2's touch of the night waits for table 1's commit, and its count, after the touch, sees it."""
    import threading

    from extensions import db
    from models import Night
    from web.nights import tables as table_views

    slug = create_night(client)
    check_in(client, slug, NAMES + ["Ed", "Flo", "Gus", "Hal"])  # two tables
    start(client, slug)
    codes = table_codes(app, slug)
    phones = Tables(app)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    for number in (1, 2):
        phones.phone(codes[number]).post(f"/t/{codes[number]}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)

    first_counted, second_sent = threading.Event(), threading.Event()
    commit = table_views.commit_keeping_what_was_read

    def first_waits_at_its_commit() -> None:
        if threading.current_thread().name == "table 1":
            first_counted.set()
            second_sent.wait(5)
        commit()

    monkeypatch.setattr(table_views, "commit_keeping_what_was_read", first_waits_at_its_commit)
    answers: dict[int, int] = {}

    def confirm(number: int) -> None:
        answer = phones.phone(codes[number]).post(f"/t/{codes[number]}/confirm", {"pair": "EW"}, htmx=True)
        answers[number] = answer.status_code

    first = threading.Thread(target=confirm, args=(1,), name="table 1")
    second = threading.Thread(target=confirm, args=(2,), name="table 2")
    first.start()
    assert first_counted.wait(5)
    second.start()
    second.join(0.5)  # table 2's confirm is on its way, waiting for table 1's to be committed
    second_sent.set()
    first.join(10)
    second.join(10)
    assert answers == {1: 200, 2: 200}
    with app.app_context():
        night = db.session.scalar(db.select(Night).where(Night.slug == slug))
        assert night.current_game == 2, "the second table done counted the first: the next game is seated"
