"""Double hasenpfeffer (double pepper): four or six players in two teams, the 48-card pinochle pack,
no bowers and no peppers.

Sources: [002] Double Hasenpfeffer; [003] Double Hasenpfeffer (minimum bid 6).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, AllPass
from referee.bids import numbers
from referee.cards import PINOCHLE_48_NO_BOWERS
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.options import Option, target
from referee.scoring import check_dealer_forced, defenders_note, made_or_set
from referee.table import GameState, Outcome, Table
from referee.variant import Variant


def ladder(n_players: int, rules: dict):
    """From ``min_bid`` (3 [002], 6 [003]) up to every trick."""
    return numbers(rules["min_bid"], 12 if n_players == 4 else 8)


def score_double_hasenpfeffer(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: +1 a trick; failed: minus the bid; a forced dealer who is set loses only half the bid,
    rounded up; alone (four players only): doubled either way. Defenders +1 a trick ([002] Double
    Hasenpfeffer: "Scoring is as 24-card pepper above, with a forced declaration by the dealer losing
    only half (rounding up) if not made. Playing alone scores double")."""
    if hand.void:
        return Outcome.void(2, "Thrown in (a misdeal): the dealer is forced when all pass.")
    maker = require_maker(hand, "Double hasenpfeffer")
    check_dealer_forced(hand, True, "Double hasenpfeffer")
    minimum = ladder(table.n_players, rules)[0]
    bid = hand.bid or (minimum if hand.forced else require_bid(hand, "Double hasenpfeffer"))
    if hand.forced and bid != minimum:
        raise RefereeError(f"The forced dealer plays the minimum bid, {minimum.label}.", field="bid")
    if hand.alone and table.n_players != 4:
        raise RefereeError("Going alone is allowed only with four players.", field="alone")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    if made:
        points = mine
    else:
        points = -((bid.tricks + 1) // 2) if hand.forced else -bid.tricks
    if hand.alone:
        points *= 2
    deltas = [0, 0]
    deltas[side], deltas[other] = points, theirs
    notes = [made_or_set(table, side, bid.label, mine, made, points), defenders_note(table, other, theirs, theirs)]
    events = (["forced"] if hand.forced else []) + (["alone"] if hand.alone else []) + ["made" if made else "set"]
    return Outcome(deltas, events, notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="double-hasenpfeffer",
    name="Double hasenpfeffer",
    group="Double deck",
    summary="Two teams of two or three with the pinochle pack, no bowers; bid from 3, to 30.",
    players=(4, 6),
    partnership=True,
    deck=lambda rules, n: PINOCHLE_48_NO_BOWERS,
    tricks={4: 12, 6: 8},
    trumps=("S", "H", "D", "C"),
    hand_fields=frozenset({"maker", "bid", "trump", "alone", "forced", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(target(30), Option("min_bid", 3, "The lowest bid: 3 ([002]) or 6 ([003]).", choices=(3, 6))),
    score=score_double_hasenpfeffer,
    end=endings.bidder_goes_out,
    all_pass=lambda rules: AllPass(DEALER_FORCED, f"Nobody bid: the dealer names trump at the minimum bid of "
                                                  f"{rules['min_bid']}; if set, the dealer loses only half the bid, "
                                                  "rounded up.", rules["min_bid"]),
    auction_rounds=1,
    ladder=ladder,
    sources=("[002] Double Hasenpfeffer", "[003] Double Hasenpfeffer"),
    rulings=(
        "The game is to 30 as in 24-card pepper, which [002] says the scoring follows.",
        "No bowers: every suit ranks A K Q J 10 9, and the first of two identical cards wins the trick.",
        "A forced dealer who goes alone and is set loses twice half the bid.",
    ),
    silent_accepts=(
        "A forced dealer who goes alone: [002] and [003] do not say whether the forced dealer may.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
