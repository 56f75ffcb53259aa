"""A rotation chart: a schedule fixed in advance in which partners change every game.

This is a product design: [002] describes only the winners-advance movement. What a chart promises:

- Partners: nobody partners the same player twice while the chart has no more games than one round
  robin (N - 1 games for an even head-count N, N games for an odd one).
- Sit-outs: when N is not a multiple of four, ``N % 4`` players sit out each game, in a fixed turn
  order: place 0, 1, 2, ... then round again. So at every point of the night sit-outs differ by at most
  one, nobody sits out twice in a row, and a chart cut short (the roster changed) is still fair.
- Opponents: spread as evenly as the construction allows. For every N = 4k or 4k + 1 with a shipped
  design (:data:`WHIST_DESIGNS`: every one from 4 to 64) the chart
  is a whist tournament: every two players partner once and are opponents exactly twice over N - 1
  games (N = 4k) or N games (N = 4k + 1), the optimum. A shorter night takes the first games (still no
  repeats at all); a longer one starts the design again, which meets the counting floor
  (:func:`quality_floor`) for both partners and opponents. So do 19, 23 and 31 players (below).
- Quality: every chart is graded against the counting floor (:meth:`ChartQuality.gap`), the best lower
  bound known here; a gap of (0, 0) means no chart can do better.

Constructions, by N % 4 (places are numbered so that the sit-out turn order is 0, 1, 2, ...):

- Whist tournaments where one is shipped (:data:`WHIST_DESIGNS`, found once by tools/whist_search.py):
  game r is the starter round with the group element r added to every player (a group of N - 1
  elements and a fixed player for N = 4k; of N elements, player r sitting out, for N = 4k + 1); see
  ``whist_group``.
- 4k and 4k + 1 without a shipped design (above 64): the round-robin
  "circle method" (an odd head-count gets a dummy, whose partner sits out), pairs matched into tables
  to spread opponents.
- 4k + 2 (N = 2m): players are (a, b) with a mod m and b in {0, 1}; in game r the two players (r, 0)
  and (r, 1) sit out; games 0 to m - 1 pair (r - i, b) with (r + i, b), games m to 2m - 1 pair (r + a, 0)
  with (r + 2a, 1). Every pair of players is partners at most once in 2m = N games.
- 4k + 3 not divisible by 3, with a shipped design for N + 1 whose table with "inf" is (inf, 0, 1, -1)
  (:data:`THREE_OUT_DESIGNS`): that whist tournament with "inf"'s place empty, its table-mates sitting
  out (optimal: nobody meets anyone more than twice).
- 4k + 3 not divisible by 3 otherwise: the circle method for N + 1 players with a dummy; the dummy's table sits
  out (the dummy's partner r and the pair r + i, r - i with 3i = 1 mod N), which is three players in
  turn order.
- 4k + 3 divisible by 3: sit-outs in turn order, partners found game by game by a search that never
  repeats a partnership when it can help it.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from referee.tournament.whist_designs import THREE_OUT_DESIGNS, WHIST_DESIGNS
from referee.tournament.whist_group import INF, Group

Pair = tuple[int, int]
Table = tuple[Pair, Pair]

@dataclass(frozen=True)
class ChartQuality:
    """How good a chart is. ``*_floor`` are counting lower bounds (equal means optimal): 0 repeat
    partners while games <= one round robin; 0 repeat opponents (nobody meets anyone more than twice)
    while the chart is no longer than a whist tournament."""

    players: int
    games: int
    repeat_partners: int
    max_partner_repeats: int
    repeat_opponents: int
    max_opponent_meetings: int
    sit_outs_min: int
    sit_outs_max: int
    partner_optimum: bool
    repeat_partners_floor: int = 0
    repeat_opponents_floor: int = 0
    method: str = ""

    def to_json(self) -> dict:
        return dict(self.__dict__)

    def gap(self) -> tuple[int, int]:
        """How far the chart is from the best lower bound known (the counting floor): extra repeat
        partnerships, extra opponent meetings beyond the second. (0, 0): no chart can do better."""
        return (self.repeat_partners - self.repeat_partners_floor,
                self.repeat_opponents - self.repeat_opponents_floor)

    @property
    def optimal(self) -> bool:
        return self.gap() == (0, 0)


@dataclass(frozen=True)
class Chart:
    """``games[g]`` lists tables as ``((north, south), (east, west))`` player indexes, and ``sit_outs[g]``
    the players out that game. Places sit out in turn order: 0, 1, 2, ..."""

    players: int
    games: list[list[Table]]
    sit_outs: list[list[int]]
    quality: ChartQuality


@dataclass(frozen=True)
class _Round:
    """One game of a schedule before tables are formed: partner pairs (or finished tables) and sit-outs."""

    pairs: tuple[Pair, ...]
    sit_outs: tuple[int, ...]
    tables: tuple[Table, ...] | None = None


def rotation_chart(n_players: int, games: int, *, tries: int | None = None) -> Chart:
    """The chart for ``n_players`` (at least 4) over ``games`` games (at least 1). Deterministic for
    given arguments. Where the construction leaves a choice (how the circle method's places are
    labelled, in which order a game's pairs are grouped into tables), ``tries`` seeded variants are
    built and the best kept: fewest repeat partners, then repeat opponents, then the most even
    sit-outs. Stored whist tournaments leave no choice."""
    if n_players < 4:
        raise ValueError(f"a rotation chart needs at least four players, not {n_players}")
    if games < 1:
        raise ValueError(f"a rotation chart needs at least one game, not {games}")
    if n_players in WHIST_DESIGNS:
        return _finish(n_players, _whist_schedule(n_players, games), "whist")
    if n_players % 4 == 2:
        return _best_grouping(n_players, _doubled_schedule(n_players, games), "doubled", tries)
    if n_players + 1 in THREE_OUT_DESIGNS:
        return _finish(n_players, _three_out_schedule(n_players, games), "whist, one place empty")
    if n_players % 4 == 3 and n_players % 3:
        return _best_grouping(n_players, _triple_schedule(n_players, games), "circle, dummy table", tries)
    if n_players % 4 == 3:
        return _best_grouping(n_players, _searched_schedule(n_players, games), "search", tries)
    places = n_players + (n_players % 2)
    tries = tries if tries is not None else min(40, max(1, 4000 // (places * places)))
    rng = random.Random(f"chart-{n_players}-{games}")
    best = None
    for attempt in range(tries):
        labels = list(range(places))
        if attempt:
            rng.shuffle(labels)
        chart = _finish(n_players, _circle_schedule(n_players, games, labels), "circle")
        if best is None or _rank(chart) < _rank(best):
            best = chart
    return best


def _rank(chart: Chart) -> tuple[int, ...]:
    q = chart.quality
    return q.repeat_partners, q.repeat_opponents, q.sit_outs_max - q.sit_outs_min, q.max_opponent_meetings


# --------------------------------------------------------------------------------------------------
# Schedules: who partners whom and who sits out, game by game
# --------------------------------------------------------------------------------------------------

def _circle_rounds(n: int) -> list[list[Pair]]:
    """Round-robin pairings of ``n`` places (n even): n-1 rounds of n/2 pairs, every pair once."""
    places = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(places[i], places[n - 1 - i]) for i in range(n // 2)])
        places = [places[0], places[-1]] + places[1:-1]
    return rounds


def _circle_schedule(n: int, games: int, labels: list[int]) -> list[_Round]:
    """N = 4k or 4k + 1: the circle method, relabelled; an odd head-count's dummy (label n) partners
    each player once, who then sits out."""
    rounds = [[(labels[a], labels[b]) for a, b in r] for r in _circle_rounds(len(labels))]
    out = []
    for g in range(games):
        pairs = rounds[g % len(rounds)]
        real = tuple(p for p in pairs if max(p) < n)
        sit = tuple(a if b >= n else b for a, b in pairs if max(a, b) >= n)
        out.append(_Round(real, sit))
    return out


def _whist_schedule(n: int, games: int) -> list[_Round]:
    """A shipped whist tournament (:data:`WHIST_DESIGNS`) developed game by game: game ``g`` is the
    starter with the group element ``g mod m`` added to every player (the fixed player of N = 4k stays
    the last place, N - 1). For N = 4k + 1 the element ``g`` sits out. Longer nights start it again."""
    moduli, starter = WHIST_DESIGNS[n]
    group = Group(moduli)
    fixed = group.order  # the place of "inf"

    def place(player) -> int:
        return player if isinstance(player, int) else fixed

    out = []
    for g in range(games):
        r = g % group.order
        tables = tuple(((place(a), place(c)), (place(b), place(d))) for a, c, b, d in group.develop(starter, r))
        out.append(_Round(tuple(p for t in tables for p in t), (r,) if n % 4 == 1 else (), tables))
    return out


def _three_out_schedule(n: int, games: int) -> list[_Round]:
    """N = 4k + 3, not a multiple of 3, with a shipped design for N + 1 whose table with "inf" is
    (inf, 0, 1, -1) (:data:`THREE_OUT_DESIGNS`): that whist tournament without "inf", whose table-mates sit
    out. Nobody partners twice nor meets anyone more than twice in N games: optimal. Multiplied by
    i = 1/3 (mod N) the sit-outs of game r are r - i, r, r + i, in turn order once relabelled by 3x + 1,
    as in :func:`_triple_schedule`."""
    group = Group((n,))
    third = pow(3, -1, n)
    starter = [tuple(p if p == INF else p * third % n for p in table) for table in THREE_OUT_DESIGNS[n + 1]]

    def label(x: int) -> int:
        return (3 * x + 1) % n

    out = []
    for g in range(games):
        r = g % n
        tables, sit = [], ()
        for a, c, b, d in group.develop(starter, r):
            if INF in (a, c, b, d):
                sit = tuple(sorted(label(p) for p in (a, c, b, d) if p != INF))
            else:
                tables.append(((label(a), label(c)), (label(b), label(d))))
        out.append(_Round(tuple(p for t in tables for p in t), sit, tuple(tables)))
    return out


def _doubled_schedule(n: int, games: int) -> list[_Round]:
    """N = 4k + 2 = 2m: player 2a + b is (a, b). Game r: (r, 0) and (r, 1) sit out; the first m games
    pair (r - i, b) with (r + i, b), the next m pair (r + a, 0) with (r + 2a, 1). The first half uses
    the pairs within one level, the second the pairs across levels (difference a, all different), so no
    partnership repeats in N games."""
    m = n // 2

    def player(a: int, b: int) -> int:
        return 2 * (a % m) + b

    out = []
    for g in range(games):
        r, phase = g % m, (g // m) % 2
        if phase == 0:
            pairs = tuple((player(r - i, b), player(r + i, b)) for b in (0, 1) for i in range(1, (m - 1) // 2 + 1))
        else:
            pairs = tuple((player(r + a, 0), player(r + 2 * a, 1)) for a in range(1, m))
        out.append(_Round(pairs, (player(r, 0), player(r, 1))))
    return out


def _triple_schedule(n: int, games: int) -> list[_Round]:
    """N = 4k + 3, not a multiple of 3: the circle method on the dummy "infinity" and 0..N-1 (game r pairs
    r with the dummy and r + j with r - j). The dummy's table sits out: its partner r and the pair
    r + i, r - i with 3i = 1 (mod N), so game r sits out 3r - 1, 3r, 3r + 1 times i: three players in
    turn order once relabelled by 3x + 1."""
    i = pow(3, -1, n)
    i = min(i, n - i)

    def label(x: int) -> int:
        return (3 * x + 1) % n

    out = []
    for g in range(games):
        r = g % n
        pairs = tuple((label(r + j), label(r - j)) for j in range(1, (n - 1) // 2 + 1) if j != i)
        out.append(_Round(pairs, (label(r - i), label(r), label(r + i))))
    return out


def _searched_schedule(n: int, games: int) -> list[_Round]:
    """Any head-count: sit-outs in turn order (``n % 4`` a game), partners found game by game by a
    depth-first search among pairs not yet partners; if the search gives up, the pairs partnered least
    are allowed."""
    s = n % 4
    partnered: Counter = Counter()
    out = []
    for g in range(games):
        sit = tuple(sorted({(s * g + j) % n for j in range(s)}))
        playing = [p for p in range(n) if p not in sit]
        pairs = _match(playing, partnered, random.Random(f"match-{n}-{g}"))
        partnered.update(frozenset(p) for p in pairs)
        out.append(_Round(tuple(pairs), sit))
    return out


def _match(players: list[int], partnered: Counter, rng: random.Random, budget: int = 20000) -> list[Pair]:
    """A perfect matching of ``players`` that uses no pair already partnered: a few randomized greedy
    passes, most constrained player first (enough while most pairs are still free), then a depth-first
    search; failing that (``budget`` steps), a greedy matching that takes the pairs partnered least."""
    fresh = {p: {q for q in players if q != p and frozenset((p, q)) not in partnered} for p in players}
    for _ in range(20):
        left, pairs = set(players), []
        while left:
            p = min(left, key=lambda x: (len(fresh[x] & left), rng.random()))
            options = fresh[p] & left
            if not options:
                break
            q = min(sorted(options), key=lambda x: (len(fresh[x] & left), rng.random()))
            left -= {p, q}
            pairs.append((p, q))
        if not left:
            return pairs
    order = {p: rng.random() for p in players}
    steps = [0]

    def search(left: frozenset) -> list[Pair] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > budget:
            return None
        p = min(left, key=lambda x: (len(fresh[x] & left), order[x]))
        for q in sorted(fresh[p] & left, key=lambda x: (len(fresh[x] & left), order[x])):
            rest = search(left - {p, q})
            if rest is not None:
                return [(p, q)] + rest
            if steps[0] > budget:
                return None
        return None

    found = search(frozenset(players))
    if found is not None:
        return found
    left, pairs = sorted(players, key=order.get), []
    while left:
        p = left.pop(0)
        q = min(left, key=lambda x: (partnered[frozenset((p, x))], order[x]))
        left.remove(q)
        pairs.append((p, q))
    return pairs


# --------------------------------------------------------------------------------------------------
# Tables, place numbering and quality
# --------------------------------------------------------------------------------------------------

def _group_into_tables(pairs: Sequence[Pair], met: Counter) -> list[Table]:
    """Match pairs two by two into tables so that players meet as few repeat opponents as possible:
    greedily, then swapping opponents between two tables while that lowers the repeats."""
    def cost(a: Pair, b: Pair) -> int:
        return sum(met[frozenset((x, y))] ** 2 for x in a for y in b)

    left = list(pairs)
    tables = []
    while left:
        a = left.pop(0)
        b = min(left, key=lambda other: cost(a, other))
        left.remove(b)
        tables.append((a, b))
    while _swap_opponents(tables, cost):
        pass
    return tables


def _swap_opponents(tables: list[Table], cost) -> bool:
    """One improving exchange of opponents between two tables (2-opt), in place; False when none helps."""
    for i, j in combinations(range(len(tables)), 2):
        (a, b), (c, d) = tables[i], tables[j]
        now = cost(a, b) + cost(c, d)
        for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
            if cost(*x) + cost(*y) < now:
                tables[i], tables[j] = x, y
                return True
    return False


def _meetings(tables: Sequence[Table]) -> list[frozenset]:
    return [frozenset((x, y)) for a, b in tables for x in a for y in b]


def _polish(games: list[list[Table]], met: Counter, sweeps: int = 4) -> None:
    """Improve the table grouping game by game against the meetings of every other game (the greedy
    grouping only saw the games before): swap opponents between two tables of a game while that
    lowers the total of earlier-or-later meetings of the new opponents. A few sweeps, in place."""
    for _ in range(sweeps):
        changed = False
        for tables in games:
            met.subtract(_meetings(tables))

            def cost(a: Pair, b: Pair) -> int:
                return sum(met[frozenset((x, y))] for x in a for y in b)

            while _swap_opponents(tables, cost):
                changed = True
            met.update(_meetings(tables))
        if not changed:
            return


def _best_grouping(n: int, schedule: list[_Round], method: str, tries: int | None) -> Chart:
    """Fixed partners and sit-outs; ``tries`` seeded orders of each game's pairs for the table grouping."""
    tries = tries if tries is not None else min(20, max(1, 2000 // (n * n)))
    rng = random.Random(f"grouping-{n}-{len(schedule)}")
    best = None
    for attempt in range(tries):
        shuffled = schedule
        if attempt:
            shuffled = [_Round(tuple(rng.sample(r.pairs, len(r.pairs))), r.sit_outs) for r in schedule]
        chart = _finish(n, shuffled, method)
        if best is None or _rank(chart) < _rank(best):
            best = chart
    return best


def _finish(n: int, schedule: list[_Round], method: str) -> Chart:
    """Form tables, renumber places so that they sit out in turn order 0, 1, 2, ..., and grade."""
    met: Counter = Counter()
    games, outs = [], []
    for rnd in schedule:
        tables = list(rnd.tables) if rnd.tables is not None else _group_into_tables(rnd.pairs, met)
        for a, b in tables:
            met.update(frozenset((x, y)) for x in a for y in b)
        games.append(tables)
        outs.append(list(rnd.sit_outs))
    if any(rnd.tables is None for rnd in schedule):
        _polish(games, met)
    first = {}
    for g, sit in enumerate(outs):
        for p in sorted(sit):
            first.setdefault(p, (g, p))
    turn = sorted(range(n), key=lambda p: first.get(p, (len(outs), p)))
    new = {old: i for i, old in enumerate(turn)}
    games = [[((new[a], new[b]), (new[c], new[d])) for (a, b), (c, d) in tables] for tables in games]
    outs = [sorted(new[p] for p in sit) for sit in outs]
    return Chart(n, games, outs, _quality(n, games, outs, method))


def quality_floor(n_players: int, games: int) -> tuple[int, int]:
    """Counting lower bounds for (repeat partners, repeat opponents) over ``games`` games: with T tables
    a game there are 2T partnerships and 4T opponent meetings a game, among N(N-1)/2 pairs, each allowed
    one partnership and two meetings before it counts as a repeat."""
    pairs = n_players * (n_players - 1) // 2
    tables = n_players // 4
    return max(0, 2 * tables * games - pairs), max(0, 4 * tables * games - 2 * pairs)


def _quality(n: int, games: list[list[Table]], outs: list[list[int]], method: str) -> ChartQuality:
    return grade_schedule(range(n), games, outs, method)


def grade_schedule(players: Sequence, games: Sequence[Sequence[Table]], outs: Sequence[Sequence],
                   method: str = "") -> ChartQuality:
    """Grade any schedule of ``players`` (numbers or ids): a chart, or the games of a night played so far
    followed by the chart now in use, to tell what a roster change cost. The floor is the counting floor
    for ``len(players)`` over ``len(games)`` games (meaningful when the roster did not change)."""
    partnered: Counter = Counter()
    met: Counter = Counter()
    for tables in games:
        for a, b in tables:
            partnered[frozenset(a)] += 1
            partnered[frozenset(b)] += 1
            met.update(frozenset((x, y)) for x in a for y in b)
    sat = Counter(p for sit in outs for p in sit)
    players = list(players)
    floor_p, floor_o = quality_floor(len(players), len(games))
    return ChartQuality(
        players=len(players), games=len(games),
        repeat_partners=sum(c - 1 for c in partnered.values() if c > 1),
        max_partner_repeats=max(partnered.values(), default=0),
        repeat_opponents=sum(c - 2 for c in met.values() if c > 2),
        max_opponent_meetings=max(met.values(), default=0),
        sit_outs_min=min((sat[p] for p in players), default=0),
        sit_outs_max=max((sat[p] for p in players), default=0),
        partner_optimum=all(c == 1 for c in partnered.values()),
        repeat_partners_floor=floor_p,
        repeat_opponents_floor=floor_o,
        method=method,
    )
