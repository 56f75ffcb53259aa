"""What if one hand of a match had gone otherwise: the hand changed, the match scored again, nothing saved.

The changes are those a table argues about (CHANGES): one trick more or fewer for the makers, the
maker alone, or the fewest extra tricks that would not have been a set. Moving a trick follows the
documents:
- a trick the makers gain comes from a defender, and one they lose goes to one; makers are the maker
  and the called partner (match-format.md, ``partner``);
- players who dropped out of the hand are out of its play ([000] Buck Euchre: "the other players then
  have the opportunity to drop out of the hand"; "Any player who dropped out of the hand scores
  nothing"), so they neither give up nor take a trick;
- going alone lays the partner's cards down ([000] Euchre, Determining trumps), so in call-partner
  euchre going alone means no partner (match-format.md, ``partner``: ``null`` with ``alone``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.catalog import get_variant
from referee.errors import RefereeError
from referee.match import score_match, table_of
from referee.result import HandResult, MatchResult
from referee.table import Table

CHANGES = {
    "more": "taken one more trick",
    "fewer": "taken one fewer trick",
    "alone": "gone alone",
    "made": "not been set",
}


@dataclass(frozen=True)
class Stopped:
    """A later hand that no longer fits the changed match (1-based ``number``), in the referee's words."""

    number: int
    message: str


@dataclass(frozen=True)
class WhatIf:
    """The answer: whether the change could happen to this hand, the changed hand, who gave or took
    the trick (``note``), and the match scored with it; or the referee's refusal of the changed hand."""

    possible: bool
    hand: dict | None = None
    note: str = ""
    refused: str = ""
    result: MatchResult | None = None
    index: int = 0
    stopped: Stopped | None = None

    @property
    def line(self) -> str:
        return self.result.describe(self.index) if self.result is not None else ""

    @property
    def notes(self) -> tuple[str, ...]:
        return self.result.hands[self.index].notes if self.result is not None else ()


NOT_POSSIBLE = WhatIf(False)


def shift_tricks(hand: dict, table: Table, step: int) -> tuple[dict, str] | None:
    """The hand with the makers' tricks moved by ``step`` (a trick comes from, or goes to, the
    defenders), and who gave or got it in words; None when no trick can move that way.

    With tricks per seat, the defender holding most tricks gives one up, and the first defender after
    the maker takes one; the maker's partner and dropped players are not defenders (module doc)."""
    maker = hand.get("maker")
    tricks = hand.get("tricks")
    total = table.tricks
    if maker is None or tricks is None:
        return None
    changed = dict(hand)
    if isinstance(tricks, int):
        value = tricks + step
        if not 0 <= value <= total:
            return None
        changed["tricks"] = value
        return changed, ""
    counts = list(tricks)
    if len(counts) == 2 and table.partnership:
        mine = table.side_of(maker)
        other = 1 - mine
        if counts[mine] + step < 0 or counts[other] - step < 0:
            return None
        counts[mine] += step
        counts[other] -= step
        changed["tricks"] = counts
        return changed, ""
    makers = {maker} | ({hand["partner"]} if hand.get("partner") is not None else set())
    dropped = set(hand.get("dropped") or [])
    n = len(counts)
    order = [(maker + i) % n for i in range(1, n)]
    others = [s for s in order if s not in makers and s not in dropped]
    if not others:
        return None
    if step > 0:
        giver = max(others, key=lambda s: counts[s])
        if counts[giver] == 0 or counts[maker] >= total:
            return None
        counts[giver] -= 1
        counts[maker] += 1
        changed["tricks"] = counts
        return changed, f"{table.players[giver]} gives up one trick."
    if counts[maker] == 0:
        return None
    taker = others[0]
    counts[maker] -= 1
    counts[taker] += 1
    changed["tricks"] = counts
    return changed, f"{table.players[taker]} takes that trick."


def changed_hand(change: str, hand: dict, scored: HandResult | None, fields: frozenset[str],
                 table: Table) -> tuple[dict, str] | None:
    """The hand with ``change`` made to it (for ``made``: the hand itself, when it was set; the
    tricks are found by ``not_set``), or None when that change cannot happen to this hand."""
    if hand.get("void") or hand.get("maker") is None:
        return None
    if change == "more":
        return shift_tricks(hand, table, 1)
    if change == "fewer":
        return shift_tricks(hand, table, -1)
    if change == "alone":
        if "alone" not in fields or hand.get("alone"):
            return None
        changed = dict(hand, alone=True)
        if "partner" in fields:
            changed["partner"] = None
        return changed, ""
    if change == "made":
        if scored is None or not scored.was_set:
            return None
        return hand, ""
    return None


def possible_changes(doc: dict, index: int, scored: HandResult | None) -> dict[str, bool]:
    """Which changes can happen to hand ``index`` of the document (``scored`` is how it was scored)."""
    variant = get_variant(doc.get("variant"))
    table = table_of(doc, variant)
    hand = doc["hands"][index]
    return {change: changed_hand(change, hand, scored, variant.hand_fields, table) is not None for change in CHANGES}


def not_set(doc: dict, index: int, table: Table) -> tuple[dict, str] | None:
    """The fewest extra tricks for the makers that the referee no longer scores as a set (or a euchre)."""
    hands = doc["hands"]
    current: dict = hands[index]
    note = ""
    for _ in range(table.tricks):
        shifted = shift_tricks(current, table, 1)
        if shifted is None:
            return None
        current, step_note = shifted
        note = step_note or note
        try:
            scored = score_match(dict(doc, hands=hands[:index] + [current])).hands[index]
        except RefereeError:
            continue
        if not scored.was_set:
            return current, note
    return None


def what_if(doc: dict, index: int, change: str, scored: HandResult | None) -> WhatIf:
    """Score the match document with hand ``index`` changed by ``change``. ``scored`` is that hand as
    it was scored (None when the referee could not score it). A later hand that no longer fits stops
    the changed match there (``stopped``)."""
    variant = get_variant(doc.get("variant"))
    table = table_of(doc, variant)
    hands = list(doc["hands"])
    option = changed_hand(change, hands[index], scored, variant.hand_fields, table)
    if option is not None and change == "made":
        option = not_set(doc, index, table)
    if option is None:
        return NOT_POSSIBLE
    changed, note = option
    trial = hands[:index] + [changed] + hands[index + 1:]
    try:
        result = score_match(dict(doc, hands=trial))
    except RefereeError as error:
        if error.hand is None or error.hand <= index:
            return WhatIf(True, changed, note, refused=error.message, index=index)
        stopped = Stopped(error.hand + 1, error.message)
        return WhatIf(True, changed, note, result=score_match(dict(doc, hands=trial[:error.hand])), index=index,
                      stopped=stopped)
    return WhatIf(True, changed, note, result=result, index=index)
