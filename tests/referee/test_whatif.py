"""What if one hand had gone otherwise (referee/whatif.py): the changed hand, the match scored again.

Sources: shared/spec/match-format.md (``tricks``, ``partner``, ``dropped``); [000] Euchre, Determining trumps
(going alone lays the partner's cards down); [000] Buck Euchre (players who drop out of the hand); [000] Euchre,
scoring.
"""
from __future__ import annotations

import pytest

from referee import WHAT_IF_CHANGES, WhatIf, possible_changes, score_match, what_if

from .conftest import match


def ask(doc: dict, index: int, change: str) -> WhatIf:
    return what_if(doc, index, change, score_match(doc).hands[index])


def test_one_more_trick_for_the_makers_comes_from_the_defenders():
    """Euchre's tricks are the makers' count: Bob & Di's 3 become 4, still 1 point ([000] Euchre, scoring)."""
    doc = match("euchre", [{"maker": 1, "trump": "H", "tricks": 4}])
    answer = ask(doc, 0, "more")
    assert answer.possible and answer.hand["tricks"] == 5 and answer.line == "Bob & Di +2 (march)"
    assert ask(doc, 0, "fewer").hand["tricks"] == 3


def test_no_sixth_trick_and_no_trick_below_none():
    assert not ask(match("euchre", [{"maker": 1, "tricks": 5}]), 0, "more").possible
    assert not ask(match("euchre", [{"maker": 1, "tricks": 0}]), 0, "fewer").possible


def test_tricks_per_team_move_between_the_two_teams():
    doc = match("bid-euchre", [{"maker": 1, "bid": 3, "trump": "H", "tricks": [3, 3]}])
    assert ask(doc, 0, "more").hand["tricks"] == [2, 4]
    assert ask(doc, 0, "fewer").hand["tricks"] == [4, 2]


def test_tricks_per_seat_the_defender_with_most_tricks_gives_one_up():
    doc = match("buck-euchre", [{"maker": 1, "trump": "S", "tricks": [2, 1, 1, 1]}])  # Bob euchred
    answer = ask(doc, 0, "more")
    assert answer.hand["tricks"] == [1, 2, 1, 1] and answer.note == "Ann gives up one trick."
    fewer = ask(doc, 0, "fewer")
    assert fewer.hand["tricks"] == [2, 0, 2, 1] and fewer.note == "Cy takes that trick."  # the next seat in


def test_dropped_players_neither_give_nor_take_a_trick():
    """[000] Buck Euchre: a player who dropped out of the hand is out of its play."""
    doc = match("buck-euchre", [{"maker": 2, "trump": "D", "dropped": [0, 1], "tricks": [0, 0, 4, 1]}])
    more = ask(doc, 0, "more")
    assert more.hand["tricks"] == [0, 0, 5, 0] and more.note == "Di gives up one trick."
    fewer = ask(doc, 0, "fewer")
    assert fewer.hand["tricks"] == [0, 0, 3, 2] and fewer.note == "Di takes that trick."


def test_going_alone_and_in_call_ace_euchre_alone_means_no_partner():
    """[000] Euchre, Determining trumps: the lone maker's partner lays the cards down; match-format.md,
    ``partner``: alone is no partner."""
    euchre = ask(match("euchre", [{"maker": 1, "trump": "H", "tricks": 5}]), 0, "alone")
    assert euchre.hand["alone"] is True and euchre.line == "Bob & Di +4 (alone, lone march)"
    assert not ask(match("euchre", [{"maker": 1, "tricks": 5, "alone": True}]), 0, "alone").possible
    called = match("call-ace-euchre", [{"maker": 0, "partner": 2, "trump": "S", "tricks": 3}], players=5)
    alone = ask(called, 0, "alone")
    assert alone.hand["partner"] is None and alone.hand["alone"] is True and alone.line == "Ann +1 (alone, made)"
    no_loners = match("call-partner-euchre", [{"maker": 0, "partner": 2, "bid": 4, "trump": "S", "tricks": 5}],
                      players=5)
    assert not ask(no_loners, 0, "alone").possible  # call-partner euchre has no going alone


def test_not_set_finds_the_fewest_extra_tricks():
    doc = match("euchre", [{"maker": 1, "trump": "H", "tricks": 1}])
    answer = ask(doc, 0, "made")
    assert answer.hand["tricks"] == 3 and answer.line == "Bob & Di +1 (made)"
    assert not ask(match("euchre", [{"maker": 1, "tricks": 3}]), 0, "made").possible  # it was not set


def test_a_void_hand_has_nothing_to_change():
    doc = match("euchre", [{"void": True}])
    assert possible_changes(doc, 0, score_match(doc).hands[0]) == dict.fromkeys(WHAT_IF_CHANGES, False)


def test_a_later_hand_that_no_longer_fits_stops_the_changed_match():
    """A lone march on hand 2 (4 points, [000] Euchre, scoring) brings Bob & Di to 10 on hand 3, so hand 4
    cannot follow: the changed match stops there."""
    doc = match("euchre", [{"maker": 1, "tricks": 5, "alone": True}, {"maker": 1, "tricks": 5},
                           {"maker": 1, "tricks": 5}, {"maker": 0, "tricks": 3}])
    answer = ask(doc, 1, "alone")
    assert answer.possible and answer.stopped is not None and answer.stopped.number == 4
    assert answer.result.finished and len(answer.result.hands) == 3


@pytest.mark.parametrize("change", list(WHAT_IF_CHANGES))
def test_nothing_is_changed_in_the_document(change):
    hands = [{"maker": 1, "trump": "H", "tricks": 1}]
    doc = match("euchre", hands)
    ask(doc, 0, change)
    assert doc["hands"] == [{"maker": 1, "trump": "H", "tricks": 1}]
