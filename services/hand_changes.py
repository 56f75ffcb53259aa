"""One way to change a match's hands: add, edit, delete or undo, in ``change_match``.

Every change goes the same way:
1. a new hand whose token is already stored was saved before (a double tap, or the offline outbox
   sending again a hand whose answer it never got): it is a success, and nothing is stored twice;
2. a change sent from a page drawn at another version of the match is stale;
3. the referee scores the whole would-be match; a hand it refuses, here or later on, refuses the change;
4. the hands are stored, the referee's verdicts copied onto the rows (``scoresheet.sync_status``), and
   the commit's UPDATE of the match carries the version it was read at (SQLAlchemy's
   ``version_id_col``), so of two phones racing, one wins and the other is stale. A database too busy
   to take the write (SQLite's lock) is busy: nothing was saved and the same tap may be sent again.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from extensions import commit_keeping_what_was_read, db
from models import Hand, Match
from models.base import utcnow
from referee import MatchResult, RefereeError
from services.scoresheet import score, score_kept, sync_status


@dataclass(frozen=True)
class AddHand:
    """A new hand (a match-document hand) after the last one; ``token`` makes sending it twice store it once."""

    hand: dict
    token: str


@dataclass(frozen=True)
class EditHand:
    """Hand ``hand_id`` of the match becomes ``hand``; the hands after it are scored again."""

    hand_id: int
    hand: dict


@dataclass(frozen=True)
class DeleteHand:
    """Hand ``hand_id`` goes; every later hand keeps the dealer it was dealt by."""

    hand_id: int


@dataclass(frozen=True)
class UndoHand:
    """The last hand goes."""


Change = AddHand | EditHand | DeleteHand | UndoHand


class Status(enum.Enum):
    SAVED = "saved"
    """The change is stored (or, for a hand whose token was stored before, it already was)."""
    REFUSED = "refused"
    """The referee refuses the match the change would make; ``error`` says why. Nothing was stored."""
    STALE = "stale"
    """The match changed since the page that sent the change was drawn. Nothing was stored."""
    BUSY = "busy"
    """The database could not take the write just then. Nothing was stored; sending it again is safe."""


@dataclass(frozen=True)
class Outcome:
    status: Status
    # The referee's result of the match as saved (None when nothing was stored by this call).
    result: MatchResult | None = None
    # Refused: the referee's reason. ``error.hand`` may point at a later hand that would no longer be right.
    error: RefereeError | None = None
    # Where the changed hand is (or would be) in the match: 0-based.
    index: int | None = None

    @property
    def saved(self) -> bool:
        return self.status is Status.SAVED


NOTHING_TO_UNDO = "There is no hand to undo."


def would_be(match: Match, change: Change) -> tuple[list[dict], int]:
    """The match's hands (match-document hands) after ``change``, and the index of the changed hand.
    Raises LookupError for a hand that is not in the match (or, to undo, no hand at all)."""
    hands = [h.to_dict() for h in match.hands]
    if isinstance(change, AddHand):
        return hands + [change.hand], len(hands)
    index = _index_of(match, change)
    if isinstance(change, EditHand):
        hands[index] = change.hand
    else:
        del hands[index]
        _keep_dealers(match, hands, index)
    return hands, index


def change_match(match: Match, change: Change, version: int | None) -> Outcome:
    """Apply ``change`` to ``match``, sent from a page drawn at ``version``, and commit it (see the
    module docstring). A change that is not saved leaves the session rolled back."""
    if isinstance(change, AddHand) and token_used(match, change.token):
        return Outcome(Status.SAVED, index=_position_of_token(match, change.token))
    if version is None or version != match.version:
        return _nothing(Status.STALE)
    try:
        hands, index = would_be(match, change)
    except LookupError:
        if isinstance(change, UndoHand):
            return _nothing(Status.REFUSED, error=RefereeError(NOTHING_TO_UNDO))
        return _nothing(Status.STALE)  # the hand went since the page was drawn
    try:
        result = score(match, hands)
    except RefereeError as error:
        return _nothing(Status.REFUSED, error=error, index=index)
    try:
        _store(match, change, hands, index)
        sync_status(match, result)
        match.updated_at = utcnow()  # and the UPDATE of the match carries (and bumps) its version
        commit_keeping_what_was_read()
    except (StaleDataError, IntegrityError, OperationalError) as error:
        db.session.rollback()
        if isinstance(change, AddHand) and token_used(match, change.token):
            return Outcome(Status.SAVED, index=index)  # the first tap of a double tap won: one hand, a success
        return _nothing(Status.BUSY if isinstance(error, OperationalError) else Status.STALE, index=index)
    return Outcome(Status.SAVED, result=result, index=index)


def token_used(match: Match, token: str) -> bool:
    return _position_of_token(match, token) is not None


def _position_of_token(match: Match, token: str) -> int | None:
    """Where the hand sent with ``token`` is in the match, from its hands as this transaction read them
    (every change reads them to score the match): a hand another phone added after that read moved the
    match's version, so this change's UPDATE fails as stale, and the hands are read again to ask once more."""
    return next((i for i, hand in enumerate(match.hands) if hand.token == token), None)


def _nothing(status: Status, *, error: RefereeError | None = None, index: int | None = None) -> Outcome:
    db.session.rollback()
    return Outcome(status, error=error, index=index)


def _index_of(match: Match, change: Change) -> int:
    ids = [h.id for h in match.hands]
    if isinstance(change, UndoHand):
        if not ids:
            raise LookupError("no hand to undo")
        return len(ids) - 1
    if change.hand_id not in ids:
        raise LookupError(f"hand {change.hand_id} is not in the match")
    return ids.index(change.hand_id)


def _store(match: Match, change: Change, hands: list[dict], index: int) -> None:
    """Write the would-be ``hands`` onto the match's rows (the hand at ``index`` is the changed one)."""
    if isinstance(change, AddHand):
        # after the last hand read: a hand added meanwhile by another phone moved the match's version,
        # so this change's UPDATE would fail as stale
        last = max((hand.position for hand in match.hands), default=0)
        match.hands.append(Hand.from_dict(hands[index], position=last + 1, token=change.token))
    elif isinstance(change, EditHand):
        match.hands[index].set_from_dict(hands[index])
    else:
        gone = match.hands[index]
        db.session.delete(gone)
        db.session.flush()
        match.hands = [h for h in match.hands if h.id != gone.id]
        for later, kept in zip(match.hands[index:], hands[index:]):
            later.set_from_dict(kept)  # their dealers, now written down (see _keep_dealers)


def _keep_dealers(match: Match, hands: list[dict], index: int) -> None:
    """Deleting a hand leaves who dealt every later hand as it was: each one keeps its dealer, written
    down (the hand's ``dealer`` key), so the rotation does not relabel them. The referee then marks
    the first of them as dealt out of turn, which is what the scoresheet now says."""
    if index >= len(hands):
        return  # the last hand (undo): nothing after it
    dealt = [scored.dealer for scored in score_kept(match)[0].hands]  # those the referee scores
    for position in range(index, min(len(hands), len(dealt) - 1)):
        if hands[position].get("dealer") is None:
            hands[position]["dealer"] = dealt[position + 1]
