from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import RadioField, SelectChoice, SelectMultipleField
from wtforms.validators import Optional, StopValidation
from wtforms.widgets import CheckboxInput, ListWidget

import referee

from models.player import unprintable

def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices."""
    return [p if isinstance(p, SelectChoice) else SelectChoice(p[0], p[1]) for p in pairs]


class Buttons(RadioField):
    """A row of one-tap buttons (radio inputs); nothing chosen is allowed unless a validator says otherwise."""

    def __init__(self, label=None, validators=None, message="Choose one of the buttons.", **kwargs):
        kwargs["choices"] = choices(kwargs.get("choices", ()))
        super().__init__(label, validators or [Optional()], invalid_choice_message=message, **kwargs)


class Toggles(SelectMultipleField):
    """A row of on/off buttons (checkboxes) holding several choices."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def __init__(self, label=None, validators=None, message="Choose among the buttons shown.", **kwargs):
        kwargs["choices"] = choices(kwargs.get("choices", ()))
        super().__init__(label, validators, invalid_choice_message=message, **kwargs)


class Printable:
    """The one check for free text (names, a night's or a group's name, a code, a reason): no control
    characters (NUL, ESC, ...) and no lone surrogates. Nobody types them on a phone, PostgreSQL cannot
    store a NUL, and an ESC in a name would reach every screen and CSV. ``lines=True`` lets a
    textarea keep its line breaks (one name a line)."""

    def __init__(self, message: str = "Use only letters, digits, spaces and punctuation.", lines: bool = False):
        self.message = message
        self.lines = lines

    def __call__(self, form: Any, field: Any) -> None:
        text = field.data
        if not isinstance(text, str):
            return
        if self.lines:
            text = text.replace("\r\n", "\n").replace("\n", "")
        if unprintable(text):
            raise StopValidation(self.message)


def humanize(key: str) -> str:
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def bid_label(value: Any) -> str:
    if isinstance(value, int):
        return str(value)
    match = re.fullmatch(r"(\d+)NT", str(value))
    if match:
        return f"{match.group(1)} NT"
    return humanize(str(value))


def apply_referee_error(form: FlaskForm, error: Any, field_map: dict[str, str] | None = None) -> None:
    """Put a RefereeError's message next to the form field it names (or at the top of the form)."""
    name = (field_map or {}).get(error.field or "", error.field)
    field = form._fields.get(name) if name else None
    if field is not None and name not in ("csrf_token",):
        field.errors = list(field.errors or []) + [error.message]
    else:
        form.form_errors.append(error.message)


# -- the dispute tools' and the rules pages' choices ------------------------------------------
def normalise_card(text: str) -> str:
    """Tidy what a person typed into the card code of match-format.md ("10h" -> "TH"). Whether it
    is a card of the game is the referee's call."""
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    return code


def variant_groups() -> list[tuple[str, list[Any]]]:
    """The referee's games, grouped, in its display order."""
    groups: dict[str, list[Any]] = {}
    for variant in referee.VARIANTS.values():
        groups.setdefault(variant.group, []).append(variant)
    return list(groups.items())


def option_of(variant: Any, key: str) -> Any | None:
    return next((o for o in variant.options if o.key == key), None)


def rules_for_deck(variant: Any, deck: str | None) -> dict:
    """House rules that only pick the deck (for the card tools)."""
    option = option_of(variant, "deck")
    if option is None or not deck:
        return {}
    for choice in option.choices or ():
        if str(choice) == deck:
            return {"deck": choice}
    return {}
