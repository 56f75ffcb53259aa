"""The match page's reading of the referee: its answer shaped for templates (the ``Board``). Asking
it about a stored match is ``services.scoresheet``'s, re-exported here for the views.
No points are computed here; the referee decides everything."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import referee
from referee import HandResult, MatchResult, RefereeError, get_variant
from referee.entry import entry_choices

from forms.common import variant_groups
from forms.hand import Table
from forms.match import house_rules_in_force
from models import Match
from services.scoresheet import record, score, score_kept, sync_status

__all__ = ["RefereeError", "Board", "table_for", "score", "board", "variant_groups", "sides_for",
           "sync_status", "record", "score_kept", "has_pepper_bids"]


def table_for(variant: Any, players: list[str], rules: dict) -> Table:
    n = len(players)
    all_pass = variant.all_pass_rule(rules)
    choices = entry_choices(variant, n, rules)  # only what can happen at this table
    return Table(
        all_pass=all_pass,
        fields=choices.fields,
        club_upcard_rules_out=choices.club_upcard_rules_out,
        players=tuple(players),
        tricks=variant.tricks_for(n),
        tricks_by=variant.tricks_entry(n),
        bids=tuple(variant.bids_for(n, rules)),
        trumps=tuple(variant.trumps),
        partnership=variant.is_partnership(n),
    )


def sides_for(variant: Any, players: list[str], rules: dict | None = None) -> list[str]:
    """The referee's names for the sides, from an empty match (used before a match exists)."""
    doc = {"format": "euchre-match/1", "variant": variant.key, "rules": rules or {}, "players": players,
           "first_dealer": 0, "hands": []}
    return list(referee.score_match(doc).sides)


@dataclass
class Board:
    """What the match page shows, built from the match and the referee's result."""

    match: Match
    variant: Any
    rules: dict
    result: MatchResult
    table: Table
    rows: list[dict]
    # What the referee refuses in the stored match (a hand saved before a rule was made stricter).
    problem: RefereeError | None = None

    @property
    def problem_words(self) -> str | None:
        if self.problem is None:
            return None
        where = (f"Hand {self.problem.hand + 1} could not have happened: " if self.problem.hand is not None
                 else "The start totals cannot be right: ")
        return where + self.problem.message + " Edit or delete it; the hands after it are scored once it is right."

    @property
    def sides(self) -> list[str]:
        return list(self.result.sides)

    @property
    def dealer(self) -> int | None:
        return self.result.next_dealer

    @property
    def finished(self) -> bool:
        return self.result.finished

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def goal(self) -> str:
        """The target line under the scoreboard."""
        rules = self.result.rules
        target = self.result.target
        if self.result.countdown:
            start = rules.get("start")
            return f"Counting down from {start} to 0" if start is not None else "Counting down to 0"
        if target:
            return f"Playing to {target}"
        if rules.get("hands"):
            counted = self.result.hands_played
            return f"Hand {min(counted + 1, rules['hands'])} of {rules['hands']}" if not self.finished \
                else f"{rules['hands']} hands played"
        if "hands" in rules:  # a hand limit of none: a progressive night's table plays until the bell
            return f"Hand {self.result.hands_played + 1}, until the bell"
        return ""

    def dealer_for(self, editing: Any = None) -> int | None:
        """Who deals the hand being entered: the next dealer, or the one who dealt the hand being edited."""
        if editing is None:
            return self.dealer
        for row in self.rows:
            if row["hand"].id == editing.id:
                return row["dealer"]
        return None

    def number_of(self, hand: Any) -> int | None:
        for row in self.rows:
            if row["hand"].id == hand.id:
                return row["number"]
        return None

    @property
    def marks(self) -> tuple[int, ...] | None:
        return self.result.marks

    @property
    def all_passed(self) -> str:
        return self.table.allpass_message

    @property
    def house_rules(self) -> list[tuple[str, str, str]]:
        """The house rules in force, (name, value, help), for the match page."""
        return house_rules_in_force(self.variant, self.rules)


def board(match: Match, result: MatchResult | None = None) -> Board:
    variant = get_variant(match.variant)
    problem = None
    if result is None:
        result, problem = score_kept(match)
    rows = []
    scored_hands = result.hands
    for index, hand in enumerate(match.hands):
        if index >= len(scored_hands):  # not scored: the referee refused it, or one before it
            rows.append({"index": index, "number": index + 1, "hand": hand, "scored": None,
                         "dealer": None, "notes": [], "totals": [], "unscored": True,
                         "line": "Could not have happened: edit or delete it." if problem and problem.hand == index
                         else "Not scored until the hand before it is right."})
            continue
        scored: HandResult = scored_hands[index]
        rows.append({
            "index": index,
            "number": index + 1,
            "hand": hand,
            "scored": scored,
            "dealer": scored.dealer,
            "line": scored.describe(result.sides),
            "notes": list(scored.notes),
            "totals": list(scored.totals),
        })
    table = table_of(match, variant)
    return Board(match=match, variant=variant, rules=match.rules or {}, result=result, table=table, rows=rows,
                 problem=problem)


def table_of(match: Match, variant: Any = None) -> Table:
    """The match's table (its players, and what its hands can hold), without scoring the match."""
    return table_for(variant or get_variant(match.variant), match.players, match.rules or {})


def has_pepper_bids(key: str) -> bool:
    """Whether a game's bid ladder has pepper bids (at any head-count, with its default rules)."""
    try:
        variant = get_variant(key)
    except RefereeError:
        return False
    rules = variant.resolve_rules({})
    return any("pepper" in str(bid) for n in variant.players for bid in variant.bids_for(n, rules))
