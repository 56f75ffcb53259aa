"""A table's game: its result sent by one pair, confirmed or rejected by the other, or closed and
corrected by the director."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from models import Night, TableGame
from models.base import utcnow
from models.night import MATCH_SEAT, PAIR_NAMES, SEATS
from referee.tournament.night import settle_tie
from services import scoring
from services.night.audit import audit
from services.night.errors import NightError


@dataclass(frozen=True)
class HandsResult:
    """What the hands entered at a table add up to, as the referee scored them."""

    ns_points: int
    ew_points: int
    hands: int
    last_scorer: str | None
    loners: dict[str, int]


def hands_result(table_game: TableGame) -> HandsResult:
    match = table_game.match
    result, _refused = scoring.score_kept(match)
    by_match_seat = {v: k for k, v in MATCH_SEAT.items()}
    loners = {seat: 0 for seat in SEATS}
    last_scorer = None
    for hand, scored in zip(match.hands, result.get("hands", [])):
        events = scored.get("events", [])
        if "alone" in events and "euchred" not in events and hand.maker is not None and \
                any(e in events for e in ("made", "march", "lone-march")):
            loners[by_match_seat[hand.maker]] += 1
        deltas = scored.get("deltas", [0, 0])
        if deltas[0] > 0 and deltas[0] >= deltas[1]:
            last_scorer = "NS"
        elif deltas[1] > 0:
            last_scorer = "EW"
    totals = result.get("totals", [0, 0])
    return HandsResult(totals[0], totals[1], result.get("hands_played", 0), last_scorer, loners)


def _result_value(tg: TableGame) -> dict[str, Any]:
    return {"ns": tg.ns_points, "ew": tg.ew_points, "winner": tg.winner, "loners": tg.loners, "status": tg.status}


def _game_is_current(night: Night, tg: TableGame) -> None:
    if tg.game != night.current_game or night.status != "playing":
        raise NightError(f"Game {tg.game} is over; only the director can change its result now.")


class TotalDisagrees(NightError):
    """A game total that is not what the hands entered at the table add up to (``counted``)."""

    def __init__(self, message: str, counted: HandsResult) -> None:
        super().__init__(message)
        self.counted = counted


def submit(night: Night, tg: TableGame, *, pair: str, actor: str, totals: tuple[int, int] | None = None,
           loners: dict[str, int] | None = None, cut_winner: str | None = None, anyway: bool = False) -> None:
    """One pair sends the table's result (from its hands, or ``totals``); the other pair then confirms.

    A game total that disagrees with the hands entered at the table (as the referee scores them) raises
    TotalDisagrees unless sent ``anyway``; then the audit trail keeps what the hands said."""
    _game_is_current(night, tg)
    if not night.bell_rung:
        raise NightError("The bell has not rung yet: keep playing. Results are sent after the bell.")
    if tg.status != "playing":
        raise NightError("This table's result has already been sent.")
    against = ""
    if totals is None:
        counted = hands_result(tg)
        ns, ew, last, loners = counted.ns_points, counted.ew_points, counted.last_scorer, counted.loners
        if counted.hands == 0 and cut_winner is None:
            raise NightError("No hands are entered. Enter the hands played, or send a game total.")
    else:
        (ns, ew), last = totals, None
        counted = hands_result(tg) if tg.match.hands else None
        if counted is not None and (counted.ns_points, counted.ew_points) != (ns, ew):
            said = (f"The {counted.hands} hand{'s' if counted.hands != 1 else ''} entered at this table add up to "
                    f"North–South {counted.ns_points}, East–West {counted.ew_points}")
            if not anyway:
                raise TotalDisagrees(f"{said}, not {ns} to {ew}. Check the total, or send it anyway.", counted)
            against = f" (sent anyway: {said}.)"
    try:
        winner, reason = settle_tie(ns, ew, last_scorer=last, cut_winner=cut_winner)
    except ValueError:
        raise NightError("The scores are tied and no hand decides it: cut for high card and say who won.",
                         "cut_winner") from None
    if not tg.claim("playing"):
        raise NightError("Another phone sent this table's result first.")
    tg.mode = "hands" if totals is None else "total"
    tg.ns_points, tg.ew_points, tg.winner = ns, ew, winner
    tg.tie_note = reason if ns == ew else None
    tg.loners = loners or {seat: 0 for seat in SEATS}
    tg.status, tg.submitted_by, tg.submitted_at = "submitted", pair, utcnow()
    tg.dispute = None
    night.touch(standings=False)  # the standings count a result once it is confirmed
    audit(night, actor, "submit", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} sent "
          f"N–S {ns}, E–W {ew}.{against}", new=_result_value(tg))


def confirm(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    _game_is_current(night, tg)
    if tg.status != "submitted":
        raise NightError("There is no result waiting to be confirmed.")
    if pair == tg.submitted_by:
        raise NightError(f"{PAIR_NAMES[pair]} sent this result; the other pair confirms it.")
    if not tg.claim("submitted"):
        raise NightError("The result changed while you looked at it. Check it again.")
    tg.status, tg.done_at = "done", utcnow()
    night.touch()
    audit(night, actor, "confirm", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} confirmed.",
          new=_result_value(tg))


def reject(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    """The other pair disagrees: the result is withdrawn and the table fixes its hands."""
    _game_is_current(night, tg)
    if tg.status != "submitted":
        raise NightError("There is no result waiting to be confirmed.")
    old = _result_value(tg)
    if not tg.claim("submitted"):
        raise NightError("The result changed while you looked at it. Check it again.")
    tg.dispute = {"by": pair, "sent_by": tg.submitted_by, "ns": tg.ns_points, "ew": tg.ew_points, "mode": tg.mode}
    tg.status, tg.submitted_by, tg.submitted_at = "playing", None, None
    tg.ns_points = tg.ew_points = tg.winner = tg.tie_note = None
    night.touch(standings=False)  # it was never on the standings
    audit(night, actor, "reject", f"Table {tg.table}, game {tg.game}: {PAIR_NAMES[pair]} did not agree; "
          "the result was withdrawn.", old=old)


def close_table(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int],
                cut_winner: str | None, reason: str) -> None:
    """The director ends a table that will not finish, with a default score (logged)."""
    _game_is_current(night, tg)
    if tg.done:
        raise NightError(f"Table {tg.table} is already done.")
    try:
        winner, why = settle_tie(ns, ew, cut_winner=cut_winner)
    except ValueError:
        raise NightError("The scores are tied: choose the pair that takes the game.", "cut_winner") from None
    old = _result_value(tg)
    if not tg.claim(tg.status):
        raise NightError("The table sent its result just now. Look again before closing it.")
    tg.ns_points, tg.ew_points, tg.winner, tg.loners = ns, ew, winner, loners
    tg.tie_note = why if ns == ew else None
    tg.mode, tg.status, tg.done_at, tg.closed_by_director = "total", "done", utcnow(), True
    night.touch()
    audit(night, "director", "close", f"Table {tg.table}, game {tg.game} closed by the director at N–S {ns}, "
          f"E–W {ew}." + (f" Reason: {reason}" if reason else ""), old=old, new=_result_value(tg))


def correct(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int], cut_winner: str | None,
            reason: str) -> None:
    """The director corrects any finished game. The seating already made from it stays as it is."""
    if not tg.done:
        raise NightError(f"Table {tg.table} has not finished game {tg.game}; close it instead.")
    try:
        winner, why = settle_tie(ns, ew, cut_winner=cut_winner or (tg.winner if ns == ew else None))
    except ValueError:
        raise NightError("The scores are tied: choose the pair that takes the game.", "cut_winner") from None
    old = _result_value(tg)
    if not tg.claim("done"):
        raise NightError("This result changed while you looked at it. Look again.")
    tg.ns_points, tg.ew_points, tg.winner, tg.loners = ns, ew, winner, loners
    tg.tie_note = why if ns == ew else None
    tg.corrected = True
    night.touch()
    audit(night, "director", "correct", f"Table {tg.table}, game {tg.game} corrected to N–S {ns}, E–W {ew}."
          + (f" Reason: {reason}" if reason else ""), old=old, new=_result_value(tg))
