"""Setting a night up and its players: check-in, leaving, coming back, renaming, the number of games."""
from __future__ import annotations

import secrets
from typing import Any, Iterable

from sqlalchemy import select, update
from werkzeug.security import generate_password_hash

from extensions import db
from models import Match, MatchSeat, Night, NightPlayer, NightScreen, NightSeat, Player, TableGame
from referee.tournament.seats import MATCH_SEAT
from services.night.audit import audit
from services.night.errors import NightError
from services.night.queries import next_playable_game, roster
from services.night.tables import ensure_tables


def new_night_slug() -> str:
    """A night's address; never starting with "-" or "_", so ``flask nights reset-pin SLUG`` does not read
    it as an option."""
    while True:
        slug = secrets.token_urlsafe(6)
        if slug[0].isalnum():
            return slug


def create_night(*, name: str, day: Any, variant: str, rules: dict, games: int, hands_per_game: int,
                 movement: str, sit_out_mode: str, sit_out_points: int, bell_minutes: int | None,
                 pin: str) -> Night:
    night = Night(slug=new_night_slug(), name=name, day=day, variant=variant, rules=rules, games=games,
                  hands_per_game=hands_per_game, movement=movement, sit_out_mode=sit_out_mode,
                  sit_out_points=sit_out_points or 0, bell_minutes=bell_minutes,
                  pin_hash=generate_password_hash(pin), seed=secrets.token_hex(8), status="checkin",
                  current_game=0, version=1)
    db.session.add(night)
    db.session.flush()
    db.session.add(NightScreen(night_id=night.id, screen="standings", version=0, html=""))
    audit(night, "director", "created", f"Night “{name}” set up: {games} games, {movement} movement.")
    return night


def check_in(night: Night, names: Iterable[str]) -> tuple[list[str], list[str]]:
    """Add players; return (added, skipped-with-reason). Names are unique in a night, ignoring case."""
    if night.status == "finished":
        raise NightError("The night is over; nobody can check in now.", "names")
    taken = {p.name_key for p in night.players}
    position = max((p.position for p in night.players), default=0)
    joins = next_playable_game(night)
    added, skipped = [], []
    for name in names:
        key = name.casefold()
        if key in taken:
            skipped.append(f"{name} is already checked in.")
            continue
        taken.add(key)
        position += 1
        night.players.append(NightPlayer(name=name, name_key=key, position=position, joined_game=joins))
        added.append(name)
    if added:
        ensure_tables(night, len(roster(night, joins)) // 4)  # so table cards can be printed before play
        when = "from game 1" if joins == 1 else f"from game {joins}"
        audit(night, "director", "check-in", f"Checked in {', '.join(added)} ({when}).")
        night.touch()
    return added, skipped


def leave(night: Night, player: NightPlayer) -> None:
    """The player leaves: they finish the game in progress and are out of the next one."""
    if player.left_after is not None:
        return
    player.left_after = max(night.current_game, player.joined_game - 1)
    audit(night, "director", "leave", f"{player.name} leaves after game {player.left_after}.")
    night.touch()


def come_back(night: Night, player: NightPlayer) -> None:
    if player.left_after is None:
        return
    player.left_after = None
    player.joined_game = max(player.joined_game, next_playable_game(night))
    audit(night, "director", "return", f"{player.name} plays again from game {player.joined_game}.")
    night.touch()


def rename(night: Night, player: NightPlayer, name: str) -> None:
    """Give a checked-in player another name (a misspelling, a nickname). Names stay unique in the night,
    ignoring case, as at check-in; the night's scoresheets already played show the new name too."""
    key = name.casefold()
    if name == player.name:
        return
    clash = next((p for p in night.players if p.name_key == key and p.id != player.id), None)
    if clash is not None:
        raise NightError(f"{clash.name} is already checked in; choose another name.", "name")
    old = player.name
    player.name, player.name_key = name, key
    _rename_at_tables(night, player, name)
    audit(night, "director", "rename", f"{old} is now called {name}.", old=old, new=name)
    night.touch()


def _rename_at_tables(night: Night, player: NightPlayer, name: str) -> None:
    """The scoresheet seat of ``player`` at every table of the night now names ``name``."""
    places = db.session.execute(
        select(TableGame.match_id, NightSeat.seat).join(
            NightSeat, (NightSeat.night_id == TableGame.night_id) & (NightSeat.game == TableGame.game)
            & (NightSeat.table == TableGame.table))
        .where(TableGame.night_id == night.id, NightSeat.player_id == player.id)).all()
    renamed = Player.get_or_create(name)
    for match_id, seat in places:
        db.session.execute(update(MatchSeat).where(MatchSeat.match_id == match_id,
                                                   MatchSeat.seat == MATCH_SEAT[seat])
                           .values(player_id=renamed.id).execution_options(synchronize_session=False))
        db.session.execute(update(Match).where(Match.id == match_id).values(version=Match.version + 1)
                           .execution_options(synchronize_session=False))

def set_games(night: Night, games: int) -> None:
    """The director changes the number of games: never below the games already started, so setting it
    to the current game ends the night when that game is done."""
    if night.status == "finished":
        raise NightError("The night is over.", "games")
    if games < max(night.current_game, 1):
        raise NightError(f"Game {night.current_game} has started already: the night has at least "
                         f"{night.current_game} games.", "games")
    if games == night.games:
        return
    old = night.games
    night.games = games
    night.touch()
    if night.status == "playing" and games == night.current_game:
        detail = f"The night ends after game {games} (it had {old} games)."
    else:
        detail = f"The night has {games} games instead of {old}."
    audit(night, "director", "games", detail, old=old, new=games)
