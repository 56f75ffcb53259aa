"""The table game's state machine (services/table_game.py): every transition from every state, legal and
refused, claimed once (a second phone that loaded the same version loses) and audited once; and another
kind of event (a team round) running its table games on the same machine. Real SQLite and PostgreSQL."""
from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select, update

from extensions import db
from models import AuditEntry, Night, TableGame
from services import table_game as machine
from services.errors import StepRefused
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import setup as night_setup, table_game
from services.night.errors import NightError

RESULT = {"N": 0, "E": 0, "S": 0, "W": 0}


def new_night(players: int = 4) -> Night:
    night = night_setup.create_night(name="Machine night", day=date(2026, 11, 27), variant="progressive-euchre",
                                     rules={}, games=2, hands_per_game=8, movement="winners",
                                     sit_out_mode="average", sit_out_points=0, bell_minutes=None, pin="2468")
    night_setup.check_in(night, [f"P{i}" for i in range(players)])
    night_games.start_game(night, 1)
    db.session.commit()
    return night


def the_table(night: Night) -> TableGame:
    return night_queries.table_games(night, night.current_game)[0]


def audited(night: Night, action: str) -> int:
    return db.session.scalar(select(func.count()).select_from(AuditEntry)
                             .where(AuditEntry.night_id == night.id, AuditEntry.action == action))


def in_state(state: str) -> tuple[Night, TableGame]:
    """A night whose one table is ``state``: playing, submitted (North–South sent 10 to 4) or done."""
    night = new_night()
    tg = the_table(night)
    if state != "playing":
        night_bell.ring_bell(night, "director")
        table_game.submit(night, tg, pair="NS", actor="table", totals=(10, 4), loners=dict(RESULT))
    if state == "done":
        table_game.confirm(night, tg, pair="EW", actor="table")
    db.session.commit()
    return night, tg


STEPS = {
    "submit": lambda night, tg: table_game.submit(night, tg, pair="NS", actor="t", totals=(10, 6), loners=RESULT),
    "confirm": lambda night, tg: table_game.confirm(night, tg, pair="EW", actor="t"),
    "reject": lambda night, tg: table_game.reject(night, tg, pair="EW", actor="t"),
    "close": lambda night, tg: table_game.close_table(night, tg, ns=7, ew=3, loners=RESULT, cut_winner=None,
                                                      reason="they left"),
    "correct": lambda night, tg: table_game.correct(night, tg, ns=10, ew=8, loners=RESULT, cut_winner=None,
                                                    reason="typo"),
}
LEGAL = {("playing", "submit"): "submitted", ("submitted", "confirm"): "done", ("submitted", "reject"): "playing",
         ("playing", "close"): "done", ("submitted", "close"): "done", ("done", "correct"): "done"}


def test_the_table_of_transitions_is_the_machines():
    assert {(state, step.action): step.target for step in machine.TRANSITIONS for state in step.sources} == LEGAL


@pytest.mark.parametrize("state,action", sorted(LEGAL))
def test_a_legal_transition_moves_claims_and_audits_once(db_session, state, action):
    night, tg = in_state(state)
    if action == "submit":
        night_bell.ring_bell(night, "director")
    version, entries = tg.version, audited(night, action)
    STEPS[action](night, tg)
    db.session.commit()
    db.session.expire_all()
    assert tg.status == LEGAL[(state, action)]
    assert tg.version == version + 1, "claimed: the row's version moved once"
    assert audited(night, action) == entries + 1


@pytest.mark.parametrize("state,action", sorted((s, a) for s in machine.STATES for a in STEPS
                                                 if (s, a) not in LEGAL))
def test_an_illegal_transition_is_refused_and_changes_nothing(db_session, state, action):
    night, tg = in_state(state)
    version, entries = tg.version, db.session.scalar(select(func.count()).select_from(AuditEntry))
    with pytest.raises(NightError) as refused:
        STEPS[action](night, tg)
    db.session.rollback()
    assert refused.value.message
    assert (tg.status, tg.version) == (state, version)
    assert db.session.scalar(select(func.count()).select_from(AuditEntry)) == entries


def test_the_refusals_say_why(db_session):
    night, tg = in_state("playing")
    with pytest.raises(NightError, match="bell has not rung"):
        STEPS["submit"](night, tg)
    with pytest.raises(NightError, match="has not finished game 1; close it instead"):
        STEPS["correct"](night, tg)
    night, tg = in_state("submitted")
    with pytest.raises(NightError, match="North–South sent this result; the other pair confirms it"):
        table_game.confirm(night, tg, pair="NS", actor="t")
    night, tg = in_state("done")
    with pytest.raises(NightError, match=f"Table {tg.table} is already done"):
        STEPS["close"](night, tg)


def test_a_game_that_is_over_takes_only_the_directors_correction(db_session):
    night, tg = in_state("done")
    night_games.start_game(night, 2)
    db.session.commit()
    with pytest.raises(NightError, match="Game 1 is over"):
        STEPS["close"](night, tg)
    db.session.rollback()
    STEPS["correct"](night, tg)
    db.session.commit()
    assert (tg.status, tg.corrected, tg.ns_points) == ("done", True, 10)


@pytest.mark.parametrize("state,action", sorted(LEGAL))
def test_the_second_of_two_phones_loses_the_claim(db_session, state, action):
    """Another request moved the row after this one loaded it: the version no longer matches."""
    night, tg = in_state(state)
    if action == "submit":
        night_bell.ring_bell(night, "director")
        db.session.commit()
    entries = audited(night, action)
    with db.engine.begin() as other:
        other.execute(update(TableGame).where(TableGame.id == tg.id).values(version=TableGame.version + 1))
    with pytest.raises(NightError) as lost:
        STEPS[action](night, tg)
    db.session.rollback()
    step = next(s for s in machine.TRANSITIONS if s.action == action)
    assert lost.value.message == step.lost
    assert tg.status == state
    assert audited(night, action) == entries, "a lost claim leaves no trace in the audit trail"


def test_a_tie_that_needs_a_cut_is_asked_for_at_the_cut(db_session):
    night, tg = in_state("playing")
    night_bell.ring_bell(night, "director")
    with pytest.raises(NightError) as asked:
        table_game.submit(night, tg, pair="NS", actor="t", totals=(6, 6), loners=RESULT)
    assert asked.value.field == "cut_winner"
    table_game.submit(night, tg, pair="NS", actor="t", totals=(6, 6), loners=RESULT, cut_winner="EW")
    db.session.commit()
    assert tg.winner == "EW" and "cut for high card" in tg.tie_note


class TeamRound:
    """Another kind of event: a team event's round, whose pairs are teams."""

    def __init__(self, night: Night, teams: dict[str, str]) -> None:
        self.night, self.teams, self.trail = night, teams, []

    @property
    def bell_rung(self) -> bool:
        return True  # this round has no bell: results go in as soon as a game ends

    def is_current(self, game: int) -> bool:
        return game == 1

    def where(self, row) -> str:
        return f"Round {row.game}, table {row.table}"

    def side(self, pair: str) -> str:
        return self.teams[pair]

    def record_change(self, actor, action, detail, *, old, new, standings: bool) -> None:
        self.trail.append((action, detail, standings))


def test_another_kind_of_event_runs_its_table_games_on_the_machine(db_session):
    night, tg = in_state("playing")
    event = TeamRound(night, {"NS": "The Bowers", "EW": "Lone Hands"})
    machine.send(event, tg, pair="EW", actor="table 1", totals=(4, 10), loners=RESULT)
    with pytest.raises(StepRefused, match="Lone Hands sent this result"):
        machine.confirm(event, tg, pair="EW", actor="table 1")
    machine.reject(event, tg, pair="NS", actor="table 1")
    machine.send(event, tg, pair="EW", actor="table 1", totals=(4, 10), loners=RESULT)
    machine.confirm(event, tg, pair="NS", actor="table 1")
    machine.correct(event, tg, ns=5, ew=10, loners=RESULT, cut_winner=None, reason="")
    db.session.commit()
    assert (tg.status, tg.winner, tg.ns_points) == ("done", "EW", 5)
    assert event.trail == [  # and whether the standings show the change
        ("submit", "Round 1, table 1: Lone Hands sent N–S 4, E–W 10.", False),
        ("reject", "Round 1, table 1: The Bowers did not agree; the result was withdrawn.", False),
        ("submit", "Round 1, table 1: Lone Hands sent N–S 4, E–W 10.", False),
        ("confirm", "Round 1, table 1: The Bowers confirmed.", True),
        ("correct", "Round 1, table 1 corrected to N–S 5, E–W 10.", True),
    ]
