"""Dirty clubs: three to six players each for themselves, counting down from 15; a club upcard makes
clubs trump with no bidding.

Sources: [003] Dirty Clubs (Rules, Rating).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import THROWN_IN
from referee.bids import numbers
from referee.cards import DIRTY_CLUBS_PACKS, Deck
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, seat_tricks
from referee.options import Option, start
from referee.scoring import plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant

SET_BACK = 5
LADDER = numbers(1, 5)


def score_dirty_clubs(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """The high bidder who takes fewer tricks than the bid: +5; everyone else minus their tricks. A
    club upcard makes clubs trump with no bidding. With ``bump``, a player who stays in and takes no
    trick gets +5, and players may drop out before play and score 0 ([003] Dirty Clubs, Rating)."""
    n = table.n_players
    if hand.void:
        return Outcome.void(n, "Thrown in: nobody bid.")
    club_upcard = hand.upcard == "C"
    if club_upcard:
        if hand.maker is not None or hand.bid is not None:
            raise RefereeError("With a club upcard there is no bidding, so no maker and no bid.", field="maker")
        if hand.trump not in (None, "C"):
            raise RefereeError("With a club upcard, clubs are trump.", field="trump")
    elif hand.maker is None:
        raise RefereeError("Who won the bid? Without a club upcard every hand has a high bidder (or mark it void).",
                           field="maker")
    if hand.dropped and not rules["bump"]:
        raise RefereeError("Players may drop out only with the house rule bump.", field="dropped")
    if hand.dropped and club_upcard:
        raise RefereeError("With a club upcard everybody plays: nobody may drop.", field="dropped")
    if hand.maker is not None and hand.maker in hand.dropped:
        raise RefereeError("The high bidder cannot drop out.", field="dropped")
    bid = None if club_upcard else require_bid(hand, "Dirty clubs")
    tricks = seat_tricks(hand, table)
    deltas, notes = [0] * n, []
    for seat, took in enumerate(tricks):
        name = table.players[seat]
        if seat in hand.dropped:
            if took:
                raise RefereeError("A player who dropped out cannot take tricks.", field="tricks")
            notes.append(f"{name} dropped out: 0.")
        elif seat == hand.maker and took < bid.tricks:
            deltas[seat] = SET_BACK
            notes.append(f"{name} bid {bid.label} and took {plural(took, 'trick')}: set, +5.")
        elif took == 0 and rules["bump"]:
            deltas[seat] = SET_BACK
            notes.append(f"{name} stayed in and took no trick: bumped, +5.")
        else:
            deltas[seat] = -took
            notes.append(f"{name} took {plural(took, 'trick')}: -{took}." if took else f"{name} took no trick: 0.")
    made = None if bid is None else tricks[hand.maker] >= bid.tricks
    events = (["club-upcard"] if club_upcard else ["made" if made else "set"]) + (["dropped"] if hand.dropped else [])
    return Outcome(deltas, events, notes, maker_sides=() if hand.maker is None else (hand.maker,), made=made)


def dirty_clubs_pack(rules: dict, n_players: int) -> Deck:
    """10 to ace for three players, with 9s, 8s and 7s added as more players need them: five cards each
    and an upcard take 20 cards for three, 24 for four, 28 for five and 32 for six ([003] Dirty Clubs, Rules)."""
    return DIRTY_CLUBS_PACKS[n_players]


VARIANT = Variant(
    key="dirty-clubs",
    name="Dirty clubs",
    group="Count down",
    summary="Three to six players each for self, counting down from 15; a club upcard means clubs with no bidding.",
    players=(3, 4, 5, 6),
    partnership=False,
    deck=dirty_clubs_pack,
    tricks={3: 5, 4: 5, 5: 5, 6: 5},
    trumps=("S", "H", "D", "C"),
    hand_fields=frozenset({"maker", "bid", "trump", "upcard", "dropped", "void", "tricks", "auction"}),
    tricks_by="seat",
    countdown=True,
    options=(
        start(15),
        Option("bump", False, "A player who stays in and takes no trick gets +5, and players may drop out first.",
               choices=(False, True)),
    ),
    score=score_dirty_clubs,
    end=endings.bidder_goes_out_countdown,
    all_pass=lambda rules: THROWN_IN,
    auction_rounds=2,
    ladder=lambda n, rules: LADDER,
    sources=("[003] Dirty Clubs: Rules", "[003] Dirty Clubs: Rating"),
    rulings=(
        "If two players reach zero on one hand, the high bidder wins if it made its bid; otherwise the lower "
        "score wins and equal scores tie (variants.md, common rule).",
        "An all-pass hand is void and the deal passes ([003]'s no-trump variation is not the default).",
        "With bump, nobody may drop on a club upcard hand, as in Buck Euchre [000].",
        "The pack grows with the players, as five cards each and an upcard need: 10 to ace for three, 9s "
        "added for four, 8s for five and 7s for six. The trick judge uses the pack of the table's size, or "
        "the six-player pack when no size is given.",
    ),
    silent_accepts=(
        "A second round of bidding after a first round of passes, and when the second round stops: [003] says only "
        "that 'the bid can go a second time', so up to two calls each are accepted.",
        "With bump, every player but the high bidder dropping out: [003] does not say that someone must stay in.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
