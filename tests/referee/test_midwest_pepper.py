"""Midwest pepper (variant ``midwest-pepper``): [003] pepper, the Midwest section (Trump bids & naming,
Points & Wins); shared/spec/variants.md "midwest-pepper"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, dealers, last, score

V = "midwest-pepper"

SCORING = [
    # (hand, deltas per team [Ann & Cy, Bob & Di], hickeys per team, events)
    pytest.param({"maker": 0, "bid": 4, "trump": "S", "tricks": 5}, [5, 1], [0, 0], {"made"},
                 id="[003] Midwest, Points & Wins: bid made, a point for each trick; opponents 1 a trick"),
    pytest.param({"maker": 1, "bid": 4, "tricks": 6}, [-5, 6], [1, 0], {"made", "hickey"},
                 id="[003] Midwest: the bidder takes all 6: 6 points; opponents lose 5 and get a hickey"),
    pytest.param({"maker": 0, "bid": "6NT", "trump": "NT", "tricks": 6}, [6, -5], [0, 1], {"made", "hickey"},
                 id="[003] Midwest: all six on a no-trump bid of 6: +6, opponents -5 and a hickey"),
    pytest.param({"maker": 0, "bid": 5, "tricks": 4}, [-5, 2], [1, 0], {"set", "hickey"},
                 id="[003] Midwest: fewer tricks than bid, fixed: lose 5 and receive a hickey"),
    pytest.param({"maker": 2, "bid": "5NT", "tricks": 5}, [5, 1], [0, 0], {"made"},
                 id="[003] Midwest, Trump bids: no-trump bid of five made: +5"),
    pytest.param({"maker": 0, "bid": "pepper", "tricks": 6}, [12, -5], [0, 1], {"pepper", "made", "hickey"},
                 id="[003] Midwest: pepper bid takes all 6: 12 points; opponents stuck, -5 and a hickey"),
    pytest.param({"maker": 3, "bid": "pepper", "trump": "NT", "tricks": 5}, [1, -10], [0, 2], {"pepper", "set"},
                 id="[003] Midwest: pepper not made, set: lose 10 and receive 2 hickeys; opponents +1 a trick"),
    pytest.param({"maker": 0, "forced": True, "tricks": 4}, [4, 2], [0, 0], {"forced", "made"},
                 id="[003] Midwest: three fold, the dealer is stuck at four tricks"),
    pytest.param({"maker": 0, "forced": True, "bid": 4, "tricks": 3}, [-5, 3], [1, 0], {"forced", "set"},
                 id="[003] Midwest: the stuck dealer fixed at 4: -5 and a hickey"),
    pytest.param({"maker": 0, "forced": True, "trump": "NT", "tricks": 4}, [4, 2], [0, 0], {"forced"},
                 id="[003] Midwest: the stuck dealer may declare no trump"),
    pytest.param({"maker": 0, "forced": True, "bid": 4, "trump": "NT", "tricks": 4}, [4, 2], [0, 0], {"forced"},
                 id="[003] Midwest: the stuck dealer's 4 at no trump, with the bid given as the API says"),
]


@pytest.mark.parametrize("hand, deltas, marks, events", SCORING)
def test_scoring(hand, deltas, marks, events):
    result = score(V, [hand])
    out = last(result)
    assert out["deltas"] == deltas, out["notes"]
    assert out["marks"] == marks
    assert result["marks"] == marks
    assert set(events) <= set(out["events"])


def test_hickeys_accumulate_in_marks():
    hands = [{"maker": 0, "bid": 5, "tricks": 4}, {"maker": 1, "bid": "pepper", "tricks": 5},
             {"maker": 0, "bid": "pepper", "tricks": 6}, {"void": True}]
    result = score(V, hands)
    assert [h["marks"] for h in result["hands"]] == [[1, 0], [0, 2], [0, 1], [0, 0]]
    assert result["marks"] == [1, 3]
    assert result["totals"] == [-5 + 1 + 12, 2 - 10 - 5]
    assert dealers(result) == [0, 1, 2, 3]


ENDINGS = [
    pytest.param([38, 41], {"maker": 0, "bid": 4, "tricks": 4}, 0, "bidders win",
                 id="[003] Midwest, Points & Wins: a tie on 42, the bidding team wins (42 v 43)"),
    pytest.param([40, 30], {"maker": 1, "bid": 4, "tricks": 4}, 0, "first to reach 42",
                 id="[003] Midwest: the game goes to 42; defenders' tricks count"),
    pytest.param([35, 30], {"maker": 0, "bid": "pepper", "tricks": 6}, 0, "first to reach 42",
                 id="[003] Midwest: a made pepper (+12) goes out"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_negative_scores_play_on():
    result = assert_not_over(V, [{"maker": 0, "bid": "pepper", "tricks": 2}], start_totals=[3, 37])
    assert result["totals"] == [-7, 41]


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 3, "tricks": 3}], 0, "bid", id="[003] Midwest: trump bids are four through six"),
    pytest.param([{"maker": 0, "bid": "4NT", "tricks": 4}], 0, "bid", id="[003] Midwest: no-trump bids are 5 and 6"),
    pytest.param([{"maker": 0, "bid": "little-pepper", "tricks": 6}], 0, "bid", id="Midwest has one pepper bid"),
    pytest.param([{"maker": 0, "bid": 5, "trump": "NT", "tricks": 5}], 0, "bid", id="at no trump the bid is 5NT"),
    pytest.param([{"maker": 0, "bid": "5NT", "trump": "H", "tricks": 5}], 0, "trump", id="5NT is played at no trump"),
    pytest.param([{"maker": 1, "forced": True, "tricks": 4}], 0, "maker", id="[003] Midwest: it is the dealer who is stuck"),
    pytest.param([{"maker": 0, "forced": True, "bid": 5, "tricks": 4}], 0, "bid", id="[003] Midwest: stuck at four"),
    pytest.param([{"maker": 0, "bid": 5, "auction": [4, "5NT", 5], "tricks": 5}], 0, "auction",
                 id="variants.md ruling: 5 does not beat 5NT"),
    pytest.param([{"maker": 0, "bid": 5, "tricks": [3, 2]}], 0, "tricks", id="six tricks a hand"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_rules_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"set_penalty": "bid"})
    assert_refused(V, [{"maker": 0, "bid": 6, "tricks": 6}, {"void": True}], 1, None, start_totals=[40, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"maker": 0, "bid": 4, "auction": ["pass"] * 3, "tricks": 4}], 0, "forced",
                 id="[003] pepper (Midwest), Trump bids: if three consecutive players fold, the dealer is stuck"),
    pytest.param([{"maker": 1, "forced": True, "auction": [4, "pass", "pass", "pass"], "tricks": 4}], 0, "forced",
                 id="[003] pepper (Midwest): somebody bid, so the dealer was not stuck"),
    pytest.param([{"maker": 1, "bid": 5, "auction": [4, "pass", "pass", "pass", 5], "tricks": 5}], 0, "auction",
                 id="[003] Pepper: the auction ends when a bid has been accepted by all three other players"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_the_stuck_dealers_recorded_pass_is_the_forced_four():
    result = score(V, [{"maker": 0, "forced": True, "auction": ["pass"] * 4, "tricks": 4}])
    assert last(result)["deltas"] == [4, 2]


def test_start_totals_at_42_are_refused():
    # [003] pepper (Midwest), Points & Wins: the game goes to 42; match-format: nothing after the end
    assert_refused(V, [], None, "start_totals", start_totals=[0, 42])
    assert_not_over(V, [], start_totals=[41, -30])


def test_an_auction_that_ends_at_no_trump_is_played_at_no_trump():
    # [003] pepper (Midwest), Trump bids & naming: the no-trump bids are their own bids; the bid read from the
    # auction must agree with the trump as a bid entered on the hand does
    assert_refused(V, [{"maker": 1, "auction": ["5NT"], "trump": "H", "tricks": 5}], 0, "trump")
    assert_refused(V, [{"maker": 1, "auction": [5], "trump": "NT", "tricks": 5}], 0, "bid")
    assert last(score(V, [{"maker": 1, "auction": ["5NT"], "trump": "NT", "tricks": 5}]))["deltas"] == [1, 5]
