"""The referee: pure-Python rules, scoring and trick judging for the whole Euchre family.

Public API (docs/referee-api.md): ``score_match``, ``judge_trick``, ``legal_plays``, ``VARIANTS``,
``get_variant`` and ``RefereeError``. Nothing here imports the web app or the database.
"""
from referee.catalog import VARIANTS, get_variant
from referee.cards import TrickJudgement
from referee.errors import RefereeError
from referee.judge import LegalAnswer, card_ranking, explain_legal, judge_trick, legal_plays
from referee.match import score_match

__all__ = ["VARIANTS", "LegalAnswer", "RefereeError", "TrickJudgement", "card_ranking", "explain_legal", "get_variant",
           "judge_trick", "legal_plays", "score_match"]
