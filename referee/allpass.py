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


THROWN_IN = AllPass(VOID, "Nobody bid: the hand is thrown in and the deal passes.")
