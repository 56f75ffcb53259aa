"""Double-deck bid euchre (variant ``double-deck-bid-euchre``): [003] Double Deck Bid Euchre (Indiana Double
Deck): Bidding, Play, Scoring, Winning; shared/spec/variants.md "double-deck-bid-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "double-deck-bid-euchre"

SCORING = [
    # (rules, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({}, {"maker": 0, "bid": 8, "trump": "H", "tricks": 10}, [8, 2], {"made"},
                 id="[003] DDBE, Scoring: winning bid 8 Hearts, takes 10 tricks, they only get 8 points"),
    pytest.param({}, {"maker": 0, "bid": 8, "trump": "H", "tricks": 7}, [-8, 5], {"set"},
                 id="[003] DDBE, Scoring: taking an 8 Hearts bid with only 7 tricks loses 8"),
    pytest.param({}, {"maker": 1, "bid": 3, "tricks": 3}, [9, 3], {"made"},
                 id="[003] DDBE, Scoring: the team not taking the bid gets 1 point for every trick"),
    pytest.param({}, {"maker": 2, "bid": "4NT", "trump": "NT", "tricks": 6}, [4, 6], {"made"},
                 id="[003] DDBE, Bidding: a no-trump bid made scores the bid"),
    pytest.param({}, {"maker": 2, "bid": "4NT", "tricks": 6}, [4, 6], {"made"}, id="4NT without a trump key"),
    pytest.param({}, {"maker": 3, "bid": 12, "tricks": 12}, [0, 12], {"made"}, id="a bid of all twelve made"),
    pytest.param({"made_scores": "tricks"}, {"maker": 0, "bid": 8, "tricks": 10}, [10, 2], {"made"},
                 id="option made_scores=tricks: every trick taken scores"),
    pytest.param({"made_scores": "tricks"}, {"maker": 0, "bid": 8, "tricks": 7}, [-8, 5], {"set"},
                 id="option made_scores=tricks: a set still costs the bid"),
    pytest.param({}, {"maker": 0, "bid": 5, "auction": ["4NT", 4, "pass", 5], "tricks": 5}, [5, 7], {"made"},
                 id="[003] DDBE, Bidding: after No-Trump the next bid can match it in a suit"),
    pytest.param({}, {"maker": 2, "bid": "5NT", "auction": [3, "pass", 4, "pass", "pass", "5NT"], "tricks": 5},
                 [5, 7], {"made"}, id="[003] DDBE, Bidding: bid until 3 consecutive passes; re-entry allowed"),
    pytest.param({}, {"maker": 2, "bid": 7, "auction": ["3NT", "pass", 4, "pass", "pass", 5, 6, "pass", "pass",
                                                        7, "pass", "pass", "pass"], "tricks": 7}, [7, 5], {"made"},
                 id="[003] DDBE, Bidding: players may bid multiple times (13 calls, three times round)"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules)


def test_rotation():
    result = score(V, [{"maker": 0, "bid": 3, "tricks": 3}] * 3 + [{"void": True}])
    assert dealers(result) == [0, 1, 2, 3] and result["next_dealer"] == 0


ENDINGS = [
    pytest.param([45, 48], {"maker": 0, "bid": 5, "tricks": 7}, 0, "bidders win",
                 id="[003] DDBE, Winning: both teams get 50 on the same hand, the team that took the bid wins"),
    pytest.param([48, 45], {"maker": 1, "bid": 6, "tricks": 10}, 1, "bidders win",
                 id="[003] DDBE, Winning: bidders Bob & Di at 51 beat Ann & Cy at 50"),
    pytest.param([40, 46], {"maker": 0, "bid": 9, "tricks": 8}, 1, "first to reach 50",
                 id="[003] DDBE, Winning: one team gets 50 or more"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_plays_on():
    assert_not_over(V, [{"maker": 0, "bid": 6, "tricks": 5}], start_totals=[49, 40])


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 2, "tricks": 2}], 0, "bid", id="[003] DDBE, Bidding: a minimum of 3"),
    pytest.param([{"maker": 0, "bid": 13, "tricks": 12}], 0, "bid", id="12 tricks a hand, so no bid of 13"),
    pytest.param([{"maker": 0, "bid": 4, "trump": "NT", "tricks": 4}], 0, "bid", id="at no trump, bid 4NT"),
    pytest.param([{"maker": 0, "bid": "4NT", "trump": "S", "tricks": 4}], 0, "trump", id="4NT is played at no trump"),
    pytest.param([{"maker": 0, "bid": 4, "tricks": 13}], 0, "tricks", id="12 tricks a hand"),
    pytest.param([{"maker": 0, "bid": 4, "tricks": [6, 5]}], 0, "tricks", id="tricks per team add to 11"),
    pytest.param([{"maker": 1, "bid": "4NT", "auction": [4, "4NT"], "tricks": 4}], 0, "auction",
                 id="[003] DDBE, Bidding: after a suit bid the next bid must be greater: 4NT is not"),
    pytest.param([{"maker": 1, "bid": "3NT", "auction": ["3NT", "3NT"], "tricks": 4}], 0, "auction",
                 id="[003] DDBE, Bidding: a no-trump bid must be greater than the previous no-trump bid"),
    pytest.param([{"maker": 0, "bid": 4, "forced": True, "tricks": 4}], 0, "forced",
                 id="[003] DDBE: the first bidder must open, nobody is forced"),
    pytest.param([{"maker": 0, "bid": 4, "alone": True, "tricks": 4}], 0, "alone", id="no loners"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_rules_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"made_scores": "both"})
    assert_refused(V, [{"maker": 0, "bid": 12, "tricks": 12}, {"void": True}], 1, None, start_totals=[40, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"maker": 2, "bid": 4, "auction": ["pass", 4, "pass", "pass", "pass"], "tricks": 4}], 0, "auction",
                 id="[003] DDBE, Bidding: the person to the dealer's left must bid a minimum of 3"),
    pytest.param([{"maker": 1, "bid": 4, "auction": [3, "pass", "pass", "pass", 4], "tricks": 4}], 0, "auction",
                 id="[003] DDBE, Bidding: once there are 3 consecutive passes, the last bidder wins"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_start_totals_at_50_are_refused():
    # [003] DDBE, Winning: until one team gets 50 or more points; match-format: nothing after the end
    assert_refused(V, [], None, "start_totals", start_totals=[50, 0])
    assert_not_over(V, [], start_totals=[49, -20])
