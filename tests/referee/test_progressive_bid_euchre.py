"""Progressive bid euchre (variant ``progressive-bid-euchre``): [002] Progressive Euchre (The Game, Scoring);
shared/spec/variants.md "progressive-bid-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers

V = "progressive-bid-euchre"
MADE = {"maker": 0, "bid": 3, "tricks": 3}

SCORING = [
    # (hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({"maker": 0, "bid": 3, "trump": "S", "tricks": 4}, [4, 2], {"made"},
                 id="[002] Progressive Euchre, Scoring: teams score one point for each trick"),
    pytest.param({"maker": 1, "bid": 4, "tricks": 3}, [3, -4], {"set"},
                 id="[002] Scoring: failing the bid, no points for tricks and set for the number bid"),
    pytest.param({"maker": 1, "bid": 6, "tricks": 5}, [1, -6], {"set"}, id="[002] Scoring: a failed 6 goes set 6"),
    pytest.param({"maker": 0, "bid": "little-pepper", "tricks": 6}, [12, 0], {"little-pepper", "made"},
                 id="[002] Scoring: 12 points for a pepper (all six with a passed card)"),
    pytest.param({"maker": 0, "bid": "little-pepper", "tricks": 5}, [-12, 1], {"set"},
                 id="variants.md: a failed pepper goes set 12"),
    pytest.param({"maker": 2, "bid": "big-pepper", "tricks": 6}, [24, 0], {"big-pepper", "made"},
                 id="[002] Scoring: 24 points for a loner"),
    pytest.param({"maker": 2, "bid": "big-pepper", "tricks": 2}, [-24, 4], {"set"},
                 id="variants.md: a failed loner goes set 24; defenders 1 a trick"),
    pytest.param({"maker": 3, "bid": 1, "tricks": 0}, [6, -1], {"set"},
                 id="[002] Scoring: the other team scores its tricks"),
]


@pytest.mark.parametrize("hand, deltas, events", SCORING)
def test_scoring(hand, deltas, events):
    assert_scores(V, hand, deltas, events)


def test_eight_hands_higher_score_wins():
    hands = [MADE] * 4 + [{"void": True}] + [{"maker": 1, "bid": 2, "tricks": 5}] * 4
    result = assert_ending(V, hands, winner=1, rule="highest score after 8 hands")
    assert result["totals"] == [4 * 3 + 4 * 1, 4 * 3 + 4 * 5]
    assert dealers(result) == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_equal_after_eight_is_a_tie_and_seven_plays_on():
    assert_ending(V, [MADE, {"maker": 1, "bid": 3, "tricks": 3}] * 4, winner=None, tie=True, rule="equal scores")
    assert_not_over(V, [MADE] * 7)


def test_options():
    four = {"maker": 0, "bid": 3, "tricks": 4}
    assert_ending(V, [four] * 2, winner=0, rule="after 2 hands", rules={"hands": 2})
    assert_ending(V, [four, four], winner=0, rule="first to reach 5", rules={"target": 5})
    assert_ending(V, [MADE, MADE], winner=0, rule="bidder goes out", rules={"target": 5})
    assert_refused(V, [MADE] * 9, 8, None)


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 3, "trump": "NT", "tricks": 3}], 0, "trump",
                 id="[002] The Game: only suits may be declared trump; no-trump is not permitted"),
    pytest.param([{"maker": 0, "bid": 7, "tricks": 6}], 0, "bid", id="[002] The Game: bids of one to six"),
    pytest.param([{"maker": 0, "bid": "3NT", "tricks": 3}], 0, "bid", id="no no-trump bids"),
    pytest.param([{"maker": 0, "bid": 3, "auction": [3, 3], "tricks": 3}], 0, "auction",
                 id="[002] The Game: a player must either bid higher than any prior bid, or pass"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [3, 2]}], 0, "tricks", id="six tricks"),
    pytest.param([{"maker": 0, "tricks": 3}], 0, "bid", id="the bid decides the score"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_an_all_pass_auction_cannot_have_a_contract():
    # [002] Progressive Euchre, The Game: each player bids once; nobody bid, so the hand is thrown in
    assert_refused(V, [{"maker": 1, "bid": 3, "auction": ["pass"] * 4, "tricks": 3}], 0, "auction")


def test_start_totals_at_a_set_target_are_refused():
    assert_refused(V, [], None, "start_totals", start_totals=[0, 20], rules={"target": 20})
    assert_not_over(V, [], start_totals=[40, -30])
