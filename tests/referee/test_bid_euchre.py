"""Bid euchre (variant ``bid-euchre``): [002] Bid Euchre (Bidding, Scoring); [003] Bid Euchre (Single Deck:
Rating, win); shared/spec/variants.md "bid-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "bid-euchre"

SCORING = [
    # (rules, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({}, {"maker": 0, "bid": 3, "trump": "S", "tricks": 4}, [4, 2], {"made"},
                 id="[002] Bid Euchre, Scoring: the contracting side scores one point for each trick"),
    pytest.param({}, {"maker": 1, "bid": 4, "tricks": 3}, [3, -6], {"set"},
                 id="[002] Bid Euchre, Scoring: set back six points regardless of the contract"),
    pytest.param({}, {"maker": 0, "bid": 1, "tricks": 0}, [-6, 6], {"set"}, id="[003] Bid Euchre, Rating: a failed 1: -6"),
    pytest.param({}, {"maker": 0, "bid": 6, "tricks": 6}, [6, -6], {"made"},
                 id="[002] Bid Euchre: if the defending team fails to get any tricks, they go back six points"),
    pytest.param({}, {"maker": 2, "bid": "little-pepper", "tricks": 6}, [12, -6], {"little-pepper", "made"},
                 id="[002] Bid Euchre: small pepper won receives 12; defenders without a trick go back just six"),
    pytest.param({}, {"maker": 2, "bid": "little-pepper", "tricks": 5}, [-12, 1], {"set"},
                 id="[002] Bid Euchre: small pepper failed: set back 12; defenders 1 a trick"),
    pytest.param({}, {"maker": 3, "bid": "big-pepper", "tricks": 6}, [-6, 14], {"big-pepper", "made"},
                 id="[002] Bid Euchre: big pepper (loner) takes all six: 14"),
    pytest.param({}, {"maker": 3, "bid": "big-pepper", "tricks": 4}, [2, -14], {"set"},
                 id="[002] Bid Euchre: big pepper failed: set back 14"),
    pytest.param({"little_pepper": 7}, {"maker": 0, "bid": "little-pepper", "tricks": 6}, [7, -6], {"made"},
                 id="[003] Bid Euchre: a little pepper scores 7 (option little_pepper=7)"),
    pytest.param({"big_pepper": 24}, {"maker": 0, "bid": "big-pepper", "tricks": 5}, [-24, 1], {"set"},
                 id="[002] Variations: the big pepper bid is worth 24 (option big_pepper=24)"),
    pytest.param({}, {"maker": 0, "bid": 3, "trump": "NT", "tricks": 3}, [3, 3], {"made"},
                 id="[002] Bid Euchre, Cards: no-trump hands are allowed"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules)


def test_all_pass_void_and_rotation():
    result = score(V, [{"void": True}, {"maker": 2, "bid": 2, "tricks": 3}, {"dealer": 0, "maker": 2, "bid": 2,
                                                                              "tricks": 3}])
    assert dealers(result) == [0, 1, 0]
    assert "dealer-out-of-turn" in result["hands"][2]["events"]


ENDINGS = [
    pytest.param({}, [40, 0], [{"maker": 0, "bid": 2, "tricks": 2}], 0, "on offense",
                 id="[003] Bid Euchre, win: a team must reach 42 on offense, making its contract"),
    pytest.param({}, [41, 0], [{"maker": 1, "bid": 3, "tricks": 4}, {"maker": 0, "bid": 1, "tricks": 1}], 0,
                 "on offense",
                 id="[002] Bid Euchre: over 42 on defence the game continues; it ends when that team bids and wins"),
    pytest.param({}, [41, 0], [{"maker": 1, "bid": 5, "tricks": 4}], 0, "set the bidders",
                 id="[003] Bid Euchre, win: the exception, defenders who set the offence and reach 42 (set_wins)"),
    pytest.param({}, [44, 40], [{"maker": 1, "bid": 2, "tricks": 2}], 1, "on offense",
                 id="[003] Bid Euchre, win: Bob & Di go out on offense though Ann & Cy hold more points"),
    pytest.param({"set_wins": False}, [41, 0], [{"maker": 1, "bid": 5, "tricks": 4},
                                               {"maker": 0, "bid": 3, "tricks": 3}], 0, "on offense",
                 id="[002] Bid Euchre (set_wins=false): setting the bidders at 43 does not win; bidding does"),
]


@pytest.mark.parametrize("rules, start, hands, winner, rule", ENDINGS)
def test_game_end(rules, start, hands, winner, rule):
    assert_ending(V, hands, winner=winner, rule=rule, rules=rules, start_totals=start)


@pytest.mark.parametrize("rules, start, hands", [
    pytest.param({}, [41, 0], [{"maker": 1, "bid": 3, "tricks": 4}],
                 id="[002] Bid Euchre: defenders at 43 after the bidders made it: no win on defence"),
    pytest.param({"set_wins": False}, [41, 0], [{"maker": 1, "bid": 5, "tricks": 4}],
                 id="set_wins=false: defenders who set the bidders at 43 play on"),
    pytest.param({}, [50, 0], [{"maker": 0, "bid": 4, "tricks": 3}],
                 id="[003] Bid Euchre: a team over 42 that is set does not win"),
    pytest.param({}, [41, 0], [{"void": True}], id="a void hand never ends the game"),
])
def test_no_win_on_defence(rules, start, hands):
    result = assert_not_over(V, hands, rules=rules, start_totals=start)
    assert max(result["totals"]) >= 41


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 7, "tricks": 6}], 0, "bid", id="[002] Bid Euchre: 6 is the maximum number bid"),
    pytest.param([{"maker": 0, "bid": 0, "tricks": 0}], 0, "bid", id="bid 0"),
    pytest.param([{"maker": 0, "bid": "5NT", "tricks": 5}], 0, "bid", id="no numbered no-trump bids"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [3, 2]}], 0, "tricks", id="six tricks a hand"),
    pytest.param([{"maker": 0, "bid": 3, "forced": True, "tricks": 3}], 0, "forced", id="nobody is forced"),
    pytest.param([{"maker": 0, "bid": 4, "auction": [4, "pass", 3], "tricks": 4}], 0, "auction",
                 id="[003] Bid Euchre: the bid goes round once, each higher"),
    pytest.param([{"maker": 1, "bid": 5, "auction": [2, 3, "pass", "pass", 5], "tricks": 5}], 0, "auction",
                 id="[002] Bid Euchre, Bidding: the bidding only goes around the table once (5 calls)"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_rules_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"little_pepper": 10})
    assert_refused(V, [], None, "rules", rules={"set_wins": "no"})
    assert_refused(V, [{"maker": 0, "bid": 2, "tricks": 2}, {"void": True}], 1, None, start_totals=[40, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_an_all_pass_auction_cannot_have_a_contract():
    # variants.md bid-euchre ruling: the documents have no all-pass rule; the hand is void
    assert_refused(V, [{"maker": 1, "bid": 3, "auction": ["pass"] * 4, "tricks": 3}], 0, "auction")


def test_once_round_only():
    # [002] Bid Euchre, Bidding: "the bidding only goes around the table once"
    assert_refused(V, [{"maker": 1, "bid": 4, "auction": [3, "pass", "pass", "pass", 4], "tricks": 4}], 0, "auction")


def test_start_totals_over_42_are_accepted():
    # [003] Bid Euchre, win: "It is possible for a team to have more than 42 points before the end of the game"
    assert_not_over(V, [], start_totals=[44, 50])


def test_the_dealer_may_match_a_pepper_bid_and_take_it():
    # [003] Bid Euchre, Offer: "If someone calls One Best, Moon or Super Moon, the dealer may call the same or
    # higher bid and win the bid."
    result = score(V, [{"maker": 0, "auction": ["little-pepper", "pass", "pass", "little-pepper"], "tricks": 6}])
    assert result["hands"][0]["deltas"] == [12, -6]
    # only the dealer, and only a pepper: any other equal call does not beat the bid before it
    assert_refused(V, [{"maker": 3, "auction": ["pass", "little-pepper", "little-pepper"], "tricks": 6}], 0, "auction")
    assert_refused(V, [{"maker": 0, "auction": [4, "pass", "pass", 4], "tricks": 4}], 0, "auction")
