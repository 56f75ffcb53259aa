"""Eau Claire clubs (variant ``eau-claire-clubs``): [003] Eau Claire Clubs: Bieten (Bidding), Set, Wertung
(Scoring), Winning; shared/spec/variants.md "eau-claire-clubs"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "eau-claire-clubs"
SIT = {"maker": 0, "bid": 2, "sat_out": True}        # Bob & Di sit out
SIT_BACK = {"maker": 1, "bid": 2, "sat_out": True}   # Ann & Cy sit out
PLAY = {"maker": 0, "bid": 2, "tricks": [3, 2]}

SCORING = [
    # (start, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param(None, {"maker": 0, "bid": 2, "trump": "H", "tricks": [4, 1]}, [-4, -1], {"made"},
                 id="[003] Eau Claire, Wertung: a team bids 2 and takes 4 tricks: 4 is subtracted"),
    pytest.param(None, {"maker": 1, "bid": 4, "tricks": [2, 3]}, [-2, 5], {"set"},
                 id="[003] Eau Claire, Set: as bidder, the trick total is lower than the bid: +5"),
    pytest.param(None, {"maker": 0, "bid": 5, "tricks": [5, 0]}, [-5, 5], {"made"},
                 id="[003] Eau Claire, Wertung: defenders with no trick are set: +5"),
    pytest.param(None, {"maker": 0, "bid": "3NT", "trump": "NT", "tricks": [3, 2]}, [-3, -2], {"made"},
                 id="[003] Eau Claire, Bieten: 3NT is a bid to make 3 tricks at no trump"),
    pytest.param([17, 15], {"maker": 0, "bid": 4, "tricks": [3, 2]}, [3, -2], {"set"},
                 id="[003] Eau Claire, Set: the score rises by 5 up to a maximum of 20 (17 -> 20)"),
    pytest.param([20, 19], {"maker": 0, "bid": 5, "tricks": [0, 5]}, [0, -5], {"set"},
                 id="variants.md ruling: a side already at 20 gains nothing from a set"),
    pytest.param(None, {"upcard": "C", "tricks": [3, 2]}, [-3, -2], {"club-upcard"},
                 id="[003] Eau Claire, Bieten: club upcard, no bidding, both play; each takes off its tricks"),
    pytest.param(None, {"upcard": "C", "trump": "C", "tricks": [0, 5]}, [5, -5], {"club-upcard"},
                 id="[003] Eau Claire, Wertung: club upcard and one partnership takes all 5: -5, the other set"),
    pytest.param([18, 15], {"upcard": "C", "tricks": [0, 5]}, [2, -5], {"club-upcard"},
                 id="[003] Eau Claire, Wertung: the club-upcard set stops at 20"),
    pytest.param(None, {"maker": 0, "bid": 4, "sat_out": True}, [-4, 0], {"sat-out"},
                 id="[003] Eau Claire, Bieten: the defenders sit out: the bidders take off their bid"),
    pytest.param(None, {"maker": 1, "bid": "5NT", "sat_out": True}, [0, -5], {"sat-out"},
                 id="[003] Eau Claire, Bieten: a sit-out against 5NT: -5 for the bidders"),
]


@pytest.mark.parametrize("start, hand, deltas, events", SCORING)
def test_scoring(start, hand, deltas, events):
    assert_scores(V, hand, deltas, events, start_totals=start)


def test_all_pass_on_a_non_club_upcard_is_void_and_the_deal_passes():
    result = score(V, [{"void": True, "upcard": "H"}, PLAY])
    assert dealers(result) == [0, 1]
    assert result["hands"][0]["deltas"] == [0, 0]
    assert result["totals"] == [12, 13]


SIT_OUT_RUNS = [
    # (start, hands, index of the refused hand or None)
    pytest.param(None, [SIT, SIT, SIT], 2,
                 id="[003] Eau Claire, Bieten: not after sitting out the 2 previous hands (no 3 in a row)"),
    pytest.param(None, [SIT, SIT, PLAY, SIT], None, id="[003] Eau Claire: a played hand ends the run"),
    pytest.param(None, [SIT, {"void": True}, SIT, SIT], 3,
                 id="variants.md: void hands are not counted in a run of sit-outs (they do not break it)"),
    pytest.param(None, [SIT, SIT_BACK, SIT, SIT_BACK], None,
                 id="[003] Eau Claire: alternating sides each sit out one hand at a time"),
    pytest.param(None, [SIT, SIT, {"upcard": "C", "tricks": [3, 2]}, SIT], None,
                 id="[003] Eau Claire: a club-upcard hand is played by both sides and ends the run"),
    pytest.param([15, 3], [SIT], 0, id="[003] Eau Claire, Bieten: no sitting out at a score of 3"),
    pytest.param([15, 2], [SIT], 0, id="[003] Eau Claire, Bieten: no sitting out at a score of 2"),
    pytest.param([15, 1], [SIT], 0, id="[003] Eau Claire, Bieten: no sitting out at a score of 1"),
    pytest.param([15, 4], [SIT], None, id="[003] Eau Claire, Bieten: sitting out at 4 is allowed"),
    pytest.param([3, 15], [SIT], None, id="[003] Eau Claire: it is the defenders' score that matters"),
    pytest.param([15, 5], [PLAY, SIT], 1, id="[003] Eau Claire: Bob & Di fall to 3 after one hand, then may not sit"),
]


@pytest.mark.parametrize("start, hands, refused", SIT_OUT_RUNS)
def test_sit_out_limits(start, hands, refused):
    if refused is None:
        result = score(V, hands, start_totals=start)
        assert len(result["hands"]) == len(hands)
    else:
        err = assert_refused(V, hands, refused, "sat_out", start_totals=start)
        assert "sat out" in err.message or "sitting out" in err.message


def test_no_sit_out_on_a_club_upcard():
    # [003] Eau Claire, Bieten: "Wenn die aufgedeckte Karte ein Kreuz ist ... Beide Partnerschaften müssen spielen"
    assert_refused(V, [{"upcard": "C", "sat_out": True}], 0, "sat_out")
    assert_refused(V, [{"maker": 0, "bid": 3, "upcard": "C", "sat_out": True}], 0, "maker")


ENDINGS = [
    pytest.param([3, 15], {"maker": 0, "bid": 3, "tricks": [3, 2]}, 0, "first to reach zero",
                 id="[003] Eau Claire, Winning: the first partnership to reach zero (or negative)"),
    pytest.param([2, 1], {"maker": 0, "bid": 2, "tricks": [2, 3]}, 0, "bidder wins",
                 id="[003] Eau Claire, Winning: 2-1, the team with 2 bids and makes 2: 0 to -2, 'bidder wins'"),
    pytest.param([1, 3], {"upcard": "C", "tricks": [2, 3]}, 0, "lower score wins",
                 id="[003] Eau Claire, Winning: both reach zero on a club upcard, the lower score wins (-1 v 0)"),
    pytest.param([2, 3], {"upcard": "C", "tricks": [2, 3]}, 1, "more tricks",
                 id="[003] Eau Claire, Winning: club upcard, tied after the hand: the higher trick total wins"),
    pytest.param([2, 15], {"maker": 0, "bid": 2, "sat_out": True}, 0, "first to reach zero",
                 id="[003] Eau Claire, Bieten: a sit-out takes the bidders' bid off, to zero"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_plays_on_and_counts_down_from_15():
    result = assert_not_over(V, [{"maker": 1, "bid": 5, "tricks": [1, 4]}])
    assert result["totals"] == [14, 20]
    assert result["countdown"] is True


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 1, "tricks": [3, 2]}], 0, "bid", id="[003] Eau Claire, Bieten: the lowest bid is 2"),
    pytest.param([{"maker": 0, "bid": 6, "tricks": [3, 2]}], 0, "bid", id="[003] Eau Claire: bids go up to 5"),
    pytest.param([{"maker": 0, "bid": "2NT", "tricks": [3, 2]}], 0, "bid", id="[003] Eau Claire: no-trump bids are 3NT-5NT"),
    pytest.param([{"maker": 0, "bid": 3, "trump": "NT", "tricks": [3, 2]}], 0, "bid", id="at no trump, bid 3NT"),
    pytest.param([{"maker": 0, "bid": "4NT", "trump": "S", "tricks": [3, 2]}], 0, "trump", id="4NT is played at no trump"),
    pytest.param([{"maker": 0, "bid": 3, "auction": [2, "4NT"], "tricks": [3, 2]}], 0, "auction",
                 id="[003] Eau Claire, Bieten: any suit bid beats 4NT, so 4NT does not beat 2"),
    pytest.param([{"maker": 1, "bid": 2, "auction": ["5NT", 2], "tricks": [3, 2]}], 0, "auction",
                 id="[003] Eau Claire, Bieten: 5NT is beaten only by a suit bid of 3 or more"),
    pytest.param([{"maker": 0, "bid": 3, "sat_out": True, "tricks": [3, 2]}], 0, "tricks",
                 id="the defenders sat out, so no tricks were played"),
    pytest.param([{"bid": 3, "tricks": [3, 2]}], 0, "maker", id="a played non-club hand has bidders"),
    pytest.param([{"maker": 0, "tricks": [3, 2]}], 0, "bid", id="the bidders' bid is needed"),
    pytest.param([{"upcard": "C", "trump": "S", "tricks": [3, 2]}], 0, "trump", id="club upcard: clubs are trump"),
    pytest.param([{"upcard": "C", "tricks": 3}], 0, "tricks", id="club upcard: tricks per team as a list"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [3, 3]}], 0, "tricks", id="five tricks a hand"),
    pytest.param([{"maker": 0, "bid": 3, "dropped": [1], "tricks": [3, 2]}], 0, "dropped", id="nobody drops here"),
    pytest.param([{"maker": 1, "bid": 4, "auction": [2, "pass", 3, "pass", 4], "tricks": [1, 4]}], 0, "auction",
                 id="[003] Eau Claire, Bieten: each player gets one bid, and only one (5 calls at 4 seats)"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_ladder_order_accepts_the_rule_book_auction():
    # [003] Eau Claire, Bieten: "4NT-2-Pass-3": the dealer's partnership is contracted for 3 tricks.
    result = score(V, [{"maker": 0, "bid": 3, "auction": ["4NT", 2, "pass", 3], "tricks": [3, 2]}])
    assert result["totals"] == [12, 13]
    result = score(V, [{"maker": 3, "bid": 3, "auction": ["pass", "5NT", 3], "tricks": [2, 3]}])
    assert result["totals"] == [13, 12]


def test_rules_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"start": 501})
    assert_refused(V, [], None, "rules", rules={"ceiling": 20})
    assert_refused(V, [{"maker": 0, "bid": 3, "tricks": [3, 2]}, {"void": True}], 1, None, start_totals=[3, 15])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"upcard": "C", "auction": ["pass"] * 4, "tricks": [3, 2]}], 0, "auction",
                 id="[003] Eau Claire Clubs, Trade: if the upcard is a club, no bidding takes place"),
    pytest.param([{"maker": 1, "bid": 3, "upcard": "H", "auction": ["pass"] * 4, "tricks": [2, 3]}], 0, "auction",
                 id="variants.md eau-claire-clubs ruling: all pass on a non-club upcard, the hand is void"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


@pytest.mark.parametrize("start", [
    pytest.param([21, 15], id="[003] Eau Claire Clubs, Set: a set adds 5 up to a maximum of 20"),
    pytest.param([15, 0], id="[003] Eau Claire Clubs, Winning: zero or less has won"),
])
def test_start_totals_outside_1_to_20_are_refused(start):
    assert_refused(V, [], None, "start_totals", start_totals=start)


def test_start_totals_from_1_to_20_are_accepted():
    assert_not_over(V, [], start_totals=[20, 1])
