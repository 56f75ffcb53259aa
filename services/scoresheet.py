"""A stored match as the referee scores it, and the referee's verdicts copied onto its rows.

This is where the app reads the referee's result to store it (``record``); the pages read it in
``web.scoring``. No points are computed here: the referee decides everything.
"""
from __future__ import annotations

import referee
from referee import RefereeError

from models import Match
from models.match import MAX_HANDS

__all__ = ["RefereeError", "score", "score_kept", "sync_status", "record"]


def score(match: Match, hands: list[dict] | None = None) -> dict:
    """The referee's result document for ``match`` (with ``hands`` in place of the stored ones).

    A change that would take the match past ``MAX_HANDS`` is refused like any hand the referee
    refuses, so a match never grows past what its import and its page take."""
    if hands is not None and len(hands) > MAX_HANDS and len(hands) > len(match.hands):
        raise RefereeError(f"A match can hold at most {MAX_HANDS} hands; start a new match to go on.",
                           hand=len(hands) - 1)
    return referee.score_match(match.document(hands))


def score_kept(match: Match) -> tuple[dict, RefereeError | None]:
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
        return referee.score_match(doc), error


# The referee's event words that the group stats count (see referee/variants).
MARCH_EVENTS = frozenset({"march", "lone-march", "all-tricks"})
PEPPER_EVENTS = frozenset({"pepper", "little-pepper", "big-pepper"})


def sync_status(match: Match, result: dict) -> None:
    """Keep the match's stored status and one-line summary in step with the referee, and the
    referee's verdicts that the group stats add up in SQL (see ``record``)."""
    match.status = "finished" if result.get("finished") else "active"
    match.summary = result.get("result") or ""
    record(match, result)


def record(match: Match, result: dict) -> None:
    """Copy the referee's result onto the rows, for stats: the winner and the hands played on the
    match, each seat's side and what that side scored, and per hand the makers' side, whether they
    made it, and whether it was a march, a loner or a pepper bid. Nothing here is worked out by
    the app: it is the referee's ``winner``, ``deltas``, ``maker_side``, ``made`` and ``events``.

    ``match.hands`` must be the hands ``result`` scored, in order.
    """
    scored_hands = result.get("hands", [])
    n_sides = len(result["sides"])
    match.winner = result.get("winner")
    match.hands_played = result.get("hands_played", len(scored_hands))
    points = [0] * n_sides
    for hand, scored in zip(match.hands, scored_hands):
        events = set(scored.get("events", ()))
        points = [p + d for p, d in zip(points, scored["deltas"])]
        hand.maker_side = scored.get("maker_side")
        hand.made = scored.get("made")
        has_maker = hand.made is not None
        hand.march = has_maker and bool(events & MARCH_EVENTS)
        hand.loner = has_maker and "alone" in events
        hand.pepper = has_maker and bool(events & PEPPER_EVENTS)
    for seat in match.seats:
        # match-format.md: the sides are the teams (seats i, i+2, i+4 together) or the seats.
        seat.side = seat.seat % n_sides
        seat.points = points[seat.side]
