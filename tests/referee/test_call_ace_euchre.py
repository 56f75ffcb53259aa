"""Call-ace euchre (variant ``call-ace-euchre``): [004] Variation 6: Call-ace euchre; shared/spec/variants.md
"call-ace-euchre"."""
from __future__ import annotations

import pytest

from .conftest import assert_ending, assert_not_over, assert_refused, assert_scores, dealers, score

V = "call-ace-euchre"

SCORING = [
    # (players, hand, deltas per player, events)
    pytest.param(4, {"maker": 0, "partner": 2, "tricks": 3}, [1, 0, 1, 0], {"made"},
                 id="[004] Variation 6: with a partner, scored as the standard game; each maker +1"),
    pytest.param(4, {"maker": 0, "partner": 1, "tricks": 5}, [2, 2, 0, 0], {"march"},
                 id="[004] Variation 6: four players, a march by maker and partner is 2 each"),
    pytest.param(4, {"maker": 3, "partner": 1, "tricks": 2}, [2, 0, 2, 0], {"euchred"},
                 id="[004] Variation 6: makers euchred, each defender +2"),
    pytest.param(5, {"maker": 0, "partner": 3, "tricks": 5}, [3, 0, 0, 3, 0], {"march"},
                 id="[004] Variation 6: in games of five, a team that scores a march earns 3"),
    pytest.param(6, {"maker": 5, "partner": 2, "tricks": 5}, [0, 0, 3, 0, 0, 3], {"march"},
                 id="[004] Variation 6: in games of six, a march earns 3"),
    pytest.param(5, {"maker": 0, "partner": 3, "tricks": 4}, [1, 0, 0, 1, 0], {"made"},
                 id="[004] Variation 6: five players, 4 tricks with a partner: +1 each"),
    pytest.param(5, {"maker": 1, "partner": None, "tricks": 3}, [0, 1, 0, 0, 0], {"alone", "made"},
                 id="[004] Variation 6: the maker held the called card (partner null): lone, 3 tricks +1"),
    pytest.param(5, {"maker": 1, "partner": None, "tricks": 5}, [0, 4, 0, 0, 0], {"alone", "lone-march"},
                 id="variants.md: without a partner a lone march stays 4, also with five players"),
    pytest.param(5, {"maker": 1, "alone": True, "tricks": 5}, [0, 4, 0, 0, 0], {"alone", "lone-march"},
                 id="[004] Variation 6: the maker may declare 'I play alone'; march +4"),
    pytest.param(5, {"maker": 1, "tricks": 1}, [2, 0, 2, 2, 2], {"euchred"},
                 id="[004] Variation 6: no partner, each defender scores her own points: +2 each on a euchre"),
    pytest.param(6, {"maker": 0, "partner": 4, "tricks": [1, 1, 0, 1, 2, 0]}, [1, 0, 0, 0, 1, 0], {"made"},
                 id="match-format.md tricks per seat: maker 1 + partner 2 = 3 tricks"),
    pytest.param(4, {"maker": 0, "partner": 2, "tricks": [1, 2, 1, 1]}, [0, 2, 0, 2], {"euchred"},
                 id="match-format.md tricks per seat: maker 1 + partner 1 = 2 tricks, euchred"),
]


@pytest.mark.parametrize("players, hand, deltas, events", SCORING)
def test_scoring(players, hand, deltas, events):
    assert_scores(V, hand, deltas, events, players=players)


def test_stick_the_dealer_and_rotation_over_five_seats():
    hands = [{"maker": 0, "forced": True, "partner": 2, "tricks": 3}] + [{"maker": 1, "tricks": 3}] * 5
    hands[1] = {"maker": 1, "forced": True, "tricks": 3}
    result = score(V, hands, players=5, rules={"stick_the_dealer": True, "target": 50})
    assert dealers(result) == [0, 1, 2, 3, 4, 0]
    assert "forced" in result["hands"][1]["events"]
    assert result["sides"] == ["Ann", "Bob", "Cy", "Di", "Ed"]


ENDINGS = [
    pytest.param(4, [9, 0, 3, 0], {"maker": 0, "partner": 2, "tricks": 3}, 0, False, "first to reach 10",
                 id="[004] standard rules: the maker reaches 10 first"),
    pytest.param(5, [9, 0, 8, 0, 0], {"maker": 0, "partner": 2, "tricks": 5}, 0, False, "bidder goes out",
                 id="variants.md common rule: maker and partner both reach 10, the better of them (12) wins"),
    pytest.param(5, [8, 0, 9, 0, 0], {"maker": 0, "partner": 2, "tricks": 5}, 2, False, "bidder goes out",
                 id="variants.md common rule: the partner has the better score (12) and wins"),
    pytest.param(4, [9, 0, 9, 0], {"maker": 0, "partner": 2, "tricks": 3}, None, True, "bidders are level",
                 id="variants.md common rule: maker and partner level at 10: a tie"),
    pytest.param(5, [0, 9, 0, 8, 9], {"maker": 0, "partner": 2, "tricks": 1}, None, True, "equal scores",
                 id="variants.md common rule: two defenders reach 11 on a euchre: equal scores tie"),
    pytest.param(5, [0, 9, 0, 8, 7], {"maker": 0, "partner": 2, "tricks": 1}, 1, False, "higher score wins",
                 id="variants.md common rule: defenders at 11 and 10 after a euchre, the higher wins"),
]


@pytest.mark.parametrize("players, start, hand, winner, tie, rule", ENDINGS)
def test_game_end(players, start, hand, winner, tie, rule):
    assert_ending(V, [hand], winner=winner, tie=tie, rule=rule, start_totals=start, players=players)


def test_plays_on_below_ten():
    assert_not_over(V, [{"maker": 0, "partner": 1, "tricks": 5}], players=6, start_totals=[6, 6, 9, 9, 9, 9])


VALIDATION = [
    pytest.param(4, [{"maker": 0, "partner": 0, "tricks": 3}], 0, "partner", id="the maker cannot be their own partner"),
    pytest.param(4, [{"maker": 0, "partner": 2, "alone": True, "tricks": 3}], 0, "partner",
                 id="[004] Variation 6: a maker who plays alone has no partner"),
    pytest.param(5, [{"maker": 0, "partner": 5, "tricks": 3}], 0, "partner", id="partner seat 5 at a five-player table"),
    pytest.param(5, [{"maker": 0, "tricks": [1, 1, 1, 1]}], 0, "tricks", id="tricks per seat: four numbers for five"),
    pytest.param(6, [{"maker": 0, "tricks": [1, 1, 1, 1, 1, 1]}], 0, "tricks", id="tricks per seat add to 6"),
    pytest.param(4, [{"maker": 0, "tricks": 3, "renege": 1}], 0, "renege", id="call-ace has no renege key"),
    pytest.param(4, [{"maker": 0, "forced": True, "tricks": 3}], 0, "forced", id="forced without stick-the-dealer"),
]


@pytest.mark.parametrize("players, hands, hand, field", VALIDATION)
def test_validation(players, hands, hand, field):
    assert_refused(V, hands, hand, field, players=players)


@pytest.mark.parametrize("players", [3, 7])
def test_four_to_six_players(players):
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][:players]
    from referee import RefereeError, score_match
    with pytest.raises(RefereeError) as info:
        score_match({"variant": V, "players": names, "hands": []})
    assert info.value.field == "players"


def test_hand_after_the_end():
    assert_refused(V, [{"maker": 0, "tricks": 5}, {"maker": 1, "tricks": 3}], 1, None, start_totals=[6, 0, 0, 0])


# -- hands that could not have happened (issue 18) ----------------------------------------------
@pytest.mark.parametrize("start", [
    pytest.param([-1, 0, 0, 0], id="[004] Variation 6: points are only ever won, so nobody is below 0"),
    pytest.param([10, 0, 0, 0], id="[match-format] a player at the target (10) has already won"),
])
def test_start_totals_a_game_in_progress_cannot_have(start):
    assert_refused(V, [], None, "start_totals", start_totals=start)


def test_start_totals_inside_the_range_are_accepted():
    assert_not_over(V, [], start_totals=[9, 0, 9, 0])
