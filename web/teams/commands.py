"""The team events' command for the laptop's terminal: ``flask teams reset-pin SLUG`` gives an event a new
director PIN when the director forgot it, as ``flask nights reset-pin`` does for a night."""
from __future__ import annotations

import click

from extensions import db
from services import team_event as service
from web.nights import throttle
from web.nights.commands import ask_new_pin, pin_option
from web.teams.access import pin_scope
from web.teams.director import bp


@bp.cli.command("reset-pin")
@click.argument("slug")
@click.option("--pin", callback=pin_option, help="The new PIN (4 to 8 digits); asked twice when left out.")
def reset_pin(slug: str, pin: str | None) -> None:
    """Give the team event SLUG (the part of its address after /events/) a new director PIN."""
    from models import TeamEvent

    event = db.session.scalar(db.select(TeamEvent).where(TeamEvent.slug == slug))
    if event is None:
        raise click.ClickException(f"There is no team event {slug!r}. Its address ends in /events/<slug>.")
    pin = pin or ask_new_pin()
    service.set_pin(event, pin, actor="the server's command line")
    throttle.clear_everyone(pin_scope(event))  # guesses at the old PIN are forgotten
    db.session.commit()
    click.echo(f"New director PIN set for {event.name} on {event.day.isoformat()} (/events/{event.slug}).")
