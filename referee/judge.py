"""Trick judging and legal plays for a named variant, with its deck and trump rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.cards import (JOKER, CardRole, Ranking, TrickJudgement, card_label, check_cards, judge, legal_cards,
                           parse_card, parse_trump, suit_name)
from referee.catalog import get_variant
from referee.errors import RefereeError


def _setting(variant_key: str, trump: Any, rules: dict | None, players: Any = None):
    """The variant, the table's size (``players``, or the largest table the variant seats when not
    given), that table's pack and the trump."""
    variant = get_variant(variant_key)
    seats = max(variant.players) if players is None else variant.require_players(players)
    deck = variant.deck(variant.resolve_rules(rules or {}), seats)
    trump_value = parse_trump(trump, variant.trumps)
    return variant, seats, deck, trump_value


def judge_trick(variant: str, trump: Any, plays: Any, rules: dict | None = None,
                players: Any = None) -> TrickJudgement:
    """Who won a trick: ``plays`` is ``[(seat, card), ...]`` in the order played, the first one led.
    ``players``, when given, is the table's size, so a seat past it is refused (seats count from 0)."""
    game, seats, deck, trump_value = _setting(variant, trump, rules, players)
    if not isinstance(plays, (list, tuple)) or not plays:
        raise RefereeError("A trick needs the cards played, in order: [[seat, card], ...].", field="plays")
    parsed: list[tuple[int, str]] = []
    for entry in plays:
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise RefereeError("Each play is [seat, card], for example [0, \"AS\"].", field="plays")
        seat, card = entry
        if type(seat) is not int or not 0 <= seat < seats:
            raise RefereeError(f"{seat!r} is not a seat at a {seats}-player table of {game.name} "
                               f"(seats count from 0).", field="plays")
        parsed.append((seat, parse_card(card, field="plays")))
    if len(parsed) > seats:
        raise RefereeError(f"A trick at a {seats}-player table of {game.name} has at most {seats} cards.",
                           field="plays")
    if len({seat for seat, _ in parsed}) != len(parsed):
        raise RefereeError("A seat played twice to the same trick.", field="plays")
    check_cards([card for _, card in parsed], deck, field="plays")
    if trump_value == "NT" and any(card == JOKER for _, card in parsed):
        raise RefereeError("The joker needs a trump suit.", field="plays")
    return judge(parsed, deck, trump_value)


def legal_plays(variant: str, trump: Any, led: Any, hand: Any, rules: dict | None = None) -> list[str]:
    """The cards of ``hand`` a player may play to a trick led by ``led`` (``None`` when leading)."""
    game, _, deck, trump_value = _setting(variant, trump, rules)
    if not isinstance(hand, list) or not hand:
        raise RefereeError("The hand must be a list of cards, such as [\"JD\", \"KS\"].", field="hand")
    cards = [parse_card(card, field="hand") for card in hand]
    check_cards(cards, deck, field="hand")
    led_card = None if led is None else parse_card(led, field="led")
    if led_card is not None:
        check_cards([led_card], deck, field="led")
    return legal_cards(cards, led_card, Ranking(deck, trump_value))


@dataclass(frozen=True)
class LegalAnswer:
    """The cards a player may play, and why, in words (for the renege check)."""

    legal: list[str]
    reason: str


def explain_legal(variant: str, trump: Any, led: Any, hand: Any, rules: dict | None = None) -> LegalAnswer:
    """Like ``legal_plays``, with a sentence that explains the follow-suit rule, including the left
    bower belonging to the trump suit ([004] Card rankings: "the J of spades may not follow a spade
    lead ... when clubs are trump")."""
    legal = legal_plays(variant, trump, led, hand, rules)
    game, _, deck, trump_value = _setting(variant, trump, rules)
    if led is None:
        return LegalAnswer(legal, "You are leading, so any card may be played.")
    ranking = Ranking(deck, trump_value)
    led_card = parse_card(led, field="led")
    led_suit = ranking.suit_of(led_card)
    cards = [parse_card(card, field="hand") for card in hand]
    led_words = f"{card_label(led_card)} was led, so {suit_name(led_suit)} must be followed"
    if ranking.is_left_bower(led_card) or led_card == JOKER:
        kind = "the joker" if led_card == JOKER else "the left bower"
        led_words = f"{card_label(led_card)} was led and {kind} is a trump, so {suit_name(led_suit)} must be followed"
    bowers = [c for c in cards if ranking.is_left_bower(c)]
    bower_words = ""
    if bowers and bowers[0][1] == led_suit:
        bower_words = (f" {card_label(bowers[0])} is the left bower: it counts as a {suit_name(trump_value)[:-1]}, "
                       f"not a {suit_name(led_suit)[:-1]}, so it does not follow.")
    elif bowers and led_suit == trump_value:
        bower_words = f" {card_label(bowers[0])} is the left bower, so it follows trump."
    if len(legal) == len(cards):
        return LegalAnswer(legal, f"{led_words}; you hold none, so any card may be played.{bower_words}")
    shown = ", ".join(card_label(c) for c in legal)
    return LegalAnswer(legal, f"{led_words}: you must play {shown}. Playing anything else is a renege.{bower_words}")


def card_ranking(variant: str, trump: Any, rules: dict | None = None) -> dict:
    """The full order of the trump suit and of each plain suit, best first, for the ranking viewer."""
    game, _, deck, trump_value = _setting(variant, trump, rules)
    ranking = Ranking(deck, trump_value)
    plain = {suit: ranking.plain_order(suit) for suit in "SHDC" if suit != trump_value}
    return {"deck": deck.name, "trump": ranking.trump_order(), "plain": plain}


def card_roles(variant: str, trump: Any, rules: dict | None = None) -> dict[str, CardRole]:
    """Each card of the trump suit, best first, with its role: the best bower (joker), the right and
    left bowers, or a trump (``Ranking.role``; no roles with no trump)."""
    _, _, deck, trump_value = _setting(variant, trump, rules)
    ranking = Ranking(deck, trump_value)
    return {card: ranking.role(card) for card in ranking.trump_order()}
