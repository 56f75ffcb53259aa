"""Invariants of a progressive night, for the pure tests and the app's HTTP night simulations.

``check_game`` checks one game's plan against the roster, the previous plan and its results;
``check_night`` checks a whole night; ``simulate_night`` plays a night with seeded random winners and
arrivals/leavers at given games. Each check returns violations in plain words (empty = all good), so
a failing test shows what broke, at which game, for whom.

Definitions (what "unavoidable" means, exactly):

- Repeat partners (winners movement): two players who were partners last game and are partners again.
  The movement itself never does this ([002] Basics: "partners in one game are opponents in the
  next"), so a repeat between two players the movement placed is always a violation. A repeat that
  involves a hole-filler (a player not placed by the movement: back from sitting out, just arrived,
  from a dissolved table) is a violation unless it is unavoidable: no exchange of two hole-fillers'
  seats (the only freedom the rules leave) would give fewer repeats.
- Sitting out twice in a row is avoidable when at least as many players on the roster did not sit out
  last game as sit out now. A late arrival sitting out is a violation when someone who neither
  arrived now nor sat out last game plays instead.
- Over the night, the players present at every game sit out a number of times that differs by at
  most one (``check_night``).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from referee.tournament.movement import TableResult, advance_winners
from referee.tournament.night import GamePlan, chart_for, plan_game, repeat_partners
from referee.tournament.seats import PARTNER_SEAT, SEATS

P = Hashable


def _tables(plan: GamePlan) -> dict[int, dict[str, P]]:
    out: dict[int, dict[str, list[P]]] = {}
    for p, s in plan.seating.items():
        out.setdefault(s.table, {}).setdefault(s.seat, []).append(p)
    return out


def check_game(plan: GamePlan, roster: Sequence[P], previous: GamePlan | None, results: Sequence[TableResult],
               movement: str) -> list[str]:
    """Violations of the night's invariants in game ``plan.game``, in plain words."""
    g = plan.game
    bad: list[str] = []
    roster = list(roster)
    seated, out = set(plan.seating), list(plan.sit_outs)
    # every seat filled
    tables = _tables(plan)
    expected_tables = (len(roster) - len(roster) % 4) // 4
    if sorted(tables) != list(range(1, expected_tables + 1)):
        bad.append(f"game {g}: tables {sorted(tables)}, expected 1 to {expected_tables}")
    for t, seats in sorted(tables.items()):
        if sorted(seats) != sorted(SEATS) or any(len(ps) != 1 for ps in seats.values()):
            bad.append(f"game {g}: table {t} seats are {dict(sorted(seats.items()))}, not one each of N, E, S, W")
    # nobody in two places
    if len(out) != len(set(out)):
        bad.append(f"game {g}: someone is listed twice among the sit-outs {out}")
    if seated & set(out):
        bad.append(f"game {g}: {sorted(seated & set(out), key=str)} both seated and sitting out")
    if seated | set(out) != set(roster):
        missing = sorted(set(roster) - seated - set(out), key=str)
        extra = sorted((seated | set(out)) - set(roster), key=str)
        bad.append(f"game {g}: seated and sit-outs differ from the roster (missing {missing}, not on roster {extra})")
    if len(out) != len(roster) % 4:
        bad.append(f"game {g}: {len(out)} sit out, expected {len(roster) % 4}")
    # since
    if set(plan.since) != seated:
        bad.append(f"game {g}: 'since' covers {len(plan.since)} players, {len(seated)} are seated")
    for p, seat in plan.seating.items():
        s = plan.since.get(p)
        before = previous.seating.get(p) if previous else None
        same_table = before is not None and before.table == seat.table
        if s != g and not (same_table and s == previous.since.get(p)):
            bad.append(f"game {g}: {p} has sat at table {seat.table} since game {s}, which is wrong")
    if previous is not None:
        if previous.game != g - 1:
            bad.append(f"game {g}: the previous plan is game {previous.game}")
        bad += _check_sit_out_turns(plan, roster, previous)
        if movement == "winners":
            bad += _check_winners(plan, roster, previous, results)
    if movement == "chart":
        bad += _check_chart(plan, roster, previous)
    return bad


def _check_sit_out_turns(plan: GamePlan, roster: Sequence[P], previous: GamePlan) -> list[str]:
    g = plan.game
    bad = []
    before = set(previous.seating) | set(previous.sit_outs)
    arrivals = {p for p in roster if p not in before}
    rested = [p for p in roster if p not in set(previous.sit_outs)]
    again = set(plan.sit_outs) & set(previous.sit_outs)
    if again and len(rested) >= len(plan.sit_outs):
        bad.append(f"game {g}: {sorted(again, key=str)} sit out twice in a row though others could")
    late_out = set(plan.sit_outs) & arrivals
    regulars_playing = [p for p in plan.seating if p not in arrivals and p not in set(previous.sit_outs)]
    if late_out and regulars_playing:
        bad.append(f"game {g}: late arrival(s) {sorted(late_out, key=str)} sit out while players who did not "
                   f"sit out last game play")
    return bad


def _check_winners(plan: GamePlan, roster: Sequence[P], previous: GamePlan,
                   results: Sequence[TableResult]) -> list[str]:
    """The movement's rules, where the night's changes leave them standing."""
    g = plan.game
    bad = []
    n_tables = len(_tables(plan))
    old_tables = max(s.table for s in previous.seating.values())
    moved, _ = advance_winners(previous.seating, list(results), previous.since, g,
                               new_tail=n_tables if n_tables > old_tables else None)
    out, on_roster = set(plan.sit_outs), set(roster)
    kept = {p for p, s in moved.items() if p in on_roster and p not in out and s.table <= n_tables}
    for p in kept:
        if plan.seating.get(p) != moved[p]:
            bad.append(f"game {g}: {p} was placed at {moved[p]} by the movement but sits at {plan.seating.get(p)}")
    # repeat partners
    repeats = repeat_partners(plan.seating, previous)
    fillers = [p for p in plan.seating if p not in kept]
    for pair in repeats:
        if pair <= kept:
            bad.append(f"game {g}: {sorted(pair, key=str)} were placed as partners again by the movement itself")
    filler_repeats = [pair for pair in repeats if not pair <= kept]
    bad += _check_arrivals_nearer_the_tail(plan, previous, roster, len(repeats))
    if filler_repeats and _swap_would_help(plan, previous, fillers, len(repeats)):
        bad.append(f"game {g}: {[sorted(p, key=str) for p in filler_repeats]} are partners again though an "
                   f"exchange of hole-fillers would avoid it")
    # staying pairs split, the longer-seated stayer keeps the seat; winners advance; head losers to the tail
    # (the new tail when tables are added)
    winner_of = {r.table: r.winner for r in results}
    before = _tables(previous)
    for t, seats in before.items():
        won = winner_of[t]
        win_pair = [seats[s][0] for s in (("N", "S") if won == "NS" else ("E", "W"))]
        lose_pair = [seats[s][0] for s in (("E", "W") if won == "NS" else ("N", "S"))]
        stayers = win_pair if t == 1 else lose_pair
        if all(p in kept for p in stayers) and old_tables > 1:
            a, b = stayers
            sa, sb = plan.seating[a], plan.seating[b]
            if sa.table != t or sb.table != t or PARTNER_SEAT[sa.seat] == sb.seat:
                bad.append(f"game {g}: the pair staying at table {t} ({a}, {b}) did not become opponents there")
            longer = a if previous.since[a] <= previous.since[b] else b
            if previous.since[a] != previous.since[b] and plan.seating[longer] != previous.seating[longer]:
                bad.append(f"game {g}: {longer}, longest at table {t}, did not keep the seat")
        movers = lose_pair if t == 1 else win_pair
        target = n_tables if t == 1 else t - 1  # the tail, a new one when tables are added
        if n_tables >= old_tables and (old_tables > 1 or n_tables > old_tables):
            for p in movers:
                if p in kept and plan.seating[p].table != target:
                    what = "head table loser" if t == 1 else f"winner at table {t}"
                    bad.append(f"game {g}: {what} {p} is at table {plan.seating[p].table}, not {target}")
    return bad


def _check_arrivals_nearer_the_tail(plan: GamePlan, previous: GamePlan, roster: Sequence[P],
                                    repeats: int) -> list[str]:
    """Late arrivals start at the tail: none sits nearer the head than a player back from sitting out,
    unless exchanging the two would seat last game's partners together again."""
    before = set(previous.seating) | set(previous.sit_outs)
    arrivals = [p for p in roster if p not in before and p in plan.seating]
    back = [p for p in previous.sit_outs if p in plan.seating]
    bad = []
    for a in arrivals:
        for b in back:
            if plan.seating[a].table >= plan.seating[b].table:
                continue
            trial = {**plan.seating, a: plan.seating[b], b: plan.seating[a]}
            if len(repeat_partners(trial, previous)) <= repeats:
                bad.append(f"game {plan.game}: late arrival {a} sits at table {plan.seating[a].table}, nearer the "
                           f"head than {b} (back from sitting out) at table {plan.seating[b].table}")
    return bad


def _swap_would_help(plan: GamePlan, previous: GamePlan, fillers: Sequence[P], repeats: int) -> bool:
    for a, b in combinations(fillers, 2):
        trial = dict(plan.seating)
        trial[a], trial[b] = trial[b], trial[a]
        if len(repeat_partners(trial, previous)) < repeats:
            return True
    return False


def _check_chart(plan: GamePlan, roster: Sequence[P], previous: GamePlan | None) -> list[str]:
    g = plan.game
    state = plan.chart
    if state is None:
        return [f"game {g}: a chart game without its chart"]
    bad = []
    if set(state.roster) != set(roster) or len(state.roster) != len(roster):
        bad.append(f"game {g}: the chart's roster differs from the game's roster")
        return bad
    if not state.covers(g):
        return bad + [f"game {g}: the chart starting at game {state.first_game} has no round for it"]
    prev_state = previous.chart if previous is not None else None
    unchanged = prev_state is not None and set(prev_state.roster) == set(roster) and prev_state.covers(g)
    if unchanged and prev_state != state:
        bad.append(f"game {g}: the roster did not change but the chart did")
    chart = chart_for(len(state.roster), state.games)
    r = state.round_of(g)
    for i, ((n, s), (e, w)) in enumerate(chart.games[r]):
        for place, seat in ((n, "N"), (s, "S"), (e, "E"), (w, "W")):
            p = state.roster[place]
            got = plan.seating.get(p)
            if got is None or (got.table, got.seat) != (i + 1, seat):
                bad.append(f"game {g}: chart puts {p} at table {i + 1} {seat}, the plan at {got}")
    if sorted(plan.sit_outs, key=str) != sorted((state.roster[i] for i in chart.sit_outs[r]), key=str):
        bad.append(f"game {g}: sit-outs differ from the chart's")
    return bad


def check_night(plans: Sequence[GamePlan], rosters: Sequence[Sequence[P]], movement: str) -> list[str]:
    """Whole-night invariants: games numbered 1..n in order; among players on the roster of every game,
    sit-outs differ by at most one; within one chart (chart movement) nobody partners the same player
    twice while the chart has no more games than players - 1 (the rotation's promise)."""
    bad = []
    if [p.game for p in plans] != list(range(1, len(plans) + 1)):
        bad.append(f"games are numbered {[p.game for p in plans]}")
    if len(rosters) != len(plans):
        bad.append(f"{len(plans)} plans for {len(rosters)} rosters")
    everyone = set.intersection(*(set(r) for r in rosters)) if rosters else set()
    counts = Counter(p for plan in plans for p in plan.sit_outs if p in everyone)
    if everyone:
        spread = [counts[p] for p in everyone]
        if max(spread) - min(spread) > 1:
            low = sorted((p for p in everyone if counts[p] == min(spread)), key=str)
            high = sorted((p for p in everyone if counts[p] == max(spread)), key=str)
            bad.append(f"sit-outs among players present all night range from {min(spread)} ({low[:5]}) to "
                       f"{max(spread)} ({high[:5]})")
    if movement == "chart":
        partnered: dict[object, Counter] = {}
        for plan in plans:
            state = plan.chart
            if state is None or state.games > len(state.roster) + len(state.roster) % 2 - 1:
                continue
            seen = partnered.setdefault(state, Counter())
            seen.update({frozenset(pair) for pair in plan.partners().items()})
        for state, seen in partnered.items():
            twice = [sorted(pair, key=str) for pair, c in seen.items() if c > 1]
            if twice:
                bad.append(f"chart from game {state.first_game}: partners repeat {twice[:5]}")
    return bad


@dataclass
class Night:
    """A simulated night: the plan, roster and table results of every game, and every violation found."""

    plans: list[GamePlan] = field(default_factory=list)
    rosters: list[list[P]] = field(default_factory=list)
    results: list[list[TableResult]] = field(default_factory=list)
    sat_out: Counter = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)


def simulate_night(movement: str, players: Sequence[P], *, games: int = 10,
                   arrivals: Mapping[int, Sequence[P]] | None = None,
                   departures: Mapping[int, Sequence[P]] | None = None,
                   seed: str = "night", check: bool = True) -> Night:
    """Play a night: ``arrivals[g]`` join (at the end of the check-in order) and ``departures[g]``
    leave before game ``g``; every table's winner is drawn with a seeded RNG. With ``check``, every
    game is checked with :func:`check_game` and the night with :func:`check_night`."""
    arrivals, departures = arrivals or {}, departures or {}
    rng = random.Random(f"{seed}/winners")
    night = Night()
    roster = list(players)
    previous, results = None, []
    for g in range(1, games + 1):
        roster = [p for p in roster if p not in set(departures.get(g, ()))] + list(arrivals.get(g, ()))
        plan = plan_game(movement, g, roster, previous=previous, results=results, sat_out_counts=night.sat_out,
                         total_games=games, seed=seed)
        if check:
            night.violations += check_game(plan, roster, previous, results, movement)
        night.plans.append(plan)
        night.rosters.append(list(roster))
        night.sat_out.update(plan.sit_outs)
        results = [TableResult(t, rng.choice(["NS", "EW"])) for t in sorted({s.table for s in plan.seating.values()})]
        night.results.append(results)
        previous = plan
    if check:
        night.violations += check_night(night.plans, night.rosters, movement)
    return night
