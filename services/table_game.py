"""A table's game as one state machine, for any event that seats two pairs at a numbered table and plays
each game on the table's phones: a progressive night (``services.night``), a team event.

States (the row's ``status``)::

    playing --send--> submitted --confirm--> done --correct--> done
       ^                  |                   ^
       +-----reject-------+                   |
    playing or submitted ------close----------+

- ``send``: one pair sends the result (from the hands entered, or a game total), after the bell.
- ``confirm``: the other pair agrees. ``reject``: the other pair disagrees; the result is withdrawn and
  kept as ``dispute`` for the pair that sent it.
- ``close``: the director's ruling on a table that will not finish: a default score.
- ``correct``: the director changes a finished result (``corrected`` says so).

Every transition is taken the same way (:func:`_take`): guarded (the game is being played, where that
matters; the bell, for ``send``; the state is one it starts from), changed, claimed (the row's
``version`` is SQLAlchemy's ``version_id_col``, so of two phones that loaded the same version the
second loses with a plain message), the event touched (its pollers see the change) and written to the
audit trail once. The referee decides the winner (``settle_tie``); a tie that needs a cut is its
:class:`TieNeedsCut`, asked for next to the cut field.

An event plugs in with a :class:`TableEvent` (``services.night.table_game.NightTables`` is the night's);
the row is any mapped class with the columns of ``models.night.TableGame`` and ``version_id_col``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from extensions import db
from models.base import utcnow
from referee import MatchResult
from referee.tournament.seats import MATCH_SEAT, SEATS
from referee.tournament.ties import TieNeedsCut, settle_tie
from services.scoresheet import score_kept
from services.errors import StepRefused

PLAYING, SENT, DONE = "playing", "submitted", "done"
STATES = (PLAYING, SENT, DONE)


class TableEvent(Protocol):
    """What a table game belongs to: a night, a team event's round."""

    @property
    def bell_rung(self) -> bool:
        """Whether the bell has ended the game in progress (results are sent after it)."""

    def is_current(self, game: int) -> bool:
        """Whether ``game`` is being played now (only the director changes the results of the others)."""

    def where(self, row: Any) -> str:
        """The table's game in the audit trail's words: "Table 3, game 2"."""

    def side(self, pair: str) -> str:
        """A pair (``"NS"``, ``"EW"``) in words: "North–South", or a team's name."""

    def record_change(self, actor: str, action: str, detail: str, *, old: Any, new: Any, standings: bool) -> None:
        """Write one entry of the event's audit trail, and tell the event's pollers something changed (and its
        standings, when ``standings``)."""


@dataclass(frozen=True)
class Transition:
    """One move of the machine: the states it starts from, the state it ends in, and its words."""

    action: str                 # the audit trail's action
    sources: frozenset[str]
    target: str
    refused: str                # when the row is in no source state ({table} and {game} are filled in)
    lost: str                   # when another request moved the row first
    current_game: bool = True   # only while the game is played (the director corrects any game)
    needs_bell: bool = False
    standings: bool = True      # whether the standings show the change
    records_old: bool = True    # the audit trail keeps the result before
    records_new: bool = True    # and after


SEND = Transition("submit", frozenset({PLAYING}), SENT, "This table's result has already been sent.",
                  "Another phone sent this table's result first.", needs_bell=True, standings=False,
                  records_old=False)
CONFIRM = Transition("confirm", frozenset({SENT}), DONE, "There is no result waiting to be confirmed.",
                     "The result changed while you looked at it. Check it again.", records_old=False)
REJECT = Transition("reject", frozenset({SENT}), PLAYING, "There is no result waiting to be confirmed.",
                    "The result changed while you looked at it. Check it again.", standings=False,
                    records_new=False)
CLOSE = Transition("close", frozenset({PLAYING, SENT}), DONE, "Table {table} is already done.",
                   "The table sent its result just now. Look again before closing it.")
CORRECT = Transition("correct", frozenset({DONE}), DONE,
                     "Table {table} has not finished game {game}; close it instead.",
                     "This result changed while you looked at it. Look again.", current_game=False)
TRANSITIONS = (SEND, CONFIRM, REJECT, CLOSE, CORRECT)


# -- what the hands say --------------------------------------------------------------------------
@dataclass(frozen=True)
class HandsResult:
    """What the hands entered at a table add up to, as the referee scored them."""

    ns_points: int
    ew_points: int
    hands: int
    last_scorer: str | None
    loners: dict[str, int]


def hands_result(table_game: Any, result: MatchResult | None = None) -> HandsResult:
    """``result``: the referee's result of the table's match, when the caller has scored it already."""
    if result is None:
        result, _refused = score_kept(table_game.match)
    by_match_seat = {v: k for k, v in MATCH_SEAT.items()}
    loners = {seat: 0 for seat in SEATS}
    for scored in result.hands:
        if scored.made_loner:
            loners[by_match_seat[scored.maker]] += 1
    last_scorer = None if result.last_scorer is None else ("NS", "EW")[result.last_scorer]
    return HandsResult(result.totals[0], result.totals[1], result.hands_played, last_scorer, loners)


class TotalDisagrees(StepRefused):
    """A game total that is not what the hands entered at the table add up to (``counted``)."""

    def __init__(self, message: str, counted: HandsResult) -> None:
        super().__init__(message)
        self.counted = counted


# -- the machine ---------------------------------------------------------------------------------
def result_value(row: Any) -> dict[str, Any]:
    """The result as the audit trail keeps it."""
    return {"ns": row.ns_points, "ew": row.ew_points, "winner": row.winner, "loners": row.loners,
            "status": row.status}


def guard(event: TableEvent, row: Any, step: Transition) -> None:
    """Refuse ``step`` when the game is over (for the steps of a game in play), before the bell (for a
    result sent), or from a state it does not start from."""
    if step.current_game and not event.is_current(row.game):
        raise StepRefused(f"Game {row.game} is over; only the director can change its result now.")
    if step.needs_bell and not event.bell_rung:
        raise StepRefused("The bell has not rung yet: keep playing. Results are sent after the bell.")
    if row.status not in step.sources:
        raise StepRefused(step.refused.format(table=row.table, game=row.game))


def _take(event: TableEvent, row: Any, step: Transition, *, actor: str, change: Callable[[Any], None],
          detail: str) -> None:
    """Change ``row``, claim it (its version must be the one loaded), touch the event and audit once."""
    old = result_value(row) if step.records_old else None
    change(row)
    row.status = step.target
    flag_modified(row, "status")  # always an UPDATE: the version is checked and moves even when no value did
    try:
        db.session.flush()
    except StaleDataError:
        raise StepRefused(step.lost) from None
    # the event's row last: every result of the event updates that one row, and holds it from then until the commit
    event.record_change(actor, step.action, detail, old=old, new=result_value(row) if step.records_new else None,
                        standings=step.standings)


def winner_of(ns: int, ew: int, *, last_scorer: str | None = None, cut_winner: str | None = None,
              ask: str = "The scores are tied: choose the pair that takes the game.") -> tuple[str, str]:
    """The referee's winner and its reason; a tie that needs a cut is asked for at the cut field."""
    try:
        return settle_tie(ns, ew, last_scorer=last_scorer, cut_winner=cut_winner)
    except TieNeedsCut:
        raise StepRefused(ask, "cut_winner") from None


def send(event: TableEvent, row: Any, *, pair: str, actor: str, totals: tuple[int, int] | None = None,
         loners: dict[str, int] | None = None, cut_winner: str | None = None, anyway: bool = False,
         token: str | None = None) -> None:
    """One pair sends the table's result (from its hands, or ``totals``); the other pair then confirms.

    ``token`` is the send's idempotency token: the same send again (a phone's outbox resending after an
    answer it never got) changes nothing, whatever happened to the result since.

    A game total that disagrees with the hands entered at the table (as the referee scores them) raises
    TotalDisagrees unless sent ``anyway``; then the audit trail keeps what the hands said."""
    if token is not None and token == row.submit_token:
        return  # sent already: stored once
    guard(event, row, SEND)
    against = ""
    if totals is None:
        counted = hands_result(row)
        ns, ew, last, loners = counted.ns_points, counted.ew_points, counted.last_scorer, counted.loners
        if counted.hands == 0 and cut_winner is None:
            raise StepRefused("No hands are entered. Enter the hands played, or send a game total.")
    else:
        (ns, ew), last = totals, None
        counted = hands_result(row) if row.match.hands else None
        if counted is not None and (counted.ns_points, counted.ew_points) != (ns, ew):
            said = (f"The {counted.hands} hand{'s' if counted.hands != 1 else ''} entered at this table add up to "
                    f"{event.side('NS')} {counted.ns_points}, {event.side('EW')} {counted.ew_points}")
            if not anyway:
                raise TotalDisagrees(f"{said}, not {ns} to {ew}. Check the total, or send it anyway.", counted)
            against = f" (sent anyway: {said}.)"
    winner, reason = winner_of(ns, ew, last_scorer=last, cut_winner=cut_winner,
                               ask="The scores are tied and no hand decides it: cut for high card and say who won.")

    def change(row: Any) -> None:
        row.mode = "hands" if totals is None else "total"
        row.ns_points, row.ew_points, row.winner = ns, ew, winner
        row.tie_note = reason if ns == ew else None
        row.loners = loners or {seat: 0 for seat in SEATS}
        row.submitted_by, row.submitted_at = pair, utcnow()
        row.dispute = None
        if token is not None:
            row.submit_token = token

    _take(event, row, SEND, actor=actor, change=change,
          detail=f"{event.where(row)}: {event.side(pair)} sent N–S {ns}, E–W {ew}.{against}")


def confirm(event: TableEvent, row: Any, *, pair: str, actor: str) -> None:
    """The other pair agrees with the result sent: the table's game is done."""
    guard(event, row, CONFIRM)
    if pair == row.submitted_by:
        raise StepRefused(f"{event.side(pair)} sent this result; the other pair confirms it.")

    def change(row: Any) -> None:
        row.done_at = utcnow()

    _take(event, row, CONFIRM, actor=actor, change=change, detail=f"{event.where(row)}: {event.side(pair)} confirmed.")


def reject(event: TableEvent, row: Any, *, pair: str, actor: str) -> None:
    """The other pair disagrees: the result is withdrawn and the table fixes its hands."""
    guard(event, row, REJECT)

    def change(row: Any) -> None:
        row.dispute = {"by": pair, "sent_by": row.submitted_by, "ns": row.ns_points, "ew": row.ew_points,
                       "mode": row.mode}
        row.submitted_by = row.submitted_at = None
        row.ns_points = row.ew_points = row.winner = row.tie_note = None

    _take(event, row, REJECT, actor=actor, change=change,
          detail=f"{event.where(row)}: {event.side(pair)} did not agree; the result was withdrawn.")


def _ruled(ns: int, ew: int, loners: dict[str, int], winner: str, why: str) -> Callable[[Any], None]:
    def change(row: Any) -> None:
        row.ns_points, row.ew_points, row.winner, row.loners = ns, ew, winner, loners
        row.tie_note = why if ns == ew else None
    return change


def close(event: TableEvent, row: Any, *, ns: int, ew: int, loners: dict[str, int], cut_winner: str | None,
          reason: str, actor: str = "director") -> None:
    """The director ends a table that will not finish, with a default score."""
    guard(event, row, CLOSE)
    winner, why = winner_of(ns, ew, cut_winner=cut_winner)
    set_result = _ruled(ns, ew, loners, winner, why)

    def change(row: Any) -> None:
        set_result(row)
        row.mode, row.done_at, row.closed_by_director = "total", utcnow(), True

    _take(event, row, CLOSE, actor=actor, change=change,
          detail=f"{event.where(row)} closed by the director at N–S {ns}, E–W {ew}."
          + (f" Reason: {reason}" if reason else ""))


def correct(event: TableEvent, row: Any, *, ns: int, ew: int, loners: dict[str, int], cut_winner: str | None,
            reason: str, actor: str = "director") -> None:
    """The director corrects any finished game. The seating already made from it stays as it is."""
    guard(event, row, CORRECT)
    winner, why = winner_of(ns, ew, cut_winner=cut_winner or (row.winner if ns == ew else None))
    set_result = _ruled(ns, ew, loners, winner, why)

    def change(row: Any) -> None:
        set_result(row)
        row.corrected = True

    _take(event, row, CORRECT, actor=actor, change=change,
          detail=f"{event.where(row)} corrected to N–S {ns}, E–W {ew}." + (f" Reason: {reason}" if reason else ""))
