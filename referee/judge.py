"""Trick judging and legal plays for a named variant, with its deck and trump rules."""
from __future__ import annotations

from typing import Any

from referee.cards import JOKER, Ranking, TrickJudgement, check_cards, judge, legal_cards, parse_card, parse_trump
from referee.catalog import get_variant
from referee.errors import RefereeError


def _setting(variant_key: str, trump: Any, rules: dict | None):
    variant = get_variant(variant_key)
    resolved = variant.resolve_rules(rules or {})
    deck = variant.deck(resolved, variant.default_players)
    trump_value = parse_trump(trump, variant.trumps)
    return variant, deck, trump_value


def judge_trick(variant: str, trump: Any, plays: Any, rules: dict | None = None) -> TrickJudgement:
    """Who won a trick: ``plays`` is ``[(seat, card), ...]`` in the order played, the first one led."""
    game, deck, trump_value = _setting(variant, trump, rules)
    if not isinstance(plays, (list, tuple)) or not plays:
        raise RefereeError("A trick needs the cards played, in order: [[seat, card], ...].", field="plays")
    parsed: list[tuple[int, str]] = []
    for entry in plays:
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise RefereeError("Each play is [seat, card], for example [0, \"AS\"].", field="plays")
        seat, card = entry
        if type(seat) is not int or not 0 <= seat < max(game.players):
            raise RefereeError(f"{seat!r} is not a seat in {game.name}.", field="plays")
        parsed.append((seat, parse_card(card, field="plays")))
    if len(parsed) > max(game.players):
        raise RefereeError(f"A trick in {game.name} has at most {max(game.players)} cards.", field="plays")
    if len({seat for seat, _ in parsed}) != len(parsed):
        raise RefereeError("A seat played twice to the same trick.", field="plays")
    check_cards([card for _, card in parsed], deck, field="plays")
    if trump_value == "NT" and any(card == JOKER for _, card in parsed):
        raise RefereeError("The joker needs a trump suit.", field="plays")
    return judge(parsed, deck, trump_value)


def legal_plays(variant: str, trump: Any, led: Any, hand: Any, rules: dict | None = None) -> list[str]:
    """The cards of ``hand`` a player may play to a trick led by ``led`` (``None`` when leading)."""
    game, deck, trump_value = _setting(variant, trump, rules)
    if not isinstance(hand, list) or not hand:
        raise RefereeError("The hand must be a list of cards, such as [\"JD\", \"KS\"].", field="hand")
    cards = [parse_card(card, field="hand") for card in hand]
    check_cards(cards, deck, field="hand")
    led_card = None if led is None else parse_card(led, field="led")
    if led_card is not None:
        check_cards([led_card], deck, field="led")
    return legal_cards(cards, led_card, Ranking(deck, trump_value))
