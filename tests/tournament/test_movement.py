"""Winners advance, losers split ([002] Progressive Euchre, Basics; Strategy and etiquette)."""
import random

import pytest

from referee.tournament import TableResult, advance_winners, choose_sit_outs, first_seating, rotation_chart
from referee.tournament.movement import PAIRS

PLAYERS = [f"P{i:02d}" for i in range(12)]


def partners(seating):
    by_table = {}
    for player, seat in seating.items():
        by_table.setdefault(seat.table, {})[seat.seat] = player
    return {frozenset((t[a], t[b])) for t in by_table.values() for a, b in PAIRS}


def check_full(seating, n_tables):
    places = [(s.table, s.seat) for s in seating.values()]
    assert len(places) == len(set(places)), "nobody shares a seat"
    assert sorted({t for t, _ in places}) == list(range(1, n_tables + 1))
    assert len(places) == 4 * n_tables, "every seat is filled"


def test_head_losers_go_to_tail_and_winners_move_up():
    seating = first_seating(PLAYERS)  # table 1: P00 N, P01 E, P02 S, P03 W
    since = {p: 1 for p in PLAYERS}
    results = [TableResult(1, "NS"), TableResult(2, "EW"), TableResult(3, "NS")]
    nxt, _ = advance_winners(seating, results, since, game=2)
    check_full(nxt, 3)
    assert {nxt["P01"].table, nxt["P03"].table} == {3}, "head table losers go to the tail"
    assert {nxt["P00"].table, nxt["P02"].table} == {1}, "head table winners stay"
    assert {nxt["P05"].table, nxt["P07"].table} == {1}, "table 2 winners (E/W) move up to the head"
    assert {nxt["P08"].table, nxt["P10"].table} == {2}, "table 3 winners move up one table"
    assert {nxt["P04"].table, nxt["P06"].table} == {2}, "table 2 losers stay"


def test_the_pair_that_stays_splits_and_the_longest_seated_keeps_the_seat():
    seating = first_seating(PLAYERS)
    since = {p: 1 for p in PLAYERS}
    since["P06"] = 0  # P06 has been at table 2 longer than P04
    results = [TableResult(1, "NS"), TableResult(2, "EW"), TableResult(3, "NS")]
    nxt, new_since = advance_winners(seating, results, since, game=2)
    old_partners = partners(seating)
    for pair in partners(nxt):
        if pair & {"P00", "P02", "P04", "P06", "P09", "P11"} == pair:
            assert pair not in old_partners, "stayers who were partners are split"
    assert nxt["P06"] == seating["P06"], "the longest seated stays in the same seat"
    assert nxt["P04"].table == 2 and nxt["P04"].seat in ("E", "W"), "the other stayer becomes an opponent"
    assert new_since["P05"] == 2 and new_since["P06"] == 0


def test_a_night_keeps_every_seat_filled_and_nobody_twice():
    rng = random.Random(7)
    players = [f"P{i:03d}" for i in range(100)]
    seating, since = first_seating(players), {p: 1 for p in players}
    for game in range(2, 12):
        results = [TableResult(t, rng.choice(["NS", "EW"])) for t in range(1, 26)]
        seating, since = advance_winners(seating, results, since, game)
        check_full(seating, 25)


def test_a_missing_table_result_is_refused():
    with pytest.raises(ValueError, match="table 2"):
        advance_winners(first_seating(PLAYERS[:8]), [TableResult(1, "NS")], {}, 2)


def test_sit_outs_go_to_who_sat_out_least_never_twice_in_a_row():
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    first = choose_sit_outs(players, 1, sat_out_so_far={}, sat_out_last=[], seed=1)
    second = choose_sit_outs(players, 1, sat_out_so_far={first[0]: 1}, sat_out_last=first, seed=2)
    assert second != first
    sat = {p: 1 for p in players if p != "Ed"}
    assert choose_sit_outs(players, 1, sat_out_so_far=sat, sat_out_last=["Ann"], seed=3) == ["Ed"]


@pytest.mark.parametrize("n", [8, 12, 13, 16, 17, 20, 21])
def test_rotation_chart_partners_everyone_once_at_4k_and_4k_plus_1(n):
    games = n - 1 if n % 2 == 0 else n
    chart = rotation_chart(n, games)
    q = chart.quality
    assert q.partner_optimum and q.repeat_partners == 0
    assert q.sit_outs_max - q.sit_outs_min <= 1
    for tables, outs in zip(chart.games, chart.sit_outs):
        seated = [p for (a, b) in tables for p in a + b]
        assert len(seated) == len(set(seated)) == 4 * (n // 4)
        assert not set(seated) & set(outs)
        assert len(seated) + len(outs) == n


@pytest.mark.parametrize("n", [6, 7, 10, 11, 23])
def test_rotation_chart_for_any_head_count_shares_sit_outs(n):
    chart = rotation_chart(n, 10)
    assert chart.quality.sit_outs_max - chart.quality.sit_outs_min <= 2
    assert all(len(outs) == n % 4 or len(outs) == n - 4 * (n // 4) for outs in chart.sit_outs)
