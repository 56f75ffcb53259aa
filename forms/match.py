"""The new-match form (names round the table, first dealer, house rules, start totals and marks) and import."""
from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from forms.common import Buttons, Printable, choices, humanize
from models.match import START_MARKS_MAX, START_TOTAL_MAX
from models.player import NAME_MAX, UNPRINTABLE_NAME
from referee.jsonin import UnreadableJSON, loads


def _strip(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


class RulesMixin:
    """House-rule fields built from a variant's options (see ``rule_fields``), checked by the referee."""

    option_fields: list[tuple[str, Any]]  # (field name, Option)

    def check_rules(self) -> bool:
        ok = True
        for name, option in self.option_fields:
            field = self[name]
            if field.errors:
                continue
            try:
                option.check(self.rule_value(name, option))
            except Exception as error:  # RefereeError: the referee's own words
                field.errors = list(field.errors) + [getattr(error, "message", str(error))]
                ok = False
        return ok

    def rule_value(self, name: str, option: Any) -> Any:
        field = self[name]
        if isinstance(field, BooleanField):
            return bool(field.data)
        if option.choices is not None:
            for choice in option.choices:
                if _choice_value(choice) == field.data:
                    return choice
            return field.data
        return field.data  # int or None

    def rules(self) -> dict[str, Any]:
        """The house rules chosen: every option, so the match keeps them even if defaults change."""
        return {option.key: self.rule_value(name, option) for name, option in self.option_fields}


class MatchSetupForm(RulesMixin, FlaskForm):
    variant = HiddenField(validators=[InputRequired("Choose a game first.")])
    players = HiddenField(validators=[InputRequired("Choose how many players.")])
    group = HiddenField()  # the group the match is started in (the view checks this browser may)

    n_players: int
    sides: int
    counts_marks: bool = False

    def names(self) -> list[str]:
        return [self[f"name_{s}"].data for s in range(self.n_players)]

    def validate(self, extra_validators=None) -> bool:
        ok = super().validate(extra_validators)
        for hidden in (self.variant, self.players):  # hidden fields have no place of their own to show an error
            self.form_errors.extend(hidden.errors)
        seen: dict[str, int] = {}
        for s in range(self.n_players):
            field = self[f"name_{s}"]
            name = field.data
            if not name or field.errors:  # missing, too long or unprintable: said already
                continue
            if name.casefold() in seen:
                field.errors = list(field.errors) + [f"{name} already has a seat; give each seat its own name."]
                ok = False
            seen.setdefault(name.casefold(), s)
        starts = [self[f"start_{i}"].data for i in range(self.sides)]
        if any(v is not None for v in starts) and any(v is None for v in starts):
            for i, v in enumerate(starts):
                if v is None:
                    self[f"start_{i}"].errors = list(self[f"start_{i}"].errors) + [
                        "Give every side a start total, or leave them all empty."]
            ok = False
        return self.check_rules() and ok

    def start_totals(self) -> list[int] | None:
        starts = [self[f"start_{i}"].data for i in range(self.sides)]
        return None if all(v is None for v in starts) else starts

    def mark_fields(self) -> list[Any]:
        """The marks (hickeys) carried over, one field a side: only where the variant counts them."""
        return [self[f"start_mark_{i}"] for i in range(self.sides)] if self.counts_marks else []

    def start_marks(self) -> list[int] | None:
        """The marks carried over (an empty field is none), or None when no side carries any."""
        marks = [f.data or 0 for f in self.mark_fields()]
        return marks if any(marks) else None


def _choice_value(choice: Any) -> str:
    if isinstance(choice, bool):
        return "true" if choice else "false"
    if choice is None:
        return "none"
    return str(choice)


def _choice_label(choice: Any) -> str:
    if isinstance(choice, bool):
        return "Yes" if choice else "No"
    if choice is None:
        return "None"
    return humanize(str(choice)) if isinstance(choice, str) else str(choice)


def house_rules_in_force(variant: Any, rules: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(name, value, help) of each house rule a match plays by, in the words the setup form used."""
    resolved = variant.resolve_rules(rules or {})
    return [(humanize(option.key), _choice_label(resolved[option.key]), option.help) for option in variant.options]


def match_form(variant: Any, n_players: int, side_labels: list[str], known: list[str] | None = None,
               formdata: Any = None, data: dict[str, Any] | None = None) -> MatchSetupForm:
    """The setup form for ``variant`` with ``n_players`` seats (``side_labels``: one per side)."""
    attrs: dict[str, Any] = {}
    for s in range(n_players):
        attrs[f"name_{s}"] = StringField(
            f"Seat {s + 1}", filters=[_strip],
            validators=[DataRequired(f"Write a name for seat {s + 1}."),
                        Length(max=NAME_MAX, message=f"Keep names to {NAME_MAX} letters."),
                        Printable(UNPRINTABLE_NAME)])
    attrs["first_dealer"] = RadioField(
        "Deals first", choices=choices((str(s), f"Seat {s + 1}") for s in range(n_players)), default="0",
        coerce=int, validators=[InputRequired("Tap the seat that deals first.")],
        invalid_choice_message="Tap the seat that deals first.")
    defaults: dict[str, Any] = {"variant": variant.key, "players": str(n_players), "first_dealer": 0}
    option_fields = rule_fields(variant, attrs, defaults)
    for i, label in enumerate(side_labels):
        attrs[f"start_{i}"] = IntegerField(label, validators=[
            Optional(), NumberRange(-START_TOTAL_MAX, START_TOTAL_MAX,
                                    f"Start totals go from -{START_TOTAL_MAX} to {START_TOTAL_MAX}.")])
        if variant.counts_marks:  # [003] Midwest pepper: hickeys, only ever added (the referee checks the rest)
            plural = f"{variant.mark_name}s"
            attrs[f"start_mark_{i}"] = IntegerField(f"{label}, {plural}", validators=[
                Optional(), NumberRange(0, START_MARKS_MAX, f"{plural.capitalize()} go from 0 to {START_MARKS_MAX}.")])
    cls = type("MatchForm", (MatchSetupForm,), attrs)
    cls.n_players = n_players
    cls.option_fields = option_fields
    cls.sides = len(side_labels)
    cls.counts_marks = variant.counts_marks
    if data:
        defaults.update(data)
    return cls(formdata=formdata, data=defaults)


def rule_fields(variant: Any, attrs: dict[str, Any], defaults: dict[str, Any],
                skip: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """Add one form field per house rule of ``variant`` to ``attrs`` (with its default); return
    the (field name, Option) pairs for ``RulesMixin``."""
    option_fields = []
    for option in variant.options:
        if option.key in skip:
            continue
        name = f"rule_{option.key}"
        label = humanize(option.key)
        if option.choices is not None and set(option.choices) <= {True, False} and all(
                isinstance(c, bool) for c in option.choices):
            attrs[name] = BooleanField(label, description=option.help)
            defaults[name] = bool(option.default)
        elif option.choices is not None:
            attrs[name] = Buttons(label, choices=[(_choice_value(c), _choice_label(c)) for c in option.choices],
                                  description=option.help, message="Choose one of the buttons.",
                                  validators=[InputRequired("Choose one of the buttons.")])
            defaults[name] = _choice_value(option.default)
        else:
            nullable = getattr(option, "nullable", False)
            lo, hi = getattr(option, "minimum", None), getattr(option, "maximum", None)
            validators: list[Any] = [Optional()] if nullable else [InputRequired(f"{label}: give a number.")]
            validators.append(NumberRange(lo, hi, f"{label} must be between {lo} and {hi}."))
            attrs[name] = IntegerField(label, description=option.help + (" Leave empty for none." if nullable else ""),
                                       validators=validators)
            defaults[name] = option.default
        option_fields.append((name, option))
    return option_fields


class ImportForm(FlaskForm):
    document = TextAreaField("…or paste a match document", validators=[Optional()])
    file = FileField("Choose a .json file", validators=[FileAllowed(["json"], "Choose a .json file.")])

    def parsed(self) -> dict[str, Any] | None:
        """The JSON document given, or None with an error on the field at fault."""
        raw: str | bytes | None = None
        field = self.document
        if self.file.data:
            raw = self.file.data.read()
            field = self.file
        elif self.document.data and self.document.data.strip():
            raw = self.document.data
        if not raw:
            self.document.errors = list(self.document.errors) + ["Paste a match document or choose a file."]
            return None
        try:
            doc = loads(raw)
        except UnreadableJSON as error:
            field.errors = list(field.errors) + [str(error)]
            return None
        if not isinstance(doc, dict):
            field.errors = list(field.errors) + ["A match document is a JSON object, {…}."]
            return None
        return doc
