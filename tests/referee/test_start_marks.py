"""Marks carried over from a paper score sheet (the match document's optional ``start_marks``, docs/referee-api.md).

[003] pepper (Midwest), Points & Wins: a set or seated side "gets a hickey" and "sets are the total number of
hickeys on the losing team's score sheet"; shared/spec/variants.md "midwest-pepper": "The result counts hickeys
per side (`marks`)". No other variant in the documents counts anything per side beside points.
"""
from __future__ import annotations

import json

import pytest

from referee import VARIANTS, RefereeError, score_match

from .conftest import NAMES
from .test_cli import assert_bad_input, cli, only_json

V = "midwest-pepper"
SET = {"maker": 0, "bid": 5, "tricks": 4}  # fixed: Ann & Cy -5 and a hickey


def doc(variant: str = V, hands: list | None = None, players: int = 4, **keys) -> dict:
    return {"format": "euchre-match/1", "variant": variant, "players": NAMES[:players], "hands": hands or [], **keys}


def test_only_midwest_pepper_counts_marks_beside_points():
    # The rule documents name no other per-side counter that a game carries besides its points: the referee
    # must not invent one for a game carried on from paper.
    assert [key for key, variant in VARIANTS.items() if variant.counts_marks] == ["midwest-pepper"]
    assert VARIANTS[V].mark_name == "hickey"


def test_the_carried_hickeys_are_counted_on_from():
    result = score_match(doc(hands=[SET], start_totals=[10, 20], start_marks=[2, 1])).to_json()
    assert result["marks"] == [3, 1]
    assert result["hands"][0]["marks"] == [1, 0]  # each hand still says only its own hickeys
    assert result["totals"] == [5, 22]


def test_without_start_marks_the_count_starts_at_zero():
    assert score_match(doc(hands=[SET])).to_json()["marks"] == [1, 0]
    assert score_match(doc(start_marks=[0, 0])).to_json()["marks"] == [0, 0]


def test_the_carried_hickeys_change_no_score_and_no_winner():
    # [003]: hickeys settle the bets ("sets"); the game still goes to 42 points
    hands = [{"maker": 1, "bid": 6, "tricks": 6}]
    plain = score_match(doc(hands=hands, start_totals=[30, 40])).to_json()
    marked = score_match(doc(hands=hands, start_totals=[30, 40], start_marks=[9, 0])).to_json()
    assert (marked["totals"], marked["winner"], marked["result"]) == (plain["totals"], plain["winner"], plain["result"])
    assert marked["marks"] == [10, 0]


@pytest.mark.parametrize("marks, words", [
    pytest.param([-1, 0], "0 or more", id="[003] a side only ever receives hickeys: never fewer than none"),
    pytest.param([1], "2 whole numbers", id="one count per side"),
    pytest.param([1, 2, 3], "2 whole numbers", id="no third side"),
    pytest.param([1.5, 0], "whole numbers", id="a hickey is whole"),
    pytest.param([True, 0], "whole numbers", id="not a yes/no"),
    pytest.param(["2", 0], "whole numbers", id="not text"),
    pytest.param(3, "whole numbers", id="a list, not one number"),
])
def test_impossible_carried_hickeys_are_refused(marks, words):
    err = refusal_of(doc(start_marks=marks))
    assert (err.hand, err.field) == (None, "start_marks")
    assert words in err.message and "hickey" in err.message


@pytest.mark.parametrize("key", [key for key in VARIANTS if key != V])
def test_a_variant_without_marks_refuses_carried_marks(key):
    err = refusal_of(doc(key, players=VARIANTS[key].default_players, start_marks=[0, 0]))
    assert (err.hand, err.field) == (None, "start_marks")
    assert "carries no marks" in err.message


def refusal_of(document: dict) -> RefereeError:
    with pytest.raises(RefereeError) as info:
        score_match(document)
    return info.value


def test_the_command_line_reads_start_marks():
    proc = cli("score", "-", stdin=json.dumps(doc(hands=[SET], start_marks=[4, 0])))
    assert proc.returncode == 0, proc.stdout
    assert only_json(proc.stdout)["marks"] == [5, 0]
    assert_bad_input(cli("score", "-", stdin=json.dumps(doc(start_marks=[0, -2]))), field="start_marks")
    assert_bad_input(cli("score", "-", stdin=json.dumps(doc("euchre", start_marks=[1, 0]))), field="start_marks")
