"""Grinnell pepper: the Iowa pepper where the bidder's side scores its bid, the peppers are worth 7 and
14, and the defenders may fold.

Sources: [003] Pepper, Midwest (the Grinnell, Iowa version): Offer, play, Rating.
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, AllPass
from referee.bids import numbers, peppers
from referee.cards import EUCHRE_24
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.numbers import signed
from referee.options import target
from referee.scoring import check_dealer_forced, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

LADDER = numbers(4, 6) + peppers(6)
PEPPER_WORTH = {"little-pepper": 7, "big-pepper": 14}


def score_grinnell(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: the bidding side scores its bid (4, 5, 6), little pepper 7, big pepper 14. Defenders
    score 1 a trick, and defenders who take no trick lose what the bidders win. Defenders who fold
    (``sat_out``) score nothing and the bidders score their bid. A failed little or big pepper:
    defenders +7/+14, bidders -7/-14 ([003] Pepper, Midwest: Rating)."""
    if hand.void:
        return Outcome.void(2, "Thrown in (a misdeal): the dealer is forced when all pass.")
    maker = require_maker(hand, "Grinnell pepper")
    check_dealer_forced(hand, True, "Grinnell pepper")
    bid = hand.bid or (LADDER[0] if hand.forced else require_bid(hand, "Grinnell pepper"))
    if hand.forced and bid.value != 4:
        raise RefereeError("The forced dealer plays a bid of 4.", field="bid")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    worth = PEPPER_WORTH.get(bid.value, bid.tricks)
    events = (["forced"] if hand.forced else []) + ([bid.pepper] if bid.pepper else [])
    deltas = [0, 0]
    if hand.sat_out:
        if hand.has_tricks:
            raise RefereeError("The defenders folded, so no tricks were played.", field="tricks")
        deltas[side] = worth
        note = f"{table.names[other]} folded: {table.names[side]} score their bid, +{worth}."
        return Outcome(deltas, events + ["sat-out", "made"], [note], maker_sides=(side,), made=True)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    if made:
        deltas[side] = worth
        deltas[other] = -worth if theirs == 0 else theirs
    elif bid.pepper:
        deltas[side], deltas[other] = -worth, worth
    else:
        deltas[side], deltas[other] = -worth, theirs
    notes = [f"{table.names[side]} bid {bid.label} and took {plural(mine, 'trick')}: "
             f"{'made it' if made else 'set'}, {signed(deltas[side])}.",
             f"{table.names[other]} took {plural(theirs, 'trick')}: {signed(deltas[other])}."]
    return Outcome(deltas, events + ["made" if made else "set"], notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="grinnell-pepper",
    name="Grinnell pepper",
    group="Bidding games",
    summary="Iowa pepper to 42: bids from 4 score the bid, peppers 7 and 14, and the defenders may fold.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 6},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "forced", "void", "tricks", "sat_out", "auction"}),
    tricks_by="maker",
    options=(target(42),),
    score=score_grinnell,
    end=endings.bidder_goes_out,
    all_pass=lambda rules: AllPass(DEALER_FORCED, "Nobody bid: the dealer is forced to bid 4.", 4),
    ladder=lambda n, rules: LADDER,
    sources=("[003] Pepper, Midwest (Grinnell): Offer", "[003] Pepper, Midwest (Grinnell): Rating"),
    rulings=(
        "A failed plain bid (4 to 6) loses the bid and the defenders still score 1 a trick: [003] is silent.",
        "Defenders who take no trick lose what the bidders win on every contract, the peppers included.",
        "The bidding side's score does not depend on the card passed or on whether the partner plays, so neither "
        "is entered.",
    ),
    silent_accepts=(
        "A player who passed bidding again in a later round: [003] does not say a pass is final.",
        "A forced dealer who bids more than 4: [003] sets only the dealer's minimum, so it is an ordinary bid.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
