"""Call-ace euchre: four to six players, each for self; the maker's secret partner holds the best
card of a suit the maker names.

Sources: [004] Variation 6: Call-ace euchre.
"""
from __future__ import annotations

from referee import endings
from referee.cards import EUCHRE_32
from referee.errors import RefereeError
from referee.hand import HandEntry, TRUMP_VS_TURNED_CARD, maker_side_tricks, require_maker
from referee.options import stick_the_dealer, target
from referee.scoring import check_stuck_dealer, euchre_points, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant
from referee.variants.euchre import SUITS_ONLY, all_pass_void_or_stuck, euchre_totals


def score_call_ace(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """With a partner: scored as euchre and each member of a side gets the side's points; with five or
    six players a march by maker and partner is 3. Without a partner (the maker held the called card,
    or went alone): lone scores for the maker (1, or 4 for a march) and on a euchre each defender
    scores 2 ([004] Variation 6: "When the maker has a partner, score points ... exactly as in the
    standard game. When the maker has no partner, each defender scores her own points. In games of
    five or six players, a team that scores a march earns 3 points")."""
    n = table.n_players
    if hand.void:
        return Outcome.void(n, "Thrown in: nobody made trump.")
    maker = require_maker(hand, "call-ace euchre")
    events = check_stuck_dealer(hand, rules, "call-ace euchre")
    partner = hand.partner
    if partner == maker:
        raise RefereeError("The maker cannot be their own partner; use partner null when the maker held the card.",
                           field="partner")
    if hand.alone and partner is not None:
        raise RefereeError("A maker who goes alone has no partner.", field="partner")
    makers = (maker,) if partner is None else (maker, partner)
    tricks = maker_side_tricks(hand, table, makers)
    alone = partner is None
    names = " & ".join(table.players[s] for s in makers)
    deltas = [0] * n
    if tricks >= 3:
        march = 3 if n >= 5 else 2
        points, event = euchre_points(tricks, alone, march=march, lone_march=4)
        for seat in makers:
            deltas[seat] = points
        note = f"{names} took {plural(tricks, 'trick')}: {event.replace('-', ' ')}, +{points} each."
    else:
        for seat in range(n):
            if seat not in makers:
                deltas[seat] = 2
        event = "euchred"
        note = f"{names} took {plural(tricks, 'trick')}: euchred, each defender +2."
    events += (["alone"] if alone else []) + [event]
    return Outcome(deltas, events, [note], maker_sides=makers, made=tricks >= 3)


VARIANT = Variant(
    key="call-ace-euchre",
    name="Call-ace euchre",
    group="Each for self",
    summary="Four to six players, each for self; the maker calls a suit and its best card's holder is a secret partner.",
    players=(4, 5, 6),
    partnership=False,
    deck=lambda rules, n: EUCHRE_32,
    tricks={4: 5, 5: 5, 6: 5},
    trumps=SUITS_ONLY,
    hand_fields=frozenset({"maker", "trump", "alone", "partner", "forced", "void", "tricks"}),
    tricks_by="maker",
    options=(target(10), stick_the_dealer()),
    score=score_call_ace,
    end=endings.bidder_goes_out,
    all_pass=all_pass_void_or_stuck,
    totals_range=euchre_totals,
    sources=("[004] Variation 6: Call-ace euchre",),
    rulings=(
        "A hand with no 'partner' key is read as partner null: the maker had no partner.",
        "When several players reach the target on one hand, the makers (maker and partner) win if they made it, "
        "the better of them if their scores differ (variants.md, common rule).",
    ),
    silent_accepts=(
        TRUMP_VS_TURNED_CARD,
        "Whether the partner entered really held the best card of the called suit: the score sheet does not record "
        "the cards.",
    ),
    doc=__doc__,
)
