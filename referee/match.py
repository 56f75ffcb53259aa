"""Scoring a whole match document into a result document (match-format.md)."""
from __future__ import annotations

from typing import Any

from referee.allpass import AllPass
from referee.catalog import get_variant
from referee.errors import RefereeError
from referee.hand import parse_hand
from referee.result import Event, HandResult, MatchResult
from referee.table import Ending, GameState, Table
from referee.variant import Variant

FORMAT = "euchre-match/1"


def score_match(doc: Any) -> MatchResult:
    """Score every hand of a match document and say who won by which rule: a ``MatchResult``, whose
    ``to_json()`` is the result document of match-format.md.

    Raises RefereeError (with the hand index and field where they apply) on anything that could not
    have happened; nothing is half-returned.
    """
    if not isinstance(doc, dict):
        raise RefereeError("A match document must be a JSON object.")
    if doc.get("format", FORMAT) != FORMAT:
        raise RefereeError(f"Unknown format {doc.get('format')!r}; expected {FORMAT!r}.", field="format")
    variant = get_variant(doc.get("variant"))
    rules = variant.resolve_rules({} if doc.get("rules") is None else doc["rules"])
    table = table_of(doc, variant)
    first_dealer = doc.get("first_dealer", 0)
    if type(first_dealer) is not int or not 0 <= first_dealer < table.n_players:
        raise RefereeError(f"first_dealer must be a seat from 0 to {table.n_players - 1}.", field="first_dealer")
    state = GameState(totals=_start_totals(doc, variant, rules, table), sit_out_runs=[0] * table.n_sides,
                      marks=_start_marks(doc, variant, table))
    hands_in = doc.get("hands", [])
    if not isinstance(hands_in, list):
        raise RefereeError("'hands' must be a list.", field="hands")

    ladder = variant.ladder(table.n_players, rules)
    all_pass = variant.all_pass(rules)
    dealer = first_dealer
    ending: Ending | None = None
    hands_out = []
    for index, raw in enumerate(hands_in):
        if ending is not None:
            raise RefereeError(f"The game already ended, after {len(hands_out)} hand{'s' if len(hands_out) != 1 else ''}; "
                               "no hand can follow it.",
                               hand=index, code="after-game-end")
        try:
            hand_out, dealer, ending = _score_one(raw, dealer, variant, rules, table, state, ladder, all_pass)
        except RefereeError as err:
            raise err.at_hand(index) from None
        hands_out.append(hand_out)

    return _result(variant, rules, table, state, hands_out, ending, dealer, first_dealer)


def table_of(doc: dict, variant: Variant) -> Table:
    """The seats and sides of a match document (match-format.md, "players"), refused when they cannot be."""
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise RefereeError("'players' must be a list of names.", field="players")
    variant.require_players(len(players))
    if len(set(p.strip() for p in players)) != len(players):
        raise RefereeError("Two players have the same name; give each seat its own name.", field="players")
    return Table(tuple(p.strip() for p in players), variant.is_partnership(len(players)),
                 variant.tricks_for(len(players)))


def _start_totals(doc: dict, variant: Variant, rules: dict, table: Table) -> list[int]:
    default = rules["start"] if variant.countdown else 0
    totals = doc.get("start_totals")
    if totals is None:
        return [default] * table.n_sides
    if not isinstance(totals, list) or len(totals) != table.n_sides or not all(type(t) is int for t in totals):
        raise RefereeError(f"start_totals must list {table.n_sides} whole numbers, one per side.", field="start_totals")
    for side, total in enumerate(totals):
        _check_start_total(variant, rules, table.names[side], total)
    return list(totals)


def _start_marks(doc: dict, variant: Variant, table: Table) -> list[int] | None:
    """The marks each side carries into the first hand (the app's ``start_marks`` key, docs/referee-api.md),
    or None where the variant counts none. Only Midwest pepper counts marks beside points: [003] pepper
    (Midwest), Points & Wins: a side "gets a hickey" when set or seated, and "sets are the total number of
    hickeys on the losing team's score sheet"; shared/spec/variants.md "midwest-pepper": "The result counts
    hickeys per side (`marks`)". Hickeys are only ever added, never taken off, so a game carried on from a
    paper score sheet holds 0 or more per side; the documents set no upper bound."""
    marks = doc.get("start_marks")
    if not variant.counts_marks:
        if marks is not None:
            raise RefereeError(f"{variant.name} counts points only, so a match of it carries no marks over.",
                               field="start_marks")
        return None
    if marks is None:
        return [0] * table.n_sides
    word = variant.mark_name
    if not isinstance(marks, list) or len(marks) != table.n_sides or not all(type(m) is int for m in marks):
        raise RefereeError(f"The {word}s carried over must list {table.n_sides} whole numbers, one per side.",
                           field="start_marks")
    for side, count in enumerate(marks):
        if count < 0:
            raise RefereeError(f"{table.names[side]} cannot start with {count} {word}s: a side only ever gains "
                               f"{word}s, so the count is 0 or more.", field="start_marks")
    return list(marks)


def _check_start_total(variant: Variant, rules: dict, side: str, total: int) -> None:
    """A game carried on from paper must still be under way: no side may start at or past the goal, since
    a hand after the game ended is an error (match-format.md), nor at a score the game never reaches
    (the variant's ``open_range``)."""
    low, high = variant.open_range(rules)
    if low is not None and total < low:
        if variant.countdown and low == 1:
            why = "a score of zero or less has already won, so a start total must be 1 or more"
        else:
            why = f"scores in {variant.name} never go below {low}"
        raise RefereeError(f"{side} cannot start at {total}: {why}.", field="start_totals")
    if high is not None and total > high:
        target = rules.get("target")
        if not variant.countdown and target is not None and total >= target:
            why = f"a score of {target} or more has already won the game, so a start total must be below {target}"
        else:
            why = f"scores in {variant.name} never go above {high}"
        raise RefereeError(f"{side} cannot start at {total}: {why}.", field="start_totals")


def _score_one(raw: Any, expected_dealer: int, variant: Variant, rules: dict, table: Table, state: GameState,
               ladder, all_pass: AllPass) -> tuple[HandResult, int, Ending | None]:
    events: list[str] = []
    dealer = expected_dealer
    if isinstance(raw, dict) and raw.get("dealer") is not None:
        given = raw["dealer"]
        if type(given) is not int or not 0 <= given < table.n_players:
            raise RefereeError(f"The dealer must be a seat from 0 to {table.n_players - 1}.", field="dealer")
        if given != expected_dealer:
            events.append("dealer-out-of-turn")
            dealer = given
    hand = parse_hand(raw, dealer=dealer, table=table, variant_name=variant.name, fields=variant.hand_fields,
                      ladder=ladder, trumps=variant.trumps, auction_rounds=variant.auction_rounds, all_pass=all_pass,
                      dealer_may_match=variant.dealer_may_match)
    outcome = variant.score(hand, table, rules, state)
    for side, delta in enumerate(outcome.deltas):
        state.totals[side] += delta
    if outcome.counted:
        state.counted_hands += 1
    if state.marks is not None and outcome.marks is not None:
        for side, mark in enumerate(outcome.marks):
            state.marks[side] += mark
    ending = variant.end(table, rules, state, outcome)

    same_dealer = variant.same_dealer_after(hand, rules)
    next_dealer = dealer if same_dealer else (dealer + 1) % table.n_players
    words = events + outcome.events + (["same-dealer"] if same_dealer else []) + (["game-over"] if ending else [])
    out = HandResult(
        dealer=dealer, deltas=tuple(outcome.deltas), totals=tuple(state.totals),
        events=tuple(Event(word) for word in words), notes=tuple(outcome.notes),
        maker_side=table.side_of(hand.maker) if hand.maker is not None else None,
        made=outcome.made if hand.maker is not None else None,
        marks=tuple(outcome.marks or [0] * table.n_sides) if state.marks is not None else None,
        maker=hand.maker,
    )
    return out, next_dealer, ending


def _result(variant: Variant, rules: dict, table: Table, state: GameState, hands: list[HandResult],
            ending: Ending | None, next_dealer: int, first_dealer: int) -> MatchResult:
    sides = table.side_names()
    return MatchResult(
        variant=variant.key, rules=rules, sides=tuple(sides), hands=tuple(hands),
        totals=tuple(state.totals), finished=ending is not None,
        winner=ending.winner if ending else None, tie=bool(ending and ending.tie),
        result=_sentence(variant, rules, table, state, sides, ending),
        next_dealer=None if ending else next_dealer,
        target=rules.get("target"), countdown=variant.countdown,
        hands_played=state.counted_hands,
        marks=tuple(state.marks) if state.marks is not None else None,
        first_dealer=first_dealer, n_players=table.n_players,
    )


def _score_line(totals: list[int], order: list[int]) -> str:
    """'10-7', or '9 to -2' when a score is negative, so the minus sign stays readable."""
    joiner = " to " if any(totals[s] < 0 for s in order) else "-"
    return joiner.join(str(totals[s]) for s in order)


def _sentence(variant: Variant, rules: dict, table: Table, state: GameState, sides: list[str],
              ending: Ending | None) -> str:
    """One sentence: who won and by which rule, or who leads."""
    totals = state.totals
    better_first = sorted(range(len(sides)), key=lambda s: totals[s], reverse=not variant.countdown)
    if ending is not None and ending.tie:
        return f"A tie at {_score_line(totals, better_first)}: {ending.rule}."
    if ending is not None:
        win = ending.winner
        others = [s for s in better_first if s != win]
        verb = "win" if table.partnership else "wins"
        return f"{sides[win]} {verb} {_score_line(totals, [win] + others)}: {ending.rule}."
    if len(set(totals)) == 1:
        situation = f"All square at {totals[0]}" if len(sides) > 2 else f"Level at {totals[0]}-{totals[1]}"
    else:
        leader = better_first[0]
        verb = "lead" if table.partnership else "leads"
        situation = f"{sides[leader]} {verb} {_score_line(totals, better_first)}"
    if rules.get("hands") is not None and rules.get("target") is None:
        situation += f" after {state.counted_hands} of {rules['hands']} hands"
    elif variant.countdown:
        situation += ", counting down to zero"
    return situation
