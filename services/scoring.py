"""Scoring a stored match: the referee's result for it, as the services and the pages both need it."""
from __future__ import annotations

import referee
from referee import RefereeError

from models import Match
from models.match import MAX_HANDS


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
