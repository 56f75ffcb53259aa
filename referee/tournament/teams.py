"""Team events: fixed partners play every round against another team. Pairing each round (Grand Prix,
Swiss, round robin), byes, standings with named tie-breaks, and how long an event will take.

The rule documents describe a game, not an event of teams, so every rule here is a product ruling,
written where it applies and shown to players through :data:`TIE_BREAKS`:

- Grand Prix: a fixed number of rounds; each round pairs teams that have not met, preferring teams
  with similar records; ranked by games won, then points (or point difference, the director's
  choice), then loners made, then the result between the teams still tied.
- Swiss: pairs by record each round, never the same opponents twice while avoidable; ranked by games
  won, then point difference, then opponents' wins (the Buchholz score).
- Round robin: every team meets every other once (the circle method); ranked by games won, then the
  result between the teams still tied, then point difference.
- With an odd number of teams one team sits out each round with a bye: the lowest-ranked team that
  has not had one yet (so byes rotate), scored as the director sets (a win with so many points, or
  nothing).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

T = Hashable  # a team's id


class Format(Enum):
    """How an event pairs its teams each round."""

    GRAND_PRIX = "grand-prix"
    """A fixed number of rounds; teams that have not met, of similar records, play each round."""

    SWISS = "swiss"
    """Teams of equal records play each round, never the same opponents twice while avoidable."""

    ROUND_ROBIN = "round-robin"
    """Every team plays every other team once (up to about 12 teams: n − 1 rounds, or n when odd)."""


class TieBreak(Enum):
    """One step of a ranking: what is compared, larger first."""

    WINS = "games won"
    POINTS = "points"
    POINT_DIFFERENCE = "point difference"
    LONERS = "loners made"
    BETWEEN_THEM = "result between them"
    OPPONENTS_WINS = "opponents' wins"


TIE_BREAKS: dict[Format, tuple[TieBreak, ...]] = {
    Format.GRAND_PRIX: (TieBreak.WINS, TieBreak.POINTS, TieBreak.LONERS, TieBreak.BETWEEN_THEM),
    Format.SWISS: (TieBreak.WINS, TieBreak.POINT_DIFFERENCE, TieBreak.OPPONENTS_WINS),
    Format.ROUND_ROBIN: (TieBreak.WINS, TieBreak.BETWEEN_THEM, TieBreak.POINT_DIFFERENCE),
}


class PairingError(ValueError):
    """A round cannot be paired as asked; ``round`` is the round's number when it applies."""

    def __init__(self, message: str, *, round: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.round = round


@dataclass(frozen=True)
class Pairing:
    """One table of a round: ``home`` plays ``away`` (the home team sits North–South)."""

    table: int
    home: T
    away: T


@dataclass(frozen=True)
class Round:
    number: int
    pairings: tuple[Pairing, ...]
    bye: T | None = None


@dataclass(frozen=True)
class GameResult:
    """A game of a round: each team's points and loners made; ``winner`` is None for a tie (a game
    stopped by the bell level on points, when the director rules it so)."""

    round: int
    home: T
    away: T
    home_points: int
    away_points: int
    winner: T | None
    home_loners: int = 0
    away_loners: int = 0

    def __post_init__(self) -> None:
        if self.winner not in (None, self.home, self.away):
            raise ValueError(f"the winner of {self.home!r} v {self.away!r} must be one of them, not {self.winner!r}")

    def points_of(self, team: T) -> tuple[int, int]:
        """(points for, points against) of ``team``."""
        return ((self.home_points, self.away_points) if team == self.home else (self.away_points, self.home_points))


@dataclass(frozen=True)
class ByeScore:
    """What a bye is worth: ``win`` counts it as a game won, with ``points`` for and none against."""

    win: bool = True
    points: int = 0


@dataclass(frozen=True)
class TeamStanding:
    """A team's place. ``values`` holds each tie-break's value, in the format's order; ``shared`` is
    True when the team is level with another on every one of them."""

    rank: int
    team: T
    games: int
    wins: int
    points_for: int
    points_against: int
    loners: int
    byes: int
    opponents_wins: int
    values: tuple[int, ...]
    shared: bool

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against


# -- records --------------------------------------------------------------------------------------
@dataclass
class _Record:
    games: int = 0
    wins: int = 0
    points_for: int = 0
    points_against: int = 0
    loners: int = 0
    byes: int = 0
    opponents: list[T] = field(default_factory=list)


def _records(teams: Sequence[T], results: Iterable[GameResult], byes: Iterable[tuple[int, T]],
             bye_score: ByeScore) -> dict[T, _Record]:
    records = {team: _Record() for team in teams}
    for result in results:
        for team, other, loners in ((result.home, result.away, result.home_loners),
                                    (result.away, result.home, result.away_loners)):
            record = records.get(team)
            if record is None:
                continue  # a team withdrawn since: its games still count for the others
            scored, conceded = result.points_of(team)
            record.games += 1
            record.wins += result.winner == team
            record.points_for += scored
            record.points_against += conceded
            record.loners += loners
            record.opponents.append(other)
    for _round, team in byes:
        if team in records:
            records[team].byes += 1
            records[team].wins += bye_score.win
            records[team].points_for += bye_score.points
    return records


def standings(teams: Sequence[T], results: Sequence[GameResult], format: Format,
              byes: Iterable[tuple[int, T]] = (), bye_score: ByeScore = ByeScore(),
              points: TieBreak = TieBreak.POINTS) -> list[TeamStanding]:
    """Every team of ``teams`` ranked by the format's tie-breaks (:data:`TIE_BREAKS`); for a Grand
    Prix, ``points`` may be :attr:`TieBreak.POINT_DIFFERENCE` instead of points (the director's
    choice). Teams still level on every tie-break share the rank (1, 2, 2, 4)."""
    records = _records(teams, results, byes, bye_score)
    order = tuple(points if step is TieBreak.POINTS else step for step in TIE_BREAKS[format])

    def value(team: T, step: TieBreak) -> int:
        record = records[team]
        return {TieBreak.WINS: record.wins, TieBreak.POINTS: record.points_for,
                TieBreak.POINT_DIFFERENCE: record.points_for - record.points_against,
                TieBreak.LONERS: record.loners,
                TieBreak.OPPONENTS_WINS: sum(records[o].wins for o in record.opponents if o in records),
                TieBreak.BETWEEN_THEM: 0}[step]

    # Rank step by step: teams level so far are split by the next tie-break; "between them" looks
    # only at the games among the teams still level at that point.
    def rank(group: list[T], steps: tuple[TieBreak, ...]) -> list[list[T]]:
        if len(group) < 2 or not steps:
            return [sorted(group, key=_seed_order(teams))] if len(group) > 1 else [group]
        step, rest = steps[0], steps[1:]
        level = set(group)
        if step is TieBreak.BETWEEN_THEM:
            scores = Counter({team: 0 for team in group})
            for result in results:
                if result.home in level and result.away in level and result.winner is not None:
                    scores[result.winner] += 1
            key = scores.__getitem__
        else:
            key = lambda team: value(team, step)  # noqa: E731
        out: list[list[T]] = []
        for score in sorted({key(team) for team in group}, reverse=True):
            out.extend(rank([team for team in group if key(team) == score], rest))
        return out

    tiers = rank(list(teams), order)
    table: list[TeamStanding] = []
    position = 1
    for tier in tiers:
        for team in tier:
            record = records[team]
            values = tuple(value(team, step) if step is not TieBreak.BETWEEN_THEM else 0 for step in order)
            table.append(TeamStanding(position, team, record.games, record.wins, record.points_for,
                                      record.points_against, record.loners, record.byes,
                                      value(team, TieBreak.OPPONENTS_WINS), values, len(tier) > 1))
        position += len(tier)
    return table


def _seed_order(teams: Sequence[T]):
    index = {team: i for i, team in enumerate(teams)}
    return lambda team: index[team]


# -- pairing a round ------------------------------------------------------------------------------
def met(results: Iterable[GameResult]) -> Counter[frozenset]:
    """How often each two teams have played each other."""
    return Counter(frozenset((r.home, r.away)) for r in results)


def choose_bye(ranked: Sequence[T], byes_had: Counter) -> T:
    """The bye goes to the lowest-ranked team with the fewest byes so far, so byes rotate."""
    fewest = min(byes_had.get(team, 0) for team in ranked)
    return next(team for team in reversed(ranked) if byes_had.get(team, 0) == fewest)


def pair_round(number: int, ranked: Sequence[T], played: Counter[frozenset], byes_had: Counter | None = None,
               home_counts: Counter | None = None) -> Round:
    """Pair the teams of ``ranked`` (best first) for round ``number`` of a Grand Prix or Swiss event.

    Each team plays the nearest team below it in the ranking that it has met the fewest times: with
    enough rounds left nobody meets the same team twice, and when that cannot be avoided (a small
    field, many rounds) the fewest repeats are made. The team that has been home least is home.
    """
    teams = list(ranked)
    if len(set(teams)) != len(teams):
        raise PairingError("A team is listed twice.", round=number)
    if len(teams) < 2:
        raise PairingError("A round needs at least two teams.", round=number)
    byes_had = byes_had or Counter()
    bye = choose_bye(teams, byes_had) if len(teams) % 2 else None
    if bye is not None:
        teams.remove(bye)
    matching = _fewest_repeats(teams, played, everyone=list(ranked))
    home_counts = home_counts or Counter()
    pairings = []
    for table, (a, b) in enumerate(matching, 1):
        home, away = (a, b) if home_counts.get(a, 0) <= home_counts.get(b, 0) else (b, a)
        pairings.append(Pairing(table, home, away))
    return Round(number, tuple(pairings), bye)


def _fewest_repeats(teams: list[T], played: Counter[frozenset], everyone: Sequence[T]) -> list[tuple[T, T]]:
    """A perfect matching of ``teams`` (an even number, best first) with no repeat if one exists,
    else with as few as the search finds, each team paired as close to its rank as possible.

    A matching without repeats is taken only if the next round can be paired without repeats too
    (``everyone``, the bye included, still has a matching of new opponents): pairing each round on its
    own can leave games that cannot all be new (six teams after three rounds: two triangles of teams
    that have not met, which no round can pair)."""
    checks_left = LOOK_AHEAD

    def next_round_possible(matching: tuple[tuple[T, T], ...]) -> bool:
        nonlocal checks_left
        checks_left -= 1
        if checks_left < 0:  # a field this stuck: a repeat-free round now is all we ask
            return True
        after = played + Counter(frozenset(pair) for pair in matching)
        sitting_out = [None] if len(everyone) % 2 == 0 else list(reversed(everyone))  # the next bye, whoever
        return any(_match([t for t in everyone if t != out], after, 0, [500]) is not None for out in sitting_out)

    found = _match(teams, played, 0, [20_000], accept=next_round_possible)
    if found is not None:
        return found
    for allowed in range(0, max(played.values(), default=0) + 1):
        found = _match(teams, played, allowed, [20_000])
        if found is not None:
            return found
    # Every team has met every other as often: any matching is as fair; keep the ranking order.
    return [(teams[i], teams[i + 1]) for i in range(0, len(teams), 2)]


# How many finished matchings a round may check for a next round without repeats before it settles for one
# without repeats now: enough for any field that can be paired at all (a large field passes at the first).
LOOK_AHEAD = 50


def _match(teams: list[T], played: Counter[frozenset], allowed: int, budget: list[int],
           chosen: tuple[tuple[T, T], ...] = (), accept=None) -> list[tuple[T, T]] | None:
    """Backtracking, best team first, nearest opponent first; ``allowed`` is how many earlier
    meetings a pair may have; ``accept``, when given, must approve the finished matching. ``budget``
    bounds the search (a list, shared down the recursion)."""
    if not teams:
        return list(chosen) if accept is None or accept(chosen) else None
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = teams[0], teams[1:]
    for index, other in enumerate(rest):
        if played.get(frozenset((first, other)), 0) > allowed:
            continue
        found = _match(rest[:index] + rest[index + 1:], played, allowed, budget, (*chosen, (first, other)), accept)
        if found is not None:
            return found
    return None


def round_robin(teams: Sequence[T]) -> list[Round]:
    """Every team meets every other once, by the circle method: n − 1 rounds for an even number of
    teams, n rounds (one bye each) for an odd number. Home and away are as even as they can be: each
    team is home in half its games, give or take one (:func:`_home_sides`)."""
    if len(set(teams)) != len(teams):
        raise PairingError("A team is listed twice.")
    if len(teams) < 2:
        raise PairingError("A round robin needs at least two teams.")
    circle: list[T | None] = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(circle)
    home_of = _home_sides(list(teams))
    rounds = []
    for number in range(1, n):
        pairs = [(circle[i], circle[n - 1 - i]) for i in range(n // 2)]
        bye = next((a if b is None else b for a, b in pairs if a is None or b is None), None)
        games = [(a, b) if (a, b) in home_of else (b, a) for a, b in pairs if a is not None and b is not None]
        rounds.append(Round(number, tuple(Pairing(t, h, a) for t, (h, a) in enumerate(games, 1)), bye))
        circle = [circle[0], circle[-1]] + circle[1:-1]
    return rounds


def _home_sides(teams: list[T]) -> set[tuple[T, T]]:
    """Who is home in each meeting of a round robin: the direction of an Euler circuit through every
    meeting (with one extra team joined to all when the count is even, so every team has an even
    number of meetings), which sends each team out as often as it comes in."""
    extra = object()
    nodes: list = teams + ([extra] if len(teams) % 2 == 0 else [])
    unused = {node: [other for other in nodes if other is not node] for node in nodes}
    circuit, stack = [], [nodes[0]]
    while stack:  # Hierholzer: walk unused meetings, backing up when a team has none left
        node = stack[-1]
        if unused[node]:
            other = unused[node].pop()
            unused[other].remove(node)
            stack.append(other)
        else:
            circuit.append(stack.pop())
    return {(a, b) for a, b in zip(circuit, circuit[1:]) if a is not extra and b is not extra}


def rounds_needed(format: Format, n_teams: int) -> int:
    """The usual number of rounds: n − 1 (n when odd) for a round robin; for Swiss, enough rounds for
    one unbeaten team (log2 of the field, rounded up); a Grand Prix plays as many as the director sets,
    suggested here as the Swiss number plus one."""
    if n_teams < 2:
        return 0
    if format is Format.ROUND_ROBIN:
        return n_teams - 1 if n_teams % 2 == 0 else n_teams
    swiss = max(1, (n_teams - 1).bit_length())
    return swiss if format is Format.SWISS else swiss + 1


def estimate_minutes(rounds: int, minutes_per_game: int, playoff_rounds: int = 0, games_per_match: int = 1,
                     between_rounds: int = 5) -> int:
    """How long an event takes: every table plays a round at once, so each round lasts one game (and
    the few minutes of seating between rounds); a playoff round of best-of-three matches lasts up to
    three games. A product ruling: the hosts' own figure of minutes a game is the input."""
    if min(rounds, minutes_per_game, playoff_rounds, between_rounds) < 0 or games_per_match < 1:
        raise ValueError("rounds, minutes and games must not be negative")
    played = rounds * minutes_per_game + playoff_rounds * games_per_match * minutes_per_game
    return played + max(rounds + playoff_rounds - 1, 0) * between_rounds


def draw_pairs(names: Sequence[str], seed: str) -> list[tuple[str, str]]:
    """Teams drawn at random from individuals: the names shuffled (reproducibly, from ``seed``) and taken
    two at a time. A product ruling: an odd name out is refused, not left to the director's guess."""
    import random

    if len(names) % 2:
        raise PairingError(f"{len(names)} players cannot all be drawn into pairs: add or remove one.")
    if len(set(n.casefold() for n in names)) != len(names):
        raise PairingError("A player is listed twice.")
    shuffled = list(names)
    random.Random(seed).shuffle(shuffled)
    return [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled), 2)]
