"""Forms of a team event: setup (with the time estimate), the PIN, a team, a random draw, a table's result,
and the director's ruling or correction."""
from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import DateField, IntegerField, PasswordField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, Regexp

from forms.common import Printable, choices
from forms.match import RulesMixin, rule_fields
from models.player import NAME_MAX, UNPRINTABLE_NAME
from models.team_event import TEAM_NAME_MAX

FORMATS = (("grand-prix", "Grand Prix: a set number of rounds, teams that have not met, similar records"),
           ("swiss", "Swiss: teams of equal records meet, never twice while avoidable"),
           ("round-robin", "Round robin: every team plays every other (up to about 12 teams)"))
POINTS_RULES = (("points", "Points scored"), ("point difference", "Point difference"))
BYE_SCORES = (("win", "A game won"), ("nothing", "Nothing"))
PLAYOFF_SIZES = (("0", "No playoff"), ("4", "Top 4"), ("8", "Top 8"))
ELIMINATIONS = (("single", "Single elimination"), ("double", "Double elimination"))
BEST_OF = (("1", "One game"), ("3", "Best of three"))
RESET = (("yes", "Yes: if the losers' bracket team wins the final, one more game decides"),
         ("no", "No: the final decides alone (finishes sooner)"))
SIDES = (("home", "Home team"), ("away", "Away team"))
MAX_TEAMS = 64


def _strip(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


def _pin_validators() -> list[Any]:
    return [InputRequired("Choose a PIN of 4 to 8 digits."), Regexp(r"^\d{4,8}$", message="The PIN is 4 to 8 digits.")]


class EventSetupForm(RulesMixin, FlaskForm):
    """The event's setup; its game's house rules are added per variant (``event_setup_form``)."""

    name = StringField("Name of the event", filters=[_strip], validators=[
        DataRequired("Give the event a name."), Length(max=80, message="Keep the name to 80 letters."), Printable()])
    day = DateField("Date", validators=[InputRequired("Give the date, like 2026-11-27.")])
    variant = SelectField("Game", validators=[InputRequired("Choose a game.")],
                          validate_choice=True)
    group = SelectField("Group (its stats count the games)", validate_choice=True,
                        validators=[Optional()])
    format = RadioField("Format", choices=choices(FORMATS), default="grand-prix",
                        validators=[InputRequired("Choose a format.")], invalid_choice_message="Choose a format.")
    rounds = IntegerField("Rounds (Grand Prix and Swiss)", default=5, validators=[
        InputRequired("How many rounds? Give a number."), NumberRange(1, 20, "Between 1 and 20 rounds.")])
    points_rule = RadioField("After games won, rank a Grand Prix by", choices=choices(POINTS_RULES), default="points",
                             validators=[InputRequired("Choose points or point difference.")],
                             invalid_choice_message="Choose points or point difference.")
    bye = RadioField("A bye counts as", choices=choices(BYE_SCORES), default="win",
                     validators=[InputRequired("Choose what a bye counts as.")],
                     invalid_choice_message="Choose what a bye counts as.")
    bye_points = IntegerField("Points for a bye", default=0, validators=[
        Optional(), NumberRange(0, 99, "Between 0 and 99 points.")])
    playoff_size = RadioField("Playoff", choices=choices(PLAYOFF_SIZES), default="0",
                              validators=[InputRequired("Choose a playoff, or none.")],
                              invalid_choice_message="Choose a playoff, or none.")
    playoff_elimination = RadioField("Playoff kind", choices=choices(ELIMINATIONS), default="single",
                                     validators=[InputRequired("Choose single or double elimination.")],
                                     invalid_choice_message="Choose single or double elimination.")
    playoff_best_of = RadioField("Each playoff match", choices=choices(BEST_OF), default="1",
                                 validators=[InputRequired("Choose one game or best of three.")],
                                 invalid_choice_message="Choose one game or best of three.")
    playoff_reset = RadioField("Deciding final (double elimination)", choices=choices(RESET), default="yes",
                               validators=[InputRequired("Choose whether a deciding final is played.")],
                               invalid_choice_message="Choose whether a deciding final is played.")
    bell_minutes = IntegerField("Bell timer: minutes a round lasts (optional)", validators=[
        Optional(), NumberRange(5, 180, "Between 5 and 180 minutes, or leave it empty.")])
    minutes_per_game = IntegerField("Minutes a game takes here", default=20, validators=[
        InputRequired("How long does a game take? Give minutes."), NumberRange(5, 120, "Between 5 and 120 minutes.")])
    expected_teams = IntegerField("Teams expected (for the estimate)", default=16, validators=[
        Optional(), NumberRange(2, MAX_TEAMS, f"Between 2 and {MAX_TEAMS} teams.")])
    pin = PasswordField("Director PIN", validators=_pin_validators())
    pin_again = PasswordField("PIN again", validators=[InputRequired("Type the PIN again.")])

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if self.pin.data and self.pin_again.data != self.pin.data:
            self.pin_again.errors = list(self.pin_again.errors) + ["The two PINs differ; type the same PIN twice."]
            ok = False
        return self.check_rules() and ok


def event_setup_form(variant: Any, formdata: Any = None) -> EventSetupForm:
    """The setup form with ``variant``'s house rules, as a new match offers them (its target among them)."""
    attrs: dict[str, Any] = {}
    defaults: dict[str, Any] = {}
    option_fields = rule_fields(variant, attrs, defaults)
    cls = type("EventForm", (EventSetupForm,), attrs)
    cls.option_fields = option_fields
    if formdata is not None:  # a rule the page did not show (another game was chosen) keeps its default
        formdata = formdata.copy()
        for name, _option in option_fields:
            if name not in formdata and not isinstance(defaults[name], bool):
                formdata[name] = "" if defaults[name] is None else str(defaults[name])
    return cls(formdata=formdata, data=None if formdata is not None else defaults)


class PinForm(FlaskForm):
    pin = PasswordField("Director PIN", validators=[InputRequired("Type the director's PIN.")])


def _player(label: str, missing: str) -> StringField:
    return StringField(label, filters=[_strip], validators=[
        DataRequired(missing), Length(max=NAME_MAX, message=f"Keep names to {NAME_MAX} letters."),
        Printable(UNPRINTABLE_NAME)])


class TeamForm(FlaskForm):
    player_one = _player("First player", "Write the first player's name.")
    player_two = _player("Second player", "Write the second player's name.")
    name = StringField("Team name (optional)", filters=[_strip], validators=[
        Optional(), Length(max=TEAM_NAME_MAX, message=f"Keep the team name to {TEAM_NAME_MAX} letters."),
        Printable(UNPRINTABLE_NAME)])


class DrawForm(FlaskForm):
    names = TextAreaField("Players, one per line", validators=[DataRequired("Write the players' names."),
                                                               Printable(UNPRINTABLE_NAME, lines=True)])

    def cleaned(self) -> list[str]:
        return [n for n in (_strip(line) for line in (self.names.data or "").splitlines()) if n]

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        names = self.cleaned()
        if ok and any(len(n) > NAME_MAX for n in names):
            self.names.errors = [f"Keep names to {NAME_MAX} letters."]
            ok = False
        if ok and len(names) > 2 * MAX_TEAMS:
            self.names.errors = [f"At most {2 * MAX_TEAMS} players."]
            ok = False
        return ok


def _points(label: str) -> IntegerField:
    return IntegerField(label, validators=[InputRequired(f"Give the {label.lower()}."),
                                           NumberRange(-999, 999, "Points from −999 to 999.")])


def _loners(label: str) -> IntegerField:
    return IntegerField(label, default=0, validators=[Optional(), NumberRange(0, 30, "From 0 to 30.")])


class ResultForm(FlaskForm):
    """A table's game: each team's points and the lone hands it made; on level scores, who takes it."""

    home_points = _points("Home team's points")
    away_points = _points("Away team's points")
    home_loners = _loners("Loners made by the home team")
    away_loners = _loners("Loners made by the away team")
    cut_winner = RadioField("Level: which team takes the game (scored last, or won the cut)?", choices=choices(SIDES),
                            validators=[Optional()], invalid_choice_message="Choose the team that takes the game.")
    side = RadioField("Which team are you?", choices=choices(SIDES),
                      validators=[InputRequired("Say which team you are.")],
                      invalid_choice_message="Say which team you are.")


class HandsSendForm(FlaskForm):
    """The score of the hands entered on the scoresheet, sent by one team; on level scores with no hand to
    decide it, who won the cut."""

    cut_winner = RadioField("Level: which team won the cut?", choices=choices(SIDES), validators=[Optional()],
                            invalid_choice_message="Choose the team that takes the game.")
    side = RadioField("Which team are you?", choices=choices(SIDES),
                      validators=[InputRequired("Say which team you are.")],
                      invalid_choice_message="Say which team you are.")


class SideForm(FlaskForm):
    side = RadioField("Which team are you?", choices=choices(SIDES),
                      validators=[InputRequired("Say which team you are.")],
                      invalid_choice_message="Say which team you are.")


class RulingForm(FlaskForm):
    """The director's result for a table: a ruling (unfinished) or a correction (done)."""

    home_points = _points("Home team's points")
    away_points = _points("Away team's points")
    home_loners = _loners("Loners made by the home team")
    away_loners = _loners("Loners made by the away team")
    cut_winner = RadioField("Level: which team takes the game?", choices=choices(SIDES), validators=[Optional()],
                            invalid_choice_message="Choose the team that takes the game.")
    reason = StringField("Reason (kept in the log)", filters=[_strip], validators=[
        Optional(), Length(max=200, message="Keep the reason to 200 letters."), Printable()])
