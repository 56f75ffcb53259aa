"""A table's page in a team event, opened from its card (QR code or code): this round's two teams, the bell,
and sending and confirming the game's result. Opening the page lets this phone write this table's game of
the current round, and nothing else. The page polls cheaply, so the next round's pairing appears by itself.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for

from extensions import db
from forms.team_event import HandsSendForm, ResultForm, SideForm
from models.team_event import EventGame, EventTable, TeamEvent
from sqlalchemy import select
from web.matches import go
from web.nights.pulse import poll_answer, poll_seconds
from services import table_game as machine
from services import team_event as service
from web.teams import access
from web.teams.director import page
from services.team_event import EventError

bp = Blueprint("event_tables", __name__, url_prefix="/events/t")


def current_game(event: TeamEvent, table: EventTable) -> EventGame | None:
    if not event.current_round:
        return None
    return db.session.scalar(select(EventGame).where(EventGame.event_id == event.id,
                                                     EventGame.round == event.current_round,
                                                     EventGame.table == table.number))


def _tag(event: TeamEvent, table: EventTable, game: EventGame | None) -> str:
    """Changes only with what this table's page shows: the round, the bell, and this table's own game. A
    result at another table must not redraw the form a team is typing its score into."""
    bell = int(event.bell_at.timestamp()) if event.bell_at else 0
    played = f"{game.version}h{game.match.version}" if game else "0"  # the result, and the hands entered
    return f"t{table.id}-{event.status}-{event.current_round}-{bell}-{played}"


def table_context(table: EventTable, form: Any = None, message: str | None = None, hands_form: Any = None,
                  disagrees: str | None = None) -> dict[str, Any]:
    """``disagrees``: the total just sent ("10-4") when the hands entered say otherwise (sent again, anyway)."""
    event = table.event
    service.ring_if_timer_due(event)
    game = current_game(event, table)
    # What the hands on the table's scoresheet add up to (the machine counts them), while the game is played.
    counted = machine.hands_result(game) if game is not None and game.status == "playing" and game.match.hands \
        else None
    bye = None
    if game is None and event.current_round:
        byes = [b for b in service.byes_of(event) if b.round == event.current_round]
        bye = ", ".join(service.teams_named(event, [b.team_id for b in byes])) or None
    return {"event": event, "table": table, "game": game, "bye": bye, "form": form or ResultForm(formdata=None),
            "side_form": SideForm(formdata=None), "message": message,
            "hands_form": hands_form or HandsSendForm(formdata=None, prefix="hands"), "counted": counted,
            "disagrees": disagrees,
            "scoresheet": url_for("matches.show", match_slug=game.match.slug) if game is not None else None,
            "bracket_words": _bracket_words(event, game), "rules_words": service.house_rules_words(event),
            "bell_due": service.bell_due(event),
            "poll_url": url_for("event_tables.live", code=table.code), "poll_tag": _tag(event, table, game),
            "poll_seconds": poll_seconds(), "poll_target": "#event-table"}


def _bracket_words(event: TeamEvent, game: EventGame | None) -> str | None:
    if game is None or game.bracket_match is None:
        return None
    match = service.playoff_bracket(event).matches[game.bracket_match - 1]
    words = f"Playoff match {match.number}, {match.stage.value}"
    if event.playoff_best_of == 3:
        words += f", game {game.game_in_match} of up to three"
    return words


@bp.get("/<code>")
def show(code: str):
    table = access.get_table(code)
    access.grant_table(table)
    db.session.commit()  # the throttle may have written
    return page("teams/_table.html", **table_context(table))


@bp.get("/<code>/live")
def live(code: str):
    table = access.get_table(code)
    if not access.holds_table(table) and not access.is_director(table.event):
        abort(403)
    event = table.event
    service.ring_if_timer_due(event)
    return poll_answer(_tag(event, table, current_game(event, table)),
                       lambda: page("teams/_table.html", **table_context(table))[0])


def _held_game(code: str, game_id: int) -> tuple[EventTable, EventGame]:
    table = access.get_table(code)
    if not (access.holds_table(table) or access.is_director(table.event)):
        abort(403, description="This is another table's game. Open your own table's page (scan its card).")
    game = db.session.get(EventGame, game_id)
    if game is None or game.event_id != table.event_id or game.table != table.number:
        abort(404)
    return table, game


def _after(table: EventTable, code: str, step) -> Any:
    event = table.event
    try:
        step(event)
        db.session.commit()
    except EventError as error:
        db.session.rollback()
        return page("teams/_table.html", status=409, **table_context(table, message=error.message))
    service.advance_if_done(event)
    return go(url_for("event_tables.show", code=code))


@bp.post("/<code>/games/<int:game_id>/send")
def send(code: str, game_id: int):
    table, game = _held_game(code, game_id)
    form = ResultForm()
    if not form.validate():
        return page("teams/_table.html", status=422, **table_context(table, form=form))
    event = table.event
    totals = f"{form.home_points.data}-{form.away_points.data}"
    try:
        service.send(event, game, side=form.side.data, home_points=form.home_points.data,
                     away_points=form.away_points.data, home_loners=form.home_loners.data or 0,
                     away_loners=form.away_loners.data or 0, cut_winner=form.cut_winner.data,
                     actor=f"table {table.number}", anyway=request.form.get("anyway") == totals)
        db.session.commit()
    except machine.TotalDisagrees as flag:
        db.session.rollback()
        return page("teams/_table.html", status=409, **table_context(table, form=form, message=flag.message,
                                                                     disagrees=totals))
    except EventError as error:
        db.session.rollback()
        if error.field:
            form[error.field].errors = [error.message]
            return page("teams/_table.html", status=422, **table_context(table, form=form))
        return page("teams/_table.html", status=409, **table_context(table, message=error.message))
    return go(url_for("event_tables.show", code=code))


@bp.post("/<code>/games/<int:game_id>/confirm")
def confirm(code: str, game_id: int):
    table, game = _held_game(code, game_id)
    form = SideForm()
    if not form.validate():
        return page("teams/_table.html", status=422, **table_context(table, message=form.side.errors[0]))
    return _after(table, code, lambda event: service.confirm(event, game, side=form.side.data,
                                                            actor=f"table {table.number}"))


@bp.post("/<code>/games/<int:game_id>/reject")
def reject(code: str, game_id: int):
    table, game = _held_game(code, game_id)
    form = SideForm()
    if not form.validate():
        return page("teams/_table.html", status=422, **table_context(table, message=form.side.errors[0]))
    return _after(table, code, lambda event: service.reject(event, game, side=form.side.data,
                                                           actor=f"table {table.number}"))


@bp.post("/<code>/games/<int:game_id>/send-hands")
def send_hands(code: str, game_id: int):
    """A team sends the score of the hands entered on the table's scoresheet."""
    table, game = _held_game(code, game_id)
    form = HandsSendForm(prefix="hands")
    if not form.validate():
        context = table_context(table, hands_form=form)
        if context["counted"] is None:  # no hands: the form is not on the page to show its errors
            context["message"] = next(iter(form.errors.values()))[0]
        return page("teams/_table.html", status=422, **context)
    event = table.event
    try:
        service.send_hands(event, game, side=form.side.data, cut_winner=form.cut_winner.data,
                           actor=f"table {table.number}")
        db.session.commit()
    except EventError as error:
        db.session.rollback()
        if error.field:
            form[error.field].errors = [error.message]
            return page("teams/_table.html", status=422, **table_context(table, hands_form=form))
        return page("teams/_table.html", status=409, **table_context(table, message=error.message))
    return go(url_for("event_tables.show", code=code))
