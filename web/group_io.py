"""A group's data out and back in: CSV of matches and of hands, every match as a match document
(``shared/spec/match-format.md``) one per line (JSON lines), and the import of such a file.

The import checks every line (JSON, what the app can store, then the referee on the whole
document) and reports each line it skipped and why. What it keeps is stored in one transaction:
a file with nothing to import, or a failure half-way, changes nothing.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterator

from sqlalchemy import select
from sqlalchemy.exc import InternalError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import selectinload

from extensions import db
from forms.common import bid_label
from models import Group, Match, MatchSeat
from models.match import parse_played
from referee import MatchResult
from referee.cards import TRUMP_NAMES
from referee.jsonin import UnreadableJSON, loads
from services import new_matches
from web import evenings, scoring
from web.scoring import RefereeError
from web.spreadsheets import spreadsheet_safe

# One import is one request, and one worker is busy for all of it: these keep it to a few seconds
# (150,000 hands in a 16 MB file once took 57 s; each match costs about 10 ms and each hand 1.5 ms
# on a 2-core laptop). A bigger group's history comes in several files.
MAX_IMPORT_BYTES = 2 * 1024 * 1024
MAX_IMPORT_DOCUMENTS = 200
MAX_IMPORT_HANDS = 5_000


def group_matches(group_id: int) -> list[Match]:
    """The group's matches, oldest first, with seats, players and hands loaded."""
    return list(db.session.scalars(
        select(Match).where(Match.group_id == group_id).order_by(Match.created_at, Match.id)
        .options(selectinload(Match.seats).joinedload(MatchSeat.player), selectinload(Match.hands))))


# -- match documents, one per line ----------------------------------------------------------
def document_line(match: Match) -> str:
    return json.dumps(match.document(), ensure_ascii=False, separators=(", ", ": "))


def export_jsonl(group_id: int) -> Iterator[str]:
    for match in group_matches(group_id):
        yield document_line(match) + "\n"


# -- CSV ------------------------------------------------------------------------------------
def _csv(rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([spreadsheet_safe(v) for v in row])
    return out.getvalue()


def _scored(group_id: int) -> list[tuple[Match, MatchResult]]:
    return [(match, scoring.score_kept(match)[0]) for match in group_matches(group_id)]


def export_matches_csv(group: Group) -> str:
    """One row a match. Its date is the evening it belongs to, in the group's time zone, as on the group's
    pages (a game finished at half past midnight is the evening before's; see web/evenings.py)."""
    scored = _scored(group.id)
    zone = evenings.zone_of(group)
    seats = max((len(m.seats) for m, _ in scored), default=4)
    sides = max((len(r.sides) for _, r in scored), default=2)
    header = (["match", "date", "variant", "game", "status"] + [f"seat_{i + 1}" for i in range(seats)]
              + [f"side_{i + 1}" for i in range(sides)] + [f"total_{i + 1}" for i in range(sides)]
              + ["winner", "hands", "result"])
    rows: list[list[Any]] = [header]
    for match, result in scored:
        names = match.players
        winner = result.winner
        rows.append(
            [match.id, evenings.evening_of(match.created_at, zone).isoformat(), match.variant,
             scoring.get_variant(match.variant).name, match.status] + _pad(names, seats) + _pad(result.sides, sides) + _pad(result.totals, sides)
            + [result.sides[winner] if winner is not None else ("tie" if result.tie else ""),
               len(result.hands), result.result])
    return _csv(rows)


def export_hands_csv(group_id: int) -> str:
    scored = _scored(group_id)
    sides = max((len(r.sides) for _, r in scored), default=2)
    header = (["match", "hand", "dealer", "maker", "bid", "trump", "alone", "defender_alone", "partner", "tricks"]
              + [f"points_{i + 1}" for i in range(sides)] + [f"total_{i + 1}" for i in range(sides)] + ["events"])
    rows: list[list[Any]] = [header]
    for match, result in scored:
        for row in hand_rows(match, result):
            rows.append([match.id, row["number"], row["dealer"], row["maker"], row["bid"], row["trump"],
                         "yes" if row["alone"] else "", "yes" if row["defender_alone"] else "", row["partner"],
                         row["tricks"]] + _pad(row["deltas"], sides) + _pad(row["totals"], sides)
                        + [" ".join(row["events"])])
    return _csv(rows)


def _pad(values: list[Any], n: int) -> list[Any]:
    return list(values) + [""] * (n - len(values))


def hand_rows(match: Match, result: MatchResult) -> list[dict[str, Any]]:
    """Each hand as words for the hand table and the CSV: who dealt and made, the bid, trump,
    alone, tricks, and the referee's points, running totals and events."""
    names = match.players
    rows = []
    for number, (hand, scored) in enumerate(zip(match.hands, result.hands), 1):
        data = hand.to_dict()
        tricks = data.get("tricks")
        partner = data.get("partner")
        rows.append({
            "number": number,
            "dealer": names[scored.dealer],
            "maker": names[data["maker"]] if data.get("maker") is not None else "",
            "bid": bid_label(data["bid"]) if data.get("bid") is not None else "",
            "trump": TRUMP_NAMES.get(data.get("trump") or "", ""),
            "trump_code": data.get("trump") or "",
            "alone": bool(data.get("alone")),
            "defender_alone": bool(data.get("defender_alone")),
            "partner": names[partner] if isinstance(partner, int) else ("none" if "partner" in data else ""),
            "tricks": "/".join(str(t) for t in tricks) if isinstance(tricks, list) else (
                "" if tricks is None else str(tricks)),
            "deltas": list(scored.deltas),
            "totals": list(scored.totals),
            "events": list(scored.events),
            "void": bool(data.get("void")),
        })
    return rows


# -- import ---------------------------------------------------------------------------------
@dataclass
class ImportReport:
    imported: list[int] = field(default_factory=list)     # the new matches' ids
    skipped: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)
    error: str | None = None                              # the whole file was refused
    lines: int = 0
    already: dict[int, str] = field(default_factory=dict)  # line number -> the address of the match it repeats


def sameness(doc: dict) -> str:
    """What makes two documents the same match whatever its players are called now (a rename or a
    merge since the export changes only names): the game, its rules, the table's size, the first
    dealer, the start totals and every hand. The date is compared apart (see ``_Known``)."""
    return json.dumps({"variant": doc.get("variant"), "rules": dict(doc.get("rules") or {}),
                       "seats": len(doc.get("players") or []), "first_dealer": doc.get("first_dealer", 0),
                       "start_totals": doc.get("start_totals"), **_carried_marks(doc),
                       "hands": doc.get("hands", [])},
                      sort_keys=True, ensure_ascii=False)


def _carried_marks(doc: dict) -> dict:
    """The marks carried over, only when a document has them, so the sameness of every other match is as before."""
    return {"start_marks": doc["start_marks"]} if doc.get("start_marks") is not None else {}


class _Known:
    """The matches a line could repeat: the group's own, then the lines of this file kept so far.

    A line that carries ``played`` repeats a match of the same sameness played at the same second; a
    line without a date repeats any match of the same sameness."""

    def __init__(self) -> None:
        self.by_sameness: dict[str, list[tuple[datetime | None, Any]]] = {}

    def add(self, doc: dict, when: datetime | None, what: Any) -> None:
        self.by_sameness.setdefault(sameness(doc), []).append((when, what))

    def find(self, doc: dict) -> Any:
        when = parse_played(doc.get("played"))
        for known_when, what in self.by_sameness.get(sameness(doc), []):
            if when is None or known_when is None or abs((known_when - when).total_seconds()) < 1:
                return what
        return None


def _described(match: Match) -> str:
    when = match.created_at
    return f"{when:%a} {when.day} {when:%b %Y}, " + ", ".join(match.players)


def _documents(text: str) -> Iterator[tuple[int, Any, str | None]]:
    """(line number, parsed JSON or None, problem) for each non-blank line; a file that is one
    JSON object (a single match downloaded from its page) counts as one line."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped:
        try:
            yield 1, loads(stripped), None
            return
        except UnreadableJSON:
            pass
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, loads(line), None
        except UnreadableJSON as error:
            yield number, None, error.about("this line")


def import_documents(group_id: int, raw: bytes | str) -> ImportReport:
    """Check every line, then store the good ones in one transaction; see the module docstring."""
    report = ImportReport()
    if len(raw) > MAX_IMPORT_BYTES:
        report.error = (f"This is more than {MAX_IMPORT_BYTES // (1024 * 1024)} MB, more than one import takes. "
                        "Split it into smaller files. Nothing was imported.")
        return report
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            report.error = "This file is not text (UTF-8): choose the .jsonl file the export made. Nothing was imported."
            return report
    known = _Known()
    for match in group_matches(group_id):
        known.add(match.document(), match.created_at, match)
    ready: list[tuple[dict, dict]] = []
    hands = 0
    for number, doc, problem in _documents(raw):
        report.lines += 1
        if report.lines > MAX_IMPORT_DOCUMENTS:
            report.error = (f"One import takes at most {MAX_IMPORT_DOCUMENTS:,} matches. "
                            "Split the file into smaller ones. Nothing was imported.")
            return report
        if problem is None and not isinstance(doc, dict):
            problem = "not a match document (a JSON object, {…})"
        if problem is None:
            problem = new_matches.import_problem(doc)
        if problem is None:
            hands += len(doc.get("hands", []))  # counted before the referee scores them
            if hands > MAX_IMPORT_HANDS:
                report.error = (f"One import takes at most {MAX_IMPORT_HANDS:,} hands in all. "
                                "Split the file into smaller ones. Nothing was imported.")
                return report
            doc = new_matches.tidy_names(doc)
            try:
                result = scoring.referee.score_match(doc)
            except RefereeError as error:
                where = f"hand {error.hand + 1}: " if error.hand is not None else ""
                problem = where + error.message
        if problem is None:
            same = known.find(doc)
            if isinstance(same, Match):
                report.already[number] = same.slug
                problem = f"this match is already in the group (the match of {_described(same)})"
            elif same is not None:
                problem = f"this match is the same as line {same}"
            else:
                known.add(doc, parse_played(doc.get("played")), number)
                ready.append((doc, result))
        if problem is not None:
            report.skipped.append((number, problem[:1].upper() + problem[1:]))
    if report.lines == 0:
        report.error = "The file is empty: there is no match document in it. Nothing was imported."
        return report
    if not ready:
        report.error = "No line of this file is a match this app can import, so nothing was imported."
        return report
    try:
        matches = []
        for doc, result in ready:
            match = new_matches.build_match(doc, result, group_id)
            db.session.add(match)
            db.session.flush()
            matches.append(match)
        db.session.commit()
    except (OperationalError, InternalError):  # the database cannot be written: the app's 503 says so
        db.session.rollback()
        raise
    except SQLAlchemyError:
        db.session.rollback()
        report.error = "The database refused the import, so nothing was imported. Try again."
        return report
    report.imported = [m.id for m in matches]
    return report
