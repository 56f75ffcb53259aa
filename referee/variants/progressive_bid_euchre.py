"""Progressive bid euchre: the tournament form of bid euchre, a game being a fixed number of hands.

Sources: [002] Progressive Euchre (The Game, Scoring).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import THROWN_IN
from referee.bids import BIG_PEPPER, LITTLE_PEPPER, numbers, peppers
from referee.cards import EUCHRE_24
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, team_tricks
from referee.options import hands, target
from referee.scoring import defenders_note, made_or_set
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

LADDER = numbers(1, 6) + peppers(6)
PEPPER_WORTH = {LITTLE_PEPPER: 12, BIG_PEPPER: 24}


def score_progressive_bid(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: +1 a trick, or 12 for a pepper (all six with a passed card) and 24 for a loner (all six
    alone); failed: no trick points and minus the bid (minus 12 or 24 for the peppers). Defenders +1 a
    trick ([002] Progressive Euchre, Scoring)."""
    if hand.void:
        return Outcome.void(2, "Thrown in: nobody bid.")
    maker = require_maker(hand, "Progressive bid euchre")
    bid = require_bid(hand, "Progressive bid euchre")
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    worth = PEPPER_WORTH.get(bid.value, bid.tricks)
    points = (worth if bid.pepper else mine) if made else -worth
    deltas = [0, 0]
    deltas[side], deltas[other] = points, theirs
    notes = [made_or_set(table, side, bid.label, mine, made, points), defenders_note(table, other, theirs, theirs)]
    events = ([bid.pepper] if bid.pepper else []) + ["made" if made else "set"]
    return Outcome(deltas, events, notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="progressive-bid-euchre",
    name="Progressive bid euchre",
    group="Tournament",
    summary="Tournament bid euchre: a game is 8 hands; a pepper is worth 12 and a loner 24.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 6},
    trumps=("S", "H", "D", "C"),
    hand_fields=frozenset({"maker", "bid", "trump", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(hands(8, nullable=True), target(None, nullable=True, help="Optional: points that also end the game (none by default).")),
    score=score_progressive_bid,
    end=endings.after_hands,
    all_pass=lambda rules: THROWN_IN,
    auction_rounds=1,
    ladder=lambda n, rules: LADDER,
    sources=("[002] Progressive Euchre, The Game", "[002] Progressive Euchre, Scoring"),
    rulings=(
        "little-pepper is [002]'s 'pepper' (all six with one passed card, 12) and big-pepper its 'loner' (all six "
        "alone, 24).",
        "Only suits may be trump ([002]: no-trump declarations are not permitted).",
    ),
    silent_accepts=(
        "A bid of 1: [002] allows bids of one to six.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
