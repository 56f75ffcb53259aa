"""Planning a progressive night: whole simulated nights, the repair of the winners movement, the chart
movement's continuation and rebuild, the tie rule and sit-out points; and that the night checks catch
broken plans (so the whole-night tests can fail)."""
from collections import Counter
from dataclasses import replace

import pytest

from referee.tournament import (TIE_RULE, ChartState, GamePlan, Seat, TableResult, TieNeedsCut, plan_game,
                                settle_tie, sit_out_points)
from referee.tournament.night import _avoid_repeat_partners, assign_chart_places, chart_for, repeat_partners
from tests.night_checks import check_game, check_night, simulate_night

MOVEMENTS = ("winners", "chart")


def table_of(plan, table):
    return {seat.seat: p for p, seat in plan.seating.items() if seat.table == table}


def fixed_plan(game, tables, sit_outs=(), since=None):
    """A plan from ``tables`` = [[N, E, S, W], ...] (for hand-built situations)."""
    seating = {p: Seat(t + 1, s) for t, row in enumerate(tables) for p, s in zip(row, "NESW")}
    return GamePlan(game, seating, tuple(sit_outs), since or {p: 1 for p in seating})


# --------------------------------------------------------------------------------------------------
# Whole nights
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("movement", MOVEMENTS)
@pytest.mark.parametrize("n", [12, 16, 23, 40, 100])
def test_a_whole_night_with_arrivals_and_leavers_keeps_every_rule(movement, n):
    players = list(range(1, n + 1))
    night = simulate_night(movement, players, games=10, arrivals={3: [1001], 7: [1002, 1003, 1004]},
                           departures={5: [players[0], players[n // 2]], 8: [players[-1]]}, seed=f"night-{n}")
    assert night.violations == []
    assert [len(r) for r in night.rosters] == [n] * 2 + [n + 1] * 2 + [n - 1] * 2 + [n + 2] + [n + 1] * 3
    assert all(len(p.seating) == 4 * (len(r) // 4) for p, r in zip(night.plans, night.rosters))
    if movement == "chart":  # a new chart at each roster change, the same chart in between
        starts = sorted({p.chart.first_game for p in night.plans})
        assert starts == [1, 3, 5, 7, 8]


@pytest.mark.parametrize("movement", MOVEMENTS)
@pytest.mark.parametrize("n", [4, 5, 6, 7, 9, 10, 11, 13])
def test_small_nights_with_churn(movement, n):
    players = list(range(n))
    night = simulate_night(movement, players, games=12, arrivals={2: [100, 101], 4: [102], 9: [103]},
                           departures={3: [0], 6: [1, 100], 10: [2]}, seed=f"small-{n}")
    assert night.violations == []


@pytest.mark.parametrize("movement", MOVEMENTS)
def test_a_night_is_reproducible_from_its_seed(movement):
    a = simulate_night(movement, list(range(22)), games=6, arrivals={2: [99]}, seed="same")
    b = simulate_night(movement, list(range(22)), games=6, arrivals={2: [99]}, seed="same")
    c = simulate_night(movement, list(range(22)), games=6, arrivals={2: [99]}, seed="other")
    assert [p.seating for p in a.plans] == [p.seating for p in b.plans]
    assert [p.sit_outs for p in a.plans] == [p.sit_outs for p in b.plans]
    assert a.plans[0].seating != c.plans[0].seating


def test_sit_outs_even_out_over_a_night():
    night = simulate_night("winners", list(range(15)), games=10, seed="even")
    counts = Counter(p for plan in night.plans for p in plan.sit_outs)
    assert sum(counts.values()) == 30 and set(counts.values()) == {2}


# --------------------------------------------------------------------------------------------------
# Winners movement: game 1 and the repair
# --------------------------------------------------------------------------------------------------

def test_game_one_is_a_seeded_draw_with_fair_sit_outs():
    plan = plan_game("winners", 1, list(range(10)), total_games=10, seed="a")
    assert len(plan.sit_outs) == 2 and sorted(set(plan.seating) | set(plan.sit_outs)) == list(range(10))
    assert sorted({s.table for s in plan.seating.values()}) == [1, 2]
    assert plan.since == {p: 1 for p in plan.seating}
    assert plan.chart is None
    assert plan_game("winners", 1, list(range(10)), total_games=10, seed="a") == plan
    draws = {tuple(sorted(plan_game("winners", 1, list(range(8)), total_games=10, seed=s).seating.items(),
                          key=lambda kv: (kv[1].table, kv[1].seat))) for s in "abcdef"}
    assert len(draws) > 1, "the draw depends on the seed"


def test_without_changes_the_repair_is_exactly_the_movement():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    results = [TableResult(1, "NS"), TableResult(2, "EW"), TableResult(3, "NS")]
    plan = plan_game("winners", 2, list(range(1, 13)), previous=prev, results=results, total_games=10, seed="s")
    assert {plan.seating[p].table for p in (2, 4)} == {3}, "head losers to the tail"
    assert {plan.seating[p].table for p in (6, 8)} == {1}, "table 2 winners up"
    assert plan.notes == ()
    assert check_game(plan, list(range(1, 13)), prev, results, "winners") == []


def test_a_leaver_at_the_head_table_is_replaced_from_the_pool_and_the_rest_stands():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], sit_outs=[13])
    results = [TableResult(1, "NS"), TableResult(2, "NS"), TableResult(3, "NS")]
    roster = [p for p in range(1, 14) if p != 1]  # 1, a head-table winner, leaves
    plan = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s",
                     names={13: "Cy", 1: "Bo"})
    assert plan.sit_outs == ()
    assert plan.seating[13] == Seat(1, "N"), "the sit-out takes Bo's seat (Bo kept his seat as longest seated)"
    assert plan.since[13] == 2
    assert plan.seating[3] == Seat(1, "E"), "Bo's partner still moves round to become an opponent"
    assert {plan.seating[p].table for p in (2, 4)} == {3}
    assert any("Bo left; Cy (back from sitting out) takes the North seat at table 1." == n for n in plan.notes)
    assert check_game(plan, roster, prev, results, "winners") == []


def test_a_table_is_dissolved_when_players_leave():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    results = [TableResult(1, "NS"), TableResult(2, "NS"), TableResult(3, "NS")]
    roster = [p for p in range(1, 13) if p not in (5, 6, 7, 8)]  # all of table 2 leaves
    plan = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s")
    assert sorted({s.table for s in plan.seating.values()}) == [1, 2]
    assert "Table 3 is dissolved this game; its players take seats at other tables." in plan.notes
    # the movement sent 9 and 11 (table 3 winners) up to table 2 and 2, 4 (head losers) to table 3, which
    # is dissolved: its players (2 N, 10 E, 12 S, 4 W) fill the holes from the tail: table 2's E and S
    # (6, 8 left), then table 1's S and W (5, 7 left)
    assert plan.seating[9] == Seat(2, "N") and plan.seating[11] == Seat(2, "W")
    assert [plan.seating[p] for p in (2, 10, 12, 4)] == [Seat(2, "E"), Seat(2, "S"), Seat(1, "S"), Seat(1, "W")]
    assert repeat_partners(plan.seating, prev) == set()
    assert "6 left; 2 (from dissolved table 3) takes the East seat at table 2." in plan.notes
    assert check_game(plan, roster, prev, results, "winners") == []


def test_a_new_table_takes_the_head_tables_losers_and_the_late_arrivals():
    # [002] Basics: "The losing team at the head table moves to the tail table": the new tail, table 3.
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8]], sit_outs=[9, 10])
    results = [TableResult(1, "EW"), TableResult(2, "NS")]
    roster = list(range(1, 11)) + [11, 12]
    plan = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s",
                     names={1: "Ann", 3: "Cy"})
    assert plan.sit_outs == ()
    assert plan.seating[1] == Seat(3, "N") and plan.seating[3] == Seat(3, "E"), "head losers, now opponents"
    assert sorted(p for p, s in plan.seating.items() if s.table == 3) == [1, 3, 11, 12], "arrivals at the tail"
    assert sorted(p for p, s in plan.seating.items() if s.table == 2) == [6, 8, 9, 10]
    assert {plan.seating[p].table for p in (5, 7)} == {1}, "table 2's winners still move up"
    assert "Table 3 is new this game." in plan.notes
    assert "The head table's losers (Ann and Cy) move to the new tail, table 3." in plan.notes
    assert all(plan.since[p] == 2 for p in (1, 3, 9, 10, 11, 12))
    assert repeat_partners(plan.seating, prev) == set()
    assert check_game(plan, roster, prev, results, "winners") == []


def test_a_table_added_to_a_single_table_night_takes_its_losers():
    prev = fixed_plan(1, [[1, 2, 3, 4]])
    results = [TableResult(1, "NS")]
    plan = plan_game("winners", 2, [1, 2, 3, 4, 5, 6, 7, 8], previous=prev, results=results, total_games=10,
                     seed="s")
    assert {plan.seating[p] for p in (2, 4)} == {Seat(2, "N"), Seat(2, "E")}
    assert {plan.seating[p].table for p in (5, 6, 7, 8)} == {1, 2}
    assert check_game(plan, [1, 2, 3, 4, 5, 6, 7, 8], prev, results, "winners") == []


def test_the_checks_catch_head_losers_left_at_the_old_tail_and_arrivals_far_from_it():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8]], sit_outs=[9, 10])
    results = [TableResult(1, "EW"), TableResult(2, "NS")]
    roster = list(range(1, 11)) + [11, 12]
    good = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s")
    # the old rule: the head's losers join the old tail, the new table is all sit-outs and arrivals
    old = {**good.seating, 1: good.seating[9], 3: good.seating[10], 9: good.seating[1], 10: good.seating[3]}
    assert any("head table loser 1 is at table 2, not 3" in v
               for v in check_game(replace(good, seating=old), roster, prev, results, "winners"))
    # an arrival nearer the head than a player back from sitting out, with nothing gained by it
    far = {**good.seating, 11: good.seating[9], 9: good.seating[11]}
    assert any("late arrival 11 sits at table 2" in v
               for v in check_game(replace(good, seating=far), roster, prev, results, "winners"))


def _three_tables_all_ns():
    """Game 1: tables [1..4], [5..8], [9..12], every N-S pair wins. The movement then gives table 1:
    1 N, 3 E (stayers), 5 S, 7 W (table 2 winners); table 2: 9 N, 6 E, 8 S, 11 W; table 3: 2 N, 10 E,
    12 S, 4 W (head losers arrive at the tail)."""
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    return prev, [TableResult(t, "NS") for t in (1, 2, 3)]


def test_hole_fillers_are_exchanged_so_last_games_partners_do_not_partner_again():
    prev, results = _three_tables_all_ns()
    kept = {3: Seat(1, "E"), 7: Seat(1, "W"), 9: Seat(2, "N"), 11: Seat(2, "W")}
    fillers = {Seat(1, "N"): 2, Seat(1, "S"): 4, Seat(2, "E"): 10, Seat(2, "S"): 12}  # 2-4 partners again
    _avoid_repeat_partners(fillers, kept, prev)
    seating = {**kept, **{p: seat for seat, p in fillers.items()}}
    assert repeat_partners(seating, prev) == set()
    assert sorted(fillers.values()) == [2, 4, 10, 12]


def test_plan_game_exchanges_fillers_when_tail_first_filling_would_repeat_partners():
    # Found by simulation: filled tail first without the exchange, 1 and 5 (partners at table 4) would
    # partner again at table 3.
    prev = fixed_plan(1, [[13, 4, 14, 2], [10, 3, 11, 15], [7, 9, 12, 0], [5, 6, 1, 8]], sit_outs=[16])
    results = [TableResult(1, "EW"), TableResult(2, "EW"), TableResult(3, "NS"), TableResult(4, "EW")]
    roster = [p for p in range(17) if p not in (6, 16)]
    counts = {p: 0 if p in (0, 3, 8) else 1 for p in roster}  # so 0, 3 and 8 sit out
    plan = plan_game("winners", 2, roster, previous=prev, results=results, sat_out_counts=counts,
                     total_games=10, seed="s")
    assert sorted(plan.sit_outs) == [0, 3, 8]
    assert repeat_partners(plan.seating, prev) == set()
    assert check_game(plan, roster, prev, results, "winners") == []


def test_the_checks_flag_an_avoidable_repeat_and_allow_an_unavoidable_one():
    prev, results = _three_tables_all_ns()
    roster = [2, 3, 4, 7, 9, 10, 11, 12]  # 1, 5, 6 and 8 leave: table 3 is dissolved
    plan = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s")
    assert repeat_partners(plan.seating, prev) == set()
    assert check_game(plan, roster, prev, results, "winners") == []
    assert {plan.seating[p] for p in (2, 4, 10, 12)} == {Seat(1, "N"), Seat(1, "S"), Seat(2, "E"), Seat(2, "S")}
    forced = {**plan.seating, 2: Seat(1, "N"), 4: Seat(1, "S"), 10: Seat(2, "E"), 12: Seat(2, "S")}
    problems = check_game(replace(plan, seating=forced), roster, prev, results, "winners")
    assert any("exchange of hole-fillers would avoid it" in v for v in problems)
    # Only two holes left, facing each other, and the only two fillers were partners: unavoidable.
    roster = [2, 3, 4, 7]  # 1, 5 (table 1 N and S after the movement) and table 2's 6, 8 leave
    small = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    small_results = [TableResult(1, "NS"), TableResult(2, "NS")]
    plan = plan_game("winners", 2, roster, previous=small, results=small_results, total_games=10, seed="s")
    assert repeat_partners(plan.seating, small) == {frozenset((2, 4))}
    assert check_game(plan, roster, small, small_results, "winners") == []


def test_movement_placed_players_never_move_for_the_repair():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    results = [TableResult(1, "EW"), TableResult(2, "NS"), TableResult(3, "EW")]
    roster = [p for p in range(1, 13) if p != 6] + [20, 21, 22]  # 14 players: 2 sit out
    plan = plan_game("winners", 2, roster, previous=prev, results=results, sat_out_counts={},
                     total_games=10, seed="s")
    assert 20 not in plan.sit_outs and 21 not in plan.sit_outs and 22 not in plan.sit_outs, "arrivals play at once"
    assert check_game(plan, roster, prev, results, "winners") == []


# --------------------------------------------------------------------------------------------------
# Chart movement
# --------------------------------------------------------------------------------------------------

def test_the_chart_continues_while_the_roster_is_unchanged_and_follows_rotation_chart():
    roster = list(range(100, 113))
    g1 = plan_game("chart", 1, roster, total_games=10, seed="c")
    g2 = plan_game("chart", 2, list(reversed(roster)), previous=g1, total_games=10, seed="c")
    assert g1.chart == g2.chart == ChartState(g1.chart.roster, 1, 10)
    assert sorted(g1.chart.roster) == roster
    chart = chart_for(13, 10)
    ((n, s), (e, w)) = chart.games[1][0]
    assert [g2.seating[g1.chart.roster[i]] for i in (n, s, e, w)] == [Seat(1, x) for x in "NSEW"]
    assert g2.sit_outs == tuple(g1.chart.roster[i] for i in chart.sit_outs[1])
    assert g2.notes == ("Sitting out: " + str(g2.sit_outs[0]) + ".",)


def test_a_chart_still_seats_the_same_players_within_its_games_only():
    """The one test of whether a stored chart still applies, which the chart screen asks too."""
    chart = ChartState((3, 1, 2, 4), first_game=2, games=3)
    assert chart.still_seats([1, 2, 3, 4], 2) and chart.still_seats([4, 3, 2, 1], 4)
    assert not chart.still_seats([1, 2, 3, 4], 5)  # past its last game
    assert not chart.still_seats([1, 2, 3, 4], 1)  # before its first
    assert not chart.still_seats([1, 2, 3, 5], 3) and not chart.still_seats([1, 2, 3, 4, 5], 3)  # a new roster
    assert ChartState.from_json({"roster": [3, 1, 2, 4], "first_game": "2", "games": 3}) == chart


def test_a_roster_change_rebuilds_the_chart_for_the_remaining_games():
    roster = list(range(12))
    g1 = plan_game("chart", 1, roster, total_games=10, seed="c")
    g2 = plan_game("chart", 2, roster + [99], previous=g1, total_games=10, seed="c", names={99: "Di"})
    assert g2.chart.first_game == 2 and g2.chart.games == 9 and len(g2.chart.roster) == 13
    assert 99 not in g2.sit_outs, "the late arrival plays at once"
    assert g2.notes[0] == ("The roster changed (Di arrived), so a new rotation chart for 13 players "
                           "covers games 2 to 10.")
    assert check_game(g2, roster + [99], g1, [], "chart") == []


def test_chart_places_go_to_who_is_owed_a_sit_out():
    chart = chart_for(13, 6)  # one sit-out a game, places 0, 1, 2, ... in turn
    assert [outs for outs in chart.sit_outs] == [[0], [1], [2], [3], [4], [5]]
    roster = list(range(13))
    prev = fixed_plan(4, [roster[0:4], roster[4:8], roster[8:12]], sit_outs=[12])
    counts = {p: 1 for p in roster[:9]} | {12: 1}  # 9, 10, 11 have not sat out yet; 12 sat out last game
    order = assign_chart_places(chart, roster, prev, counts, seed="x")
    assert set(order[:3]) == {9, 10, 11}, "who has sat out least sits out first"
    assert order.index(12) >= 3 and order.index(12) != 0


def test_a_late_arrival_does_not_take_a_place_that_sits_out_first():
    chart = chart_for(13, 6)
    roster = list(range(12)) + [50]
    prev = fixed_plan(2, [list(range(0, 4)), list(range(4, 8)), list(range(8, 12))])
    order = assign_chart_places(chart, roster, prev, {}, seed="x")
    assert order[0] != 50


# --------------------------------------------------------------------------------------------------
# Refusals
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("movement", MOVEMENTS)
def test_fewer_than_four_players_is_refused(movement):
    with pytest.raises(ValueError, match="at least four players"):
        plan_game(movement, 1, [1, 2, 3], total_games=10, seed="s")


def test_bad_calls_are_refused_with_context():
    g1 = plan_game("winners", 1, list(range(8)), total_games=10, seed="s")
    with pytest.raises(ValueError, match="unknown movement"):
        plan_game("howell", 1, list(range(8)), total_games=10, seed="s")
    with pytest.raises(ValueError, match="twice"):
        plan_game("winners", 1, [1, 2, 3, 4, 1], total_games=10, seed="s")
    with pytest.raises(ValueError, match="game 1, not game 2"):
        plan_game("winners", 3, list(range(8)), previous=g1, results=[], total_games=10, seed="s")
    with pytest.raises(ValueError, match="no result for table 2"):
        plan_game("winners", 2, list(range(8)), previous=g1, results=[TableResult(1, "NS")], total_games=10, seed="s")
    with pytest.raises(ValueError, match="table 5"):
        plan_game("winners", 2, list(range(8)), previous=g1, total_games=10, seed="s",
                  results=[TableResult(1, "NS"), TableResult(2, "NS"), TableResult(5, "NS")])
    with pytest.raises(ValueError, match="'NS' or 'EW'"):
        plan_game("winners", 2, list(range(8)), previous=g1, total_games=10, seed="s",
                  results=[TableResult(1, "NS"), TableResult(2, "ns")])
    with pytest.raises(ValueError, match="past the end"):
        plan_game("chart", 11, list(range(8)), total_games=10, seed="s")


def test_a_plan_survives_json():
    g1 = plan_game("chart", 1, list(range(9)), total_games=10, seed="j")
    assert GamePlan.from_json(g1.to_json()) == g1


# --------------------------------------------------------------------------------------------------
# The checks themselves catch broken plans
# --------------------------------------------------------------------------------------------------

def _night_and_game(movement="winners", n=14, game=4):
    night = simulate_night(movement, list(range(n)), games=game, seed="chk")
    return night, night.plans[game - 1], night.rosters[game - 1], night.plans[game - 2], night.results[game - 2]


def test_check_game_catches_a_missing_seat_and_a_double_booking():
    night, plan, roster, prev, results = _night_and_game()
    p, q = list(plan.seating)[:2]
    doubled = replace(plan, seating={**plan.seating, p: plan.seating[q]})
    assert any("not one each" in v for v in check_game(doubled, roster, prev, results, "winners"))
    twice = replace(plan, sit_outs=plan.sit_outs + (p,))
    assert any("both seated and sitting out" in v for v in check_game(twice, roster, prev, results, "winners"))


def test_check_game_catches_a_sit_out_twice_in_a_row():
    night, plan, roster, prev, results = _night_and_game()
    again, now_out = prev.sit_outs[0], plan.sit_outs[0]
    seating = {k: v for k, v in plan.seating.items() if k != again}
    seating[now_out] = plan.seating[again]
    since = {k: v for k, v in plan.since.items() if k != again} | {now_out: plan.game}
    sit_outs = tuple(again if p == now_out else p for p in plan.sit_outs)
    bad = replace(plan, seating=seating, sit_outs=sit_outs, since=since)
    assert any("twice in a row" in v for v in check_game(bad, roster, prev, results, "winners"))


def test_check_game_catches_head_losers_not_at_the_tail_and_stayers_not_split():
    prev = fixed_plan(1, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    results = [TableResult(1, "NS"), TableResult(2, "NS"), TableResult(3, "NS")]
    roster = list(range(1, 13))
    good = plan_game("winners", 2, roster, previous=prev, results=results, total_games=10, seed="s")
    assert check_game(good, roster, prev, results, "winners") == []
    # put the head losers (2, 4) back at table 1, swapping them with the arrivals there (5, 7)
    seating = dict(good.seating)
    seating[2], seating[5] = good.seating[5], good.seating[2]
    seating[4], seating[7] = good.seating[7], good.seating[4]
    problems = check_game(replace(good, seating=seating), roster, prev, results, "winners")
    assert any("head table loser" in v for v in problems)
    # the stayers at table 2 (6 E and 8 S after the split; they lost) made partners again: 8 and 11 swap
    assert good.seating[6] == Seat(2, "E") and good.seating[8] == Seat(2, "S") and good.seating[11] == Seat(2, "W")
    seating = {**good.seating, 8: Seat(2, "W"), 11: Seat(2, "S")}
    problems = check_game(replace(good, seating=seating), roster, prev, results, "winners")
    assert any("staying at table 2 (6, 8) did not become opponents" in v for v in problems)
    assert any("partners again by the movement itself" in v for v in problems)


def test_check_game_catches_a_chart_game_that_leaves_the_chart():
    night, plan, roster, prev, results = _night_and_game("chart", 13, 3)
    assert check_game(plan, roster, prev, results, "chart") == []
    a, b = [p for p, s in plan.seating.items() if s.table == 1][:2]
    seating = {**plan.seating, a: plan.seating[b], b: plan.seating[a]}
    assert any("chart puts" in v for v in check_game(replace(plan, seating=seating), roster, prev, results, "chart"))


def test_check_night_catches_uneven_sit_outs():
    night = simulate_night("winners", list(range(13)), games=4, seed="uneven")
    assert check_night(night.plans, night.rosters, "winners") == []
    plans = list(night.plans)
    first, third = plans[0].sit_outs[0], plans[2].sit_outs[0]  # the game-1 sit-out sits out game 3 too
    seating = {k: v for k, v in plans[2].seating.items() if k != first} | {third: plans[2].seating[first]}
    plans[2] = replace(plans[2], seating=seating, sit_outs=(first,))
    assert any("range from 0" in v for v in check_night(plans, night.rosters, "winners"))


# --------------------------------------------------------------------------------------------------
# Ties and sit-out points
# --------------------------------------------------------------------------------------------------

def test_the_higher_score_wins():
    assert settle_tie(5, 3) == ("NS", "North–South scored more (5 to 3).")
    assert settle_tie(-2, 4)[0] == "EW"


def test_a_tie_goes_to_who_scored_last_then_to_the_cut():
    assert settle_tie(4, 4, last_scorer="EW") == ("EW", "Tied at 4; East–West scored the last points at the table.")
    assert settle_tie(4, 4, last_scorer="NS", cut_winner="EW")[0] == "NS", "the last points come before a cut"
    winner, reason = settle_tie(0, 0, cut_winner="EW")
    assert winner == "EW" and "cut for high card" in reason


def test_a_tie_with_nothing_to_go_by_asks_for_a_cut():
    with pytest.raises(TieNeedsCut, match="a cut") as tie:
        settle_tie(3, 3)
    assert (tie.value.ns_points, tie.value.ew_points) == (3, 3), "the error carries the tied scores"
    assert isinstance(tie.value, ValueError), "as every refusal of the referee"
    with pytest.raises(ValueError, match="'NS' or 'EW'"):
        settle_tie(3, 3, last_scorer="north")
    assert "cut for high card" in TIE_RULE and "last points" in TIE_RULE


def test_sit_out_points_average_rounds_half_up_or_are_fixed():
    assert sit_out_points("average", 0, [5, 6]) == 6  # 5.5 rounds up
    assert sit_out_points("average", 0, [5, 6, 6]) == 6  # 5.67
    assert sit_out_points("average", 0, [5, 5, 6]) == 5  # 5.33
    assert sit_out_points("average", 0, [-2, -3]) == -2  # -2.5 rounds up to -2
    assert sit_out_points("fixed", 4, [9, 9]) == 4
    with pytest.raises(ValueError, match="average"):
        sit_out_points("average", 0, [])
    with pytest.raises(ValueError, match="unknown"):
        sit_out_points("median", 0, [1])
