"""Six-hand euchre (variant ``euchre-6hand``): [004] Variation 5: Six-hand euchre; shared/spec/variants.md
"euchre-6hand"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "euchre-6hand"
P = {"players": 6}

SCORING = [
    # (rules, hand, deltas per team [Ann, Cy & Ed, Bob, Di & Flo], events)
    pytest.param({}, {"maker": 0, "tricks": 3}, [1, 0], {"made"}, id="[004] Variation 5: 3 tricks: +1 as standard"),
    pytest.param({}, {"maker": 4, "tricks": 4}, [1, 0], {"made"}, id="[004] Variation 5: seat 4 is on team 0; 4 tricks +1"),
    pytest.param({}, {"maker": 5, "tricks": 5}, [0, 3], {"march"},
                 id="[004] Variation 5: a march scores 3 points instead of the standard 2"),
    pytest.param({}, {"maker": 1, "tricks": 2}, [3, 0], {"euchred"},
                 id="[004] Variation 5: a euchre scores 3 points instead of the standard 2"),
    pytest.param({}, {"maker": 2, "alone": True, "tricks": 5}, [6, 0], {"alone", "lone-march"},
                 id="[004] Variation 5: for a lone maker, the march scores 6"),
    pytest.param({}, {"maker": 2, "alone": True, "tricks": 4}, [1, 0], {"alone", "made"},
                 id="variants.md ruling: a lone maker taking 4 scores 1 as in four-hand euchre"),
    pytest.param({}, {"maker": 3, "alone": True, "tricks": 1}, [3, 0], {"alone", "euchred"},
                 id="variants.md: a lone maker euchred gives the opponents 3 (loner_euchred default)"),
    pytest.param({"loner_euchred": 6}, {"maker": 3, "alone": True, "tricks": 1}, [6, 0], {"euchred"},
                 id="[004] Variation 5 stricter reading, option loner_euchred=6: 6 points each"),
    pytest.param({"loner_euchred": 6}, {"maker": 3, "tricks": 1}, [3, 0], {"euchred"},
                 id="option loner_euchred=6 leaves a team euchre at 3"),
    pytest.param({}, {"maker": 0, "tricks": [2, 3]}, [0, 3], {"euchred"}, id="tricks per team: makers took 2"),
    pytest.param({}, {"maker": 0, "tricks": 3, "renege": 5}, [1, -2], {"renege"},
                 id="[004] Irregularities: seat 5's team reneged, -2"),
    pytest.param({"stick_the_dealer": True}, {"maker": 0, "forced": True, "tricks": 5}, [3, 0], {"forced", "march"},
                 id="[004] How to play: stuck dealer marches, +3"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules, **P)


def test_teams_of_three_and_six_seat_rotation():
    result = score(V, [{"maker": s % 6, "tricks": 3} for s in range(7)], **P)
    assert result["sides"] == ["Ann, Cy & Ed", "Bob, Di & Flo"]
    assert dealers(result) == [0, 1, 2, 3, 4, 5, 0]
    assert result["totals"] == [4, 3]
    assert [h["maker_side"] for h in result["hands"]] == [0, 1, 0, 1, 0, 1, 0]


def test_void_and_out_of_turn_dealer():
    result = score(V, [{"void": True}, {"dealer": 5, "maker": 0, "tricks": 3}, {"maker": 0, "tricks": 3}], **P)
    assert dealers(result) == [0, 5, 0]
    assert "dealer-out-of-turn" in result["hands"][1]["events"]
    assert result["hands_played"] == 2


@pytest.mark.parametrize("start, hand, winner", [
    pytest.param([8, 9], {"maker": 0, "tricks": 5}, 0, id="[004] Variation 5: games are played to 10; march to 11"),
    pytest.param([8, 7], {"maker": 0, "tricks": 1}, 1, id="[004] Variation 5: a euchre worth 3 takes 7 to 10"),
])
def test_game_end(start, hand, winner):
    assert_ending(V, [hand], winner=winner, rule="first to reach 10", start_totals=start, **P)


def test_short_of_ten_plays_on():
    assert_not_over(V, [{"maker": 0, "tricks": 5}], start_totals=[6, 9], **P)


VALIDATION = [
    pytest.param({}, [{"maker": 6, "tricks": 3}], 0, "maker", id="maker seat 6 at a six-player table"),
    pytest.param({}, [{"maker": 0, "tricks": [3, 3]}], 0, "tricks", id="tricks per team add to 6"),
    pytest.param({}, [{"maker": 0, "tricks": [1, 1, 1, 1, 1, 0]}], 0, "tricks", id="tricks per seat are not accepted"),
    pytest.param({"loner_euchred": 4}, [], None, "rules", id="loner_euchred is 3 or 6"),
    pytest.param({"deck": 24}, [], None, "rules", id="six-hand has no deck option: 32 + joker"),
]


@pytest.mark.parametrize("rules, hands, hand, field", VALIDATION)
def test_validation(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules, **P)


def test_six_players_only():
    assert_refused(V, [], None, "players", players=4)


# -- hands that could not have happened (issue 18) ----------------------------------------------
@pytest.mark.parametrize("renege", [2, 4])
def test_a_lone_makers_partners_cannot_renege(renege):
    # [004] Variation 5: "the maker's two partners discard their hands face down"
    assert_refused(V, [{"maker": 0, "alone": True, "tricks": 3, "renege": renege}], 0, "renege", **P)


def test_a_defender_against_a_lone_maker_can_renege():
    assert_scores(V, {"maker": 0, "alone": True, "tricks": 3, "renege": 1}, [1, -2], {"renege"}, **P)


def test_start_totals_at_the_target_are_refused():
    # [004] Variation 5: games are played to 10 points; match-format: no hand after the game ended
    assert_refused(V, [], None, "start_totals", start_totals=[10, 0], **P)
    assert_not_over(V, [], start_totals=[9, -2], **P)
