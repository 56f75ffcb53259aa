"""Six-hand euchre: two teams of three, 32 cards and the joker, march and euchre worth 3.

Sources: [004] Variation 5: Six-hand euchre.
"""
from __future__ import annotations

from referee import endings
from referee.cards import SIX_HAND_33
from referee.hand import HandEntry, TRUMP_VS_TURNED_CARD
from referee.options import Option, renege_penalty, stick_the_dealer, target
from referee.scoring import apply_renege, partnership_euchre
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import SUITS_ONLY, all_pass_void_or_stuck, euchre_totals


def score_six_hand(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """3 or 4 tricks +1; a march +3; a lone march +6; a euchre gives the defenders 3, and a lone maker
    euchred gives ``loner_euchred`` (3; 6 in a stricter reading) ([004] Variation 5: "A march and a
    euchre score 3 points instead of the standard 2; for a lone maker, the scores are 6 points each")."""
    outcome = partnership_euchre(hand, table, rules, "six-hand euchre", march=3, lone_march=6,
                                 euchred=lambda tricks: (rules["loner_euchred"] if hand.alone else 3, []))
    return apply_renege(outcome, hand, table, rules)


VARIANT = Variant(
    key="euchre-6hand",
    name="Six-hand euchre",
    group="Classic euchre",
    summary="Two teams of three with 32 cards and the joker; marches and euchres score 3, a lone march 6.",
    players=(6,),
    partnership=True,
    deck=lambda rules, n: SIX_HAND_33,
    tricks={6: 5},
    trumps=SUITS_ONLY,
    hand_fields=frozenset({"maker", "trump", "alone", "forced", "void", "tricks", "renege"}),
    tricks_by="maker",
    options=(
        target(10),
        stick_the_dealer(),
        Option("loner_euchred", 3, "Points to the defenders when a lone maker is euchred (6 in a stricter reading).",
               choices=(3, 6)),
        renege_penalty(),
    ),
    score=score_six_hand,
    end=endings.bidder_goes_out,
    all_pass=all_pass_void_or_stuck,
    totals_range=euchre_totals,
    sources=("[004] Variation 5: Six-hand euchre",),
    rulings=(
        "A lone maker who takes 3 or 4 tricks scores 1, as in four-hand euchre: [004] raises only the march and "
        "the euchre.",
        "The card a lone maker asks from a partner does not change the score, so it is not entered.",
    ),
    silent_accepts=(
        TRUMP_VS_TURNED_CARD,
        "The card a lone maker asks of a partner is not entered: it does not change the score.",
    ),
    doc=__doc__,
)
