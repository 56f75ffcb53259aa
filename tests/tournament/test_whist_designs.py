"""Every shipped whist design (referee/tournament/whist_designs.py) is a whist tournament, and
rotation_chart serves it: for every N = 4k or 4k + 1 from 8 to 64 (and 4, 5) every two players partner
exactly once and are opponents exactly twice, one player sitting out a game when N = 4k + 1."""
from collections import Counter
from itertools import combinations

import pytest

from referee.tournament import quality_floor, rotation_chart
from referee.tournament.whist_designs import THREE_OUT_DESIGNS, WHIST_DESIGNS
from referee.tournament.whist_group import INF, Group, is_whist_tournament

WHIST_FEASIBLE = [n for n in range(8, 65) if n % 4 in (0, 1)]


def full_round(n):
    return n - 1 if n % 4 == 0 else n


def test_a_design_is_shipped_for_every_whist_feasible_head_count_from_8_to_64():
    assert set(WHIST_FEASIBLE) <= set(WHIST_DESIGNS)


@pytest.mark.parametrize("n", sorted(WHIST_DESIGNS))
def test_the_shipped_starter_develops_into_a_whist_tournament(n):
    moduli, starter = WHIST_DESIGNS[n]
    group = Group(moduli)
    assert group.order == (n - 1 if n % 4 == 0 else n)
    seated = [p for table in starter for p in table]
    assert len(seated) == len(set(seated)) == 4 * (n // 4)
    assert (INF in seated) == (n % 4 == 0) and (0 in seated) == (n % 4 == 0), "0 sits out the starter of 4k + 1"
    assert group.is_whist_starter(n, starter)


@pytest.mark.parametrize("n", sorted(WHIST_DESIGNS))
def test_rotation_chart_is_the_whist_tournament(n):
    games = full_round(n)
    chart = rotation_chart(n, games)
    assert len(chart.games) == games and chart.quality.method == "whist"
    partners, opponents = Counter(), Counter()
    for tables, outs in zip(chart.games, chart.sit_outs):
        seated = [p for a, b in tables for p in a + b]
        assert sorted(seated + outs) == list(range(n)), "each player seated or out, once"
        assert len(outs) == n % 4
        for a, b in tables:
            partners.update([frozenset(a), frozenset(b)])
            opponents.update(frozenset((x, y)) for x in a for y in b)
    every_pair = {frozenset(p) for p in combinations(range(n), 2)}
    assert set(partners) == every_pair and set(partners.values()) == {1}, "everyone partners everyone once"
    assert set(opponents) == every_pair and set(opponents.values()) == {2}, "and opposes everyone twice"
    assert sorted(p for outs in chart.sit_outs for p in outs) == (list(range(n)) if n % 4 else [])
    q = chart.quality
    assert (q.repeat_partners, q.repeat_opponents, q.max_opponent_meetings, q.gap()) == (0, 0, 2, (0, 0))


@pytest.mark.parametrize("n", [9, 13, 21, 33, 40, 61])
def test_shorter_and_longer_nights_meet_the_floor(n):
    for games in (1, 5, full_round(n) - 1, full_round(n) + 3, 2 * full_round(n) + 1):
        q = rotation_chart(n, games).quality
        assert (q.repeat_partners, q.repeat_opponents) == quality_floor(n, games) and q.optimal, games
        assert q.sit_outs_max - q.sit_outs_min <= 1


def test_the_checker_refuses_a_broken_design():
    moduli, starter = WHIST_DESIGNS[13]
    a, c, b, d = starter[0]
    swapped = [(a, b, c, d), *starter[1:]]  # same tables, other partners
    assert not Group(moduli).is_whist_starter(13, swapped)
    games = [Group(moduli).develop(starter, g) for g in range(13)]
    assert is_whist_tournament(13, games) and not is_whist_tournament(13, games[:-1])


@pytest.mark.parametrize("n", sorted(THREE_OUT_DESIGNS))
def test_a_three_out_design_is_a_whist_tournament_with_its_empty_place_beside_0_1_and_minus_1(n):
    starter = THREE_OUT_DESIGNS[n]
    group = Group((n - 1,))
    assert group.is_whist_starter(n, starter)
    assert {p for t in starter if INF in t for p in t} == {INF, 0, 1, n - 2}


@pytest.mark.parametrize("n", [m - 1 for m in sorted(THREE_OUT_DESIGNS)])
def test_without_its_empty_place_it_is_an_optimal_chart_with_three_out_in_turn_order(n):
    chart = rotation_chart(n, n)
    q = chart.quality
    assert q.method == "whist, one place empty"
    assert (q.repeat_partners, q.repeat_opponents, q.max_opponent_meetings, q.gap()) == (0, 0, 2, (0, 0))
    assert chart.sit_outs == [sorted((3 * g + j) % n for j in range(3)) for g in range(n)]
    assert (q.sit_outs_min, q.sit_outs_max) == (3, 3)
