"""Bacon: a simple partnership euchre with a 52-card deck and up to four upcards.

Sources: [000] Bacon.
"""
from __future__ import annotations

from referee import endings
from referee.allpass import VOID, AllPass
from referee.cards import FULL_52
from referee.hand import HandEntry, require_maker, team_tricks
from referee.options import Option, target
from referee.scoring import plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import SUITS_ONLY, euchre_totals


def score_bacon(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """The side taking 3 or 4 tricks scores 1 and all 5 scores 2, doubled when that side is a loner or
    the defenders ([000] Bacon, Scoring: "These scores are doubled if they were achieved by a loner or
    the defenders"). All four upcards passed: the hand is acquitted ([000] Bacon, The auction)."""
    if hand.void:
        return Outcome.void(2, "Acquitted: all four upcards were passed.", "acquitted")
    maker = require_maker(hand, "Bacon")
    side = table.side_of(maker)
    tricks = team_tricks(hand, table)
    winner = side if tricks[side] >= 3 else 1 - side
    won = tricks[winner]
    points = 2 if won == 5 else 1
    doubled = winner != side or hand.alone
    if doubled:
        points *= 2
    deltas = [0, 0]
    deltas[winner] = points
    how = "the defenders" if winner != side else ("a loner" if hand.alone else "the declarers")
    event = ("march" if won == 5 else "made") if winner == side else "euchred"
    note = f"{table.names[winner]} took {plural(won, 'trick')} as {how}: +{points}" + (" (doubled)." if doubled else ".")
    return Outcome(deltas, (["alone"] if hand.alone else []) + [event], [note], maker_sides=(side,),
                   made=winner == side)


def acquitted_redeal(rules: dict) -> AllPass:
    """All four upcards passed: acquitted, and a new hand is dealt by the same dealer ([000] Bacon,
    The auction), or by the next dealer with ``acquitted_redeal: next``."""
    if rules["acquitted_redeal"] == "same":
        return AllPass(VOID, "Acquitted: the cards are thrown in and the same dealer deals again.")
    return AllPass(VOID, "Acquitted: the cards are thrown in and the deal passes to the left.")


VARIANT = Variant(
    key="bacon",
    name="Bacon",
    group="Classic euchre",
    summary="A simple euchre with the full 52-card deck and up to four upcards; defenders and loners score double.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: FULL_52,
    tricks={4: 5},
    trumps=SUITS_ONLY,
    hand_fields=frozenset({"maker", "trump", "alone", "void", "tricks"}),
    tricks_by="maker",
    options=(
        target(10),
        Option("acquitted_redeal", "same", "After an acquitted hand the same dealer deals again, or the deal passes.",
               choices=("same", "next")),
    ),
    score=score_bacon,
    end=endings.bidder_goes_out,
    all_pass=acquitted_redeal,
    totals_range=euchre_totals,
    same_dealer_after=lambda hand, rules: hand.void and rules["acquitted_redeal"] == "same",
    sources=("[000] Bacon",),
    rulings=(
        "Bacon has no bowers: [000] never mentions them and plays the full 52-card deck, so trumps rank ace high.",
        "Only one side scores a hand, so first to the target wins.",
    ),
    silent_accepts=(
        "Which of the four upcards was taken up: the score sheet does not record the upcards, so any trump suit is "
        "accepted.",
        "A partner's veto ([000] Bacon, The auction) is not entered: a vetoed pick-up counts as a pass and a vetoed "
        "loner as a partnership hand, so the sheet records only what stood.",
    ),
    doc=__doc__,
)
