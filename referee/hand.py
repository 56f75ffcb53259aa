"""Reading one hand of a match document: types, seats, and the checks every variant shares.

A variant reads the keys it needs; a key it cannot use, or a value that could not have happened,
is an error (match-format.md, "A hand"). Explicit ``false``/``null``/``[]`` for an unused key is
accepted: it states what did not happen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.allpass import DEALER_FORCED, HOLDER_FORCED, NEVER, AllPass
from referee.bids import Bid, Ladder, find_bid, rank
from referee.cards import NO_TRUMP, SUITS, parse_trump, suit_name
from referee.errors import RefereeError
from referee.table import Table

BOOL_KEYS = ("void", "forced", "alone", "defender_alone", "sat_out", "joker_in_widow")

# What the referee accepts without ruling, shared by several variants (each variant's silent_accepts).
PARTIAL_AUCTION = ("An auction written only up to its last bid: the calls left out are read as passes (the documents "
                   "keep no written auction).")
TRUMP_VS_TURNED_CARD = ("The suit named trump is not checked against the turned card: the score sheet does not "
                        "record it.")


@dataclass(frozen=True)
class HandEntry:
    """One hand, type-checked. Seats are validated against the table; tricks are kept raw until a
    scoring function asks for them in the form it needs."""

    dealer: int
    void: bool
    maker: int | None
    bid: Bid | None
    forced: bool
    trump: str | None
    upcard: str | None
    alone: bool
    defender_alone: bool
    partner: int | None
    sat_out: bool
    dropped: tuple[int, ...]
    renege: int | None
    tricks: Any
    has_tricks: bool
    joker_in_widow: bool = False  # why a void hand was thrown in, where the variant asks (Hasenpfeffer)


def _absent(value: Any) -> bool:
    """``null``, ``false`` and ``[]`` state that something did not happen; ``0`` is a seat or a count."""
    return value is None or value is False or (isinstance(value, list) and not value)


def _seat(value: Any, table: Table, field: str, what: str) -> int:
    if type(value) is not int or not 0 <= value < table.n_players:
        raise RefereeError(f"{what} must be a seat number from 0 to {table.n_players - 1}, not {value!r}.", field=field)
    return value


def _flag(raw: dict, key: str) -> bool:
    value = raw.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RefereeError(f"'{key}' must be true or false, not {value!r}.", field=key)
    return value


def parse_hand(raw: Any, *, dealer: int, table: Table, variant_name: str, fields: frozenset[str],
               ladder: Ladder, trumps: tuple[str, ...], auction_rounds: int | None = None,
               all_pass: AllPass | None = None, dealer_may_match: frozenset = frozenset()) -> HandEntry:
    """Check the keys and types of one hand. ``dealer`` is the seat that deals it; ``all_pass`` is the
    variant's all-pass rule, which an auction of passes must agree with."""
    if not isinstance(raw, dict):
        raise RefereeError("Each hand must be an object such as {\"maker\": 1, \"tricks\": 3}.")
    for key, value in raw.items():
        if key == "dealer":
            continue
        if key not in fields and not _absent(value):
            raise RefereeError(f"{variant_name} has no '{key}' in a hand.", field=key)
    flags = {key: _flag(raw, key) for key in BOOL_KEYS}

    maker = raw.get("maker")
    if maker is not None:
        maker = _seat(maker, table, "maker", "The maker")
    partner = raw.get("partner")
    if partner is not None:
        partner = _seat(partner, table, "partner", "The partner")
    renege = raw.get("renege")
    if renege is not None:
        renege = _seat(renege, table, "renege", "The seat that reneged")
    dropped_raw = raw.get("dropped") or []
    if not isinstance(dropped_raw, list):
        raise RefereeError("'dropped' must be a list of seats.", field="dropped")
    dropped = tuple(_seat(s, table, "dropped", "A dropped player") for s in dropped_raw)
    if len(set(dropped)) != len(dropped):
        raise RefereeError("A player is listed twice in 'dropped'.", field="dropped")

    trump = raw.get("trump")
    if trump is not None:
        trump = parse_trump(trump, trumps)
    upcard = raw.get("upcard")
    if upcard is not None:
        upcard = _upcard_suit(upcard)
    bid = None
    if raw.get("bid") is not None:
        bid = find_bid(ladder, raw["bid"], variant_name)
    auction = raw.get("auction")
    has_auction = not _absent(auction)
    if has_auction and upcard == "C" and "upcard" in fields:
        refuse_club_upcard_auction()
    winner = None
    if auction is not None:
        winner = check_auction(auction, dealer=dealer, table=table, ladder=ladder, variant_name=variant_name,
                               maker=maker, bid=bid, rounds=auction_rounds,
                               opener_must_bid=all_pass is not None and all_pass.kind == NEVER,
                               dealer_may_match=dealer_may_match)
        if bid is None and winner is not None:
            bid = winner[1]
    if bid is not None:
        _check_bid_and_trump(bid, trump, ladder, stuck=flags["forced"])

    hand = HandEntry(
        dealer=dealer, void=flags["void"], maker=maker, bid=bid, forced=flags["forced"], trump=trump,
        upcard=upcard, alone=flags["alone"], defender_alone=flags["defender_alone"], partner=partner,
        sat_out=flags["sat_out"], dropped=dropped, renege=renege, tricks=raw.get("tricks"),
        has_tricks=raw.get("tricks") is not None, joker_in_widow=flags["joker_in_widow"],
    )
    if hand.joker_in_widow and not hand.void:
        raise RefereeError("With the joker in the widow the hand is void: mark it void (thrown in), with no maker "
                           "or tricks.", field="joker_in_widow")
    if hand.void:
        extra = [k for k, v in raw.items() if k not in ("void", "dealer", "upcard", "joker_in_widow") and not _absent(v)]
        if extra:
            raise RefereeError(f"A void hand is thrown in and has no '{extra[0]}'.", field=extra[0])
    elif has_auction and all_pass is not None:
        check_auction_contract(hand, somebody_bid=winner is not None, all_pass=all_pass)
    return hand


def _check_bid_and_trump(bid: Bid, trump: str | None, ladder: Ladder, *, stuck: bool) -> None:
    """A no-trump bid is played at no trump; where the ladder has no-trump bids, a suit bid is played in a
    suit, except the peppers and a stuck dealer's forced bid ([003] pepper (Midwest): "the dealer is stuck
    and may declare any suit trump or no trump"; [003] Eau Claire Clubs and Double Deck Bid Euchre bid
    no trump by name). The bid may come from the hand or from its auction."""
    if bid.no_trump and trump not in (None, NO_TRUMP):
        raise RefereeError(f"A {bid.label} bid is played at no trump, not {suit_name(trump)}.", field="trump")
    if not bid.no_trump and trump == NO_TRUMP and any(b.no_trump for b in ladder) and not bid.pepper and not stuck:
        nt_bid = next((b for b in ladder if b.no_trump and b.tricks == bid.tricks), None)
        hint = f"bid {nt_bid.label} rather than {bid.label}" if nt_bid else f"a {bid.label} bid is played in a suit"
        raise RefereeError(f"To play at no trump, {hint}.", field="bid")


def refuse_club_upcard_auction() -> None:
    """In every game with an upcard key, a club upcard makes clubs trump with no bidding, so such a hand has
    no auction ([000] Buck Euchre: "the bidding round is bypassed"; [003] Dirty Clubs: "there is no bidding
    and clubs are automatically trumps"; [003] Eau Claire Clubs: "no bidding takes place")."""
    raise RefereeError("With a club upcard there is no bidding, so the hand has no auction.", field="auction")


def _upcard_suit(value: Any) -> str:
    """The upcard's suit: ``"C"``, or a whole card such as ``"9C"`` (its suit is taken)."""
    if isinstance(value, str):
        text = value.strip().upper()
        if text in SUITS:
            return text
        if len(text) in (2, 3) and text[-1] in SUITS:
            return text[-1]
    raise RefereeError(f"The upcard must be a suit (S, H, D or C), not {value!r}.", field="upcard")


def _is_pass(entry: Any) -> bool:
    return entry is None or (isinstance(entry, str) and entry.strip().lower() == "pass")


def check_auction(auction: Any, *, dealer: int, table: Table, ladder: Ladder, variant_name: str,
                  maker: int | None, bid: Bid | None, rounds: int | None,
                  opener_must_bid: bool = False, dealer_may_match: frozenset = frozenset()) -> tuple[int, Bid] | None:
    """The optional ``auction`` (an extension): calls in turn from the dealer's left, ``"pass"`` or a
    bid; calls not written after the last one are passes. Returns the winning seat and bid, or None
    when everybody passed.

    - Each bid must beat the bids before it, and the last bid must be the maker's contract.
    - Where the bidding goes round a fixed number of times (``rounds``), there are at most that many
      calls per player ([000] Hasenpfeffer: "the bidding does not continue for a second round").
    - Otherwise it goes on until every player but one has passed in a row after a bid, or everybody
      passed: a call after that could not have been made ([000] Pepper: "Bidding continues until
      there are three consecutive passes"; [003] Pepper: "until all but one player passes"; [003]
      Double Deck Bid Euchre: "until there are 3 consecutive passes"). A player who passed may bid
      again later ([003] Double Deck Bid Euchre: "may re-enter the bidding"; the others are silent).
    - ``opener_must_bid``: the player left of the dealer must open ([003] Double Deck Bid Euchre:
      "The person to the dealer's left must bid a minimum of 3 of something").
    - ``dealer_may_match``: bids the dealer may call again to take them over ([003] Bid Euchre, Offer:
      "If someone calls One Best, Moon or Super Moon, the dealer may call the same or higher bid and win
      the bid")."""
    if not isinstance(auction, list):
        raise RefereeError("'auction' must be a list of calls such as [\"pass\", 3, \"pass\", 4].", field="auction")
    n = table.n_players
    if rounds is not None and len(auction) > rounds * n:
        times = "once" if rounds == 1 else f"{rounds} times"
        raise RefereeError(f"In {variant_name} the bidding goes round {times}: at most "
                           f"{rounds * n} calls.", field="auction")
    best: Bid | None = None
    best_seat: int | None = None
    passes_in_row = 0
    for i, entry in enumerate(auction):
        seat = (dealer + 1 + i) % n
        if rounds is None and (passes_in_row >= n or (best is not None and passes_in_row >= n - 1)):
            after = ("everybody passed" if best is None
                     else f"{passes_in_row} passes in a row after the {best.label} bid")
            raise RefereeError(f"The auction was over after {after}, so seat {seat} could not call again.",
                               field="auction")
        if _is_pass(entry):
            if i == 0 and opener_must_bid:
                raise RefereeError(f"In {variant_name} the player left of the dealer must open the bidding, so the "
                                   "first call cannot be a pass.", field="auction")
            passes_in_row += 1
            continue
        call = find_bid(ladder, entry, variant_name, field="auction")
        matched = seat == dealer and call == best and call.value in dealer_may_match
        if best is not None and rank(ladder, call) <= rank(ladder, best) and not matched:
            raise RefereeError(
                f"Seat {seat} bid {call.label}, which does not beat the {best.label} bid before it.", field="auction")
        best, best_seat, passes_in_row = call, seat, 0
    if best is None or best_seat is None:
        return None
    if maker is not None and best_seat != maker:
        raise RefereeError(f"The auction was won by seat {best_seat}, but the maker is seat {maker}.", field="maker")
    if bid is not None and bid != best:
        raise RefereeError(f"The auction ended at {best.label}, but the bid is {bid.label}.", field="bid")
    return best_seat, best


def check_auction_contract(hand: HandEntry, *, somebody_bid: bool, all_pass: AllPass) -> None:
    """A played hand against its auction: a ``forced`` contract means nobody bid, and when nobody bid the
    contract is the one the all-pass rule forces ([000] Hasenpfeffer, Bidding: "Should all four players
    pass, the player holding the joker ... is obligated to make a bid of three tricks"; [002] Pepper:
    "If the first three players pass, dealer names trump at a bid of one trick", else nobody is forced
    and the hand is thrown in; each variant's all-pass rule says which)."""
    if somebody_bid:
        if hand.forced:
            raise RefereeError("Somebody bid in the auction, so nobody was forced to take the contract.",
                               field="forced")
        return
    if hand.forced or (hand.maker is None and hand.bid is None):
        return
    if all_pass.kind in (DEALER_FORCED, HOLDER_FORCED):
        who = "the dealer" if all_pass.kind == DEALER_FORCED else "the joker's holder"
        raise RefereeError(f"Everybody passed in the auction, so {who} was forced to take the contract: mark the "
                           "hand forced.", field="forced")
    raise RefereeError("Everybody passed in the auction, so the hand was thrown in: mark it void, with no maker "
                       "or bid.", field="auction")


# -- tricks, in the form each scoring function needs --------------------------------------------

def _int_tricks(value: Any, table: Table) -> int:
    if type(value) is not int or not 0 <= value <= table.tricks:
        raise RefereeError(f"Tricks must be a whole number from 0 to {table.tricks}, not {value!r}.", field="tricks")
    return value


def _list_tricks(value: Any, table: Table, length: int, per: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise RefereeError(f"Tricks must list one number per {per} ({length} numbers).", field="tricks")
    counts = [_int_tricks(v, table) for v in value]
    if sum(counts) != table.tricks:
        raise RefereeError(f"The tricks add up to {sum(counts)}, but a hand has {table.tricks} tricks.",
                           field="tricks")
    return counts


def require_tricks(hand: HandEntry) -> None:
    if not hand.has_tricks:
        raise RefereeError("How many tricks did the makers take? 'tricks' is missing.", field="tricks")


def team_tricks(hand: HandEntry, table: Table) -> list[int]:
    """Tricks per team, from an integer (the maker side's) or a list per team."""
    require_tricks(hand)
    if isinstance(hand.tricks, list):
        return _list_tricks(hand.tricks, table, 2, "team")
    if hand.maker is None:
        raise RefereeError("With no maker, give the tricks per team as a list.", field="tricks")
    mine = _int_tricks(hand.tricks, table)
    out = [0, 0]
    out[table.side_of(hand.maker)] = mine
    out[1 - table.side_of(hand.maker)] = table.tricks - mine
    return out


def seat_tricks(hand: HandEntry, table: Table) -> list[int]:
    """Tricks per seat: a list is required, since each player scores their own."""
    require_tricks(hand)
    if not isinstance(hand.tricks, list):
        raise RefereeError("This game scores each player's own tricks: give 'tricks' as a list, one number per seat.",
                           field="tricks")
    return _list_tricks(hand.tricks, table, table.n_players, "seat")


def maker_side_tricks(hand: HandEntry, table: Table, maker_seats: tuple[int, ...]) -> int:
    """Tricks won by the maker's side: an integer, or a per-seat list summed over ``maker_seats``."""
    require_tricks(hand)
    if isinstance(hand.tricks, list):
        return sum(seat_tricks(hand, table)[s] for s in maker_seats)
    return _int_tricks(hand.tricks, table)


def require_maker(hand: HandEntry, game: str) -> int:
    if hand.maker is None:
        raise RefereeError(f"Who made trump? In {game} every hand that is played has a maker (or mark it void).",
                           field="maker")
    return hand.maker


def require_bid(hand: HandEntry, game: str) -> Bid:
    if hand.bid is None:
        raise RefereeError(f"What was the bid? In {game} the maker's bid decides the score.", field="bid")
    return hand.bid


def forbid(condition: bool, message: str, field: str) -> None:
    if condition:
        raise RefereeError(message, field=field)


