"""Midwest pepper: trump bids 4 to 6, no-trump 5NT and 6NT, and pepper (alone, all six); all six tricks
cost the defenders 5 and a hickey.

Sources: [003] pepper (the Midwest section: Trump bids & naming, Points & Wins).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, AllPass
from referee.bids import PEPPER, Bid, no_trump
from referee.cards import EUCHRE_24
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.numbers import signed
from referee.options import target
from referee.scoring import check_dealer_forced, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

LADDER = (Bid(4, 4), Bid(5, 5), no_trump(5), Bid(6, 6), no_trump(6), Bid(PEPPER, 6))
STUCK_BID = LADDER[0]


def score_midwest(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: +1 a trick; all six on any bid but pepper: +6 and the defenders -5 with a hickey. Failed:
    -5 and a hickey. Pepper made: +12 and the defenders -5 with a hickey; failed: -10 and two
    hickeys. Defenders otherwise +1 a trick. All pass: the dealer is stuck at 4 ([003] Pepper,
    Points & Wins; Trump bids & naming)."""
    if hand.void:
        return Outcome.void(2, "Thrown in (a misdeal): the dealer is stuck when all pass, so no hand is void otherwise.")
    maker = require_maker(hand, "Midwest pepper")
    check_dealer_forced(hand, True, "Midwest pepper")
    bid = hand.bid or (STUCK_BID if hand.forced else require_bid(hand, "Midwest pepper"))
    if hand.forced and bid.value != 4:
        raise RefereeError("The stuck dealer plays a bid of 4.", field="bid")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    deltas, marks = [0, 0], [0, 0]
    if bid.value == PEPPER:
        deltas[side] = 12 if made else -10
        marks[side if not made else other] = 2 if not made else 1
    elif made:
        deltas[side] = mine
        if mine == 6:
            marks[other] = 1
    else:
        deltas[side], marks[side] = -5, 1
    if made and mine == 6:
        deltas[other] = -5
    else:
        deltas[other] = theirs
    notes = [f"{table.names[side]} bid {bid.label} and took {plural(mine, 'trick')}: "
             f"{'made it' if made else 'set'}, {signed(deltas[side])}."]
    if marks[side]:
        notes.append(f"{table.names[side]} get {plural(marks[side], 'hickey')}.")
    if marks[other]:
        notes.append(f"{table.names[other]} took no trick: -5 and a hickey.")
    elif theirs:
        notes.append(f"{table.names[other]} took {plural(theirs, 'trick')}: +{theirs}.")
    events = (["forced", "stuck-dealer"] if hand.forced else []) + (["pepper"] if bid.value == PEPPER else [])
    events += ["made" if made else "set"] + (["hickey"] if any(marks) else [])
    return Outcome(deltas, events, notes, maker_sides=(side,), made=made, marks=marks)


VARIANT = Variant(
    key="midwest-pepper",
    name="Midwest pepper",
    group="Bidding games",
    summary="Pepper to 42 with bids from 4, no-trump bids, a stuck dealer and hickeys for sets.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 6},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "forced", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(target(42),),
    score=score_midwest,
    end=endings.bidders_win,
    all_pass=lambda rules: AllPass(DEALER_FORCED, "Nobody bid: the dealer is stuck at 4 and may name any suit or no trump.", 4),
    ladder=lambda n, rules: LADDER,
    counts_marks=True,
    mark_name="hickey",
    sources=("[003] pepper (Midwest): Trump bids & naming", "[003] pepper (Midwest): Points & Wins"),
    rulings=(
        "A no-trump bid outranks the suit bid of the same number (4 < 5 < 5NT < 6 < 6NT < pepper): [003] lists "
        "both kinds without ranking them against each other.",
        "Pepper may be played in a suit or at no trump; the stuck dealer's 4 likewise.",
        "The hickeys are counted per side in the result's marks; they do not change who wins.",
    ),
    silent_accepts=(
        "A player who passed bidding again in a later round: [003] does not say a pass is final.",
        "A stuck dealer who bids more than 4 after three passes: [003] sets only the dealer's minimum, so it is an "
        "ordinary bid, not a forced one.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
