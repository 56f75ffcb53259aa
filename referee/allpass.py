"""What happens when everybody passes: a void hand, a forced maker, or a hand played with no maker."""
from __future__ import annotations

from dataclasses import dataclass

VOID = "void"                    # thrown in; the deal passes (or stays, where the variant says)
DEALER_FORCED = "dealer"         # the dealer must take the contract: maker = dealer, forced
HOLDER_FORCED = "holder"         # Hasenpfeffer: the joker's holder bids 3; void if the joker is in the widow
NO_MAKER = "no-maker"            # Buck Euchre: played at no trump with no maker
NEVER = "never"                  # the first bidder must open, so no hand is passed out


@dataclass(frozen=True)
class AllPass:
    """The rule for an all-pass hand: its kind, the forced bid where there is one, and the sentence
    the app shows when "all passed" is chosen."""

    kind: str
    message: str
    bid: int | str | None = None

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message, "bid": self.bid}

    def hand(self, entered: dict, dealer: int | None, fields: frozenset[str] | set[str]) -> dict:
        """The match-document hand for "everybody passed", from what the players ``entered`` for it
        (match-format.md, ``void`` and ``forced``) at a table whose variant reads ``fields``:
        - ``void``: thrown in, ``{"void": true}``;
        - ``dealer``: the dealer is forced to be the maker, at the forced bid where the rules fix one;
        - ``holder``: the joker's holder (entered as the maker) is forced, at the forced bid;
        - ``no-maker``: played with no maker, so no trump, bid, loner, sitting out or dropping;
        - ``never``: nobody can pass a hand out, so the hand stands as entered (the referee judges it).
        """
        if self.kind == VOID:
            return {"void": True}
        if self.kind == NO_MAKER:
            return {key: value for key, value in entered.items() if key not in _NO_MAKER_LEAVES_OUT}
        if self.kind not in (DEALER_FORCED, HOLDER_FORCED):
            return dict(entered)
        hand = {"forced": True} if "forced" in fields else {}
        hand.update((key, value) for key, value in entered.items() if key != "bid")
        if self.kind == DEALER_FORCED and dealer is not None:
            hand["maker"] = dealer
        if self.bid is not None and "bid" in fields:
            hand["bid"] = self.bid
        return hand

    def passed(self, hand: dict) -> bool:
        """Whether a (not void) match-document hand is one where everybody passed: a forced maker, or
        under ``no-maker`` a hand with no maker."""
        return bool(hand.get("forced")) or (self.kind == NO_MAKER and hand.get("maker") is None)


# What a hand played with no maker cannot have (Buck Euchre, [000]: all pass, no trump, everybody plays).
_NO_MAKER_LEAVES_OUT = frozenset({"maker", "bid", "trump", "alone", "defender_alone", "sat_out", "dropped",
                                  "partner", "forced"})


THROWN_IN = AllPass(VOID, "Nobody bid: the hand is thrown in and the deal passes.")
