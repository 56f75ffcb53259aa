"""What a hand is when everybody passed (referee/allpass.py, ``AllPass.hand``): the variant's all-pass rule
turns what the players entered into a match-document hand, and ``AllPass.passed`` reads it back.

Sources: shared/spec/match-format.md (``void``, ``forced``); [004] How to play (stick the dealer); [000]
Hasenpfeffer (the joker's holder bids 3); [000] Buck Euchre (all pass: played at no trump).
"""
from __future__ import annotations

from referee import get_variant

FIELDS = frozenset({"maker", "bid", "trump", "forced", "alone", "tricks", "dropped", "upcard", "renege"})


def rule(key: str, **rules):
    return get_variant(key).all_pass_rule(rules)


def test_thrown_in_when_nobody_is_forced():
    assert rule("euchre").hand({"maker": 1, "tricks": 3}, 0, FIELDS) == {"void": True}


def test_stick_the_dealer_makes_the_dealer_the_forced_maker():
    """[004] How to play: the dealer must choose trump."""
    hand = rule("euchre", stick_the_dealer=True).hand({"maker": 1, "trump": "S", "tricks": 3}, 2, FIELDS)
    assert hand == {"forced": True, "maker": 2, "trump": "S", "tricks": 3}
    assert rule("euchre", stick_the_dealer=True).passed(hand)


def test_a_forced_bid_replaces_any_bid_entered():
    """Midwest Pepper: nobody bid, the dealer is stuck at 4 (its all-pass message)."""
    stuck = rule("midwest-pepper")
    assert stuck.kind == "dealer" and stuck.bid is not None
    hand = stuck.hand({"bid": 6, "trump": "H", "tricks": [2, 4]}, 3, FIELDS)
    assert hand["maker"] == 3 and hand["bid"] == stuck.bid and hand["forced"] is True


def test_the_joker_holder_is_forced_at_three():
    """[000] Hasenpfeffer: the holder of the joker must bid 3."""
    holder = rule("hasenpfeffer")
    hand = holder.hand({"maker": 1, "trump": "C", "tricks": [2, 4]}, 0, FIELDS)
    assert hand == {"forced": True, "maker": 1, "trump": "C", "tricks": [2, 4], "bid": 3}


def test_buck_euchre_all_pass_is_played_with_no_maker():
    """[000] Buck Euchre: if all four decline to name trump, the hand is played with no trump."""
    no_maker = rule("buck-euchre")
    entered = {"maker": 1, "trump": "H", "alone": True, "dropped": [2], "upcard": "D", "tricks": [2, 1, 1, 1]}
    hand = no_maker.hand(entered, 0, FIELDS)
    assert hand == {"upcard": "D", "tricks": [2, 1, 1, 1]}
    assert no_maker.passed(hand) and not no_maker.passed({"maker": 1, "tricks": [2, 1, 1, 1]})
