"""Eau Claire clubs: two partnerships counting down from 15, suit and no-trump bids, sit-outs, and
"bidder wins".

Sources: [003] Eau Claire Clubs (Bieten/Bidding, Set, Wertung/Scoring, Winning).
"""
from __future__ import annotations

from referee.allpass import VOID, AllPass
from referee.bids import Bid, no_trump
from referee.cards import EUCHRE_24
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, team_tricks
from referee.options import start
from referee.scoring import plural
from referee.table import Ending, GameState, Outcome, Table
from referee.variant import Variant

# Any suit bid beats 3NT and 4NT; a suit bid of 3 or more beats 5NT.
LADDER = (no_trump(3), no_trump(4), Bid(2, 2), no_trump(5), Bid(3, 3), Bid(4, 4), Bid(5, 5))
SET_BACK, CEILING = 5, 20
NO_SIT_OUT_SCORES = (1, 2, 3)


def set_back(total: int) -> int:
    """A set adds 5, never above 20 ([003] Eau Claire Clubs, Set)."""
    return max(0, min(SET_BACK, CEILING - total))


def eau_claire_totals(rules: dict) -> tuple[int, int]:
    """A side still playing stands between 1 and 20: zero or less has won ([003] Eau Claire Clubs,
    Winning), and a set never takes a score above 20 ([003] Eau Claire Clubs, Set: "up to a maximum
    of 20"; nothing else adds points)."""
    return 1, CEILING


def check_sit_out(hand: HandEntry, table: Table, state: GameState, defenders: int) -> None:
    """Defenders may not sit out after two sit-outs in a row, at a score of 3, 2 or 1, or on a club
    upcard ([003] Eau Claire Clubs, Bidding)."""
    if hand.upcard == "C":
        raise RefereeError("Nobody may sit out a club-upcard hand: both sides must play.", field="sat_out")
    if state.sit_out_runs[defenders] >= 2:
        raise RefereeError(f"{table.names[defenders]} sat out the two hands before; they must play this one.",
                           field="sat_out")
    if state.totals[defenders] in NO_SIT_OUT_SCORES:
        raise RefereeError(f"{table.names[defenders]} are at {state.totals[defenders]}: no sitting out at 3, 2 or 1.",
                           field="sat_out")


def score_eau_claire(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Made: minus the tricks taken. A side is set (+5, never above 20) when it takes no trick, or bid
    and fell short. Defenders with tricks: minus their tricks. Club upcard: no bidding, clubs trump;
    a side taking all 5 goes -5 and the other is set. Sitting out: the bidders subtract their bid
    ([003] Eau Claire Clubs, Set, Scoring, Bidding)."""
    if hand.void:
        return Outcome.void(2, "Void: everybody passed on a non-club upcard.")
    if hand.upcard == "C":
        return _score_club_upcard(hand, table, state)
    if hand.maker is None:
        raise RefereeError("Who won the bid? Without a club upcard a played hand has bidders (or mark it void).",
                           field="maker")
    bid = require_bid(hand, "Eau Claire clubs")
    side, other = table.side_of(hand.maker), 1 - table.side_of(hand.maker)
    deltas = [0, 0]
    if hand.sat_out:
        check_sit_out(hand, table, state, other)
        if hand.has_tricks:
            raise RefereeError("The defenders sat out, so no tricks were played.", field="tricks")
        deltas[side] = -bid.tricks
        note = f"{table.names[other]} sat out: {table.names[side]} take off their bid, -{bid.tricks}."
        _update_sit_outs(state, other)
        return Outcome(deltas, ["sat-out", "made"], [note], maker_sides=(side,), made=True, side_tricks=[0, 0])
    tricks = team_tricks(hand, table)
    mine, theirs = tricks[side], tricks[other]
    made = mine >= bid.tricks
    notes = []
    if made:
        deltas[side] = -mine
        notes.append(f"{table.names[side]} bid {bid.label} and took {plural(mine, 'trick')}: -{mine}.")
    else:
        deltas[side] = set_back(state.totals[side])
        notes.append(f"{table.names[side]} bid {bid.label} and took {plural(mine, 'trick')}: set, "
                     f"+{deltas[side]}.")
    if theirs:
        deltas[other] = -theirs
        notes.append(f"{table.names[other]} took {plural(theirs, 'trick')}: -{theirs}.")
    else:
        deltas[other] = set_back(state.totals[other])
        notes.append(f"{table.names[other]} took no trick: set, +{deltas[other]}.")
    _update_sit_outs(state, None)
    return Outcome(deltas, ["made" if made else "set"], notes, maker_sides=(side,), made=made, side_tricks=tricks)


def _score_club_upcard(hand: HandEntry, table: Table, state: GameState) -> Outcome:
    """Club upcard: both sides play with clubs trump; each takes off its tricks, a side with none is set,
    and a side taking all 5 takes off 5 while the other is set ([003] Eau Claire Clubs, Scoring)."""
    if hand.maker is not None or hand.bid is not None:
        raise RefereeError("With a club upcard there is no bidding, so no maker and no bid.", field="maker")
    if hand.trump not in (None, "C"):
        raise RefereeError("With a club upcard, clubs are trump.", field="trump")
    if hand.sat_out:
        raise RefereeError("Nobody may sit out a club-upcard hand: both sides must play.", field="sat_out")
    tricks = team_tricks(hand, table)
    deltas, notes = [0, 0], []
    for side in (0, 1):
        if tricks[side]:
            deltas[side] = -tricks[side]
            notes.append(f"{table.names[side]} took {plural(tricks[side], 'trick')}: -{tricks[side]}.")
        else:
            deltas[side] = set_back(state.totals[side])
            notes.append(f"{table.names[side]} took no trick: set, +{deltas[side]}.")
    _update_sit_outs(state, None)
    return Outcome(deltas, ["club-upcard"], notes, side_tricks=tricks)


def _update_sit_outs(state: GameState, sitting_side: int | None) -> None:
    """Count sit-outs in a row per side; void hands never reach here, so they do not break a run."""
    for side in range(len(state.sit_out_runs)):
        state.sit_out_runs[side] = state.sit_out_runs[side] + 1 if side == sitting_side else 0


def eau_claire_end(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """Zero or less wins. Both on one hand: "bidder wins"; on a club-upcard hand (no bidder) the lower
    score wins, and if equal the side with more tricks that hand ([003] Eau Claire Clubs, Winning)."""
    reached = [s for s, total in enumerate(state.totals) if total <= 0]
    if not reached:
        return None
    if len(reached) == 1:
        return Ending(reached[0], False, "first to reach zero or less")
    if outcome.maker_sides:
        return Ending(outcome.maker_sides[0], False, "both sides reached zero on the last hand, and the bidder wins")
    if state.totals[0] != state.totals[1]:
        lower = 0 if state.totals[0] < state.totals[1] else 1
        return Ending(lower, False, "both sides reached zero on a club-upcard hand, and the lower score wins")
    tricks = outcome.side_tricks or [0, 0]
    if tricks[0] != tricks[1]:
        more = 0 if tricks[0] > tricks[1] else 1
        return Ending(more, False, "both sides reached the same score on a club-upcard hand, and the side with more "
                                   "tricks that hand wins")
    return Ending(None, True, "both sides reached the same score with the same tricks")


VARIANT = Variant(
    key="eau-claire-clubs",
    name="Eau Claire clubs",
    group="Count down",
    summary="Two partnerships counting down from 15 with suit and no-trump bids, sit-outs and 'bidder wins'.",
    players=(4,),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 5},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "upcard", "sat_out", "void", "tricks", "auction"}),
    tricks_by="team",
    countdown=True,
    options=(start(15),),
    score=score_eau_claire,
    end=eau_claire_end,
    all_pass=lambda rules: AllPass(VOID, "Everybody passed on a non-club upcard: the hand is void and the deal passes."),
    totals_range=eau_claire_totals,
    auction_rounds=1,
    ladder=lambda n, rules: LADDER,
    sources=("[003] Eau Claire Clubs: Bidding", "[003] Eau Claire Clubs: Set", "[003] Eau Claire Clubs: Scoring",
             "[003] Eau Claire Clubs: Winning"),
    rulings=(
        "All pass on a non-club upcard: the hand is void and the deal passes ([003] is silent).",
        "A set never takes a score above 20; a side already at 20 or more gains nothing.",
        "Void hands do not break or extend a run of sit-outs.",
        "The misdeals of [003] (four of a kind, ace no face) are entered as void hands.",
    ),
    silent_accepts=(
        "A void hand on a club upcard: [003] forbids only the special misdeals (four of a kind, ace no face) on a "
        "club upcard, so an ordinary misdeal is accepted.",
        "Defenders who sit out against a no-trump bid: [003] does not forbid it.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
