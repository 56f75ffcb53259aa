"""Forms of the dispute tools: the card ranking viewer, the trick judge and the renege check.

They check what a form can check (a game from the list, a button that exists, how many cards were
tapped); whether a card is in the game's deck, which card wins and which cards may be played are
the referee's calls, and its messages are put next to the field they name (``referee_error``).
"""
from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, SelectMultipleField, StringField
from wtforms.validators import Optional

import referee

from forms.common import Printable, normalise_card, option_of, rules_for_deck, variant_groups

TRUMP_VALUES = ("S", "H", "D", "C", "NT")
SKIP = "--"
LEADING = "lead"
DEFAULT_VARIANT = "euchre"
PLAYS_MAX = 40


def variant_choices() -> dict[str, list[tuple[str, str]]]:
    """The games for a <select>, grouped as on the rules index."""
    return {group: [(v.key, v.name) for v in variants] for group, variants in variant_groups()}


def split_cards(text: str | None) -> list[str]:
    """"AS, 10h  jd" -> ["AS", "TH", "JD"]: card codes tidied up, in order; "-" marks a seat that sat out."""
    tokens = [t for t in re.split(r"[\s,;]+", text or "") if t]
    return [SKIP if set(t) == {"-"} else normalise_card(t) for t in tokens]


def add_error(field: Any, message: str) -> None:
    field.errors = list(field.errors or []) + [message]


class GameForm(FlaskForm):
    """The game, its deck (where the house rule ``deck`` picks one), the head-count and trump."""

    variant = SelectField("Game", validate_choice=False)
    deck = HiddenField("Deck")
    players = HiddenField("Players")
    trump = HiddenField("Trump")

    trump_required = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant.choices = variant_choices()
        self.game = referee.get_variant(DEFAULT_VARIANT)
        self.n = self.game.default_players
        self.rules: dict = {}
        self._resolve()

    # The variant decides which decks, head-counts and trumps the page shows, so it is read first.
    def _resolve(self) -> None:
        key = self.variant.data or DEFAULT_VARIANT
        if key in referee.VARIANTS:
            self.game = referee.get_variant(key)
        self.variant.data = self.game.key if key in referee.VARIANTS else key
        try:
            n = int(self.players.data or 0)
        except ValueError:
            n = 0
        # A head-count from another game (the game was just changed) falls back to this game's usual one.
        self.n = n if n in self.game.players else self.game.default_players
        self.players.data = str(self.n)
        option = option_of(self.game, "deck")
        if option is None:
            self.deck.data = ""
        elif not self.deck.data or not rules_for_deck(self.game, self.deck.data):
            self.deck.data = str(option.default)
        self.rules = rules_for_deck(self.game, self.deck.data)
        trump = (self.trump.data or "").strip().upper()
        self.trump.data = trump

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        if self.variant.data not in referee.VARIANTS:
            add_error(self.variant, "Choose a game from the list.")
            ok = False
        if self.trump.data and self.trump.data not in TRUMP_VALUES:
            add_error(self.trump, "Tap one of the trump buttons: ♠ ♥ ♦ ♣ or No trump.")
            ok = False
        return ok

    @property
    def trump_value(self) -> str | None:
        return self.trump.data if self.trump.data in TRUMP_VALUES else None

    def referee_error(self, error: Any, field_map: dict[str, str] | None = None) -> None:
        """Put the referee's words next to the field they are about."""
        name = (field_map or {}).get(error.field or "", error.field or "")
        name = {"rules": "deck"}.get(name, name)
        field = self._fields.get(name) if name and name != "csrf_token" else None
        add_error(field if field is not None else self.variant, error.message)

    def has_errors(self) -> bool:
        return any(f.errors for f in self._fields.values())


class RankingForm(GameForm):
    """The card ranking viewer: a GET form (it changes nothing), so no CSRF token."""

    class Meta:
        csrf = False


class JudgeForm(GameForm):
    """Who won a trick: who led, then the cards in the order played, tapped one by one.

    ``plays`` carries the cards tapped so far ("AS JD -- KS"; "--" for a seat that sat out because
    its partner went alone); ``card`` is the card button just tapped and ``do`` the other buttons.
    """

    led = HiddenField("Led by")
    plays = StringField("Cards played, in order", validators=[Optional(), Printable()])
    card = HiddenField()
    do = HiddenField()

    def led_seat(self) -> int:
        try:
            seat = int(self.led.data)
        except (TypeError, ValueError):
            return 0
        return seat if 0 <= seat < self.n else 0

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        if self.led.data not in (None, "") and str(self.led_seat()) != str(self.led.data).strip():
            add_error(self.led, f"Tap the seat that led (1 to {self.n}).")
            ok = False
        if len(self.plays.data or "") > PLAYS_MAX * 4:
            add_error(self.plays, "That is far more cards than a trick holds.")
            ok = False
        return ok

    def tokens(self) -> list[str]:
        """The cards tapped so far after this request's button: a card added, the last one undone,
        a seat marked as sitting out, or a new trick."""
        tokens = split_cards(self.plays.data)[:PLAYS_MAX]
        action = (self.do.data or "").strip().lower()
        if action == "clear":
            return []
        if action == "undo":
            return tokens[:-1]
        if len(tokens) < self.n:
            if action == "skip":
                tokens.append(SKIP)
            elif self.card.data:
                tokens.append(normalise_card(self.card.data))
        return tokens


class RenegeForm(GameForm):
    """Was that a renege: the card led, the player's hand, and (optionally) the card they played."""

    led = HiddenField("Card led")
    hand = SelectMultipleField("Their hand", validate_choice=False)
    played = HiddenField("They played")

    def led_card(self) -> str | None:
        value = (self.led.data or "").strip()
        if not value or value.lower() == LEADING:
            return None
        return normalise_card(value)

    def hand_cards(self) -> list[str]:
        return [normalise_card(c) for c in (self.hand.data or []) if c and c.strip()]

    def played_card(self) -> str | None:
        value = (self.played.data or "").strip()
        return normalise_card(value) if value else None

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        hand = self.hand_cards()
        most = self.game.tricks_for(self.n)
        if len(hand) > most:
            add_error(self.hand, f"A hand in {self.game.name} has {most} cards at most; you tapped {len(hand)}.")
            ok = False
        led = self.led_card()
        copies = self.game.deck_for(self.rules, self.n).copies
        if led is not None and hand.count(led) + 1 > copies:
            add_error(self.led, "That card was led, so it cannot also be in this hand: the deck has only "
                                f"{'one' if copies == 1 else copies}.")
            ok = False
        played = self.played_card()
        if played is not None and played not in hand:
            add_error(self.played, "Tap one of the cards in the hand (or leave it empty).")
            ok = False
        return ok
