"""Plan each game of a progressive euchre night, with late arrivals and leavers.

The web app stores the night and calls :func:`plan_game` before every game. Two movements:

- ``"winners"``: winners advance, losers split ([002] Progressive Euchre, Basics; see ``movement``),
  repaired here for the changes a real night brings (late arrivals, leavers, sit-outs, a table more or less).
- ``"chart"``: a rotation chart fixed in advance (``rotation``, a product design), rebuilt for the
  remaining games whenever the roster changes (``charts``).

The other rules of a night have their own modules: the tie rule (``ties``), who sits out and the points
a sit-out scores (``sitouts``), the seats and pairs (``seats``), a game's plan (``plan``). Their names are
imported here too, so ``referee.tournament.night`` keeps answering for all of them. [002] is silent on
ties, sit-outs, arrivals and leavers, so every rule beyond the movement itself is a product ruling,
written down where it is made.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.tournament.charts import _plan_chart, assign_chart_places, chart_for
from referee.tournament.movement import Seat, TableResult, advance_winners
from referee.tournament.plan import P, ChartState, GamePlan, _changes, _list_names, _namer
from referee.tournament.seats import PAIR_NAMES, PARTNER_SEAT, SEAT_NAMES, SEATS
from referee.tournament.sitouts import SIT_OUT_MODES, choose_sit_outs, sit_out_points
from referee.tournament.ties import TIE_RULE, TieNeedsCut, settle_tie

__all__ = ["MOVEMENTS", "PAIR_NAMES", "PARTNER_SEAT", "SEAT_NAMES", "SIT_OUT_MODES", "TIE_RULE", "ChartState",
           "GamePlan", "TieNeedsCut", "assign_chart_places", "chart_for", "plan_game", "repeat_partners",
           "settle_tie", "sit_out_points"]

MOVEMENTS = ("winners", "chart")


# --------------------------------------------------------------------------------------------------
# Planning a game
# --------------------------------------------------------------------------------------------------

def plan_game(movement: str, game: int, roster: Sequence[P], *, previous: GamePlan | None = None,
              results: Sequence[TableResult] = (), sat_out_counts: Mapping[P, int] | None = None,
              total_games: int, seed: str, names: Mapping[P, str] | None = None) -> GamePlan:
    """The seating of game ``game`` for ``roster`` (everyone who may play it, in check-in order).

    ``previous`` is the plan of game ``game - 1`` (None for the first game played), ``results`` one
    TableResult per table of that game (ties already settled, :func:`settle_tie`), ``sat_out_counts``
    the sit-outs so far per player, ``seed`` makes every random choice reproducible and ``names``
    (optional) gives the names used in the notes.

    Sit-outs (product ruling, ``sitouts``): ``len(roster) % 4`` players sit out each game; the winners
    movement picks them with :func:`choose_sit_outs`, the chart movement takes them from the chart,
    whose places are handed out by the same fairness order.
    """
    if movement not in MOVEMENTS:
        raise ValueError(f"unknown movement {movement!r}: use 'winners' or 'chart'")
    roster = tuple(roster)
    if len(set(roster)) != len(roster):
        dup = next(p for p in roster if roster.count(p) > 1)
        raise ValueError(f"player {dup!r} is on the roster twice")
    if len(roster) < 4:
        raise ValueError(f"a progressive night needs at least four players; {len(roster)} can play game {game}")
    if game < 1:
        raise ValueError(f"games are numbered from 1, not {game}")
    if total_games < game:
        raise ValueError(f"game {game} is past the end of a {total_games}-game night")
    if previous is not None and previous.game != game - 1:
        raise ValueError(f"the previous plan is for game {previous.game}, not game {game - 1}")
    counts = dict(sat_out_counts or {})
    name = _namer(names)
    if movement == "chart":
        return _plan_chart(game, roster, previous, counts, total_games, seed, name)
    if previous is None:
        return _first_draw(game, roster, counts, seed, name)
    return _plan_winners(game, roster, previous, results, counts, seed, name)
def _sit_outs(game: int, roster: tuple[P, ...], previous: GamePlan | None, counts: Mapping[P, int],
              seed: str) -> list[P]:
    """``len(roster) % 4`` sit-outs by the fairness rule of ``sitouts``: a late arrival counts as having
    sat out the game before, so they play at once when possible."""
    arrivals, _ = _changes(roster, previous)
    last = list(previous.sit_outs) + arrivals if previous else []
    return choose_sit_outs(roster, len(roster) % 4, sat_out_so_far=counts, sat_out_last=last,
                           seed=f"{seed}/sit-outs/{game}")


def _first_draw(game: int, roster: tuple[P, ...], counts: Mapping[P, int], seed: str, name) -> GamePlan:
    """The first game of the winners movement: seats drawn at random (the classic draw of tally cards)."""
    out = _sit_outs(game, roster, None, counts, seed)
    playing = [p for p in roster if p not in set(out)]
    random.Random(f"{seed}/draw/{game}").shuffle(playing)
    seating = {p: Seat(i // 4 + 1, SEATS[i % 4]) for i, p in enumerate(playing)}
    notes = [f"Seats for game {game} are drawn at random, like drawing tally cards."]
    if out:
        notes.append(f"Sitting out: {_list_names(out, name)}.")
    return GamePlan(game, seating, tuple(out), {p: game for p in seating}, None, tuple(notes))


def _check_results(previous: GamePlan, results: Sequence[TableResult]) -> list[TableResult]:
    tables = sorted({s.table for s in previous.seating.values()})
    seen: set[int] = set()
    for r in results:
        if r.table not in tables:
            raise ValueError(f"a result for table {r.table}, but game {previous.game} had tables 1 to {tables[-1]}")
        if r.table in seen:
            raise ValueError(f"two results for table {r.table} of game {previous.game}")
        if r.winner not in PAIR_NAMES:
            raise ValueError(f"table {r.table}: the winner must be 'NS' or 'EW', not {r.winner!r}")
        seen.add(r.table)
    missing = [t for t in tables if t not in seen]
    if missing:
        raise ValueError(f"no result for table {missing[0]} of game {previous.game}")
    return list(results)


@dataclass
class _Repair:
    """Working state while the winners movement's seating is repaired for this game's changes."""

    seating: dict[P, Seat] = field(default_factory=dict)     # kept players, then the hole-fillers
    holes: list[Seat] = field(default_factory=list)          # tail table first
    cause: dict[Seat, str] = field(default_factory=dict)     # why each hole is empty, plain words
    origin: dict[P, str] = field(default_factory=dict)       # where each hole-filler comes from


def _plan_winners(game: int, roster: tuple[P, ...], previous: GamePlan, results: Sequence[TableResult],
                  counts: Mapping[P, int], seed: str, name) -> GamePlan:
    """A later game of the winners movement: [002]'s movement, then repaired for the night's changes.

    Product rulings for the repair: the movement runs first on last game's seating; when tables are
    added they come at the tail and the head table's losers go to the new tail table ([002] Basics:
    "The losing team at the head table moves to the tail table"); leavers and this game's sit-outs
    leave holes; tables above the new table count are dissolved (from the tail) and their players join
    the pool. The pool fills the holes starting from the tail table, in this order: the players of
    dissolved tables (nearest table first; they sat at the tail, so they stay as near it as they can),
    then late arrivals in check-in order (a newcomer starts at the tail, as the head's losers do), then
    last game's sit-outs. Two of last game's partners are never seated as partners again when an
    exchange of hole-fillers avoids it. Everybody the movement placed keeps that place (the rules' seat
    and partner changes stand); a hole-filler has sat at their table since this game.
    """
    _check_results(previous, results)
    out = _sit_outs(game, roster, previous, counts, seed)
    out_set, on_roster = set(out), set(roster)
    arrivals, leavers = _changes(roster, previous)
    old_tables = max(s.table for s in previous.seating.values())
    tables = (len(roster) - len(out)) // 4
    moved, since = advance_winners(previous.seating, list(results), previous.since, game,
                                   new_tail=tables if tables > old_tables else None)
    notes: list[str] = []
    repair = _Repair()
    occupant = {seat: p for p, seat in moved.items()}
    for t in range(1, tables + 1):
        for s in SEATS:
            seat = Seat(t, s)
            p = occupant.get(seat)
            if p is not None and p in on_roster and p not in out_set:
                repair.seating[p] = seat
                continue
            repair.holes.append(seat)
            if p is None and t > old_tables:
                repair.cause[seat] = f"table {t} is new this game"
            elif p is None:
                repair.cause[seat] = f"the head table's losers went to the new tail, table {tables}"
            elif p not in on_roster:
                repair.cause[seat] = f"{name(p)} left"
            else:
                repair.cause[seat] = f"{name(p)} sits out this game"
    repair.holes.sort(key=lambda seat: (-seat.table, SEATS.index(seat.seat)))
    pool: list[P] = []
    for t in range(tables + 1, old_tables + 1):
        notes.append(f"Table {t} is dissolved this game; its players take seats at other tables.")
        for s in SEATS:
            p = occupant.get(Seat(t, s))
            if p is not None and p in on_roster and p not in out_set:
                pool.append(p)
                repair.origin[p] = f"from dissolved table {t}"
    for p in arrivals:
        if p not in out_set:
            pool.append(p)
            repair.origin[p] = "just arrived"
    for p in previous.sit_outs:
        if p in on_roster and p not in out_set:
            pool.append(p)
            repair.origin[p] = "back from sitting out"
    for t in range(old_tables + 1, tables + 1):
        notes.append(f"Table {t} is new this game.")
    if tables > old_tables:
        head_losers = [p for p, seat in repair.seating.items() if seat.table == tables]
        if head_losers:
            notes.append(f"The head table's losers ({_list_names(head_losers, name)}) move to the new tail, "
                         f"table {tables}.")
    if len(pool) != len(repair.holes):  # cannot happen: both are the players not yet placed
        raise ValueError(f"game {game}: {len(pool)} players for {len(repair.holes)} empty seats")
    fillers = dict(zip(repair.holes, pool))
    _avoid_repeat_partners(fillers, repair.seating, previous)
    for seat, p in sorted(fillers.items(), key=lambda item: (item[0].table, SEATS.index(item[0].seat))):
        repair.seating[p] = seat
        since[p] = game
        where = f"the {SEAT_NAMES[seat.seat]} seat at table {seat.table}"
        if seat.table > old_tables:
            notes.append(f"{name(p)} ({repair.origin[p]}) takes {where}, a new table.")
        else:
            notes.append(f"{_capital(repair.cause[seat])}; {name(p)} ({repair.origin[p]}) takes {where}.")
    if out:
        notes.append(f"Sitting out: {_list_names(out, name)}.")
    seated_since = {p: since[p] for p in repair.seating}
    return GamePlan(game, repair.seating, tuple(out), seated_since, None, tuple(notes))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def repeat_partners(seating: Mapping[P, Seat], previous: GamePlan) -> set[frozenset]:
    """The partnerships of ``seating`` that were partnerships in ``previous`` too."""
    at = {(s.table, s.seat): p for p, s in seating.items()}
    before = {frozenset(pair) for pair in previous.partners().items()}
    now = {frozenset((at[(t, a)], at[(t, PARTNER_SEAT[a])])) for (t, a) in at
           if a in ("N", "E") and (t, PARTNER_SEAT[a]) in at}
    return now & before


def _avoid_repeat_partners(fillers: dict[Seat, P], kept: Mapping[P, Seat], previous: GamePlan) -> None:
    """Exchange hole-fillers' seats while an exchange lowers the number of last game's partnerships that
    would be repeated; the nearest exchange is taken first, so the tail-first order is kept where it
    can be. Stops when no single exchange helps (that is what "unavoidable" means here)."""
    last_partner = previous.partners()
    holder = {seat: p for p, seat in kept.items()}

    def repeats_at(seat: Seat) -> int:
        p = fillers.get(seat, holder.get(seat))
        q_seat = Seat(seat.table, PARTNER_SEAT[seat.seat])
        q = fillers.get(q_seat, holder.get(q_seat))
        return int(p is not None and q is not None and last_partner.get(p) == q)

    def local(seats: Sequence[Seat]) -> int:
        touched = {(s.table, min(s.seat, PARTNER_SEAT[s.seat])) for s in seats}
        return sum(repeats_at(Seat(t, s)) for t, s in touched)

    holes = list(fillers)
    improved = True
    while improved:
        improved = False
        for i, a in enumerate(holes):
            if not repeats_at(a):
                continue
            for j in sorted(range(len(holes)), key=lambda j: abs(j - i)):
                b = holes[j]
                if b == a:
                    continue
                before = local((a, b))
                fillers[a], fillers[b] = fillers[b], fillers[a]
                if local((a, b)) < before:
                    improved = True
                    break
                fillers[a], fillers[b] = fillers[b], fillers[a]
