"""Three-hand euchre: the maker always plays alone against the other two.

Sources: [004] Variation 4: Three-hand euchre (otherwise "follow the standard rules": [004], [000] Euchre).
"""
from __future__ import annotations

from referee import endings
from referee.hand import HandEntry, TRUMP_VS_TURNED_CARD, maker_side_tricks, require_maker
from referee.options import renege_penalty, stick_the_dealer, target
from referee.scoring import apply_renege, check_stuck_dealer, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import DECKS, SUITS_ONLY, all_pass_void_or_stuck, euchre_deck, euchre_totals
from referee.options import Option


def score_three_hand(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """The maker plays alone: 3 or 4 tricks +1, a march +3; euchred, each defender +2
    ([004] Variation 4: "the maker scores 3 points for a march while the defenders each score 2
    points for euchres")."""
    if hand.void:
        return Outcome.void(3, "Thrown in: nobody made trump.")
    maker = require_maker(hand, "three-hand euchre")
    events = check_stuck_dealer(hand, rules, "three-hand euchre")
    tricks = maker_side_tricks(hand, table, (maker,))
    deltas = [0, 0, 0]
    name = table.players[maker]
    if tricks == 5:
        deltas[maker], event, note = 3, "march", f"{name} took all 5 tricks alone: a march, +3."
    elif tricks >= 3:
        deltas[maker], event, note = 1, "made", f"{name} took {tricks} tricks alone: +1."
    else:
        for seat in range(3):
            if seat != maker:
                deltas[seat] = 2
        event, note = "euchred", f"{name} took {plural(tricks, 'trick')}: euchred, each defender +2."
    outcome = Outcome(deltas, events + ["alone", event], [note], maker_sides=(maker,), made=tricks >= 3)
    return apply_renege(outcome, hand, table, rules)


VARIANT = Variant(
    key="euchre-3hand",
    name="Three-hand euchre",
    group="Classic euchre",
    summary="Three players, each for self: the maker always goes alone against the other two.",
    players=(3,),
    partnership=False,
    deck=euchre_deck,
    tricks={3: 5},
    trumps=SUITS_ONLY,
    hand_fields=frozenset({"maker", "trump", "alone", "forced", "void", "tricks", "renege"}),
    tricks_by="maker",
    options=(
        target(10),
        Option("deck", 24, "24 cards (9 to ace), 32 cards (7 to ace), or 25: 24 and the joker as best bower.",
               choices=tuple(DECKS)),
        stick_the_dealer(),
        renege_penalty(),
    ),
    score=score_three_hand,
    end=endings.better_score_wins,
    all_pass=all_pass_void_or_stuck,
    totals_range=euchre_totals,
    sources=("[004] Variation 4: Three-hand euchre", "[000] Euchre"),
    rulings=(
        "If two players reach the target on one hand (both defenders after a euchre), the higher score wins and "
        "equal scores are a tie: the documents are silent.",
        "The maker always plays alone, so 'alone' need not be entered; tricks may be the maker's count or a list "
        "per seat.",
        "A renege costs the player who reneged renege_penalty points, as in four-hand euchre [004].",
    ),
    silent_accepts=(
        TRUMP_VS_TURNED_CARD,
    ),
    doc=__doc__,
)
