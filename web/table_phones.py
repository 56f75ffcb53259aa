"""Who may write a match's hands when the match is a table's game: a night's (``web.nights.access``) or a
team event's (``web.teams.access``). Above both, so neither imports the other."""
from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm.attributes import set_committed_value

from extensions import db
from models import Match, Night, NightTable, TableGame
from web.access import NOT_THE_SCORER, may_score
from web.nights import access as night_access
from web.teams import access as event_access


# Asked by every hand a table saves: built once (as ``nights.tables.PULSE_ROW``).
TABLE_GAME_OF_MATCH = (
    select(TableGame, Night, NightTable).join(Night, Night.id == TableGame.night_id)
    .outerjoin(NightTable, (NightTable.night_id == TableGame.night_id) & (NightTable.number == TableGame.table))
    .where(TableGame.match_id == bindparam("match_id")))


def may_write_match(match: Match) -> str | None:
    """Why this phone may not change ``match``, or None when it may. An ordinary match only to the
    phones that score it (``web.access.may_score``); a night's table game (or a team event's game,
    ``web.teams.access.event_game_refusal``) only to that table's phones (or the director) while the game
    is being played and its result not yet sent."""
    found = db.session.execute(TABLE_GAME_OF_MATCH, {"match_id": match.id}).first()  # one query
    # What was found is the match's table game: kept on the match, so the page drawn next asks no more.
    set_committed_value(match, "table_game", found[0] if found else None)
    if found is None:
        at_event = event_access.event_game_of(match)
        if at_event is not None:
            return event_access.event_game_refusal(at_event)
        return None if may_score(match) else NOT_THE_SCORER
    tg, night, table = found
    if not (night_access.is_director(night) or (table is not None and night_access.holds_table(table))):
        return "This scoresheet belongs to another table. Open your own table's page (scan its card)."
    if tg.game != night.current_game or night.status != "playing":
        return f"Game {tg.game} is over; only the director can change its result now."
    if tg.status != "playing":
        return "This table's result has been sent. To change a hand, the other pair first taps “Not right”."
    return None


def holds_match_table(match: Match) -> bool:
    """Whether ``match`` is a night's (or a team event's) table game and this phone scores at that table or
    directs the night (the event)."""
    found = db.session.execute(
        select(Night, NightTable).join(TableGame, TableGame.night_id == Night.id)
        .outerjoin(NightTable, (NightTable.night_id == TableGame.night_id) & (NightTable.number == TableGame.table))
        .where(TableGame.match_id == match.id)).first()
    if found is None:
        at_event = event_access.event_game_of(match)
        return at_event is not None and event_access.holds_game_table(at_event[1], at_event[2])
    night, table = found
    return night_access.is_director(night) or (table is not None and night_access.holds_table(table))
