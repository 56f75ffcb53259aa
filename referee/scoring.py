"""Small scoring pieces shared by several variants, each citing the rule it encodes."""
from __future__ import annotations

from typing import Callable

from referee.errors import RefereeError
from referee.hand import HandEntry, require_maker, team_tricks
from referee.numbers import signed
from referee.table import Outcome, Table


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check_stuck_dealer(hand: HandEntry, rules: dict, game: str) -> list[str]:
    """Stick-the-dealer: when everyone passes twice the dealer must name trump, flagged ``forced``
    ([004] How to play: "If no player accepts the trump suit in the second round, the dealer must
    choose trump"). Without the option a forced maker could not have happened."""
    if not hand.forced:
        return []
    if not rules.get("stick_the_dealer"):
        raise RefereeError(f"Nobody is forced to make trump in {game} unless the house plays stick-the-dealer.",
                           field="forced")
    if hand.maker != hand.dealer:
        raise RefereeError("Only the dealer can be stuck: with stick-the-dealer the forced maker is the dealer.",
                           field="maker")
    return ["forced", "stuck-dealer"]


def check_dealer_forced(hand: HandEntry, allowed: bool, game: str) -> None:
    """Games where the dealer is forced when all pass: the forced maker must be the dealer."""
    if not hand.forced:
        return
    if not allowed:
        raise RefereeError(f"Nobody is forced to bid in {game} with these house rules.", field="forced")
    if hand.maker != hand.dealer:
        raise RefereeError("When everybody passes it is the dealer who is forced, so the maker must be the dealer.",
                           field="maker")


def check_renege_by_a_player(hand: HandEntry, table: Table) -> None:
    """Only a player who played the hand can renege. A lone maker's partners lay their cards down: "the
    player's partner places their cards face-down on the table and takes no further part in the hand"
    ([000] Euchre, Determining trumps; [004] How to play: "I play alone" force-folds the partner; [004]
    Variation 5: "the maker's two partners discard their hands face down")."""
    if hand.renege is None or not hand.alone or hand.maker is None or hand.renege == hand.maker:
        return
    if table.side_of(hand.renege) == table.side_of(hand.maker):
        raise RefereeError(f"{table.players[hand.renege]} sat out the hand while {table.players[hand.maker]} played "
                           f"alone, so {table.players[hand.renege]} could not renege.", field="renege")


def apply_renege(outcome: Outcome, hand: HandEntry, table: Table, rules: dict) -> Outcome:
    """A side that reneged loses ``renege_penalty`` points (default 2): "the cards remain as played
    and score -2 points for the penalty" ([004] Irregularities & disputes). The seat that reneged must
    have played the hand (``check_renege_by_a_player``)."""
    if hand.renege is None:
        return outcome
    check_renege_by_a_player(hand, table)
    side = table.side_of(hand.renege)
    penalty = rules["renege_penalty"]
    outcome.deltas[side] -= penalty
    outcome.events.append("renege")
    outcome.notes.append(f"{table.players[hand.renege]} reneged: {table.names[side]} lose {penalty}.")
    return outcome


def euchre_points(tricks: int, alone: bool, *, march: int = 2, lone_march: int = 4) -> tuple[int, str]:
    """Points to makers who took 3 or more of 5 tricks: 1 for 3 or 4, ``march`` for all five, and
    ``lone_march`` for all five alone ([000] Euchre, scoring; [004] Scoring)."""
    if tricks == 5:
        return (lone_march, "lone-march") if alone else (march, "march")
    return 1, "made"


def to_sides(table: Table, points: dict[int, int]) -> list[int]:
    deltas = [0] * table.n_sides
    for side, value in points.items():
        deltas[side] += value
    return deltas


def defenders_of(table: Table, maker_sides: tuple[int, ...]) -> list[int]:
    return [s for s in range(table.n_sides) if s not in maker_sides]


def made_or_set(table: Table, side: int, bid_label: str, tricks: int, made: bool, points: int) -> str:
    """The note for the bidding side: 'Ann & Cy bid 4 and took 5 tricks: +5.'"""
    verdict = "made it" if made else "set"
    return f"{table.names[side]} bid {bid_label} and took {plural(tricks, 'trick')}: {verdict}, {signed(points)}."


def defenders_note(table: Table, side: int, tricks: int, points: int) -> str:
    return f"{table.names[side]} defended and took {plural(tricks, 'trick')}: {signed(points)}."


def partnership_euchre(hand: HandEntry, table: Table, rules: dict, game: str, *, march: int, lone_march: int,
                       euchred: Callable[[int], tuple[int, list[str]]]) -> Outcome:
    """The shape every partnership euchre shares: the makers score ``euchre_points`` for 3 or more
    tricks; otherwise they are euchred and ``euchred(tricks)`` says what the defenders score, with any
    extra events ([000] Euchre, scoring; [004] Scoring). Stick-the-dealer and alone are flagged."""
    if hand.void:
        return Outcome.void(2, "Thrown in: nobody made trump.")
    maker = require_maker(hand, game)
    events = check_stuck_dealer(hand, rules, game)
    side, other = table.side_of(maker), 1 - table.side_of(maker)
    tricks = team_tricks(hand, table)[side]
    who = table.names[side] + (f" ({table.players[maker]} alone)" if hand.alone else "")
    deltas = [0, 0]
    if tricks >= 3:
        points, event = euchre_points(tricks, hand.alone, march=march, lone_march=lone_march)
        deltas[side], extra = points, [event]
        note = f"{who} took {plural(tricks, 'trick')}: {event.replace('-', ' ')}, +{points}."
    else:
        points, extra = euchred(tricks)
        deltas[other], extra = points, ["euchred", *extra]
        note = f"{who} took {plural(tricks, 'trick')}: euchred, {table.names[other]} +{points}."
    flags = (["alone"] if hand.alone else []) + (["defender-alone"] if hand.defender_alone else [])
    return Outcome(deltas, events + flags + extra, [note], maker_sides=(side,), made=tricks >= 3)
