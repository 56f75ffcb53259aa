"""Helpers for the app tests: fill in the forms the way a phone would."""
from __future__ import annotations

import re
from typing import Any

import referee

from forms.match import _choice_value


def rule_defaults(variant_key: str) -> dict[str, str]:
    """The setup form's house-rule fields at their defaults, as a browser would post them."""
    data: dict[str, str] = {}
    for option in referee.get_variant(variant_key).options:
        name = f"rule_{option.key}"
        if option.choices is not None and all(isinstance(c, bool) for c in option.choices):
            if option.default:
                data[name] = "y"
        elif option.choices is not None:
            data[name] = _choice_value(option.default)
        else:
            data[name] = "" if option.default is None else str(option.default)
    return data


def setup_data(variant: str = "euchre", names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di"), first_dealer: int = 0,
               rules: dict[str, str] | None = None, start: list[Any] | None = None) -> dict[str, str]:
    data = {"variant": variant, "players": str(len(names)), "first_dealer": str(first_dealer)}
    data.update({f"name_{s}": name for s, name in enumerate(names)})
    data.update(rule_defaults(variant))
    data.update(rules or {})
    for i, value in enumerate(start or []):
        data[f"start_{i}"] = "" if value is None else str(value)
    return data


def create_match(client, variant: str = "euchre", names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di"), **kwargs) -> str:
    """A new match started from ``client``'s phone: its address's slug (``/matches/<slug>``)."""
    response = client.post("/matches/new", setup_data(variant, names, **kwargs))
    assert response.status_code == 303, response.get_data(as_text=True)
    return slug_in(response.headers["Location"])


def slug_in(url: str) -> str:
    """The match slug at the end of a match's address."""
    return url.rstrip("/").rsplit("/", 1)[1]


def stored_match(slug: str):
    """The match row at ``/matches/<slug>`` (in the caller's app context)."""
    from sqlalchemy import select

    from extensions import db
    from models import Match

    return db.session.scalar(select(Match).where(Match.slug == slug))


def form_state(html: str) -> dict[str, str]:
    """The hidden token and version of the hand form on a page."""
    token = re.search(r'name="token" value="([^"]*)"', html)
    version = re.search(r'name="version" value="([^"]*)"', html)
    return {"token": token.group(1) if token else "", "version": version.group(1) if version else ""}


def hand_data(client, match_id: str, **fields: Any) -> dict[str, Any]:
    """A hand form as posted from the current match page (fresh token, current version)."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    data: dict[str, Any] = dict(form_state(page))
    data.setdefault("outcome", "played")
    for key, value in fields.items():
        if isinstance(value, bool):
            if value:
                data[key] = "y"
        elif isinstance(value, (list, tuple)):
            data[key] = [str(v) for v in value]
        else:
            data[key] = str(value)
    return data


def add_hand(client, match_id: str, htmx: bool = False, **fields: Any):
    data = hand_data(client, match_id, **fields)
    return client.post(f"/matches/{match_id}/hands", data, htmx=htmx)


def stored_hands(app, match_id: str) -> list[dict]:
    with app.app_context():
        return [h.to_dict() for h in stored_match(match_id).hands]
