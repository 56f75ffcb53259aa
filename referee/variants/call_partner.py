"""Call-partner euchre (Florida five-hand): five players with two decks of 10 to ace, eight tricks;
the maker calls a card and whoever plays it first is the partner.

Sources: [003] the five-handed variation "played in Florida": Dealing, Bidding, Playing the hand,
Scoring the hand.
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, AllPass
from referee.bids import numbers
from referee.cards import DOUBLE_40
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, maker_side_tricks, require_bid, require_maker
from referee.options import hands, target
from referee.scoring import check_dealer_forced, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

LADDER = numbers(1, 8)
FORCED_BID = 6


def score_call_partner(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Maker and partner each score the team's tricks, or each lose the bid when short; each defender
    scores the defence's tricks. Nobody bids: the dealer takes 6 ([003] call-partner: Bidding,
    Scoring the hand)."""
    n = table.n_players
    if hand.void:
        return Outcome.void(n, "Thrown in (a misdeal): the dealer takes 6 when nobody bids.")
    maker = require_maker(hand, "Call-partner euchre")
    check_dealer_forced(hand, True, "Call-partner euchre")
    bid = hand.bid or (LADDER[FORCED_BID - 1] if hand.forced else require_bid(hand, "Call-partner euchre"))
    if hand.forced and bid.value != FORCED_BID:
        raise RefereeError("When nobody bids the dealer takes a bid of 6.", field="bid")
    if hand.partner == maker:
        raise RefereeError("The maker cannot be their own partner; use partner null when nobody played the card.",
                           field="partner")
    makers = (maker,) if hand.partner is None else (maker, hand.partner)
    mine = maker_side_tricks(hand, table, makers)
    theirs = table.tricks - mine
    made = mine >= bid.tricks
    points = mine if made else -bid.tricks
    deltas = [theirs] * n
    for seat in makers:
        deltas[seat] = points
    names = " & ".join(table.players[s] for s in makers)
    notes = [f"{names} bid {bid.label} and took {plural(mine, 'trick')}: {'made it' if made else 'set'}, "
             f"{points:+d} each.", f"Each defender scores the defence's {plural(theirs, 'trick')}: +{theirs}."]
    events = (["forced"] if hand.forced else []) + (["alone"] if hand.partner is None else []) + \
        ["made" if made else "set"]
    return Outcome(deltas, events, notes, maker_sides=makers, made=made)


VARIANT = Variant(
    key="call-partner-euchre",
    name="Call-partner euchre",
    group="Each for self",
    summary="Five players, two short decks, eight tricks; the maker calls a card and its player is the partner.",
    players=(5,),
    partnership=False,
    deck=lambda rules, n: DOUBLE_40,
    tricks={5: 8},
    trumps=("S", "H", "D", "C"),
    hand_fields=frozenset({"maker", "bid", "trump", "partner", "forced", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(hands(10, nullable=True), target(None, nullable=True,
                                               help="Optional: play to this many points instead (21 is common).")),
    score=score_call_partner,
    end=endings.after_hands,
    all_pass=lambda rules: AllPass(DEALER_FORCED, "Nobody bid: the dealer is stuck with a bid of 6.", FORCED_BID),
    auction_rounds=1,
    ladder=lambda n, rules: LADDER,
    sources=("[003] call-partner (Florida five-handed): Bidding", "[003] call-partner: Playing the hand",
             "[003] call-partner: Scoring the hand"),
    rulings=(
        "With a target set the first to reach it wins (bidder goes out on a shared finish), and the hands limit "
        "also applies unless it is set to null.",
        "Bowers rank as in euchre; the first of two identical cards wins a trick.",
        "A hand with no 'partner' key, or partner null, means nobody played the called card: the maker was alone.",
    ),
    silent_accepts=(
        "Whether the partner entered really played the called card first: the score sheet does not record the cards.",
        "A dealer who bids less than 6 after everybody else passed: [003] forces 6 only when no one bids.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
