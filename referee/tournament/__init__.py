"""Progressive euchre nights: who sits where each game. Pure Python, like the rest of the referee.

- ``movement``: the classic "winners advance, losers split" movement ([002] Progressive Euchre).
- ``rotation``: a schedule fixed in advance in which partners change every game.
- ``sitouts``: choosing who sits out when the head-count is not a multiple of four.
"""
from referee.tournament.movement import Seat, Seating, TableResult, advance_winners, first_seating
from referee.tournament.rotation import Chart, ChartQuality, rotation_chart
from referee.tournament.sitouts import choose_sit_outs

__all__ = ["Chart", "ChartQuality", "Seat", "Seating", "TableResult", "advance_winners", "choose_sit_outs",
           "first_seating", "rotation_chart"]
