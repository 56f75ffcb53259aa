"""Progressive euchre: tournament scoring for euchre, a game being a fixed number of hands.

Sources: [003] Progressive Euchre, Rating; [002] Progressive Euchre, Basics.
"""
from __future__ import annotations

from referee import endings
from referee.cards import EUCHRE_24
from referee.hand import HandEntry, require_maker, team_tricks
from referee.options import Option, hands, stick_the_dealer, target
from referee.scoring import check_stuck_dealer, euchre_points, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import SUITS_ONLY, all_pass_void_or_stuck


def score_progressive(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """1 for 3 or 4 tricks, 2 for a march, 4 for a lone march; euchred makers, alone or not, give the
    defenders 2, or ``euchre_sweep`` (4) when the defenders take all five ([003] Progressive Euchre,
    Rating: "Euchre sweeps nets 4 points")."""
    if hand.void:
        return Outcome.void(2, "Thrown in: nobody made trump.")
    maker = require_maker(hand, "progressive euchre")
    events = check_stuck_dealer(hand, rules, "progressive euchre")
    side = table.side_of(maker)
    tricks = team_tricks(hand, table)[side]
    deltas = [0, 0]
    who = table.names[side] + (f" ({table.players[maker]} alone)" if hand.alone else "")
    if tricks >= 3:
        points, event = euchre_points(tricks, hand.alone)
        deltas[side] = points
        note = f"{who} took {plural(tricks, 'trick')}: {event.replace('-', ' ')}, +{points}."
        extra = []
    else:
        sweep = tricks == 0
        points = rules["euchre_sweep"] if sweep else 2
        deltas[1 - side] = points
        event = "euchred"
        extra = ["euchre-sweep"] if sweep else []
        note = f"{who} took {plural(tricks, 'trick')}: euchred, {table.names[1 - side]} +{points}."
    return Outcome(deltas, events + (["alone"] if hand.alone else []) + [event] + extra, [note],
                   maker_sides=(side,), made=tricks >= 3)


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
        hands(8),
        target(None, nullable=True, help="Optional: points that also end the game (none by default)."),
        Option("euchre_sweep", 4, "Points to defenders who take all five tricks against the makers.", choices=(2, 4)),
        stick_the_dealer(),
    ),
    score=score_progressive,
    end=endings.after_hands,
    all_pass=all_pass_void_or_stuck,
    sources=("[003] Progressive Euchre, Rating", "[002] Progressive Euchre, Basics"),
    rulings=(
        "A game is 8 hands at the table (option hands); the tournament's bell may stop it sooner. The higher "
        "score wins and equal scores are a tie, which the tournament's tie rule then settles.",
        "A lone maker who is euchred gives the defenders 2 like any euchre; only a sweep (all five to the "
        "defenders) gives 4.",
    ),
    doc=__doc__,
)
