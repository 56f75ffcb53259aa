"""Buck euchre (variant ``buck-euchre``): [000] Buck Euchre (Dirty Clubs): Setup, Game play, Bidding, Scoring;
shared/spec/variants.md "buck-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "buck-euchre"

SCORING = [
    # (hand, deltas per player [Ann, Bob, Cy, Di], events); everybody starts at 25 and counts down
    pytest.param({"maker": 0, "trump": "H", "tricks": [3, 1, 1, 0]}, [-3, -1, -1, 5], {"made"},
                 id="[000] Buck, Scoring: one point off a trick; a non-declarer who stayed in without a trick: +5"),
    pytest.param({"maker": 0, "trump": "H", "dropped": [3], "tricks": [3, 1, 1, 0]}, [-3, -1, -1, 0], {"dropped"},
                 id="[000] Buck, Scoring: any player who dropped out scores nothing"),
    pytest.param({"maker": 1, "trump": "S", "tricks": [1, 2, 1, 1]}, [-1, 5, -1, -1], {"euchred"},
                 id="[000] Buck, Scoring: the declarer failing to collect three tricks: penalty of five"),
    pytest.param({"maker": 1, "trump": "S", "tricks": [2, 0, 2, 1]}, [-2, 5, -2, -1], {"euchred"},
                 id="[000] Buck, Scoring: a declarer with no trick is set back five once, not ten"),
    pytest.param({"maker": 2, "trump": "D", "dropped": [0, 1], "tricks": [0, 0, 4, 1]}, [0, 0, -4, -1], {"made"},
                 id="[000] Buck, Bidding: the others may drop out after trump is fixed"),
    pytest.param({"tricks": [2, 1, 1, 1]}, [-2, -1, -1, -1], {"no-trump"},
                 id="[000] Buck, Bidding: all four decline to name trump, the hand is played with no trump"),
    pytest.param({"trump": "NT", "upcard": "D", "tricks": [0, 2, 2, 1]}, [5, -2, -2, -1], {"no-trump"},
                 id="[000] Buck: at no trump there is no declarer; staying in without a trick is +5"),
    pytest.param({"upcard": "C", "trump": "C", "tricks": [1, 1, 0, 3]}, [-1, -1, 5, -3], {"club-upcard"},
                 id="[000] Buck, Game play: a club upcard makes clubs trump; every player must play"),
    pytest.param({"upcard": "C", "tricks": [2, 1, 1, 1]}, [-2, -1, -1, -1], {"club-upcard"},
                 id="[000] Buck, Game play: club upcard, bidding bypassed: no declarer"),
    pytest.param({"upcard": "C", "trump": "C", "tricks": [2, 1, 1, 1]}, [-2, -1, -1, -1], {"club-upcard"},
                 id="[000] Buck, Game play: club upcard with trump C entered and no declarer"),
    pytest.param({"upcard": "9C", "tricks": [5, 0, 0, 0]}, [-5, 5, 5, 5], {"club-upcard", "all-tricks"},
                 id="[000] Buck: the upcard may be given as a card (9C); a sweep scores -5 as usual"),
]


@pytest.mark.parametrize("hand, deltas, events", SCORING)
def test_scoring(hand, deltas, events):
    assert_scores(V, hand, deltas, events)


def test_club_upcard_without_a_maker_is_not_a_no_trump_hand():
    # [000] Buck, Game play: "If the upcard is a club, clubs automatically become trump."
    events = score(V, [{"upcard": "C", "trump": "C", "tricks": [2, 1, 1, 1]}])["hands"][0]["events"]
    assert "club-upcard" in events and "no-trump" not in events


def test_starts_at_25_and_counts_down():
    result = score(V, [{"maker": 0, "tricks": [3, 1, 1, 0]}])
    assert result["countdown"] is True
    assert result["totals"] == [22, 24, 24, 30]
    assert result["result"].endswith("counting down to zero")
    assert result["result"].startswith("Ann leads")


def test_option_start():
    assert score(V, [], rules={"start": 15})["totals"] == [15, 15, 15, 15]


def test_deal_passes_left_after_every_hand_including_void():
    result = score(V, [{"tricks": [2, 1, 1, 1]}, {"void": True}, {"tricks": [2, 1, 1, 1]}], first_dealer=3)
    assert dealers(result) == [3, 0, 1]


ENDINGS = [
    pytest.param([25, 25, 25, 25], {"maker": 0, "tricks": [5, 0, 0, 0]}, 0, False, "all five tricks",
                 id="[000] Buck, Scoring: if any player collects all five tricks, the game ends, with that player winning"),
    pytest.param([20, 1, 20, 20], {"maker": 0, "dropped": [1], "tricks": [5, 0, 0, 0]}, 0, False, "all five tricks",
                 id="variants.md: all five tricks win whatever the scores (15 beats Bob's 1)"),
    pytest.param([25, 25, 25, 25], {"maker": 0, "tricks": [0, 5, 0, 0]}, 1, False, "all five tricks",
                 id="[000] Buck, Scoring: a non-declarer who collects all five tricks wins"),
    pytest.param([3, 25, 25, 25], {"maker": 0, "tricks": [3, 1, 1, 0]}, 0, False, "zero or less",
                 id="[000] Buck: the first player whose score reaches zero or less wins"),
    pytest.param([3, 1, 25, 25], {"maker": 0, "dropped": [2, 3], "tricks": [3, 2, 0, 0]}, 1, False, "lower score",
                 id="[000] Buck: two reach zero on the same hand, the one further in the negative wins (-1 v 0)"),
    pytest.param([3, 2, 25, 25], {"maker": 0, "dropped": [2, 3], "tricks": [3, 2, 0, 0]}, None, True, "same score",
                 id="[000] Buck: two reach zero with the same score: they tie"),
]


@pytest.mark.parametrize("start, hand, winner, tie, rule", ENDINGS)
def test_game_end(start, hand, winner, tie, rule):
    result = assert_ending(V, [hand], winner=winner, tie=tie, rule=rule, start_totals=start)
    if "all five" in rule:
        swept = result["hands"][0]
        assert "all-tricks" in swept["events"]
        assert swept["deltas"][winner] == -5  # the hand is still scored as usual


def test_above_zero_plays_on():
    assert_not_over(V, [{"maker": 0, "tricks": [3, 1, 1, 0]}], start_totals=[4, 2, 2, 25])


VALIDATION = [
    pytest.param([{"maker": 0, "dropped": [0], "tricks": [3, 0, 1, 1]}], 0, "dropped",
                 id="[000] Buck, Bidding: the declarer cannot drop (the others drop, from the declarer's left)"),
    pytest.param([{"upcard": "C", "dropped": [2], "tricks": [3, 1, 0, 1]}], 0, "dropped",
                 id="[000] Buck, Game play: clubs turned up, every player is obliged to play"),
    pytest.param([{"dropped": [2], "tricks": [3, 1, 0, 1]}], 0, "dropped",
                 id="[000] Buck: nobody drops when nobody named trump (variants.md)"),
    pytest.param([{"maker": 0, "dropped": [2], "tricks": [3, 1, 1, 0]}], 0, "tricks",
                 id="a player who dropped out cannot take tricks"),
    pytest.param([{"maker": 0, "dropped": [1, 1], "tricks": [3, 0, 1, 1]}], 0, "dropped", id="a seat dropped twice"),
    pytest.param([{"maker": 0, "dropped": 1, "tricks": [3, 0, 1, 1]}], 0, "dropped", id="dropped must be a list"),
    pytest.param([{"maker": 0, "dropped": [4], "tricks": [3, 0, 1, 1]}], 0, "dropped", id="dropped seat 4"),
    pytest.param([{"maker": 0, "upcard": "C", "trump": "H", "tricks": [3, 0, 1, 1]}], 0, "trump",
                 id="[000] Buck: if the upcard is a club, clubs are trump"),
    pytest.param([{"maker": 0, "trump": "NT", "tricks": [3, 0, 1, 1]}], 0, "trump", id="a declarer names a suit"),
    pytest.param([{"trump": "S", "tricks": [3, 0, 1, 1]}], 0, "trump", id="no declarer, so no trump suit"),
    pytest.param([{"maker": 0, "tricks": 3}], 0, "tricks", id="every player scores their own tricks: a list per seat"),
    pytest.param([{"maker": 0, "tricks": [3, 1, 1]}], 0, "tricks", id="four numbers for four players"),
    pytest.param([{"maker": 0, "tricks": [3, 1, 1, 1]}], 0, "tricks", id="[000] Buck: five tricks, not six"),
    pytest.param([{"maker": 0, "bid": 3, "tricks": [3, 1, 1, 0]}], 0, "bid", id="Buck has no numeric bids"),
    pytest.param([{"maker": 0, "upcard": "X", "tricks": [3, 1, 1, 0]}], 0, "upcard", id="upcard X is not a suit"),
]


@pytest.mark.parametrize("hands, hand, field", VALIDATION)
def test_validation(hands, hand, field):
    assert_refused(V, hands, hand, field)


def test_rules_players_and_after_the_end():
    assert_refused(V, [], None, "rules", rules={"start": 0})
    assert_refused(V, [], None, "rules", rules={"target": 10})
    assert_refused(V, [], None, "players", players=5)
    assert_refused(V, [{"maker": 0, "tricks": [5, 0, 0, 0]}, {"void": True}], 1, None)


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_nobody_is_the_maker_on_a_club_upcard():
    # [000] Buck Euchre, Game play: clubs turned up, "the bidding round is bypassed"; Bidding: "The player who
    # fixes the trump suit is called the declarer", and nobody fixes it
    assert_refused(V, [{"maker": 3, "upcard": "C", "tricks": [1, 1, 0, 3]}], 0, "maker")
    assert_refused(V, [{"maker": 0, "upcard": "9C", "trump": "C", "tricks": [5, 0, 0, 0]}], 0, "maker")


def test_start_totals_at_zero_are_refused():
    # [000] Buck Euchre, Scoring: a score of zero or less wins; match-format: nothing after the end
    assert_refused(V, [], None, "start_totals", start_totals=[0, 25, 25, 25])
    assert_not_over(V, [], start_totals=[30, 1, 25, 25])  # sets add 5, so a score may rise above 25
