"""Database models: groups, players, matches (with their seats) and hands, and progressive nights.

A hand row holds exactly the keys of a match-document hand (``shared/spec/match-format.md``),
so a match turns into its match document without any translation, and the referee scores that.
"""
from extensions import db
from models.group import Group, RemovedMatch, Season
from models.player import Player
from models.match import Match, MatchSeat
from models.hand import Hand, HAND_KEYS
from models.night import (AccessAttempt, AuditEntry, Night, NightPlayer, NightScreen, NightSeat, NightTable,
                          TableGame)
from models.night_extras import NightOptions, NightPlayerTag, NightPrize, NightWish
from models.team_event import EventAudit, EventBye, EventGame, EventRound, EventTable, EventTeam, TeamEvent

__all__ = ["db", "Group", "RemovedMatch", "Season", "Player", "Match", "MatchSeat", "Hand", "HAND_KEYS", "AuditEntry",
           "Night", "NightPlayer", "NightScreen", "NightSeat", "NightTable", "AccessAttempt", "TableGame",
           "NightOptions", "NightPlayerTag", "NightPrize", "NightWish",
           "TeamEvent", "EventTeam", "EventTable", "EventRound", "EventBye", "EventGame", "EventAudit"]
