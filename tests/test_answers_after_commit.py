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
    read_again = sent[sent.index("COMMIT") + 1:]
    assert any(s.startswith("SELECT count(CASE") for s in read_again), "whether every table is done"


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
    # commit: the audit entry is written before it
    touched = next(n for n, s in enumerate(before) if s.startswith("UPDATE night SET"))
    assert any(s.startswith("INSERT INTO audit_entry") for s in before[:touched]), before
    # table 2 still plays: the game goes on, so the night is not read again; the count that said so is the one
    # the region shows (1 of 2 tables done), not counted twice
    read_again = after_the_commit(sent)
    assert len(read_again) == 1 and read_again[0].startswith("SELECT count(CASE"), read_again
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
