"""The chart movement of a progressive night: a rotation chart fixed in advance (``rotation``, a product
design; [002] describes only the winners movement), rebuilt for the remaining games whenever the
roster changes, with its places handed out so that sit-outs stay fair."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from referee.tournament.movement import Seat
from referee.tournament.plan import P, ChartState, GamePlan, list_names, roster_changes
from referee.tournament.rotation import Chart, rotation_chart


@lru_cache(maxsize=64)
def chart_for(players: int, games: int) -> Chart:
    """``rotation_chart(players, games)``, built once per process (it is deterministic)."""
    return rotation_chart(players, games)


def plan_chart(game: int, roster: tuple[P, ...], previous: GamePlan | None, counts: Mapping[P, int],
                total_games: int, seed: str, name) -> GamePlan:
    """A game of the chart movement (a product design; [002] describes only the winners movement).

    The chart of the previous game is kept while the roster is unchanged. When it changes, a new chart
    for the new roster covers the remaining games (``total_games - game + 1``) and its places are handed
    out by :func:`assign_chart_places`. Chart table ``i`` ``((n, s), (e, w))`` becomes table ``i + 1``
    with seats N, S, E, W.
    """
    state = previous.chart if previous is not None else None
    notes: list[str] = []
    if state is None or not state.still_seats(roster, game):
        arrivals, leavers = roster_changes(roster, previous)
        remaining = total_games - game + 1
        chart = chart_for(len(roster), remaining)
        order = assign_chart_places(chart, roster, previous, counts, seed=f"{seed}/chart/{game}")
        state = ChartState(tuple(order), game, remaining)
        why = []
        if arrivals:
            why.append(f"{list_names(arrivals, name)} arrived")
        if leavers:
            why.append(f"{list_names(leavers, name)} left")
        span = f"game {game}" if remaining == 1 else f"games {game} to {game + remaining - 1}"
        opening = f"The roster changed ({'; '.join(why)}), so a" if why else "A"
        notes.append(f"{opening} new rotation chart for {len(roster)} players covers {span}.")
    chart = chart_for(len(state.roster), state.games)
    r = state.round_of(game)
    seating: dict[P, Seat] = {}
    for i, ((n, s), (e, w)) in enumerate(chart.games[r]):
        for place, seat in ((n, "N"), (s, "S"), (e, "E"), (w, "W")):
            seating[state.roster[place]] = Seat(i + 1, seat)
    out = tuple(state.roster[i] for i in chart.sit_outs[r])
    since = {}
    for p, seat in seating.items():
        before = previous.seating.get(p) if previous is not None else None
        since[p] = previous.since[p] if before is not None and before.table == seat.table else game
    if out:
        notes.append(f"Sitting out: {list_names(out, name)}.")
    return GamePlan(game, seating, out, since, state, tuple(notes))


def _sit_out_rounds(chart: Chart) -> dict[int, list[int]]:
    rounds: dict[int, list[int]] = {i: [] for i in range(chart.players)}
    for r, outs in enumerate(chart.sit_outs):
        for i in outs:
            rounds[i].append(r)
    return rounds


def _last_sat_out(previous: GamePlan | None) -> dict[P, int]:
    """The last game each player sat out, as far as the previous plan and its chart tell."""
    last: dict[P, int] = {}
    if previous is None:
        return last
    state = previous.chart
    if state is not None:
        chart = chart_for(len(state.roster), state.games)
        for r in range(min(state.round_of(previous.game) + 1, state.games)):
            for i in chart.sit_outs[r]:
                last[state.roster[i]] = state.first_game + r
    for p in previous.sit_outs:
        last[p] = previous.game
    return last


def assign_chart_places(chart: Chart, roster: Sequence[P], previous: GamePlan | None,
                        counts: Mapping[P, int], *, seed: str) -> list[P]:
    """Who takes which place of a new chart: ``result[i]`` is the player at place ``i``.

    Product ruling, so that sit-outs stay fair across a change of chart:

    1. Places are ordered by how much they sit out in the new chart (most sit-outs first, then the
       earliest first sit-out), which for a rotation chart is its sit-out turn order 0, 1, 2, ...;
       players by how much they are owed a sit-out (fewest sit-outs so far, then sat out least
       recently, then a seeded draw). The k-th player takes the k-th place. Because a chart's places
       sit out in turn, at every game of the new chart (even when another roster change cuts it short)
       a player owed more has sat out in it at least as often as one owed less, and never more than
       once more: sit-outs that differed by at most one still do.
    2. Nobody sits out twice in a row when avoidable: a player who sat out the game before, or arrives
       now (who counts as having sat out, so plays at once), does not take a place that sits out the
       chart's first game. Such a player trades places with another player whose place plays the
       first game, a place with the same number of sit-outs if there is one (fairness unchanged).
    """
    rounds = _sit_out_rounds(chart)
    places = sorted(range(chart.players), key=lambda i: (-len(rounds[i]), rounds[i], i))
    last = _last_sat_out(previous)
    arrivals, _ = roster_changes(roster, previous)
    fresh = set(arrivals) | set(previous.sit_outs if previous else ())
    rng = random.Random(seed)
    draw = {p: rng.random() for p in sorted(roster, key=str)}
    players = sorted(roster, key=lambda p: (counts.get(p, 0), last.get(p, -1), draw[p]))
    at = dict(zip(places, players))  # place -> player
    first_out = set(chart.sit_outs[0]) if chart.sit_outs else set()
    for place in sorted(first_out):
        p = at[place]
        if p not in fresh:
            continue
        swaps = [q for q in places if q not in first_out and at[q] not in fresh]
        if not swaps:
            continue
        rank = {q: k for k, q in enumerate(places)}
        best = min(swaps, key=lambda q: (abs(len(rounds[q]) - len(rounds[place])), abs(rank[q] - rank[place])))
        at[place], at[best] = at[best], at[place]
    return [at[i] for i in range(chart.players)]
