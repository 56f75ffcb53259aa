"""Double-deck bid euchre (Indiana): 48 cards, 12 tricks, bids from 3 in a suit or no trump, to 50.

Sources: [003] Double Deck Bid Euchre (Indiana Double Deck): Bidding, Play, Scoring, Winning.
"""
from __future__ import annotations

from referee import endings
from referee.allpass import NEVER, AllPass
from referee.bids import Bid, no_trump
from referee.cards import PINOCHLE_48
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.options import Option, target
from referee.scoring import defenders_note, made_or_set
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

# "If No-Trump is bid, the next bid can match it if in a suit": nNT ranks just below the suit bid n.
LADDER = tuple(bid for n in range(3, 13) for bid in (no_trump(n), Bid(n, n)))


def score_double_deck(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: + the bid (or the tricks, option ``made_scores``); failed: minus the bid. Defenders +1 a
    trick ([003] Double Deck Bid Euchre, Scoring: "if the winning bid is 8 Hearts but the team actually
    takes 10 tricks, they only get 8 points")."""
    if hand.void:
        return Outcome.void(2, "Thrown in (a misdeal): the first bidder must open at 3.")
    maker = require_maker(hand, "Double-deck bid euchre")
    bid = require_bid(hand, "Double-deck bid euchre")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    points = (bid.tricks if rules["made_scores"] == "bid" else mine) if made else -bid.tricks
    deltas = [0, 0]
    deltas[side], deltas[other] = points, theirs
    notes = [made_or_set(table, side, bid.label, mine, made, points), defenders_note(table, other, theirs, theirs)]
    return Outcome(deltas, ["made" if made else "set"], notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="double-deck-bid-euchre",
    name="Double-deck bid euchre",
    group="Double deck",
    summary="Two 24-card decks, 12 tricks, bids from 3 in a suit or no trump; first to 50.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: PINOCHLE_48,
    tricks={4: 12},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(
        target(50),
        Option("made_scores", "bid", "A made contract scores the bid ([003]) or every trick taken.",
               choices=("bid", "tricks")),
    ),
    score=score_double_deck,
    end=endings.bidders_win,
    all_pass=lambda rules: AllPass(NEVER, "The player left of the dealer must open at 3, so a hand is never passed out."),
    ladder=lambda n, rules: LADDER,
    sources=("[003] Double Deck Bid Euchre: Bidding", "[003] Double Deck Bid Euchre: Play",
             "[003] Double Deck Bid Euchre: Scoring", "[003] Double Deck Bid Euchre: Winning"),
    rulings=(
        "Bowers rank as in euchre (each deck has its own right and left bower); the first of two identical cards "
        "wins the trick.",
        "A no-trump bid ranks just below the suit bid of the same number, as [003] lets a suit bid 'match' it.",
    ),
    silent_accepts=(
        "Backing a partner ([003]: 'adding to the partner's bid') is entered as an ordinary higher bid; whether it "
        "was in the partner's suit is not checked.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
