"""Progressive euchre: tournament scoring for euchre, a game being a fixed number of hands.

Sources: [003] Progressive Euchre, Rating; [002] Progressive Euchre, Basics.
"""
from __future__ import annotations

from referee import endings
from referee.cards import EUCHRE_24
from referee.hand import HandEntry, TRUMP_VS_TURNED_CARD
from referee.options import Option, hands, stick_the_dealer, target
from referee.scoring import partnership_euchre
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import SUITS_ONLY, all_pass_void_or_stuck, euchre_totals


def score_progressive(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """1 for 3 or 4 tricks, 2 for a march, 4 for a lone march; euchred makers, alone or not, give the
    defenders 2, or ``euchre_sweep`` (4) when the defenders take all five ([003] Progressive Euchre,
    Rating: "Euchre sweeps nets 4 points")."""
    def euchred(tricks: int) -> tuple[int, list[str]]:
        return (rules["euchre_sweep"], ["euchre-sweep"]) if tricks == 0 else (2, [])

    return partnership_euchre(hand, table, rules, "progressive euchre", march=2, lone_march=4, euchred=euchred)


VARIANT = Variant(
    key="progressive-euchre",
    name="Progressive euchre",
    group="Tournament",
    summary="Tournament euchre: a game is 8 hands at each table, a euchre sweep scores 4.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 5},
    trumps=SUITS_ONLY,
    hand_fields=frozenset({"maker", "trump", "alone", "forced", "void", "tricks"}),
    tricks_by="maker",
    options=(
        hands(8, nullable=True),
        target(None, nullable=True, help="Optional: points that also end the game (none by default)."),
        Option("euchre_sweep", 4, "Points to defenders who take all five tricks against the makers.", choices=(2, 4)),
        stick_the_dealer(),
    ),
    score=score_progressive,
    end=endings.after_hands,
    all_pass=all_pass_void_or_stuck,
    totals_range=euchre_totals,
    sources=("[003] Progressive Euchre, Rating", "[002] Progressive Euchre, Basics"),
    rulings=(
        "A game is 8 hands at the table (option hands); the tournament's bell may stop it sooner. With hands "
        "null a table has no hand limit and plays until the bell, as every table but the lead table does "
        "([002] Basics: when the bell rings, players at each table finish their current hand). The higher "
        "score wins and equal scores are a tie, which the tournament's tie rule then settles.",
        "A lone maker who is euchred gives the defenders 2 like any euchre; only a sweep (all five to the "
        "defenders) gives 4.",
    ),
    silent_accepts=(
        TRUMP_VS_TURNED_CARD,
    ),
    doc=__doc__,
)
