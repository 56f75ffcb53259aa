"""Three-hand euchre (variant ``euchre-3hand``): [004] Variation 4: Three-hand euchre; standard rules
otherwise ([004], [000] Euchre); shared/spec/variants.md "euchre-3hand"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "euchre-3hand"
P = {"players": 3}

SCORING = [
    # (rules, hand, deltas per player [Ann, Bob, Cy], events)
    pytest.param({}, {"maker": 0, "trump": "S", "tricks": 3}, [1, 0, 0], {"alone", "made"},
                 id="[004] Variation 4: the maker always plays alone; 3 tricks: +1"),
    pytest.param({}, {"maker": 1, "tricks": 4}, [0, 1, 0], {"made"}, id="[004] Variation 4: 4 tricks: +1"),
    pytest.param({}, {"maker": 2, "tricks": 5}, [0, 0, 3], {"march"},
                 id="[004] Variation 4: the maker scores 3 points for a march"),
    pytest.param({}, {"maker": 0, "tricks": 2}, [0, 2, 2], {"euchred"},
                 id="[004] Variation 4: the defenders each score 2 points for euchres"),
    pytest.param({}, {"maker": 1, "tricks": 0}, [2, 0, 2], {"euchred"},
                 id="[004] Variation 4: maker takes nothing: each defender +2"),
    pytest.param({}, {"maker": 0, "tricks": [3, 1, 1]}, [1, 0, 0], {"made"},
                 id="match-format.md tricks per seat: maker's own count decides"),
    pytest.param({}, {"maker": 0, "tricks": [1, 3, 1]}, [0, 2, 2], {"euchred"},
                 id="match-format.md tricks per seat: maker took 1 of 5, euchred"),
    pytest.param({}, {"maker": 2, "alone": True, "tricks": 5}, [0, 0, 3], {"march"},
                 id="variants.md ruling: 'alone' may be entered, the march is still 3"),
    pytest.param({}, {"maker": 0, "tricks": 3, "renege": 1}, [1, -2, 0], {"renege"},
                 id="[004] Irregularities via variants.md ruling: the player who reneged loses 2"),
    pytest.param({"renege_penalty": 4}, {"maker": 0, "tricks": 5, "renege": 0}, [-1, 0, 0], {"renege", "march"},
                 id="option renege_penalty=4 against the maker's own march"),
    pytest.param({"stick_the_dealer": True}, {"maker": 0, "forced": True, "tricks": 3}, [1, 0, 0], {"forced"},
                 id="[004] How to play: stick the dealer; the dealer is seat 0 on the first hand"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules, **P)


def test_sides_are_players_and_dealer_rotates_over_three_seats():
    result = score(V, [{"maker": 0, "tricks": 3}, {"void": True}, {"maker": 1, "tricks": 3},
                       {"maker": 2, "tricks": 3}], **P)
    assert result["sides"] == ["Ann", "Bob", "Cy"]
    assert dealers(result) == [0, 1, 2, 0]
    assert result["totals"] == [1, 1, 1]
    assert result["result"] == "All square at 1"


def test_out_of_turn_dealer_flagged():
    result = score(V, [{"dealer": 2, "maker": 0, "tricks": 3}, {"maker": 0, "tricks": 3}], **P)
    assert dealers(result) == [2, 0]
    assert "dealer-out-of-turn" in result["hands"][0]["events"]
    assert "dealer-out-of-turn" not in result["hands"][1]["events"]


ENDINGS = [
    pytest.param([9, 0, 0], {"maker": 0, "tricks": 3}, 0, False, "first to reach 10",
                 id="[004] standard rules: first to 10 wins"),
    pytest.param([5, 8, 9], {"maker": 0, "tricks": 1}, 2, False, "higher score wins",
                 id="variants.md ruling: both defenders reach 10 on a euchre, the higher score (11) wins"),
    pytest.param([5, 8, 8], {"maker": 0, "tricks": 1}, None, True, "equal scores",
                 id="variants.md ruling: both defenders reach 10 with equal scores: a tie"),
    pytest.param([0, 9, 7], {"maker": 0, "tricks": 2}, 1, False, "first to reach 10",
                 id="[004] Variation 4: one defender reaches 10 on a euchre, the other does not"),
]


@pytest.mark.parametrize("start, hand, winner, tie, rule", ENDINGS)
def test_game_end(start, hand, winner, tie, rule):
    assert_ending(V, [hand], winner=winner, tie=tie, rule=rule, start_totals=start, **P)


def test_nine_nine_nine_plays_on():
    assert_not_over(V, [{"maker": 0, "tricks": 3}], start_totals=[8, 9, 9], **P)


VALIDATION = [
    pytest.param({}, [{"maker": 0, "tricks": [2, 2, 2]}], 0, "tricks", id="tricks per seat add up to 6, not 5"),
    pytest.param({}, [{"maker": 0, "tricks": [3, 2]}], 0, "tricks", id="tricks list with two entries at 3 seats"),
    pytest.param({}, [{"maker": 3, "tricks": 3}], 0, "maker", id="maker seat 3 at a three-player table"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "defender_alone": True}], 0, "defender_alone",
                 id="three-hand has no lone defender"),
    pytest.param({}, [{"maker": 1, "forced": True, "tricks": 3}], 0, "forced", id="forced without stick-the-dealer"),
    pytest.param({"stick_the_dealer": True}, [{"maker": 1, "forced": True, "tricks": 3}], 0, "maker",
                 id="stuck maker must be the dealer"),
    pytest.param({"lone_defender": True}, [], None, "rules", id="unknown house rule lone_defender in 3-hand"),
    pytest.param({"deck": 33}, [], None, "rules", id="deck 33 is out of range"),
]


@pytest.mark.parametrize("rules, hands, hand, field", VALIDATION)
def test_validation(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, **P)


def test_player_count_and_hand_after_the_end():
    assert_refused(V, [], None, "players", players=4)
    assert_refused(V, [{"maker": 0, "tricks": 5}, {"maker": 1, "tricks": 3}], 1, None, start_totals=[8, 0, 0], **P)


# -- hands that could not have happened (issue 18) ----------------------------------------------
def test_start_totals_at_the_target_are_refused():
    # [004] Variation 4 follows the standard rules: first to the target; match-format: no hand after the end
    assert_refused(V, [], None, "start_totals", start_totals=[0, 10, 0], **P)
    assert_not_over(V, [], start_totals=[9, -2, 0], **P)  # a renege costs 2 [004]


def test_every_player_plays_so_anyone_can_renege():
    # [004] Variation 4: the maker plays alone against the other two, who all play: no partner sits out
    assert_scores(V, {"maker": 0, "tricks": 3, "renege": 1}, [1, -2, 0], {"renege"}, **P)
