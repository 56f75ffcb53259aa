"""The app's only door to the referee: build the match document, ask, and shape the answer for
templates. No points are computed here; the referee decides everything."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import referee
from referee import RefereeError, get_variant
from referee.entry import entry_choices

from forms.hand import Table
from forms.match import house_rules_in_force
from models import Match
from services.scoring import score, score_kept

__all__ = ["RefereeError", "Board", "table_for", "score", "board", "describe", "variant_groups", "sides_for",
           "sync_status", "record", "has_pepper_bids"]


def table_for(variant: Any, players: list[str], rules: dict) -> Table:
    n = len(players)
    all_pass = variant.all_pass_rule(rules)
    choices = entry_choices(variant, n, rules)  # only what can happen at this table
    return Table(
        allpass_kind=all_pass.kind,
        allpass_bid=all_pass.bid,
        allpass_message=all_pass.message,
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
    return list(referee.score_match(doc)["sides"])


# The referee's event words that the group stats count (see referee/variants).
MARCH_EVENTS = frozenset({"march", "lone-march", "all-tricks"})
PEPPER_EVENTS = frozenset({"pepper", "little-pepper", "big-pepper"})


def sync_status(match: Match, result: dict) -> None:
    """Keep the match's stored status and one-line summary in step with the referee, and the
    referee's verdicts that the group stats add up in SQL (see ``record``)."""
    match.status = "finished" if result.get("finished") else "active"
    match.summary = result.get("result") or ""
    record(match, result)


def record(match: Match, result: dict) -> None:
    """Copy the referee's result onto the rows, for stats: the winner and the hands played on the
    match, each seat's side and what that side scored, and per hand the makers' side, whether they
    made it, and whether it was a march, a loner or a pepper bid. Nothing here is worked out by
    the app: it is the referee's ``winner``, ``deltas``, ``maker_side``, ``made`` and ``events``.

    ``match.hands`` must be the hands ``result`` scored, in order.
    """
    scored_hands = result.get("hands", [])
    n_sides = len(result["sides"])
    match.winner = result.get("winner")
    match.hands_played = result.get("hands_played", len(scored_hands))
    points = [0] * n_sides
    for hand, scored in zip(match.hands, scored_hands):
        events = set(scored.get("events", ()))
        points = [p + d for p, d in zip(points, scored["deltas"])]
        hand.maker_side = scored.get("maker_side")
        hand.made = scored.get("made")
        has_maker = hand.made is not None
        hand.march = has_maker and bool(events & MARCH_EVENTS)
        hand.loner = has_maker and "alone" in events
        hand.pepper = has_maker and bool(events & PEPPER_EVENTS)
    for seat in match.seats:
        # match-format.md: the sides are the teams (seats i, i+2, i+4 together) or the seats.
        seat.side = seat.seat % n_sides
        seat.points = points[seat.side]


def describe(result_hand: dict, sides: list[str]) -> str:
    """One line for a scored hand, e.g. "Ann & Cy +2 (march)"."""
    events = [e for e in result_hand.get("events", []) if e]
    deltas = result_hand.get("deltas", [])
    parts = [f"{sides[i]} {_signed(d)}" for i, d in enumerate(deltas) if d]
    if not parts:
        parts = ["No score"]
    words = ", ".join(e.replace("-", " ") for e in events)
    return ", ".join(parts) + (f" ({words})" if words else "")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}"


@dataclass
class Board:
    """What the match page shows, built from the match and the referee's result."""

    match: Match
    variant: Any
    rules: dict
    result: dict
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
        return self.result["sides"]

    @property
    def dealer(self) -> int | None:
        return self.result.get("next_dealer")

    @property
    def finished(self) -> bool:
        return bool(self.result.get("finished"))

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: match-format.md fixes seats i and i+2 as partners, team 0 holding seat 0."""
        return seat % 2 if self.table.partnership else seat

    @property
    def goal(self) -> str:
        """The target line under the scoreboard."""
        rules = self.result.get("rules", self.rules)
        target = self.result.get("target", rules.get("target"))
        if self.result.get("countdown", self.variant.countdown):
            start = rules.get("start")
            return f"Counting down from {start} to 0" if start is not None else "Counting down to 0"
        if target:
            return f"Playing to {target}"
        if rules.get("hands"):
            counted = self.result["hands_played"]
            return f"Hand {min(counted + 1, rules['hands'])} of {rules['hands']}" if not self.finished \
                else f"{rules['hands']} hands played"
        if "hands" in rules:  # a hand limit of none: a progressive night's table plays until the bell
            return f"Hand {self.result['hands_played'] + 1}, until the bell"
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
    def marks(self) -> list[int] | None:
        return self.result.get("marks")

    @property
    def all_passed(self) -> str:
        return self.table.allpass_message

    @property
    def house_rules(self) -> list[tuple[str, str, str]]:
        """The house rules in force, (name, value, help), for the match page."""
        return house_rules_in_force(self.variant, self.rules)


def board(match: Match, result: dict | None = None) -> Board:
    variant = get_variant(match.variant)
    problem = None
    if result is None:
        result, problem = score_kept(match)
    rows = []
    scored_hands = result.get("hands", [])
    for index, hand in enumerate(match.hands):
        if index >= len(scored_hands):  # not scored: the referee refused it, or one before it
            rows.append({"index": index, "number": index + 1, "hand": hand, "scored": {"events": []},
                         "dealer": None, "notes": [], "totals": [], "unscored": True,
                         "line": "Could not have happened: edit or delete it." if problem and problem.hand == index
                         else "Not scored until the hand before it is right."})
            continue
        scored = scored_hands[index]
        rows.append({
            "index": index,
            "number": index + 1,
            "hand": hand,
            "scored": scored,
            "dealer": scored.get("dealer"),
            "line": describe(scored, result["sides"]),
            "notes": scored.get("notes", []),
            "totals": scored.get("totals", []),
        })
    table = table_for(variant, match.players, match.rules or {})
    return Board(match=match, variant=variant, rules=match.rules or {}, result=result, table=table, rows=rows,
                 problem=problem)


def has_pepper_bids(key: str) -> bool:
    """Whether a game's bid ladder has pepper bids (at any head-count, with its default rules)."""
    try:
        variant = get_variant(key)
    except RefereeError:
        return False
    rules = variant.resolve_rules({})
    return any("pepper" in str(bid) for n in variant.players for bid in variant.bids_for(n, rules))


def variant_groups() -> list[tuple[str, list[Any]]]:
    """The variants grouped for the new-match list, in the referee's display order."""
    groups: dict[str, list[Any]] = {}
    for variant in referee.VARIANTS.values():
        groups.setdefault(variant.group, []).append(variant)
    return list(groups.items())
