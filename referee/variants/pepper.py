"""Pepper: bid euchre for four partners (six tricks) or two or three players each for self
(eight tricks), with little and big pepper and no-trump hands.

Sources: [000] Pepper (and its Variants for two and three players); [003] Pepper – Card Game Rules;
[002] Pepper, Scoring & Winning (set_penalty: bid; dealer forced at 1).
"""
from __future__ import annotations

from referee import endings
from referee.allpass import DEALER_FORCED, THROWN_IN, AllPass
from referee.bids import BIG_PEPPER, LITTLE_PEPPER, numbers, peppers
from referee.cards import EUCHRE_24
from referee.errors import RefereeError
from referee.hand import HandEntry, PARTIAL_AUCTION, require_bid, require_maker, seat_tricks, team_tricks
from referee.numbers import signed
from referee.options import Option, target
from referee.scoring import check_dealer_forced, made_or_set, plural
from referee.table import GameState, Outcome, Table
from referee.variant import Variant


def pepper_ladder(n_players: int, rules: dict):
    """1 to 5 and the peppers with four players; 1 to 7 and the peppers with two or three
    ([000] Pepper, Variants for two and three players)."""
    all_tricks = 6 if n_players == 4 else 8
    return numbers(1, all_tricks - 1) + peppers(all_tricks)


def contract_points(bid_value, made: bool, tricks: int, all_tricks: int, rules: dict) -> int:
    """Made: +1 a trick; failed: minus ``all_tricks`` (6 or 8) whatever the bid, or the bid with
    ``set_penalty: bid`` [002]; big pepper is worth twice all the tricks either way ([000] Pepper,
    Scoring)."""
    if bid_value == BIG_PEPPER:
        return 2 * all_tricks if made else -2 * all_tricks
    if made:
        return tricks
    if rules["set_penalty"] == "bid":
        return -(all_tricks if bid_value == LITTLE_PEPPER else bid_value)
    return -all_tricks


def score_pepper(hand: HandEntry, table: Table, rules: dict, state: GameState) -> Outcome:
    """Bidders who make their contract score 1 a trick, else lose 6 (8 with two or three players);
    big pepper +-12 (+-16); everybody else scores 1 a trick ([000] Pepper, Scoring; [003] Pepper,
    Throw). With ``dealer_forced`` the dealer plays a bid of 1 when all others pass [002]."""
    n = table.n_sides
    if hand.void:
        return Outcome.void(n, "Thrown in: nobody bid.")
    maker = require_maker(hand, "Pepper")
    check_dealer_forced(hand, rules["dealer_forced"], "Pepper")
    bid = hand.bid
    if hand.forced and bid is None:
        bid = pepper_ladder(table.n_players, rules)[0]
    bid = bid or require_bid(hand, "Pepper")
    if hand.forced and bid.value != 1:
        raise RefereeError("A dealer forced when all pass plays a bid of 1.", field="bid")
    all_tricks = table.tricks
    side = table.side_of(maker)
    tricks = team_tricks(hand, table) if table.partnership else seat_tricks(hand, table)
    mine = tricks[side]
    made = mine >= bid.tricks
    points = contract_points(bid.value, made, mine, all_tricks, rules)
    deltas = list(tricks)
    deltas[side] = points
    notes = [made_or_set(table, side, bid.label, mine, made, points)]
    for other in range(n):
        if other != side and tricks[other]:
            notes.append(f"{table.names[other]} took {plural(tricks[other], 'trick')}: {signed(tricks[other])}.")
    events = (["forced"] if hand.forced else []) + ([bid.pepper] if bid.pepper else []) + ["made" if made else "set"]
    return Outcome(deltas, events, notes, maker_sides=(side,), made=made)


VARIANT = Variant(
    key="pepper",
    name="Pepper",
    group="Bidding games",
    summary="Bid euchre to 30: four partners with six tricks, or two or three players each for self with eight.",
    players=(4, 2, 3),
    partnership=True,
    deck=lambda rules, n: EUCHRE_24,
    tricks={4: 6, 2: 8, 3: 8},
    trumps=("S", "H", "D", "C", "NT"),
    hand_fields=frozenset({"maker", "bid", "trump", "forced", "void", "tricks", "auction"}),
    tricks_by="maker",
    options=(
        target(30),
        Option("set_penalty", "fixed", "A set costs 6 (8 with two or three players) whatever the bid, or the bid [002].",
               choices=("fixed", "bid")),
        Option("dealer_forced", False, "When all the others pass, the dealer must play a bid of 1 [002].",
               choices=(False, True)),
    ),
    score=score_pepper,
    end=endings.better_score_wins,
    all_pass=lambda rules: (AllPass(DEALER_FORCED, "Nobody bid: the dealer must play a bid of 1.", 1)
                            if rules["dealer_forced"] else THROWN_IN),
    ladder=pepper_ladder,
    solo_counts=(2, 3),
    sources=("[000] Pepper", "[000] Pepper, Variants for two and three players", "[003] Pepper – Card Game Rules",
             "[002] Pepper, Scoring & Winning"),
    rulings=(
        "Pepper is a partnership game with four players and each for self with two or three; the partnership "
        "flag describes the four-player game. With two or three players give the tricks per seat.",
        "Little pepper made scores 1 a trick, that is 6 (8 with two or three players); failed, it costs the same "
        "as any failed bid.",
        "[002] makes a set cost the bid; [000] and [003] cost 6 whatever the bid. The product follows [000] and "
        "offers [002] as set_penalty: bid.",
        "When all pass without dealer_forced, the hand is void and the deal passes: no document says otherwise.",
    ),
    silent_accepts=(
        "A player who passed bidding again in a later round: [000] and [003] do not say a pass is final.",
        "With the house rule dealer_forced, a dealer who bids more than 1 after three passes: [002] does not forbid "
        "it, so it is an ordinary bid, not a forced one.",
        PARTIAL_AUCTION,
    ),
    doc=__doc__,
)
