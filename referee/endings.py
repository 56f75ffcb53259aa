"""How games end, as small named rules. Each takes the table, the resolved rules, the state after
the hand and the hand's outcome, and returns an Ending or None while the game goes on.

The common rule (variants.md, preamble): where two sides reach the target on the same hand and the
variant says nothing more, the side that made its bid that hand wins ("bidder goes out"; where the
maker's side is several players, the best of them); if no such side, the better score wins (higher,
or lower in count-down games), and equal scores are a tie.
"""
from __future__ import annotations

from referee.table import Ending, GameState, Outcome, Table


def _reached(table: Table, rules: dict, state: GameState, countdown: bool) -> list[int]:
    if countdown:
        return [side for side, total in enumerate(state.totals) if total <= 0]
    goal = rules.get("target")
    if goal is None:
        return []
    return [side for side, total in enumerate(state.totals) if total >= goal]


def _best(sides: list[int], state: GameState, countdown: bool, rule: str, tie_rule: str) -> Ending:
    """The best score among ``sides`` wins; equal best scores are a tie."""
    pick = min if countdown else max
    top = pick(state.totals[s] for s in sides)
    leaders = [s for s in sides if state.totals[s] == top]
    if len(leaders) == 1:
        return Ending(leaders[0], False, rule)
    return Ending(None, True, tie_rule)


def _goal_words(rules: dict, countdown: bool) -> str:
    return "zero or less" if countdown else str(rules["target"])


def bidder_goes_out(table: Table, rules: dict, state: GameState, outcome: Outcome, countdown: bool = False) -> Ending | None:
    """The common rule of variants.md: first to the goal; if several reach it on one hand the side that
    made its bid wins; else the better score; equal is a tie."""
    reached = _reached(table, rules, state, countdown)
    goal = _goal_words(rules, countdown)
    if not reached:
        return None
    if len(reached) == 1:
        return Ending(reached[0], False, f"first to reach {goal}")
    if outcome.made:
        makers = [s for s in reached if s in outcome.maker_sides]
        if makers:
            return _best(makers, state, countdown,
                         f"more than one side reached {goal} on the last hand, and the bidder goes out",
                         f"more than one side reached {goal} on the last hand; the bidders are level")
    better = "lower" if countdown else "higher"
    return _best(reached, state, countdown,
                 f"more than one side reached {goal} on the last hand, and the {better} score wins",
                 f"more than one side reached {goal} on the last hand with equal scores")


def bidder_goes_out_countdown(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """The common rule for count-down games: zero or less wins; ties as in ``bidder_goes_out``."""
    return bidder_goes_out(table, rules, state, outcome, countdown=True)


def better_score_wins(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """First to the target; if several reach it on one hand the higher score wins; equal is a tie
    ([000] Pepper, Scoring; variants.md euchre-3hand ruling)."""
    reached = _reached(table, rules, state, False)
    if not reached:
        return None
    if len(reached) == 1:
        return Ending(reached[0], False, f"first to reach {rules['target']}")
    return _best(reached, state, False,
                 f"more than one side reached {rules['target']} on the last hand, and the higher score wins",
                 f"more than one side reached {rules['target']} on the last hand with equal scores: a draw")


def bidders_win(table: Table, rules: dict, state: GameState, outcome: Outcome, countdown: bool = False) -> Ending | None:
    """First to the goal; if both sides reach it on one hand the bidding side (declarers) wins
    ([000] Hasenpfeffer, Scoring; [003] Pepper, Points & Wins; [003] Double Deck Bid Euchre, Winning)."""
    reached = _reached(table, rules, state, countdown)
    if not reached:
        return None
    goal = _goal_words(rules, countdown)
    if len(reached) == 1:
        return Ending(reached[0], False, f"first to reach {goal}")
    bidders = [s for s in reached if s in outcome.maker_sides]
    if len(bidders) == 1:
        return Ending(bidders[0], False, f"both sides reached {goal} on the last hand, and the bidders win")
    return _best(reached, state, countdown, f"both sides reached {goal}; the better score wins",
                 f"both sides reached {goal} with equal scores")


def after_hands(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """A game of a fixed number of hands (option ``hands``): then the higher score wins and equal is a
    tie ([002] Progressive Euchre, Basics). A ``target``, where set, also ends the game by the
    common rule."""
    if rules.get("target") is not None:
        ending = bidder_goes_out(table, rules, state, outcome)
        if ending:
            return ending
    if rules.get("hands") is None or state.counted_hands < rules["hands"]:
        return None
    everyone = list(range(table.n_sides))
    return _best(everyone, state, False, f"the highest score after {rules['hands']} hands",
                 f"equal scores after {rules['hands']} hands: a tie")


def win_on_offense(table: Table, rules: dict, state: GameState, outcome: Outcome) -> Ending | None:
    """Bid Euchre: a side over the target wins only on a hand where it made its bid; with option
    ``set_wins``, defenders who set the bidders and stand over the target also win
    ([002] Bid Euchre, Scoring; [003] Bid Euchre, win)."""
    reached = set(_reached(table, rules, state, False))
    makers = [s for s in outcome.maker_sides if s in reached]
    if outcome.made and makers:
        return Ending(makers[0], False, f"reached {rules['target']} on offense, by making the bid")
    if outcome.made is False and rules["set_wins"]:
        defenders = [s for s in reached if s not in outcome.maker_sides]
        if defenders:
            return Ending(defenders[0], False, f"set the bidders while at {rules['target']} or more")
    return None
