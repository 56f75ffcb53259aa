"""Forms of a progressive night: setup, director PIN, check-in, a game total, closing and correcting
a table's game."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_wtf import FlaskForm
from wtforms import DateField, HiddenField, IntegerField, PasswordField, RadioField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, Regexp

from forms.common import Printable, choices
from forms.match import RulesMixin, rule_fields
from models.player import NAME_MAX, UNPRINTABLE_NAME
from referee.tournament.seats import PAIR_NAMES

MOVEMENTS = (("winners", "Winners advance, losers split"), ("chart", "Rotation chart (partners change every game)"))
SIT_OUT_MODES = (("average", "The average of the game"), ("fixed", "A fixed number"))
PAIRS = tuple(PAIR_NAMES.items())
MAX_PLAYERS = 400


def _strip(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


class NightSetupForm(RulesMixin, FlaskForm):
    variant = HiddenField(validators=[InputRequired("Choose a game first.")])
    name = StringField("Name of the night", filters=[_strip], validators=[
        DataRequired("Give the night a name."), Length(max=80, message="Keep the name to 80 letters."), Printable()])
    day = DateField("Date", validators=[InputRequired("Give the date, like 2026-11-27.")])
    games = IntegerField("Games", default=10, validators=[
        InputRequired("How many games? Give a number."), NumberRange(1, 30, "Between 1 and 30 games.")])
    hands_per_game = IntegerField("Hands per game at the head table", default=8, validators=[
        InputRequired("How many hands? Give a number."), NumberRange(1, 30, "Between 1 and 30 hands.")])
    movement = RadioField("Movement", choices=choices(MOVEMENTS), default="winners",
                          validators=[InputRequired("Choose a movement.")],
                          invalid_choice_message="Choose one of the movements.")
    sit_out_mode = RadioField("A player who sits out scores", choices=choices(SIT_OUT_MODES), default="average",
                              validators=[InputRequired("Choose what a sit-out scores.")],
                              invalid_choice_message="Choose what a sit-out scores.")
    sit_out_points = IntegerField("Fixed sit-out points", default=0, validators=[
        Optional(), NumberRange(0, 99, "Between 0 and 99 points.")])
    bell_minutes = IntegerField("Bell timer (minutes, optional)", validators=[
        Optional(), NumberRange(1, 120, "Between 1 and 120 minutes, or leave it empty.")])
    pin = PasswordField("Director PIN", validators=[
        InputRequired("Choose a PIN of 4 to 8 digits."),
        Regexp(r"^\d{4,8}$", message="The PIN is 4 to 8 digits.")])
    pin_again = PasswordField("PIN again", validators=[InputRequired("Type the PIN again.")])

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if self.pin.data and self.pin_again.data != self.pin.data:
            self.pin_again.errors = list(self.pin_again.errors) + ["The two PINs differ; type the same PIN twice."]
            ok = False
        if self.sit_out_mode.data == "fixed" and self.sit_out_points.data is None:
            self.sit_out_points.errors = list(self.sit_out_points.errors) + ["Give the fixed number of points."]
            ok = False
        return self.check_rules() and ok


def night_setup_form(variant: Any, formdata: Any = None) -> NightSetupForm:
    """The setup form with ``variant``'s house rules (its hand limit is the night's own field)."""
    attrs: dict[str, Any] = {}
    defaults: dict[str, Any] = {"variant": variant.key, "day": date.today(), "games": 10, "hands_per_game": 8,
                                "movement": "winners", "sit_out_mode": "average", "sit_out_points": 0}
    option_fields = rule_fields(variant, attrs, defaults, skip=("hands",))
    cls = type("NightForm", (NightSetupForm,), attrs)
    cls.option_fields = option_fields
    return cls(formdata=formdata, data=None if formdata is not None else defaults)


class PinForm(FlaskForm):
    pin = PasswordField("Director PIN", validators=[InputRequired("Type the director's PIN.")])


class CheckInForm(FlaskForm):
    names = TextAreaField("Names, one per line", validators=[DataRequired("Write at least one name."),
                                                             Printable(UNPRINTABLE_NAME, lines=True)])

    def cleaned(self) -> list[str]:
        return [n for n in (_strip(line) for line in (self.names.data or "").splitlines()) if n]

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        too_long = [n for n in self.cleaned() if len(n) > NAME_MAX]
        if too_long:
            self.names.errors = list(self.names.errors) + [
                f"Keep names to {NAME_MAX} letters: “{too_long[0][:NAME_MAX]}…” is too long."]
            ok = False
        return ok


class GamesForm(FlaskForm):
    """The number of games, changed during the night (never below the games started: the service)."""

    games = IntegerField("Games", validators=[
        InputRequired("How many games? Give a number."), NumberRange(1, 30, "Between 1 and 30 games.")])

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if self.games.data is None and self.games.raw_data and self.games.raw_data[0].strip():
            self.games.errors = ["How many games? Give a number, like 8."]  # not WTForms' "integer value"
        return ok


class RenameForm(FlaskForm):
    """A checked-in player's new name: the same checks as check-in."""

    name = StringField("New name", filters=[_strip], validators=[
        DataRequired("Write the new name."), Length(max=NAME_MAX, message=f"Keep names to {NAME_MAX} letters."),
        Printable(UNPRINTABLE_NAME)])


class GameTotalForm(FlaskForm):
    """A table's game as totals: the points of each pair and the lone hands each player made."""

    ns_points = IntegerField("North–South points", validators=[
        InputRequired("Give North–South's points."), NumberRange(0, 999, "Points from 0 to 999.")])
    ew_points = IntegerField("East–West points", validators=[
        InputRequired("Give East–West's points."), NumberRange(0, 999, "Points from 0 to 999.")])
    loners_N = IntegerField("North", default=0, validators=[Optional(), NumberRange(0, 30, "From 0 to 30.")])
    loners_E = IntegerField("East", default=0, validators=[Optional(), NumberRange(0, 30, "From 0 to 30.")])
    loners_S = IntegerField("South", default=0, validators=[Optional(), NumberRange(0, 30, "From 0 to 30.")])
    loners_W = IntegerField("West", default=0, validators=[Optional(), NumberRange(0, 30, "From 0 to 30.")])
    cut_winner = RadioField("Tied: who won the cut for high card?", choices=choices(PAIRS),
                            validators=[Optional()], invalid_choice_message="Choose the pair that won the cut.")

    def loners(self) -> dict[str, int]:
        return {seat: self[f"loners_{seat}"].data or 0 for seat in "NESW"}


class SubmitForm(FlaskForm):
    """Submit the game as played hand by hand; on a tie with no scoring hand, the cut decides."""

    pair = RadioField(choices=choices(PAIRS), validators=[InputRequired("Say which pair is sending the result.")],
                      invalid_choice_message="Say which pair is sending the result.")
    cut_winner = RadioField("Tied: who won the cut for high card?", choices=choices(PAIRS),
                            validators=[Optional()], invalid_choice_message="Choose the pair that won the cut.")


class CorrectionForm(GameTotalForm):
    """The director's correction (or closing score) of one table's game."""

    reason = StringField("Why (kept in the audit trail)", filters=[_strip], validators=[
        Optional(), Length(max=200, message="Keep the reason to 200 letters."), Printable()])
