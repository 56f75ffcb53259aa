"""Hasenpfeffer: partnership euchre with the joker, six tricks, a widow of one and one round of bids.

Sources: [000] Hasenpfeffer (and its copy [001]); [004] Variation 3: Hasenpfeffer euchre; [003]
Hare pepper (undertrick scoring).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import HOLDER_FORCED, AllPass
from referee.bids import numbers
from referee.cards import EUCHRE_25
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.options import Option, target
from referee.scoring import defenders_note, made_or_set
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

FORCED_BID = 3


def score_hasenpfeffer(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Declarers making t >= bid score t, else lose the bid (or, with ``set_penalty: undertricks``,
    1 a trick short [003] Hare pepper); defenders always score their tricks ([000] Hasenpfeffer,
    Scoring). All pass: the joker's holder must bid 3, flagged forced; the joker in the widow makes
    the hand void and the next dealer deals ([000] Hasenpfeffer, Bidding; [004] Variation 3), written
    ``{"void": true, "joker_in_widow": true}``. A void hand without that key is an ordinary throw-in (a
    misdeal): no score either, and nothing said about the joker."""
    if hand.void and hand.joker_in_widow:
        return Outcome.void(2, "Void: everybody passed and the joker was in the widow.", "joker-in-widow")
    if hand.void:
        return Outcome.void(2, "Thrown in: no score, and the next dealer deals.")
    maker = require_maker(hand, "Hasenpfeffer")
    events = []
    bid = hand.bid
    if hand.forced:
        if bid is not None and bid.value != FORCED_BID:
            raise RefereeError("When everybody passes, the joker's holder must bid exactly 3.", field="bid")
        bid = bid or next(b for b in numbers(1, 6) if b.value == FORCED_BID)
        events = ["forced", "joker-holder"]
    bid = bid or require_bid(hand, "Hasenpfeffer")
    side = table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[1 - side]
    made = mine >= bid.tricks
    if made:
        points = mine
    elif rules["set_penalty"] == "undertricks":
        points = mine - bid.tricks
    else:
        points = -bid.tricks
    deltas = [0, 0]
    deltas[side], deltas[1 - side] = points, theirs
    notes = [made_or_set(table, side, bid.label, mine, made, points), defenders_note(table, 1 - side, theirs, theirs)]
    return Outcome(deltas, events + ["made" if made else "set"], notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="hasenpfeffer",
    name="Hasenpfeffer",
    group="Bidding games",
    summary="Partnership euchre with the joker and a widow: bid 1 to 6 once round; if all pass the joker must bid 3.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_25,
    tricks={4: 6},
    trumps=("S", "H", "D", "C"),
    hand_fields=frozenset({"maker", "bid", "trump", "forced", "void", "joker_in_widow", "tricks", "auction"}),
    tricks_by="maker",
    options=(
        target(10),
        Option("set_penalty", "bid", "A set costs the whole bid ([000]), or 1 a trick short ([003] undertricks).",
               choices=("bid", "undertricks")),
    ),
    score=score_hasenpfeffer,
    end=endings.bidders_win,
    all_pass=lambda rules: AllPass(HOLDER_FORCED, "Who holds the joker? They must bid 3. If the joker is in the "
                                                  "widow, the hand is void and the next dealer deals.", FORCED_BID),
    auction_rounds=1,
    ladder=lambda n, rules: numbers(1, 6),
    sources=("[000] Hasenpfeffer", "[001] Hasenpfeffer", "[004] Variation 3: Hasenpfeffer euchre", "[003] Hare pepper"),
    rulings=(
        "[003] scores a set as 1 point per undertrick; [000] and [004] take off the whole bid. The product follows "
        "[000] and offers [003] as set_penalty: undertricks.",
        "A forced hand may leave out the bid: it is 3.",
    ),
    silent_accepts=(
        "Who held the joker on a forced hand: any seat may be the forced maker, since the score sheet does not "
        "record the cards.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
