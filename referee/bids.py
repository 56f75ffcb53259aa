"""Bids: the rungs of a variant's bid ladder, and how a hand's ``bid`` value is read."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from referee.errors import RefereeError

LITTLE_PEPPER = "little-pepper"
BIG_PEPPER = "big-pepper"
PEPPER = "pepper"  # Midwest Pepper's single pepper bid: alone, all six tricks ([003] Pepper, Trump bids)


@dataclass(frozen=True)
class Bid:
    """One rung of a ladder: its document value, the tricks it needs and whether it is no-trump."""

    value: int | str
    tricks: int
    no_trump: bool = False

    @property
    def pepper(self) -> str | None:
        """``little-pepper``, ``big-pepper`` or ``pepper`` for the all-tricks bids, else None."""
        return self.value if self.value in (LITTLE_PEPPER, BIG_PEPPER, PEPPER) else None

    @property
    def label(self) -> str:
        if self.pepper:
            return self.pepper.replace("-", " ")
        return str(self.value)


Ladder = tuple[Bid, ...]


@lru_cache(maxsize=None)
def numbers(low: int, high: int) -> Ladder:
    """Plain trick bids from ``low`` to ``high``."""
    return tuple(Bid(n, n) for n in range(low, high + 1))


@lru_cache(maxsize=None)
def peppers(all_tricks: int) -> Ladder:
    """Little pepper below big pepper, both bids to take every trick ([000] Pepper, Bidding)."""
    return (Bid(LITTLE_PEPPER, all_tricks), Bid(BIG_PEPPER, all_tricks))


def no_trump(n: int) -> Bid:
    return Bid(f"{n}NT", n, no_trump=True)


def normalise_bid_value(value: object, *, field: str = "bid") -> int | str:
    """``"4nt"`` -> ``"4NT"``, ``"Little Pepper"`` -> ``"little-pepper"``; ints stay ints."""
    if isinstance(value, bool):
        raise RefereeError("A bid is a number of tricks or a named bid, not true/false.", field=field)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip().lower().replace(" ", "-")
        if text.isascii() and text.isdigit():
            return int(text)
        if text.endswith("nt") and text[:-2].isascii() and text[:-2].isdigit():
            return f"{int(text[:-2])}NT"
        return text
    raise RefereeError(f"{value!r} is not a bid.", field=field)


def find_bid(ladder: Ladder, value: object, game: str, *, field: str = "bid") -> Bid:
    """The rung for ``value``, or an error listing the bids this game has."""
    wanted = normalise_bid_value(value, field=field)
    for bid in ladder:
        if bid.value == wanted:
            return bid
    listing = ", ".join(b.label for b in ladder)
    raise RefereeError(f"{value!r} is not a bid in {game}; the bids are {listing}.", field=field)


def rank(ladder: Ladder, bid: Bid) -> int:
    """Position on the ladder: a higher number beats a lower one."""
    return ladder.index(bid)
