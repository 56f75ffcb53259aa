"""Hasenpfeffer (variant ``hasenpfeffer``): [000] Hasenpfeffer (and its copy [001]); [004] Variation 3:
Hasenpfeffer euchre; [003] Hare pepper (undertricks); shared/spec/variants.md "hasenpfeffer"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "hasenpfeffer"

SCORING = [
    # (rules, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({}, {"maker": 0, "bid": 4, "trump": "H", "tricks": 5}, [5, 1], {"made"},
                 id="[000] Hasenpfeffer, Scoring: contract of four, take five: +5; defenders +1"),
    pytest.param({}, {"maker": 0, "bid": 4, "trump": "H", "tricks": 3}, [-4, 3], {"set"},
                 id="[000] Hasenpfeffer, Scoring: contract of four, take three: -4; defenders +3"),
    pytest.param({}, {"maker": 1, "bid": 2, "tricks": 2}, [4, 2], {"made"},
                 id="[000] Hasenpfeffer, Scoring: exactly the contract scores one per trick"),
    pytest.param({}, {"maker": 3, "bid": 6, "tricks": 6}, [0, 6], {"made"},
                 id="[000] Hasenpfeffer, Bidding: a bid of six made: +6, defenders 0"),
    pytest.param({}, {"maker": 2, "bid": 1, "tricks": 0}, [-1, 6], {"set"},
                 id="[000] Hasenpfeffer, Scoring: the defenders always score their tricks"),
    pytest.param({}, {"maker": 0, "bid": 5, "tricks": [4, 2]}, [-5, 2], {"set"}, id="tricks per team: 4 of 5, set"),
    pytest.param({}, {"maker": 2, "forced": True, "tricks": 3}, [3, 3], {"forced", "made"},
                 id="[000] Hasenpfeffer, Bidding: all pass, the joker's holder (seat 2, not the dealer) must bid 3"),
    pytest.param({}, {"maker": 1, "forced": True, "bid": 3, "tricks": 2}, [4, -3], {"forced", "set"},
                 id="[004] Variation 3: the bid is forced at 3 to the joker's holder; set, -3"),
    pytest.param({"set_penalty": "undertricks"}, {"maker": 0, "bid": 4, "tricks": 2}, [-2, 4], {"set"},
                 id="[003] Hare pepper: otherwise loses 1 point per undertrick (set_penalty=undertricks)"),
    pytest.param({"set_penalty": "undertricks"}, {"maker": 0, "bid": 6, "tricks": 5}, [-1, 1], {"set"},
                 id="[003] Hare pepper: one trick short of six: -1"),
    pytest.param({"set_penalty": "undertricks"}, {"maker": 0, "bid": 3, "tricks": 4}, [4, 2], {"made"},
                 id="[003] Hare pepper: not under the bid: 1 point per trick won"),
    pytest.param({}, {"maker": 0, "bid": 4, "auction": ["pass", 3, "pass", 4], "tricks": 4}, [4, 2], {"made"},
                 id="[000] Hasenpfeffer, Bidding: once round from the dealer's left, each higher; dealer bids last"),
    pytest.param({}, {"maker": 0, "auction": [1, 2, 3, 4], "tricks": 4}, [4, 2], {"made"},
                 id="auction extension: the bid may be read from the auction's last bid"),
    pytest.param({}, {"maker": 2, "auction": ["pass", 5, "pass", "pass"], "tricks": 5}, [5, 1], {"made"},
                 id="auction extension: passes are skipped when reading the winning bid"),
    pytest.param({}, {"maker": 3, "forced": True, "auction": ["pass"] * 4, "tricks": 2}, [4, -3], {"forced", "set"},
                 id="[000] Hasenpfeffer, Bidding: all four pass, then the joker's holder is forced to 3"),
    pytest.param({}, {"maker": 0, "bid": 2, "alone": None, "tricks": 2}, [2, 4], {"made"},
                 id="hand.py: an explicit null for an unused flag states what did not happen"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules)


def test_joker_in_the_widow_voids_the_hand_and_the_next_dealer_deals():
    # [000] Hasenpfeffer, Bidding: "If the joker is the widow card ... the hand is void, and a new hand is dealt by
    # the next dealer."
    result = score(V, [{"void": True, "joker_in_widow": True}, {"maker": 0, "bid": 3, "tricks": 3}], first_dealer=3)
    assert result["hands"][0]["deltas"] == [0, 0] and "void" in result["hands"][0]["events"]
    assert "joker-in-widow" in result["hands"][0]["events"]
    assert "joker was in the widow" in " ".join(result["hands"][0]["notes"])
    assert dealers(result) == [3, 0]
    assert "same-dealer" not in result["hands"][0]["events"]
    assert result["next_dealer"] == 1


def test_an_ordinary_throw_in_says_nothing_of_the_joker():
    # match-format.md: "void: the hand was thrown in (... joker in the widow, ... misdeal)"; without the optional
    # joker_in_widow key (docs/referee-api.md) it is a misdeal: no score, the next dealer deals, no joker named.
    result = score(V, [{"void": True}, {"maker": 0, "bid": 3, "tricks": 3}], first_dealer=3)
    first = result["hands"][0]
    assert first["deltas"] == [0, 0] and first["events"] == ["void"]
    assert "joker" not in " ".join(first["notes"]).lower()
    assert dealers(result) == [3, 0]


def test_the_joker_in_the_widow_only_on_a_void_hand_of_a_game_with_the_joker_rule():
    assert_refused(V, [{"maker": 0, "bid": 3, "tricks": 3, "joker_in_widow": True}], 0, "joker_in_widow")
    assert_refused(V, [{"void": True, "joker_in_widow": "yes"}], 0, "joker_in_widow")
    assert_refused("euchre", [{"void": True, "joker_in_widow": True}], 0, "joker_in_widow")
    assert score(V, [{"void": True, "joker_in_widow": False}])["hands"][0]["events"] == ["void"]


ENDINGS = [
    pytest.param([8, 9], {"maker": 0, "bid": 2, "tricks": 3}, 0, "bidders win",
                 id="[000] Hasenpfeffer, Scoring: both reach ten on the same hand, the declarers win (11 v 12)"),
    pytest.param([9, 7], {"maker": 1, "bid": 3, "tricks": 3}, 1, "bidders win",
                 id="[000] Hasenpfeffer: declarers Bob & Di reach 10 while the defenders reach 12"),
    pytest.param([5, 8], {"maker": 0, "bid": 4, "tricks": 3}, 1, "first to reach 10",
                 id="[000] Hasenpfeffer: impossible to win while defending unless the declarers fail"),
    pytest.param([6, 0], {"maker": 0, "bid": 4, "tricks": 4}, 0, "first to reach 10",
                 id="[000] Hasenpfeffer, Object: the first partnership to score ten or more"),
]


@pytest.mark.parametrize("start, hand, winner, rule", ENDINGS)
def test_game_end(start, hand, winner, rule):
    assert_ending(V, [hand], winner=winner, rule=rule, start_totals=start)


def test_defenders_short_of_ten_play_on():
    assert_not_over(V, [{"maker": 0, "bid": 4, "tricks": 5}], start_totals=[0, 8])


VALIDATION = [
    pytest.param([{"maker": 0, "bid": 7, "tricks": 3}], 0, "bid", id="[000] Hasenpfeffer: bids are one to six, not 7"),
    pytest.param([{"maker": 0, "bid": 0, "tricks": 3}], 0, "bid", id="bid 0 is not on the ladder"),
    pytest.param([{"maker": 0, "bid": "little-pepper", "tricks": 6}], 0, "bid", id="Hasenpfeffer has no pepper bids"),
    pytest.param([{"maker": 0, "bid": "3NT", "tricks": 3}], 0, "bid", id="Hasenpfeffer has no no-trump bids"),
    pytest.param([{"maker": 0, "bid": True, "tricks": 3}], 0, "bid", id="a bid of true"),
    pytest.param([{"maker": 0, "tricks": 3}], 0, "bid", id="a played hand needs the bid"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": 7}], 0, "tricks", id="a hand has six tricks, not 7"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [3, 2]}], 0, "tricks", id="tricks per team add to 5, not 6"),
    pytest.param([{"maker": 2, "forced": True, "bid": 4, "tricks": 4}], 0, "bid",
                 id="[000] Hasenpfeffer, Bidding: the joker's holder must bid exactly three"),
    pytest.param([{"maker": 0, "bid": 3, "trump": "NT", "tricks": 3}], 0, "trump", id="Hasenpfeffer has no no-trump"),
    pytest.param([{"maker": 0, "bid": 3, "alone": True, "tricks": 3}], 0, "alone", id="Hasenpfeffer has no loners"),
    pytest.param([{"maker": 0, "bid": 4, "auction": ["pass", 4, 3], "tricks": 4}], 0, "auction",
                 id="[000] Hasenpfeffer, Bidding: a lower bid after 4 must be higher"),
    pytest.param([{"maker": 3, "bid": 4, "auction": ["pass", 4, 4], "tricks": 4}], 0, "auction",
                 id="[000] Hasenpfeffer, Bidding: an equal bid does not beat 4"),
    pytest.param([{"maker": 0, "bid": 4, "auction": ["pass", 4], "tricks": 4}], 0, "maker",
                 id="auction won by seat 2 but the maker is seat 0"),
    pytest.param([{"maker": 2, "bid": 5, "auction": ["pass", 4], "tricks": 4}], 0, "bid",
                 id="auction ended at 4 but the bid is 5"),
    pytest.param([{"maker": 2, "bid": 4, "auction": "pass, 4", "tricks": 4}], 0, "auction",
                 id="auction must be a list"),
    pytest.param([{"maker": 0, "bid": 2, "tricks": 2}, {"maker": 1, "bid": 4, "auction": ["pass", 4, 3],
                                                        "tricks": 4}], 1, "auction",
                 id="the auction error names hand 1"),
    pytest.param([{"maker": 0, "bid": 4, "auction": ["pass", 7, "pass", 4], "tricks": 4}], 0, "auction",
                 id="a call off the ladder inside the auction is an auction error"),
    pytest.param([{"maker": 1, "bid": 5, "auction": ["pass", 3, "pass", 4, 5], "tricks": 5}], 0, "auction",
                 id="[000] Hasenpfeffer, Bidding: the bidding does not continue for a second round"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_rules_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"set_penalty": "half"})
    assert_refused(V, [], None, "rules", rules={"target": 501})
    assert_refused(V, [{"maker": 0, "bid": 6, "tricks": 6}, {"void": True}], 1, None, start_totals=[4, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param([{"maker": 2, "bid": 3, "auction": ["pass"] * 4, "tricks": 3}], 0, "forced",
                 id="[000] Hasenpfeffer, Bidding: all four passed, so only the joker holder's forced 3 follows"),
    pytest.param([{"maker": 1, "bid": 4, "auction": ["pass"] * 4, "tricks": 4}], 0, "forced",
                 id="[004] Variation 3: if all players pass, the bid is forced at 3 to the joker's holder"),
    pytest.param([{"maker": 0, "forced": True, "auction": ["pass", "pass", "pass", 3], "tricks": 3}], 0, "forced",
                 id="[000] Hasenpfeffer, Bidding: the dealer bid, so nobody was forced"),
    pytest.param([{"maker": 0, "bid": 3, "auction": ["pass", "pass", "pass", 3, "pass"], "tricks": 3}], 0, "auction",
                 id="[000] Hasenpfeffer, Bidding: the dealer gets the final bid; no second round"),
]


@pytest.mark.parametrize("hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_start_totals_at_ten_are_refused():
    # [000] Hasenpfeffer, Scoring: play continues until one partnership reaches ten; match-format: nothing after
    assert_refused(V, [], None, "start_totals", start_totals=[10, 0])
    assert_not_over(V, [], start_totals=[9, -20])
