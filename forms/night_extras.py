"""Forms of a night's seating wishes and prizes. Which players may be named is the check-in's (the
choices are set by the view); whether wishes contradict each other, and what a prize means, is the
referee's (``referee.tournament.wishes``, ``awards``)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from forms.common import Printable, choices
from models.night_extras import PAIR_WISHES

WISHES = (("never", "Never partners"), ("apart", "Never at one table"), ("stay", "Stays at one table"),
          ("couple-apart", "A couple: keep them apart"), ("couple-together", "A couple: keep them together"))
TABLE_MAX = 100  # 400 players


def player_id(value) -> int:
    """A chosen player's id; 0 (nobody) for anything else, so junk gets "choose a player", not a 500."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return 0
    return number if 0 < number < 2**31 else 0


class WishForm(FlaskForm):
    """One wish: two players (a pair's wishes) or a player and a table."""

    kind = RadioField("The wish", choices=choices(WISHES), default="never",
                      validators=[InputRequired("Choose what is wished.")],
                      invalid_choice_message="Choose one of the wishes.")
    player = SelectField("Player", coerce=player_id, validate_choice=False)
    other = SelectField("And", coerce=player_id, validate_choice=False)
    table = IntegerField("Table", validators=[Optional(), NumberRange(1, TABLE_MAX, f"A table from 1 to {TABLE_MAX}.")])

    def set_players(self, players: list[tuple[int, str]]) -> None:
        self.player.choices = [(0, "Choose…")] + players
        self.other.choices = [(0, "Choose…")] + players

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        known = {value for value, _ in self.player.choices if value}
        if self.player.data not in known:
            self.player.errors = list(self.player.errors) + ["Choose a player who is checked in."]
            ok = False
        if self.kind.data in PAIR_WISHES:
            if self.other.data not in known:
                self.other.errors = list(self.other.errors) + ["Choose the second player."]
                ok = False
            elif self.other.data == self.player.data:
                self.other.errors = list(self.other.errors) + ["Choose two different players."]
                ok = False
        elif self.kind.data == "stay" and self.table.data is None and not self.table.errors:
            self.table.errors = list(self.table.errors) + ["Give the table number, like 3."]
            ok = False
        return ok


class PrizesForm(FlaskForm):
    """The built-in prizes chosen, one more named prize to add, and the one-award option."""

    high = BooleanField("High score")
    low = BooleanField("Low score (booby prize)")
    loners = BooleanField("Most loners")
    high_game = BooleanField("High single game")
    one_award = BooleanField("One award per player")
    named = StringField("Add a prize by name (players are marked for it)", filters=[
        lambda v: " ".join(v.split()) if isinstance(v, str) else v], validators=[
        Optional(), Length(max=40, message="Keep the name to 40 letters."), Printable()])
