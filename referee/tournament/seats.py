"""The seats and pairs of a four-player partnership table: one vocabulary for the referee and the app.

[002] Progressive Euchre, Basics: four players to a table, partners sit across from each other. The
seats are named by the compass, clockwise: North, East, South, West; North and South are partners,
East and West. A match seats its players clockwise from 0 with 0 and 2 partners
(``../shared/spec/match-format.md``), so North is match seat 0. The pair names are written with an en
dash, as on every screen.
"""
from __future__ import annotations

SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
PAIRS = (("N", "S"), ("E", "W"))  # the seats of each pair
PAIR_NAMES = {"NS": "North–South", "EW": "East–West"}
PAIR_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER_PAIR = {"NS": "EW", "EW": "NS"}
MATCH_SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}  # the match document's seat of each compass seat
