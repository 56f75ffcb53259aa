"""Euchre (variant ``euchre``): [000] Euchre; [004] Scoring, How to play, Irregularities & disputes,
Variations 1 and 2; shared/spec/variants.md "euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, last, score

V = "euchre"

SCORING = [
    # (rules, hand, deltas per team [Ann & Cy, Bob & Di], events)
    pytest.param({}, {"maker": 0, "trump": "S", "tricks": 3}, [1, 0], {"made"},
                 id="[000] Euchre, scoring: makers win 3 tricks (the odd trick): +1"),
    pytest.param({}, {"maker": 2, "trump": "S", "tricks": 4}, [1, 0], {"made"},
                 id="[000] Euchre, scoring: makers win 4 tricks: +1"),
    pytest.param({}, {"maker": 1, "trump": "H", "tricks": 5}, [0, 2], {"march"},
                 id="[000] Euchre, scoring: makers make a march: +2"),
    pytest.param({}, {"maker": 2, "trump": "D", "alone": True, "tricks": 5}, [4, 0], {"alone", "lone-march"},
                 id="[000] Euchre, scoring: lone hand makes a march: +4"),
    pytest.param({}, {"maker": 3, "trump": "D", "alone": True, "tricks": 4}, [0, 1], {"alone", "made"},
                 id="[000] Euchre, scoring: lone hand wins the odd trick: +1"),
    pytest.param({}, {"maker": 0, "trump": "C", "tricks": 2}, [0, 2], {"euchred"},
                 id="[000] Euchre, scoring: makers euchred with 2 tricks: opponents +2"),
    pytest.param({}, {"maker": 1, "trump": "C", "tricks": 0}, [2, 0], {"euchred"},
                 id="[004] Scoring: the defending team earns 2 points for a euchre (makers take none)"),
    pytest.param({}, {"maker": 1, "alone": True, "tricks": 1}, [2, 0], {"alone", "euchred"},
                 id="[000] Euchre, scoring: lone hand euchred: opponents +2 (loner_euchred default 2)"),
    pytest.param({"loner_euchred": 4}, {"maker": 1, "alone": True, "tricks": 2}, [4, 0], {"euchred"},
                 id="variants.md option loner_euchred=4 (older laws): lone maker euchred gives 4"),
    pytest.param({"loner_euchred": 4}, {"maker": 1, "tricks": 2}, [2, 0], {"euchred"},
                 id="variants.md option loner_euchred=4 leaves a partnership euchre at 2"),
    pytest.param({"lone_defender": True}, {"maker": 0, "defender_alone": True, "tricks": 2}, [0, 4],
                 {"defender-alone", "euchred"},
                 id="[004] Scoring + variants.md lone_defender: a lone defender scores 4 for a euchre"),
    pytest.param({"lone_defender": True}, {"maker": 0, "alone": True, "defender_alone": True, "tricks": 0}, [0, 4],
                 {"defender-alone", "euchred"},
                 id="[004] How to play: 'I defend alone' against a loner; euchre by the lone defender: 4"),
    pytest.param({"lone_defender": True}, {"maker": 0, "defender_alone": True, "tricks": 3}, [1, 0], {"made"},
                 id="[004] Scoring: makers who take 3 against a lone defender still score 1"),
    pytest.param({}, {"maker": 0, "trump": "S", "tricks": 3, "renege": 1}, [1, -2], {"renege", "made"},
                 id="[004] Irregularities: the side that reneged scores -2 (hand scored as played)"),
    pytest.param({}, {"maker": 0, "trump": "S", "tricks": 5, "renege": 2}, [0, 0], {"renege", "march"},
                 id="[004] Irregularities: a renege by the makers' side takes 2 off their march"),
    pytest.param({"renege_penalty": 1}, {"maker": 0, "tricks": 3, "renege": 3}, [1, -1], {"renege"},
                 id="variants.md option renege_penalty=1"),
    pytest.param({"renege_penalty": 0}, {"maker": 0, "tricks": 3, "renege": 3}, [1, 0], {"renege"},
                 id="variants.md option renege_penalty=0: a renege costs nothing"),
    pytest.param({}, {"maker": 1, "trump": "H", "tricks": [1, 4]}, [0, 1], {"made"},
                 id="match-format.md tricks as a list per team: Bob & Di took 4"),
    pytest.param({}, {"maker": 0, "trump": "H", "tricks": [5, 0]}, [2, 0], {"march"},
                 id="match-format.md tricks as a list per team: Ann & Cy march"),
    pytest.param({"deck": 32}, {"maker": 1, "tricks": 5}, [0, 2], {"march"},
                 id="[000] Euchre, Setup: 32-card deck (option deck=32) scores the same"),
    pytest.param({"deck": 25}, {"maker": 1, "tricks": 3}, [0, 1], {"made"},
                 id="[004] Variation 2: 25-card euchre scores the same"),
    pytest.param({"stick_the_dealer": True}, {"maker": 0, "forced": True, "trump": "C", "tricks": 3}, [1, 0],
                 {"forced", "stuck-dealer", "made"},
                 id="[004] How to play: second round all pass, the dealer must choose trump (forced)"),
    pytest.param({"stick_the_dealer": True}, {"maker": 0, "forced": True, "trump": "C", "tricks": 1}, [0, 2],
                 {"forced", "euchred"},
                 id="[004] How to play: a stuck dealer who is euchred gives the opponents 2"),
]


@pytest.mark.parametrize("rules, hand, deltas, events", SCORING)
def test_scoring(rules, hand, deltas, events):
    assert_scores(V, hand, deltas, events, rules=rules)


def test_scoring_notes_explain_the_points():
    result = score(V, [{"maker": 2, "alone": True, "tricks": 5}])
    assert result["sides"] == ["Ann & Cy", "Bob & Di"]
    note = " ".join(last(result)["notes"])
    assert "Ann & Cy" in note and "+4" in note and "Cy alone" in note


def test_void_hand_scores_nothing_and_the_deal_passes():
    # [000] Euchre, Determining trumps: all four pass twice, the hand is voided and the player to the
    # left of the dealer deals the next hand.
    result = score(V, [{"void": True}, {"maker": 1, "tricks": 3}])
    assert result["hands"][0]["deltas"] == [0, 0] and "void" in result["hands"][0]["events"]
    assert dealers(result) == [0, 1]
    assert result["totals"] == [0, 1]
    assert result["hands_played"] == 1


def test_dealer_rotation_passes_left():
    result = score(V, [{"maker": 0, "tricks": 3}] * 5, first_dealer=2, rules={"target": 50})
    assert dealers(result) == [2, 3, 0, 1, 2]
    assert result["next_dealer"] == 3


def test_out_of_turn_dealer_is_flagged_and_rotation_continues_from_it():
    # match-format.md, "dealer": when given and different, the hand is flagged and the rotation continues.
    hands = [{"maker": 0, "tricks": 3}, {"dealer": 3, "maker": 1, "tricks": 3}, {"maker": 1, "tricks": 3},
             {"dealer": 1, "maker": 1, "tricks": 3}]
    result = score(V, hands)
    assert dealers(result) == [0, 3, 0, 1]
    flags = ["dealer-out-of-turn" in h["events"] for h in result["hands"]]
    assert flags == [False, True, False, False]
    assert result["next_dealer"] == 2


def test_stick_the_dealer_follows_the_rotation():
    rules = {"stick_the_dealer": True}
    result = score(V, [{"maker": 2, "tricks": 3}, {"maker": 1, "forced": True, "tricks": 4}], rules=rules)
    assert dealers(result) == [0, 1] and "forced" in last(result)["events"]


ENDINGS = [
    pytest.param({}, [9, 8], [{"maker": 0, "tricks": 3}], 0, "first to reach 10",
                 id="[004] Variation 1: games are played to 10; first to 10 wins"),
    pytest.param({}, [8, 9], [{"maker": 0, "tricks": 1}], 1, "first to reach 10",
                 id="[000] Euchre: defenders who euchre the makers can reach the target"),
    pytest.param({"target": 5}, [3, 4], [{"maker": 2, "alone": True, "tricks": 5}], 0, "first to reach 5",
                 id="[000] Euchre: game to 5 points (option target=5); a lone march jumps past it"),
    pytest.param({}, [0, 0], [{"maker": 0, "tricks": 5}] * 5, 0, "first to reach 10",
                 id="[000] Euchre: five marches reach 10"),
]


@pytest.mark.parametrize("rules, start, hands, winner, rule", ENDINGS)
def test_game_end(rules, start, hands, winner, rule):
    result = assert_ending(V, hands, winner=winner, rule=rule, rules=rules, start_totals=start)
    assert result["result"].startswith(("Ann & Cy win", "Bob & Di win"))


def test_one_short_of_the_target_plays_on():
    result = assert_not_over(V, [{"maker": 0, "tricks": 3}], start_totals=[8, 9])
    assert result["totals"] == [9, 9]
    assert result["result"] == "Level at 9-9"
    assert score(V, [{"maker": 1, "tricks": 3}], start_totals=[8, 8])["result"] == "Bob & Di lead 9-8"


def test_renege_penalty_can_take_a_side_below_zero():
    result = score(V, [{"maker": 0, "tricks": 3, "renege": 1}])
    assert result["totals"] == [1, -2]


VALIDATION = [
    # (rules, hands, hand index, field)
    pytest.param({}, [{"maker": 0, "tricks": 6}], 0, "tricks", id="[000] a hand has 5 tricks: 6 is impossible"),
    pytest.param({}, [{"maker": 0, "tricks": -1}], 0, "tricks", id="negative tricks"),
    pytest.param({}, [{"maker": 0, "tricks": [2, 2]}], 0, "tricks", id="tricks per team that add up to 4, not 5"),
    pytest.param({}, [{"maker": 0, "tricks": [3, 3]}], 0, "tricks", id="tricks per team that add up to 6"),
    pytest.param({}, [{"maker": 0, "tricks": [1, 1, 1, 1, 1]}], 0, "tricks", id="tricks list with 5 entries"),
    pytest.param({}, [{"maker": 0, "tricks": "3"}], 0, "tricks", id="tricks as a string"),
    pytest.param({}, [{"maker": 0}], 0, "tricks", id="tricks missing"),
    pytest.param({}, [{"tricks": 3}], 0, "maker", id="maker missing on a played hand"),
    pytest.param({}, [{"maker": 4, "tricks": 3}], 0, "maker", id="maker seat 4 at a four-player table"),
    pytest.param({}, [{"maker": "Ann", "tricks": 3}], 0, "maker", id="maker given as a name"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "bid": 3}], 0, "bid", id="euchre has no bid"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "sat_out": True}], 0, "sat_out", id="euchre has no sitting out"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "trump": "NT"}], 0, "trump", id="[000] euchre has no no-trump"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "trump": "X"}], 0, "trump", id="trump X"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "alone": "yes"}], 0, "alone", id="alone must be true/false"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "renege": 7}], 0, "renege", id="renege seat out of range"),
    pytest.param({}, [{"maker": 0, "forced": True, "tricks": 3}], 0, "forced",
                 id="[000] Euchre: without stick-the-dealer nobody is forced"),
    pytest.param({"stick_the_dealer": True}, [{"maker": 2, "forced": True, "tricks": 3}], 0, "maker",
                 id="[004] How to play: only the dealer can be stuck"),
    pytest.param({"stick_the_dealer": True}, [{"maker": 1, "tricks": 3}, {"maker": 3, "forced": True, "tricks": 3}],
                 1, "maker", id="[004] stuck dealer on hand 1 is seat 1, not seat 3"),
    pytest.param({}, [{"maker": 0, "defender_alone": True, "tricks": 2}], 0, "defender_alone",
                 id="[004] a lone defender needs the lone_defender house rule"),
    pytest.param({}, [{"void": True, "maker": 1}], 0, "maker", id="a void hand has no maker (seat 1)"),
    pytest.param({}, [{"void": True, "maker": 0}], 0, "maker", id="a void hand has no maker (seat 0: 0 is not false)"),
    pytest.param({}, [{"void": True, "tricks": 0}], 0, "tricks", id="a void hand has no tricks (not even 0)"),
    pytest.param({}, [{"maker": 0, "tricks": 3, "bid": 0}], 0, "bid", id="euchre has no bid, not even 0"),
    pytest.param({}, [{"void": True, "tricks": 3}], 0, "tricks", id="a void hand has no tricks"),
    pytest.param({}, [{"maker": 0, "tricks": 3}, {"maker": 0, "tricks": 3}, {"maker": 1, "tricks": 9}], 2, "tricks",
                 id="the error names the hand where it happened (index 2)"),
    pytest.param({}, [{"maker": 0, "tricks": 3}, {"dealer": 4, "maker": 1, "tricks": 3}], 1, "dealer",
                 id="dealer seat 4 at a four-player table"),
    pytest.param({}, [{"maker": 0, "tricks": 3}, "hand"], 1, None, id="a hand that is not an object"),
    pytest.param({"deck": 52}, [], None, "rules", id="house rule deck=52 is out of range (24, 32, 25)"),
    pytest.param({"target": 0}, [], None, "rules", id="house rule target=0 is out of range"),
    pytest.param({"target": "10"}, [], None, "rules", id="house rule target must be a number"),
    pytest.param({"stick_the_dealer": 1}, [], None, "rules", id="house rule stick_the_dealer=1 is not true/false"),
    pytest.param({"loner_euchred": 3}, [], None, "rules", id="house rule loner_euchred=3 (2 or 4)"),
    pytest.param({"stick": True}, [], None, "rules", id="unknown house rule key"),
    pytest.param({"start": 15}, [], None, "rules", id="euchre has no start (not a count-down game)"),
]


@pytest.mark.parametrize("rules, hands, hand, field", VALIDATION)
def test_validation(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules)


def test_a_hand_after_the_game_ended_is_refused():
    hands = [{"maker": 0, "tricks": 3}, {"maker": 1, "tricks": 3}]
    err = assert_refused(V, hands, 1, None, start_totals=[9, 0])
    assert "ended" in err.message


@pytest.mark.parametrize("doc_change, field", [
    ({"players": ["Ann", "Bob", "Cy"]}, "players"),
    ({"players": ["Ann", "Bob", "Cy", "Ann"]}, "players"),
    ({"players": "Ann, Bob, Cy, Di"}, "players"),
    ({"variant": "euchre-2hand"}, "variant"),
    ({"first_dealer": 4}, "first_dealer"),
    ({"start_totals": [0, 0, 0]}, "start_totals"),
    ({"start_totals": [0, "1"]}, "start_totals"),
    ({"hands": {"maker": 0}}, "hands"),
    ({"format": "euchre-match/2"}, "format"),
    ({"rules": ["target", 10]}, "rules"),
], ids=lambda v: str(v))
def test_document_level_validation(doc_change, field):
    from referee import RefereeError, score_match

    from .conftest import match

    doc = match(V, [{"maker": 0, "tricks": 3}])
    doc.update(doc_change)
    with pytest.raises(RefereeError) as info:
        score_match(doc)
    assert info.value.field == field and info.value.hand is None


# -- hands that could not have happened (issue 18) ----------------------------------------------
IMPOSSIBLE = [
    pytest.param({}, [{"maker": 0, "alone": True, "tricks": 3, "renege": 2}], 0, "renege",
                 id="[000] Euchre, Determining trumps: a lone maker's partner takes no further part in the hand"),

]


@pytest.mark.parametrize("rules, hands, hand, field", IMPOSSIBLE)
def test_impossible_hands_are_refused(rules, hands, hand, field):
    assert_refused(V, hands, hand, field, rules=rules)


POSSIBLE = [
    pytest.param({}, {"maker": 0, "alone": True, "tricks": 3, "renege": 0}, [-1, 0],
                 id="[004] Irregularities: the lone maker can renege: +1, then -2"),
    pytest.param({}, {"maker": 0, "alone": True, "tricks": 3, "renege": 1}, [1, -2],
                 id="[004] Irregularities: a defender against a lone maker can renege"),
    pytest.param({}, {"maker": 0, "tricks": 3, "renege": 2}, [-1, 0],
                 id="[004] Irregularities: the maker's partner plays when the maker is not alone"),
    pytest.param({"lone_defender": True}, {"maker": 0, "alone": True, "defender_alone": True, "tricks": 2,
                                           "renege": 3}, [0, 2],
                 id="silent: the sheet does not say which defender went alone, so either defender may renege"),
]


@pytest.mark.parametrize("rules, hand, deltas", POSSIBLE)
def test_reneges_by_players_in_the_hand_are_scored(rules, hand, deltas):
    assert_scores(V, hand, deltas, {"renege"}, rules=rules)


@pytest.mark.parametrize("rules, start", [
    pytest.param({}, [10, 0], id="[match-format] a hand after the game ended is an error: 10 has won"),
    pytest.param({}, [3, 12], id="[000] Euchre: first to the target wins, so 12 has already won"),
    pytest.param({"target": 5}, [0, 5], id="[000] Euchre: game to 5 points"),
    pytest.param({"renege_penalty": 0}, [-1, 0], id="[000] Euchre, scoring: points are only ever won"),
])
def test_start_totals_a_game_in_progress_cannot_have(rules, start):
    err = assert_refused(V, [], None, "start_totals", rules=rules, start_totals=start)
    assert "cannot start at" in err.message


def test_start_totals_inside_the_range_are_accepted():
    assert_not_over(V, [], start_totals=[9, 9])
    assert_not_over(V, [], start_totals=[-4, 0])  # [004]: a renege costs 2, so a side can be below zero
