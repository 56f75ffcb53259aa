"""Bid euchre: partnership bidding to 42 that must be won on offense.

Sources: [002] Bid Euchre (Bidding, Scoring); [003] Bid Euchre (Single Deck: Rating, win).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import THROWN_IN
from referee.bids import BIG_PEPPER, LITTLE_PEPPER, numbers, peppers
from referee.cards import EUCHRE_24
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.options import Option, target
from referee.scoring import defenders_note, made_or_set
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

LADDER = numbers(1, 6) + peppers(6)
SET_BACK = 6


def score_bid_euchre(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: +1 a trick; failed: -6 whatever the bid. Defenders +1 a trick, but -6 when they take
    none. Little pepper +-``little_pepper`` (12), big pepper +-``big_pepper`` (14) ([002] Bid Euchre,
    Scoring; [003] Bid Euchre, Rating)."""
    if hand.void:
        return Outcome.void(2, "Thrown in: nobody bid.")
    maker = require_maker(hand, "Bid euchre")
    bid = require_bid(hand, "Bid euchre")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    worth = {LITTLE_PEPPER: rules["little_pepper"], BIG_PEPPER: rules["big_pepper"]}.get(bid.value)
    if worth is not None:
        points = worth if made else -worth
    else:
        points = mine if made else -SET_BACK
    deltas = [0, 0]
    deltas[side] = points
    deltas[other] = theirs if theirs else -SET_BACK
    notes = [made_or_set(table, side, bid.label, mine, made, points),
             defenders_note(table, other, theirs, deltas[other])]
    events = ([bid.pepper] if bid.pepper else []) + ["made" if made else "set"]
    return Outcome(deltas, events, notes, maker_sides=(side,), made=made)


def bid_euchre_totals(rules: dict) -> tuple[None, None]:
    """No bound: a side may stand over the target without having won, since it must go out on offense
    ([003] Bid Euchre, win: "It is possible for a team to have more than 42 points before the end of the
    game"), and scores may be negative ([002] Bid Euchre, Scoring)."""
    return None, None


VARIANT = Variant(
    key="bid-euchre",
    name="Bid euchre",
    group="Bidding games",
    summary="Partnership bidding to 42 with little and big pepper; you must win on offense.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 6},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(
        target(42),
        Option("little_pepper", 12, "Points won or lost on a little pepper (7 in [003]'s single-deck rules).",
               choices=(12, 7)),
        Option("big_pepper", 14, "Points won or lost on a big pepper (24 in [002]'s variation).", choices=(14, 24)),
        Option("set_wins", True, "Defenders who set the bidders while at or over the target win [003].",
               choices=(True, False)),
    ),
    score=score_bid_euchre,
    end=endings.win_on_offense,
    all_pass=lambda rules: THROWN_IN,
    totals_range=bid_euchre_totals,
    dealer_may_match=frozenset({LITTLE_PEPPER, BIG_PEPPER}),
    auction_rounds=1,
    ladder=lambda n, rules: LADDER,
    sources=("[002] Bid Euchre, Bidding", "[002] Bid Euchre, Scoring", "[003] Bid Euchre, Rating", "[003] Bid Euchre, win"),
    rulings=(
        "A side over the target wins only on a hand where it made its bid; with set_wins (default, [003]) "
        "defenders who set the bidders and stand at or over the target win too.",
        "Defenders who take no trick lose 6 on every contract, the peppers included ([002]: 'they go back just six').",
        "The documents have no all-pass rule; an all-pass hand is void and the deal passes.",
    ),
    silent_accepts=(
        "A bid of 1: [002] says a one bid is 'generally not used' and [003] calls it atypical, but neither forbids "
        "it.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
