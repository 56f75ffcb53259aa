"""What a hand form may offer at one table: the variant's hand keys, less those that its house
rules or its head-count rule out for every hand, and those that a club upcard rules out.

Read-only data for the app ("only what can happen"); the scorers still check every hand, and
tests/referee/test_entry.py checks that each key left out here is one the referee refuses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.variant import Variant

# House rules that switch a hand key on: without the rule, no hand may carry the key.
KEY_NEEDS_RULE = {
    "defender_alone": "lone_defender",  # [004] Lone defender, a house rule (euchre)
    "dropped": "bump",                  # [003] Dirty clubs: players may drop out only with bump
}

# Head-counts at which a hand key is allowed at all, where a variant allows it only at some.
KEY_ONLY_WITH = {
    ("double-hasenpfeffer", "alone"): (4,),  # [002] Double Hasenpfeffer: alone with four players only
}

# A club upcard: clubs are trump with no bidding, so these keys cannot be given.
CLUB_UPCARD_RULES_OUT = {
    "eau-claire-clubs": frozenset({"maker", "bid", "trump", "sat_out"}),  # [003] Eau Claire: both sides play
    "dirty-clubs": frozenset({"maker", "bid", "trump", "dropped"}),       # [003] Dirty clubs: nobody bids or drops
    "buck-euchre": frozenset({"maker", "trump", "dropped"}),  # [000] Buck Euchre: the bidding is bypassed, nobody drops
}


@dataclass(frozen=True)
class EntryChoices:
    """``fields``: the hand keys to offer; ``club_upcard_rules_out``: those a club upcard takes away."""

    fields: frozenset[str]
    club_upcard_rules_out: frozenset[str]


def entry_choices(variant: Variant, n_players: int, rules: dict[str, Any] | None = None) -> EntryChoices:
    """The hand keys worth asking for at a table of ``n_players`` under ``rules`` (house rules, resolved
    against the variant's defaults)."""
    resolved = variant.resolve_rules(rules or {})
    fields = set(variant.hand_fields)
    for key, rule in KEY_NEEDS_RULE.items():
        if rule in resolved and not resolved[rule]:
            fields.discard(key)
    for (key_variant, key), counts in KEY_ONLY_WITH.items():
        if key_variant == variant.key and n_players not in counts:
            fields.discard(key)
    club = CLUB_UPCARD_RULES_OUT.get(variant.key, frozenset()) if "upcard" in fields else frozenset()
    return EntryChoices(fields=frozenset(fields), club_upcard_rules_out=club & fields)
