"""What every table's phones ask for after a change at every table, drawn ahead on the drawing thread.

Two changes move every table of a night at once. After the bell every table's status region changes (its
phones are told to send their result), table after table within ``tables.BELL_STAGGER``; after the movement
every table's phones load the next game's page, table after table within ``tables.RELOAD_STAGGER``. Drawn by
the phones' polls, each of a 1,000-table night's drawings was a request's work, the table, its night and its
game read one table at a time, while thousands of other polls waited for the same two cores. Here the drawing
thread (``drawer``) draws them once the answer that made the change is sent, in the order of the tables'
turns: every table's game, hands and seats read in a few statements, each drawing kept as the one its phones'
polls ask for (``tables.shared_page``, ``tables.shared_region``), so that the polls only send it. A poll that
comes before its drawing is made draws it itself, as before; the shared drawings' mark keeps the two from
drawing it twice.
"""
from __future__ import annotations

from flask import Flask, Response, current_app, request
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from extensions import db
from models import Match, Night, NightTable, TableGame
from models.night import EVERY_TABLE_CHANGED
from services.night import queries as night_queries
from web import shared_drawings
from web.nights import drawer, tables

PAGE, REGION = tables.PAGE, tables.REGION  # what changed at every table (``Night.every_table_changed``)

GAMES_OF_EVERY_TABLE = (
    select(TableGame)
    .options(joinedload(TableGame.match).joinedload(Match.seats), selectinload(TableGame.match, Match.hands))
    .where(TableGame.night_id == bindparam("night_id"), TableGame.game == bindparam("game")))


@tables.bp.after_app_request
def draw_every_table_ahead(response: Response) -> Response:
    """A request that changed every table of a night has their drawings made once its answer is sent."""
    changed = db.session.info.pop(EVERY_TABLE_CHANGED, None)
    if changed and response.status_code < 400:
        app, base_url = current_app._get_current_object(), request.host_url
        for night_id, game, what in sorted(changed):
            response.call_on_close(drawer.after_answer(  # first: the phones ask within seconds; the screens can wait
                ("every table", night_id, game, what),
                lambda n=night_id, g=game, w=what: draw_every_table(app, base_url, n, g, w), first=True))
    return response


def draw_every_table(app: Flask, base_url: str, night_id: int, game: int, what: str) -> None:
    """Draw ``what`` (PAGE or REGION) of each table of the night's ``game``, as a poll of each table draws it:
    for every phone (no phone's session: its tokens are marks), at the address the phones use."""
    with app.test_request_context("/", base_url=base_url, headers={"HX-Request": "true"}):
        job = tables.ahead_job(night_id, game, what)
        shared_drawings.store().begin(job)  # meanwhile the polls wait for it (``tables.drawing_soon``)
        try:
            _draw(night_id, game, what)
        except Exception:  # the answer is sent: the polls draw what is missing, as they would without this
            db.session.rollback()
            current_app.logger.exception("Drawing every table's %s of night %s ahead failed", what, night_id)
        finally:
            shared_drawings.store().end(job)


def _draw(night_id: int, game: int, what: str) -> None:
    night = db.session.get(Night, night_id)
    if night is None or night.status != "playing" or night.current_game != game:
        return  # moved on while the job waited: the polls draw what is current
    if what == PAGE and (game < 2 or night.bell_rung):
        return  # the first game's phones open their table's page from its card
    games = {tg.table: tg for tg in db.session.scalars(GAMES_OF_EVERY_TABLE,
                                                       {"night_id": night_id, "game": game}).unique()}
    if what == PAGE:
        night_queries.read_every_table(night, game)
    numbered = db.session.scalars(select(NightTable).where(NightTable.night_id == night_id)).all()
    place = tables.reload_place if what == PAGE else tables.bell_place
    for table in sorted(numbered, key=lambda t: (place(t.number), t.number)):  # in the order of their turns
        set_committed_value(table, "night", night)
        tg = games.get(table.number)
        if tg is not None:
            set_committed_value(tg.match, "table_game", tg)  # the match page asks whether it is a night's game
        if what == PAGE:
            tables.shared_page(table, tg)
        else:
            tables.shared_region(table, tg)
