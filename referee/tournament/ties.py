"""The tie rule of a table's game: who wins when both pairs have the same score.

A product ruling ([002] Progressive Euchre says only that the winning team advances, and nothing about
equal scores), written down in :data:`TIE_RULE` and shown to the players.
"""
from __future__ import annotations

from referee.tournament.seats import PAIR_NAMES

TIE_RULE = (
    "A game at a table is won by the pair with the higher score. If the scores are equal, the pair that "
    "scored the last points at the table (won the last hand that changed the score) wins. If nobody scored, "
    "or only the game totals were entered, the table settles it by a cut for high card: the pair of the player "
    "who cuts highest wins. Every table therefore has one winning pair before the players move."
)


class TieNeedsCut(ValueError):
    """Equal scores that no hand decides: the table cuts for high card and says which pair won the cut.

    A ValueError, as the referee's refusals are; it carries the tied scores, so the caller can ask for
    the cut next to the right field."""

    def __init__(self, ns_points: int, ew_points: int) -> None:
        super().__init__(f"tied at {ns_points} to {ew_points} and nobody's points came last: the table settles "
                         f"it by a cut for high card; enter the pair that won the cut")
        self.ns_points = ns_points
        self.ew_points = ew_points


def settle_tie(ns_points: int, ew_points: int, *, last_scorer: str | None = None,
               cut_winner: str | None = None) -> tuple[str, str]:
    """The winning pair of one table's game, ``"NS"`` or ``"EW"``, and the reason in plain words.

    Product ruling (the tie rule, :data:`TIE_RULE`; [002] Progressive Euchre says only that the winning
    team advances and says nothing about equal scores): the higher score wins; equal scores go to
    ``last_scorer``, the pair that scored the last points at the table (the pair that won the last hand
    that scored); when nobody scored or the scores were entered as game totals (``last_scorer`` None),
    a cut for high card decides and the table enters its winner as ``cut_winner``. Without it,
    :class:`TieNeedsCut` asks for the cut.
    """
    for label, value in (("last_scorer", last_scorer), ("cut_winner", cut_winner)):
        if value is not None and value not in PAIR_NAMES:
            raise ValueError(f"{label} must be 'NS' or 'EW', not {value!r}")
    if ns_points != ew_points:
        winner = "NS" if ns_points > ew_points else "EW"
        high, low = max(ns_points, ew_points), min(ns_points, ew_points)
        return winner, f"{PAIR_NAMES[winner]} scored more ({high} to {low})."
    if last_scorer is not None:
        return last_scorer, (f"Tied at {ns_points}; {PAIR_NAMES[last_scorer]} scored the last points at "
                             f"the table.")
    if cut_winner is not None:
        return cut_winner, (f"Tied at {ns_points} with no last points to go by; {PAIR_NAMES[cut_winner]} "
                            f"won the cut for high card.")
    raise TieNeedsCut(ns_points, ew_points)
