"""Pepper (variant ``pepper``): [000] Pepper and its Variants for two and three players; [003] Pepper - Card
Game Rules; [002] Pepper, Scoring & Winning; shared/spec/variants.md "pepper"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "pepper"

SCORING = [
    # (players, rules, hand, deltas per side, events)
    pytest.param(4, {}, {"maker": 0, "bid": 3, "trump": "S", "tricks": 4}, [4, 2], {"made"},
                 id="[000] Pepper, Scoring: contract made, one point for each trick; defenders one a trick"),
    pytest.param(4, {}, {"maker": 1, "bid": 5, "tricks": 4}, [2, -6], {"set"},
                 id="[000] Pepper, Scoring: failed, they lose six points, regardless of the contract"),
    pytest.param(4, {}, {"maker": 0, "bid": 1, "tricks": 0}, [-6, 6], {"set"},
                 id="[003] Pepper, Throw: a failed bid of 1 still loses 6"),
    pytest.param(4, {}, {"maker": 0, "bid": "little-pepper", "tricks": 6}, [6, 0], {"little-pepper", "made"},
                 id="variants.md: little pepper made scores 1 a trick: +6"),
    pytest.param(4, {}, {"maker": 0, "bid": "Little Pepper", "tricks": 5}, [-6, 1], {"little-pepper", "set"},
                 id="[000] Pepper: little pepper failed loses 6 ('Little Pepper' spelling accepted)"),
    pytest.param(4, {}, {"maker": 2, "bid": "big-pepper", "tricks": 6}, [12, 0], {"big-pepper", "made"},
                 id="[000] Pepper, Scoring: big pepper scores twelve for taking all six"),
    pytest.param(4, {}, {"maker": 3, "bid": "big-pepper", "tricks": 5}, [1, -12], {"big-pepper", "set"},
                 id="[000] Pepper, Scoring: big pepper loses twelve if they did not"),
    pytest.param(4, {}, {"maker": 0, "bid": 4, "trump": "NT", "tricks": 4}, [4, 2], {"made"},
                 id="[000] Pepper, Bidding: the high bidder may declare no trump"),
    pytest.param(4, {"set_penalty": "bid"}, {"maker": 0, "bid": 4, "tricks": 3}, [-4, 3], {"set"},
                 id="[002] Pepper, Scoring & Winning: they lose as many points as were bid (set_penalty=bid)"),
    pytest.param(4, {"set_penalty": "bid"}, {"maker": 0, "bid": "little-pepper", "tricks": 5}, [-6, 1], {"set"},
                 id="[002] Pepper: little pepper loses 6 for failing"),
    pytest.param(4, {"set_penalty": "bid"}, {"maker": 0, "bid": "big-pepper", "tricks": 5}, [-12, 1], {"set"},
                 id="[002] Pepper: big pepper counts plus or minus 12"),
    pytest.param(3, {}, {"maker": 0, "bid": 5, "tricks": [5, 2, 1]}, [5, 2, 1], {"made"},
                 id="[000] Pepper, Variants for three: each plays for self, 8 tricks, made +1 a trick"),
    pytest.param(3, {}, {"maker": 1, "bid": 7, "tricks": [2, 6, 0]}, [2, -8, 0], {"set"},
                 id="[000] Pepper, Variants: failure to make a contract results in the loss of eight points"),
    pytest.param(3, {}, {"maker": 2, "bid": "big-pepper", "tricks": [0, 0, 8]}, [0, 0, 16], {"made"},
                 id="[000] Pepper, Variants: a successful big pepper scores sixteen"),
    pytest.param(3, {}, {"maker": 2, "bid": "big-pepper", "tricks": [1, 0, 7]}, [1, 0, -16], {"set"},
                 id="[000] Pepper, Variants: an unsuccessful big pepper sets back sixteen"),
    pytest.param(3, {}, {"maker": 0, "bid": "little-pepper", "tricks": [8, 0, 0]}, [8, 0, 0], {"made"},
                 id="[000] Pepper, Variants: little pepper takes all eight: +8"),
    pytest.param(3, {"set_penalty": "bid"}, {"maker": 0, "bid": 5, "tricks": [4, 2, 2]}, [-5, 2, 2], {"set"},
                 id="[002] set_penalty=bid with three players: -5 for a failed 5"),
    pytest.param(2, {}, {"maker": 0, "bid": 7, "tricks": [7, 1]}, [7, 1], {"made"},
                 id="[000] Pepper, Variants for two: bids go up to seven"),
    pytest.param(2, {}, {"maker": 1, "bid": 6, "tricks": [3, 5]}, [3, -8], {"set"},
                 id="[003] Pepper, Throw: 8 lost for 2 and 3 player games"),
    pytest.param(4, {"dealer_forced": True}, {"maker": 0, "forced": True, "tricks": 2}, [2, 4], {"forced", "made"},
                 id="[002] Pepper: if the first three pass, dealer names trump at a bid of one (dealer_forced)"),
    pytest.param(4, {"dealer_forced": True}, {"maker": 0, "forced": True, "bid": 1, "tricks": 0}, [-6, 6],
                 {"forced", "set"}, id="[002] Pepper: the forced dealer takes nothing: set"),
]


@pytest.mark.parametrize("players, rules, hand, deltas, events", SCORING)
def test_scoring(players, rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules, players=players)


def test_bidding_continues_until_three_consecutive_passes():
    # [000] Pepper, Bidding: "Bidding continues until there are three consecutive passes" (more than once round).
    hand = {"maker": 3, "bid": 5, "auction": [1, 2, "pass", 3, "pass", 4, 5, "pass", "pass", "pass"], "tricks": 5}
    assert score(V, [hand])["totals"] == [1, 5]


def test_sides_are_teams_with_four_and_players_with_three():
    assert score(V, [], players=4)["sides"] == ["Ann & Cy", "Bob & Di"]
    assert score(V, [], players=3)["sides"] == ["Ann", "Bob", "Cy"]


def test_all_pass_is_void_and_the_deal_passes():
    result = score(V, [{"void": True}, {"maker": 3, "bid": 2, "tricks": 2}], players=4)
    assert dealers(result) == [0, 1]
    assert result["totals"] == [4, 2]


ENDINGS = [
    pytest.param(4, [29, 0], {"maker": 0, "bid": 1, "tricks": 1}, 0, False, "first to reach 30",
                 id="[002] Pepper: game is to 30 points"),
    pytest.param(4, [28, 27], {"maker": 0, "bid": 1, "tricks": 2}, 1, False, "higher score wins",
                 id="[000] Pepper: both reach 30, whichever has the higher score (defenders 31 v 30) wins"),
    pytest.param(4, [28, 28], {"maker": 0, "bid": 3, "tricks": 3}, None, True, "a draw",
                 id="[000] Pepper: if the score is tied, the game ends as a draw"),
    pytest.param(3, [0, 29, 29], {"maker": 0, "bid": 1, "tricks": [2, 3, 3]}, None, True, "a draw",
                 id="[003] Pepper, End: several reach 30 with the same score: tied"),
    pytest.param(3, [0, 29, 28], {"maker": 0, "bid": 1, "tricks": [2, 3, 3]}, 1, False, "higher score wins",
                 id="[003] Pepper, End: several reach 30, the higher score wins"),
]


@pytest.mark.parametrize("players, start, hand, winner, tie, rule", ENDINGS)
def test_game_end(players, start, hand, winner, tie, rule):
    assert_ending(V, [hand], winner=winner, tie=tie, rule=rule, start_totals=start, players=players)


def test_plays_on_below_thirty():
    assert_not_over(V, [{"maker": 0, "bid": "big-pepper", "tricks": 5}], start_totals=[28, 28])


VALIDATION = [
    pytest.param(4, {}, [{"maker": 0, "bid": 6, "tricks": 6}], 0, "bid",
                 id="[000] Pepper: four players bid one through five and the peppers, not 6"),
    pytest.param(3, {}, [{"maker": 0, "bid": 8, "tricks": [8, 0, 0]}], 0, "bid",
                 id="[000] Pepper, Variants: bids go up to seven, not 8"),
    pytest.param(4, {}, [{"maker": 0, "bid": "pepper", "tricks": 6}], 0, "bid", id="plain 'pepper' is not a bid here"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "tricks": 7}], 0, "tricks", id="four players: six tricks"),
    pytest.param(3, {}, [{"maker": 0, "bid": 3, "tricks": 4}], 0, "tricks",
                 id="three players score their own tricks: a list per seat is required"),
    pytest.param(3, {}, [{"maker": 0, "bid": 3, "tricks": [4, 4, 1]}], 0, "tricks", id="three players: 8 tricks"),
    pytest.param(2, {}, [{"maker": 0, "bid": 3, "tricks": [4, 3]}], 0, "tricks", id="two players: 8 tricks"),
    pytest.param(4, {}, [{"maker": 0, "forced": True, "tricks": 3}], 0, "forced",
                 id="without dealer_forced nobody is forced"),
    pytest.param(4, {"dealer_forced": True}, [{"maker": 1, "forced": True, "tricks": 3}], 0, "maker",
                 id="[002] Pepper: it is the dealer who is forced"),
    pytest.param(4, {"dealer_forced": True}, [{"maker": 0, "forced": True, "bid": 2, "tricks": 3}], 0, "bid",
                 id="[002] Pepper: the forced dealer plays a bid of one"),
    pytest.param(4, {}, [{"maker": 0, "bid": 3, "auction": [3, "pass", 2], "tricks": 3}], 0, "auction",
                 id="[000] Pepper, Bidding: each bid must be higher than the bids preceding it"),
    pytest.param(4, {}, [{"maker": 1, "bid": "little-pepper", "auction": ["big-pepper", "little-pepper"],
                          "tricks": 6}], 0, "auction", id="[000] Pepper: big pepper is higher than little pepper"),
    pytest.param(4, {"set_penalty": "double"}, [], None, "rules", id="set_penalty is fixed or bid"),
    pytest.param(4, {}, [{"maker": 1, "bid": 3, "auction": [3, 2, 4], "tricks": 3}], 0, "auction",
                 id="[000] Pepper, Bidding: a 2 does not beat the 3 before it"),
    pytest.param(4, {"dealer_forced": "yes"}, [], None, "rules", id="dealer_forced is true or false"),
]


@pytest.mark.parametrize("players, rules, hands, hand, field", VALIDATION)
def test_validation(players, rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, players=players)


def test_five_players_and_after_the_end():
    assert_refused(V, [], None, "players", players=5)
    assert_refused(V, [{"maker": 0, "bid": 5, "tricks": 5}, {"void": True}], 1, None, start_totals=[25, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param(4, {}, [{"maker": 1, "bid": 2, "auction": ["pass"] * 4, "tricks": 2}], 0, "auction",
                 id="variants.md pepper: without dealer_forced an all-pass hand is thrown in"),
    pytest.param(4, {"dealer_forced": True}, [{"maker": 0, "bid": 1, "auction": ["pass"] * 3, "tricks": 1}], 0,
                 "forced", id="[002] Pepper: if the first three players pass, the dealer is forced at one"),
    pytest.param(4, {"dealer_forced": True}, [{"maker": 1, "forced": True, "auction": [1, "pass", "pass", "pass"],
                                               "tricks": 1}], 0, "forced",
                 id="[002] Pepper: somebody bid, so nobody was forced"),
    pytest.param(4, {}, [{"maker": 1, "bid": 4, "auction": [3, "pass", "pass", "pass", 4], "tricks": 4}], 0,
                 "auction", id="[000] Pepper, Bidding: bidding ends at three consecutive passes"),
    pytest.param(4, {}, [{"maker": 1, "bid": 2, "auction": ["pass"] * 4 + [2], "tricks": 2}], 0, "auction",
                 id="[000] Pepper: after four passes nobody can bid"),
    pytest.param(3, {}, [{"maker": 1, "bid": 3, "auction": [2, "pass", "pass", 3], "tricks": [3, 3, 2]}], 0,
                 "auction", id="[003] Pepper, Offer: bidding continues until all but one player passes"),
]


@pytest.mark.parametrize("players, rules, hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(players, rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, players=players)


def test_the_forced_dealer_and_a_dealer_who_bids_after_three_passes():
    # [002] Pepper: "If the first three players pass, dealer names trump at a bid of one trick."
    rules = {"dealer_forced": True}
    assert_scores(V, {"maker": 0, "forced": True, "auction": ["pass"] * 3, "tricks": 1}, [1, 5], {"forced"},
                  rules=rules)
    assert_scores(V, {"maker": 0, "forced": True, "auction": ["pass"] * 4, "tricks": 1}, [1, 5], {"forced"},
                  rules=rules)
    # the dealer may bid more than one: an ordinary bid, and the auction goes on to three passes
    assert_scores(V, {"maker": 0, "bid": 3, "auction": ["pass"] * 3 + [3, "pass", "pass", "pass"], "tricks": 3},
                  [3, 3], {"made"}, rules=rules)


def test_start_totals_at_thirty_are_refused():
    # [000] Pepper, Scoring: play continues until one partnership scores 30; match-format: nothing after
    assert_refused(V, [], None, "start_totals", start_totals=[30, 0])
    assert_refused(V, [], None, "start_totals", start_totals=[0, 31, 0], players=3)
    assert_not_over(V, [], start_totals=[29, -40])
