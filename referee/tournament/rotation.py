"""A rotation chart: a schedule fixed in advance in which partners change every game.

Partners come from the round-robin "circle method": with an even number of places it splits everyone
into pairs so that over N-1 rounds every two players are partners exactly once; an odd head-count
gets a dummy place, and whoever is paired with the dummy sits out that round. At N = 4k or 4k+1
every playing pair finds an opponent pair, so everyone partners everyone once (the known optimum,
a whist-style schedule). At other head-counts one pair a round also sits out, chosen so sit-outs
stay even. Pairs are then matched into tables to spread opponents: greedily, then improved by
swapping opponents between tables while that lowers the repeats.

This is a product design: [002] describes only the winners-advance movement.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
import random
from itertools import combinations

Pair = tuple[int, int]


@dataclass(frozen=True)
class ChartQuality:
    """How good a chart is: 0 repeat partners is the optimum while games <= head-count - 1."""

    players: int
    games: int
    repeat_partners: int
    max_partner_repeats: int
    repeat_opponents: int
    max_opponent_meetings: int
    sit_outs_min: int
    sit_outs_max: int
    partner_optimum: bool

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Chart:
    """``games[g]`` lists tables as ``((north, south), (east, west))`` player indexes, and ``sit_outs[g]``
    the players out that game."""

    players: int
    games: list[list[tuple[Pair, Pair]]]
    sit_outs: list[list[int]]
    quality: ChartQuality


def _circle_rounds(n: int) -> list[list[Pair]]:
    """Round-robin pairings of ``n`` places (n even): n-1 rounds of n/2 pairs, every pair once."""
    places = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(places[i], places[n - 1 - i]) for i in range(n // 2)])
        places = [places[0], places[-1]] + places[1:-1]
    return rounds


def _group_into_tables(pairs: list[Pair], met: Counter) -> list[tuple[Pair, Pair]]:
    """Match pairs two by two into tables so that players meet as few repeat opponents as possible."""
    def cost(a: Pair, b: Pair) -> int:
        return sum(met[frozenset((x, y))] ** 2 for x in a for y in b)

    left = list(pairs)
    tables = []
    while left:
        a = left.pop(0)
        b = min(left, key=lambda other: cost(a, other))
        left.remove(b)
        tables.append((a, b))
    improved = True
    while improved:  # 2-opt: swap opponents between two tables while it helps
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            (a, b), (c, d) = tables[i], tables[j]
            now = cost(a, b) + cost(c, d)
            for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                if cost(*x) + cost(*y) < now:
                    tables[i], tables[j] = x, y
                    improved = True
                    break
            if improved:
                break
    return tables


def rotation_chart(n_players: int, games: int, *, tries: int | None = None) -> Chart:
    """The best of a few charts for ``n_players`` (at least 4) over ``games`` games: each try relabels
    the circle method's places with a seeded shuffle, and the chart with the fewest repeat partners,
    then repeat opponents, then the most even sit-outs wins. Deterministic for given arguments."""
    if n_players < 4:
        raise ValueError("a rotation chart needs at least four players")
    places = n_players + (n_players % 2)
    tries = tries if tries is not None else max(1, 4000 // (places * places))
    rng = random.Random(f"chart-{n_players}-{games}")
    best = None
    for attempt in range(tries):
        labels = list(range(places))
        if attempt:
            rng.shuffle(labels)
        chart = _build(n_players, games, places, labels)
        q = chart.quality
        key = (q.repeat_partners, q.repeat_opponents, q.sit_outs_max - q.sit_outs_min, q.max_opponent_meetings)
        if best is None or key < best[0]:
            best = (key, chart)
    return best[1]


def _build(n_players: int, games: int, places: int, labels: list[int]) -> Chart:
    rounds = [[(labels[a], labels[b]) for a, b in r] for r in _circle_rounds(places)]
    tables_per_game = n_players // 4
    sat = Counter()
    met: Counter = Counter()
    partnered: Counter = Counter()
    schedule, outs = [], []
    for g in range(games):
        pairs = [p for p in rounds[g % len(rounds)]]
        out = [a if b >= n_players else b for a, b in pairs if max(a, b) >= n_players]
        real = [p for p in pairs if max(p) < n_players]
        while len(real) > 2 * tables_per_game:  # one pair too many: the least-rested pair sits out
            rested = min(real, key=lambda p: (sat[p[0]] + sat[p[1]], p))
            real.remove(rested)
            out.extend(rested)
        for player in out:
            sat[player] += 1
        tables = _group_into_tables(real, met)
        for a, b in tables:
            partnered[frozenset(a)] += 1
            partnered[frozenset(b)] += 1
            for x in a:
                for y in b:
                    met[frozenset((x, y))] += 1
        schedule.append(tables)
        outs.append(sorted(out))
    quality = ChartQuality(
        players=n_players, games=games,
        repeat_partners=sum(c - 1 for c in partnered.values() if c > 1),
        max_partner_repeats=max(partnered.values(), default=0),
        repeat_opponents=sum(c - 2 for c in met.values() if c > 2),
        max_opponent_meetings=max(met.values(), default=0),
        sit_outs_min=min((sat[p] for p in range(n_players)), default=0),
        sit_outs_max=max((sat[p] for p in range(n_players)), default=0),
        partner_optimum=all(c == 1 for c in partnered.values()),
    )
    return Chart(n_players, schedule, outs, quality)
