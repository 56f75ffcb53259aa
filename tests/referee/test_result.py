"""The typed result of ``score_match`` (referee/result.py): the result document of match-format.md as
frozen fields, and what follows from it (loners, marches, sets, who scored last, who deals next and
who deals a rematch, which rules-page section a flag points to).

Sources: shared/spec/match-format.md ("The result document", ``first_dealer``, ``dealer``); [000] Euchre,
scoring; [004] Scoring; [000] Pepper, Bidding.
"""
from __future__ import annotations

import dataclasses

import pytest

from referee import Event, HandResult, MatchResult, RuleSection, rule_section, score_match

from .conftest import match


def test_the_document_example_of_match_format():
    """match-format.md, "The result document": Bob & Di make it on the first hand."""
    result = score_match(match("euchre", [{"maker": 1, "trump": "H", "tricks": 3}]))
    assert isinstance(result, MatchResult) and isinstance(result.hands[0], HandResult)
    doc = result.to_json()
    assert doc["sides"] == ["Ann & Cy", "Bob & Di"] and doc["totals"] == [0, 1]
    assert doc["hands"][0] == {"dealer": 0, "deltas": [0, 1], "totals": [0, 1], "events": ["made"],
                               "notes": result.hands[0].notes and list(result.hands[0].notes),
                               "maker_side": 1, "made": True}
    assert (doc["finished"], doc["winner"], doc["tie"], doc["result"]) == (False, None, False, "Bob & Di lead 1-0")
    assert list(doc) == ["variant", "rules", "sides", "hands", "totals", "finished", "winner", "tie", "result",
                         "next_dealer", "target", "countdown", "hands_played"]


def test_marks_appear_only_where_the_variant_counts_them():
    """match-format.md: ``marks`` where the variant counts marks (hickeys in midwest-pepper)."""
    pepper = score_match(match("midwest-pepper", [{"maker": 1, "bid": 4, "trump": "H", "tricks": [4, 2]}]))
    assert pepper.marks is not None and "marks" in pepper.to_json() and "marks" in pepper.to_json()["hands"][0]
    assert "marks" not in score_match(match("euchre", [])).to_json()


def test_the_result_is_frozen():
    result = score_match(match("euchre", [{"maker": 1, "tricks": 3}]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.finished = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.hands[0].made = False  # type: ignore[misc]


def test_every_event_has_a_docstring_and_its_word():
    for event in Event:
        assert event.__doc__ and event.__doc__ != Event.__doc__, event
        assert event == event.value and str(event) == event.value
    assert Event.LONE_MARCH.words == "lone march"


def test_events_are_typed_in_the_order_of_the_document():
    hand = score_match(match("euchre", [{"maker": 1, "trump": "H", "tricks": 5, "alone": True}])).hands[0]
    assert hand.events == (Event.ALONE, Event.LONE_MARCH)
    assert all(isinstance(event, Event) for event in hand.events)


@pytest.mark.parametrize("hand, loner, made_loner, march, was_set", [
    pytest.param({"maker": 1, "tricks": 5, "alone": True}, True, True, True, False,
                 id="[000] Euchre, scoring: alone and all five, a lone march"),
    pytest.param({"maker": 1, "tricks": 3, "alone": True}, True, True, False, False,
                 id="[000] Euchre, scoring: alone and three, a made loner"),
    pytest.param({"maker": 1, "tricks": 2, "alone": True}, True, False, False, True,
                 id="[000] Euchre, scoring: a lone maker euchred is no made loner"),
    pytest.param({"maker": 1, "tricks": 5}, False, False, True, False, id="[000] Euchre, scoring: a march"),
    pytest.param({"void": True}, False, False, False, False, id="a thrown-in hand has no maker"),
])
def test_what_a_euchre_hand_was(hand, loner, made_loner, march, was_set):
    scored = score_match(match("euchre", [hand])).hands[0]
    assert (scored.loner, scored.made_loner, scored.march, scored.was_set) == (loner, made_loner, march, was_set)


def test_a_set_and_a_pepper_in_bid_euchre():
    """[000] Pepper, Bidding: little pepper is an all-tricks bid; a side short of its bid is set."""
    result = score_match(match("bid-euchre", [{"maker": 1, "bid": "little-pepper", "trump": "H", "tricks": 6},
                                              {"maker": 2, "bid": 5, "trump": "D", "tricks": 3}]))
    assert result.hands[0].pepper and not result.hands[0].was_set
    assert result.hands[1].was_set and not result.hands[1].pepper


def test_who_scored_last():
    """The side that gained most on the latest hand anybody scored on; a thrown-in hand changes nothing."""
    assert score_match(match("euchre", [])).last_scorer is None
    result = score_match(match("euchre", [{"maker": 1, "tricks": 3}, {"maker": 0, "tricks": 4}, {"void": True}]))
    assert [h.scoring_side for h in result.hands] == [1, 0, None]
    assert result.last_scorer == 0
    euchred = score_match(match("euchre", [{"maker": 0, "tricks": 1}]))
    assert euchred.last_scorer == 1  # the defenders scored the euchre


def test_next_dealer_and_the_rematch_dealer():
    """match-format.md, ``first_dealer``: the deal passes one seat to the left after each hand; a rematch goes
    on from the last hand dealt, and a match with no hand passes the deal on from its first dealer."""
    result = score_match(match("euchre", [{"maker": 1, "tricks": 3}], first_dealer=2))
    assert result.next_dealer == 3 and result.rematch_dealer == 3
    assert score_match(match("euchre", [], first_dealer=3)).rematch_dealer == 0
    over = score_match(match("euchre", [{"maker": 1, "tricks": 5}] * 5, first_dealer=1))
    assert over.finished and over.next_dealer is None and over.rematch_dealer == 2  # hand 5 dealt by seat 1
    moved = score_match(match("euchre", [{"maker": 1, "tricks": 3, "dealer": 3}]))
    assert moved.hands[0].has(Event.DEALER_OUT_OF_TURN) and moved.rematch_dealer == 0


def test_flags_and_the_rules_page_section_they_point_to():
    forced = score_match(match("euchre", [{"maker": 0, "forced": True, "tricks": 3}],
                               rules={"stick_the_dealer": True})).hands[0]
    assert forced.flags == (Event.FORCED,)  # stuck-dealer says the same: one flag
    assert Event.STUCK_DEALER.section == RuleSection.FORCED and Event.MADE.section is None
    assert rule_section(Event.DEALER_OUT_OF_TURN) == RuleSection.DEAL
    assert rule_section("after-game-end") == RuleSection.END  # a refusal's code
    assert rule_section("sat-out") == rule_section("sit-out") == RuleSection.SIT_OUT
    assert rule_section("renege") == RuleSection.RENEGE
    assert rule_section("nonsense") is None and rule_section(None) is None


def test_describe_is_one_line_with_a_real_minus():
    result = score_match(match("euchre", [{"maker": 1, "tricks": 5}, {"maker": 0, "tricks": 3, "renege": 1}]))
    assert result.describe(0) == "Bob & Di +2 (march)"
    assert result.describe(1) == "Ann & Cy +1, Bob & Di −2 (made, renege)"
    assert score_match(match("euchre", [{"void": True}])).describe(0) == "No score (void)"


def test_a_refusal_carries_where_and_which_rule():
    """match-format.md: a hand listed after the game ended is an error; it points to how a game ends."""
    from referee import RefereeError

    with pytest.raises(RefereeError) as refused:
        score_match(match("euchre", [{"maker": 1, "tricks": 5, "alone": True}] * 3 + [{"maker": 0, "tricks": 3}]))
    assert (refused.value.hand, refused.value.code, refused.value.section) == (3, "after-game-end", RuleSection.END)
    with pytest.raises(RefereeError) as bad:
        score_match(match("euchre", [{"maker": 9, "tricks": 3}]))
    assert bad.value.hand == 0 and bad.value.field == "maker" and bad.value.section is None


def test_a_negative_score_in_a_note_has_a_real_minus():
    """A note is read on the match page: a set bid of 1 ([002] Bid Euchre, Rating: -6) reads "−6" (U+2212),
    as every number on screen does (referee/numbers.py), never the hyphen "-6"."""
    notes = " ".join(score_match(match("bid-euchre", [{"maker": 0, "bid": 1, "tricks": 0}])).hands[0].notes)
    assert "\u22126" in notes and "-6" not in notes
