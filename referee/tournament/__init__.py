"""Progressive euchre nights: who sits where each game. Pure Python, like the rest of the referee.

- ``movement``: the classic "winners advance, losers split" movement ([002] Progressive Euchre).
- ``rotation``: a schedule fixed in advance in which partners change every game.
- ``sitouts``: choosing who sits out when the head-count is not a multiple of four; sit-out points.
- ``night``: planning each game of a night with late arrivals and leavers (``plan``: a game's plan;
  ``charts``: the chart movement).
- ``ties``: the tie rule of a table's game. ``seats``: the seats and pairs, one vocabulary.
- ``prizes``: standings and prizes with a documented tie-break.
- ``teams``: team events of fixed partners: Grand Prix, Swiss and round-robin pairings, byes, standings with
  named tie-breaks, and the estimated running time.
- ``bracket``: the playoff after a team event: single or double elimination for the top 4 or 8.
"""
from referee.tournament.movement import Seat, Seating, TableResult, advance_winners, first_seating
from referee.tournament.night import (TIE_RULE, ChartState, GamePlan, TieNeedsCut, plan_game, settle_tie,
                                      sit_out_points)
from referee.tournament.prizes import PRIZE_RULES, Prize, Standing, Tally, award_prizes, standings
from referee.tournament.rotation import Chart, ChartQuality, quality_floor, rotation_chart
from referee.tournament.sitouts import choose_sit_outs

__all__ = ["PRIZE_RULES", "TIE_RULE", "Chart", "ChartQuality", "ChartState", "GamePlan", "Prize", "Seat",
           "Seating", "Standing", "TableResult", "Tally", "TieNeedsCut", "advance_winners", "award_prizes",
           "choose_sit_outs", "first_seating", "plan_game", "quality_floor", "rotation_chart", "settle_tie",
           "sit_out_points", "standings"]
