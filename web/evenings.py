"""A group's evenings and seasons: matches grouped by the evening they were played, each evening in a
sentence, and a season's standings (every evening, or each player's best N).

An evening runs from 6 am to 6 am in the group's time zone, so a game finished after midnight still
belongs to the evening it started. Dates chosen in a filter mean evenings, the same way.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import and_, func, select
from sqlalchemy.orm import selectinload

from extensions import db
from models import Group, Hand, Match, MatchSeat, Player, Season

EVENING_STARTS = time(6)
COUNTED = Match.status != "abandoned"


def zone_of(group: Group) -> ZoneInfo:
    try:
        return ZoneInfo(group.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def evening_of(moment: datetime, zone: ZoneInfo) -> date:
    """The evening ``moment`` belongs to (its local date, less six hours)."""
    return (moment.astimezone(zone) - timedelta(hours=EVENING_STARTS.hour)).date()


def evening_start(day: date, zone: ZoneInfo) -> datetime:
    """When the evening of ``day`` starts, in UTC (local 6 am, whatever the clocks did that night)."""
    return datetime.combine(day, EVENING_STARTS, tzinfo=zone).astimezone(timezone.utc)


def between(group: Group, since: date | None, until: date | None) -> tuple[datetime | None, datetime | None]:
    """The UTC span from the first evening ``since`` to the end of the evening ``until`` (either open)."""
    zone = zone_of(group)
    return (evening_start(since, zone) if since else None,
            evening_start(until + timedelta(days=1), zone) if until else None)


def within(span: tuple[datetime | None, datetime | None] | None) -> list:
    """SQL conditions keeping the matches played in ``span``."""
    start, end = span or (None, None)
    return ([Match.created_at >= start] if start else []) + ([Match.created_at < end] if end else [])


# -- evenings -----------------------------------------------------------------------------------
@dataclass
class Evening:
    day: date
    matches: list[Match] = field(default_factory=list)
    wins: list[tuple[str, int]] = field(default_factory=list)      # who won how many, most first
    loners: list[tuple[str, int]] = field(default_factory=list)    # loners made, most first

    @property
    def finished(self) -> int:
        return sum(1 for m in self.matches if m.finished)

    @property
    def summary(self) -> str:
        """ "3 games: Cyrus won 2, Ann 1. Most loners made: Ann (2)." """
        games = len(self.matches)
        words = f"{games} game{'s' if games != 1 else ''}"
        if self.wins:
            (first, n), rest = self.wins[0], self.wins[1:]
            words += f": {first} won {n}" + "".join(f", {name} {k}" for name, k in rest)
        unfinished = games - self.finished
        if unfinished:
            words += f" ({unfinished} not finished)"
        words += "."
        if self.loners:
            top = self.loners[0][1]
            names = [name for name, k in self.loners if k == top]
            words += f" Most loners made: {' and '.join(names)} ({top})."
        return words


def evening_days(group: Group) -> list[date]:
    """Every evening the group played, latest first."""
    zone = zone_of(group)
    moments = db.session.scalars(select(Match.created_at).where(Match.group_id == group.id, COUNTED))
    return sorted({evening_of(m, zone) for m in moments}, reverse=True)


def evenings(group: Group, days: list[date]) -> list[Evening]:
    """The evenings ``days``, each with its matches, who won and who made loners."""
    if not days:
        return []
    zone = zone_of(group)
    span = (evening_start(min(days), zone), evening_start(max(days) + timedelta(days=1), zone))
    matches = db.session.scalars(
        select(Match).where(Match.group_id == group.id, COUNTED, *within(span))
        .order_by(Match.created_at, Match.id)
        .options(selectinload(Match.seats).joinedload(MatchSeat.player))).all()
    by_day: dict[date, Evening] = {day: Evening(day) for day in days}
    for match in matches:
        evening = by_day.get(evening_of(match.created_at, zone))
        if evening is not None:
            evening.matches.append(match)
    loners = _loners_made([m.id for m in matches])
    for evening in by_day.values():
        wins: Counter[str] = Counter()
        made: Counter[str] = Counter()
        for match in evening.matches:
            if match.finished and match.winner is not None:
                wins.update(seat.player.name for seat in match.seats if seat.side == match.winner)
            made.update(loners.get(match.id, {}))
        evening.wins = _most_first(wins)
        evening.loners = _most_first(made)
    return [by_day[day] for day in days]


def _loners_made(match_ids: list[int]) -> dict[int, Counter[str]]:
    if not match_ids:
        return {}
    rows = db.session.execute(
        select(Hand.match_id, Player.name, func.count())
        .join(MatchSeat, and_(MatchSeat.match_id == Hand.match_id, MatchSeat.seat == Hand.maker))
        .join(Player, Player.id == MatchSeat.player_id)
        .where(Hand.match_id.in_(match_ids), Hand.loner.is_(True), Hand.made.is_(True))
        .group_by(Hand.match_id, Player.name))
    out: dict[int, Counter[str]] = defaultdict(Counter)
    for match_id, name, count in rows:
        out[match_id][name] += count
    return out


def _most_first(counter: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda item: (-item[1], item[0].casefold()))


# -- seasons ------------------------------------------------------------------------------------
@dataclass
class SeasonLine:
    name: str
    evenings: int
    games: int
    wins: int
    counted: int          # the wins that count: all of them, or those of the best evenings
    rank: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def season_standings(group: Group, season: Season) -> list[SeasonLine]:
    """Each player's evenings, games and wins in ``season``, ranked by the wins that count (with
    ``best_of``, those of their best evenings), then all wins, then win rate; equal players share a
    rank."""
    zone = zone_of(group)
    span = between(group, season.starts, season.ends)
    rows = db.session.execute(
        select(Player.name, Match.created_at, Match.winner, MatchSeat.side)
        .join(MatchSeat, MatchSeat.match_id == Match.id).join(Player, Player.id == MatchSeat.player_id)
        .where(Match.group_id == group.id, Match.status == "finished", *within(span)))
    per_evening: dict[str, dict[date, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for name, played, winner, side in rows:
        games_wins = per_evening[name][evening_of(played, zone)]
        games_wins[0] += 1
        games_wins[1] += int(winner is not None and winner == side)
    lines = []
    for name, days in per_evening.items():
        wins_by_evening = sorted((w for _, w in days.values()), reverse=True)
        counted = sum(wins_by_evening[:season.best_of] if season.best_of else wins_by_evening)
        lines.append(SeasonLine(name, len(days), sum(g for g, _ in days.values()), sum(wins_by_evening), counted))
    key = lambda line: (-line.counted, -line.wins, -(line.win_rate or 0))  # noqa: E731
    lines.sort(key=lambda line: (key(line), line.name.casefold()))
    for index, line in enumerate(lines):
        line.rank = lines[index - 1].rank if index and key(lines[index - 1]) == key(line) else index + 1
    return lines
