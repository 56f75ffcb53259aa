"""Forms of the groups: create one, join with a code, filter the history and the stats, rename and
merge players, import match documents. They check what a form can check; the views decide the rest."""
from __future__ import annotations

from datetime import date
from typing import Any
from zoneinfo import available_timezones

from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField
from wtforms import DateField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, NumberRange, Optional, ValidationError

from forms.common import Printable, choices
from models.group import GROUP_NAME_MAX, Group
from models.player import NAME_MAX, UNPRINTABLE_NAME

MIN_GAMES_DEFAULT = 3
ZONES = sorted(zone for zone in available_timezones() if "/" in zone and not zone.startswith(("Etc/", "SystemV/"))) \
    + ["UTC"]


def _strip(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


def add_error(field: Any, message: str) -> None:
    field.errors = list(field.errors or []) + [message]


class GroupForm(FlaskForm):
    name = StringField("Group name", filters=[_strip], validators=[
        DataRequired("Give the group a name, e.g. Thursday euchre."),
        Length(max=GROUP_NAME_MAX, message=f"Keep the name to {GROUP_NAME_MAX} letters."), Printable()])


class JoinForm(FlaskForm):
    code = StringField("Group code", filters=[_strip], validators=[
        DataRequired("Type the group's code (or paste its join link)."), Printable()])

    group: Group | None = None

    def validate_code(self, field: Any) -> None:
        self.group = Group.by_code(field.data)
        if self.group is None:
            raise ValidationError("No group has this code. Check it with whoever gave it to you.")


class _GetForm(FlaskForm):
    """A filter sent in the URL: no CSRF token (it changes nothing)."""

    class Meta:
        csrf = False


class StatsFilterForm(_GetForm):
    variant = SelectField("Game", choices=choices([("", "All games")]), default="")
    min_games = IntegerField("Fewest games to be ranked", default=MIN_GAMES_DEFAULT, validators=[
        Optional(), NumberRange(1, 1000, "Give a number of games from 1 to 1000.")])
    season = SelectField("Season", choices=choices([("", "Any time")]), default="")
    since = DateField("From", validators=[Optional()])
    until = DateField("To", validators=[Optional()])

    def __init__(self, variants: list[tuple[str, str]], *args: Any,
                 seasons: list[tuple[int, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant.choices = choices([("", "All games")] + variants)
        self.season.choices = choices([("", "Any time")] + [(str(sid), name) for sid, name in seasons or []])

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if self.since.data and self.until.data and self.since.data > self.until.data:
            add_error(self.until, "The end date comes before the start date.")
            ok = False
        return ok

    @property
    def variant_key(self) -> str | None:
        return self.variant.data or None if not self.variant.errors else None

    @property
    def minimum(self) -> int:
        return self.min_games.data if self.min_games.data and not self.min_games.errors else MIN_GAMES_DEFAULT

    @property
    def season_id(self) -> int | None:
        return int(self.season.data) if self.season.data and not self.season.errors else None

    def dates(self) -> tuple[date | None, date | None]:
        since = self.since.data if not self.since.errors else None
        until = self.until.data if not self.until.errors else None
        return since, until


class HistoryFilterForm(StatsFilterForm):
    player = SelectField("Player", choices=choices([("", "Everyone")]), default="")
    page = IntegerField("Page", default=1, validators=[Optional(), NumberRange(1, 100000, "No such page.")])

    def __init__(self, variants: list[tuple[str, str]], players: list[tuple[int, str]], *args: Any,
                 **kwargs: Any) -> None:
        super().__init__(variants, *args, **kwargs)
        self.player.choices = choices([("", "Everyone")] + [(str(pid), name) for pid, name in players])

    @property
    def player_id(self) -> int | None:
        return int(self.player.data) if self.player.data and not self.player.errors else None

    @property
    def page_number(self) -> int:
        return self.page.data if self.page.data and not self.page.errors else 1


class HeadToHeadForm(_GetForm):
    a = SelectField("Player", coerce=str, default="")
    b = SelectField("and", coerce=str, default="")

    def __init__(self, players: list[tuple[int, str]], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.a.choices = self.b.choices = choices([("", "Choose a player")] + [(str(pid), n) for pid, n in players])

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if ok and self.a.data and self.a.data == self.b.data:
            add_error(self.b, "Choose two different players.")
            ok = False
        return ok

    def pair(self) -> tuple[int, int] | None:
        if self.errors or not (self.a.data and self.b.data):
            return None
        return int(self.a.data), int(self.b.data)


class SeasonForm(FlaskForm):
    name = StringField("Season name", filters=[_strip], validators=[
        DataRequired("Name the season, e.g. Autumn 2026."),
        Length(max=GROUP_NAME_MAX, message=f"Keep the name to {GROUP_NAME_MAX} letters.")])
    starts = DateField("First evening", validators=[DataRequired("Choose the season's first evening.")])
    ends = DateField("Last evening", validators=[DataRequired("Choose the season's last evening.")])
    best_of = IntegerField("Count each player's best … evenings (empty: every evening)", validators=[
        Optional(), NumberRange(1, 366, "Give a number of evenings from 1 to 366, or leave it empty.")])

    def validate_ends(self, field: Any) -> None:
        if self.starts.data and field.data and field.data < self.starts.data:
            raise ValidationError("The last evening comes before the first.")


class TimeZoneForm(FlaskForm):
    time_zone = SelectField("Where the group plays", choices=[])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.time_zone.choices = [(zone, zone.replace("_", " ")) for zone in ZONES]


class RenameForm(FlaskForm):
    name = StringField("New name", filters=[_strip], validators=[
        DataRequired("Write the new name."), Length(max=NAME_MAX, message=f"Keep names to {NAME_MAX} letters."),
        Printable(UNPRINTABLE_NAME)])


class MergeForm(FlaskForm):
    keep = SelectField("Keep this player", coerce=int, invalid_choice_message="Choose one of the group's players.",
                       invalid_value_message="Choose one of the group's players.")
    merge = SelectField("and merge this other spelling into them", coerce=int,
                        invalid_choice_message="Choose one of the group's players.",
                        invalid_value_message="Choose one of the group's players.")

    def __init__(self, players: list[tuple[int, str]], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keep.choices = choices(players)
        self.merge.choices = choices(players)

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        if ok and self.keep.data == self.merge.data:
            add_error(self.merge, "Choose two different players: the one to keep and the other spelling.")
            ok = False
        return ok


class GroupImportForm(FlaskForm):
    file = FileField("Choose a .jsonl file", validators=[
        FileAllowed(["jsonl", "ndjson", "json", "txt"], "Choose a .jsonl file (one match document per line).")])
    document = TextAreaField("…or paste match documents, one per line", validators=[Optional()])

    def raw(self) -> bytes | str | None:
        """What was sent: the file's bytes, or the pasted text; None (with an error) when nothing was."""
        if self.file.data:
            return self.file.data.read()
        if self.document.data and self.document.data.strip():
            return self.document.data
        add_error(self.document, "Choose a file or paste match documents.")
        return None
