"""The prizes a director chooses for a night, stored, and the night's prizes as the referee awards them
(``referee.tournament.awards``): the chosen categories in order, or the classic three when none were
chosen (``referee.tournament.prizes.award_prizes``)."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import delete, select

from extensions import db
from models import Night, NightOptions, NightPlayer, NightPlayerTag, NightPrize
from referee.tournament import prizes as referee_prizes
from referee.tournament.awards import BUILT_IN, TITLES, Category, award, clean_title
from referee.tournament.prizes import Prize, Tally
from services.night.audit import audit

CLASSIC = ("high", "low", "loners")  # a night that chose nothing: referee_prizes.award_prizes


def chosen(night: Night) -> list[NightPrize]:
    """The prizes the director chose, in order: the built-in ones first, then the named ones as added."""
    return list(db.session.scalars(select(NightPrize).where(NightPrize.night_id == night.id)
                                   .order_by(NightPrize.position, NightPrize.id)))


def options(night: Night) -> NightOptions:
    row = db.session.get(NightOptions, night.id)
    if row is None:
        row = NightOptions(night_id=night.id, one_award_per_player=False)
        db.session.add(row)
    return row


def tags_of(night: Night) -> dict[int, list[str]]:
    """Each player's marks ("Ladies"), by night player id."""
    out: dict[int, list[str]] = {}
    for pid, tag in db.session.execute(select(NightPlayerTag.player_id, NightPlayerTag.tag)
                                       .where(NightPlayerTag.night_id == night.id)):
        out.setdefault(pid, []).append(tag)
    return out


def night_prizes(night: Night, tallies: list[Tally]) -> list[Prize]:
    """The night's prizes for ``tallies``: the director's categories (the referee's ``awards``), or the
    classic three when none were chosen."""
    rows = chosen(night)
    if not rows:
        return referee_prizes.award_prizes(tallies)
    one = db.session.scalar(select(NightOptions.one_award_per_player).where(NightOptions.night_id == night.id))
    categories = [Category(r.kind, r.title) for r in rows]
    return award(tallies, categories, tags=tags_of(night), one_award_per_player=bool(one))


def named_categories(night: Night) -> list[NightPrize]:
    return [r for r in chosen(night) if r.kind == "named"]


def save_choice(night: Night, built_in: Iterable[str], one_award: bool, named: str | None) -> str | None:
    """Store the built-in prizes chosen, the option, and a named prize to add; a plain message when the
    named prize is already there."""
    rows = chosen(night)
    had_named = {r.key: r.title for r in rows if r.kind == "named"}
    if named:
        category = Category("named", named)
        if category.key in had_named:
            return f"{had_named[category.key]} is already a prize."
    wanted = [k for k in BUILT_IN if k in set(built_in)]
    db.session.execute(delete(NightPrize).where(NightPrize.night_id == night.id, NightPrize.kind != "named"))
    for position, kind in enumerate(wanted):
        db.session.add(NightPrize(night_id=night.id, position=position, kind=kind, title="", key=kind))
    if named:
        category = Category("named", named)
        db.session.add(NightPrize(night_id=night.id, position=len(BUILT_IN) + len(had_named), kind="named",
                                  title=category.heading, key=category.key))
    if not wanted and not had_named and not named:  # nothing chosen would mean the classic three
        return "Choose at least one prize."
    options(night).one_award_per_player = one_award
    audit(night, "director", "prizes", "Prizes: " + ", ".join(
        [TITLES[k] for k in wanted] + sorted(had_named.values()) + ([named] if named else []))
        + (" (one award per player)." if one_award else "."))
    night.touch()
    return None


def remove_named(night: Night, prize: NightPrize) -> None:
    db.session.execute(delete(NightPlayerTag).where(NightPlayerTag.night_id == night.id,
                                                    NightPlayerTag.tag_key == prize.key.removeprefix("named:")))
    db.session.execute(delete(NightPrize).where(NightPrize.id == prize.id))
    audit(night, "director", "prizes", f"Prize removed: {prize.title}.")
    night.touch()


def mark_players(night: Night, prize: NightPrize, player_ids: Iterable[int]) -> None:
    """Mark exactly ``player_ids`` (players of the night) for the named prize ``prize``."""
    key = prize.key.removeprefix("named:")
    mine = {p.id for p in night.players}
    wanted = {p for p in player_ids if p in mine}
    db.session.execute(delete(NightPlayerTag).where(NightPlayerTag.night_id == night.id,
                                                    NightPlayerTag.tag_key == key))
    for pid in sorted(wanted):
        db.session.add(NightPlayerTag(night_id=night.id, player_id=pid, tag=prize.title, tag_key=key))
    audit(night, "director", "prizes", f"{len(wanted)} player{'s' if len(wanted) != 1 else ''} marked “{prize.title}”.")
    night.touch()


def tag_players(night: Night, title: str, players: Iterable[NightPlayer]) -> None:
    """Mark players just checked in for the named prize ``title`` (the check-in's "mark them as")."""
    key = clean_title(title).casefold()
    for player in players:
        db.session.add(NightPlayerTag(night_id=night.id, player_id=player.id, tag=clean_title(title), tag_key=key))
