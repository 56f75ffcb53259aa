"""Bacon (variant ``bacon``): [000] Bacon (The auction, Scoring); shared/spec/variants.md "bacon"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "bacon"

SCORING = [
    # (hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({"maker": 0, "trump": "S", "tricks": 3}, [1, 0], {"made"},
                 id="[000] Bacon, Scoring: winning three or four tricks is worth one point"),
    pytest.param({"maker": 1, "tricks": 4}, [0, 1], {"made"}, id="[000] Bacon, Scoring: four tricks, 1 point"),
    pytest.param({"maker": 1, "tricks": 5}, [0, 2], {"march"}, id="[000] Bacon, Scoring: all five tricks, two points"),
    pytest.param({"maker": 0, "alone": True, "tricks": 3}, [2, 0], {"alone"},
                 id="[000] Bacon, Scoring: doubled for a loner: 2 for three or four tricks"),
    pytest.param({"maker": 2, "alone": True, "tricks": 5}, [4, 0], {"alone", "march"},
                 id="[000] Bacon, Scoring: doubled for a loner: 4 points for a shutout"),
    pytest.param({"maker": 0, "tricks": 2}, [0, 2], {"euchred"},
                 id="[000] Bacon, Scoring: the defenders take 3: doubled, 2"),
    pytest.param({"maker": 3, "tricks": 0}, [4, 0], {"euchred"},
                 id="[000] Bacon, Scoring: the defenders take all 5: doubled, 4"),
    pytest.param({"maker": 0, "alone": True, "tricks": 1}, [0, 2], {"euchred"},
                 id="[000] Bacon, Scoring: defenders beat a loner with 4 tricks: doubled once, 2"),
    pytest.param({"maker": 0, "tricks": [2, 3]}, [0, 2], {"euchred"}, id="tricks per team: defenders 3"),
]


@pytest.mark.parametrize("hand, deltas, events", SCORING)
def test_scoring(hand, deltas, events):
    assert_scores(V, hand, deltas, events)


def test_acquitted_hand_is_redealt_by_the_same_dealer():
    # [000] Bacon, The auction: "If the fourth upcard is passed on by all four players, the hand is considered
    # acquitted, the cards are thrown in, and a new hand is dealt by the same dealer."
    result = score(V, [{"maker": 0, "tricks": 3}, {"void": True}, {"maker": 0, "tricks": 3}, {"maker": 0, "tricks": 3}])
    assert dealers(result) == [0, 1, 1, 2]
    acquitted = result["hands"][1]
    assert acquitted["deltas"] == [0, 0]
    assert {"void", "acquitted", "same-dealer"} <= set(acquitted["events"])
    assert "dealer-out-of-turn" not in result["hands"][2]["events"]
    assert result["next_dealer"] == 3


def test_two_acquitted_hands_in_a_row_keep_the_dealer():
    result = score(V, [{"void": True}, {"void": True}, {"maker": 1, "tricks": 3}])
    assert dealers(result) == [0, 0, 0]
    assert result["next_dealer"] == 1
    assert result["hands_played"] == 1


def test_acquitted_redeal_next_passes_the_deal():
    result = score(V, [{"void": True}, {"maker": 0, "tricks": 3}], rules={"acquitted_redeal": "next"})
    assert dealers(result) == [0, 1]
    assert "same-dealer" not in result["hands"][0]["events"]


def test_out_of_turn_dealer_then_acquitted():
    result = score(V, [{"dealer": 2, "void": True}, {"maker": 0, "tricks": 3}])
    assert dealers(result) == [2, 2]
    assert "dealer-out-of-turn" in result["hands"][0]["events"]
    assert "dealer-out-of-turn" not in result["hands"][1]["events"]


@pytest.mark.parametrize("start, hand, winner", [
    pytest.param([9, 0], {"maker": 0, "tricks": 3}, 0, id="[000] Bacon: the first partnership to reach ten points"),
    pytest.param([7, 9], {"maker": 1, "tricks": 0}, 0, id="[000] Bacon: defenders' doubled shutout takes 7 to 11"),
])
def test_game_end(start, hand, winner):
    assert_ending(V, [hand], winner=winner, rule="first to reach 10", start_totals=start)


def test_void_hands_do_not_end_the_game():
    assert_not_over(V, [{"void": True}] * 3, start_totals=[9, 9])


VALIDATION = [
    pytest.param({}, [{"maker": 0, "tricks": [3, 3]}], 0, "tricks", id="tricks per team add up to 6"),
    pytest.param({}, [{"maker": 0, "forced": True, "tricks": 3}], 0, "forced", id="[000] Bacon: nobody is forced"),
    pytest.param({}, [{"maker": 0, "trump": "NT", "tricks": 3}], 0, "trump", id="Bacon has no no-trump"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "renege": 1}], 0, "renege", id="Bacon has no renege key"),
    pytest.param({"acquitted_redeal": "left"}, [], None, "rules", id="acquitted_redeal is same or next"),
    pytest.param({}, [{"maker": 0, "tricks": 3}, {"void": True, "tricks": [0, 0]}], 1, "tricks",
                 id="an acquitted hand has no tricks"),
]


@pytest.mark.parametrize("rules, hands, hand, field", VALIDATION)
def test_validation(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules)


def test_hand_after_the_end():
    assert_refused(V, [{"maker": 0, "alone": True, "tricks": 5}, {"void": True}], 1, None, start_totals=[6, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
@pytest.mark.parametrize("start", [
    pytest.param([-1, 0], id="[000] Bacon, Scoring: points are only ever won, so no side is below 0"),
    pytest.param([0, 10], id="[000] Bacon: the first partnership to ten points wins"),
])
def test_start_totals_a_game_in_progress_cannot_have(start):
    assert_refused(V, [], None, "start_totals", start_totals=start)


def test_start_totals_inside_the_range_are_accepted():
    assert_not_over(V, [], start_totals=[9, 0])
