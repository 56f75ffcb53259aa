"""Euchre: four players in two partnerships, five tricks a hand, first to 10.

Sources: [000] Euchre; [004] Card rankings, Scoring, How to play, Irregularities & disputes,
Variation 1 (24-card) and Variation 2 (25-card, the joker as best bower).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, VOID, AllPass
from referee.cards import EUCHRE_24, EUCHRE_25, EUCHRE_32, Deck
from referee.errors import RefereeError
from referee.hand import HandEntry, TRUMP_VS_TURNED_CARD
from referee.options import Option, renege_penalty, stick_the_dealer, target
from referee.scoring import apply_renege, partnership_euchre
from referee.table import GameState, Outcome, Table
from referee.variant import Variant, below_target

DECKS = {24: EUCHRE_24, 32: EUCHRE_32, 25: EUCHRE_25}
EUCHRE_FIELDS = frozenset({"maker", "trump", "alone", "forced", "void", "tricks", "renege"})
SUITS_ONLY = ("S", "H", "D", "C")


def euchre_deck(rules: dict, n_players: int) -> Deck:
    """Option ``deck``: 24 cards (9 to ace, [004] Variation 1), 32 (7 to ace, [000] Euchre, Setup) or
    25 (24 and the joker as best bower, [004] Variation 2)."""
    return DECKS[rules.get("deck", 24)]


def all_pass_void_or_stuck(rules: dict) -> AllPass:
    """All pass twice: the hand is void and the deal passes ([000] Euchre, Determining trumps), or with
    stick-the-dealer the dealer must name trump ([004] How to play)."""
    if rules.get("stick_the_dealer"):
        return AllPass(DEALER_FORCED, "Stick the dealer: the dealer is stuck and must name trump.")
    return AllPass(VOID, "Nobody made trump: the hand is void and the deal passes to the left.")


def euchre_totals(rules: dict) -> tuple[int | None, int | None]:
    """Euchre scores only go up, except by a renege penalty ([000] Euchre, scoring; [004] Scoring,
    Irregularities & disputes): without one (renege_penalty 0, or a game with no renege key) no side
    is ever below 0; a side at the target has won."""
    return (0 if rules.get("renege_penalty", 0) == 0 else None), below_target(rules)


def score_euchre(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Makers with 3 or 4 tricks score 1, all 5 (a march) 2, alone and all 5 4; makers held under 3
    are euchred and the defenders score 2 ([000] Euchre, scoring; [004] Scoring). A lone maker who
    is euchred gives ``loner_euchred`` (2; 4 in older laws). With ``lone_defender`` a defender may go
    alone and scores 4 for a euchre ([004] Scoring: "A lone defender scores ... 4 points for a
    euchre"). A renege costs the reneging side ``renege_penalty`` ([004] Irregularities)."""
    if hand.defender_alone and not rules["lone_defender"]:
        raise RefereeError("A defender may go alone only with the house rule lone_defender.", field="defender_alone")

    def euchred(tricks: int) -> tuple[int, list[str]]:
        if hand.defender_alone:
            return 4, []
        return (rules["loner_euchred"] if hand.alone else 2), []

    outcome = partnership_euchre(hand, table, rules, "euchre", march=2, lone_march=4, euchred=euchred)
    return apply_renege(outcome, hand, table, rules)


VARIANT = Variant(
    key="euchre",
    name="Euchre",
    group="Classic euchre",
    summary="Four players in two partnerships; order up trump, take 3 of 5 tricks; first to 10.",
    players=(4,),
    partnership=True,
    deck=euchre_deck,
    tricks={4: 5},
    trumps=SUITS_ONLY,
    hand_fields=EUCHRE_FIELDS | {"defender_alone"},
    tricks_by="maker",
    options=(
        target(10),
        Option("deck", 24, "24 cards (9 to ace), 32 cards (7 to ace), or 25: 24 and the joker as best bower.",
               choices=(24, 32, 25)),
        stick_the_dealer(),
        Option("lone_defender", False, "A defender may go alone against the makers and scores 4 for a euchre.",
               choices=(False, True)),
        Option("loner_euchred", 2, "Points to the defenders when a lone maker is euchred (4 in older laws).",
               choices=(2, 4)),
        renege_penalty(),
    ),
    score=score_euchre,
    end=endings.bidder_goes_out,
    all_pass=all_pass_void_or_stuck,
    totals_range=euchre_totals,
    sources=("[000] Euchre", "[004] Scoring", "[004] Variation 1: 24-card euchre", "[004] Variation 2: 25-card euchre",
             "[004] Irregularities & disputes"),
    rulings=(
        "Only one side scores a hand, so two sides never reach the target together: first to the target wins.",
        "The target defaults to 10 ([004] Variation 1: games are typically played to 10), not the 5 of [000] and "
        "[004]'s basic game; set target to 5 for the short game.",
        "A renege is entered on the hand (key renege, the seat). The hand is scored as played and the reneging "
        "side then loses renege_penalty points (default 2, [004]).",
        "A lone defender ([004]) is a house rule (lone_defender): a euchre by a lone defender scores 4 however many "
        "tricks the defender took.",
    ),
    silent_accepts=(
        "A renege by the partner of a lone defender: the score sheet does not say which defender went alone, so the "
        "referee cannot tell who sat out. (A renege by a lone maker's partner is refused: [000] says the partner "
        "takes no further part in the hand.)",
        TRUMP_VS_TURNED_CARD,
    ),
    doc=__doc__,
)
