"""The one way to change a match (services/hand_changes.py), on its own: each outcome (saved, refused,
stale, busy) for each change (add, edit, delete, undo), on the real database (SQLite, or PostgreSQL
with DATABASE_URL). The routes that call it are tested in test_hand_flow.py, test_hand_delete.py..."""
from __future__ import annotations

import pytest
from sqlalchemy import event, select, text
from sqlalchemy.exc import OperationalError

from services.hand_changes import (NOTHING_TO_UNDO, AddHand, DeleteHand, EditHand, Status, UndoHand,
                                   change_match)
from services.new_matches import start_match

HEARTS_3 = {"maker": 1, "trump": "H", "tricks": 3}    # Bob & Di make it: 1 point
SPADES_5 = {"maker": 0, "trump": "S", "tricks": 5}    # Ann & Cy march: 2 points
CLUBS_4 = {"maker": 2, "trump": "C", "tricks": 4}


@pytest.fixture()
def session(app, clean_db):
    from extensions import db

    with app.app_context():
        yield db.session
        db.session.remove()


def new_match(**rules):
    return start_match(variant="euchre", rules=rules, first_dealer=0, start_totals=None,
                       names=["Ann", "Bob", "Cy", "Di"], group_id=None)


def stored(session, match_id: int) -> tuple[int, list[dict]]:
    """The match's version and hands as another request would read them (not from this session's copy)."""
    from models import Match

    session.expire_all()
    match = session.get(Match, match_id)
    return match.version, [h.to_dict() for h in match.hands]


def add(match, hand: dict, token: str, version: int | None = None):
    return change_match(match, AddHand(hand, token), match.version if version is None else version)


def test_adding_a_hand_saves_it_with_the_referees_verdicts(session):
    match = new_match()
    assert match.version == 1
    outcome = add(match, SPADES_5, "t1")
    assert outcome.status is Status.SAVED and outcome.index == 0
    assert outcome.result.hands[0].deltas == (2, 0)  # the referee's result of the match as saved
    assert stored(session, match.id) == (2, [SPADES_5])
    hand = match.hands[0]
    assert (hand.made, hand.march, hand.maker_side) == (True, True, 0)  # copied for the group stats
    assert [seat.points for seat in match.seats] == [2, 0, 2, 0]


def test_a_token_sent_again_stores_the_hand_once(session):
    """A double tap, or the offline outbox sending a hand whose answer it never got: one hand, and
    the second send is a success too (its page drawn before the first one saved)."""
    match = new_match()
    assert add(match, SPADES_5, "outbox-1").saved
    again = change_match(match, AddHand(SPADES_5, "outbox-1"), 1)  # the version the outbox held
    assert again.status is Status.SAVED and again.index == 0
    assert stored(session, match.id) == (2, [SPADES_5])


def test_a_hand_the_referee_refuses_is_not_saved(session):
    match = new_match()
    outcome = add(match, {"maker": 0, "trump": "H", "tricks": 9}, "t1")
    assert outcome.status is Status.REFUSED and outcome.error.field == "tricks" and outcome.index == 0
    assert stored(session, match.id) == (1, [])


def test_a_change_from_a_page_drawn_at_another_version_is_stale(session):
    match = new_match()
    add(match, HEARTS_3, "t1")
    hand_id = match.hands[0].id
    for change in (AddHand(SPADES_5, "t2"), EditHand(hand_id, SPADES_5), DeleteHand(hand_id), UndoHand()):
        assert change_match(match, change, 1).status is Status.STALE
        assert change_match(match, change, None).status is Status.STALE
    assert stored(session, match.id) == (2, [HEARTS_3])


def test_of_two_phones_racing_one_wins_and_the_other_is_stale(session):
    """Both read the match at version 2; the other phone commits first. This one's UPDATE carries the
    version it read (version_id_col), so it changes nothing."""
    from extensions import db

    match = new_match()
    add(match, HEARTS_3, "t1")
    version = match.version
    with db.engine.connect() as other:
        other.execute(text("UPDATE match SET version = version + 1 WHERE id = :id"), {"id": match.id})
        other.commit()
    outcome = change_match(match, EditHand(match.hands[0].id, SPADES_5), version)
    assert outcome.status is Status.STALE
    assert stored(session, match.id) == (3, [HEARTS_3])


def test_a_database_too_busy_to_write_is_busy_and_nothing_is_saved(session):
    from extensions import db

    match = new_match()

    def locked(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("UPDATE MATCH"):
            raise OperationalError(statement, {}, Exception("database is locked"))

    event.listen(db.engine, "before_cursor_execute", locked)
    try:
        outcome = add(match, SPADES_5, "t1")
    finally:
        event.remove(db.engine, "before_cursor_execute", locked)
    assert outcome.status is Status.BUSY
    assert stored(session, match.id) == (1, [])
    assert add(match, SPADES_5, "t1").saved  # the same tap, sent again
    assert stored(session, match.id) == (2, [SPADES_5])


def test_editing_a_hand_scores_every_later_hand_again(session):
    match = new_match()
    add(match, HEARTS_3, "t1")
    add(match, SPADES_5, "t2")
    outcome = change_match(match, EditHand(match.hands[0].id, CLUBS_4), match.version)
    assert outcome.saved and outcome.index == 0
    assert [h.deltas for h in outcome.result.hands] == [(1, 0), (2, 0)]
    assert stored(session, match.id) == (4, [CLUBS_4, SPADES_5])


def test_an_edit_that_makes_a_later_hand_wrong_is_refused(session):
    """Playing to 3: hand 2 ends the game once hand 1 is a march, so hand 3 could not have been played."""
    match = new_match(target=3)
    for token, hand in (("t1", HEARTS_3), ("t2", SPADES_5), ("t3", HEARTS_3)):
        assert add(match, hand, token).saved
    outcome = change_match(match, EditHand(match.hands[0].id, SPADES_5), match.version)
    assert outcome.status is Status.REFUSED and outcome.index == 0 and outcome.error.hand == 2
    assert stored(session, match.id) == (4, [HEARTS_3, SPADES_5, HEARTS_3])


def test_deleting_a_hand_keeps_who_dealt_the_later_ones(session):
    match = new_match()
    for token, hand in (("t1", HEARTS_3), ("t2", SPADES_5), ("t3", CLUBS_4)):
        add(match, hand, token)
    outcome = change_match(match, DeleteHand(match.hands[0].id), match.version)
    assert outcome.saved and outcome.index == 0
    assert stored(session, match.id) == (5, [dict(SPADES_5, dealer=1), dict(CLUBS_4, dealer=2)])
    assert [h.dealer for h in outcome.result.hands] == [1, 2]


def test_a_hand_deleted_meanwhile_is_stale(session):
    match = new_match()
    add(match, HEARTS_3, "t1")
    assert change_match(match, DeleteHand(10**6), match.version).status is Status.STALE
    assert change_match(match, EditHand(10**6, SPADES_5), match.version).status is Status.STALE


def test_undo_takes_the_last_hand_back(session):
    match = new_match()
    add(match, HEARTS_3, "t1")
    add(match, SPADES_5, "t2")
    outcome = change_match(match, UndoHand(), match.version)
    assert outcome.saved and outcome.index == 1
    assert stored(session, match.id) == (4, [HEARTS_3])
    token = session.scalar(select(text("token")).select_from(text("hand")))
    assert token == "t1"


def test_undo_with_no_hand_is_refused(session):
    match = new_match()
    outcome = change_match(match, UndoHand(), match.version)
    assert outcome.status is Status.REFUSED and outcome.error.message == NOTHING_TO_UNDO and outcome.index is None
    assert stored(session, match.id) == (1, [])
