"""referee.entry: what a hand form offers. Every key it leaves out must be one the referee refuses
on that table (so the form never hides something that could happen), and kept when allowed."""
from __future__ import annotations

import pytest

from referee import get_variant
from referee.entry import entry_choices
from tests.referee.conftest import assert_refused, refusal, score


def offered(key: str, players: int = 4, **rules) -> frozenset[str]:
    return entry_choices(get_variant(key), players, rules).fields


def test_a_defender_goes_alone_only_with_the_house_rule():
    # [004]: the lone defender is a house rule
    assert "defender_alone" not in offered("euchre")
    assert_refused("euchre", [{"maker": 1, "defender_alone": True, "tricks": 2}], 0, "defender_alone")
    assert "defender_alone" in offered("euchre", lone_defender=True)
    score("euchre", [{"maker": 1, "defender_alone": True, "tricks": 2}], rules={"lone_defender": True})


def test_dirty_clubs_players_drop_only_with_bump():
    # [003] Dirty clubs: players may drop out only with bump
    hand = {"maker": 1, "bid": 3, "dropped": [2], "tricks": [1, 3, 0, 1]}
    assert "dropped" not in offered("dirty-clubs")
    assert_refused("dirty-clubs", [hand], 0, "dropped")
    assert "dropped" in offered("dirty-clubs", bump=True)
    score("dirty-clubs", [hand], rules={"bump": True})


def test_double_hasenpfeffer_goes_alone_only_with_four():
    # [002] Double Hasenpfeffer: alone with four players only
    assert "alone" in offered("double-hasenpfeffer", 4)
    assert "alone" not in offered("double-hasenpfeffer", 6)
    assert_refused("double-hasenpfeffer", [{"maker": 1, "bid": 3, "alone": True, "tricks": 4}], 0, "alone",
                   players=6)


@pytest.mark.parametrize("key, ruled_out", [
    ("eau-claire-clubs", {"maker", "bid", "trump", "sat_out"}),
    ("dirty-clubs", {"maker", "bid", "trump"}),
    ("buck-euchre", {"trump"}),
])
def test_a_club_upcard_rules_out_the_bidding(key, ruled_out):
    choices = entry_choices(get_variant(key), 4, {})
    assert ruled_out <= choices.club_upcard_rules_out <= choices.fields
    tricks = [3, 2] if key == "eau-claire-clubs" else [1, 2, 1, 1]
    for field, value in {"maker": 1, "bid": 3, "trump": "H", "sat_out": True}.items():
        if field in ruled_out:
            # the referee's message names the maker for a bid, since it refuses the bidding as a whole
            assert refusal(key, [{"upcard": "C", field: value, "tricks": tricks}]).field in (field, "maker")


def test_games_without_an_upcard_have_nothing_to_rule_out():
    assert entry_choices(get_variant("euchre"), 4, {}).club_upcard_rules_out == frozenset()
