"""The referee's answer for a match: a typed, frozen result (after python-chess's ``Outcome`` and
``Termination``).

``score_match`` returns a ``MatchResult``; its ``to_json()`` is the result document of
match-format.md ("The result document"), word for word, so the command line and the match document
contract stay as they are. Besides the document, the result answers the questions the app asks of a
match (a made loner, a march, a set, who scored last, who deals next and who deals a rematch, which
rules-page section a flag points to), so that no caller works them out again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.documented import DocumentedEnum
from referee.numbers import signed


class RuleSection(DocumentedEnum):
    """A section of a variant's rules page (its anchor), where the rule behind a flag is explained."""

    FORCED = "forced", "What happens when everybody passes: the all-pass rule (stuck dealer, forced holder)."
    DEAL = "deal", "Who deals: the deal passes one seat to the left (match-format.md, first_dealer)."
    END = "end", "How a game ends; no hand can follow the end (match-format.md, the result document)."
    SIT_OUT = "sit-out", "When the defenders may sit out (Eau Claire Clubs, Grinnell Pepper)."
    RENEGE = "renege", "The penalty for a renege (house rule renege_penalty)."


class Event(DocumentedEnum):
    """What happened in a hand: the short words of a result document's ``events`` (match-format.md:
    "short words such as made, march, euchred, set, void, forced; free to extend").

    A member compares equal to its word (``Event.MADE == "made"``), so a document read back from JSON
    and a typed result say the same thing; its ``__doc__`` says what it means.
    """

    # -- the deal -------------------------------------------------------------------------------
    DEALER_OUT_OF_TURN = ("dealer-out-of-turn", "The hand names a dealer other than the rotation's; the rotation "
                          "continues from it (match-format.md, dealer).")
    SAME_DEALER = "same-dealer", "The same dealer deals the next hand (an acquitted or thrown-in hand, by the variant)."
    GAME_OVER = "game-over", "This hand ended the game; no hand may follow it (match-format.md)."

    # -- nobody plays -----------------------------------------------------------------------------
    VOID = "void", "Thrown in: nobody made trump, or a misdeal; the hand scores nothing and is not counted."
    ACQUITTED = ("acquitted", "Call-ace euchre: all four upcards were passed, and the same dealer deals again "
                 "([000] Call-Ace Euchre).")
    JOKER_IN_WIDOW = ("joker-in-widow", "Hasenpfeffer: everybody passed and the joker was in the widow, so the "
                      "hand is void ([000] Hasenpfeffer).")

    # -- who made trump, and how ------------------------------------------------------------------
    FORCED = ("forced", "The maker was forced to take the contract: stuck dealer, joker holder, or the dealer "
              "forced when all pass (match-format.md, forced).")
    STUCK_DEALER = ("stuck-dealer", "Stick-the-dealer: everyone passed and the dealer had to name trump "
                    "([004] How to play).")
    JOKER_HOLDER = "joker-holder", "Everyone passed and the joker's holder had to bid 3 ([000] Hasenpfeffer)."
    ALONE = "alone", "The maker played alone; the partner's cards were laid down ([000] Euchre, Determining trumps)."
    DEFENDER_ALONE = "defender-alone", "A defender played alone against the makers (lone_defender, [004] Scoring)."
    CLUB_UPCARD = ("club-upcard", "A club was turned: clubs are trump and everybody plays (Dirty Clubs, Buck "
                   "Euchre, Eau Claire Clubs).")
    NO_TRUMP = "no-trump", "Buck Euchre: everybody passed and the hand was played at no trump with no maker ([000])."
    DROPPED = "dropped", "Some players dropped out of the hand and scored nothing ([000] Buck Euchre; Dirty Clubs)."
    SAT_OUT = "sat-out", "The defenders sat out and the makers scored their bid (Eau Claire Clubs, Grinnell Pepper)."
    PEPPER = "pepper", "Midwest Pepper's pepper bid: alone, every trick ([003] Pepper, Trump bids)."
    LITTLE_PEPPER = "little-pepper", "The little pepper bid: every trick, with a card from the partner ([000] Pepper)."
    BIG_PEPPER = "big-pepper", "The big pepper bid: every trick, alone ([000] Pepper, Bidding)."

    # -- how it went ------------------------------------------------------------------------------
    MADE = "made", "The makers made their contract, or took enough tricks."
    MARCH = "march", "The makers took every trick ([000] Euchre, scoring: a march)."
    LONE_MARCH = "lone-march", "A lone maker took every trick ([000] Euchre, scoring)."
    ALL_TRICKS = "all-tricks", "Buck Euchre: the declarer took every trick ([000] Buck Euchre, Scoring)."
    EUCHRED = "euchred", "The makers were held under three tricks ([000] Euchre, scoring)."
    SET = "set", "The bidders took fewer tricks than they bid and were set back ([000] Bid Euchre, Scoring)."
    EUCHRE_SWEEP = "euchre-sweep", "Progressive euchre: the makers took no trick at all (house rule euchre_sweep)."
    HICKEY = "hickey", "Midwest Pepper: a side was set and marked a hickey ([003] Pepper)."
    RENEGE = "renege", "A player reneged and their side lost the penalty ([004] Irregularities & disputes)."

    @property
    def words(self) -> str:
        """The event for a score line: "lone march"."""
        return self.value.replace("-", " ")

    @property
    def section(self) -> RuleSection | None:
        """The rules-page section that explains this event, if any."""
        return _SECTIONS.get(self)

    @property
    def flagged(self) -> bool:
        """Shown on the match page with the rule behind it: something players may want to check."""
        return self in _FLAGGED


_SECTIONS = {
    Event.FORCED: RuleSection.FORCED, Event.STUCK_DEALER: RuleSection.FORCED, Event.JOKER_HOLDER: RuleSection.FORCED,
    Event.DEALER_OUT_OF_TURN: RuleSection.DEAL, Event.GAME_OVER: RuleSection.END, Event.SAT_OUT: RuleSection.SIT_OUT,
    Event.RENEGE: RuleSection.RENEGE,
}
_FLAGGED = frozenset({Event.FORCED, Event.DEALER_OUT_OF_TURN, Event.RENEGE})
MARCHES = frozenset({Event.MARCH, Event.LONE_MARCH, Event.ALL_TRICKS})
PEPPERS = frozenset({Event.PEPPER, Event.LITTLE_PEPPER, Event.BIG_PEPPER})
SETS = frozenset({Event.EUCHRED, Event.SET})


def rule_section(word: Any) -> RuleSection | None:
    """The rules-page section behind a flag: ``word`` is an event, a refusal's ``code``
    (``after-game-end``) or a section's own name. None for anything else."""
    if isinstance(word, RuleSection):
        return word
    if isinstance(word, Event):
        return word.section
    text = str(word or "").strip().lower()
    if text == "after-game-end":  # RefereeError.code: a hand listed after the game ended
        return RuleSection.END
    for kind in (Event, RuleSection):
        try:
            found = kind(text)
        except ValueError:
            continue
        return found.section if isinstance(found, Event) else found
    return None


@dataclass(frozen=True)
class HandResult:
    """One scored hand. ``maker`` (the maker's seat) is not part of the document; the rest is."""

    dealer: int
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    events: tuple[Event, ...]
    notes: tuple[str, ...]
    maker_side: int | None
    made: bool | None
    marks: tuple[int, ...] | None = None
    maker: int | None = None

    def has(self, event: Event) -> bool:
        return event in self.events

    @property
    def void(self) -> bool:
        """Thrown in: the hand scored nothing and is not counted."""
        return Event.VOID in self.events

    @property
    def game_over(self) -> bool:
        return Event.GAME_OVER in self.events

    @property
    def loner(self) -> bool:
        """A maker went alone (only a hand with a maker)."""
        return self.made is not None and Event.ALONE in self.events

    @property
    def made_loner(self) -> bool:
        """A maker went alone and made it: a loner for the night's tally (not euchred)."""
        return self.loner and self.made is True and not self.was_set

    @property
    def march(self) -> bool:
        """The makers took every trick (a march, a lone march, or all the tricks in Buck Euchre)."""
        return self.made is not None and bool(MARCHES.intersection(self.events))

    @property
    def pepper(self) -> bool:
        """The contract was a pepper bid."""
        return self.made is not None and bool(PEPPERS.intersection(self.events))

    @property
    def was_set(self) -> bool:
        """The makers were euchred or set."""
        return bool(SETS.intersection(self.events))

    @property
    def flags(self) -> tuple[Event, ...]:
        """The events the match page shows with the rule behind them."""
        return tuple(event for event in self.events if event.flagged)

    @property
    def scoring_side(self) -> int | None:
        """The side that gained most this hand (the first of equals), or None when nobody gained."""
        best = max(self.deltas, default=0)
        return self.deltas.index(best) if best > 0 else None

    def describe(self, sides: list[str] | tuple[str, ...]) -> str:
        """One line for the hand, e.g. "Ann & Cy +2 (march)"."""
        parts = [f"{sides[i]} {signed(d)}" for i, d in enumerate(self.deltas) if d] or ["No score"]
        words = ", ".join(event.words for event in self.events)
        return ", ".join(parts) + (f" ({words})" if words else "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer, "deltas": list(self.deltas), "totals": list(self.totals),
            "events": [event.value for event in self.events], "notes": list(self.notes),
            "maker_side": self.maker_side, "made": self.made,
        }
        if self.marks is not None:
            out["marks"] = list(self.marks)
        return out


@dataclass(frozen=True)
class MatchResult:
    """A scored match: the result document of match-format.md as typed fields, and what follows from it.

    ``result`` is the one sentence saying who won and by which rule (or who leads). ``first_dealer``
    and ``n_players`` are not in the document; they give the rematch's dealer.
    """

    variant: str
    rules: dict
    sides: tuple[str, ...]
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    finished: bool
    winner: int | None
    tie: bool
    result: str
    next_dealer: int | None
    target: int | None
    countdown: bool
    hands_played: int
    marks: tuple[int, ...] | None = None
    first_dealer: int = 0
    n_players: int = 0

    @property
    def last_scorer(self) -> int | None:
        """The side that scored on the latest hand anybody scored on (``HandResult.scoring_side``)."""
        for hand in reversed(self.hands):
            if hand.scoring_side is not None:
                return hand.scoring_side
        return None

    @property
    def rematch_dealer(self) -> int:
        """Who deals the first hand of a rematch: the deal goes on passing to the left from the last
        hand dealt ("The deal passes one seat to the left (seat + 1) after each hand", match-format.md,
        ``first_dealer``); a match with no hand passes it on from its first dealer."""
        last = self.hands[-1].dealer if self.hands else self.first_dealer
        return (last + 1) % self.n_players

    def describe(self, index: int) -> str:
        """One line for hand ``index`` with this match's side names."""
        return self.hands[index].describe(self.sides)

    def to_json(self) -> dict[str, Any]:
        """The result document (match-format.md), as ``python -m referee score`` prints it."""
        out: dict[str, Any] = {
            "variant": self.variant, "rules": self.rules, "sides": list(self.sides),
            "hands": [hand.to_json() for hand in self.hands], "totals": list(self.totals),
            "finished": self.finished, "winner": self.winner, "tie": self.tie, "result": self.result,
            "next_dealer": self.next_dealer, "target": self.target, "countdown": self.countdown,
            "hands_played": self.hands_played,
        }
        if self.marks is not None:
            out["marks"] = list(self.marks)
        return out
