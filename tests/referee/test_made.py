"""The result's per-hand ``made`` (docs/referee-api.md): did the makers make it? The group stats
count make rates and euchre rates from it, so it must agree with the events in every game."""
from __future__ import annotations

import pytest

from referee import score_match
from tests.referee.conftest import match


def made_flags(doc: dict) -> list:
    return [h["made"] for h in score_match(doc).to_json()["hands"]]


def test_euchre_made_march_euchred_and_thrown_in():
    doc = match("euchre", [{"maker": 1, "trump": "H", "tricks": 3}, {"maker": 2, "alone": True, "tricks": 5},
                           {"maker": 3, "tricks": 2}, {"void": True}])
    assert made_flags(doc) == [True, True, False, None]


def test_bid_euchre_pepper_made_and_set():
    doc = match("bid-euchre", [{"maker": 0, "bid": 4, "trump": "S", "tricks": 5},
                               {"maker": 1, "bid": "little-pepper", "trump": "H", "tricks": 6},
                               {"maker": 2, "bid": 5, "trump": "D", "tricks": 3}])
    result = score_match(doc).to_json()
    assert [h["made"] for h in result["hands"]] == [True, True, False]
    assert "little-pepper" in result["hands"][1]["events"]


def test_buck_euchre_without_a_maker():
    doc = match("buck-euchre", [{"tricks": [2, 1, 1, 1]}, {"maker": 1, "trump": "C", "tricks": [0, 1, 2, 2]}])
    assert made_flags(doc) == [None, False]


@pytest.mark.parametrize("events, made", [({"made", "march", "lone-march"}, True), ({"euchred", "set"}, False)])
def test_made_agrees_with_the_events_in_every_euchre_hand(events, made):
    doc = match("euchre", [{"maker": s % 4, "tricks": t, "alone": s % 3 == 0} for s, t in
                           enumerate([0, 1, 2, 3, 4, 5, 3, 0])], rules={"target": 99})
    for hand in score_match(doc).to_json()["hands"]:
        if set(hand["events"]) & events:
            assert hand["made"] is made
