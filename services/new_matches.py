"""New matches: one set up at the table, a rematch, and one from a match document (an import, a group's
import, a deleted match brought back). Each is scored by the referee and its verdicts stored the same
way as a changed hand's (``scoresheet.sync_status``); the hands of a document are rows made the same
way as an added hand's (``Hand.from_dict``)."""
from __future__ import annotations

import secrets

import referee
from referee import MatchResult, RefereeError

from extensions import db
from models import HAND_KEYS, Hand, Match, MatchSeat, Player
from models.match import MAX_HANDS, START_MARKS_MAX, START_TOTAL_MAX, parse_played
from models.player import NAME_MAX, UNPRINTABLE_NAME, unprintable
from services.scoresheet import score, score_kept, sync_status


def start_match(*, variant: str, rules: dict, first_dealer: int, start_totals: list[int] | None,
                names: list[str], group_id: int | None, start_marks: list[int] | None = None) -> Match:
    """A new match, committed. Raises the referee's RefereeError (nothing stored) when it refuses the setup."""
    match = Match(variant=variant, rules=rules, first_dealer=first_dealer, start_totals=start_totals,
                  start_marks=start_marks, status="active", group_id=group_id)
    for seat, name in enumerate(names):
        match.seats.append(MatchSeat(seat=seat, player=Player.get_or_create(name, group_id)))
    try:
        sync_status(match, score(match))  # before it is stored: one INSERT, at version 1
    except RefereeError:
        db.session.rollback()  # the players it may have added
        raise
    db.session.add(match)
    db.session.commit()
    return match


def rematch(old: Match) -> Match:
    """The same players in the same seats, the same rules, and the referee's rematch dealer. Committed."""
    result, _refused = score_kept(old)
    match = Match(variant=old.variant, rules=dict(old.rules or {}), first_dealer=result.rematch_dealer,
                  status="active", group_id=old.group_id)
    for seat in old.seats:
        match.seats.append(MatchSeat(seat=seat.seat, player=seat.player))
    sync_status(match, score(match))
    db.session.add(match)
    db.session.commit()
    return match


def import_problem(doc: dict) -> str | None:
    """What the app itself cannot store of a match document (the referee checks the rest)."""
    if doc.get("format") not in (None, "euchre-match/1"):
        return f"This is not a euchre-match/1 document (its format is {doc.get('format')!r})."
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        return "'players' must be a list of names."
    names = [" ".join(p.split()) for p in players]
    if any(len(p) > NAME_MAX for p in names):
        return f"Player names can be at most {NAME_MAX} letters."
    if any(unprintable(p) for p in names):
        return UNPRINTABLE_NAME
    if len({p.casefold() for p in names}) != len(names):
        return "Each player may sit at the table only once."
    if "played" in doc and parse_played(doc["played"]) is None:
        return "The date it was played is not a date (write it like 2025-03-06 or 2025-03-06T19:30:00Z)."
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        return "'hands' must be a list."
    if len(hands) > MAX_HANDS:
        return f"A match can hold at most {MAX_HANDS} hands; this one has {len(hands):,}."
    starts = doc.get("start_totals")
    if isinstance(starts, list) and any(isinstance(t, (int, float)) and not isinstance(t, bool)
                                        and not -START_TOTAL_MAX <= t <= START_TOTAL_MAX for t in starts):
        return f"Start totals go from -{START_TOTAL_MAX} to {START_TOTAL_MAX}."
    marks = doc.get("start_marks")
    if isinstance(marks, list) and any(isinstance(m, (int, float)) and not isinstance(m, bool)
                                       and m > START_MARKS_MAX for m in marks):
        return f"A side can carry at most {START_MARKS_MAX} marks over."
    for index, hand in enumerate(hands):
        if isinstance(hand, dict):
            unknown = sorted(set(hand) - set(HAND_KEYS))
            if unknown:
                return f"Hand {index + 1}: this app does not know the key '{unknown[0]}'."
    return None


def tidy_names(doc: dict) -> dict:
    """The document with its players' names as the app stores them (runs of spaces made one)."""
    return dict(doc, players=[" ".join(p.split()) for p in doc["players"]])


def store_document(doc: dict, group_id: int | None = None) -> Match:
    """A match from a document that ``import_problem`` passed, committed. Raises the referee's
    RefereeError (nothing stored) when it refuses the document."""
    doc = tidy_names(doc)
    match = build_match(doc, referee.score_match(doc), group_id)
    db.session.add(match)
    db.session.commit()
    return match


def build_match(doc: dict, result: MatchResult, group_id: int | None = None) -> Match:
    """A new match (not yet added or committed) from a checked document and the referee's result."""
    match = Match(variant=doc["variant"], rules=dict(doc.get("rules") or {}), group_id=group_id,
                  first_dealer=doc.get("first_dealer", 0), start_totals=doc.get("start_totals"),
                  start_marks=doc.get("start_marks"))
    played = parse_played(doc.get("played"))
    if played is not None:
        match.created_at = match.updated_at = played
    for seat, name in enumerate(doc["players"]):
        match.seats.append(MatchSeat(seat=seat, player=Player.get_or_create(name, group_id)))
    for position, data in enumerate(doc.get("hands", [])):
        match.hands.append(Hand.from_dict(data, position=position, token=f"import-{secrets.token_urlsafe(12)}"))
    sync_status(match, result)
    return match
