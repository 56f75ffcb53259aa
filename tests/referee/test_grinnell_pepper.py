"""Grinnell pepper (variant ``grinnell-pepper``): [003] Pepper, Midwest (the Grinnell, Iowa version): Offer,
play, Rating; shared/spec/variants.md "grinnell-pepper"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "grinnell-pepper"

SCORING = [
    # (hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({"maker": 0, "bid": 4, "trump": "S", "tricks": 4}, [4, 2], {"made"},
                 id="[003] Grinnell, Rating: the bidder receives 4 for a bid of 4; opponents 1 a trick"),
    pytest.param({"maker": 0, "bid": 4, "tricks": 5}, [4, 1], {"made"},
                 id="[003] Grinnell, Rating: the bid scores, not the tricks (5 tricks on a 4 bid: +4)"),
    pytest.param({"maker": 1, "bid": 5, "tricks": 5}, [1, 5], {"made"}, id="[003] Grinnell, Rating: 5 points for a bid of 5"),
    pytest.param({"maker": 0, "bid": 6, "tricks": 6}, [6, -6], {"made"},
                 id="[003] Grinnell, Rating: opponents take no trick on a 6 bid: bidder +6, opponents -6"),
    pytest.param({"maker": 0, "bid": 5, "tricks": 6}, [5, -5], {"made"},
                 id="[003] Grinnell, Rating: opponents without a trick lose what the bidder wins"),
    pytest.param({"maker": 2, "bid": "little-pepper", "tricks": 6}, [7, -7], {"little-pepper", "made"},
                 id="[003] Grinnell, Rating: small is 7 points"),
    pytest.param({"maker": 3, "bid": "big-pepper", "trump": "NT", "tricks": 6}, [-14, 14], {"big-pepper", "made"},
                 id="[003] Grinnell, Rating: large is 14 points"),
    pytest.param({"maker": 0, "bid": "little-pepper", "tricks": 5}, [-7, 7], {"set"},
                 id="[003] Grinnell, Rating: set in small: opponents win 7, the bidder loses 7"),
    pytest.param({"maker": 0, "bid": "big-pepper", "tricks": 3}, [-14, 14], {"set"},
                 id="[003] Grinnell, Rating: set in big: opponents +14, bidder -14"),
    pytest.param({"maker": 0, "bid": 5, "tricks": 4}, [-5, 2], {"set"},
                 id="variants.md ruling: a failed plain bid loses the bid; defenders still 1 a trick"),
    pytest.param({"maker": 0, "bid": 5, "sat_out": True}, [5, 0], {"sat-out"},
                 id="[003] Grinnell, Rating: if opponents fold, they are not awarded points and the bidder scores"),
    pytest.param({"maker": 1, "bid": "big-pepper", "sat_out": True}, [0, 14], {"sat-out"},
                 id="[003] Grinnell: opponents fold against a big pepper: bidder +14"),
    pytest.param({"maker": 0, "forced": True, "tricks": 4}, [4, 2], {"forced", "made"},
                 id="[003] Grinnell, Offer: the dealer is forced to take a bid of 4 if all others fold"),
    pytest.param({"maker": 0, "forced": True, "bid": 4, "tricks": 2}, [-4, 4], {"forced", "set"},
                 id="[003] Grinnell, Offer: the forced dealer set at 4"),
    pytest.param({"maker": 0, "forced": True, "bid": 4, "trump": "NT", "tricks": 4}, [4, 2], {"forced"},
                 id="[003] Grinnell: the forced 4 at no trump"),
]


@pytest.mark.parametrize("hand, deltas, events", SCORING)
def test_scoring(hand, deltas, events):
    assert_scores(V, hand, deltas, events)


def test_forced_dealer_follows_rotation():
    result = score(V, [{"maker": 0, "forced": True, "tricks": 4}, {"maker": 1, "forced": True, "tricks": 4}])
    assert dealers(result) == [0, 1]
    assert result["totals"] == [6, 6]


ENDINGS = [
    pytest.param([38, 41], {"maker": 0, "bid": 4, "tricks": 4}, 0, "bidder goes out",
                 id="variants.md common rule: both reach 42, the side that made its bid wins (42 v 43)"),
    pytest.param([0, 40], {"maker": 0, "bid": 4, "tricks": 3}, 1, "first to reach 42",
                 id="[003] Grinnell: defenders reach 42 when the bidder is set"),
    pytest.param([36, 0], {"maker": 0, "bid": 6, "sat_out": True}, 0, "first to reach 42",
                 id="[003] Grinnell: a fold gives the bidders their bid, 6, to 42"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_plays_on():
    assert_not_over(V, [{"maker": 1, "bid": "little-pepper", "tricks": 6}], start_totals=[41, 34])


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 3, "tricks": 3}], 0, "bid", id="[003] Grinnell, Offer: the minimum bid is 4"),
    pytest.param([{"maker": 0, "bid": "5NT", "tricks": 5}], 0, "bid", id="Grinnell has no numbered no-trump bids"),
    pytest.param([{"maker": 0, "bid": 5, "sat_out": True, "tricks": 5}], 0, "tricks",
                 id="[003] Grinnell: opponents who fold do not play, so no tricks"),
    pytest.param([{"maker": 2, "forced": True, "tricks": 4}], 0, "maker", id="[003] Grinnell: the dealer is forced"),
    pytest.param([{"maker": 0, "forced": True, "bid": 5, "tricks": 5}], 0, "bid", id="[003] Grinnell: forced at 4"),
    pytest.param([{"maker": 0, "bid": 4, "tricks": [4, 1]}], 0, "tricks", id="six tricks a hand"),
    pytest.param([{"maker": 0, "bid": 4, "tricks": 4, "alone": True}], 0, "alone", id="alone is not entered"),
    pytest.param([{"maker": 0, "bid": 5, "sat_out": "yes"}], 0, "sat_out", id="sat_out is true or false"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_after_the_end():
    assert_refused(V, [{"maker": 0, "bid": 6, "sat_out": True}, {"void": True}], 1, None, start_totals=[40, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"maker": 0, "bid": 4, "auction": ["pass"] * 3, "tricks": 4}], 0, "forced",
                 id="[003] Pepper, Midwest (Grinnell), Offer: the dealer is forced to 4 if all others fold"),
    pytest.param([{"maker": 1, "forced": True, "auction": [5, "pass", "pass", "pass"], "tricks": 5}], 0, "forced",
                 id="[003] Grinnell, Offer: somebody bid, so the dealer was not forced"),
    pytest.param([{"maker": 1, "bid": 5, "auction": [4, "pass", "pass", "pass", 5], "tricks": 5}], 0, "auction",
                 id="[003] Grinnell: similar to Pepper, the auction ends after three passes in a row"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_start_totals_at_42_are_refused():
    assert_refused(V, [], None, "start_totals", start_totals=[42, 0])
    assert_not_over(V, [], start_totals=[41, -30])
