"""A stored match as the referee scores it, and the referee's verdicts copied onto its rows.

This is where the app reads the referee's result to store it (``record``); the pages read it in
``web.scoring``. No points are computed here: the referee decides everything.
"""
from __future__ import annotations

import referee
from referee import MatchResult, RefereeError

from models import Match
from models.match import MAX_HANDS

__all__ = ["RefereeError", "score", "score_kept", "sync_status", "record"]


def score(match: Match, hands: list[dict] | None = None) -> MatchResult:
    """The referee's result document for ``match`` (with ``hands`` in place of the stored ones).

    A change that would take the match past ``MAX_HANDS`` is refused like any hand the referee
    refuses, so a match never grows past what its import and its page take."""
    if hands is not None and len(hands) > MAX_HANDS and len(hands) > len(match.hands):
        raise RefereeError(f"A match can hold at most {MAX_HANDS} hands; start a new match to go on.",
                           hand=len(hands) - 1)
    return referee.score_match(match.document(hands))


def score_kept(match: Match) -> tuple[MatchResult, RefereeError | None]:
    """The result of a match as it is stored, and the referee's refusal when it holds something it now
    refuses (a match saved before a rule was made stricter: a hand, or start totals, that could not
    have happened). Then the hands before the refused one are scored (without the start totals, when
    they are what is refused), so the page still shows the match and says what to fix."""
    try:
        return score(match), None
    except RefereeError as error:
        hands = [hand.to_dict() for hand in match.hands]
        if error.hand is not None:
            try:
                return score(match, hands[:error.hand]), error
            except RefereeError:
                pass
        doc = match.document([])
        doc.pop("start_totals", None)
        doc.pop("start_marks", None)
        return referee.score_match(doc), error


def sync_status(match: Match, result: MatchResult) -> None:
    """Keep the match's stored status and one-line summary in step with the referee, and the
    referee's verdicts that the group stats add up in SQL (see ``record``)."""
    match.status = "finished" if result.finished else "active"
    match.summary = result.result or ""
    record(match, result)


def record(match: Match, result: MatchResult) -> None:
    """Copy the referee's result onto the rows, for stats: the winner and the hands played on the
    match, each seat's side and what that side scored, and per hand the makers' side, whether they
    made it, and whether it was a march, a loner or a pepper bid. Nothing here is worked out by
    the app: it is the referee's typed result.

    ``match.hands`` must be the hands ``result`` scored, in order.
    """
    n_sides = len(result.sides)
    match.winner = result.winner
    match.hands_played = result.hands_played
    points = [0] * n_sides
    for hand, scored in zip(match.hands, result.hands):
        points = [p + d for p, d in zip(points, scored.deltas)]
        hand.maker_side = scored.maker_side
        hand.made = scored.made
        hand.march = scored.march
        hand.loner = scored.loner
        hand.pepper = scored.pepper
    for seat in match.seats:
        # match-format.md: the sides are the teams (seats i, i+2, i+4 together) or the seats.
        seat.side = seat.seat % n_sides
        seat.points = points[seat.side]
