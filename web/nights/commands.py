"""The nights' commands for the laptop's terminal: ``flask nights reset-pin SLUG`` gives a night a new
director PIN when the director forgot it (whoever can run commands on the server is trusted already)."""
from __future__ import annotations

import re

import click

from extensions import db
from web.nights import access
from web.nights.director import bp

PIN_PATTERN = re.compile(r"\d{4,8}")  # as the setup form asks (forms.night)


def pin_option(_context: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not PIN_PATTERN.fullmatch(value):
        raise click.BadParameter("the PIN is 4 to 8 digits.")
    return value


def ask_new_pin() -> str:
    """A new PIN typed twice at the terminal, asked again until it is 4 to 8 digits."""
    while True:
        typed = click.prompt("New PIN (4 to 8 digits)", hide_input=True, confirmation_prompt="The same PIN again")
        if PIN_PATTERN.fullmatch(typed):
            return typed
        click.echo("The PIN is 4 to 8 digits.", err=True)


@bp.cli.command("reset-pin")
@click.argument("slug")
@click.option("--pin", callback=pin_option, help="The new PIN (4 to 8 digits); asked twice when left out.")
def reset_pin(slug: str, pin: str | None) -> None:
    """Give the night SLUG (the part of its address after /nights/) a new director PIN."""
    from models import Night

    night = db.session.scalar(db.select(Night).where(Night.slug == slug))
    if night is None:
        raise click.ClickException(f"There is no night {slug!r}. Its address ends in /nights/<slug>.")
    pin = pin or ask_new_pin()
    access.set_pin(night, pin, actor="the server's command line")
    db.session.commit()
    click.echo(f"New director PIN set for {night.name} on {night.day.isoformat()} (/nights/{night.slug}).")
