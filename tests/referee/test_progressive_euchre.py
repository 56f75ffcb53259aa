"""Progressive euchre (variant ``progressive-euchre``): [003] Progressive Euchre, Rating; [002] Progressive
Euchre, Basics; shared/spec/variants.md "progressive-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers

V = "progressive-euchre"
MADE = {"maker": 0, "tricks": 3}

SCORING = [
    # (rules, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({}, {"maker": 0, "trump": "H", "tricks": 3}, [1, 0], {"made"},
                 id="[003] Progressive Euchre, Rating: 1 point for 3 or 4 tricks"),
    pytest.param({}, {"maker": 1, "tricks": 4}, [0, 1], {"made"}, id="[003] Rating: 4 tricks, 1 point"),
    pytest.param({}, {"maker": 1, "tricks": 5}, [0, 2], {"march"}, id="[003] Rating: 2 points for all 5 tricks"),
    pytest.param({}, {"maker": 2, "alone": True, "tricks": 5}, [4, 0], {"lone-march"},
                 id="[003] Rating: 4 points for a loner"),
    pytest.param({}, {"maker": 2, "alone": True, "tricks": 3}, [1, 0], {"made"},
                 id="variants.md: a loner taking 3 scores 1"),
    pytest.param({}, {"maker": 0, "tricks": 2}, [0, 2], {"euchred"},
                 id="[003] Rating: a team that does not reach 3 tricks gives 2 points to the others"),
    pytest.param({}, {"maker": 0, "alone": True, "tricks": 1}, [0, 2], {"euchred"},
                 id="variants.md ruling: a lone maker euchred gives 2 like any euchre"),
    pytest.param({}, {"maker": 3, "tricks": 0}, [4, 0], {"euchred", "euchre-sweep"},
                 id="[003] Rating: euchre sweeps net 4 points"),
    pytest.param({}, {"maker": 3, "alone": True, "tricks": 0}, [4, 0], {"euchre-sweep"},
                 id="[003] Rating: a loner swept by the defenders: 4"),
    pytest.param({"euchre_sweep": 2}, {"maker": 3, "tricks": 0}, [2, 0], {"euchred"},
                 id="variants.md option euchre_sweep=2: a sweep is a plain euchre"),
    pytest.param({"stick_the_dealer": True}, {"maker": 0, "forced": True, "tricks": 3}, [1, 0], {"forced"},
                 id="option stick_the_dealer: the dealer names trump"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules)


def test_eight_hands_make_a_game_and_the_higher_score_wins():
    # [002] Progressive Euchre, Basics: the lead table plays 8 hands, the deal revolving to the left, so that each
    # player has dealt twice.
    hands = [MADE] * 5 + [{"maker": 1, "tricks": 3}] * 3
    result = assert_ending(V, hands, winner=0, rule="highest score after 8 hands")
    assert dealers(result) == [0, 1, 2, 3, 0, 1, 2, 3]
    assert result["totals"] == [5, 3]
    assert result["hands_played"] == 8


def test_void_hands_do_not_count_toward_the_eight():
    hands = [MADE, {"void": True}, MADE, MADE, {"void": True}, MADE, MADE, MADE, MADE, {"maker": 1, "tricks": 3}]
    result = assert_ending(V, hands, winner=0, rule="after 8 hands")
    assert len(result["hands"]) == 10 and result["hands_played"] == 8


def test_seven_hands_and_a_void_play_on():
    result = assert_not_over(V, [MADE] * 7 + [{"void": True}])
    assert result["result"] == "Ann & Cy lead 7-0 after 7 of 8 hands"


def test_equal_after_eight_hands_is_a_tie():
    hands = [MADE, {"maker": 1, "tricks": 3}] * 4
    assert_ending(V, hands, winner=None, tie=True, rule="equal scores after 8 hands")


def test_option_hands_and_optional_target():
    assert_ending(V, [{"maker": 1, "tricks": 3}] * 4, winner=1, rule="after 4 hands", rules={"hands": 4})
    assert_ending(V, [MADE, {"maker": 0, "tricks": 5}], winner=0, rule="first to reach 3", rules={"target": 3})
    assert_not_over(V, [MADE] * 9, rules={"hands": 10})


def test_a_ninth_hand_is_refused():
    err = assert_refused(V, [MADE] * 9, 8, None)
    assert "ended" in err.message


VALIDATION = [
    pytest.param({}, [{"maker": 0, "tricks": 6}], 0, "tricks", id="five tricks a hand"),
    pytest.param({}, [{"maker": 0, "bid": 3, "tricks": 3}], 0, "bid", id="no bids in progressive euchre"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "renege": 1}], 0, "renege", id="no renege key"),
    pytest.param({}, [{"maker": 0, "forced": True, "tricks": 3}], 0, "forced", id="forced needs stick_the_dealer"),
    pytest.param({"hands": 0}, [], None, "rules", id="hands=0 is out of range"),
    pytest.param({"hands": 10001}, [], None, "rules", id="hands=10001 is out of range"),
    pytest.param({"hands": 8.0}, [], None, "rules", id="hands must be a whole number"),
    pytest.param({"euchre_sweep": 3}, [], None, "rules", id="euchre_sweep is 2 or 4"),
]


@pytest.mark.parametrize("rules, hands, hand, field", VALIDATION)
def test_validation(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules)


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_start_totals_below_zero_are_refused():
    # [003] Progressive Euchre, Rating: points are only ever won
    assert_refused(V, [], None, "start_totals", start_totals=[-1, 0])
    assert_not_over(V, [], start_totals=[20, 30])  # no target by default: the game is a number of hands
    assert_refused(V, [], None, "start_totals", start_totals=[10, 0], rules={"target": 10})
