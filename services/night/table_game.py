"""A table's game in a night: its result sent by one pair, confirmed or rejected by the other, or closed
and corrected by the director. The transitions are the table game's state machine
(``services.table_game``); this module says what the night is to it (:class:`NightTables`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from models import Night, TableGame
from models.night import AuditValues
from referee.tournament.seats import PAIR_NAMES
from services import table_game as machine
from services.night import group as night_group
from services.table_game import HandsResult, TotalDisagrees, hands_result  # noqa: F401 (the night's pages read them)


@dataclass(frozen=True)
class NightTables:
    """The night as its table games see it: the game in play, its bell, its pollers and its audit trail."""

    night: Night

    @property
    def bell_rung(self) -> bool:
        return self.night.bell_rung

    def is_current(self, game: int) -> bool:
        return game == self.night.current_game and self.night.status == "playing"

    def where(self, row: TableGame) -> str:
        return f"Table {row.table}, game {row.game}"

    def side(self, pair: str) -> str:
        return PAIR_NAMES[pair]

    def record_change(self, actor: str, action: str, detail: str, *, old: Any, new: Any, standings: bool) -> None:
        # the standings count a result once it is confirmed
        self.night.touch(standings=standings, entry=AuditValues(actor, action, detail, old, new))


def submit(night: Night, tg: TableGame, *, pair: str, actor: str, totals: tuple[int, int] | None = None,
           loners: dict[str, int] | None = None, cut_winner: str | None = None, anyway: bool = False,
           token: str | None = None) -> None:
    """One pair sends the table's result (``machine.send``); ``token`` makes a resend store nothing twice."""
    machine.send(NightTables(night), tg, pair=pair, actor=actor, totals=totals, loners=loners,
                 cut_winner=cut_winner, anyway=anyway, token=token)


def confirm(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    machine.confirm(NightTables(night), tg, pair=pair, actor=actor)
    night_group.finish_table_match(night, tg)  # a group night's game counts once its result stands


def reject(night: Night, tg: TableGame, *, pair: str, actor: str) -> None:
    machine.reject(NightTables(night), tg, pair=pair, actor=actor)


def close_table(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int],
                cut_winner: str | None, reason: str) -> None:
    """The director ends a table that will not finish, with a default score (logged)."""
    machine.close(NightTables(night), tg, ns=ns, ew=ew, loners=loners, cut_winner=cut_winner, reason=reason)
    night_group.finish_table_match(night, tg)  # a group night's game counts once its result stands


def correct(night: Night, tg: TableGame, *, ns: int, ew: int, loners: dict[str, int], cut_winner: str | None,
            reason: str) -> None:
    """The director corrects any finished game. The seating already made from it stays as it is."""
    machine.correct(NightTables(night), tg, ns=ns, ew=ew, loners=loners, cut_winner=cut_winner, reason=reason)
    night_group.finish_table_match(night, tg)  # a group night's game counts once its result stands
