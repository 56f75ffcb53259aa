"""The referee: pure-Python rules, scoring and trick judging for the whole Euchre family.

Public API (docs/referee-api.md): ``score_match`` (a typed ``MatchResult``), ``judge_trick``,
``legal_plays``, ``card_roles``, ``what_if``, ``VARIANTS``, ``get_variant`` and ``RefereeError``.
Nothing here imports the web app or the database.
"""
from referee.catalog import VARIANTS, get_variant
from referee.cards import CardRole, TrickJudgement
from referee.errors import RefereeError
from referee.judge import LegalAnswer, card_ranking, card_roles, explain_legal, judge_trick, legal_plays
from referee.match import score_match
from referee.result import Event, HandResult, MatchResult, RuleSection, rule_section
from referee.whatif import CHANGES as WHAT_IF_CHANGES, WhatIf, possible_changes, what_if

__all__ = ["VARIANTS", "WHAT_IF_CHANGES", "CardRole", "Event", "HandResult", "LegalAnswer", "MatchResult",
           "RefereeError", "RuleSection", "TrickJudgement", "WhatIf", "card_ranking", "card_roles", "explain_legal",
           "get_variant", "judge_trick", "legal_plays", "possible_changes", "rule_section", "score_match", "what_if"]
