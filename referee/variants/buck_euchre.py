"""Buck euchre: four players each for themselves, counting down from 25; players may drop out.

Sources: [000] Buck Euchre (Dirty Clubs).
"""
from __future__ import annotations

from referee.allpass import NO_MAKER, AllPass
from referee.cards import EUCHRE_24
from referee.errors import RefereeError
from referee.hand import HandEntry, seat_tricks
from referee.options import start
from referee.scoring import plural
from referee.table import Ending, GameState, Outcome, Table
from referee.variant import Variant

SET_BACK = 5


def check_buck_hand(hand: HandEntry, tricks: list[int]) -> None:
    """Club upcard: clubs are trump, the bidding is bypassed, so nobody fixes trump and there is no
    declarer ("The player who fixes the trump suit is called the declarer"), and nobody may drop; all
    passed: no trump, no maker, nobody drops; the maker never drops; a player who dropped takes no
    trick ([000] Buck Euchre, Game play, Bidding)."""
    if hand.upcard == "C" and hand.trump not in (None, "C"):
        raise RefereeError("With a club upcard, clubs are trump.", field="trump")
    if hand.upcard == "C" and hand.maker is not None:
        raise RefereeError("With a club upcard clubs are trump with no bidding, so nobody is the maker.",
                           field="maker")
    if hand.dropped and hand.upcard == "C":
        raise RefereeError("With a club upcard every player must play: nobody may drop.", field="dropped")
    if hand.maker is None and hand.upcard != "C":
        if hand.trump not in (None, "NT"):
            raise RefereeError("With no maker the hand is played at no trump.", field="trump")
        if hand.dropped:
            raise RefereeError("When everybody passes, the hand is played at no trump and nobody may drop.",
                               field="dropped")
    elif hand.trump == "NT":
        raise RefereeError("A hand with a maker has a trump suit.", field="trump")
    if hand.maker is not None and hand.maker in hand.dropped:
        raise RefereeError("The maker cannot drop out of the hand.", field="dropped")
    for seat in hand.dropped:
        if tricks[seat]:
            raise RefereeError("A player who dropped out cannot take tricks.", field="tricks")


def score_buck(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Dropped: 0. A maker under 3 tricks: +5. A player who stayed in and took no trick: +5. Everyone
    else: minus 1 a trick. A player who takes all five tricks wins the game at once ([000] Buck
    Euchre, Scoring)."""
    if hand.void:
        return Outcome.void(table.n_players, "Thrown in (a misdeal).")
    tricks = seat_tricks(hand, table)
    check_buck_hand(hand, tricks)
    deltas, notes = [0] * table.n_players, []
    for seat, took in enumerate(tricks):
        name = table.players[seat]
        if seat in hand.dropped:
            notes.append(f"{name} dropped out: 0.")
        elif seat == hand.maker and took < 3:
            deltas[seat] = SET_BACK
            notes.append(f"{name} made trump and took {plural(took, 'trick')}: euchred, +5.")
        elif took == 0:
            deltas[seat] = SET_BACK
            notes.append(f"{name} stayed in and took no trick: +5.")
        else:
            deltas[seat] = -took
            notes.append(f"{name} took {plural(took, 'trick')}: -{took}.")
    events = ["club-upcard"] if hand.upcard == "C" else []
    if hand.maker is not None:
        events.append("made" if tricks[hand.maker] >= 3 else "euchred")
    elif hand.upcard != "C":
        events.append("no-trump")
    if hand.dropped:
        events.append("dropped")
    sweeper = next((s for s, t in enumerate(tricks) if t == table.tricks), None)
    if sweeper is not None:
        events.append("all-tricks")
    makers = () if hand.maker is None else (hand.maker,)
    return Outcome(deltas, events, notes, maker_sides=makers,
                   made=None if hand.maker is None else tricks[hand.maker] >= 3, instant_winner=sweeper)


def buck_end(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """Taking all five tricks wins at once, whatever the scores; otherwise a score of 0 or less wins,
    the lower of two on one hand, equal scores a tie ([000] Buck Euchre, Scoring)."""
    if outcome.instant_winner is not None:
        return Ending(outcome.instant_winner, False, "took all five tricks, which wins the game at once")
    reached = [s for s, total in enumerate(state.totals) if total <= 0]
    if not reached:
        return None
    if len(reached) == 1:
        return Ending(reached[0], False, "first to reach zero or less")
    low = min(state.totals[s] for s in reached)
    lowest = [s for s in reached if state.totals[s] == low]
    if len(lowest) == 1:
        return Ending(lowest[0], False, "more than one player reached zero on the last hand, and the lower score wins")
    return Ending(None, True, "more than one player reached zero on the last hand with the same score")


VARIANT = Variant(
    key="buck-euchre",
    name="Buck euchre",
    group="Count down",
    summary="Four players each for self, counting down from 25; drop out of bad hands, take all five to win at once.",
    players=(4,),
    partnership=False,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 5},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "trump", "upcard", "dropped", "void", "tricks"}),
    tricks_by="seat",
    countdown=True,
    options=(start(25),),
    score=score_buck,
    end=buck_end,
    all_pass=lambda rules: AllPass(NO_MAKER, "Nobody made trump: the hand is played at no trump, with no maker, "
                                              "and nobody drops."),
    sources=("[000] Buck Euchre (Dirty Clubs)",),
    rulings=(
        "The deck is the 24-card euchre pack (variants.md); [000]'s '32-card deck composed of ace to 9' counts "
        "wrong.",
        "Everyone starts at 25 (option start).",
    ),
    silent_accepts=(
        "The round in which trump was made is not entered, so any trump suit is accepted with any upcard.",
        "Every player but the declarer dropping out: [000] lets each non-declarer drop and does not say that someone "
        "must stay in.",
    ),
    doc=__doc__,
)
