"""Call-partner euchre (variant ``call-partner-euchre``): [003] the five-handed variation played in Florida:
Dealing, Bidding, Playing the hand, Scoring the hand; shared/spec/variants.md "call-partner-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers

V = "call-partner-euchre"
P = {"players": 5}
MADE = {"maker": 0, "partner": 2, "bid": 4, "tricks": 5}   # Ann & Cy +5 each, the other three +3 each

SCORING = [
    # (hand, deltas per player [Ann, Bob, Cy, Di, Ed], events)
    pytest.param({"maker": 0, "partner": 2, "bid": 5, "trump": "S", "tricks": 6}, [6, 2, 6, 2, 2], {"made"},
                 id="[003] Florida, Scoring: bidder and partner each receive one point for each trick taken"),
    pytest.param({"maker": 0, "partner": 2, "bid": 5, "tricks": 4}, [-5, 4, -5, 4, 4], {"set"},
                 id="[003] Florida, Scoring: fewer than bid: euchred, the tricks bid are subtracted"),
    pytest.param({"maker": 1, "partner": None, "bid": 3, "tricks": 3}, [5, 3, 5, 5, 5], {"alone", "made"},
                 id="[003] Florida, Bidding: if the card is not played there is no partner"),
    pytest.param({"maker": 4, "bid": 8, "tricks": 8}, [0, 0, 0, 0, 8], {"made"},
                 id="[003] Florida, Bidding: the maximum is eight tricks; alone, all eight"),
    pytest.param({"maker": 0, "forced": True, "tricks": 6}, [6, 2, 2, 2, 2], {"forced", "made"},
                 id="[003] Florida, Bidding: if no one bids the dealer must accept a bid of six"),
    pytest.param({"maker": 0, "forced": True, "bid": 6, "partner": 3, "tricks": 5}, [-6, 3, 3, -6, 3], {"forced", "set"},
                 id="[003] Florida: the forced dealer and partner set at six: -6 each"),
    pytest.param({"maker": 0, "partner": 2, "bid": 5, "tricks": [3, 1, 2, 1, 1]}, [5, 3, 5, 3, 3], {"made"},
                 id="match-format.md tricks per seat: maker 3 + partner 2 = 5"),
    pytest.param({"maker": 3, "partner": 1, "bid": 1, "tricks": 0}, [8, -1, 8, -1, 8], {"set"},
                 id="[003] Florida, Scoring: each defender receives the defence's tricks (8)"),
]


@pytest.mark.parametrize("hand, deltas, events", SCORING)
def test_scoring(hand, deltas, events):
    assert_scores(V, hand, deltas, events, **P)


def test_ten_hands_make_the_game_and_the_highest_total_wins():
    # [003] Florida, Scoring: the game ends when the deal has passed around the table twice (ten hands).
    hands = [MADE] * 9 + [{"maker": 0, "partner": 1, "bid": 8, "tricks": 8}]
    result = assert_ending(V, hands, winner=0, tie=False, rule="highest score after 10 hands", **P)
    assert dealers(result) == [0, 1, 2, 3, 4] * 2
    assert result["totals"] == [53, 35, 45, 27, 27]


def test_void_hands_are_not_counted_and_ten_hands_may_tie():
    hands = [MADE] * 5 + [{"void": True}] + [MADE] * 5
    result = assert_ending(V, hands, winner=None, tie=True, rule="equal scores after 10 hands", **P)
    assert result["hands_played"] == 10 and result["totals"] == [50, 30, 50, 30, 30]


def test_nine_hands_play_on_and_an_eleventh_is_refused():
    assert_not_over(V, [MADE] * 9, **P)
    assert_refused(V, [MADE] * 11, 10, None, **P)


def test_target_option_21():
    # [003] Florida: another way of ending the game is by a number of points; twenty-one is common.
    assert_ending(V, [MADE], winner=0, rule="first to reach 21", rules={"target": 21}, start_totals=[18, 0, 0, 0, 0],
                  **P)
    # Ann (bidder, alone, made 1) reaches 21 while Cy reaches 27 on the same hand: variants.md common rule,
    # the side that made its bid wins.
    result = assert_ending(V, [MADE] * 4 + [{"maker": 0, "partner": None, "bid": 1, "tricks": 1}], winner=0,
                           rule="bidder goes out", rules={"target": 21}, **P)
    assert result["totals"] == [21, 19, 27, 19, 19]
    assert_ending(V, [MADE] * 5, winner=None, tie=True, rule="bidders are level", rules={"target": 21}, **P)
    assert_not_over(V, [MADE] * 12, rules={"hands": None}, **P)


VALIDATION = [
    pytest.param([{"maker": 0, "partner": 0, "bid": 3, "tricks": 3}], 0, "partner", id="the maker cannot partner themself"),
    pytest.param([{"maker": 0, "bid": 9, "tricks": 8}], 0, "bid", id="[003] Florida: the maximum is eight tricks"),
    pytest.param([{"maker": 0, "bid": 0, "tricks": 0}], 0, "bid", id="[003] Florida: the minimum bid is one trick"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": 9}], 0, "tricks", id="[003] Florida: eight tricks a hand"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [2, 2, 2, 2, 2]}], 0, "tricks", id="tricks per seat add to 10"),
    pytest.param([{"maker": 1, "forced": True, "tricks": 6}], 0, "maker", id="[003] Florida: the dealer takes six"),
    pytest.param([{"maker": 0, "forced": True, "bid": 5, "tricks": 6}], 0, "bid", id="[003] Florida: the forced bid is six"),
    pytest.param([{"maker": 0, "bid": 3, "trump": "NT", "tricks": 3}], 0, "trump", id="the bidder names a trump suit"),
    pytest.param([{"maker": 0, "bid": 3, "auction": [3, 2], "tricks": 3}], 0, "auction",
                 id="[003] Florida, Bidding: each bid must be a pass or a higher number"),
    pytest.param([{"maker": 1, "bid": 5, "auction": ["pass", 2, "pass", 3, "pass", 5], "tricks": 5}], 0, "auction",
                 id="[003] Florida, Bidding: bidding proceeds once around the table (6 calls at 5 seats)"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field, **P)


def test_five_players_and_rule_ranges():
    assert_refused(V, [], None, "players", players=4)
    assert_refused(V, [], None, "rules", rules={"hands": 0}, **P)
    assert_refused(V, [], None, "rules", rules={"target": -1}, **P)


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_an_all_pass_auction_forces_the_dealer():
    # [003] Florida, Bidding: "if no one bids the dealer must accept a bid of six"
    assert_refused(V, [{"maker": 0, "bid": 6, "auction": ["pass"] * 5, "tricks": 6}], 0, "forced", **P)
    assert_refused(V, [{"maker": 1, "forced": True, "auction": [6] + ["pass"] * 4, "tricks": 6}], 0, "forced", **P)


def test_start_totals_at_a_set_target_are_refused():
    # [003] Florida, Scoring: "specifying the number of points" also ends the game
    assert_refused(V, [], None, "start_totals", start_totals=[21, 0, 0, 0, 0], rules={"target": 21}, **P)
    assert_not_over(V, [], start_totals=[60, 0, 0, -8, 0], **P)  # ten hands, no target by default
