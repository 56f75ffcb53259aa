"""A group's stats, added up in SQL: per player, per partnership, the leaderboard, and the skill
rating (openskill).

Every number comes from columns the referee's result filled in (``scoring.record``): the winner
and hands played per match, each seat's side and points, and per hand the makers' side and
whether they made it, marched, went alone or bid a pepper. The queries GROUP BY over
``match_seat`` and ``hand`` joins; Python only picks each player's best partner and toughest
opponent from the few rows those give back, and feeds the finished matches to openskill in order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import aliased

from extensions import db
from models import Hand, Match, MatchSeat, Player
from web.evenings import within

Span = tuple[datetime | None, datetime | None] | None  # the UTC span of the evenings asked for


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _count(condition: Any):
    """How many rows meet ``condition`` (portable: PostgreSQL cannot SUM a boolean)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def _scope(group_id: int, variant: str | None, span: Span = None) -> list[Any]:
    """The group's matches that count (of ``variant``, played in ``span``)."""
    where = [Match.group_id == group_id, Match.status != "abandoned", *within(span)]
    if variant:
        where.append(Match.variant == variant)
    return where


FINISHED = Match.status == "finished"
PAIR_MIN_GAMES = 3  # a best partner or toughest opponent needs this many games: 1 of 1 is luck, 3 of 6 is not


@dataclass
class Record:
    """Games and wins of a player (or a pair) with or against someone."""

    name: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)


@dataclass
class Line:
    """One row of stats: a player, or a partnership (``name`` is then "Ann & Cy")."""

    key: tuple[int, ...]
    name: str
    matches: int = 0          # every match sat in, finished or not
    games: int = 0            # finished matches
    wins: int = 0
    points: int = 0           # what their side scored, over every match
    hands: int = 0            # hands played (the referee's count) in those matches
    maker_hands: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    loners: int = 0
    loners_made: int = 0
    peppers: int = 0
    peppers_made: int = 0
    best_partner: Record | None = None
    toughest_opponent: Record | None = None

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)

    @property
    def make_rate(self) -> float | None:
        return _rate(self.made, self.maker_hands)

    @property
    def euchred_rate(self) -> float | None:
        return _rate(self.euchred, self.maker_hands)

    @property
    def points_per_hand(self) -> float | None:
        return _rate(self.points, self.hands)


def _maker_columns() -> list[Any]:
    return [func.count().label("maker_hands"), _count(Hand.made).label("made"),
            _count(Hand.made.is_(False)).label("euchred"), _count(Hand.march).label("marches"),
            _count(Hand.loner).label("loners"), _count(and_(Hand.loner, Hand.made)).label("loners_made"),
            _count(Hand.pepper).label("peppers"), _count(and_(Hand.pepper, Hand.made)).label("peppers_made")]


MAKER_FIELDS = ("maker_hands", "made", "euchred", "marches", "loners", "loners_made", "peppers", "peppers_made")
GAME_FIELDS = ("matches", "games", "wins", "points", "hands")


def _game_columns(seat: Any) -> list[Any]:
    """Matches, games, wins, points and hands of ``seat`` (MatchSeat or an alias of it)."""
    return [func.count().label("matches"), _count(FINISHED).label("games"),
            _count(and_(FINISHED, Match.winner == seat.side)).label("wins"),
            func.coalesce(func.sum(seat.points), 0).label("points"),
            func.coalesce(func.sum(Match.hands_played), 0).label("hands")]


def player_names(group_id: int) -> dict[int, str]:
    rows = db.session.execute(select(Player.id, Player.name).where(Player.group_id == group_id))
    return {pid: name for pid, name in rows}


def players(group_id: int, variant: str | None = None, detail: bool = True,
            min_games: int = PAIR_MIN_GAMES, span: Span = None) -> list[Line]:
    """Every player who sat in one of the group's matches (of ``variant``), most games first;
    ``detail=False`` leaves out the maker stats, partners and opponents (the leaderboard)."""
    names = player_names(group_id)
    scope = _scope(group_id, variant, span)
    lines: dict[int, Line] = {}

    games = (select(MatchSeat.player_id, *_game_columns(MatchSeat))
             .join(Match, Match.id == MatchSeat.match_id).where(*scope).group_by(MatchSeat.player_id))
    for row in db.session.execute(games):
        line = lines[row.player_id] = Line((row.player_id,), names.get(row.player_id, "?"))
        for name in GAME_FIELDS:
            setattr(line, name, int(getattr(row, name)))

    if not detail:
        return _sorted(lines)

    # One row per hand with a maker: the maker's seat picks the player.
    makers = (select(MatchSeat.player_id, *_maker_columns()).select_from(Hand)
              .join(Match, Match.id == Hand.match_id)
              .join(MatchSeat, and_(MatchSeat.match_id == Hand.match_id, MatchSeat.seat == Hand.maker))
              .where(*scope, Hand.made.is_not(None)).group_by(MatchSeat.player_id))
    for row in db.session.execute(makers):
        line = lines.get(row.player_id)
        if line is not None:
            for name in MAKER_FIELDS:
                setattr(line, name, int(getattr(row, name)))

    _with_and_against(scope, lines, names, min_games)
    return _sorted(lines)


def _sorted(lines: dict[Any, Line]) -> list[Line]:
    return sorted(lines.values(), key=lambda line: (-line.games, -line.matches, line.name.casefold()))


def _with_and_against(scope: list[Any], lines: dict[int, Line], names: dict[int, str], min_games: int) -> None:
    """Each player's best partner (best win rate together) and toughest opponent (worst win rate
    against), over finished matches, among those met at least ``min_games`` times.

    Against an opponent only the games one of the two won (or a tie) count: when a third player wins a
    three-handed game, neither lost to the other."""
    me, other = aliased(MatchSeat), aliased(MatchSeat)
    together = (me.side == other.side).label("together")
    between_us = or_(Match.winner.is_(None), Match.winner == me.side, Match.winner == other.side)
    pairings = (select(me.player_id.label("me"), other.player_id.label("other"), together,
                       _count(or_(together, between_us)).label("games"),
                       _count(Match.winner == me.side).label("wins"))
                .select_from(me)
                .join(other, and_(other.match_id == me.match_id, other.player_id != me.player_id))
                .join(Match, Match.id == me.match_id)
                .where(*scope, FINISHED)
                .group_by(me.player_id, other.player_id, me.side == other.side))
    partners: dict[int, list[Record]] = {}
    opponents: dict[int, list[Record]] = {}
    for row in db.session.execute(pairings):
        record = Record(names.get(row.other, "?"), int(row.games), int(row.wins))
        if record.games >= min_games:
            (partners if row.together else opponents).setdefault(row.me, []).append(record)
    for pid, line in lines.items():
        if partners.get(pid):
            line.best_partner = max(partners[pid], key=lambda r: (r.win_rate, r.games, r.name))
        if opponents.get(pid):
            line.toughest_opponent = min(opponents[pid], key=lambda r: (r.win_rate, -r.games, r.name))


def partnerships(group_id: int, variant: str | None = None, span: Span = None) -> list[Line]:
    """Every pair who played on the same side (partnership games), most games first."""
    names = player_names(group_id)
    scope = _scope(group_id, variant, span)
    a, b = aliased(MatchSeat), aliased(MatchSeat)
    same_side = and_(b.match_id == a.match_id, b.side == a.side, a.player_id < b.player_id)
    lines: dict[tuple[int, int], Line] = {}

    games = (select(a.player_id.label("a"), b.player_id.label("b"), *_game_columns(a))
             .select_from(a).join(b, same_side).join(Match, Match.id == a.match_id)
             .where(*scope).group_by(a.player_id, b.player_id))
    for row in db.session.execute(games):
        key = (row.a, row.b)
        line = lines[key] = Line(key, " & ".join(sorted((names.get(row.a, "?"), names.get(row.b, "?")),
                                                        key=str.casefold)))
        for name in GAME_FIELDS:
            setattr(line, name, int(getattr(row, name)))

    makers = (select(a.player_id.label("a"), b.player_id.label("b"), *_maker_columns()).select_from(Hand)
              .join(Match, Match.id == Hand.match_id)
              .join(a, and_(a.match_id == Hand.match_id, a.side == Hand.maker_side))
              .join(b, same_side)
              .where(*scope, Hand.made.is_not(None)).group_by(a.player_id, b.player_id))
    for row in db.session.execute(makers):
        line = lines.get((row.a, row.b))
        if line is not None:
            for name in MAKER_FIELDS:
                setattr(line, name, int(getattr(row, name)))
    return _sorted(lines)


def leaderboard(lines: list[Line], min_games: int) -> tuple[list[Line], list[Line]]:
    """Players with at least ``min_games`` finished games by win rate (then wins), and the rest."""
    ranked = [line for line in lines if line.games >= min_games]
    ranked.sort(key=lambda line: (-(line.win_rate or 0), -line.wins, line.name.casefold()))
    waiting = [line for line in lines if line.games < min_games]
    return ranked, waiting


def variants_played(group_id: int) -> list[str]:
    return list(db.session.scalars(select(Match.variant).where(Match.group_id == group_id).distinct()
                                   .order_by(Match.variant)))


# -- the skill rating -----------------------------------------------------------------------
@dataclass
class Rating:
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating shown: mu - 3 sigma, a cautious estimate that starts at 0."""
        return self.mu - 3 * self.sigma


@dataclass
class Ratings:
    players: list[Rating] = field(default_factory=list)
    matches: int = 0          # finished partnership matches rated
    skipped: int = 0          # finished each-for-self matches, not rated
    # player id -> (rated match number, 1-based, and the player's shown rating after it), in order
    history: dict[int, list[tuple[int, float]]] = field(default_factory=dict)


def ratings(group_id: int, variant: str | None = None, span: Span = None) -> Ratings:
    """openskill's Plackett-Luce model over the group's finished partnership matches, oldest first.

    A team's skill is the sum of its players' skills, so a win lifts both partners, more so when
    the opponents were rated higher; a tie ranks both teams equal.
    """
    names = player_names(group_id)
    rows = db.session.execute(
        select(Match.id, Match.winner, MatchSeat.player_id, MatchSeat.side)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(*_scope(group_id, variant, span), FINISHED, MatchSeat.side.is_not(None))
        .order_by(Match.created_at, Match.id, MatchSeat.seat))
    model = PlackettLuce()
    current: dict[int, Any] = {}
    games: dict[int, int] = {}
    out = Ratings()
    for _match_id, seats in groupby(rows, key=lambda row: row.id):
        seats = list(seats)
        teams: dict[int, list[int]] = {}
        for seat in seats:
            teams.setdefault(seat.side, []).append(seat.player_id)
        if len(teams) == len(seats):
            out.skipped += 1  # each for self: the rating is about partnerships
            continue
        order = sorted(teams)
        winner = seats[0].winner
        ranks = [0 if winner is None or side == winner else 1 for side in order]
        before = [[current.get(pid) or model.rating() for pid in teams[side]] for side in order]
        after = model.rate(before, ranks=ranks)
        out.matches += 1
        for side, rated in zip(order, after):
            for pid, rating in zip(teams[side], rated):
                current[pid] = rating
                games[pid] = games.get(pid, 0) + 1
                out.history.setdefault(pid, []).append((out.matches, rating.mu - 3 * rating.sigma))
    out.players = sorted((Rating(names.get(pid, "?"), r.mu, r.sigma, games[pid]) for pid, r in current.items()),
                         key=lambda r: (-r.ordinal, r.name.casefold()))
    return out


# -- two players: head-to-head, and each one's form -------------------------------------------------
@dataclass
class Meeting:
    """Two players' record in one game: as partners, and against each other."""

    variant: str
    together: int = 0
    together_wins: int = 0
    against: int = 0          # games one of the two won (or tied) while on different sides
    a_wins: int = 0
    b_wins: int = 0


def head_to_head(group_id: int, a: int, b: int, span: Span = None) -> list[Meeting]:
    """``a`` and ``b``'s finished games together and against each other, per game (variant)."""
    one, two = aliased(MatchSeat), aliased(MatchSeat)
    together = one.side == two.side
    rows = db.session.execute(
        select(Match.variant, together.label("together"), func.count().label("games"),
               _count(Match.winner == one.side).label("a_wins"), _count(Match.winner == two.side).label("b_wins"),
               _count(or_(Match.winner.is_(None), Match.winner == one.side, Match.winner == two.side)).label("decided"))
        .select_from(one).join(two, and_(two.match_id == one.match_id, two.player_id == b))
        .join(Match, Match.id == one.match_id)
        .where(one.player_id == a, *_scope(group_id, None, span), FINISHED)
        .group_by(Match.variant, together))
    meetings: dict[str, Meeting] = {}
    for row in rows:
        meeting = meetings.setdefault(row.variant, Meeting(row.variant))
        if row.together:
            meeting.together, meeting.together_wins = int(row.games), int(row.a_wins)
        else:
            meeting.against, meeting.a_wins, meeting.b_wins = int(row.decided), int(row.a_wins), int(row.b_wins)
    return sorted(meetings.values(), key=lambda m: -(m.together + m.against))


@dataclass
class Form:
    """A player's run of results over their finished games, oldest first."""

    name: str
    results: list[bool] = field(default_factory=list)   # True: won

    @property
    def current_streak(self) -> int:
        """Wins in a row up to the latest game (0 after a loss)."""
        streak = 0
        for won in reversed(self.results):
            if not won:
                break
            streak += 1
        return streak

    @property
    def longest_streak(self) -> int:
        best = run = 0
        for won in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    def win_rate_after_each(self) -> list[int]:
        """The win rate (whole %) after each game."""
        wins, out = 0, []
        for number, won in enumerate(self.results, 1):
            wins += won
            out.append(round(100 * wins / number))
        return out


def form(group_id: int, player_id: int, span: Span = None) -> Form:
    rows = db.session.execute(
        select(Match.winner, MatchSeat.side).join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(MatchSeat.player_id == player_id, *_scope(group_id, None, span), FINISHED)
        .order_by(Match.created_at, Match.id))
    return Form(player_names(group_id).get(player_id, "?"),
                [winner is not None and winner == side for winner, side in rows])
