"""Plan each game of a progressive euchre night, with late arrivals and leavers.

The web app stores the night and calls :func:`plan_game` before every game. Two movements:

- ``"winners"``: winners advance, losers split ([002] Progressive Euchre, Basics; see ``movement``),
  repaired for the changes a real night brings (late arrivals, leavers, sit-outs, a table more or less).
- ``"chart"``: a rotation chart fixed in advance (``rotation``, a product design), rebuilt for the
  remaining games whenever the roster changes.

Also here: the tie rule (:func:`settle_tie`, :data:`TIE_RULE`) and the points a sit-out scores
(:func:`sit_out_points`). [002] is silent on ties, sit-outs, arrivals and leavers, so every rule in this
module beyond the movement itself is a product ruling, written down where it is made.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
import math

from referee.tournament.movement import SEATS, Seat, TableResult, advance_winners
from referee.tournament.rotation import Chart, rotation_chart
from referee.tournament.sitouts import choose_sit_outs
from referee.tournament.wishes import Wishes, honour_wishes

P = Hashable  # the app uses int player ids
MOVEMENTS = ("winners", "chart")
PAIR_NAMES = {"NS": "North-South", "EW": "East-West"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class ChartState:
    """Which rotation chart a chart-movement game comes from: ``rotation_chart(len(roster), games)``,
    whose place ``i`` is ``roster[i]`` and whose round 0 is played in game ``first_game``."""

    roster: tuple[P, ...]
    first_game: int
    games: int

    def round_of(self, game: int) -> int:
        return game - self.first_game

    def covers(self, game: int) -> bool:
        return 0 <= self.round_of(game) < self.games


@dataclass(frozen=True)
class GamePlan:
    """Who sits where in one game (1-based ``game``) of the night.

    ``since`` gives, for each seated player, the game from which they have sat at their current table
    (the movement's "longest at the table" rule needs it). ``notes`` explain the changes in plain words.
    """

    game: int
    seating: dict[P, Seat]
    sit_outs: tuple[P, ...]
    since: dict[P, int]
    chart: ChartState | None = None
    notes: tuple[str, ...] = ()

    @property
    def tables(self) -> dict[int, dict[str, P]]:
        """``{table: {seat: player}}``, tables in order."""
        out: dict[int, dict[str, P]] = {}
        for player, seat in sorted(self.seating.items(), key=lambda item: (item[1].table, SEATS.index(item[1].seat))):
            out.setdefault(seat.table, {})[seat.seat] = player
        return out

    def partners(self) -> dict[P, P]:
        """Each seated player's partner."""
        at = {(s.table, s.seat): p for p, s in self.seating.items()}
        return {p: at[(s.table, PARTNER_SEAT[s.seat])] for p, s in self.seating.items()
                if (s.table, PARTNER_SEAT[s.seat]) in at}

    def to_json(self) -> dict:
        """A JSON-ready dict (players must be JSON values themselves, e.g. int ids)."""
        return {
            "game": self.game,
            "seating": [[p, s.table, s.seat] for p, s in self.seating.items()],
            "sit_outs": list(self.sit_outs),
            "since": [[p, g] for p, g in self.since.items()],
            "chart": None if self.chart is None else {
                "roster": list(self.chart.roster), "first_game": self.chart.first_game, "games": self.chart.games},
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> GamePlan:
        chart = data.get("chart")
        return cls(
            game=int(data["game"]),
            seating={p: Seat(int(t), str(s)) for p, t, s in data["seating"]},
            sit_outs=tuple(data["sit_outs"]),
            since={p: int(g) for p, g in data["since"]},
            chart=None if chart is None else ChartState(tuple(chart["roster"]), int(chart["first_game"]),
                                                        int(chart["games"])),
            notes=tuple(data.get("notes", ())),
        )


# --------------------------------------------------------------------------------------------------
# Ties and sit-out points
# --------------------------------------------------------------------------------------------------

TIE_RULE = (
    "A game at a table is won by the pair with the higher score. If the scores are equal, the pair that "
    "scored the last points at the table (won the last hand that changed the score) wins. If nobody scored, "
    "or only the game totals were entered, the table settles it by a cut for high card: the pair of the player "
    "who cuts highest wins. Every table therefore has one winning pair before the players move."
)


def settle_tie(ns_points: int, ew_points: int, *, last_scorer: str | None = None,
               cut_winner: str | None = None) -> tuple[str, str]:
    """The winning pair of one table's game, ``"NS"`` or ``"EW"``, and the reason in plain words.

    Product ruling (the tie rule, :data:`TIE_RULE`; [002] Progressive Euchre says only that the winning
    team advances and says nothing about equal scores): the higher score wins; equal scores go to
    ``last_scorer``, the pair that scored the last points at the table (the pair that won the last hand
    that scored); when nobody scored or the scores were entered as game totals (``last_scorer`` None),
    a cut for high card decides and the table enters its winner as ``cut_winner``. Without it a
    ValueError asks for the cut.
    """
    for label, value in (("last_scorer", last_scorer), ("cut_winner", cut_winner)):
        if value is not None and value not in PAIR_NAMES:
            raise ValueError(f"{label} must be 'NS' or 'EW', not {value!r}")
    if ns_points != ew_points:
        winner = "NS" if ns_points > ew_points else "EW"
        high, low = max(ns_points, ew_points), min(ns_points, ew_points)
        return winner, f"{PAIR_NAMES[winner]} scored more ({high} to {low})."
    if last_scorer is not None:
        return last_scorer, (f"Tied at {ns_points}; {PAIR_NAMES[last_scorer]} scored the last points at "
                             f"the table.")
    if cut_winner is not None:
        return cut_winner, (f"Tied at {ns_points} with no last points to go by; {PAIR_NAMES[cut_winner]} "
                            f"won the cut for high card.")
    raise ValueError(f"tied at {ns_points} to {ew_points} and nobody's points came last: the table settles "
                     f"it by a cut for high card; enter the pair that won the cut")


SIT_OUT_MODES = ("average", "fixed")


def sit_out_points(mode: str, fixed: int, game_points: Sequence[int]) -> int:
    """Points a player scores for a game they sit out.

    Product ruling ([002] does not mention sit-outs): ``"average"`` gives the average of every playing
    player's tally that game (``game_points`` lists each playing player's points), rounded half up
    (toward the higher number, so 6.5 gives 7 and -2.5 gives -2); ``"fixed"`` gives ``fixed`` whatever
    was scored.
    """
    if mode == "fixed":
        if isinstance(fixed, bool) or not isinstance(fixed, int):
            raise ValueError(f"fixed sit-out points must be a whole number, not {fixed!r}")
        return fixed
    if mode == "average":
        if not game_points:
            raise ValueError("average sit-out points need the points of the players who played that game")
        mean = Fraction(sum(game_points), len(game_points))
        return math.floor(mean + Fraction(1, 2))
    raise ValueError(f"unknown sit-out points mode {mode!r}: use 'average' or 'fixed'")


# --------------------------------------------------------------------------------------------------
# Planning a game
# --------------------------------------------------------------------------------------------------

def plan_game(movement: str, game: int, roster: Sequence[P], *, previous: GamePlan | None = None,
              results: Sequence[TableResult] = (), sat_out_counts: Mapping[P, int] | None = None,
              total_games: int, seed: str, names: Mapping[P, str] | None = None,
              wishes: Wishes | None = None) -> GamePlan:
    """The seating of game ``game`` for ``roster`` (everyone who may play it, in check-in order).

    ``previous`` is the plan of game ``game - 1`` (None for the first game played), ``results`` one
    TableResult per table of that game (ties already settled, :func:`settle_tie`), ``sat_out_counts``
    the sit-outs so far per player, ``seed`` makes every random choice reproducible and ``names``
    (optional) gives the names used in the notes.

    Sit-outs (product ruling, ``sitouts``): ``len(roster) % 4`` players sit out each game; the winners
    movement picks them with :func:`choose_sit_outs`, the chart movement takes them from the chart,
    whose places are handed out by the same fairness order.

    ``wishes`` (seating wishes, ``wishes``): both movements seat as usual, then the seating is repaired
    to meet them with :func:`referee.tournament.wishes.honour_wishes` (sit-outs unchanged); the chart
    movement may renumber its tables first, the winners movement exchanges players only, so its ladder
    of tables stands. The notes say who was moved and which wish could not be met.
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
        plan = _plan_chart(game, roster, previous, counts, total_games, seed, name)
    elif previous is None:
        plan = _first_draw(game, roster, counts, seed, name)
    else:
        plan = _plan_winners(game, roster, previous, results, counts, seed, name)
    return _with_wishes(plan, previous, wishes, renumber_tables=movement == "chart" or previous is None,
                        name=name)


def _with_wishes(plan: GamePlan, previous: GamePlan | None, wishes: Wishes | None, *, renumber_tables: bool,
                 name) -> GamePlan:
    """``plan`` repaired to meet the seating wishes (product ruling, ``wishes``). A player whose
    table changed in the repair has sat at it since this game; one who kept their table keeps the
    movement's reckoning."""
    if not wishes:
        return plan
    fixed = honour_wishes(plan.seating, wishes, last_partners=previous.partners() if previous else {},
                          renumber_tables=renumber_tables, name=name)
    if fixed.seating == plan.seating:
        return plan
    since = {}
    for p, seat in fixed.seating.items():
        before = previous.seating.get(p) if previous is not None else None
        kept = plan.seating[p].table == seat.table
        since[p] = plan.since[p] if kept else (
            previous.since[p] if before is not None and before.table == seat.table else plan.game)
    return GamePlan(plan.game, fixed.seating, plan.sit_outs, since, plan.chart, plan.notes + tuple(fixed.notes))


def _namer(names: Mapping[P, str] | None):
    names = names or {}
    return lambda p: str(names.get(p, p))


def _list_names(players: Sequence[P], name) -> str:
    words = [name(p) for p in players]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _changes(roster: Sequence[P], previous: GamePlan | None) -> tuple[list[P], list[P]]:
    """Late arrivals (on the roster, not at the previous game) and leavers (the reverse), in order."""
    if previous is None:
        return [], []
    before = list(previous.seating) + list(previous.sit_outs)
    known, now = set(before), set(roster)
    return [p for p in roster if p not in known], [p for p in before if p not in now]


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


# --------------------------------------------------------------------------------------------------
# The chart movement
# --------------------------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def chart_for(players: int, games: int) -> Chart:
    """``rotation_chart(players, games)``, built once per process (it is deterministic)."""
    return rotation_chart(players, games)


def _plan_chart(game: int, roster: tuple[P, ...], previous: GamePlan | None, counts: Mapping[P, int],
                total_games: int, seed: str, name) -> GamePlan:
    """A game of the chart movement (a product design; [002] describes only the winners movement).

    The chart of the previous game is kept while the roster is unchanged. When it changes, a new chart
    for the new roster covers the remaining games (``total_games - game + 1``) and its places are handed
    out by :func:`assign_chart_places`. Chart table ``i`` ``((n, s), (e, w))`` becomes table ``i + 1``
    with seats N, S, E, W.
    """
    state = previous.chart if previous is not None else None
    notes: list[str] = []
    if state is None or set(state.roster) != set(roster) or not state.covers(game):
        arrivals, leavers = _changes(roster, previous)
        remaining = total_games - game + 1
        chart = chart_for(len(roster), remaining)
        order = assign_chart_places(chart, roster, previous, counts, seed=f"{seed}/chart/{game}")
        state = ChartState(tuple(order), game, remaining)
        why = []
        if arrivals:
            why.append(f"{_list_names(arrivals, name)} arrived")
        if leavers:
            why.append(f"{_list_names(leavers, name)} left")
        span = f"game {game}" if remaining == 1 else f"games {game} to {game + remaining - 1}"
        opening = f"The roster changed ({'; '.join(why)}), so a" if why else "A"
        notes.append(f"{opening} new rotation chart for {len(roster)} players covers {span}.")
    chart = chart_for(len(state.roster), state.games)
    r = state.round_of(game)
    seating: dict[P, Seat] = {}
    for i, ((n, s), (e, w)) in enumerate(chart.games[r]):
        for place, seat in ((n, "N"), (s, "S"), (e, "E"), (w, "W")):
            seating[state.roster[place]] = Seat(i + 1, seat)
    out = tuple(state.roster[i] for i in chart.sit_outs[r])
    since = {}
    for p, seat in seating.items():
        before = previous.seating.get(p) if previous is not None else None
        since[p] = previous.since[p] if before is not None and before.table == seat.table else game
    if out:
        notes.append(f"Sitting out: {_list_names(out, name)}.")
    return GamePlan(game, seating, out, since, state, tuple(notes))


def _sit_out_rounds(chart: Chart) -> dict[int, list[int]]:
    rounds: dict[int, list[int]] = {i: [] for i in range(chart.players)}
    for r, outs in enumerate(chart.sit_outs):
        for i in outs:
            rounds[i].append(r)
    return rounds


def _last_sat_out(previous: GamePlan | None) -> dict[P, int]:
    """The last game each player sat out, as far as the previous plan and its chart tell."""
    last: dict[P, int] = {}
    if previous is None:
        return last
    state = previous.chart
    if state is not None:
        chart = chart_for(len(state.roster), state.games)
        for r in range(min(state.round_of(previous.game) + 1, state.games)):
            for i in chart.sit_outs[r]:
                last[state.roster[i]] = state.first_game + r
    for p in previous.sit_outs:
        last[p] = previous.game
    return last


def assign_chart_places(chart: Chart, roster: Sequence[P], previous: GamePlan | None,
                        counts: Mapping[P, int], *, seed: str) -> list[P]:
    """Who takes which place of a new chart: ``result[i]`` is the player at place ``i``.

    Product ruling, so that sit-outs stay fair across a change of chart:

    1. Places are ordered by how much they sit out in the new chart (most sit-outs first, then the
       earliest first sit-out), which for a rotation chart is its sit-out turn order 0, 1, 2, ...;
       players by how much they are owed a sit-out (fewest sit-outs so far, then sat out least
       recently, then a seeded draw). The k-th player takes the k-th place. Because a chart's places
       sit out in turn, at every game of the new chart (even when another roster change cuts it short)
       a player owed more has sat out in it at least as often as one owed less, and never more than
       once more: sit-outs that differed by at most one still do.
    2. Nobody sits out twice in a row when avoidable: a player who sat out the game before, or arrives
       now (who counts as having sat out, so plays at once), does not take a place that sits out the
       chart's first game. Such a player trades places with another player whose place plays the
       first game, a place with the same number of sit-outs if there is one (fairness unchanged).
    """
    rounds = _sit_out_rounds(chart)
    places = sorted(range(chart.players), key=lambda i: (-len(rounds[i]), rounds[i], i))
    last = _last_sat_out(previous)
    arrivals, _ = _changes(roster, previous)
    fresh = set(arrivals) | set(previous.sit_outs if previous else ())
    rng = random.Random(seed)
    draw = {p: rng.random() for p in sorted(roster, key=str)}
    players = sorted(roster, key=lambda p: (counts.get(p, 0), last.get(p, -1), draw[p]))
    at = dict(zip(places, players))  # place -> player
    first_out = set(chart.sit_outs[0]) if chart.sit_outs else set()
    for place in sorted(first_out):
        p = at[place]
        if p not in fresh:
            continue
        swaps = [q for q in places if q not in first_out and at[q] not in fresh]
        if not swaps:
            continue
        rank = {q: k for k, q in enumerate(places)}
        best = min(swaps, key=lambda q: (abs(len(rounds[q]) - len(rounds[place])), abs(rank[q] - rank[place])))
        at[place], at[best] = at[best], at[place]
    return [at[i] for i in range(chart.players)]
