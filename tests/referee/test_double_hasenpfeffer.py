"""Double hasenpfeffer (variant ``double-hasenpfeffer``): [002] Double Hasenpfeffer; [003] Double Hasenpfeffer
(minimum bid 6); shared/spec/variants.md "double-hasenpfeffer"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "double-hasenpfeffer"

SCORING = [
    # (players, rules, hand, deltas per team, events)
    pytest.param(4, {}, {"maker": 0, "bid": 5, "trump": "C", "tricks": 7}, [7, 5], {"made"},
                 id="[002] Double Hasenpfeffer: scoring as 24-card pepper, +1 a trick; defenders 1 a trick"),
    pytest.param(4, {}, {"maker": 1, "bid": 6, "tricks": 5}, [7, -6], {"set"},
                 id="[002] Pepper scoring: the declaring team loses as many points as were bid"),
    pytest.param(4, {}, {"maker": 0, "forced": True, "tricks": 2}, [-2, 10], {"forced", "set"},
                 id="[002] Double Hasenpfeffer: a forced dealer loses only half (3 -> 2, rounding up)"),
    pytest.param(4, {}, {"maker": 0, "forced": True, "bid": 3, "tricks": 4}, [4, 8], {"forced", "made"},
                 id="[002] Double Hasenpfeffer: all pass, the dealer names trump at a minimum bid of 3"),
    pytest.param(4, {}, {"maker": 2, "alone": True, "bid": 6, "tricks": 7}, [14, 5], {"alone", "made"},
                 id="[002] Double Hasenpfeffer: playing alone scores double, positive if the bid is made"),
    pytest.param(4, {}, {"maker": 2, "alone": True, "bid": 6, "tricks": 5}, [-12, 7], {"alone", "set"},
                 id="[002] Double Hasenpfeffer: playing alone scores double, negative if not"),
    pytest.param(4, {}, {"maker": 0, "alone": True, "forced": True, "tricks": 1}, [-4, 11], {"forced", "alone"},
                 id="variants.md ruling: a forced dealer alone and set loses twice half the bid"),
    pytest.param(4, {"min_bid": 6}, {"maker": 0, "forced": True, "tricks": 5}, [-3, 7], {"forced", "set"},
                 id="[003] Double Hasenpfeffer: the minimum bid is 6; a forced 6 set loses 3"),
    pytest.param(4, {"min_bid": 6}, {"maker": 0, "forced": True, "bid": 6, "tricks": 8}, [8, 4], {"made"},
                 id="[003] Double Hasenpfeffer: the dealer names trump at a minimum bid of 6"),
    pytest.param(6, {}, {"maker": 5, "bid": 4, "tricks": 5}, [3, 5], {"made"},
                 id="[002] Double Hasenpfeffer: six players in two teams, 8 tricks each hand"),
    pytest.param(6, {}, {"maker": 0, "forced": True, "tricks": 1}, [-2, 7], {"forced", "set"},
                 id="[002] six players: forced 3 set, -2"),
    pytest.param(6, {}, {"maker": 3, "bid": 8, "tricks": 8}, [0, 8], {"made"}, id="six players: a bid of all eight"),
]


@pytest.mark.parametrize("players, rules, hand, deltas, events", SCORING)
def test_scoring(players, rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules, players=players)


def test_six_player_teams_and_rotation():
    result = score(V, [{"maker": s, "bid": 3, "tricks": 4} for s in range(6)] + [{"void": True}], players=6)
    assert result["sides"] == ["Ann, Cy & Ed", "Bob, Di & Flo"]
    assert dealers(result) == [0, 1, 2, 3, 4, 5, 0]


ENDINGS = [
    pytest.param([28, 27], {"maker": 0, "bid": 3, "tricks": 3}, 0, "bidder goes out",
                 id="variants.md common rule: both reach 30, the side that made its bid wins (31 v 36)"),
    pytest.param([20, 27], {"maker": 0, "bid": 7, "tricks": 6}, 1, "first to reach 30",
                 id="[002] game to 30 as 24-card pepper: defenders reach it when the bid fails"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_plays_on():
    assert_not_over(V, [{"maker": 0, "alone": True, "bid": 12, "tricks": 11}], start_totals=[29, 28])


VALIDATION = [
    pytest.param(4, {}, [{"maker": 0, "bid": 2, "tricks": 4}], 0, "bid", id="[002] Double Hasenpfeffer: minimum bid 3"),
    pytest.param(4, {"min_bid": 6}, [{"maker": 0, "bid": 5, "tricks": 6}], 0, "bid",
                 id="[003] Double Hasenpfeffer: minimum bid 6"),
    pytest.param(4, {}, [{"maker": 0, "bid": "little-pepper", "tricks": 12}], 0, "bid",
                 id="[002] Double Hasenpfeffer: there are no bids of Little and/or Big Pepper"),
    pytest.param(6, {}, [{"maker": 0, "bid": 9, "tricks": 8}], 0, "bid", id="six players: 8 tricks, no bid of 9"),
    pytest.param(4, {}, [{"maker": 0, "forced": True, "bid": 4, "tricks": 4}], 0, "bid",
                 id="[002] Double Hasenpfeffer: the forced dealer plays the minimum, 3"),
    pytest.param(4, {}, [{"maker": 1, "forced": True, "tricks": 4}], 0, "maker", id="it is the dealer who is forced"),
    pytest.param(6, {}, [{"maker": 0, "alone": True, "bid": 4, "tricks": 4}], 0, "alone",
                 id="[002] Double Hasenpfeffer: alone only in a 4-player game"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "trump": "NT", "tricks": 4}], 0, "trump", id="no no-trump"),
    pytest.param(6, {}, [{"maker": 0, "bid": 3, "tricks": [4, 5]}], 0, "tricks", id="six players: 8 tricks, not 9"),
    pytest.param(4, {"min_bid": 4}, [], None, "rules", id="min_bid is 3 or 6"),
]


@pytest.mark.parametrize("players, rules, hands, hand, field", VALIDATION)
def test_validation(players, rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, players=players)


def test_player_counts_and_after_the_end():
    assert_refused(V, [], None, "players", players=5)
    assert_refused(V, [{"maker": 0, "bid": 12, "tricks": 12}, {"void": True}], 1, None, start_totals=[20, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"maker": 0, "bid": 3, "auction": ["pass"] * 4, "tricks": 3}], 0, "forced",
                 id="[002] Double Hasenpfeffer: if all pass, the dealer names trump at the minimum (forced)"),
    pytest.param([{"maker": 1, "forced": True, "auction": [4, "pass", "pass", "pass"], "tricks": 4}], 0, "forced",
                 id="[002] Double Hasenpfeffer: somebody bid, so the dealer was not forced"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_start_totals_at_30_are_refused():
    assert_refused(V, [], None, "start_totals", start_totals=[0, 30])
    assert_not_over(V, [], start_totals=[29, -30])
